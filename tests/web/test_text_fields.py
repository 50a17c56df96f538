"""Text fields at every door (desk, API, CLI), on SQLite and PostgreSQL: at most 200
characters, one line, no NUL, no lone surrogate and no bidirectional override; refused with
the field named, nothing stored."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings
from fairpair.service.text_fields import text_problem
from fairpair.web.config import WebConfig
from tests.integration.stores import SQL_BACKENDS, database_url
from tests.web.desk_client import Browser, add_director, running, service_desk

INJECTED = "Open\n012 Injected\nXXR 1"
JSON = {"content-type": "application/json"}
BAD_TEXTS = {
    "a NUL": ("Ada\x00Byron", "NUL"),
    # The API's model refuses it first ("not a valid ... unicode string"), the service else.
    "a lone surrogate": ("Ada \ud800", "surrogate|unicode"),
    "a line break": ("Ada\r\n001 Injected", "one line"),
    "TRF records": (INJECTED, "one line"),
    "a line separator": ("Ada\u2028Byron", "one line"),
    "201 characters": ("A" * 201, "at most 200"),
    # A right-to-left override shows "Ada Byron" on every sheet as "noryB adA".
    "a bidi override": ("\u202eAda Byron", "reading direction"),
    "a bidi isolate": ("Ada \u2067Byron", "reading direction"),
}


@pytest.fixture(params=SQL_BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_url(request.param, tmp_path) as made:
        yield made


@pytest.fixture
def api(url: str) -> Iterator[tuple[FastAPI, TestClient, tuple[str, str]]]:
    with running(WebConfig(store=url)) as (app, client):
        yield app, client, ("anna", add_director(app, "anna"))


def stored(app: FastAPI) -> list[tuple[str, int, int]]:
    """Each event's name, version and number of players."""
    desk = service_desk(app)
    return [
        (e.name, e.version, len(desk.store.load(e.id).tournament.players))
        for e in desk.store.events()
    ]


@pytest.mark.parametrize("bad", BAD_TEXTS, ids=list(BAD_TEXTS))
def test_the_api_refuses_a_bad_text_naming_the_field(
    api: tuple[FastAPI, TestClient, tuple[str, str]], bad: str
) -> None:
    app, client, anna = api
    text, said = BAD_TEXTS[bad]
    made = client.post("/api/events", json={"name": "Open", "rounds": 5}, auth=anna)
    assert made.status_code == 201, made.text
    event_id = made.json()["id"]
    before = stored(app)
    for field in ("name", "club"):
        body = json.dumps({"name": "Ada", field: text})  # a surrogate as a JSON escape
        answer = client.post(
            f"/api/events/{event_id}/players", content=body, auth=anna, headers=JSON
        )
        assert answer.status_code == 422, answer.text
        (problem,) = answer.json()["detail"]
        assert problem["loc"][-1] == field and re.search(said, problem["msg"]), problem
    body = json.dumps({"name": text, "rounds": 5})
    answer = client.post("/api/events", content=body, auth=anna, headers=JSON)
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"][0]["loc"][-1] == "name"
    assert stored(app) == before


def test_the_desk_refuses_bad_texts_naming_the_field(url: str) -> None:
    with running(WebConfig(store=url, signup=True)) as (app, client):
        anna = Browser(client)
        anna.sign_up("anna", "anna's password")
        anna.get("/desk/events/new")
        form = {"system": "dutch", "rounds": "3", "points": "", "tiebreaks": ""}
        page = anna.post("/desk/events/new", {**form, "name": INJECTED})
        assert page.status_code == 422
        page = anna.post("/desk/events/new", {**form, "name": "Open\x00"})
        assert page.status_code == 422 and "NUL" in page.text
        page = anna.post("/desk/events/new", {**form, "name": "Spring open"})
        assert page.status_code == 303
        event_id = service_desk(app).store.events()[0].id
        before = stored(app)
        anna.get(f"/desk/events/{event_id}")
        for field in ("name", "club", "title"):
            page = anna.post(
                f"/desk/events/{event_id}/players", {"name": "Ada", field: "Ada\x00Byron"}
            )
            assert page.status_code == 422, (field, page.text)
            assert f'id="player-{field}-error"' in page.text
        anna.get(f"/desk/events/{event_id}")
        action = f"/desk/events/{event_id}/details"
        page = anna.submit(action, {"name": "Open", "city": "Oslo\x00"})
        assert page.status_code == 422 and "NUL" in page.text
        assert stored(app) == before


def test_the_cli_refuses_bad_texts_with_one_line_and_exit_2(url: str) -> None:
    app = typer.Typer()
    commands.register(app)

    def run(*args: str) -> tuple[int, str]:
        done = CliRunner().invoke(app, [*args, "--db", url])
        assert "Traceback" not in done.output
        return done.exit_code, done.stderr

    assert run("event", "create", INJECTED, "--rounds", "5")[0] == 2
    assert run("event", "create", "Open", "--rounds", "5") == (0, "")
    code, said = run("player", "add", "Ada\x00Byron")
    assert code == 2 and "name" in said and "NUL" in said and said.count("\n") == 1
    code, said = run("player", "add", "Ada", "--club", "Oslo \udcff")
    assert code == 2 and "club" in said and "surrogate" in said
    assert run("event", "edit", "--city", "Oslo\nXXR 9")[0] == 2
    assert run("event", "edit", "--name", INJECTED)[0] == 2
    code, _ = run("player", "add", "Ada")
    assert code == 0


def test_an_import_with_a_bad_text_names_the_player_and_stores_none(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from fairpair.core import Player
    from fairpair.service.errors import CommandError
    from fairpair.storage import open_store

    desk = ev.Desk(open_store(":memory:"), lambda: datetime.now(UTC))
    event = ev.create_event(desk, EventSettings("Open", rounds=5))
    players = [Player(id=1, name="Ada"), Player(id=2, name="Boris", club="Club\x00")]
    with pytest.raises(CommandError, match=r"player 2: club: holds a NUL"):
        ev.import_players(desk, event.id, players)
    assert ev.load(desk, event.id).tournament.players == ()


def test_an_export_the_trf_has_no_room_for_is_an_error_page_not_a_500(tmp_path: Path) -> None:
    with running(WebConfig(store=str(tmp_path / "events.sqlite3"), signup=True)) as (app, client):
        anna = Browser(client)
        anna.sign_up("anna", "anna's password")
        desk = service_desk(app, "anna")
        event = ev.create_event(desk, EventSettings("Open", rounds=5), owner="anna")
        # Stored before titles were checked: the service takes a player's fields as given.
        ev.register_player(desk, event.id, "Ada", title="WGMX")
        page = anna.get(f"/desk/events/{event.id}/export/trf")
        assert page.status_code == 400
        assert "cannot write the TRF: title &#39;WGMX&#39;" in page.text
        assert anna.get(f"/desk/events/{event.id}/export/json").status_code == 200


def test_right_to_left_names_with_direction_marks_are_text() -> None:
    # Names in Hebrew or Arabic, and the plain direction marks they may carry, are welcome.
    assert text_problem("\u05d3\u05d5\u05d3 \u05dc\u05d5\u05d9") is None
    assert text_problem("\u0639\u0644\u064a\u200f (IM)") is None
    assert text_problem("Ada \u200eByron") is None
