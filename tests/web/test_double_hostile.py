"""A visitor's and a director's odd addresses on a Double-Swiss event: an id or a round no
database column can hold is a page that does not exist (404), never a server error."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.double_event import double_event
from tests.web.public_events import desk_of
from tests.web.test_team_api import Auth
from tests.web.test_team_api import api as api  # the fixture: two directors, SQLite and PG

HUGE = "99999999999999999999"  # more than a 64-bit integer
"""A number no database integer column holds."""


def test_an_id_out_of_any_column_is_not_found(
    api: tuple[FastAPI, TestClient, Auth, Auth],
) -> None:
    app, client, anna, _ = api
    built = double_event(desk_of(app), owner="anna")
    base = f"/events/{built.event_id}"
    version = app.state.store.event(built.event_id).version
    for path in (
        f"/events/{HUGE}",
        f"/events/{HUGE}/standings",
        "/events/-1",
        f"/api/events/{HUGE}",
        f"/api/events/{HUGE}/standings",
        f"{base}/rounds/{HUGE}",
        f"{base}/players/{HUGE}",
        f"{base}/rounds/0",
        f"{base}/players/abc",
    ):
        assert client.get(path).status_code == 404, path
    answer = client.post(
        f"/api/events/{HUGE}/double-results",
        json={"results": [{"board": 1, "game1": "1-0", "game2": "1-0"}]},
        auth=anna,
    )
    assert answer.status_code == 404, answer.text
    assert app.state.store.event(built.event_id).version == version
