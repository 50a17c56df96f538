"""The write API: an event run through JSON alone, its errors, and its OpenAPI description."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.core import GameResult
from fairpair.web.config import WebConfig
from tests.web.desk_client import add_director, running

NAMES = ["Ada", "Boris", "Clara", "Dan", "Emma", "Femi"]


@pytest.fixture
def api() -> Iterator[tuple[FastAPI, TestClient, tuple[str, str]]]:
    with running(WebConfig(store=":memory:")) as (app, client):
        password = add_director(app, "anna")
        yield app, client, ("anna", password)


def test_an_event_runs_through_the_api(api: tuple[FastAPI, TestClient, tuple[str, str]]) -> None:
    app, client, anna = api
    made = client.post(
        "/api/events", json={"name": "Open", "system": "dutch", "rounds": 2}, auth=anna
    )
    assert made.status_code == 201, made.text
    event = made.json()
    assert (event["owner"], event["version"], event["total_rounds"]) == ("anna", 1, 2)
    event_id = event["id"]
    for index, name in enumerate(NAMES):
        player = client.post(
            f"/api/events/{event_id}/players",
            json={"name": name, "rating": 2300 - 50 * index, "federation": "nor"},
            auth=anna,
        )
        assert player.status_code == 201, player.text
        assert (player.json()["id"], player.json()["federation"]) == (index + 1, "NOR")
    paired = client.post(f"/api/events/{event_id}/pair", auth=anna).json()
    assert paired["round"] == 1 and len(paired["boards"]) == 3 and paired["bye"] is None
    assert all(b["result"] is None for b in paired["boards"])
    undone = client.post(f"/api/events/{event_id}/undo", auth=anna).json()
    assert undone["rounds_paired"] == 0
    paired = client.post(f"/api/events/{event_id}/pair", auth=anna).json()
    answer = client.post(
        f"/api/events/{event_id}/results",
        json={
            "version": paired["version"],
            "results": [
                {"board": 1, "result": "1"},
                {"board": 2, "result": "1/2"},
                {"board": 3, "result": "-+"},
            ],
        },
        auth=anna,
    )
    assert answer.status_code == 200, answer.text
    assert [b["result"] for b in answer.json()["boards"]] == ["1-0", "1/2", "-+"]
    # A correction of the finished round names it and says it is one.
    answer = client.post(
        f"/api/events/{event_id}/results",
        json={"round": 1, "correction": True, "results": [{"board": 2, "result": "0-1"}]},
        auth=anna,
    )
    assert answer.status_code == 200, answer.text
    games = app.state.store.load(event_id).tournament.rounds[0].games
    assert [g.result for g in games] == [
        GameResult.WHITE_WINS,
        GameResult.BLACK_WINS,
        GameResult.BLACK_WINS_BY_FORFEIT,
    ]
    actions = [r.action for r in app.state.store.log(event_id)]
    assert actions[-3:] == ["round.paired", "results.entered", "result.corrected"]
    assert {r.actor for r in app.state.store.log(event_id)} == {"anna"}


def test_errors_are_json_and_name_the_field(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = api
    answer = client.post("/api/events", json={"name": "Open", "system": "dutch"}, auth=anna)
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["body", "rounds"]
    answer = client.post("/api/events", json={"name": "Open", "system": "swiss"}, auth=anna)
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["body", "system"]
    answer = client.post(
        "/api/events", json={"name": "Open", "rounds": 3, "tiebreaks": ["XX"]}, auth=anna
    )
    assert answer.status_code == 422
    assert answer.json()["detail"] == [
        {"loc": ["body", "tiebreaks"], "msg": "unknown tie-break 'XX'", "type": "value_error"}
    ]
    event_id = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna).json()[
        "id"
    ]
    answer = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna)
    assert answer.status_code == 422 and answer.json()["detail"][0]["loc"] == ["body", "name"]
    answer = client.post(f"/api/events/{event_id}/players", json={"rating": 2000}, auth=anna)
    assert answer.status_code == 422 and answer.json()["detail"][0]["loc"] == ["body", "name"]
    answer = client.post(f"/api/events/{event_id}/pair", auth=anna)
    assert answer.status_code == 400
    assert answer.json() == {"detail": "round 1 needs at least 2 players to pair"}
    assert client.post("/api/events/99/pair", auth=anna).status_code == 404
    assert app.state.store.event(event_id).version == 1


def test_a_stale_version_is_a_conflict(api: tuple[FastAPI, TestClient, tuple[str, str]]) -> None:
    app, client, anna = api
    event_id = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna).json()[
        "id"
    ]
    for name in NAMES[:4]:
        client.post(f"/api/events/{event_id}/players", json={"name": name}, auth=anna)
    paired = client.post(f"/api/events/{event_id}/pair", auth=anna).json()
    body = {"version": paired["version"], "results": [{"board": 1, "result": "1-0"}]}
    assert client.post(f"/api/events/{event_id}/results", json=body, auth=anna).status_code == 200
    stale = {"version": paired["version"], "results": [{"board": 2, "result": "1-0"}]}
    answer = client.post(f"/api/events/{event_id}/results", json=stale, auth=anna)
    assert answer.status_code == 409 and "reload" in answer.json()["detail"]
    games = app.state.store.load(event_id).tournament.rounds[0].games
    assert games[1].result is None
    bad = {"results": [{"board": 2, "result": "won"}]}
    answer = client.post(f"/api/events/{event_id}/results", json=bad, auth=anna)
    assert answer.status_code == 400 and "'won' is not a result" in answer.json()["detail"]


def test_a_filled_board_is_not_overwritten_without_a_version_or_a_correction(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = api
    made = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna).json()
    event_id = made["id"]
    for name in NAMES[:4]:
        client.post(f"/api/events/{event_id}/players", json={"name": name}, auth=anna)
    client.post(f"/api/events/{event_id}/pair", auth=anna)
    url = f"/api/events/{event_id}/results"
    first = {"results": [{"board": 1, "result": "1-0"}]}
    assert client.post(url, json=first, auth=anna).status_code == 200
    version = app.state.store.event(event_id).version

    def board_1() -> GameResult | None:
        return app.state.store.load(event_id).tournament.rounds[0].games[0].result

    for body in (
        {"results": [{"board": 1, "result": "0-1"}]},
        {"round": 1, "results": [{"board": 1, "result": "0-1"}]},
        {
            "results": [
                {"board": 2, "result": "1-0", "correction": True},
                {"board": 1, "result": "0"},
            ]
        },
    ):
        answer = client.post(url, json=body, auth=anna)
        assert answer.status_code == 409, answer.text
        assert "board 1 of round 1 already has a result" in answer.json()["detail"]
        assert app.state.store.event(event_id).version == version
        assert board_1() is GameResult.WHITE_WINS
    corrected = {"results": [{"board": 1, "result": "0-1", "correction": True}]}
    assert client.post(url, json=corrected, auth=anna).status_code == 200
    assert board_1() is GameResult.BLACK_WINS
    again = {"correction": True, "results": [{"board": 1, "result": "1/2"}]}
    assert client.post(url, json=again, auth=anna).status_code == 200
    assert board_1() is GameResult.DRAW
    seen = {"version": app.state.store.event(event_id).version, "results": first["results"]}
    assert client.post(url, json=seen, auth=anna).status_code == 200
    assert board_1() is GameResult.WHITE_WINS


def test_the_openapi_description_has_the_write_routes(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    _, client, _ = api
    schema = client.get("/api/openapi.json").json()
    for path in (
        "/api/events",
        "/api/events/{event_id}/players",
        "/api/events/{event_id}/pair",
        "/api/events/{event_id}/results",
        "/api/events/{event_id}/undo",
        "/api/events/{event_id}/redo",
    ):
        assert "post" in schema["paths"][path], path
    models = schema["components"]["schemas"]
    assert {"NewEvent", "EventOut", "NewPlayer", "PlayerOut", "Results", "RoundOut"} <= set(models)
    assert not any(path.startswith("/desk") for path in schema["paths"])
    assert schema["components"]["securitySchemes"]["HTTPBasic"]["scheme"] == "basic"
    assert schema["paths"]["/api/events"]["post"]["security"] == [{"HTTPBasic": []}]


def test_bye_limits_and_late_entries_through_the_api(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = api
    bad = client.post(
        "/api/events", json={"name": "Open", "rounds": 3, "bye_limit": "half"}, auth=anna
    )
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["body", "bye_limit"]
    made = client.post(
        "/api/events", json={"name": "Open", "rounds": 3, "bye_limit": "half=2"}, auth=anna
    )
    event_id = made.json()["id"]
    for name in NAMES[:4]:
        client.post(f"/api/events/{event_id}/players", json={"name": name}, auth=anna)
    client.post(f"/api/events/{event_id}/pair", auth=anna)
    late = client.post(
        f"/api/events/{event_id}/players", json={"name": "Late", "missed": "x"}, auth=anna
    )
    assert late.status_code == 422 and late.json()["detail"][0]["loc"] == ["body", "missed"]
    late = client.post(
        f"/api/events/{event_id}/players", json={"name": "Late", "missed": "1"}, auth=anna
    )
    assert late.status_code == 201, late.text
    entry = app.state.store.load(event_id).tournament.late_entry(late.json()["id"])
    assert entry is not None and entry.first_round == 2


def test_a_player_registered_through_the_api_keeps_the_report_fields(
    api: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = api
    event_id = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna).json()[
        "id"
    ]
    typed = {"name": "Duarte, Ana", "federation": "por", "fide_id": "1901234"}
    typed |= {"birth_date": "1999-04-07", "sex": "w"}
    answer = client.post(f"/api/events/{event_id}/players", json=typed, auth=anna)
    assert answer.status_code == 201, answer.text
    got = answer.json()
    assert (got["federation"], got["fide_id"], got["birth_date"], got["sex"]) == (
        "POR",
        "1901234",
        "1999/04/07",
        "w",
    )
    answer = client.post(
        f"/api/events/{event_id}/players", json={"name": "Kovacs", "sex": "x"}, auth=anna
    )
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["body", "sex"]
    assert app.state.store.event(event_id).version == 2
