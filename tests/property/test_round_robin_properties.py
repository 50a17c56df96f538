"""Invariants of every round-robin schedule, for fields of any size up to 60 (spec §1, §3, §6)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import Colour, Player, Schedule
from fairpair.pairing.round_robin import (
    berger_schedule,
    colour_history,
    draw_lots,
    rotation_schedule,
    seating_by_lots,
    seating_by_strength,
    split_into_sessions,
)
from tests.strategies import player_counts, players

SETTINGS = settings(max_examples=40, deadline=None)


def _longest_run(colours: tuple[Colour | None, ...]) -> int:
    best = run = 0
    previous: Colour | None = None
    for colour in colours:
        if colour is None:
            continue
        run = run + 1 if colour is previous else 1
        previous = colour
        best = max(best, run)
    return best


def _assert_valid_cycles(schedule: Schedule, ids: list[int]) -> None:
    """Every pair meets exactly once per cycle; one game or the bye per player per round."""
    n = len(ids)
    per_cycle = n - 1 if n % 2 == 0 else n
    assert len(schedule.rounds) == per_cycle * schedule.cycles
    for cycle in range(schedule.cycles):
        rounds = schedule.rounds[cycle * per_cycle : (cycle + 1) * per_cycle]
        met = Counter(frozenset((g.white, g.black)) for p in rounds for g in p.boards)
        assert set(met) == {frozenset(pair) for pair in combinations(ids, 2)}
        assert set(met.values()) == {1}
        byes = [p.bye for p in rounds if p.bye is not None]
        if n % 2:
            assert sorted(byes) == sorted(ids)
        else:
            assert byes == []
    for pairing in schedule.rounds:
        seen = [p for g in pairing.boards for p in (g.white, g.black)]
        if pairing.bye is not None:
            seen.append(pairing.bye)
        assert sorted(seen) == sorted(ids)
        assert len(pairing.boards) == n // 2


@SETTINGS
@given(player_counts())
def test_berger_is_a_valid_round_robin(n: int) -> None:
    _assert_valid_cycles(berger_schedule(n), list(range(1, n + 1)))


@SETTINGS
@given(player_counts(), st.booleans())
def test_double_berger_is_two_valid_cycles(n: int, swap: bool) -> None:
    _assert_valid_cycles(berger_schedule(n, double=True, swap_last_rounds=swap), [*range(1, n + 1)])


@SETTINGS
@given(player_counts())
def test_berger_colours_are_balanced_with_runs_of_at_most_two(n: int) -> None:
    size = n + n % 2
    for player, colours in colour_history(berger_schedule(n)).items():
        difference = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
        if n % 2:
            # §1.3: in an odd field every real player has as many whites as blacks
            assert difference == 0
            assert colours.count(None) == 1
        else:
            # §1.2: players 1..N/2 get one more white, N/2+1..N one more black
            assert difference == (1 if player <= size // 2 else -1)
        assert _longest_run(colours) <= 2


@SETTINGS
@given(player_counts(min_value=4))
def test_double_berger_with_the_swap_never_gives_three_in_a_row(n: int) -> None:
    history = colour_history(berger_schedule(n, double=True))
    assert max(_longest_run(c) for c in history.values()) <= 2


@SETTINGS
@given(player_counts(), st.integers(min_value=0, max_value=2**32))
def test_rotation_from_any_lot_is_a_valid_balanced_round_robin(n: int, seed: int) -> None:
    schedule = rotation_schedule(seating_by_lots(range(1, n + 1), random.Random(seed)))
    _assert_valid_cycles(schedule, list(range(1, n + 1)))
    history = colour_history(schedule)
    differences = Counter(c.count(Colour.WHITE) - c.count(Colour.BLACK) for c in history.values())
    if n % 2:
        assert differences == Counter({0: n})
    else:
        assert differences == Counter({1: n // 2, -1: n // 2})
    assert max(_longest_run(c) for c in history.values()) <= 2


@SETTINGS
@given(players(), st.integers(min_value=1, max_value=6), st.integers(min_value=0, max_value=99))
def test_strength_seating_seats_everybody_once(
    field: tuple[Player, ...], groups: int, seed: int
) -> None:
    ids = list(range(1, len(field) + 1))
    groups = min(groups, len(ids))
    seats = seating_by_strength(ids, groups, random.Random(seed))
    assert sorted(p for p in seats if p is not None) == ids
    assert len(seats) == len(ids) + len(ids) % 2
    _assert_valid_cycles(rotation_schedule(seats), ids)


@SETTINGS
@given(players(), st.integers(min_value=0, max_value=2**32))
def test_lots_are_a_permutation_and_reproducible(field: tuple[Player, ...], seed: int) -> None:
    drawn = draw_lots(field, random.Random(seed))
    assert [p.id for p in drawn] == list(range(1, len(field) + 1))
    assert Counter((p.name, p.rating) for p in drawn) == Counter((p.name, p.rating) for p in field)
    assert drawn == draw_lots(field, random.Random(seed))


@SETTINGS
@given(player_counts(max_value=30), st.integers(min_value=1, max_value=15))
def test_sessions_play_every_game_once_and_nobody_twice_at_a_time(n: int, boards: int) -> None:
    schedule = berger_schedule(n)
    planned = split_into_sessions(schedule, boards)
    sessions = planned.sessions
    if not sessions:
        assert boards >= n // 2
        return
    played = Counter((g.white, g.black) for s in sessions for g in s.boards)
    assert played == Counter((g.white, g.black) for g in schedule.games)
    for session in sessions:
        assert len(session.boards) <= boards
        seated = [p for g in session.boards for p in (g.white, g.black)]
        assert len(seated) == len(set(seated))
    if (n // 2) % boards == 0:
        assert len(sessions) == -(-len(schedule.games) // boards)
