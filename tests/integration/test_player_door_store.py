"""The players' door over each store (the fake, SQLite, PostgreSQL when configured): codes
that follow their player and stay out of exports, the code throttle, check-in turned into
absences or withdrawals, self-drop refused once the round is paired, and undo."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fairpair.core import ByeKind
from fairpair.service import accounts
from fairpair.service import events as ev
from fairpair.service import players as pl
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, System
from fairpair.storage import EventStore
from tests.integration.stores import ticking_clock


def desk(store: EventStore, actor: str = "arbiter") -> ev.Desk:
    return ev.Desk(store, ticking_clock(), actor)


def open_swiss(d: ev.Desk) -> ev.Event:
    """Registered lowest rating first: round 1 gives the start numbers the other way."""
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for i, name in enumerate(("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")):
        ev.register_player(d, event.id, name, rating=1500 + 100 * i)
    return ev.load(d, event.id)


def test_codes_follow_their_player_through_renumbering_and_stay_out_of_exports(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    event = open_swiss(d)
    event = pl.issue_codes(d, event.id)
    codes = pl.door(d, event).codes
    assert sorted(codes) == [1, 2, 3, 4, 5, 6]
    assert len(set(codes.values())) == 6
    assert all(len(c) == pl.CODE_LENGTH and set(c) <= set(pl.CODE_ALPHABET) for c in codes.values())
    ann_code = codes[1]

    event, _ = ev.pair_round(d, event.id)
    ann = ev.find_player(event.tournament, "Ann")
    assert ann.id == 6  # the lowest rating: last start number
    other = desk(open_store())  # read back through another connection
    found = pl.player_by_code(other, event.id, ann_code.lower(), address="1.2.3.4")
    assert found is not None and found.name == "Ann"
    for kind in ("trf", "trf2026", "json", "csv"):
        text = ev.export(ev.load(other, event.id), kind)
        assert not [c for c in pl.door(other, event).codes.values() if c in text], kind


def test_a_new_code_ends_the_old_one_and_undo_brings_it_back(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    event = pl.issue_codes(d, open_swiss(d).id)
    old = pl.door(d, event).codes[2]
    event = pl.issue_codes(d, event.id, ["Bob"])
    new = pl.door(d, event).codes[2]
    assert new != old
    assert pl.player_by_code(d, event.id, old, address="a") is None
    bob = pl.player_by_code(d, event.id, new, address="a")
    assert bob is not None and bob.name == "Bob"
    assert ev.history(d, event.id)[-1].action == "player.codes.issued"
    ev.undo(d, event.id)
    back = pl.player_by_code(d, event.id, old, address="a")
    assert back is not None and back.name == "Bob"
    with pytest.raises(CommandError, match="every player has a code"):
        pl.issue_codes(d, event.id)


def test_code_attempts_are_throttled_per_address(open_store: Callable[[], EventStore]) -> None:
    d = desk(open_store())
    event = pl.issue_codes(d, open_swiss(d).id)
    limits = accounts.Limits(per_address=3, overall=100)
    for _ in range(3):
        assert pl.player_by_code(d, event.id, "WRONGCODE234", address="x", limits=limits) is None
    right = pl.door(d, event).codes[1]
    with pytest.raises(accounts.TooManyAttemptsError):
        pl.player_by_code(d, event.id, right, address="x", limits=limits)
    # another address is not locked out by this one
    assert pl.player_by_code(d, event.id, right, address="y", limits=limits) is not None


def test_check_in_then_the_missing_become_absent_in_one_undoable_step(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    event = open_swiss(d)
    with pytest.raises(CommandError, match="not open"):
        pl.check_in(d, event.id, "Ann")
    event = pl.open_check_in(d, event.id)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        event = pl.check_in(d, event.id, name)
    with pytest.raises(CommandError, match="already checked in"):
        pl.check_in(d, event.id, "Ann")
    assert [p.name for p in pl.missing(d, event)] == ["Eve", "Fay"]
    event = pl.mark_missing(d, event.id, "absent")
    assert ev.history(d, event.id)[-1].action == "checkin.missing"
    assert pl.missing(d, event) == ()
    event, _ = ev.pair_round(desk(open_store()), event.id)
    absent = {
        event.tournament.player(b.player).name
        for b in event.tournament.rounds[0].byes
        if b.kind is ByeKind.ABSENT
    }
    assert absent == {"Eve", "Fay"}
    assert len(event.tournament.rounds[0].games) == 2
    assert pl.door(d, event).check_in_round is None  # pairing closed it
    # undo the pairing and the absences: everyone is to be paired again
    event, _ = ev.undo(d, event.id, steps=2)
    assert len(event.tournament.players_to_pair()) == 6
    assert [p.name for p in pl.missing(d, event)] == ["Eve", "Fay"]


def test_the_missing_can_be_withdrawn_instead(open_store: Callable[[], EventStore]) -> None:
    d = desk(open_store())
    event = pl.open_check_in(d, open_swiss(d).id)
    event = pl.check_in(d, event.id, "Fay")
    event = pl.mark_missing(d, event.id, "withdrawn")
    assert sorted(pid for pid, _ in event.tournament.withdrawals) == [1, 2, 3, 4, 5]
    with pytest.raises(CommandError, match="'absent' or 'withdrawn'"):
        pl.mark_missing(d, event.id, "gone")


def test_self_drop_is_logged_as_the_player_and_refused_once_the_round_is_paired(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    event = open_swiss(d)
    event, _ = ev.pair_round(d, event.id)
    cy = ev.find_player(event.tournament, "Cy")
    me = ev.Desk(d.store, d.clock, pl.self_actor(cy))
    event = pl.self_drop(me, event.id, cy.id, 2)
    last = ev.history(d, event.id)[-1]
    assert (last.action, last.actor) == ("player.withdrawn", f"player {cy.id} Cy (self)")
    assert event.tournament.withdrawals == ((cy.id, 2),)
    ev.undo(d, event.id)  # the director takes it back
    event = ev.enter_results(d, event.id, [(b, "1-0") for b in range(1, 4)])
    event, _ = ev.pair_round(d, event.id)
    with pytest.raises(CommandError, match="round 2 is already paired"):
        pl.self_drop(me, event.id, cy.id, 2)
    assert ev.load(d, event.id).tournament.withdrawals == ()


def reporting_round(d: ev.Desk) -> tuple[ev.Event, int, int]:
    """Round 1 paired with self-reporting on: the event and board 1's White and Black."""
    event, _ = ev.pair_round(d, open_swiss(d).id)
    event = pl.switch_reporting(d, event.id, on=True)
    game = event.tournament.rounds[0].games[0]
    return event, game.white, game.black


def test_results_agreed_by_both_players_are_entered_as_reported_by_both(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    event, white, black = reporting_round(d)
    t = event.tournament
    me = ev.Desk(d.store, d.clock, pl.self_actor(t.player(white)))
    event = pl.report_result(me, event.id, white, 1, "1-0")
    assert event.tournament.rounds[0].games[0].result is None
    (flag,) = pl.reported_boards(d, event)
    assert (flag.board, flag.disagree, [p.id for p, _ in flag.reports]) == (1, False, [white])
    them = ev.Desk(d.store, d.clock, pl.self_actor(t.player(black)))
    event = pl.report_result(desk(open_store(), them.actor), event.id, black, 1, "1-0")
    assert event.tournament.rounds[0].games[0].result is not None
    last = ev.history(d, event.id)[-1]
    assert last.action == "results.entered"
    assert last.actor.endswith("reported by both")
    assert t.player(white).name in last.actor and t.player(black).name in last.actor
    assert pl.reported_boards(d, event) == ()


def test_a_disagreement_is_flagged_and_the_directors_entry_wins(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    event, white, black = reporting_round(d)
    pl.report_result(d, event.id, white, 1, "1-0")
    event = pl.report_result(d, event.id, black, 1, "0-1")
    assert event.tournament.rounds[0].games[0].result is None
    (flag,) = pl.reported_boards(d, event)
    assert flag.disagree and {text for _, text in flag.reports} == {"1-0", "0-1"}
    event = ev.enter_results(d, event.id, [(1, "1/2")])
    assert pl.reported_boards(d, event) == ()
    with pytest.raises(CommandError, match="has its result already"):
        pl.report_result(d, event.id, white, 1, "1-0")
    assert ev.load(d, event.id).tournament.rounds[0].games[0].result == (
        event.tournament.rounds[0].games[0].result
    )


def test_a_report_is_refused_for_another_board_a_bad_result_or_when_switched_off(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    event, white, _ = reporting_round(d)
    before = ev.load(d, event.id).version
    with pytest.raises(CommandError, match="you do not play on board 2"):
        pl.report_result(d, event.id, white, 2, "1-0")
    with pytest.raises(CommandError, match="is not a result"):
        pl.report_result(d, event.id, white, 1, "won")
    with pytest.raises(CommandError, match="no board 9"):
        pl.report_result(d, event.id, white, 9, "1-0")
    pl.switch_reporting(d, event.id, on=False)
    with pytest.raises(CommandError, match="the director enters the results"):
        pl.report_result(d, event.id, white, 1, "1-0")
    assert ev.load(d, event.id).version == before + 1
