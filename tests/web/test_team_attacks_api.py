"""The team JSON API and the desk's roster box with hostile text: a refusal names the field
the bad value came in (the team's name, its captain, a player's name), nothing is saved, and
nothing answers 500."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service import entry
from fairpair.service.errors import FieldErrors
from fairpair.web.config import WebConfig
from tests.integration.stores import database_url
from tests.web.desk_client import add_director, running

Auth = tuple[str, str]


@pytest.fixture
def api(tmp_path: Path) -> Iterator[tuple[FastAPI, TestClient, Auth]]:
    with database_url("sqlite", tmp_path) as url, running(WebConfig(store=url)) as (app, client):
        yield app, client, ("anna", add_director(app, "anna"))


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"name": "\0Lyon", "players": [{"name": "A"}]}, ["body", "name"]),
        ({"name": "Lyon", "captain": "\0C", "players": [{"name": "A"}]}, ["body", "captain"]),
        ({"name": "Lyon", "players": [{"name": "A\0"}]}, ["body", "players", 0, "name"]),
        (
            {"name": "Lyon", "players": [{"name": "A"}, {"name": "B\x07"}]},
            ["body", "players", 1, "name"],
        ),
    ],
)
def test_a_bad_text_is_refused_under_its_own_field(
    api: tuple[FastAPI, TestClient, Auth], body: dict[str, Any], loc: list[Any]
) -> None:
    # They were answered at ["body", "name", "name"], ["body", "name", "captain"] and, for a
    # player, at the team's name ("player 1: name: ...") or its name twice.
    app, client, anna = api
    made = client.post(
        "/api/team-events",
        json={"name": "Cup", "system": "team-swiss", "rounds": 3, "boards": 2},
        auth=anna,
    )
    event_id = made.json()["id"]
    answer = client.post(f"/api/events/{event_id}/teams", json=body, auth=anna)
    assert answer.status_code == 422, answer.text
    assert [e["loc"] for e in answer.json()["detail"]] == [loc]
    assert app.state.store.load(event_id).info.version == 1


def test_a_rating_in_other_digits_is_a_field_error_not_a_crash() -> None:
    # '²'.isdigit() is true and int('²') a ValueError: the desk's player forms answered 500.
    with pytest.raises(FieldErrors) as refused:
        entry.player_entry("Anna", "²")
    assert "rating" in refused.value.errors


def test_a_roster_line_ending_in_other_digits_is_a_name_not_a_crash() -> None:
    # 'Anna, ²' was read as a rating (isdigit) and int('²') answered 500 at the desk's team form.
    players = entry.roster_lines("Anna, \u00b2\nBob, 2000")
    assert [(p.name, p.rating) for p in players] == [("Anna, \u00b2", None), ("Bob", 2000)]
