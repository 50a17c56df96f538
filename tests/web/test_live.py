"""The live pages' watcher: one read of the store per tick whatever the number of phones, a
change seen by every connection once, a change made by another app server seen too, a
connection gone forgotten; and its HTTP stream (404, 503, a closed client)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
import pytest

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings
from fairpair.storage import EventStore, UnknownEventError, open_store
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig
from fairpair.web.live import LiveHub, TooManyWatchers
from tests.integration.stores import SQL_BACKENDS, database_url
from tests.web.desk_client import served

TICK = 0.02


class Versions:
    """An event's version as a test sets it, counting the reads the hub makes."""

    def __init__(self) -> None:
        self.version = 1
        self.reads = 0
        self._lock = threading.Lock()

    def __call__(self, event_id: int) -> int:
        if event_id != 7:
            raise UnknownEventError(event_id)
        with self._lock:
            self.reads += 1
            return self.version


def _run(coroutine: Coroutine[object, object, None]) -> None:
    """Run a test's coroutine on a thread of its own: the Playwright fixtures of a browser
    test that ran earlier in the same worker leave an event loop running on this one."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, coroutine).result()


async def _next(subscription: object, timeout: float = 5.0) -> int | None:
    return await asyncio.wait_for(subscription.next_version(), timeout)  # type: ignore[attr-defined]


def test_a_change_reaches_every_connection_once_with_one_read_per_tick() -> None:
    versions = Versions()

    async def run() -> None:
        hub = LiveHub(versions, poll_seconds=TICK, per_event=500)
        phones = [await hub.subscribe(7) for _ in range(200)]
        assert versions.reads == 1, "only the first connection of an event reads its version"
        assert {p.version for p in phones} == {1}
        started = time.monotonic()
        reads_before = versions.reads
        versions.version = 4
        seen = await asyncio.gather(*(_next(p) for p in phones))
        assert seen == [4] * 200
        elapsed = time.monotonic() - started
        # One read a tick for the event, not one per phone (that would be 200 a tick).
        assert versions.reads - reads_before <= elapsed / TICK + 2
        # Each connection is told once: nothing more comes while the version stays.
        with pytest.raises(TimeoutError):
            await _next(phones[0], timeout=5 * TICK)
        for phone in phones:
            hub.unsubscribe(phone)
        assert hub.watched() == {}

    _run(run())


def test_a_connection_gone_is_forgotten_and_the_last_one_stops_the_watcher() -> None:
    versions = Versions()

    async def run() -> None:
        hub = LiveHub(versions, poll_seconds=TICK, per_event=10)
        first, second = await hub.subscribe(7), await hub.subscribe(7)
        assert hub.watched() == {7: 2}
        hub.unsubscribe(first)
        hub.unsubscribe(first)  # the stream's end and its background task both give it back
        assert hub.watched() == {7: 1}
        versions.version = 2
        assert await _next(second) == 2
        hub.unsubscribe(second)
        assert hub.watched() == {}
        reads = versions.reads
        await asyncio.sleep(10 * TICK)
        assert versions.reads == reads, "no watcher reads an event nobody watches"

    _run(run())


def test_an_event_takes_a_limited_number_of_connections_and_unknown_events_none() -> None:
    versions = Versions()

    async def run() -> None:
        hub = LiveHub(versions, poll_seconds=TICK, per_event=3)
        phones = [await hub.subscribe(7) for _ in range(3)]
        with pytest.raises(TooManyWatchers):
            await hub.subscribe(7)
        hub.unsubscribe(phones[0])
        phones[0] = await hub.subscribe(7)  # a place freed is taken again
        with pytest.raises(UnknownEventError):
            await hub.subscribe(8)
        assert hub.watched() == {7: 3}

    _run(run())


def test_stopping_the_hub_ends_every_stream() -> None:
    versions = Versions()

    async def run() -> None:
        hub = LiveHub(versions, poll_seconds=TICK, per_event=10)
        phones = [await hub.subscribe(7) for _ in range(3)]
        waiting = [asyncio.create_task(_next(p)) for p in phones]
        await asyncio.sleep(TICK)
        await asyncio.to_thread(hub.stop)  # from another thread, as the server's owner does
        assert await asyncio.gather(*waiting) == [None, None, None]

    _run(run())


@pytest.fixture(params=SQL_BACKENDS)
def two_servers_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_url(request.param, tmp_path) as url:
        yield url


def _desk(store: EventStore) -> ev.Desk:
    return ev.Desk(store, lambda: datetime.now(UTC), "test")


def test_a_change_made_by_another_app_server_on_the_same_database_is_seen(
    two_servers_store: str,
) -> None:
    here, there = open_store(two_servers_store), open_store(two_servers_store)
    try:
        event = ev.create_event(_desk(there), EventSettings(name="Two servers", rounds=3))

        async def run() -> None:
            hub = LiveHub(lambda i: here.event(i).version, poll_seconds=0.05, per_event=10)
            phone = await hub.subscribe(event.id)
            assert phone.version == event.version
            players = [Player(id=i, name=f"Player {i}") for i in range(1, 5)]
            changed = await asyncio.to_thread(ev.import_players, _desk(there), event.id, players)
            assert await _next(phone) == changed.version > event.version
            hub.unsubscribe(phone)

        _run(run())
    finally:
        here.close()
        there.close()


def test_the_stream_over_http_sends_the_version_refuses_beyond_the_limit_and_forgets_a_client(
    tmp_path: Path,
) -> None:
    url = str(tmp_path / "events.sqlite3")
    app = create_app(WebConfig(store=url, live_connections=1))
    with served(app) as base:
        store = open_store(url)
        try:
            event = ev.create_event(_desk(store), EventSettings(name="Streamed", rounds=3))
            assert httpx.get(f"{base}/events/999/live").status_code == 404
            with (
                httpx.Client(base_url=base, timeout=10) as phone,
                phone.stream("GET", f"/events/{event.id}/live") as stream,
            ):
                assert stream.status_code == 200
                assert stream.headers["content-type"].startswith("text/event-stream")
                lines = stream.iter_lines()
                assert next(lines) == "event: version"
                assert next(lines) == f"data: {event.version}"
                full = httpx.get(f"{base}/events/{event.id}/live")
                assert full.status_code == 503
                assert "as many live pages open" in full.text
                players = [Player(id=i, name=f"Player {i}") for i in range(1, 5)]
                changed = ev.import_players(_desk(store), event.id, players)
                rest = [line for line in (next(lines) for _ in range(3)) if line]
                assert rest == ["event: version", f"data: {changed.version}"]
                assert app.state.live.watched() == {event.id: 1}
            deadline = time.monotonic() + 10
            while app.state.live.watched() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert app.state.live.watched() == {}, "a client gone is forgotten"
        finally:
            store.close()
