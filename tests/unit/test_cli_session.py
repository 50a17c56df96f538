"""The event a director's command is about is found once (issue #20): each search reads the
store's list of events, and a command asks for its event many times."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from fairpair.cli.director import Session
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import EventInfo, MemoryStore, UnknownEventError

START = datetime(2026, 5, 1, tzinfo=UTC)


class CountingStore(MemoryStore):
    """A memory store that counts how often the list of events is read."""

    def __init__(self) -> None:
        super().__init__()
        self.lists = 0

    def events(self) -> Sequence[EventInfo]:
        self.lists += 1
        return super().events()


def desk_with(store: CountingStore, *names: str) -> ev.Desk:
    """A desk whose clock moves a minute each time it is read, with these events."""
    minutes = itertools.count()
    desk = ev.Desk(store, lambda: START + timedelta(minutes=next(minutes)), "arbiter")
    for name in names:
        ev.create_event(desk, EventSettings(name, rounds=5))
    return desk


@pytest.mark.parametrize("ref", [None, "Spring open", "spring OPEN", "1"])
def test_a_command_reads_the_list_of_events_once(ref: str | None) -> None:
    store = CountingStore()
    desk = desk_with(store, "Spring open", "Autumn open")
    if ref is None:  # the one changed last: make it the first
        ev.register_player(desk, 1, "Anna")
    store.lists = 0
    session = Session(desk, ref)
    found = {session.event_id() for _ in range(3)}
    assert session.event().info.name == "Spring open"
    assert session.system() is System.DUTCH
    assert found == {1}
    assert store.lists == 1


def test_the_guess_is_named_once_when_several_events_exist(
    capsys: pytest.CaptureFixture[str],
) -> None:
    store = CountingStore()
    desk = desk_with(store, "Spring open", "Autumn open")
    session = Session(desk, None)
    session.event_id()
    session.event_id()
    assert capsys.readouterr().err == "fairpair: event 'Autumn open' (the one changed last)\n"


def test_an_unknown_event_is_still_refused_with_the_names() -> None:
    desk = desk_with(CountingStore(), "Spring open")
    with pytest.raises(UnknownEventError, match="'Spring open'"):
        Session(desk, "Winter").event_id()
