"""The API's corrections of the entry list: a duplicate is a conflict unless the caller says
it is not one, a player is edited, removed before he was paired, withdrawn and taken back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.web.config import WebConfig
from tests.web.desk_client import add_director, running

Api = tuple[FastAPI, TestClient, tuple[str, str]]


@pytest.fixture
def api() -> Iterator[Api]:
    with running(WebConfig(store=":memory:")) as (app, client):
        password = add_director(app, "anna")
        yield app, client, ("anna", password)


def test_duplicates_edits_removal_and_return_through_the_api(api: Api) -> None:
    _, client, anna = api
    event_id = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna).json()[
        "id"
    ]
    players = f"/api/events/{event_id}/players"
    for name in ("Müller, Jonas", "Novak, Petr", "Ode, Ivo"):
        assert client.post(players, json={"name": name}, auth=anna).status_code == 201
    again = client.post(players, json={"name": "MULLER, Jonas"}, auth=anna)
    assert again.status_code == 409
    assert "1 Müller, Jonas is already registered" in again.json()["detail"]
    anyway = client.post(players, json={"name": "MULLER, Jonas", "duplicate_ok": True}, auth=anna)
    assert anyway.status_code == 201 and anyway.json()["id"] == 4

    edited = client.post(f"{players}/2/edit", json={"rating": 1850, "club": "Brno"}, auth=anna)
    assert edited.status_code == 200, edited.text
    bad = client.post(f"{players}/2/edit", json={"rating": 5000}, auth=anna)
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["body", "rating"]

    removed = client.post(f"{players}/4/remove", auth=anna)
    assert removed.status_code == 200 and removed.json()["players"] == 3

    late = client.post(f"{players}/3/withdraw", json={"round": 9}, auth=anna)
    assert late.status_code == 400 and "last round is round 3" in late.json()["detail"]
    assert client.post(f"{players}/3/withdraw", json={"round": 2}, auth=anna).status_code == 200
    back = client.post(f"{players}/3/return", auth=anna)
    assert back.status_code == 200, back.text
    assert client.post(f"{players}/3/withdraw", auth=anna).status_code == 200
    assert client.post(f"/api/events/{event_id}/pair", auth=anna).status_code == 200
    refused = client.post(f"{players}/3/return", auth=anna)
    assert refused.status_code == 400 and "already paired without him" in refused.json()["detail"]
    gone = client.post(f"{players}/1/remove", auth=anna)
    assert gone.status_code == 400 and "cannot be removed" in gone.json()["detail"]


def test_a_late_entrant_is_removed_through_the_api(api: Api) -> None:
    _, client, anna = api
    event = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna).json()
    players = f"/api/events/{event['id']}/players"
    for name in ("Ada", "Bob", "Cy", "Di"):
        assert client.post(players, json={"name": name}, auth=anna).status_code == 201
    assert client.post(f"/api/events/{event['id']}/pair", auth=anna).status_code == 200
    late = client.post(players, json={"name": "Late, Lucy"}, auth=anna)
    assert late.status_code == 201, late.text
    removed = client.post(f"{players}/{late.json()['id']}/remove", auth=anna)
    assert removed.status_code == 200, removed.text
    assert removed.json()["players"] == 4


def test_the_event_settings_change_through_the_api(api: Api) -> None:
    _, client, anna = api
    made = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna).json()
    url = f"/api/events/{made['id']}"
    for name in ("Ann", "Bob"):
        client.post(f"{url}/players", json={"name": name}, auth=anna)
    changed = client.post(
        f"{url}/settings",
        json={"rounds": 5, "points": "3,1,0", "tiebreaks": ["BH"], "city": "Lyon"},
        auth=anna,
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["total_rounds"] == 5
    bad = client.post(f"{url}/settings", json={"bye_limit": "half=two"}, auth=anna)
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["body", "bye_limit"]
    stale = client.post(
        f"{url}/settings", json={"rounds": 6, "version": made["version"]}, auth=anna
    )
    assert stale.status_code == 409
    client.post(f"{url}/pair", auth=anna)
    refused = client.post(f"{url}/settings", json={"initial_colour": "black"}, auth=anna)
    assert refused.status_code == 400
    assert "first colour cannot change once round 1 is paired" in refused.json()["detail"]
