"""The desk's new-event form and ``POST /api/events`` give an event its game's defaults, as
the command line does (the service decides)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service import events as ev
from fairpair.service.settings import Game
from fairpair.web.config import WebConfig
from tests.web.desk_client import Browser, add_director, running, service_desk
from tests.web.public_events import read_table


@pytest.fixture
def api() -> Iterator[tuple[FastAPI, TestClient, tuple[str, str]]]:
    with running(WebConfig(store=":memory:")) as (app, client):
        password = add_director(app, "anna")
        yield app, client, ("anna", password)


def _made(app: FastAPI, event_id: int) -> ev.Event:
    return ev.load(service_desk(app), event_id)


def test_the_api_gives_a_casual_swiss_the_card_game_defaults(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    _, client, anna = api
    made = client.post(
        "/api/events", json={"name": "Friday Magic", "system": "casual", "rounds": 4}, auth=anna
    )
    assert made.status_code == 201, made.text
    detail = client.get(f"/api/events/{made.json()['id']}", auth=anna).json()
    assert detail["points"] == {"win": "3", "draw": "1", "loss": "0"}
    assert detail["tiebreaks"] == ["OMW", "GW", "OGW"]


def test_the_api_takes_the_game_go(api: tuple[FastAPI, TestClient, tuple[str, str]]) -> None:
    app, client, anna = api
    made = client.post("/api/events", json={"name": "Go", "game": "go", "rounds": 4}, auth=anna)
    assert made.status_code == 201, made.text
    event = _made(app, made.json()["id"])
    assert event.settings.game is Game.GO and event.settings.system.value == "casual"
    assert event.settings.chosen_tiebreaks == ("SOS", "SOSOS")


def test_the_api_refuses_colours_for_a_card_game(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    _, client, anna = api
    answer = client.post(
        "/api/events",
        json={"name": "M", "system": "casual", "rounds": 3, "colours": True, "points": "3,1,0"},
        auth=anna,
    )
    assert answer.status_code == 422 and "no colours" in answer.text


def test_the_desk_form_gives_a_casual_swiss_the_card_game_defaults(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = api
    desk = Browser(client)
    desk.sign_in(*anna)
    form = desk.get("/desk/events/new")
    assert 'name="game"' in form.text
    page = desk.post(
        "/desk/events/new",
        {"name": "Friday Magic", "system": "casual", "rounds": "4", "points": "", "tiebreaks": ""},
    )
    assert page.status_code == 303, page.text
    found = re.fullmatch(r"/desk/events/(\d+)", page.headers["location"])
    assert found
    settings = _made(app, int(found[1])).settings
    assert settings.game is Game.CARDS and settings.card_game
    assert settings.chosen_tiebreaks == ("OMW", "GW", "OGW")


def test_a_go_events_public_standings_head_the_points_mms_without_ratings(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    _, client, anna = api
    made = client.post("/api/events", json={"name": "Go", "game": "go", "rounds": 3}, auth=anna)
    event = f"/api/events/{made.json()['id']}"
    for name in ("Ayumi", "Bo", "Chen", "Dai"):
        assert client.post(f"{event}/players", json={"name": name}, auth=anna).status_code == 201
    assert client.post(f"{event}/pair", auth=anna).status_code == 200
    results = {"results": [{"board": 1, "result": "1-0"}, {"board": 2, "result": "0-1"}]}
    assert client.post(f"{event}/results", json=results, auth=anna).status_code == 200
    page = client.get(f"/events/{made.json()['id']}/standings").text
    table = read_table(page, "standings")
    assert table.header == ["Rk", "No", "Name", "MMS", "SOS", "SOSOS"]
    assert sorted(row.cells[3] for row in table.rows) == ["0", "0", "1", "1"]
