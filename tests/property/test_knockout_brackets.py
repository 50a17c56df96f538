"""Brackets of every size from 2 to 128 seeds, single and double elimination, with and
without a third-place match or a grand-final reset: how they are drawn, and what happens
when they are played to the end with random winners.

The expectations are the rules of a knockout in an organiser's words (issue #17): everyone
is in round 1 or has a bye, byes go to the top seeds, seeds 1 and 2 can only meet in the
final, N-1 matches decide a single elimination and 2N-2 (2N-1 with the reset played) a
double one, no one is out before losing once (single) or twice (double). They are checked
against the players' own records (who lost which match, in the order played), not against
the code that draws the bracket.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core.knockout import (
    Bracket,
    BracketKind,
    BracketState,
    KnockoutError,
    KnockoutRules,
    KnockoutStage,
    LoserOf,
    MatchFormat,
    MatchGames,
    MatchStatus,
    Section,
    Seed,
    Source,
    WinnerOf,
    bracket_state,
    draw_bracket,
    placings,
)
from fairpair.core.player import PlayerId
from fairpair.core.results import Game, GameResult


@dataclass(frozen=True, slots=True)
class Variant:
    kind: BracketKind
    third_place: bool = False
    reset: bool = True

    def __str__(self) -> str:
        extra = " third" if self.third_place else ""
        extra += " no-reset" if self.kind is BracketKind.DOUBLE and not self.reset else ""
        return f"{self.kind.value}{extra}"


VARIANTS = (
    Variant(BracketKind.SINGLE),
    Variant(BracketKind.SINGLE, third_place=True),
    Variant(BracketKind.DOUBLE, reset=True),
    Variant(BracketKind.DOUBLE, reset=False),
)
SIZES = range(2, 129)


def player_of(seed: int) -> PlayerId:
    """Player ids unlike seed numbers, so that a seed mistaken for a player shows."""
    return 1000 + 7 * seed


def bracket_of(n: int, v: Variant) -> Bracket:
    return draw_bracket(n, v.kind, v.third_place, v.reset)


def play_out(
    n: int, v: Variant, rng: random.Random, favourites: tuple[int, ...] = ()
) -> BracketState:
    """Play the bracket to its end, one game a match, each match won by a random player
    (by the first of the favourite seeds who plays in it, if one does). Every match
    that can be played is played before the state is looked at again, as at a venue."""
    rules = KnockoutRules(
        kind=v.kind, match=MatchFormat.parse("1"), third_place=v.third_place, reset=v.reset
    )
    seeds = tuple(player_of(s) for s in range(1, n + 1))
    stage = KnockoutStage(rules, seeds)
    favoured = [player_of(s) for s in favourites]
    results: list[MatchGames] = []
    for _ in range(4 * n + 10):
        state = bracket_state(stage)
        current = state.current()
        if not current:
            return state
        for ms in current:
            assert ms.top is not None and ms.bottom is not None
            pair = [ms.top, ms.bottom]
            winner = next((p for p in favoured if p in pair), None) or rng.choice(pair)
            loser = pair[1] if winner == pair[0] else pair[0]
            game = Game(winner, loser, GameResult.WHITE_WINS, coloured=False)
            results.append(MatchGames(ms.match.number, (game,)))
        results.sort(key=lambda r: r.match)
        stage = KnockoutStage(rules, seeds, tuple(results))
    raise AssertionError("the bracket never ended")


# --- the bracket as drawn ---------------------------------------------------------------


@pytest.mark.parametrize("v", VARIANTS, ids=str)
def test_every_seed_once_in_round_one_or_a_bye_for_the_top_seeds(v: Variant) -> None:
    for n in SIZES:
        bracket = bracket_of(n, v)
        size = bracket.size
        assert size // 2 < n <= size
        placed = [s for pair in bracket.first_round for s in pair if s is not None]
        assert sorted(placed) == list(range(1, n + 1)), n
        with_bye = {top for top, bottom in bracket.first_round if bottom is None}
        assert with_bye == set(range(1, size - n + 1)), n
        # A bye is a place in the draw, not a match: round 1 has the other pairs, each
        # seed s against seed size + 1 - s, and each seed with a bye starts in round 2.
        first = [m for m in bracket.section(Section.WINNERS) if m.round == 1]
        assert len(first) == n - size // 2
        for m in first:
            assert isinstance(m.top, Seed) and isinstance(m.bottom, Seed)
            assert m.top.seed + m.bottom.seed == size + 1
        seeded = Counter(
            s.seed for m in bracket.matches for s in (m.top, m.bottom) if isinstance(s, Seed)
        )
        for seed in range(1, n + 1):
            assert seeded[seed] == 1, (n, seed)
            (m,) = [m for m in bracket.matches if Seed(seed) in (m.top, m.bottom)]
            assert m.section is Section.WINNERS
            assert m.round == (2 if seed in with_bye else 1), (n, seed)


@pytest.mark.parametrize("v", VARIANTS, ids=str)
def test_match_count(v: Variant) -> None:
    for n in SIZES:
        bracket = bracket_of(n, v)
        numbers = [m.number for m in bracket.matches]
        assert numbers == list(range(1, len(numbers) + 1))
        if v.kind is BracketKind.SINGLE:
            # A third-place match needs two losing semi-finalists: not with three players.
            third = 1 if v.third_place and n >= 4 else 0
            assert len(bracket.matches) == n - 1 + third, n
            assert len(bracket.section(Section.THIRD)) == third
        else:
            assert bracket.counted_matches() == 2 * n - 2, n
            assert len(bracket.matches) == 2 * n - 2 + (1 if v.reset else 0), n


@pytest.mark.parametrize("v", VARIANTS, ids=str)
def test_players_come_from_earlier_matches_each_result_used_once(v: Variant) -> None:
    for n in SIZES:
        bracket = bracket_of(n, v)
        used: Counter[Source] = Counter()
        for m in bracket.matches:
            for source in (m.top, m.bottom):
                if isinstance(source, WinnerOf | LoserOf):
                    assert source.match < m.number, (n, m)
            if m.section is Section.RESET:
                final = bracket.section(Section.FINAL)[0]
                # The reset is the grand final played again by the same two players.
                assert (m.top, m.bottom) == (final.top, final.bottom)
                continue
            used.update((m.top, m.bottom))
        assert max(used.values()) == 1, n  # no player is sent to two places
        for m in bracket.matches:
            winner_goes_on = WinnerOf(m.number) in used
            loser_goes_on = LoserOf(m.number) in used
            if v.kind is BracketKind.SINGLE:
                final = bracket.section(Section.WINNERS)[-1]
                last = m.section is Section.THIRD or m.number == final.number
                assert winner_goes_on is not last, (n, m)
                semi = m.round == bracket.winners_rounds - 1 and m.section is Section.WINNERS
                assert loser_goes_on is (semi and bool(bracket.section(Section.THIRD)))
            else:
                # Every winners' match sends its loser to the losers' bracket (the last
                # one to the grand final when two players make the whole bracket); every
                # other match knocks its loser out.
                assert loser_goes_on is (m.section is Section.WINNERS), (n, m)
                assert winner_goes_on is (m.section not in (Section.FINAL, Section.RESET))


# --- played to the end ------------------------------------------------------------------


def check_played_out(n: int, v: Variant, state: BracketState) -> None:
    bracket = state.bracket
    assert state.finished and state.champion is not None
    players = {player_of(s) for s in range(1, n + 1)}
    decided = [ms for ms in state.matches if ms.status is MatchStatus.DECIDED]
    reset_played = any(ms.match.section is Section.RESET for ms in decided)
    for ms in state.matches:
        # Each match's players are the results it comes from, which are decided earlier.
        for player, source in ((ms.top, ms.match.top), (ms.bottom, ms.match.bottom)):
            if isinstance(source, Seed):
                assert player == player_of(source.seed)
            else:
                earlier = state.match(source.match)
                assert earlier.status is MatchStatus.DECIDED
                expected = earlier.winner if isinstance(source, WinnerOf) else earlier.loser
                assert player == expected
        if ms.status is MatchStatus.NOT_NEEDED:
            assert ms.match.section is Section.RESET
    # The number of matches played.
    if v.kind is BracketKind.SINGLE:
        assert len(decided) == n - 1 + (1 if v.third_place and n >= 4 else 0)
    else:
        assert len(decided) == 2 * n - 2 + (1 if reset_played else 0)
        final = state.match(bracket.section(Section.FINAL)[0].number)
        # The reset is played exactly when the losers' bracket winner won the grand final.
        assert reset_played is (v.reset and final.winner == final.bottom)
    # Each player's record, in the order played (a match's number is its order of play).
    record: dict[PlayerId, list[tuple[Section, bool]]] = {p: [] for p in players}
    for ms in decided:
        for p in ms.players:
            record[p].append((ms.match.section, ms.winner == p))
    champion = state.champion
    for p, matches in record.items():
        losses = [i for i, (_, won) in enumerate(matches) if not won]
        if v.kind is BracketKind.SINGLE:
            # Out at the first loss: nothing after it but the third-place match.
            if p == champion:
                assert not losses
                continue
            assert losses, "a player was knocked out without losing"
            after = matches[losses[0] + 1 :]
            assert all(section is Section.THIRD for section, _ in after), matches
            continue
        if p == champion:
            assert len(losses) <= 1
            continue
        if len(losses) == 1:
            # Without a reset, the grand final is one match: when the losers' bracket winner
            # wins it, the winners' bracket winner is out after a single loss, the price of a
            # shorter final. With the reset on, that player plays the reset first.
            assert not v.reset, f"{p} out after one loss: {matches}"
            assert matches[-1] == (Section.FINAL, False)
            assert all(won for _, won in matches[:-1]), "only the unbeaten finalist"
            continue
        assert len(losses) == 2, f"{p}: {matches}"
        assert losses[1] == len(matches) - 1, "a player played on after a second loss"
    # Placings: everyone exactly once, places 1..N covered once counting shared ranges.
    places = placings(state)
    assert sorted(p.player for p in places) == sorted(players)
    by_range = Counter((p.first, p.last) for p in places)
    covered = []
    for (first, last), count in sorted(by_range.items()):
        assert count == last - first + 1, (first, last, count)
        covered.extend(range(first, last + 1))
    assert covered == list(range(1, n + 1))
    first_place = [p.player for p in places if p.first == 1]
    assert first_place == [champion]


def check_top_two_meet_only_in_the_final(v: Variant, state: BracketState) -> None:
    """Seeds 1 and 2 are in opposite halves of the draw, so in the winners' bracket they meet
    in its final or not at all. Upsets can also bring them together once both have lost: in
    the third-place match (both beaten in the semi-finals), or in a double elimination's
    losers' bracket; and a double elimination's grand final (and reset) can be a rematch."""
    one, two = player_of(1), player_of(2)
    bracket = state.bracket
    final_of_winners = bracket.section(Section.WINNERS)[-1].number
    lost: set[PlayerId] = set()
    for ms in state.matches:
        if {one, two} == set(ms.players) and ms.status is MatchStatus.DECIDED:
            if ms.match.section is Section.WINNERS:
                assert ms.match.number == final_of_winners
            elif ms.match.section in (Section.LOSERS, Section.THIRD):
                assert {one, two} <= lost
            else:
                assert ms.match.section in (Section.FINAL, Section.RESET)
        if ms.loser is not None:
            lost.add(ms.loser)


@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=128),
    v=st.sampled_from(VARIANTS),
    rng=st.randoms(use_true_random=False),
)
def test_random_brackets_played_to_the_end(n: int, v: Variant, rng: random.Random) -> None:
    state = play_out(n, v, rng)
    check_played_out(n, v, state)
    check_top_two_meet_only_in_the_final(v, state)


@pytest.mark.parametrize("v", VARIANTS, ids=str)
def test_every_size_played_to_the_end(v: Variant) -> None:
    """Every size at least once (the random test above draws sizes at random)."""
    for n in SIZES:
        state = play_out(n, v, random.Random(n))
        check_played_out(n, v, state)
        check_top_two_meet_only_in_the_final(v, state)


@pytest.mark.parametrize("v", VARIANTS[::2], ids=str)
def test_top_two_seeds_winning_everything_meet_in_the_final(v: Variant) -> None:
    for n in SIZES:
        state = play_out(n, v, random.Random(n), favourites=(1, 2))
        meetings = [
            ms.match.section
            for ms in state.matches
            if set(ms.players) == {player_of(1), player_of(2)} and ms.winner is not None
        ]
        finals = state.bracket.section(Section.WINNERS)[-1]
        first_meeting = next(
            ms for ms in state.matches if set(ms.players) == {player_of(1), player_of(2)}
        )
        assert first_meeting.match.number == finals.number, n
        if v.kind is BracketKind.SINGLE:
            assert meetings == [Section.WINNERS]
        else:
            # The winners' final, then the grand final (the winners' final's loser comes
            # back through the losers' final); seed 1 wins both, so no reset.
            assert meetings == [Section.WINNERS, Section.FINAL], n
            assert state.champion == player_of(1)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=64),
    v=st.sampled_from(VARIANTS),
    rng=st.randoms(use_true_random=False),
)
def test_a_result_changed_works_out_the_same_bracket_as_a_fresh_start(
    n: int, v: Variant, rng: random.Random
) -> None:
    """with_games works out only what a changed match decides; entering, correcting and
    clearing results at random must leave the state a stage made afresh from the same
    games has, and refuse exactly what the fresh stage refuses."""
    rules = KnockoutRules(
        kind=v.kind, match=MatchFormat.parse("bo3"), third_place=v.third_place, reset=v.reset
    )
    seeds = tuple(player_of(s) for s in range(1, n + 1))
    stage = KnockoutStage(rules, seeds)
    for _ in range(3 * n):
        state = bracket_state(stage)
        known = [ms for ms in state.matches if ms.top is not None and ms.bottom is not None]
        if not known:
            break
        ms = rng.choice(known)
        assert ms.top is not None and ms.bottom is not None
        pair = [ms.top, ms.bottom]
        winner = rng.choice(pair)
        loser = pair[1] if winner == pair[0] else pair[0]
        games = [Game(winner, loser, GameResult.WHITE_WINS, coloured=False)] * rng.choice(
            [0, 1, 2, 2, 3]
        )
        results = {r.match: r.games for r in stage.results}
        results[ms.match.number] = tuple(games)
        fresh_results = tuple(MatchGames(number, g) for number, g in sorted(results.items()) if g)
        try:
            fresh: KnockoutStage | None = KnockoutStage(rules, seeds, fresh_results)
        except KnockoutError:
            fresh = None
        try:
            changed: KnockoutStage | None = stage.with_games(ms.match.number, games)
        except KnockoutError:
            changed = None
        assert (changed is None) == (fresh is None)
        if changed is None or fresh is None:
            continue
        assert changed.results == fresh.results
        assert bracket_state(changed).matches == bracket_state(fresh).matches
        stage = changed
