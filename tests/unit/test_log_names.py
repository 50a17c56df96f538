"""The audit log names each player as he was at the record: start numbers change at the
first Swiss pairing (by rating), names by an edit."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import MemoryStore


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def lines(d: ev.Desk, event_id: int) -> list[str]:
    event = ev.load(d, event_id)
    log = ev.history(d, event_id)
    return [ev.describe(r, event.tournament, log) for r in log]


def test_a_withdrawal_names_the_player_before_and_after_the_renumbering() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    # Out of rating order: the first pairing renumbers them 1 Müller, 2 Ode, 3 Novak, 4 Pim.
    for name, rating in (("Novak, Petr", 1800), ("Pim, Ada", 1700), ("Müller, Jonas", 2200)):
        ev.register_player(d, event.id, name, rating=rating)
    ev.register_player(d, event.id, "Ode, Ivo", rating=2000)
    ev.withdraw(d, event.id, "pim", 3)  # number 2 now, 4 after the renumbering
    ev.pair_round(d, event.id)
    assert ev.find_player(ev.load(d, event.id).tournament, "novak").id == 3
    ev.withdraw(d, event.id, "novak")
    ev.edit_player(d, event.id, "novak", {"name": "Novák, Petr"})
    shown = lines(d, event.id)
    assert "withdrew 2 Pim, Ada from round 3 on" in shown
    assert "withdrew 3 Novak, Petr from round 2 on" in shown
    assert not any("Müller" in line and "withdrew" in line for line in shown)


def test_an_old_record_without_names_is_read_through_the_renumbering() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    ev.register_player(d, event.id, "Low, Al", rating=1500)
    ev.register_player(d, event.id, "High, Bo", rating=2500)
    ev.withdraw(d, event.id, "low", 3)
    ev.pair_round(d, event.id)
    log = list(ev.history(d, event.id))
    # As a record written before records kept names: only the start number of then.
    old = next(r for r in log if r.action == "player.withdrawn")
    stripped = dataclasses.replace(old, payload={"player": 1, "round": 3})
    log[old.seq - 1] = stripped
    line = ev.describe(stripped, ev.load(d, event.id).tournament, log)
    assert line == "withdrew 1 Low, Al from round 3 on"
