"""The lexicographic bracket machinery against a brute-force enumeration of the rules on small
brackets (spec double-swiss.md §5-§6, §13), and invariants of whole Double-Swiss events.

The brute force is written from the spec's words, independently of the implementation: every
perfect pairing, every subset of upfloaters, the C6 minimum of §5.4 counted over all pairings.
It shows that one exact minimum-weight matching (3.6) and the ordered search of sets (3.5) give
the lexicographically first legal choice without enumerating.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import Colour, Pairing, Player
from fairpair.core.double_swiss import (
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
)
from fairpair.pairing.double_swiss import pair_double_swiss, player_states
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.lexicographic import (
    choose_upfloaters,
    first_pairing_by_identifier,
    first_pairing_fewest_costly,
    has_perfect_matching,
    identifier,
)


def all_pairings(members: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect pairing of ``members`` (no legality)."""
    if not members:
        yield []
        return
    first, rest = members[0], members[1:]
    for i, partner in enumerate(rest):
        for tail in all_pairings(rest[:i] + rest[i + 1 :]):
            yield [(first, partner), *tail]


def legal(pairs: Sequence[tuple[int, int]], conflicts: dict[int, set[int]]) -> bool:
    return all(b not in conflicts.get(a, set()) for a, b in pairs)


@st.composite
def brackets(draw: st.DrawFn) -> tuple[list[int], dict[int, set[int]], dict[frozenset[int], int]]:
    n = draw(st.sampled_from([2, 4, 6, 8]))
    members = sorted(draw(st.sets(st.integers(1, 30), min_size=n, max_size=n)))
    conflicts: dict[int, set[int]] = {m: set() for m in members}
    costs: dict[frozenset[int], int] = {}
    for a, b in itertools.combinations(members, 2):
        if draw(st.integers(0, 3)) == 0:
            conflicts[a].add(b)
            conflicts[b].add(a)
        costs[frozenset((a, b))] = draw(st.integers(0, 2))
    return members, conflicts, costs


@settings(max_examples=300, deadline=None)
@given(brackets())
def test_the_bracket_pairing_is_the_first_identifier_among_the_best(
    bracket: tuple[list[int], dict[int, set[int]], dict[frozenset[int], int]],
) -> None:
    members, conflicts, costs = bracket

    def criteria(x: int, y: int) -> tuple[int]:
        return (costs[frozenset((x, y))],)

    candidates = [p for p in all_pairings(members) if legal(p, conflicts)]
    ours = first_pairing_by_identifier(members, conflicts, criteria)
    if not candidates:
        assert ours is None
        return
    best = min(candidates, key=lambda p: (sum(criteria(a, b)[0] for a, b in p), identifier(p)))
    assert ours is not None
    assert identifier(ours) == identifier(best)


def _c6_minimum(rest: list[int], group: set[int], conflicts: dict[int, set[int]]) -> int | None:
    """§5.4: the fewest pairs with exactly one member in the group, over every legal pairing."""
    counts = [
        sum((a in group) != (b in group) for a, b in p)
        for p in all_pairings(rest)
        if legal(p, conflicts)
    ]
    return min(counts) if counts else None


def brute_upfloaters(
    residents: list[int],
    players: list[int],
    score_of: dict[int, int],
    conflicts: dict[int, set[int]],
    following: int | None,
    floated: set[int] | None,
) -> tuple[int, ...] | None:
    """The 3.5 choice by listing every candidate set and its quality key (spec §5.2)."""

    def pairable(group: list[int]) -> bool:
        return any(legal(p, conflicts) for p in all_pairings(sorted(group)))

    low = [p for p in players if p not in residents]
    best: tuple[tuple[object, ...], tuple[int, ...]] | None = None
    for size in range(len(low) + 1):
        for chosen in itertools.combinations(low, size):
            if (len(residents) + size) % 2:
                continue
            rest = [p for p in low if p not in chosen]
            if not pairable(residents + list(chosen)) or not pairable(rest):
                continue
            c5 = tuple(-s for s in sorted(score_of[u] for u in chosen))
            c6 = 0
            if following is not None:
                group = {p for p in rest if score_of[p] == following}
                if group and _c6_minimum(rest, group, conflicts) != len(group) % 2:
                    c6 = 1
            c7 = 0 if floated is None else sum(u in floated for u in chosen)
            ordered = tuple(sorted(chosen, key=lambda u: (-score_of[u], u)))
            key = (size, c5, c6, c7, ordered)
            if best is None or key < best[0]:
                best = (key, ordered)
    return None if best is None else best[1]


@st.composite
def positions(
    draw: st.DrawFn,
) -> tuple[list[int], dict[int, int], dict[int, set[int]], set[int] | None]:
    n = draw(st.integers(2, 10))
    players = list(range(1, n + 1))
    levels = draw(st.integers(1, 4))
    score_of = {p: draw(st.integers(0, levels)) for p in players}
    conflicts: dict[int, set[int]] = {p: set() for p in players}
    for a, b in itertools.combinations(players, 2):
        if draw(st.integers(0, 2)) == 0:
            conflicts[a].add(b)
            conflicts[b].add(a)
    floated = draw(st.none() | st.sets(st.sampled_from(players)))
    return players, score_of, conflicts, floated


@settings(max_examples=300, deadline=None)
@given(positions())
def test_the_upfloaters_are_the_first_set_with_the_best_key(
    position: tuple[list[int], dict[int, int], dict[int, set[int]], set[int] | None],
) -> None:
    players, score_of, conflicts, floated = position
    top = max(score_of.values())
    residents = [p for p in players if score_of[p] == top]
    lower = sorted({s for s in score_of.values() if s < top}, reverse=True)
    following = lower[0] if lower else None
    ours = choose_upfloaters(
        residents,
        players,
        score_of,
        lambda members: has_perfect_matching(members, conflicts),
        following,
        None if floated is None else floated.__contains__,
    )
    expected = brute_upfloaters(residents, players, score_of, conflicts, following, floated)
    assert (None if ours is None else tuple(sorted(ours, key=lambda u: (-score_of[u], u)))) == (
        expected
    )


_GAMES = [(Mark.WIN, Mark.LOSS), (Mark.DRAW, Mark.DRAW), (Mark.LOSS, Mark.WIN)]


def _simulate(players: int, rounds: int, seed: int) -> list[tuple[DoubleSwissTournament, Pairing]]:
    """A random event paired round by round by C.04.5: (snapshot, its pairing) per round."""
    rng = random.Random(seed)
    t = DoubleSwissTournament(
        tuple(Player(i, f"P{i}") for i in range(1, players + 1)),
        total_rounds=rounds,
        initial_colour=rng.choice(list(Colour)),
    )
    out: list[tuple[DoubleSwissTournament, Pairing]] = []
    for _ in range(rounds):
        try:
            pairing = pair_double_swiss(t)
        except NoValidPairing:
            break
        out.append((t, pairing))
        matches: list[Match] = []
        for game in pairing.boards:
            roll = rng.random()
            if roll < 0.05:
                games = ((Mark.FORFEIT_LOSS, Mark.FORFEIT_WIN),) * 2
            else:
                games = (rng.choice(_GAMES), rng.choice(_GAMES))
            matches.append(Match(game.white, game.black, (games[0], games[1])))
        byes = (
            (MatchBye(pairing.bye, MatchByeKind.PAIRING_ALLOCATED),)
            if pairing.bye is not None
            else ()
        )
        t = DoubleSwissTournament(
            t.players,
            (*t.rounds, DoubleRound(t.next_round, tuple(matches), byes)),
            total_rounds=rounds,
            initial_colour=t.initial_colour,
        )
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 16), st.integers(2, 7), st.integers(0, 2**32))
def test_whole_events_no_rematch_one_pab_and_colours_by_whites(
    players: int, rounds: int, seed: int
) -> None:
    pabs: set[int] = set()
    for t, pairing in _simulate(players, rounds, seed):
        states = player_states(t)
        seen: set[int] = set()
        for game in pairing.boards:
            assert game.white not in states[game.black].met  # C1
            assert not seen & {game.white, game.black}
            seen |= {game.white, game.black}
            w, b = states[game.white], states[game.black]
            if w.whites != b.whites and (w.colours or b.colours):
                assert w.whites < b.whites  # 4.3.2: White to the player with fewer Whites
        bye = pairing.bye
        if bye is not None:
            assert bye not in pabs and not states[bye].pab_barred  # C2
            pabs.add(bye)
            seen.add(bye)
        assert seen == set(t.to_pair())
        for rnd in t.rounds:
            for match in rnd.matches:
                assert match.games is not None
                a, b = match.players
                total = match.points(a) + match.points(b)
                assert total == 4  # two games of one point each, no odd results here


@settings(max_examples=300, deadline=None)
@given(brackets(), st.integers(0, 3))
def test_without_criteria_the_pairing_is_the_first_legal_identifier(
    bracket: tuple[list[int], dict[int, set[int]], dict[frozenset[int], int]], density: int
) -> None:
    # No pair violates a criterion: the path that pairs the top half against the bottom half
    # by augmenting paths (no weighted matching), checked against every legal pairing.
    members, conflicts, _ = bracket
    thinned = {m: {o for o in c if (m + o) % 4 <= density} for m, c in conflicts.items()}
    thinned = {m: {o for o in thinned[m] if m in thinned[o]} for m in thinned}
    candidates = [p for p in all_pairings(members) if legal(p, thinned)]
    ours = first_pairing_by_identifier(members, thinned, lambda x, y: (0,))
    if not candidates:
        assert ours is None
        return
    assert ours is not None
    assert identifier(ours) == min(identifier(p) for p in candidates)


@settings(max_examples=300, deadline=None)
@given(brackets(), st.data())
def test_the_fewest_costly_pairs_then_the_first_identifier(
    bracket: tuple[list[int], dict[int, set[int]], dict[frozenset[int], int]], data: st.DataObject
) -> None:
    # C8 as the Double-Swiss has it: a few members (upfloaters) whose pairs with some others
    # (residents who floated) cost 1. The search over the few against every legal pairing.
    members, conflicts, _ = bracket
    keys = data.draw(st.sets(st.sampled_from(members), max_size=3))
    others = [m for m in members if m not in keys]
    costly = {k: data.draw(st.sets(st.sampled_from(others))) if others else set() for k in keys}

    def cost(a: int, b: int) -> int:
        return int(b in costly.get(a, ())) + int(a in costly.get(b, ()))

    candidates = [p for p in all_pairings(members) if legal(p, conflicts)]
    ours = first_pairing_fewest_costly(members, conflicts, costly)
    weighted = first_pairing_by_identifier(members, conflicts, lambda x, y: (cost(x, y),))
    if not candidates:
        assert ours is None and weighted is None
        return
    best = min(candidates, key=lambda p: (sum(cost(a, b) for a, b in p), identifier(p)))
    assert ours is not None and weighted is not None
    assert identifier(ours) == identifier(best) == identifier(weighted)
