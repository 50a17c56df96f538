"""The venue screen's round clock and announcement: logged commands kept with the event, the
same for every reader of the store, passed over by undo, refused field by field."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from fairpair.core import Player
from fairpair.service import actions
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import EventSettings
from fairpair.service.venue import ClockStep, RoundClock
from fairpair.storage import open_store
from tests.integration.stores import SQL_BACKENDS, database_url

START = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(params=SQL_BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_url(request.param, tmp_path) as url:
        yield url


def test_the_clock_runs_pauses_and_resets_as_every_reader_of_the_store_sees_it(
    store_url: str,
) -> None:
    store, other = open_store(store_url), open_store(store_url)
    try:
        clock = Clock()
        desk = ev.Desk(store, clock, "chief")
        event = ev.create_event(desk, EventSettings(name="Clocked open", rounds=5))
        event = ev.set_clock(desk, event.id, ClockStep.START, "60")
        clock.now += timedelta(minutes=10, seconds=30)
        seen = ev.load(ev.Desk(other, clock, "screen"), event.id).settings.venue.clock
        assert seen == RoundClock(3600, START, 0)
        assert seen.left(clock.now) == 3600 - 630

        event = ev.set_clock(desk, event.id, ClockStep.PAUSE)
        paused = event.settings.venue.clock
        assert paused is not None and not paused.running
        clock.now += timedelta(minutes=5)  # a pause does not count
        assert paused.left(clock.now) == 3600 - 630

        event = ev.set_clock(desk, event.id, ClockStep.START)
        clock.now += timedelta(minutes=1)
        running = ev.load(ev.Desk(other, clock, "screen"), event.id).settings.venue.clock
        assert running is not None and running.left(clock.now) == 3600 - 630 - 60

        event = ev.set_clock(desk, event.id, ClockStep.RESET, 45)
        assert event.settings.venue.clock == RoundClock(45 * 60)
        log = store.log(event.id)
        assert [r.action for r in log[-4:]] == ["clock.set"] * 4
        assert {r.actor for r in log[-4:]} == {"chief"}
        assert ev.describe(log[-4], event.tournament).startswith("started the round clock")
    finally:
        store.close()
        other.close()


def test_undo_passes_over_the_clock_and_the_announcement(store_url: str) -> None:
    store = open_store(store_url)
    try:
        desk = ev.Desk(store, Clock(), "chief")
        event = ev.create_event(desk, EventSettings(name="Undo open", rounds=5))
        players = [Player(i, f"Player {i}") for i in range(1, 5)]
        event = ev.import_players(desk, event.id, players)
        event = ev.announce(desk, event.id, "  Round 1   starts at 10:00 ")
        assert event.settings.venue.announcement == "Round 1 starts at 10:00"
        event = ev.set_clock(desk, event.id, ClockStep.START, 30)
        event, undone = ev.undo(desk, event.id)
        assert [r.action for r in undone] == ["players.imported"]
        assert event.tournament.players == ()
        assert event.settings.venue.announcement == "Round 1 starts at 10:00"
        assert event.settings.venue.clock is not None and event.settings.venue.clock.running
        assert ev.rebuild(desk, event.id).matched
        replayed, _ = actions.replay_event((r.action, r.payload) for r in store.log(event.id))
        assert replayed.venue == event.settings.venue
    finally:
        store.close()


def test_wrong_input_names_its_field_and_changes_nothing() -> None:
    store = open_store(":memory:")
    try:
        desk = ev.Desk(store, Clock(), "chief")
        event = ev.create_event(desk, EventSettings(name="Refusals", rounds=5))
        for minutes, words in (("ten", "not a whole number"), ("0", "1 to 1440"), (2000, "1 to")):
            with pytest.raises(FieldErrors) as refused:
                ev.set_clock(desk, event.id, ClockStep.START, minutes)
            assert set(refused.value.errors) == {"minutes"}
            assert words in refused.value.errors["minutes"]
        with pytest.raises(CommandError, match="not running"):
            ev.set_clock(desk, event.id, ClockStep.PAUSE)
        with pytest.raises(FieldErrors) as refused:
            ev.announce(desk, event.id, "x" * 201)
        assert set(refused.value.errors) == {"announcement"}
        assert store.event(event.id).version == event.version
        ev.set_clock(desk, event.id, ClockStep.START)
        with pytest.raises(CommandError, match="already running"):
            ev.set_clock(desk, event.id, ClockStep.START)
    finally:
        store.close()
