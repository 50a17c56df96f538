"""The JSON API of team events: a team event run through JSON alone and read back, every
response checked against the OpenAPI document, the standings checked against scores computed
here from the board results sent; errors name the body field; another director is refused."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.core.teams import MatchForfeit
from fairpair.web.config import WebConfig
from tests.integration.stores import SQL_BACKENDS, database_url
from tests.web.desk_client import add_director, running
from tests.web.public_events import desk_of, dutch_event, shown
from tests.web.team_event import team_event
from tests.web.test_api_read import _documented, check

Auth = tuple[str, str]
TEAMS = ("Aachen", "Brügge", "Córdoba", "Dijon")
BOARDS = 4
# The result of each board, first team's player first, by (round, match, board).
RESULTS = ("1-0", "1/2", "0-1", "1-0", "0-1", "1/2", "1-0")
SCORE = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1))}
SCORE["1/2"] = (Fraction(1, 2), Fraction(1, 2))


@pytest.fixture(params=SQL_BACKENDS)
def api(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[FastAPI, TestClient, Auth, Auth]]:
    """The app with two directors, on a SQLite file and on PostgreSQL (when configured)."""
    with (
        database_url(request.param, tmp_path) as url,
        running(WebConfig(store=url)) as (app, client),
    ):
        anna = ("anna", add_director(app, "anna"))
        bruno = ("bruno", add_director(app, "bruno"))
        yield app, client, anna, bruno


def documented_get(client: TestClient, path: str) -> Any:
    """The JSON at ``path``, checked against the schema the OpenAPI document gives for it."""
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.text)
    body = answer.json()
    document = client.get("/api/openapi.json").json()
    check(document, _documented(document, path), body, path)
    return body


def post(client: TestClient, auth: Auth, path: str, body: Any = None, status: int = 200) -> Any:
    answer = client.post(path, json=body, auth=auth)
    assert answer.status_code == status, (path, answer.text)
    return answer.json()


def create(client: TestClient, anna: Auth) -> int:
    event = post(
        client,
        anna,
        "/api/team-events",
        {
            "name": "Four towns",
            "system": "team-swiss",
            "rounds": 3,
            "boards": BOARDS,
            "match_points": "2/1/0",
            "tiebreaks": ["EDE", "BH:GP/C1"],
            "min_board_games": 1,
        },
        status=201,
    )
    assert (event["owner"], event["version"], event["total_rounds"]) == ("anna", 1, 3)
    for index, name in enumerate(TEAMS):
        players = [
            {"name": f"{name} player {b}", "rating": 2300 - 50 * index - 10 * b}
            for b in range(1, 6)
        ]
        made = post(
            client,
            anna,
            f"/api/events/{event['id']}/teams",
            {"name": name, "captain": f"{name} captain", "players": players},
            status=201,
        )
        assert made["team"]["id"] == index + 1
        assert [p["position"] for p in made["team"]["players"]] == [1, 2, 3, 4, 5]
    return int(event["id"])


def test_a_team_event_runs_through_the_api(
    api: tuple[FastAPI, TestClient, Auth, Auth],
) -> None:
    app, client, anna, _ = api
    event_id = create(client, anna)
    base = f"/api/events/{event_id}"
    mp = {tid: Fraction(0) for tid in range(1, 5)}
    gp = {tid: Fraction(0) for tid in range(1, 5)}

    for number in (1, 2):
        paired = post(client, anna, f"{base}/pair")
        assert paired["number"] == number and len(paired["matches"]) == 2
        assert all(b["result"] is None for m in paired["matches"] for b in m["boards"])
        if number == 2:
            # The second team of match 2 fields players 2, 3, 4 and 5 of its roster.
            team = paired["matches"][1]["second"]["id"]
            roster = documented_get(client, f"{base}/teams/{team}")["team"]["players"]
            lineup = [p["id"] for p in roster[1:]]
            post(client, anna, f"{base}/teams/{team}/lineup", {"players": lineup})
        results = []
        for m, match in enumerate(paired["matches"], start=1):
            first, second = match["first"]["id"], match["second"]["id"]
            if number == 2 and m == 1:
                # Match 1 of round 2: the second team did not come.
                results.append({"match": 1, "result": "+-"})
                mp[first] += 2
                gp[first] += BOARDS
                continue
            points = [Fraction(0), Fraction(0)]
            for b in range(1, BOARDS + 1):
                text = RESULTS[(number + m + b) % len(RESULTS)]
                results.append({"match": m, "board": b, "result": text})
                points[0] += SCORE[text][0]
                points[1] += SCORE[text][1]
            gp[first] += points[0]
            gp[second] += points[1]
            mp[first] += 2 if points[0] > points[1] else 1 if points[0] == points[1] else 0
            mp[second] += 2 if points[1] > points[0] else 1 if points[0] == points[1] else 0
        answer = post(client, anna, f"{base}/team-results", {"results": results})
        assert answer["complete"] and answer["number"] == number

    round_2 = documented_get(client, f"{base}/rounds/2")
    assert round_2["matches"][0]["forfeit"] == "+-"
    assert round_2["matches"][1]["second"]["id"] == team
    assert [b["second"]["player"]["id"] for b in round_2["matches"][1]["boards"]] == lineup
    standings = documented_get(client, f"{base}/standings")
    assert standings["primary"] == "MP" and standings["after_round"] == 2
    assert [c["code"] for c in standings["columns"]] == ["EDE", "BH:GP/C1"]
    assert [c["name"] for c in standings["columns"]] == [
        "Extended direct encounter",
        "Buchholz",
    ]
    got = {r["team"]["id"]: (r["match_points"], r["game_points"]) for r in standings["rows"]}
    assert got == {tid: (shown(mp[tid]), shown(gp[tid])) for tid in mp}
    stored = app.state.store.load(event_id).tournament.rounds[1].matches[0]
    assert stored.forfeit is MatchForfeit.FIRST_WINS

    # A correction of round 1, then undo and redo of it.
    before = standings["rows"]
    post(
        client,
        anna,
        f"{base}/team-results",
        {"round": 1, "results": [{"match": 1, "board": 1, "result": "0-1"}]},
    )
    corrected = documented_get(client, f"{base}/rounds/1")["matches"][0]["boards"][0]
    assert corrected["result"] == "0-1"
    undone = post(client, anna, f"{base}/undo")
    assert [c["action"] for c in undone["changes"]] == ["result.corrected"]
    assert undone["redo_next"]["action"] == "result.corrected"
    assert documented_get(client, f"{base}/standings")["rows"] == before
    redone = post(client, anna, f"{base}/redo", {"version": undone["version"]})
    assert redone["undo_next"]["action"] == "result.corrected"
    stale = client.post(f"{base}/undo", json={"version": undone["version"]}, auth=anna)
    assert stale.status_code == 409

    # A team withdrawn from round 3 on, and its withdrawal taken back.
    out = post(client, anna, f"{base}/teams/4/withdraw", {"round": 3})
    detail = documented_get(client, base)
    assert detail["kind"] == "team" and detail["teams"][3]["withdrawn_from_round"] == 3
    back = post(client, anna, f"{base}/teams/4/return")
    assert back["version"] == out["version"] + 1
    assert documented_get(client, base)["teams"][3]["withdrawn_from_round"] is None

    # The other reads: board standings, crosstable, teams.
    boards = documented_get(client, f"{base}/boards")
    assert boards["min_games"] == 1 and [b["board"] for b in boards["boards"]] == [1, 2, 3, 4]
    assert sum(line["games"] for line in boards["boards"][0]["lines"]) == 2 * 3  # 3 games
    crosstable = documented_get(client, f"{base}/crosstable")
    assert crosstable["rounds"] == 2 and len(crosstable["rows"]) == 4
    teams = documented_get(client, f"{base}/teams")
    assert [t["name"] for t in teams] == list(TEAMS)
    actions = [r.action for r in app.state.store.log(event_id)]
    assert actions.count("team.registered") == 4 and "lineup.set" in actions
    assert {r.actor for r in app.state.store.log(event_id)} == {"anna"}


def test_errors_name_the_body_field(api: tuple[FastAPI, TestClient, Auth, Auth]) -> None:
    app, client, anna, _ = api

    def field(path: str, body: Any) -> list[Any]:
        answer = client.post(path, json=body, auth=anna)
        assert answer.status_code == 422, (path, body, answer.text)
        return [e["loc"] for e in answer.json()["detail"]]

    good = {"name": "League", "rounds": 3}
    assert field("/api/team-events", {**good, "match_points": "2-1"}) == [["body", "match_points"]]
    assert field("/api/team-events", {**good, "board_colours": "WBX"}) == [
        ["body", "board_colours"]
    ]
    assert field("/api/team-events", {**good, "tiebreaks": ["XX"]}) == [["body", "tiebreaks"]]
    assert field("/api/team-events", {"name": "League"}) == [["body", "rounds"]]
    robin = {"name": "League", "system": "team-berger"}
    assert field("/api/team-events", {**robin, "rounds": 5}) == [["body", "rounds"]]
    assert field("/api/team-events", {**good, "double": True}) == [["body", "double"]]
    assert field("/api/team-events", {**good, "boards": 15}) == [["body", "boards"]]
    assert field("/api/team-events", {**good, "primary": "XP"}) == [["body", "primary"]]
    event_id = create(client, anna)
    base = f"/api/events/{event_id}"
    assert field("/api/team-events", {"name": "Four towns", "rounds": 3}) == [["body", "name"]]
    assert field(f"{base}/teams", {"name": "Aachen"}) == [["body", "name"]]
    assert field(f"{base}/teams", {"name": "Erfurt", "players": [{"rating": 2000}]}) == [
        ["body", "players", 0, "name"]
    ]
    assert field(
        f"{base}/teams", {"name": "Erfurt", "players": [{"name": "A", "fide_id": "12ab"}]}
    ) == [["body", "players", 0, "fide_id"]]
    post(client, anna, f"{base}/pair")
    # A player of another team, and a line-up out of roster order.
    assert field(f"{base}/teams/1/lineup", {"players": [1, 2, 3, 6]}) == [["body", "players", 3]]
    assert field(f"{base}/teams/1/lineup", {"players": [2, 1]}) == [["body", "players"]]
    assert field(f"{base}/teams/1/lineup", {"players": [1, 2, 3, 4, 5]}) == [["body", "players"]]
    answer = client.post(f"{base}/teams/1/lineup", json={"round": 2, "players": [1]}, auth=anna)
    assert answer.status_code == 400, answer.text
    assert "round 2 is not paired" in answer.json()["detail"]
    wrong = {"results": [{"match": 1, "board": 1, "result": "2-0"}]}
    assert field(f"{base}/team-results", wrong) == [["body", "results", 0, "result"]]
    assert field(f"{base}/team-results", {"results": [{"match": 1, "result": "1-0"}]}) == [
        ["body", "results", 0]
    ]
    # What the event refuses as it stands is a 400 saying why; nothing changed.
    version = app.state.store.event(event_id).version
    for path, body in (
        (f"{base}/team-results", {"results": [{"match": 1, "board": 1, "result": "1-0"}]}),
        (f"{base}/teams/1/lineup", {"players": [1, 2]}),
    ):
        stale = client.post(path, json={**body, "version": version - 1}, auth=anna)
        assert stale.status_code == 409, (path, stale.text)
    # The routes of individual events point to the team routes.
    individual = {"name": "X", "results": [{"board": 1, "result": "1-0"}]}
    for path in (f"{base}/players", f"{base}/results", f"{base}/players/1/withdraw"):
        answer = client.post(path, json=individual, auth=anna)
        assert answer.status_code == 400, (path, answer.text)
        detail = answer.json()["detail"]
        assert "is a team event" in detail and "/team-results" in detail
    answer = client.post(
        f"{base}/team-results",
        json={"results": [{"match": 9, "board": 1, "result": "1-0"}]},
        auth=anna,
    )
    assert answer.status_code == 400
    assert answer.json() == {"detail": "round 1 has no match 9 (matches 1-2)"}
    assert app.state.store.event(event_id).version == version


def test_another_director_and_a_visitor_are_refused(
    api: tuple[FastAPI, TestClient, Auth, Auth],
) -> None:
    app, client, anna, bruno = api
    event_id = create(client, anna)
    base = f"/api/events/{event_id}"
    version = app.state.store.event(event_id).version
    writes: list[tuple[str, Any]] = [
        (f"{base}/teams", {"name": "Intruders", "players": [{"name": "X"}]}),
        (f"{base}/pair", None),
        (f"{base}/teams/1/lineup", {"players": [1]}),
        (f"{base}/team-results", {"results": [{"match": 1, "board": 1, "result": "1-0"}]}),
        (f"{base}/teams/1/withdraw", {}),
        (f"{base}/teams/1/return", None),
        (f"{base}/undo", None),
        (f"{base}/redo", None),
    ]
    for path, body in writes:
        answer = client.post(path, json=body, auth=bruno)
        assert answer.status_code == 404, (path, answer.text)
        assert "Four towns" not in answer.text
        wrong = client.post(path, json=body, auth=("anna", "not her password"))
        assert wrong.status_code == 401, path
    assert app.state.store.event(event_id).version == version
    # An individual event is not a team event for the team routes.
    individual = post(client, anna, "/api/events", {"name": "Open", "rounds": 3}, status=201)
    answer = client.post(f"/api/events/{individual['id']}/teams", json={"name": "T"}, auth=anna)
    assert answer.status_code == 400 and "not a team event" in answer.json()["detail"]


def test_reads_of_unknown_events_and_of_the_wrong_kind_are_404() -> None:
    with running(WebConfig(store=":memory:")) as (app, client):
        desk = desk_of(app)
        team = team_event(desk)
        individual = dutch_event(desk, players=8, rounds_played=1).id
        for path in (
            "/api/events/999",
            "/api/events/999/standings",
            "/api/events/999/boards",
            "/api/events/999/teams/1",
            f"/api/events/{team}/rounds/9",
            f"/api/events/{team}/teams/9",
            f"/api/events/{team}/players/1",
            f"/api/events/{individual}/boards",
            f"/api/events/{individual}/teams",
        ):
            answer = client.get(path)
            assert answer.status_code == 404, path
            assert answer.headers["content-type"] == "application/json"
        # The team reads carry the event's version as their ETag, as the individual ones.
        first = client.get(f"/api/events/{team}/standings")
        again = client.get(
            f"/api/events/{team}/standings", headers={"If-None-Match": first.headers["etag"]}
        )
        assert again.status_code == 304


def test_the_openapi_document_describes_the_team_routes(
    api: tuple[FastAPI, TestClient, Auth, Auth],
) -> None:
    _, client, _, _ = api
    document = client.get("/api/openapi.json").json()
    paths = document["paths"]
    for path in (
        "/api/team-events",
        "/api/events/{event_id}/teams",
        "/api/events/{event_id}/teams/{tpn}/lineup",
        "/api/events/{event_id}/team-results",
        "/api/events/{event_id}/teams/{tpn}/withdraw",
        "/api/events/{event_id}/teams/{tpn}/return",
    ):
        assert "post" in paths[path], path
        assert {"401", "404", "422"} <= set(paths[path]["post"]["responses"]), path
    for path, model in (
        ("/api/events/{event_id}/boards", "BoardPrizesView"),
        ("/api/events/{event_id}/crosstable", "TeamCrosstableView"),
        ("/api/events/{event_id}/teams/{tpn}", "TeamView"),
    ):
        schema = paths[path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        # The crosstable also answers a Double-Swiss event: one of its shapes.
        refs = [o["$ref"] for o in schema.get("anyOf", [schema])]
        assert any(r.endswith("/" + model) for r in refs), refs
    standings = paths["/api/events/{event_id}/standings"]["get"]["responses"]["200"]
    refs = [o["$ref"] for o in standings["content"]["application/json"]["schema"]["anyOf"]]
    assert any(r.endswith("/TeamStandingsView") for r in refs)
    line = document["components"]["schemas"]["TeamStandingsLine"]["properties"]
    assert line["match_points"]["type"] == "string"
