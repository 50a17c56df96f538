"""One event's heavy work never stalls another event's public pages.

The app is served by uvicorn on a local port (as the browser tests do). While the director of
event A imports 100,000 players through the desk, the store's commit hook, called inside the
import's writing transaction, asks for event B's public standings over HTTP and waits for the
answer. The public page is answered only if neither the event loop (a route doing blocking
work on it) nor the database (a reader waiting for the writer) is held by the import: the test
proves it by order (the page came back before the import was committed), not by seconds.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
import pytest

from fairpair.core import Player
from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig
from tests.integration.stores import SQL_BACKENDS, database_url
from tests.web.desk_client import Browser, served

PLAYERS = 100_000
PASSWORD = "password-" + "x" * 8


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_public_pages_answer_while_another_event_imports(backend: str, tmp_path: Path) -> None:
    with database_url(backend, tmp_path) as url:
        setup = SqlStore(url)
        desk = ev.Desk(setup, lambda: datetime.now(UTC), "test")
        directors.add_director(desk, "anna", PASSWORD)
        a = ev.create_event(desk, EventSettings("Big open", System.DUTCH, rounds=9), "anna")
        b = ev.create_event(desk, EventSettings("Club final", System.DUTCH, rounds=5))
        field = [Player(i, f"Club player {i}", rating=2000 - i) for i in range(1, 9)]
        ev.import_players(desk, b.id, field)
        ev.pair_round(desk, b.id)
        setup.close()

        app = create_app(WebConfig(store=url, demo=False))
        order: list[str] = []
        public: list[httpx.Response] = []

        def inside_the_import(action: str) -> None:
            if action != "players.imported":
                return
            order.append("import writing")
            # The import holds the database's write lock and a worker thread from here to
            # its commit; a stalled server would let this request time out instead.
            public.append(httpx.get(f"{base}/events/{b.id}/standings", timeout=120))
            order.append("public page answered")

        with served(app) as base:
            app.state.store.close()
            app.state.store = SqlStore(url, before_commit=inside_the_import)
            with httpx.Client(base_url=base, timeout=300) as client:
                anna = Browser(client)  # type: ignore[arg-type]
                anna.sign_in("anna", PASSWORD)
                anna.get(f"/desk/events/{a.id}")
                names = "name\n" + "".join(f"Entrant {i}\n" for i in range(PLAYERS))
                page = anna.post(
                    f"/desk/events/{a.id}/players/import",
                    files={"file": ("open.csv", names.encode(), "text/csv")},
                )
                order.append("import committed")
            assert page.status_code == 303, page.text
            assert order == ["import writing", "public page answered", "import committed"]
            (standings,) = public
            assert standings.status_code == 200
            assert re.search(r"Club player 1\b", standings.text)
            assert len(app.state.store.load(a.id).tournament.players) == PLAYERS
