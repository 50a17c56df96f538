"""The web application's frame: the store opened at start, the demo event, error pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service.demo import DEMO_PLAYERS
from fairpair.storage import open_store
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig


@pytest.fixture
def demo_app(tmp_path: Path) -> FastAPI:
    return create_app(WebConfig(store=str(tmp_path / "events.sqlite3"), demo=True))


@pytest.fixture
def client(demo_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(demo_app, raise_server_exceptions=False) as test_client:
        yield test_client


def test_an_empty_store_gets_the_demo_event_once(tmp_path: Path) -> None:
    target = str(tmp_path / "events.sqlite3")
    for _ in range(2):  # a restart must not add a second demo event
        with TestClient(create_app(WebConfig(store=target, demo=True))):
            pass
    store = open_store(target)
    try:
        (info,) = store.events()
        snapshot = store.load(info.id).tournament
    finally:
        store.close()
    assert [p.name for p in snapshot.players] == [name for name, _ in DEMO_PLAYERS]
    assert len(snapshot.rounds) == 3
    assert all(r.complete for r in snapshot.rounds[:2]) and not snapshot.rounds[2].complete


def test_without_demo_the_store_stays_empty(tmp_path: Path) -> None:
    with TestClient(create_app(WebConfig(store=":memory:"))) as test_client:
        page = test_client.get("/")
    assert page.status_code == 200
    assert "No event yet" in page.text


def test_the_event_list_links_each_event(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert 'href="/events/1"' in page.text and "Demo club round robin" in page.text


def test_an_unknown_page_is_a_readable_404(client: TestClient) -> None:
    page = client.get("/no/such/page")
    assert page.status_code == 404
    assert "<h1>404</h1>" in page.text
    assert client.get("/api/no/such/thing").json() == {"detail": "Not Found"}


def test_a_server_error_shows_no_stack_trace(demo_app: FastAPI, client: TestClient) -> None:
    @demo_app.get("/boom")
    def boom() -> None:
        raise RuntimeError("secret internals at line 42")

    page = client.get("/boom")
    assert page.status_code == 500
    assert "nothing was changed" in page.text
    assert "secret internals" not in page.text and "Traceback" not in page.text
