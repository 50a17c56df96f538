"""`event.edited` for the settings that decide pairings and scores: changed while what is
already paired or scored allows, refused with the reason otherwise, one undoable record."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fairpair.core import Colour
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import EventSettings, System, WithdrawalPolicy
from fairpair.storage import MemoryStore


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def swiss(d: ev.Desk, players: int = 4) -> ev.Event:
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for i in range(players):
        event, _ = ev.register_player(d, event.id, f"Player {i + 1}", rating=2000 - 10 * i)
    return event


def test_settings_change_before_round_1_in_one_undoable_record() -> None:
    d = desk()
    event = swiss(d)
    changed = ev.edit_event(
        d,
        event.id,
        {
            "rounds": "7",
            "points": "3,1,0",
            "tiebreaks": "BH, SB",
            "bye_limit": "half=2,last=2",
            "initial_colour": "black",
        },
    )
    s, t = changed.settings, changed.tournament
    assert (s.rounds, t.total_rounds, t.points.win, s.tiebreaks) == (7, 7, 30, ("BH", "SB"))
    assert (s.bye_limit.half, t.initial_colour) == (2, Colour.BLACK)
    record = ev.history(d, event.id)[-1]
    line = ev.describe(record, t)
    assert "number of rounds 7 (was 5)" in line
    assert "point system 3,1,0 (was 1,0.5,0)" in line
    assert "bye limit per player: at most 2 half-point byes" in line
    undone, _ = ev.undo(d, event.id)
    assert undone.settings == event.settings and undone.tournament == event.tournament
    assert ev.rebuild(d, event.id).matched


def test_what_the_paired_rounds_fix_is_refused_with_the_reason() -> None:
    d = desk()
    event = swiss(d)
    ev.pair_round(d, event.id)
    version = ev.load(d, event.id).version
    refusals = {
        "system": ("burstein", r"paired by Swiss \(FIDE Dutch\)"),
        "initial_colour": ("black", "round 1's colours were given with it"),
        "rounds": ("0", "number of rounds"),
    }
    for field, (value, why) in refusals.items():
        with pytest.raises(CommandError, match=why):
            ev.edit_event(d, event.id, {field: value})
    assert ev.load(d, event.id).version == version
    # Still free: more rounds, the point system while no result is in, tie-breaks.
    ev.edit_event(d, event.id, {"rounds": "6", "points": "1,0.5,0,1", "tiebreaks": "BH"})
    ev.enter_results(d, event.id, [(1, "1-0"), (2, "0-1")])
    with pytest.raises(CommandError, match="point system cannot change once results are in"):
        ev.edit_event(d, event.id, {"points": "3,1,0"})
    ev.pair_round(d, event.id)
    with pytest.raises(
        CommandError, match="2 rounds are already paired, so the event cannot have 1"
    ):
        ev.edit_event(d, event.id, {"rounds": 1})


def test_a_round_robin_keeps_its_schedule_once_paired() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Club RR", System.BERGER))
    for name in ("A", "B", "C", "D"):
        ev.register_player(d, event.id, name)
    changed = ev.edit_event(
        d, event.id, {"double": True, "withdrawal_policy": "annul_if_under_half"}
    )
    assert changed.settings.double
    assert changed.settings.withdrawal_policy is WithdrawalPolicy.ANNUL_IF_UNDER_HALF
    ev.pair_round(d, event.id)
    with pytest.raises(CommandError, match="schedule is fixed once round 1 is paired"):
        ev.edit_event(d, event.id, {"double": False})


def test_bad_settings_name_the_field() -> None:
    d = desk()
    event = swiss(d)
    with pytest.raises(FieldErrors) as caught:
        ev.edit_event(
            d,
            event.id,
            {"rounds": "many", "points": "x", "tiebreaks": "NOPE", "initial_colour": "red"},
        )
    errors = caught.value.errors
    assert set(errors) == {"rounds", "points", "initial_colour"}
    assert errors["initial_colour"].startswith("white or black")
    with pytest.raises(FieldErrors, match="tiebreaks: unknown tie-break 'NOPE'"):
        ev.edit_event(d, event.id, {"tiebreaks": "NOPE"})
    with pytest.raises(CommandError, match="round robins"):
        ev.edit_event(d, event.id, {"withdrawal_policy": "annul_if_under_half"})
