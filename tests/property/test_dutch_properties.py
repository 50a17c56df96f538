"""Invariants of Dutch pairings on random events generated round by round."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fairpair.core import entries
from fairpair.matching import WeightedMatcher
from fairpair.pairing.checker import replay
from fairpair.pairing.dutch import DutchRound, _Apart, _ApartFailed, pair_dutch
from fairpair.pairing.generator import GeneratorConfig, generate
from fairpair.pairing.matcher import default_matcher, sparse_matcher
from fairpair.pairing.swiss.view import SwissRound, swiss_round
from tests.property.swiss_invariants import assert_rounds_keep_the_absolute_rules
from tests.strategies import swiss_event_configs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_event_configs())
def test_generated_rounds_respect_the_absolute_criteria(case: tuple[object, int]) -> None:
    config, seed = case
    assert isinstance(config, GeneratorConfig)
    tournament = generate(config, random.Random(seed), pair_dutch)
    assert_rounds_keep_the_absolute_rules(tournament)
    had_bye: set[int] = set()
    table = entries(tournament)
    for rnd in tournament.rounds:
        bye = rnd.pairing_bye
        if bye is not None:
            assert bye not in had_bye, "C2: one pairing-allocated bye per player"
            before = table[bye][: rnd.number - 1]
            assert not any(
                e is not None and not e.played and e.points >= tournament.points.win for e in before
            ), "C2: no bye after an unplayed round worth a win"
            had_bye.add(bye)
    assert replay(tournament, pair_dutch) == [], "pairing is a pure function of the snapshot"


class _MissesCheck(DutchRound):
    """A round whose greedy completion check fails at one solve, as it may when the players
    below the bracket are hard to pair: the round must go on in the full graph, or, when
    the check was of pairs decided apart tried on a copy of the graph, drop those pairs."""

    def __init__(self, view: SwissRound, failing_solve: int) -> None:
        super().__init__(view, default_matcher)
        self.failing_solve = failing_solve
        self.copies_missed = 0
        self._on_copy = False
        self._main: object = None

    def _completes(self) -> bool:
        if self.solves == self.failing_solve:
            self.copies_missed += self._on_copy and self.matcher is not self._main
            return False
        return super()._completes()

    def _settle_apart(self, apart: _Apart, decided: list[tuple[int, int]]) -> bool:
        self._on_copy, self._main = True, self.matcher
        try:
            return super()._settle_apart(apart, decided)
        finally:
            self._on_copy = False


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_event_configs(), st.integers(1, 30))
# The check missed at the solve of pairs decided apart, tried on a copy: they are dropped.
@example(
    (
        GeneratorConfig(
            players=5,
            rounds=1,
            draw_percentage=0,
            forfeit_rate=0,
            retired_rate=0,
            half_point_bye_rate=0,
            zero_point_bye_rate=0,
            has_rating=False,
        ),
        0,
    ),
    4,
)
def test_the_reduced_graph_pairs_every_round_as_the_full_graph(
    case: tuple[object, int], failing_solve: int
) -> None:
    config, seed = case
    assert isinstance(config, GeneratorConfig)
    tournament = generate(config, random.Random(seed), pair_dutch)
    for rnd in tournament.rounds:
        view = swiss_round(tournament.before_round(rnd.number))
        full = DutchRound(view, default_matcher, reduced=False).pair()
        assert DutchRound(view, default_matcher).pair() == full
        missed = _MissesCheck(view, failing_solve)
        assert missed.pair() == full
        if failing_solve < missed.solves:
            assert missed.fallbacks == 1 or missed.copies_missed >= 1
            if missed.copies_missed:
                assert missed.apart_misses >= 1


class _CountsApart(DutchRound):
    """Counts the brackets whose steps 4-7 or step 7 ran on the remainder alone."""

    def __init__(self, view: SwissRound) -> None:
        super().__init__(view, default_matcher)
        self.apart_runs = 0

    def _settle_apart(self, apart: _Apart, decided: list[tuple[int, int]]) -> bool:
        settled = super()._settle_apart(apart, decided)
        self.apart_runs += settled
        return settled


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_event_configs())
def test_step_7_apart_pairs_every_round_as_the_round_graph(case: tuple[object, int]) -> None:
    config, seed = case
    assert isinstance(config, GeneratorConfig)
    tournament = generate(config, random.Random(seed), pair_dutch)
    for rnd in tournament.rounds:
        view = swiss_round(tournament.before_round(rnd.number))
        plain = DutchRound(view, default_matcher, apart=False).pair()
        apart = DutchRound(view, default_matcher)
        assert apart.pair() == plain
        assert apart.apart_failures == 0


def test_step_7_apart_runs_on_a_large_field_and_pairs_as_the_round_graph() -> None:
    # 400 players and 6 rounds: remainders of dozens of players with floaters, where the
    # remainder sits inside a blossom with the next scoregroup (the case the gains handle).
    config = GeneratorConfig(players=400, rounds=6, forfeit_rate=0, retired_rate=0)
    tournament = generate(config, random.Random(2026), pair_dutch)
    runs = 0
    for rnd in tournament.rounds[1:]:
        view = swiss_round(tournament.before_round(rnd.number))
        counted = _CountsApart(view)
        assert counted.pair() == DutchRound(view, default_matcher, apart=False).pair()
        assert counted.apart_failures == 0
        runs += counted.apart_runs
    assert runs >= 20


def _fifth_round(players: int, seed: int, number: int) -> SwissRound:
    config = GeneratorConfig(
        players=players,
        rounds=5,
        draw_percentage=30,
        forfeit_rate=0,
        retired_rate=0,
        half_point_bye_rate=0,
        zero_point_bye_rate=0,
        has_rating=True,
    )
    tournament = generate(config, random.Random(seed), pair_dutch)
    return swiss_round(tournament.before_round(number))


class _TriesCopies(_CountsApart):
    """Counts the pairs decided apart that send out other members than the matching did
    (tried on a copy of the round's graph), and how many of those were kept."""

    def __init__(self, view: SwissRound) -> None:
        super().__init__(view)
        self.tried = self.kept = 0

    def _settle_apart(self, apart: _Apart, decided: list[tuple[int, int]]) -> bool:
        paired = {x for pair in decided for x in pair}
        other = frozenset(x for x in apart.members if x not in paired) != apart.sent_out
        settled = super()._settle_apart(apart, decided)
        self.tried += other
        self.kept += other and settled
        return settled


def test_pairs_decided_apart_that_no_optimum_makes_are_dropped() -> None:
    # Round 5 of this event: the remainder's own graph sends out a member whom no optimum of
    # the round sends out (the duals' bound is not exact for him); the pairs are tried on a
    # copy of the round's graph, dropped, and step 7 runs on the round's graph.
    view = _fifth_round(20, 22, 5)
    counted = _TriesCopies(view)
    assert counted.pair() == DutchRound(view, default_matcher, apart=False).pair()
    assert counted.apart_misses == 1
    assert counted.tried >= 1
    assert counted.apart_failures == 0


def test_pairs_decided_apart_that_send_out_another_member_are_kept_when_optimal() -> None:
    view = _fifth_round(13, 11, 3)
    counted = _TriesCopies(view)
    assert counted.pair() == DutchRound(view, default_matcher, apart=False).pair()
    assert counted.kept >= 1
    assert counted.apart_misses == 0


def test_pairs_decided_apart_that_leave_the_next_scoregroup_unpairable_are_dropped() -> None:
    # Round 4 of this six-player event: scoregroup {3, 4, 5} sends one player down. On the
    # reduced graph 3-4 (5 down) weighs as much as 3-5 (4 down), but 5 has met 6 and the
    # next scoregroup {1, 6} could then only send him on to 2, two scoregroups down; the
    # full graph pairs 3-5, 4-6, 1-2. Step 7 apart tried 3-4 on a copy of the reduced graph,
    # where the weight held, and kept it although F could no longer be paired.
    config = GeneratorConfig(
        players=6,
        rounds=5,
        draw_percentage=0,
        forfeit_rate=10,
        retired_rate=5,
        half_point_bye_rate=0,
        zero_point_bye_rate=6,
        has_rating=False,
        points_for_win=10,
        points_for_draw=5,
        points_for_loss=0,
        points_for_zero_bye=0,
        points_for_forfeit_loss=0,
        odd_result_rate=50,
        forfeited_match_rate=40,
    )
    tournament = generate(config, random.Random(85455), pair_dutch)
    view = swiss_round(tournament.before_round(4))
    counted = _TriesCopies(view)
    pairing = counted.pair()
    assert pairing == DutchRound(view, default_matcher, apart=False).pair()
    assert {frozenset((g.white, g.black)) for g in pairing.boards} == {
        frozenset(p) for p in ((3, 5), (4, 6), (1, 2))
    }
    assert counted.tried >= 1
    assert counted.apart_misses >= 1


class _FailsApart(DutchRound):
    """Pairs decided apart are settled, then made to fail the check at one bracket."""

    def __init__(self, view: SwissRound, failing: int) -> None:
        super().__init__(view, default_matcher)
        self.calls = 0
        self.failing = failing

    def _settle_apart(self, apart: _Apart, decided: list[tuple[int, int]]) -> bool:
        settled = super()._settle_apart(apart, decided)
        self.calls += 1
        if self.calls == self.failing:
            raise _ApartFailed
        return settled


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_event_configs(), st.integers(1, 4))
def test_a_failed_apart_check_pairs_the_round_again(case: tuple[object, int], failing: int) -> None:
    config, seed = case
    assert isinstance(config, GeneratorConfig)
    tournament = generate(config, random.Random(seed), pair_dutch)
    for rnd in tournament.rounds:
        view = swiss_round(tournament.before_round(rnd.number))
        failed = _FailsApart(view, failing)
        assert failed.pair() == DutchRound(view, default_matcher, apart=False).pair()
        assert failed.apart_failures == (1 if failed.calls >= failing else 0)


class _NoPreferences(DutchRound):
    """Step 7 apart by rank rewards and solves, as when ``prefer`` refuses the graph."""

    def _transpose_apart(
        self, apart: _Apart, rem: list[int], uppers: list[int], pos: dict[int, int]
    ) -> bool:
        self.by_solves = getattr(self, "by_solves", 0) + 1
        return self._transpose_apart_by_solves(apart, rem, uppers, pos)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_event_configs())
def test_transpositions_by_preferences_pair_as_rank_rewards_and_solves(
    case: tuple[object, int],
) -> None:
    """``prefer`` (searches in the tight graph, no solve) makes step 7's choices as the rank
    rewards and solves of the one-by-one procedure do, on the remainders' own graphs."""
    config, seed = case
    assert isinstance(config, GeneratorConfig)
    tournament = generate(config, random.Random(seed), pair_dutch)
    for rnd in tournament.rounds:
        view = swiss_round(tournament.before_round(rnd.number))
        assert (
            _NoPreferences(view, sparse_matcher).pair() == DutchRound(view, sparse_matcher).pair()
        )


def test_a_graph_prefer_refuses_is_paired_by_solves() -> None:
    """Should a remainder's graph not be bipartite (it always is), step 7 falls back to the
    solves instead of failing the round."""

    def refusing(n: int) -> WeightedMatcher:
        matcher = WeightedMatcher(n)

        def prefer(x: int, candidates: Sequence[int]) -> int:
            raise ValueError("prefer needs a solved bipartite graph without blossoms")

        matcher.prefer = prefer  # type: ignore[method-assign]
        return matcher

    config = GeneratorConfig(players=120, rounds=5, forfeit_rate=0, retired_rate=0)
    tournament = generate(config, random.Random(7), pair_dutch)
    view = swiss_round(tournament.before_round(5))
    refused = DutchRound(view, refusing)
    assert refused.pair() == DutchRound(view, sparse_matcher).pair()
    assert refused.apart_solves > 9
