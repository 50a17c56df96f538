"""The read JSON API: what it sends, that ``/api/openapi.json`` documents each route, and that
every response validates against the schema the document gives for it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service import events as ev
from tests.web.public_events import (
    CARD_RESULTS,
    SCRIPT_NAME,
    card_event,
    chess_scores,
    demo_event,
    desk_of,
    dutch_event,
    running_app,
    shown,
)

READ_ROUTES = {
    "/api/events": "array",
    "/api/events/{event_id}": "EventDetail",
    "/api/events/{event_id}/rounds/{number}": "RoundView",
    "/api/events/{event_id}/standings": "StandingsView",
    "/api/events/{event_id}/players/{player_id}": "PlayerView",
}


@dataclass
class Api:
    app: FastAPI
    client: TestClient
    dutch: ev.Event
    demo: ev.Event
    cards: ev.Event
    openapi: dict[str, Any]

    def get(self, path: str) -> Any:
        """The JSON at ``path``, checked against the schema the OpenAPI document gives."""
        response = self.client.get(path)
        assert response.status_code == 200, (path, response.text)
        assert response.headers["content-type"] == "application/json"
        body = response.json()
        check(self.openapi, _documented(self.openapi, path), body, path)
        return body


@pytest.fixture(scope="module")
def api() -> Iterator[Api]:
    with running_app() as (app, client):
        desk = desk_of(app)
        events = (dutch_event(desk), demo_event(desk), card_event(desk))
        document = client.get("/api/openapi.json").json()
        yield Api(app, client, *events, document)


# --- a small validator for the part of JSON Schema that FastAPI emits -----------------------


def _documented(document: Mapping[str, Any], path: str) -> Mapping[str, Any]:
    """The 200 response schema of the documented route that ``path`` is an instance of."""
    for template, item in document["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", "[0-9]+", template) + "$"
        if re.match(pattern, path) and "get" in item:
            schema: Mapping[str, Any] = item["get"]["responses"]["200"]["content"][
                "application/json"
            ]["schema"]
            return schema
    raise AssertionError(f"{path} is not documented")


def check(document: Mapping[str, Any], schema: Mapping[str, Any], value: Any, at: str) -> None:
    """Assert ``value`` conforms to ``schema`` (refs, types, required and known properties,
    enums, anyOf, arrays, date-times)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        check(document, document["components"]["schemas"][name], value, at)
        return
    if "anyOf" in schema:
        failures = []
        for option in schema["anyOf"]:
            try:
                check(document, option, value, at)
                return
            except AssertionError as error:
                failures.append(str(error))
        raise AssertionError(f"{at}: {value!r} matches no option: {failures}")
    if "enum" in schema:
        assert value in schema["enum"], f"{at}: {value!r} not in {schema['enum']}"
    kind = schema.get("type")
    types = {
        "object": dict,
        "array": list,
        "string": str,
        "integer": int,
        "boolean": bool,
        "null": type(None),
    }
    if kind is not None:
        assert isinstance(value, types[kind]), f"{at}: {value!r} is not {kind}"
        assert kind == "boolean" or not isinstance(value, bool), f"{at}: {value!r} is a bool"
    if kind == "object":
        properties = schema.get("properties", {})
        for name in schema.get("required", []):
            assert name in value, f"{at}: missing {name}"
        extra = schema.get("additionalProperties")
        for name, item in value.items():
            if name in properties:
                check(document, properties[name], item, f"{at}.{name}")
            else:
                assert isinstance(extra, dict), f"{at}: undocumented field {name}"
                check(document, extra, item, f"{at}.{name}")
    elif kind == "array":
        for index, item in enumerate(value):
            check(document, schema["items"], item, f"{at}[{index}]")
    elif kind == "string" and schema.get("format") == "date-time":
        datetime.fromisoformat(value)


# --- the OpenAPI document -------------------------------------------------------------------


def test_the_openapi_document_lists_each_read_route_with_its_response(api: Api) -> None:
    paths = api.openapi["paths"]
    for path, model in READ_ROUTES.items():
        responses = paths[path]["get"]["responses"]
        schema = responses["200"]["content"]["application/json"]["schema"]
        if model == "array":
            assert schema["items"]["$ref"].endswith("/EventSummary")
        else:
            # A route that also answers team events documents both shapes.
            refs = [o["$ref"] for o in schema.get("anyOf", [schema])]
            assert any(ref.endswith("/" + model) for ref in refs), refs
            assert responses["404"]["content"]["application/json"]["schema"]["$ref"].endswith(
                "/ErrorDetail"
            )
    points = api.openapi["components"]["schemas"]["StandingsLine"]["properties"]["points"]
    assert points["type"] == "string" and "decimal" in points["description"]


def test_the_schema_check_rejects_what_it_should(api: Api) -> None:
    schema = _documented(api.openapi, "/api/events/1/standings")
    body = api.get(f"/api/events/{api.dutch.id}/standings")
    broken = [
        {**body, "rows": [{**body["rows"][0], "points": 2.5}]},
        {**body, "surprise": 1},
        {key: value for key, value in body.items() if key != "columns"},
    ]
    for wrong in broken:
        with pytest.raises(AssertionError):
            check(api.openapi, schema, wrong, "standings")


# --- the content ----------------------------------------------------------------------------


def test_the_event_list_and_an_event(api: Api) -> None:
    listed = api.get("/api/events")
    assert {e["id"] for e in listed} == {api.dutch.id, api.demo.id, api.cards.id}
    detail = api.get(f"/api/events/{api.dutch.id}")
    assert detail["name"] == "Spring open" and detail["system"] == "dutch"
    assert detail["rounds_planned"] == 7 and detail["current_round"] == 5
    assert [r["number"] for r in detail["rounds"]] == [1, 2, 3, 4, 5]
    assert [r["complete"] for r in detail["rounds"]] == [True] * 4 + [False]
    assert [p["id"] for p in detail["players"]] == list(range(1, 25))
    assert detail["players"][6]["name"] == SCRIPT_NAME  # JSON carries names as they are
    assert detail["points"] == {"win": "1", "draw": "0.5", "loss": "0"}
    assert detail["tiebreaks"] == ["BH-C1", "BH", "DE", "WON"]


def test_a_round_in_json(api: Api) -> None:
    t = api.dutch.tournament
    body = api.get(f"/api/events/{api.dutch.id}/rounds/2")
    before = chess_scores(t, 1)
    rnd = t.rounds[1]
    assert body["number"] == 2 and body["complete"] and body["coloured"]
    assert [(b["white"]["id"], b["black"]["id"]) for b in body["boards"]] == [
        (g.white, g.black) for g in rnd.games
    ]
    for board in body["boards"]:
        for side in ("white", "black"):
            assert board[side]["points_before"] == shown(before[board[side]["id"]])
    assert {b["player"]["id"]: b["kind"] for b in body["byes"]}[5] == "half-point"
    current = api.get(f"/api/events/{api.dutch.id}/rounds/5")
    assert {b["result"] for b in current["boards"]} == {None}


def test_standings_in_json_follow_the_service(api: Api) -> None:
    body = api.get(f"/api/events/{api.dutch.id}/standings")
    expected = ev.standings(api.dutch)
    assert body["after_round"] == 4
    assert [c["code"] for c in body["columns"]] == ["BH-C1", "BH", "DE", "WON"]
    assert [r["player"]["id"] for r in body["rows"]] == [r.player_id for r in expected.rows]
    assert [r["rank"] for r in body["rows"]] == [r.rank for r in expected.rows]
    assert all(list(r["tiebreaks"]) == ["BH-C1", "BH", "DE", "WON"] for r in body["rows"])
    totals = chess_scores(api.dutch.tournament, 4)
    assert all(r["points"] == shown(totals[r["player"]["id"]]) for r in body["rows"])


def test_a_player_in_json(api: Api) -> None:
    t = api.dutch.tournament
    body = api.get(f"/api/events/{api.dutch.id}/players/13")
    assert body["player"]["name"] == "Chloé Player013"
    assert [r["round"] for r in body["rounds"]] == [1, 2, 3, 4, 5]
    for entry, rnd in zip(body["rounds"], t.rounds, strict=True):
        (game,) = [g for g in rnd.games if g.involves(13)]
        assert entry["opponent"]["id"] == game.opponent_of(13)
        assert entry["colour"] == ("white" if game.white == 13 else "black")
        assert entry["board"] == rnd.games.index(game) + 1
    assert [r["running"] for r in body["rounds"]][-1] == shown(chess_scores(t, 4)[13])


def test_a_card_game_in_json(api: Api) -> None:
    body = api.get(f"/api/events/{api.cards.id}/rounds/1")
    assert not body["coloured"]
    assert [b["result"] for b in body["boards"]] == list(CARD_RESULTS[: len(body["boards"])])
    assert body["boards"][0]["match_score"] == {"first_wins": 2, "second_wins": 1, "draws": 0}
    assert body["byes"][0]["kind"] == "pairing" and body["byes"][0]["points"] == "3"
    loser = body["boards"][0]["black"]["id"]
    player = api.get(f"/api/events/{api.cards.id}/players/{loser}")
    assert player["rounds"][0]["result"] == "1-2" and player["rounds"][0]["colour"] is None
    api.get(f"/api/events/{api.demo.id}/standings")  # a round robin validates too


def test_a_round_robin_lists_its_scheduled_rounds(api: Api) -> None:
    detail = api.get(f"/api/events/{api.demo.id}")
    assert [(r["number"], r["scheduled"]) for r in detail["rounds"]] == [
        (n, n > 3) for n in range(1, 10)
    ]
    assert detail["current_round"] == 3
    later = api.get(f"/api/events/{api.demo.id}/rounds/9")
    assert later["scheduled"] and not later["complete"]
    assert {b["white"]["points_before"] for b in later["boards"]} == {None}
    assert {b["result"] for b in later["boards"]} == {None}


@pytest.mark.parametrize(
    ("path", "detail"),
    [
        ("/api/events/99", "There is no event 99."),
        ("/api/events/99/standings", "There is no event 99."),
        ("/api/events/1/rounds/6", "Round 6 is not paired or scheduled."),
        ("/api/events/1/players/99", "There is no player 99 in this event."),
    ],
)
def test_unknown_things_are_json_404s(api: Api, path: str, detail: str) -> None:
    response = api.client.get(path)
    assert response.status_code == 404 and response.json() == {"detail": detail}


@pytest.mark.parametrize(
    "path",
    [
        "/api/events/1",
        "/api/events/1/rounds/1",
        "/api/events/1/standings",
        "/api/events/1/players/1",
    ],
)
@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_read_routes_refuse_writes(api: Api, path: str, method: str) -> None:
    response = api.client.request(method, path)
    assert response.status_code == 405 and "detail" in response.json()


def test_json_is_revalidated_by_the_event_version(api: Api) -> None:
    path = f"/api/events/{api.dutch.id}/standings"
    first = api.client.get(path)
    again = api.client.get(path, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and first.headers["cache-control"] == "public, no-cache"
