"""Which version of an event the public pages show, on SQLite and PostgreSQL (issue #20).

Two apps on one database stand for two ``fairpair serve`` processes, and a third store for the
director's desk. A rendering is held up on purpose (a real one, made to wait on a gate in the
thread that prepares the next version) to see what the other requests get meanwhile:
- one rendering per page and version, and the requests that ask for it meanwhile wait for it;
- a large event keeps showing the version it showed while the next one is prepared, for no
  longer than ``WebConfig.previous_version_seconds``; then its pages show the change;
- a small event, or a bound of 0, always shows the current version;
- a phone that holds a newer page than the server has ready gets a 304, never the older page.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service import events as ev
from fairpair.storage.sql import SqlStore
from fairpair.web import public, reading, views
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig
from tests.integration.stores import SQL_BACKENDS, database_url
from tests.web.public_events import dutch_event, read_table

WAIT = 20.0
"""Seconds a test waits for a thread before it fails (a hang is a failure, not a stall)."""


@pytest.fixture(params=SQL_BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_url(request.param, tmp_path) as found:
        yield found


@contextmanager
def server(url: str, **config: Any) -> Iterator[tuple[FastAPI, TestClient]]:
    app = create_app(WebConfig(store=url, **config))
    with TestClient(app, raise_server_exceptions=True) as client:
        yield app, client


@contextmanager
def director(url: str) -> Iterator[ev.Desk]:
    store = SqlStore(url)
    try:
        yield ev.Desk(store, lambda: datetime(2026, 5, 1, 9, 0, tzinfo=UTC), "arbiter")
    finally:
        store.close()


class Gate:
    """Holds up the standings of the thread that prepares a version, while closed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.open = threading.Event()
        self.open.set()
        self.waiting = threading.Event()
        real = views.standings_view

        def standings_view(event: ev.Event) -> views.StandingsView:
            if threading.current_thread().name.startswith("fairpair-prepare"):
                self.waiting.set()
                assert self.open.wait(WAIT), "the gate was never opened"
            return real(event)

        monkeypatch.setattr(views, "standings_view", standings_view)

    def close(self) -> None:
        self.open.clear()
        self.waiting.clear()


def in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    answers: list[Any] = []
    thread = threading.Thread(target=lambda: answers.append(call()), daemon=True)
    thread.start()
    return thread, answers


def round_results(html: str) -> list[str]:
    return [row.cells[3] for row in read_table(html, "pairings").rows]


def test_a_large_event_shows_its_previous_version_while_the_next_is_prepared(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every page counts as costly: each is rendered again before a new version is shown.
    monkeypatch.setattr(reading, "_PREPARE_FROM", 0.0)
    gate = Gate(monkeypatch)
    with (
        director(url) as desk,
        server(url, previous_version_from_ms=0, previous_version_seconds=60) as (_, client),
    ):
        event = dutch_event(desk, players=8, rounds_played=1)
        pages = [f"/events/{event.id}/rounds/2", f"/events/{event.id}/standings"]
        before = {path: client.get(path) for path in pages}
        assert round_results(before[pages[0]].text) == [""] * 4

        gate.close()
        ev.enter_results(desk, event.id, [(1, "1-0")])
        first, _ = in_thread(lambda: client.get(pages[0]))
        first.join(WAIT)
        assert gate.waiting.wait(WAIT)  # the next version's standings are being rendered
        # Meanwhile every page answers at once, at the version shown before, with its tag.
        for path in pages:
            thread, answers = in_thread(lambda path=path: client.get(path))
            thread.join(WAIT)
            assert not thread.is_alive(), f"{path} waited for the rendering of another page"
            assert answers[0].status_code == 200
            assert answers[0].headers["etag"] == before[path].headers["etag"]
            assert answers[0].text == before[path].text

        gate.open.set()
        deadline = time.monotonic() + WAIT
        while client.get(pages[0]).headers["etag"] == before[pages[0]].headers["etag"]:
            assert time.monotonic() < deadline, "the new version was never shown"
            time.sleep(0.02)
        after = client.get(pages[0])
        assert round_results(after.text)[0] == "1-0"
        standings = client.get(pages[1])
        assert standings.headers["etag"] != before[pages[1]].headers["etag"]
        assert standings.text != before[pages[1]].text
        # Once shown, a version never gives way to an older one.
        for _ in range(5):
            assert round_results(client.get(pages[0]).text)[0] == "1-0"


def test_past_the_bound_a_page_waits_for_the_change(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "_PREPARE_FROM", 0.0)
    gate = Gate(monkeypatch)
    with (
        director(url) as desk,
        server(url, previous_version_from_ms=0, previous_version_seconds=0) as (_, client),
    ):
        event = dutch_event(desk, players=8, rounds_played=1)
        path = f"/events/{event.id}/rounds/2"
        client.get(f"/events/{event.id}/standings")
        client.get(path)
        gate.close()
        ev.enter_results(desk, event.id, [(2, "0-1")])
        thread, answers = in_thread(lambda: client.get(path))
        assert gate.waiting.wait(WAIT)
        thread.join(0.5)
        assert thread.is_alive(), "a page showed the previous version past the bound"
        gate.open.set()
        thread.join(WAIT)
        assert round_results(answers[0].text)[1] == "0-1"


def test_a_small_event_shows_a_change_made_elsewhere_at_once(url: str) -> None:
    with director(url) as desk, server(url) as (_, one), server(url) as (_, other):
        event = dutch_event(desk, players=8, rounds_played=1)
        path = f"/events/{event.id}/rounds/2"
        for client in (one, other):
            assert round_results(client.get(path).text) == [""] * 4
        for board, result in enumerate(("1-0", "0-1", "1-0"), start=1):
            ev.enter_results(desk, event.id, [(board, result)])
            for client in (one, other):
                shown = round_results(client.get(path).text)
                assert shown[board - 1] != "", (board, shown)


def test_one_rendering_per_page_and_version_however_many_ask(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered: list[str] = []
    release = threading.Event()
    real = public._page

    def page(request: Any, name: str, *args: Any) -> Any:
        rendered.append(name)
        assert release.wait(WAIT)
        return real(request, name, *args)

    with director(url) as desk, server(url) as (_, client):
        event = dutch_event(desk, players=8, rounds_played=1)
        path = f"/events/{event.id}/standings"
        expected = client.get(path).text
        ev.enter_results(desk, event.id, [(1, "1-0")])
        monkeypatch.setattr(public, "_page", page)
        asking = [in_thread(lambda: client.get(path)) for _ in range(6)]
        deadline = time.monotonic() + WAIT
        while not rendered:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        time.sleep(0.2)  # the other five ask while the first renders
        release.set()
        for thread, _ in asking:
            thread.join(WAIT)
        bodies = {answers[0].text for _, answers in asking}
        assert rendered == ["standings"]
        assert len(bodies) == 1 and bodies != {expected}


def test_a_phone_holding_a_newer_page_never_gets_an_older_one(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "_PREPARE_FROM", 0.0)
    gate = Gate(monkeypatch)
    config = {"previous_version_from_ms": 0, "previous_version_seconds": 60}
    with (
        director(url) as desk,
        server(url, **config) as (_, slow),
        server(url, **config) as (_, other),
    ):
        event = dutch_event(desk, players=8, rounds_played=1)
        path = f"/events/{event.id}/rounds/2"
        slow.get(f"/events/{event.id}/standings")
        old = slow.get(path).headers["etag"]
        gate.close()
        ev.enter_results(desk, event.id, [(3, "1-0")])
        # The other server, new to the event, renders the page as it is now (in the
        # request: nothing to prepare again), and the phone keeps its tag.
        newer = other.get(path)
        assert round_results(newer.text)[2] == "1-0"
        thread, _ = in_thread(lambda: slow.get(path))
        assert gate.waiting.wait(WAIT)  # the slow server prepares the new version
        thread.join(WAIT)
        # A phone without the page gets the version shown; one with the newer page, a 304.
        assert slow.get(path).headers["etag"] == old
        kept = slow.get(path, headers={"If-None-Match": newer.headers["etag"]})
        assert kept.status_code == 304 and kept.headers["etag"] == newer.headers["etag"]
        gate.open.set()


def test_a_round_paired_meanwhile_is_shown_not_refused(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "_PREPARE_FROM", 0.0)
    gate = Gate(monkeypatch)
    config = {"previous_version_from_ms": 0, "previous_version_seconds": 60}
    with director(url) as desk, server(url, **config) as (_, client):
        event = dutch_event(desk, players=8, rounds_played=1)
        client.get(f"/events/{event.id}/standings")
        client.get(f"/events/{event.id}/rounds/2")
        gate.close()
        ev.enter_results(desk, event.id, [(b, "1-0") for b in range(1, 5)])
        ev.pair_round(desk, event.id)
        # The version shown has no round 3: the page waits for the new version, no 404.
        thread, answers = in_thread(lambda: client.get(f"/events/{event.id}/rounds/3"))
        assert gate.waiting.wait(WAIT)
        thread.join(0.3)
        assert thread.is_alive()
        gate.open.set()
        thread.join(WAIT)
        assert answers[0].status_code == 200
        assert round_results(answers[0].text) == [""] * 4
