"""A round-robin withdrawal through :mod:`fairpair.service.events` on every store: the
in-memory fake, SQLite and (when configured) PostgreSQL. The policy, the forfeits and the
annulment must come back the same from a new connection and from a rebuild of the log."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from fairpair.core import ByeKind, GameResult
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System, WithdrawalPolicy
from fairpair.storage import EventStore
from tests.integration.stores import ticking_clock


@pytest.mark.parametrize("policy", list(WithdrawalPolicy))
def test_a_withdrawal_from_a_stored_round_robin(
    open_store: Callable[[], EventStore], policy: WithdrawalPolicy
) -> None:
    d = ev.Desk(open_store(), ticking_clock(), "arbiter")
    settings = EventSettings("Club", System.BERGER, withdrawal_policy=policy)
    event = ev.create_event(d, settings)
    for name in ("Ann", "Bob", "Cid", "Dan", "Eve"):
        ev.register_player(d, event.id, name)
    # Five players on the Berger table for six, number 6 the bye:
    # R1 2-5 3-4 (bye 1), R2 5-3 1-2 (bye 4), R3 3-1 4-5 (bye 2), R4 1-4 2-3 (bye 5),
    # R5 4-2 5-1 (bye 3). White wins every game played; Cid (3) withdraws after round 2,
    # having played 2 of his 4 games: exactly half, so not annulled.
    # Then Dan (4) withdraws after round 3, having played 2 of 4 too (r1, r3), not annulled.
    for number in range(1, 6):
        if number == 3:
            ev.withdraw(d, event.id, "cid")
        if number == 4:
            ev.withdraw(d, event.id, "dan")
        event, _ = ev.pair_round(d, event.id)
        games = event.tournament.rounds[-1].games
        open_boards = [(b, "1-0") for b, g in enumerate(games, start=1) if g.result is None]
        if open_boards:
            event = ev.enter_results(d, event.id, open_boards)

    again = ev.Desk(open_store(), ticking_clock(), "arbiter")
    stored = ev.load(again, event.id)
    assert stored.settings.withdrawal_policy is policy
    rounds = stored.tournament.rounds
    assert [(g.white, g.black, g.result) for g in rounds[2].games] == [
        (3, 1, GameResult.BLACK_WINS_BY_FORFEIT),
        (4, 5, GameResult.WHITE_WINS),
    ]
    # Round 4: 1-4 is Dan's forfeit, 2-3 Cid's; round 5: Dan's forfeit to Bob, Cid's bye an
    # absence.
    assert [g.result for g in rounds[3].games] == [
        GameResult.WHITE_WINS_BY_FORFEIT,
        GameResult.WHITE_WINS_BY_FORFEIT,
    ]
    assert [g.result for g in rounds[4].games] == [
        GameResult.BLACK_WINS_BY_FORFEIT,
        GameResult.WHITE_WINS,
    ]
    assert [(b.player, b.kind) for b in rounds[4].byes] == [(3, ByeKind.ABSENT)]
    # Neither player is below half, so both policies keep the played games and count the
    # forfeits: Ann 0 (bye) + 1 (beat Bob) + 1 (+ Cid) + 1 (+ Dan) + 0 (lost to Eve) = 3;
    # Bob 1 (beat Eve) + 0 + 0 (bye) + 1 (+ Cid) + 1 (+ Dan) = 3; Cid 1 (beat Dan) + 0
    # (lost to Eve) = 1; Dan 0 + 0 (bye) + 1 (beat Eve) = 1; Eve 0 + 1 + 0 + 0 (bye) + 1 = 2.
    points = {row.name: row.points for row in ev.standings(stored).rows}
    assert points == {"Ann": 3, "Bob": 3, "Cid": 1, "Dan": 1, "Eve": 2}
    assert ev.rebuild(again, event.id).matched


def test_an_annulment_survives_a_new_connection(open_store: Callable[[], EventStore]) -> None:
    d = ev.Desk(open_store(), ticking_clock(), "arbiter")
    settings = EventSettings(
        "Club", System.ROTATION, withdrawal_policy=WithdrawalPolicy.ANNUL_IF_UNDER_HALF
    )
    event = ev.create_event(d, settings)
    for name in ("Ann", "Bob", "Cid", "Dan"):
        ev.register_player(d, event.id, name)
    ev.withdraw(d, event.id, "dan")  # before round 1: no game played, all annulled
    for _ in range(3):
        event, _ = ev.pair_round(d, event.id)
        games = event.tournament.rounds[-1].games
        open_boards = [(b, "=") for b, g in enumerate(games, start=1) if g.result is None]
        event = ev.enter_results(d, event.id, open_boards)
    table = ev.standings(ev.load(ev.Desk(open_store(), ticking_clock()), event.id))
    # Dan's three games were forfeits and count for nobody: the others drew their two games.
    assert [(r.name, r.points, r.annulled) for r in table.rows][-1] == ("Dan", 0, True)
    assert {r.name: r.points for r in table.rows[:3]} == {
        n: Fraction(1) for n in ("Ann", "Bob", "Cid")
    }
