"""Undo and redo over each store (the fake, SQLite, PostgreSQL when configured): several
records in one transaction, the version check, and the log read back through another
connection replaying to the saved snapshot."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, System
from fairpair.storage import ConcurrencyError, EventStore
from tests.integration.stores import ticking_clock
from tests.integration.test_store_contract import played_event, record


def desk(store: EventStore, actor: str = "arbiter") -> ev.Desk:
    return ev.Desk(store, ticking_clock(), actor)


def test_several_records_are_appended_at_once_or_not_at_all(store: EventStore) -> None:
    info = store.create_event("Open", "dutch", {}, record("event.created"), played_event())
    info = store.append_many(info.id, 1, [record("a", n=1), record("b", n=2)], played_event())
    assert info.version == 3
    assert [(r.seq, r.action) for r in store.log(info.id)] == [
        (1, "event.created"),
        (2, "a"),
        (3, "b"),
    ]
    with pytest.raises(ConcurrencyError, match="reload"):
        store.append_many(info.id, 2, [record("c"), record("d")], played_event())
    assert [r.action for r in store.log(info.id)] == ["event.created", "a", "b"]
    assert store.event(info.id).version == 3


def swiss(d: ev.Desk) -> ev.Event:
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for i, name in enumerate(("Ann", "Bob", "Cy", "Dee", "Eve")):
        ev.register_player(d, event.id, name, rating=2000 - 50 * i)
    return ev.load(d, event.id)


def test_a_wrong_result_batch_is_undone_and_redone_through_the_store(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    event = swiss(d)
    event, _ = ev.pair_round(d, event.id)
    paired = event.tournament
    played = ev.enter_results(d, event.id, [(b, "1-0") for b in range(1, 3)])
    wrong = ev.grant_bye(d, event.id, "bob", 2, "half")

    undone, taken = ev.undo(d, event.id, steps=2)
    assert [r.action for r in taken] == ["bye.granted", "results.entered"]
    other = desk(open_store(), "deputy")  # another connection reads what was committed
    stored = ev.load(other, event.id)
    assert stored.version == wrong.version + 2
    assert stored.tournament == undone.tournament == paired
    assert ev.rebuild(other, event.id).matched

    redone, _ = ev.redo(other, event.id)
    assert redone.tournament == played.tournament
    with pytest.raises(ConcurrencyError):
        ev.redo(d, event.id, expected_version=stored.version)  # the deputy was first
    assert ev.load(d, event.id).tournament == played.tournament
    log = ev.history(d, event.id)
    assert [r.action for r in log][-4:] == [
        "bye.granted",
        "action.undone",
        "action.undone",
        "action.redone",
    ]
    assert ev.undo_history(log).undone_by == {wrong.version: wrong.version + 1}
    assert ev.rebuild(d, event.id).matched


def test_a_refused_undo_writes_nothing(store: EventStore) -> None:
    d = desk(store)
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    ev.register_player(d, event.id, "Ann")
    with pytest.raises(CommandError, match="only 1 change can be undone, not 2"):
        ev.undo(d, event.id, steps=2)
    with pytest.raises(CommandError, match="nothing to redo"):
        ev.redo(d, event.id)
    assert [r.action for r in ev.history(d, event.id)] == ["event.created", "player.registered"]
    assert ev.load(d, event.id).tournament.players[0].name == "Ann"
