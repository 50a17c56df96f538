"""A withdrawal never moves anybody else's game (spec round-robin.md §6.3): whatever players
withdraw and whenever, every game between players still in the event is the game of the
published schedule, with its colours, and every withdrawn player's game is a forfeit he lost.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

from hypothesis import given, settings

from fairpair.core import ByeKind, GameResult, Schedule
from fairpair.pairing.round_robin import berger_schedule
from fairpair.service import events as ev
from fairpair.service.round_robin import Method, RoundRobinRequest, plan_round_robin
from fairpair.service.settings import EventSettings, System
from fairpair.storage import MemoryStore
from tests.strategies import RoundRobinWithdrawals, round_robin_withdrawals

_PLAYED = ["1-0", "0-1", "="]


def _run(case: RoundRobinWithdrawals) -> ev.Event:
    """The whole event through the director's commands, on the in-memory store."""
    d = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    system = System.ROTATION if case.rotation else System.BERGER
    event = ev.create_event(d, EventSettings("RR", system, double=case.double))
    for number in range(1, case.players + 1):
        ev.register_player(d, event.id, f"Player {number}")
    rng = random.Random(case.results_seed)
    for number in range(1, case.rounds + 1):
        for pid, first in case.withdrawals:
            if first == number:
                ev.withdraw(d, event.id, str(pid))
        event, _ = ev.pair_round(d, event.id)
        games = event.tournament.rounds[-1].games
        open_boards = [
            (board, rng.choice(_PLAYED))
            for board, game in enumerate(games, start=1)
            if game.result is None
        ]
        if open_boards:
            event = ev.enter_results(d, event.id, open_boards)
    assert ev.rebuild(d, event.id).matched
    return event


def _published(case: RoundRobinWithdrawals) -> Schedule:
    """The schedule as published before round 1: the FIDE Berger table itself, or the seat
    rotation drawn with the event's seed (0)."""
    if not case.rotation:
        return berger_schedule(case.players, double=case.double)
    request = RoundRobinRequest(method=Method.ROTATION, seed=0, double=case.double)
    return plan_round_robin(case.players, request).schedule


@settings(max_examples=40, deadline=None)
@given(round_robin_withdrawals())
def test_a_withdrawal_never_changes_the_others_schedule(case: RoundRobinWithdrawals) -> None:
    event = _run(case)
    first_missed = dict(case.withdrawals)

    def gone(pid: int, number: int) -> bool:
        return pid in first_missed and first_missed[pid] <= number

    table = _published(case)
    assert len(event.tournament.rounds) == len(table.rounds)
    for rnd, planned in zip(event.tournament.rounds, table.rounds, strict=True):
        # Same pairs with the same colours on the same boards, round by round.
        assert [(g.white, g.black) for g in rnd.games] == [
            (g.white, g.black) for g in planned.boards
        ]
        for game in rnd.games:
            white, black = gone(game.white, rnd.number), gone(game.black, rnd.number)
            if white and black:
                assert game.result is GameResult.DOUBLE_FORFEIT
            elif white:
                assert game.result is GameResult.BLACK_WINS_BY_FORFEIT
            elif black:
                assert game.result is GameResult.WHITE_WINS_BY_FORFEIT
            else:
                assert game.result is not None and game.result.played
        byes = {(b.player, b.kind) for b in rnd.byes}
        if planned.bye is None:
            assert byes == set()
        elif gone(planned.bye, rnd.number):
            assert byes == {(planned.bye, ByeKind.ABSENT)}
        else:
            assert byes == {(planned.bye, ByeKind.PAIRING_ALLOCATED)}
