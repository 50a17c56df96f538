"""Casual Swiss: invariants and optimality against independent exact checkers.

* small fields: every pairing is enumerated and the lexicographic key of swiss-casual.md §4
  (rematches, bye rule, floats, Σ difference², style) is minimised by brute force; the pairer
  must reach the same minimum;
* larger fields: networkx on the complete graph gives the fewest rematches (max-cardinality
  matching rewarding non-rematches) and, up to 60 players, the optimum of rules 2, 4, 5, 6 for
  the pairer's bye; the bye rule is checked by forcing the bye among "better" candidates.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings

from fairpair.core import Bye, ByeKind, Game, GameResult, Pairing, PlayerId, Round, Tournament
from fairpair.pairing.casual import (
    CasualOptions,
    GroupStyle,
    NoValidPairing,
    TieOrder,
    _build_event,
    _Event,
    _Field,
    _pair_field,
    _solve_window,
    pair_casual,
    standings_order,
)
from fairpair.pairing.enumeration import pairings
from tests.strategies import build_casual_event, casual_events, casual_options_kwargs

Key = tuple[int, tuple[int, int], int, int, int]


def _options(kwargs: dict[str, object]) -> CasualOptions:
    return CasualOptions(
        seed=kwargs["seed"],  # type: ignore[arg-type]
        style=GroupStyle(kwargs["style"]),
        tie_order=TieOrder(kwargs["tie_order"]),
        separate_by_club=bool(kwargs["separate_by_club"]),
    )


def _pab_counts(t: Tournament) -> dict[PlayerId, int]:
    counts: dict[PlayerId, int] = {}
    for rnd in t.rounds:
        for bye in rnd.byes:
            if bye.kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FORFEIT_WIN):
                counts[bye.player] = counts.get(bye.player, 0) + 1
    return counts


def _met(t: Tournament) -> set[frozenset[PlayerId]]:
    return {
        frozenset((g.white, g.black))
        for rnd in t.rounds
        for g in rnd.games
        if g.result is None or g.result.played
    }


class _Judge:
    """Scores any pairing of the next round with the key of §4 (independent of the pairer's
    search; only the style formula and the ideal pairing are taken from the module)."""

    def __init__(self, t: Tournament, options: CasualOptions) -> None:
        self.t = t
        self.options = options
        self.event: _Event = _build_event(t, options)
        self.standings = standings_order(t, options, random.Random(0))
        self.position = {pid: i for i, pid in enumerate(self.standings)}
        present = set(t.players_to_pair())
        self.order = [pid for pid in self.standings if pid in present]
        self.met = _met(t)
        self.pabs = _pab_counts(t)
        self.fields: dict[PlayerId | None, _Field] = {}

    def allowed(self, a: PlayerId, b: PlayerId) -> bool:
        return self.event.allowed(a, b)

    def bye_key(self, bye: PlayerId | None) -> tuple[int, int]:
        if bye is None:
            return (0, 0)
        return (self.pabs.get(bye, 0), -self.position[bye])

    def key(self, pairs: list[tuple[PlayerId, PlayerId]], bye: PlayerId | None) -> Key | None:
        if any(not self.allowed(a, b) for a, b in pairs):
            return None
        if bye not in self.fields:
            self.fields[bye] = _Field(
                self.event, [p for p in self.order if p != bye], self.options.style
            )
        fld = self.fields[bye]
        index = {pid: i for i, pid in enumerate(fld.ids)}
        rematches = floats = squares = style = 0
        for a, b in pairs:
            p, q = sorted((index[a], index[b]))
            rematches += frozenset((a, b)) in self.met
            floats += abs(fld.group[p] - fld.group[q])
            squares += (fld.score[p] - fld.score[q]) ** 2
            style += fld.style_cost(p, q)
        return (rematches, self.bye_key(bye), floats, squares, style)


def _check_invariants(t: Tournament, pairing: Pairing) -> None:
    seen: list[PlayerId] = [p for g in pairing.boards for p in (g.white, g.black)]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    assert len(seen) == len(set(seen)), "a player twice in a round"
    assert sorted(seen) == sorted(t.players_to_pair()), "somebody unpaired or paired twice"
    pairing.to_round(t)  # at most one pairing bye, nobody twice (Round validates)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(casual_events(max_players=11, max_rounds=6), casual_options_kwargs)
def test_small_fields_reach_the_exhaustive_optimum(
    t: Tournament, kwargs: dict[str, object]
) -> None:
    _compare_with_enumeration(t, _options(kwargs))


@pytest.mark.parametrize("seed", range(120))
def test_seeded_small_fields_reach_the_exhaustive_optimum(seed: int) -> None:
    rng = random.Random(seed)
    t = build_casual_event(
        seed,
        rng.randint(6, 12),
        rng.randint(1, 7),
        draw_rate=rng.choice([0.0, 0.1, 0.5]),
        drop_rate=rng.choice([0.0, 0.1]),
        clubs=rng.choice([0, 3]),
        random_pairings=rng.random() < 0.3,
    )
    options = CasualOptions(
        seed=seed,
        style=rng.choice(list(GroupStyle)),
        tie_order=rng.choice(list(TieOrder)),
        separate_by_club=rng.random() < 0.3,
    )
    _compare_with_enumeration(t, options)


def _compare_with_enumeration(t: Tournament, options: CasualOptions) -> None:
    judge = _Judge(t, options)
    best: Key | None = None
    for candidate in pairings(judge.order):
        key = judge.key(list(candidate.pairs), candidate.bye)
        if key is not None and (best is None or key < best):
            best = key
    try:
        pairing = pair_casual(t, options, random.Random(0))
    except NoValidPairing:
        assert best is None
        return
    assert best is not None
    _check_invariants(t, pairing)
    mine = judge.key([(g.white, g.black) for g in pairing.boards], pairing.bye)
    assert mine == best


def _fewest_rematches(judge: _Judge, bye_among: list[PlayerId] | None = None) -> int | None:
    """Fewest rematches of any complete pairing (networkx on the complete allowed graph)."""
    graph = nx.Graph()
    order = judge.order
    graph.add_nodes_from(order)
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            if judge.allowed(a, b):
                graph.add_edge(a, b, weight=1 if frozenset((a, b)) in judge.met else 2)
    if bye_among is not None:
        for c in bye_among:
            graph.add_edge("bye", c, weight=2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    size = len(graph) // 2
    if len(matching) < size:
        return None
    return 2 * len(matching) - sum(int(graph[a][b]["weight"]) for a, b in matching)


def _check_rematches_and_bye(judge: _Judge, pairing: Pairing) -> None:
    """Fewest rematches, and no better bye (rule 3) at the same number of rematches.

    Zero rematches needs no checker; otherwise networkx decides on the complete graph.
    """
    mine = sum(frozenset((g.white, g.black)) in judge.met for g in pairing.boards)
    if mine:
        assert mine == _fewest_rematches(judge)
    if pairing.bye is not None:
        better = [p for p in judge.order if judge.bye_key(p) < judge.bye_key(pairing.bye)]
        if better:
            forced = _fewest_rematches(judge, better)
            assert forced is None or forced > mine, "a better bye was possible"


def _optimum_for_bye(judge: _Judge, bye: PlayerId | None) -> tuple[int, int, int, int]:
    """Least (rematches, floats, Σ difference², style) with this bye: complete graph, exact."""
    order = [p for p in judge.order if p != bye]
    keys = {}
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            key = judge.key([(a, b)], bye)
            if key is not None:
                keys[(a, b)] = (key[0], key[2], key[3], key[4])
    pairs = len(order) // 2
    if not keys:
        return (0, 0, 0, 0)
    radix = [pairs * max(k[f] for k in keys.values()) + 1 for f in range(4)]
    total = 1
    for r in radix:
        total *= r
    graph = nx.Graph()
    for (a, b), k in keys.items():
        packed = ((k[0] * radix[1] + k[1]) * radix[2] + k[2]) * radix[3] + k[3]
        graph.add_edge(a, b, weight=2 * total - packed)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    best = [0, 0, 0, 0]
    for a, b in matching:
        k = keys[(a, b)] if (a, b) in keys else keys[(b, a)]
        best = [x + y for x, y in zip(best, k, strict=True)]
    return (best[0], best[1], best[2], best[3])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    casual_events(min_players=12, max_players=60, max_rounds=8),
    casual_options_kwargs,
)
def test_medium_fields_match_a_complete_graph_solve(
    t: Tournament, kwargs: dict[str, object]
) -> None:
    options = _options(kwargs)
    judge = _Judge(t, options)
    try:
        pairing = pair_casual(t, options, random.Random(0))
    except NoValidPairing:
        assert _fewest_rematches(judge) is None
        return
    _check_invariants(t, pairing)
    _check_rematches_and_bye(judge, pairing)
    mine = judge.key([(g.white, g.black) for g in pairing.boards], pairing.bye)
    assert mine is not None
    assert (mine[0], mine[2], mine[3], mine[4]) == _optimum_for_bye(judge, pairing.bye)


@pytest.mark.parametrize("seed", range(6))
def test_a_few_hundred_players_no_avoidable_rematch(seed: int) -> None:
    rng = random.Random(seed)
    t = build_casual_event(
        seed, rng.randint(100, 300), rng.randint(3, 9), random_pairings=seed % 2 == 1
    )
    options = CasualOptions(
        seed=seed, style=GroupStyle.FOLD if seed % 3 == 0 else GroupStyle.ADJACENT
    )
    judge = _Judge(t, options)
    pairing = pair_casual(t, options, random.Random(0))
    _check_invariants(t, pairing)
    _check_rematches_and_bye(judge, pairing)


@pytest.mark.slow
def test_two_thousand_players_fifteen_rounds() -> None:
    rng = random.Random(2026)
    t = build_casual_event(7, 2000, 0, late_rate=0.0)
    options = CasualOptions(seed=7)
    results = [GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW]
    for number in range(1, 16):
        pairing = pair_casual(t, options, random.Random(number))
        _check_invariants(t, pairing)
        judge = _Judge(t, options)
        mine = sum(frozenset((g.white, g.black)) in judge.met for g in pairing.boards)
        if mine:
            _check_rematches_and_bye(judge, pairing)
        elif pairing.bye is not None:
            fewest = min(judge.pabs.get(p, 0) for p in judge.order)
            assert judge.pabs.get(pairing.bye, 0) == fewest  # no second bye while eligible
        games = tuple(
            Game(g.white, g.black, rng.choices(results, (45, 45, 10))[0], coloured=False)
            for g in pairing.boards
        )
        byes = (Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED),) if pairing.bye else ()
        drops = tuple((p, number + 1) for p in t.players_to_pair() if rng.random() < 0.02)
        t = t.with_round(Round(number, games, byes)).replace(withdrawals=t.withdrawals + drops)


@pytest.mark.parametrize("seed", range(60))
def test_the_float_bounds_used_in_the_proof_are_lower_bounds(seed: int) -> None:
    """Every rematch-free pairing has (floats, Σ difference²) ≥ the bounds, lexicographically."""
    rng = random.Random(seed)
    t = build_casual_event(seed, rng.randint(4, 11), rng.randint(2, 7), draw_rate=0.2)
    options = CasualOptions(seed=seed)
    judge = _Judge(t, options)
    order = judge.order
    bye = order[-1] if len(order) % 2 else None
    field = _Field(judge.event, [p for p in order if p != bye], options.style)
    index = {pid: i for i, pid in enumerate(field.ids)}
    bounds = [field.lower_bounds(), field.lower_bounds(small_side=rng.choice([2, 4, 100]))]
    for candidate in pairings(field.ids):
        if any(
            not judge.allowed(a, b) or frozenset((a, b)) in judge.met for a, b in candidate.pairs
        ):
            continue
        floats = squares = 0
        for a, b in candidate.pairs:
            _, f, d, _ = field.cost(index[a], index[b])
            floats += f
            squares += d
        for bound in bounds:
            assert (floats, squares) >= bound


@pytest.mark.parametrize("seed", range(200))
def test_the_fast_path_is_the_complete_graph_optimum(seed: int) -> None:
    """Without conflicts the ideal pairing is returned at once; it must be THE optimum."""
    rng = random.Random(seed)
    n = rng.randint(1, 40) * 2
    points = {pid: 10 * rng.randint(0, 4) for pid in range(1, n + 1)}
    event = _Event(
        round=1, points=points, met={}, forbidden={}, club=dict.fromkeys(points, ""), byes={}
    )
    ids = sorted(points, key=lambda pid: (-points[pid], rng.random()))
    field = _Field(event, ids, rng.choice(list(GroupStyle)))
    fast, rematches, proven = _pair_field(field)
    assert not rematches and proven
    exact, complete = _solve_window(field, len(field))
    assert complete and exact == fast
