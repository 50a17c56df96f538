"""Round robin (all-play-all) schedules: FIDE Berger tables and the seat-rotation method.

Pure functions of the number of players, a seating and an injected random generator; nothing
here reads files or the clock. The rules are those of ``spec/round-robin.md``: FIDE Handbook
C.05 Annex 1 for the Berger tables, the circle (seat-rotation) method from Sensei's Library
for the seat display, and a session plan for events with fewer boards than games per round.

Pairing numbers run from 1. An odd field is scheduled as the even field of one more number;
that extra number is a dummy and whoever meets it has the round off (a bye, not a game).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from typing import TypeVar

from fairpair.core import Colour, Game, Pairing, Player, PlayerId, Schedule, Session

__all__ = [
    "Board",
    "Seat",
    "berger_schedule",
    "berger_table",
    "best_games_last_seating",
    "best_games_last_seating_odd_layout",
    "colour_history",
    "double_round_robin_order",
    "draw_lots",
    "minimum_sessions",
    "rotation_schedule",
    "seating_by_lots",
    "seating_by_strength",
    "split_into_sessions",
    "strength_groups",
    "strength_order",
]

Board = tuple[int, int]
"""``(white, black)`` by pairing number or player id."""

Seat = PlayerId | None
"""Who sits in a seat of the rotation method; ``None`` for the empty seat 1 of an odd field
(inside this module also for the dummy number of an odd Berger table)."""

_T = TypeVar("_T")


def _even_size(entrants: int) -> int:
    """N: the number of table slots, one more than the entrants when they are odd (C.05)."""
    if entrants < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {entrants}")
    return entrants + entrants % 2


# --- FIDE Berger tables ---------------------------------------------------------------------


def berger_table(size: int) -> tuple[tuple[Board, ...], ...]:
    """The FIDE Berger table for an even number of pairing numbers (FIDE C.05, Annex 1).

    Construction rule: round 1 board k is ``[k, N+1-k]``; round r replaces every number
    x < N by ``((x - 1 + (r-1)·N/2) mod (N-1)) + 1``, keeping boards and colours; number N
    keeps board 1 with black in odd rounds and white in even rounds. Boards are listed in
    FIDE's order (board 1 is always the game of number N).
    """
    if size < 2 or size % 2:
        raise ValueError(f"a Berger table needs an even number of at least 2, got {size}")
    m, h = size - 1, size // 2
    first = [(k, size + 1 - k) for k in range(1, h + 1)]
    table: list[tuple[Board, ...]] = []
    for r in range(1, size):

        def shifted(x: int, r: int = r) -> int:
            return x if x == size else (x - 1 + (r - 1) * h) % m + 1

        other = shifted(1)
        top: Board = (other, size) if r % 2 else (size, other)
        rest = tuple((shifted(w), shifted(b)) for w, b in first[1:])
        table.append((top, *rest))
    return tuple(table)


def double_round_robin_order(
    rounds: Sequence[tuple[tuple[_T, _T], ...]], *, swap_last_rounds: bool = True
) -> tuple[tuple[tuple[_T, _T], ...], ...]:
    """Two cycles from one: the second with every board's colours reversed (FIDE C.05).

    With ``swap_last_rounds`` (FIDE's recommendation) the last two rounds of the first cycle
    are played in the opposite order, so that nobody has the same colour three times in a
    row across the cycle boundary.
    """
    first = list(rounds)
    if swap_last_rounds and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [tuple((b, w) for w, b in boards) for boards in rounds]
    return (*first, *second)


def _schedule(
    entrants: int,
    rounds: Sequence[Sequence[tuple[Seat, Seat]]],
    *,
    cycles: int,
    seating: tuple[Seat, ...] = (),
) -> Schedule:
    """Turn rounds of slot pairs into a schedule; the game with the dummy becomes the bye."""
    pairings: list[Pairing] = []
    for number, boards in enumerate(rounds, start=1):
        games: list[Game] = []
        bye: PlayerId | None = None
        for white, black in boards:
            if white is None or black is None:
                bye = black if white is None else white
            else:
                games.append(Game(white, black))
        pairings.append(Pairing(round=number, boards=tuple(games), bye=bye))
    return Schedule(entrants=entrants, rounds=tuple(pairings), cycles=cycles, seating=seating)


def berger_schedule(
    entrants: int, *, double: bool = False, swap_last_rounds: bool = True
) -> Schedule:
    """The FIDE Berger schedule for 1..``entrants`` (FIDE C.05, Annex 1).

    For an odd field the table of ``entrants + 1`` is used and the player paired with that
    number has the bye. ``double`` adds a second cycle with colours reversed; see
    :func:`double_round_robin_order` for ``swap_last_rounds``.
    """
    size = _even_size(entrants)
    dummy = size if entrants % 2 else None

    def slot(x: int) -> Seat:
        return None if x == dummy else x

    table = tuple(tuple((slot(w), slot(b)) for w, b in boards) for boards in berger_table(size))
    if double:
        table = double_round_robin_order(table, swap_last_rounds=swap_last_rounds)
    return _schedule(entrants, table, cycles=2 if double else 1)


# --- drawing of lots -----------------------------------------------------------------------


def draw_lots(players: Sequence[Player], rng: random.Random) -> tuple[Player, ...]:
    """Assign pairing numbers by lot: the players renumbered 1..n in drawn order.

    Pairing numbers are fixed before round 1 (FIDE C.05: "by lot"); pass
    ``random.Random(seed)`` so the same seed always gives the same draw.
    """
    drawn = list(players)
    rng.shuffle(drawn)
    return tuple(dataclasses.replace(p, id=number) for number, p in enumerate(drawn, start=1))


def strength_order(players: Sequence[Player]) -> tuple[PlayerId, ...]:
    """Players strongest first: by rating (unrated last), ties kept in the given order."""
    ranked = sorted(
        enumerate(players),
        key=lambda item: (item[1].rating is None, -(item[1].rating or 0), item[0]),
    )
    return tuple(player.id for _, player in ranked)


# --- seat rotation (circle method) ---------------------------------------------------------


def _empty_seats(count: int) -> tuple[int, list[Seat], int]:
    """(N, seats, first seat to fill): seat 1 stays empty for an odd field (circle method)."""
    size = _even_size(count)
    return size, [None] * size, 1 if count % 2 else 0


def seating_by_lots(players: Sequence[PlayerId], rng: random.Random) -> tuple[Seat, ...]:
    """Seats for the rotation method by lot (seat 1 first; seat 1 empty in an odd field)."""
    _, seats, start = _empty_seats(len(players))
    drawn = list(players)
    rng.shuffle(drawn)
    seats[start:] = drawn
    return tuple(seats)


def strength_groups(ranked: Sequence[PlayerId], groups: int) -> tuple[tuple[PlayerId, ...], ...]:
    """Split players (strongest first) into groups A, B, C, ... by strength.

    When the field does not divide evenly the first groups take the extra players
    (16 players in 3 groups: 6/5/5; 20 players: 7/7/6), as in the seat-rotation recipe.
    """
    if not 1 <= groups <= len(ranked):
        raise ValueError(f"cannot make {groups} strength groups of {len(ranked)} players")
    size, extra = divmod(len(ranked), groups)
    result: list[tuple[PlayerId, ...]] = []
    start = 0
    for index in range(groups):
        end = start + size + (1 if index < extra else 0)
        result.append(tuple(ranked[start:end]))
        start = end
    return tuple(result)


def seating_by_strength(
    ranked: Sequence[PlayerId], groups: int, rng: random.Random
) -> tuple[Seat, ...]:
    """Seats filled A, B, C, A, B, C, ... in seat order with a random player of each group.

    Seat-rotation recipe (Sensei's Library): it spreads the strong opponents over the event;
    it promises no fairness. A group that has run out is skipped.
    """
    _, seats, start = _empty_seats(len(ranked))
    pools = [list(group) for group in strength_groups(ranked, groups)]
    seat = start
    while seat < len(seats):
        for pool in pools:
            if pool and seat < len(seats):
                seats[seat] = pool.pop(rng.randrange(len(pool)))
                seat += 1
    return tuple(seats)


def best_games_last_seating(ranked: Sequence[PlayerId]) -> tuple[Seat, ...]:
    """Seats that put the games among the four strongest players at the end of the event.

    Even field: the strongest 1, 2, 4, 3 in seats 1, 2, 3, 4, so that 1-3 is in round N-3,
    1-4 and 2-3 in round N-2 and 1-2 in the last round (spec §3). Odd field: see
    :func:`best_games_last_seating_odd_layout`. Fields too small for the layout (fewer than
    4 players, or 3) are seated in ranking order: every game is then near the end anyway.
    The others sit in ranking order.
    """
    if len(ranked) % 2:
        return best_games_last_seating_odd_layout(ranked)
    if len(ranked) < 4:
        return tuple(ranked)
    first, second, third, fourth, *others = ranked
    return (first, second, fourth, third, *others)


def best_games_last_seating_odd_layout(ranked: Sequence[PlayerId]) -> tuple[Seat, ...]:
    """The odd-field "best games last" layout (spec §3, verified for 5..25 players).

    Seat 1 empty (odd field), player 3 in seat 2, player 1 in seat 4, player 4 in seat 6 and
    player 2 in seat N-1: with R rounds, 2-3 is in round 1, 1-2 in round R, 1-3 and 2-4 in
    round R-1, 3-4 in round R-2 and 1-4 in round R-3. In an even field an ordinary player
    takes seat 1 and the same rounds follow.
    """
    size, seats, start = _empty_seats(len(ranked))
    if size < 6:
        seats[start:] = ranked
        return tuple(seats)
    first, second, third, fourth, *others = ranked
    for seat, player in ((2, third), (4, first), (6, fourth), (size - 1, second)):
        seats[seat - 1] = player
    free = iter(others)
    for index in range(start, size):
        if seats[index] is None:
            seats[index] = next(free)
    return tuple(seats)


def rotation_schedule(
    seating: Sequence[Seat],
    *,
    double: bool = False,
    swap_last_rounds: bool = True,
) -> Schedule:
    """The seat-rotation (circle) schedule from a round-1 seating (Sensei's Library, spec §3).

    ``seating`` lists the occupant of seats 1..N (N even); only seat 1 may be empty (``None``),
    and then the player opposite it has the bye. Board b joins seats b and N+1-b. After each
    round everybody but seat 1 moves up one seat and seat N wraps to seat 2. Colours: the even
    seat has white, except on the board with seat 1, where seat 1 has black in odd rounds
    and white in even rounds. The rounds are the Berger rounds relabelled and reordered.
    """
    size = len(seating)
    if size < 2 or size % 2:
        raise ValueError(f"the rotation needs an even number of seats, got {size}")
    if any(player is None for player in seating[1:]):
        raise ValueError("only seat 1 may be empty")
    players = [p for p in seating if p is not None]
    if len(set(players)) != len(players):
        raise ValueError("a player is seated twice")
    rounds: list[tuple[tuple[Seat, Seat], ...]] = []
    for index in range(size - 1):

        def occupant(seat: int, index: int = index) -> Seat:
            if seat == 1:
                return seating[0]
            return seating[(seat - 2 - index) % (size - 1) + 1]

        seat_one_white = index % 2 == 1
        boards: list[tuple[Seat, Seat]] = []
        for board in range(1, size // 2 + 1):
            low, high = board, size + 1 - board
            if board == 1:
                white_seat = 1 if seat_one_white else size
            else:
                white_seat = low if low % 2 == 0 else high
            black_seat = high if white_seat == low else low
            boards.append((occupant(white_seat), occupant(black_seat)))
        rounds.append(tuple(boards))
    return _schedule(
        len(players),
        double_round_robin_order(rounds, swap_last_rounds=swap_last_rounds) if double else rounds,
        cycles=2 if double else 1,
        seating=tuple(seating),
    )


# --- few boards ----------------------------------------------------------------------------


def minimum_sessions(games: int, boards: int) -> int:
    """The lower bound on sessions: ``ceil(games / boards)`` (spec §5)."""
    if boards < 1:
        raise ValueError(f"at least one board is needed, got {boards}")
    return math.ceil(games / boards)


def split_into_sessions(schedule: Schedule, boards: int) -> Schedule:
    """Plan the schedule on ``boards`` boards when a round has more games than that (spec §5).

    Rounds are taken in order and cut into sessions of at most ``boards`` games; leftover
    places are filled with games of the next round whose players are free and have no
    earlier game still to play (so each player's games and colours keep their order). Nobody
    plays twice in a session. When ``boards`` divides the games per round this meets the
    lower bound :func:`minimum_sessions`. If every round fits, the schedule is returned as is.
    """
    if boards < 1:
        raise ValueError(f"at least one board is needed, got {boards}")
    if all(len(pairing.boards) <= boards for pairing in schedule.rounds):
        return schedule
    pending = [(pairing.round, game) for pairing in schedule.rounds for game in pairing.boards]
    sessions: list[Session] = []
    while pending:
        current = pending[0][0]
        busy: set[PlayerId] = set()
        waiting: dict[PlayerId, int] = {}  # player -> earliest round of a game not yet taken
        taken: list[int] = []
        for index, (round_number, game) in enumerate(pending):
            if round_number > current + 1 or len(taken) == boards:
                break
            players = (game.white, game.black)
            earlier = any(waiting.get(p, round_number) < round_number for p in players)
            if not earlier and not busy.intersection(players):
                taken.append(index)
                busy.update(players)
            else:
                for p in players:
                    waiting.setdefault(p, round_number)
        chosen = [pending[i] for i in taken]
        sessions.append(
            Session(
                number=len(sessions) + 1,
                boards=tuple(game for _, game in chosen),
                rounds=tuple(round_number for round_number, _ in chosen),
            )
        )
        keep = set(range(len(pending))) - set(taken)
        pending = [pending[i] for i in sorted(keep)]
    return Schedule(
        entrants=schedule.entrants,
        rounds=schedule.rounds,
        cycles=schedule.cycles,
        seating=schedule.seating,
        sessions=tuple(sessions),
    )


# --- views ---------------------------------------------------------------------------------


def colour_history(schedule: Schedule) -> dict[PlayerId, tuple[Colour | None, ...]]:
    """Each player's colour in every round, ``None`` for the bye (spec §6.2)."""
    history: dict[PlayerId, list[Colour | None]] = {}
    for pairing in schedule.rounds:
        for game in pairing.boards:
            history.setdefault(game.white, []).append(Colour.WHITE)
            history.setdefault(game.black, []).append(Colour.BLACK)
        if pairing.bye is not None:
            history.setdefault(pairing.bye, []).append(None)
    return {player: tuple(colours) for player, colours in sorted(history.items())}
