"""Round-robin schedules against the FIDE tables and the verified claims of spec/round-robin.md."""

from __future__ import annotations

import json
import random

import pytest

from fairpair.core import Colour, Player, Schedule
from fairpair.pairing.round_robin import (
    berger_schedule,
    berger_table,
    best_games_last_seating,
    best_games_last_seating_odd_layout,
    colour_history,
    draw_lots,
    minimum_sessions,
    rotation_schedule,
    seating_by_lots,
    seating_by_strength,
    split_into_sessions,
    strength_groups,
    strength_order,
)
from tests.golden_data import SPEC, require

BERGER_JSON = require(SPEC / "data/berger.json")


def _fide_tables() -> dict[int, list[list[list[int]]]]:
    data = json.loads(BERGER_JSON.read_text(encoding="utf-8"))
    return {int(size): rounds for size, rounds in data["tables"].items()}


def _boards(schedule: Schedule) -> list[list[list[int]]]:
    return [[[g.white, g.black] for g in p.boards] for p in schedule.rounds]


def _round_of(schedule: Schedule, a: int, b: int) -> int:
    rounds = [p.round for p in schedule.rounds for g in p.boards if {g.white, g.black} == {a, b}]
    assert len(rounds) == 1, (a, b, rounds)
    return rounds[0]


def _longest_run(colours: tuple[Colour | None, ...]) -> int:
    best = run = 0
    previous: Colour | None = None
    for colour in colours:
        if colour is None:  # a bye does not break or extend a run of colours
            continue
        run = run + 1 if colour is previous else 1
        previous = colour
        best = max(best, run)
    return best


# --- FIDE Berger tables (C.05 Annex 1) -------------------------------------------------------


@pytest.mark.parametrize("size", [4, 6, 8, 10, 12, 14, 16])
def test_every_fide_table_is_reproduced_exactly(size: int) -> None:
    tables = _fide_tables()
    assert [[list(b) for b in r] for r in berger_table(size)] == tables[size]
    assert _boards(berger_schedule(size)) == tables[size]


@pytest.mark.parametrize("entrants", [3, 5, 7, 9, 11, 13, 15])
def test_odd_field_uses_next_table_and_the_dummy_is_a_bye(entrants: int) -> None:
    table = _fide_tables()[entrants + 1]
    schedule = berger_schedule(entrants)
    for pairing, fide in zip(schedule.rounds, table, strict=True):
        dummy_board = [b for b in fide if entrants + 1 in b]
        assert len(dummy_board) == 1
        (bye,) = [p for p in dummy_board[0] if p != entrants + 1]
        assert pairing.bye == bye
        assert [[g.white, g.black] for g in pairing.boards] == [
            b for b in fide if entrants + 1 not in b
        ]


def test_bye_order_for_nine_players_follows_the_spec() -> None:
    assert [p.bye for p in berger_schedule(9).rounds] == [1, 6, 2, 7, 3, 8, 4, 9, 5]


def test_cern_example_round_two_of_eight_has_fides_games() -> None:
    # CERN prints 1-2 7-3 6-4 8-5; FIDE prints 8-5 6-4 7-3 1-2: same games, same colours.
    cern = {(1, 2), (7, 3), (6, 4), (8, 5)}
    round_two = berger_schedule(8).rounds[1]
    assert {(g.white, g.black) for g in round_two.boards} == cern
    assert [(g.white, g.black) for g in round_two.boards] == [(8, 5), (6, 4), (7, 3), (1, 2)]


@pytest.mark.parametrize("size", range(4, 41, 2))
def test_closed_form_agrees_with_the_shift_rule(size: int) -> None:
    m = size - 1
    for r, boards in enumerate(berger_table(size), start=1):
        for white, black in boards:
            if size in (white, black):
                other = black if white == size else white
                assert (2 * other) % m == (r + 1) % m
                assert (white == size) == (r % 2 == 0)
            else:
                assert (white + black) % m == (r + 1) % m
                assert (black - white) % m % 2 == 1


@pytest.mark.parametrize("size", [4, 6, 8, 10, 12, 14, 16])
def test_berger_colour_properties_of_section_1_2(size: int) -> None:
    history = colour_history(berger_schedule(size))
    for player, colours in history.items():
        whites = colours.count(Colour.WHITE)
        blacks = colours.count(Colour.BLACK)
        assert whites - blacks == (1 if player <= size // 2 else -1)
        assert _longest_run(colours) <= 2
    repeaters = [p for p, c in history.items() if _longest_run(c) == 2]
    assert sorted(set(history) - set(repeaters)) == [size // 2, size]
    assert history[1][:2] == (Colour.WHITE, Colour.WHITE)
    assert history[size // 2 + 1][:2] == (Colour.BLACK, Colour.BLACK)


# --- double round robin (§1.4) -----------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 6, 8, 10, 12, 14, 16])
def test_double_round_robin_with_the_swap_has_no_three_in_a_row(size: int) -> None:
    schedule = berger_schedule(size, double=True)
    assert len(schedule.rounds) == 2 * (size - 1)
    assert schedule.cycles == 2
    table = berger_table(size)
    first = [*range(size - 3), size - 2, size - 3]  # rounds 1..N-3, N-1, N-2 (0-based)
    expected = [list(table[i]) for i in first] + [[(b, w) for w, b in r] for r in table]
    assert [[(g.white, g.black) for g in p.boards] for p in schedule.rounds] == expected
    assert all(_longest_run(c) <= 2 for c in colour_history(schedule).values())


@pytest.mark.parametrize("size", [4, 6, 8, 10, 12, 14, 16])
def test_double_round_robin_without_the_swap_gives_three_in_a_row(size: int) -> None:
    history = colour_history(berger_schedule(size, double=True, swap_last_rounds=False))
    three = sorted(p for p, c in history.items() if _longest_run(c) >= 3)
    assert three == [1, size // 2 + 1]


def test_double_round_robin_second_cycle_reverses_every_colour() -> None:
    schedule = berger_schedule(7, double=True)
    first, second = schedule.rounds[:7], schedule.rounds[7:]
    reversed_first = {(g.black, g.white) for p in first for g in p.boards}
    assert {(g.white, g.black) for p in second for g in p.boards} == reversed_first
    assert sorted(p.bye for p in second if p.bye is not None) == list(range(1, 8))


# --- seat rotation (§3) -------------------------------------------------------------------------


@pytest.mark.parametrize("size", range(4, 31, 2))
def test_rotation_is_berger_relabelled_and_reordered(size: int) -> None:
    schedule = rotation_schedule(tuple(range(1, size + 1)))
    # seat-1 player -> N; player who started in seat s >= 2 -> ((s-3) mod (N-1)) + 1
    label = {1: size} | {s: (s - 3) % (size - 1) + 1 for s in range(2, size + 1)}
    berger = [frozenset(frozenset(b) for b in r) for r in berger_table(size)]
    order = []
    for pairing in schedule.rounds:
        games = frozenset(frozenset((label[g.white], label[g.black])) for g in pairing.boards)
        order.append(berger.index(games) + 1)
    assert sorted(order) == list(range(1, size))
    if size == 10:
        assert order == [6, 4, 2, 9, 7, 5, 3, 1, 8]


@pytest.mark.parametrize("size", range(4, 21, 2))
def test_rotation_colours_are_balanced_with_runs_of_at_most_two(size: int) -> None:
    schedule = rotation_schedule(tuple(range(1, size + 1)))
    history = colour_history(schedule)
    balance = sorted(c.count(Colour.WHITE) - c.count(Colour.BLACK) for c in history.values())
    assert balance == [-1] * (size // 2) + [1] * (size // 2)
    assert max(_longest_run(c) for c in history.values()) <= 2


def test_rotation_seats_and_colours_in_the_first_two_rounds() -> None:
    schedule = rotation_schedule((11, 12, 13, 14, 15, 16))
    # round 1: boards are seats 1-6, 2-5, 3-4; even seat white, seat 1 black in round 1
    assert [(g.white, g.black) for g in schedule.rounds[0].boards] == [(16, 11), (12, 15), (14, 13)]
    # round 2: everybody but seat 1 moved up one seat (seat 6 wrapped to seat 2)
    assert [(g.white, g.black) for g in schedule.rounds[1].boards] == [(11, 15), (16, 14), (13, 12)]


def test_rotation_with_an_empty_seat_one_gives_the_bye_to_the_player_opposite() -> None:
    schedule = rotation_schedule((None, 1, 2, 3, 4, 5))
    assert [p.bye for p in schedule.rounds] == [5, 4, 3, 2, 1]
    assert schedule.entrants == 5
    assert all(len(p.boards) == 2 for p in schedule.rounds)


def test_rotation_rejects_a_bad_seating() -> None:
    with pytest.raises(ValueError, match="even number of seats"):
        rotation_schedule((1, 2, 3))
    with pytest.raises(ValueError, match="only seat 1"):
        rotation_schedule((1, None, 2, 3))
    with pytest.raises(ValueError, match="twice"):
        rotation_schedule((1, 2, 2, 3))


@pytest.mark.parametrize("size", range(6, 31, 2))
def test_best_games_last_even_field(size: int) -> None:
    ranked = tuple(range(1, size + 1))
    seats = best_games_last_seating(ranked)
    assert seats[:4] == (1, 2, 4, 3)
    schedule = rotation_schedule(seats)
    assert _round_of(schedule, 1, 3) == size - 3
    assert _round_of(schedule, 1, 4) == size - 2
    assert _round_of(schedule, 2, 3) == size - 2
    assert _round_of(schedule, 1, 2) == size - 1
    assert _round_of(schedule, 2, 4) == (size - 2) // 2
    assert _round_of(schedule, 3, 4) == (size - 4) // 2


def test_best_games_last_four_players_puts_one_two_last() -> None:
    schedule = rotation_schedule(best_games_last_seating((1, 2, 3, 4)))
    assert _round_of(schedule, 1, 2) == 3
    assert _round_of(schedule, 1, 3) == 1


@pytest.mark.parametrize("players", range(5, 26))
def test_best_games_last_odd_layout(players: int) -> None:
    ranked = tuple(range(1, players + 1))
    seats = best_games_last_seating_odd_layout(ranked)
    if players % 2:
        assert seats[0] is None
        assert seats == best_games_last_seating(ranked)
    size = len(seats)
    assert (seats[1], seats[3], seats[5], seats[size - 2]) == (3, 1, 4, 2)
    schedule = rotation_schedule(seats)
    last = len(schedule.rounds)
    assert last == (players if players % 2 else players - 1)
    assert _round_of(schedule, 2, 3) == 1
    assert _round_of(schedule, 1, 2) == last
    assert _round_of(schedule, 1, 3) == last - 1
    assert _round_of(schedule, 2, 4) == last - 1
    assert _round_of(schedule, 3, 4) == last - 2
    assert _round_of(schedule, 1, 4) == last - 3


def test_best_games_last_small_fields_fall_back_to_ranking_order() -> None:
    assert best_games_last_seating((1, 2)) == (1, 2)
    assert best_games_last_seating((1, 2, 3)) == (None, 1, 2, 3)


# --- strength groups -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "groups", "sizes"),
    [(16, 3, [6, 5, 5]), (20, 3, [7, 7, 6]), (12, 3, [4, 4, 4]), (10, 4, [3, 3, 2, 2])],
)
def test_strength_groups_give_the_extra_players_to_the_first_groups(
    players: int, groups: int, sizes: list[int]
) -> None:
    split = strength_groups(tuple(range(1, players + 1)), groups)
    assert [len(g) for g in split] == sizes
    assert [p for g in split for p in g] == list(range(1, players + 1))


def test_strength_seating_fills_seats_a_b_c_in_turn() -> None:
    ranked = tuple(range(1, 17))
    seats = seating_by_strength(ranked, 3, random.Random(7))
    a, b, _ = (set(g) for g in strength_groups(ranked, 3))
    assert sorted(p for p in seats if p is not None) == list(ranked)
    groups = ["A" if p in a else "B" if p in b else "C" for p in seats]
    assert "".join(groups) == "ABC" * 5 + "A"
    assert seating_by_strength(ranked, 3, random.Random(7)) == seats
    assert seating_by_strength(ranked, 3, random.Random(8)) != seats


def test_strength_seating_of_an_odd_field_starts_at_seat_two() -> None:
    seats = seating_by_strength(tuple(range(1, 8)), 2, random.Random(1))
    assert seats[0] is None
    assert seats[1] in {1, 2, 3, 4}
    assert seats[2] in {5, 6, 7}


def test_strength_groups_reject_impossible_counts() -> None:
    with pytest.raises(ValueError):
        strength_groups((1, 2, 3), 4)
    with pytest.raises(ValueError):
        strength_groups((1, 2, 3), 0)


def test_strength_order_is_by_rating_with_unrated_last() -> None:
    field = (
        Player(1, "a", rating=1500),
        Player(2, "b"),
        Player(3, "c", rating=2100),
        Player(4, "d", rating=1500),
    )
    assert strength_order(field) == (3, 1, 4, 2)


# --- drawing of lots ------------------------------------------------------------------------------


def _field(count: int) -> tuple[Player, ...]:
    return tuple(Player(i, f"player {i}", rating=2000 + i) for i in range(1, count + 1))


def test_lots_are_reproducible_for_a_seed() -> None:
    assert draw_lots(_field(12), random.Random(42)) == draw_lots(_field(12), random.Random(42))
    assert seating_by_lots(range(1, 12), random.Random(3)) == seating_by_lots(
        range(1, 12), random.Random(3)
    )


def test_lots_differ_across_seeds() -> None:
    draws = {tuple(p.name for p in draw_lots(_field(12), random.Random(s))) for s in range(20)}
    assert len(draws) == 20
    seatings = {seating_by_lots(range(1, 12), random.Random(s)) for s in range(20)}
    assert len(seatings) == 20


def test_lots_renumber_players_and_keep_their_details() -> None:
    drawn = draw_lots(_field(9), random.Random(1))
    assert [p.id for p in drawn] == list(range(1, 10))
    assert sorted(p.name for p in drawn) == sorted(p.name for p in _field(9))
    assert all(p.rating == 2000 + int(p.name.split()[1]) for p in drawn)


def test_lots_seat_an_odd_field_from_seat_two() -> None:
    seats = seating_by_lots(range(1, 8), random.Random(5))
    assert seats[0] is None
    assert sorted(p for p in seats if p is not None) == list(range(1, 8))


# --- few boards (§5) ------------------------------------------------------------------------------


def _check_sessions(schedule: Schedule, boards: int) -> None:
    planned = split_into_sessions(schedule, boards)
    assert planned.rounds == schedule.rounds
    played = [g for s in planned.sessions for g in s.boards]
    assert sorted((g.white, g.black) for g in played) == sorted(
        (g.white, g.black) for g in schedule.games
    )
    for session in planned.sessions:
        assert 1 <= len(session.boards) <= boards
        players = [p for g in session.boards for p in (g.white, g.black)]
        assert len(players) == len(set(players))
    # every player's games keep the order of the rounds, hence the Berger colours
    order = {(g.white, g.black): i for i, g in enumerate(schedule.games)}
    for player in range(1, schedule.entrants + 1):
        mine = [order[(g.white, g.black)] for g in played if player in (g.white, g.black)]
        assert mine == sorted(mine)


@pytest.mark.parametrize(("players", "boards"), [(8, 2), (8, 1), (12, 3), (12, 2), (9, 2), (16, 4)])
def test_sessions_meet_the_lower_bound_when_boards_divide_a_round(
    players: int, boards: int
) -> None:
    schedule = berger_schedule(players)
    _check_sessions(schedule, boards)
    planned = split_into_sessions(schedule, boards)
    assert len(planned.sessions) == minimum_sessions(len(schedule.games), boards)
    assert len(planned.sessions) == len(schedule.rounds) * ((players // 2) // boards)


@pytest.mark.parametrize(("players", "boards"), [(10, 2), (10, 3), (7, 2), (14, 4), (15, 5)])
def test_sessions_when_boards_do_not_divide_a_round(players: int, boards: int) -> None:
    schedule = berger_schedule(players)
    _check_sessions(schedule, boards)
    planned = split_into_sessions(schedule, boards)
    assert len(planned.sessions) >= minimum_sessions(len(schedule.games), boards)
    # a plain cut would need ceil(games per round / boards) sessions per round
    plain = len(schedule.rounds) * -(-(players // 2) // boards)
    assert len(planned.sessions) < plain


def test_sessions_are_not_made_when_every_round_fits() -> None:
    schedule = berger_schedule(8)
    assert split_into_sessions(schedule, 4) is schedule
    assert split_into_sessions(schedule, 10).sessions == ()


def test_sessions_need_at_least_one_board() -> None:
    with pytest.raises(ValueError, match="at least one board"):
        split_into_sessions(berger_schedule(4), 0)
    with pytest.raises(ValueError, match="at least one board"):
        minimum_sessions(6, 0)


def test_too_few_players_are_refused() -> None:
    for count in (0, 1):
        with pytest.raises(ValueError, match="at least 2 players"):
            berger_schedule(count)
    assert [(g.white, g.black) for g in berger_schedule(2).games] == [(1, 2)]
