"""The JSON API of FIDE Double-Swiss events: an event run through JSON alone and read back,
every read checked against the OpenAPI document, the standings checked against scores computed
here from the games sent; errors name the body field; another director and a visitor are
refused, nothing changes."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.web.config import WebConfig
from tests.web.desk_client import running
from tests.web.double_event import GAME_POINTS, double_event, halves_text
from tests.web.public_events import desk_of, dutch_event, shown
from tests.web.team_event import team_event
from tests.web.test_team_api import Auth, documented_get, post
from tests.web.test_team_api import api as api  # the fixture: two directors, SQLite and PG

PLAYERS = ("Ana Álvarez", "Björn Berg", "Çağla Can", "Dörte Dahl", "Émile Eré")
# The two games of each board, each White first, by (round, board).
GAMES = {
    (1, 1): ("1-0", "½-½"),
    (1, 2): ("0-1", "+-"),
    (2, 1): ("1/2", "0-1"),
    (2, 2): ("--", "0-0"),
}


def create(client: TestClient, anna: Auth) -> int:
    event = post(
        client,
        anna,
        "/api/double-events",
        {"name": "Two-game open", "rounds": 3, "byes": "1.5/1/2", "initial_colour": "white"},
        status=201,
    )
    assert (event["owner"], event["system"], event["total_rounds"]) == (
        "anna",
        "double-swiss",
        3,
    )
    for index, name in enumerate(PLAYERS, start=1):
        made = post(
            client,
            anna,
            f"/api/events/{event['id']}/players",
            {"name": name, "rating": 2300 - 50 * index},
            status=201,
        )
        assert made["id"] == index
    return int(event["id"])


def twice_body() -> dict[str, Any]:
    return {"board": 1, "game1": "1-0", "game2": "1-0"}


def _points(game: str) -> tuple[Fraction, Fraction]:
    return GAME_POINTS["½-½" if game == "1/2" else game]


def test_a_double_swiss_runs_through_the_api(
    api: tuple[FastAPI, TestClient, Auth, Auth],
) -> None:
    app, client, anna, _ = api
    event_id = create(client, anna)
    base = f"/api/events/{event_id}"
    gp = {pid: Fraction(0) for pid in range(1, 6)}
    for number in (1, 2):
        paired = post(client, anna, f"{base}/pair")
        assert paired["number"] == number and len(paired["matches"]) == 2
        assert [len(m["games"]) for m in paired["matches"]] == [2, 2]
        assert all(g["result"] is None for m in paired["matches"] for g in m["games"])
        # Game 2 reverses the colours of game 1.
        for m in paired["matches"]:
            g1, g2 = m["games"]
            assert g1["white"] == g2["black"] == {k: m["first"][k] for k in ("id", "name")}
        (bye,) = paired["byes"]
        assert (bye["kind"], bye["points"]) == ("pairing", "1.5")
        gp[bye["player"]["id"]] += Fraction(3, 2)
        results = []
        for m in paired["matches"]:
            g1, g2 = GAMES[(number, m["board"])]
            results.append({"board": m["board"], "game1": g1, "game2": g2})
            w1, b1 = _points(g1)
            w2, b2 = _points(g2)
            gp[m["first"]["id"]] += w1 + b2
            gp[m["second"]["id"]] += b1 + w2
        answer = post(client, anna, f"{base}/double-results", {"results": results})
        assert answer["complete"] and answer["number"] == number and answer["warnings"] == []
        for m, sent in zip(answer["matches"], results, strict=True):
            assert [g["result"] for g in m["games"]] == [
                "½-½" if r == "1/2" else r for r in (sent["game1"], sent["game2"])
            ]
            mine = _points(sent["game1"])[0] + _points(sent["game2"])[1]
            theirs = _points(sent["game1"])[1] + _points(sent["game2"])[0]
            assert m["result"] == f"{halves_text(mine)}-{halves_text(theirs)}"

    # Round 2, board 2: game 1 forfeited by both, game 2 0-0 over the board: nobody forfeited
    # both games, so a played match (spec §2.1-2.2) that nobody scored in.
    round_2 = documented_get(client, f"{base}/rounds/2")
    assert round_2["matches"][1]["forfeit"] is None
    assert round_2["matches"][1]["result"] == "0-0"
    standings = documented_get(client, f"{base}/standings")
    assert standings["primary"] == "GP" and standings["after_round"] == 2
    # Each column's rule in words, for players (the event's default tie-breaks).
    assert [(c["code"], c["rule"]) for c in standings["columns"]] == [
        ("BH:GP/C1", "BH:GP/C1: Buchholz, on game points (the lowest left out) (FIDE C.07)"),
        ("BH:GP", "BH:GP: Buchholz, on game points (FIDE C.07)"),
        ("DE:GP", "DE:GP: Direct encounter, on game points (FIDE C.07); lower is better"),
        ("WON", "WON: Matches won over the board (FIDE C.07)"),
    ]
    got = {r["player"]["id"]: r["game_points"] for r in standings["rows"]}
    assert got == {pid: shown(points) for pid, points in gp.items()}
    assert [r["points"] for r in standings["rows"]] == [r["game_points"] for r in standings["rows"]]
    crosstable = documented_get(client, f"{base}/crosstable")
    assert crosstable["rounds"] == 2 and len(crosstable["rows"]) == 5
    players = documented_get(client, f"{base}/players")
    assert [p["name"] for p in players] == list(PLAYERS)
    player = documented_get(client, f"{base}/players/1")
    assert len(player["rounds"]) == 2 and player["game_points"] == shown(gp[1])
    detail = documented_get(client, base)
    assert detail["kind"] == "double-swiss" and detail["byes"]["pairing"] == "1.5"
    assert detail["initial_colour"] == "white" and detail["current_round"] == 2

    # A correction of round 1, then undo and redo of it.
    before = standings["rows"]
    said = post(
        client,
        anna,
        f"{base}/double-results",
        {"round": 1, "results": [{"board": 1, "game1": "0-1", "game2": "1-0"}]},
    )
    # Saved, with a warning: round 2 was paired on the scores the correction changed.
    (warning,) = said["warnings"]
    assert warning.startswith("Round 1's results changed after round 2 had been paired")
    corrected = documented_get(client, f"{base}/rounds/1")["matches"][0]
    assert [g["result"] for g in corrected["games"]] == ["0-1", "1-0"]
    assert corrected["result"] == "0-2"
    undone = post(client, anna, f"{base}/undo")
    assert [c["action"] for c in undone["changes"]] == ["result.corrected"]
    assert undone["redo_next"]["action"] == "result.corrected"
    assert documented_get(client, f"{base}/standings")["rows"] == before
    redone = post(client, anna, f"{base}/redo", {"version": undone["version"]})
    assert redone["undo_next"]["action"] == "result.corrected"
    stale = client.post(f"{base}/undo", json={"version": undone["version"]}, auth=anna)
    assert stale.status_code == 409

    # A player withdrawn from round 3 on, and his withdrawal taken back; a correction of his
    # details.
    out = post(client, anna, f"{base}/players/5/withdraw", {"round": 3})
    assert documented_get(client, base)["players"][4]["withdrawn_from_round"] == 3
    back = post(client, anna, f"{base}/players/5/return")
    assert back["version"] == out["version"] + 1
    post(client, anna, f"{base}/players/5/edit", {"rating": 2001})
    assert documented_get(client, base)["players"][4]["rating"] == 2001
    # The event's settings: its rounds may change, its system not.
    post(client, anna, f"{base}/settings", {"rounds": 4, "city": "Lyon"})
    assert documented_get(client, base)["rounds_planned"] == 4
    refused = client.post(f"{base}/settings", json={"points": "3,1,0"}, auth=anna)
    assert refused.status_code == 400 and "cannot change" in refused.json()["detail"]
    # Round 3 paired, then its pairing undone.
    paired = post(client, anna, f"{base}/pair")
    assert paired["number"] == 3
    undone = post(client, anna, f"{base}/undo")
    assert [c["action"] for c in undone["changes"]] == ["round.paired"]
    assert documented_get(client, base)["current_round"] == 2
    log = app.state.store.log(event_id)
    assert {r.actor for r in log} == {"anna"}
    assert [r.action for r in log].count("results.entered") == 2


def test_errors_name_the_body_field(api: tuple[FastAPI, TestClient, Auth, Auth]) -> None:
    app, client, anna, _ = api

    def field(path: str, body: Any) -> list[Any]:
        answer = client.post(path, json=body, auth=anna)
        assert answer.status_code == 422, (path, body, answer.text)
        return [e["loc"] for e in answer.json()["detail"]]

    good = {"name": "Open", "rounds": 3}
    assert field("/api/double-events", {"name": "Open"}) == [["body", "rounds"]]
    assert field("/api/double-events", {**good, "rounds": 100}) == [["body", "rounds"]]
    assert field("/api/double-events", {**good, "byes": "3/1/2"}) == [["body", "byes"]]
    assert field("/api/double-events", {**good, "byes": "1.5/1"}) == [["body", "byes"]]
    assert field("/api/double-events", {**good, "primary": "XP"}) == [["body", "primary"]]
    assert field("/api/double-events", {**good, "initial_colour": "red"}) == [
        ["body", "initial_colour"]
    ]
    assert field("/api/double-events", {**good, "name": ""}) == [["body", "name"]]
    assert field("/api/double-events", {**good, "tiebreaks": ["XX"]}) == [["body", "tiebreaks"]]
    assert field("/api/double-events", {**good, "tiebreaks": ["BC"]}) == [["body", "tiebreaks"]]
    event_id = create(client, anna)
    base = f"/api/events/{event_id}"
    assert field("/api/double-events", {"name": "Two-game open", "rounds": 3}) == [["body", "name"]]
    assert field(f"{base}/players", {"name": "X", "fide_id": "12ab"}) == [["body", "fide_id"]]
    post(client, anna, f"{base}/pair")
    for wrong in ("2-0", "1-1", "", "½", "1-0 ", "<b>1-0</b>"):
        body = {"results": [{"board": 1, "game1": wrong, "game2": "1-0"}]}
        assert field(f"{base}/double-results", body)[0][:4] == ["body", "results", 0, "game1"]
    assert field(f"{base}/double-results", {"results": []}) == [["body", "results"]]
    assert field(f"{base}/double-results", {"results": [{"board": 0, "game1": "1-0"}]}) == [
        ["body", "results", 0, "board"],
        ["body", "results", 0, "game2"],
    ]
    for board in ("1; drop table events", 10**20, -1, None, 1.5):
        body = {"results": [{"board": board, "game1": "1-0", "game2": "1-0"}]}
        assert field(f"{base}/double-results", body) == [["body", "results", 0, "board"]]
    assert field(f"{base}/double-results", {"results": "1-0 1-0"}) == [["body", "results"]]
    assert field(f"{base}/double-results", {"round": "²", "results": [twice_body()]}) == [
        ["body", "round"]
    ]
    not_json = client.post(
        f"{base}/double-results",
        content=b"\xff\xfe",
        auth=anna,
        headers={"content-type": "application/json"},
    )
    assert not_json.status_code == 422
    # What the event refuses as it stands is a 400 saying why; nothing changed.
    version = app.state.store.event(event_id).version
    answer = client.post(
        f"{base}/double-results",
        json={"results": [{"board": 9, "game1": "1-0", "game2": "1-0"}]},
        auth=anna,
    )
    assert answer.status_code == 400 and "no board 9" in answer.json()["detail"]
    twice = {"board": 1, "game1": "1-0", "game2": "1-0"}
    answer = client.post(f"{base}/double-results", json={"results": [twice, twice]}, auth=anna)
    assert answer.status_code == 400 and "twice" in answer.json()["detail"]
    answer = client.post(f"{base}/double-results", json={"round": 5, "results": [twice]}, auth=anna)
    assert answer.status_code == 400 and "round 5 is not paired" in answer.json()["detail"]
    stale = client.post(
        f"{base}/double-results", json={"version": version - 1, "results": [twice]}, auth=anna
    )
    assert stale.status_code == 409
    # The pairing of round 2 waits for round 1's results.
    answer = client.post(f"{base}/pair", auth=anna)
    assert answer.status_code == 400 and "lacks the result" in answer.json()["detail"]
    # The individual result route points to the Double-Swiss one.
    answer = client.post(
        f"{base}/results", json={"results": [{"board": 1, "result": "1-0"}]}, auth=anna
    )
    assert answer.status_code == 400 and "/double-results" in answer.json()["detail"]
    assert app.state.store.event(event_id).version == version


def test_another_director_and_a_visitor_are_refused(
    api: tuple[FastAPI, TestClient, Auth, Auth],
) -> None:
    app, client, anna, bruno = api
    event_id = create(client, anna)
    base = f"/api/events/{event_id}"
    post(client, anna, f"{base}/pair")
    version = app.state.store.event(event_id).version
    result = {"results": [{"board": 1, "game1": "1-0", "game2": "1-0"}]}
    writes: list[tuple[str, Any]] = [
        (f"{base}/players", {"name": "Intruder"}),
        (f"{base}/players/1/edit", {"name": "Renamed"}),
        (f"{base}/settings", {"rounds": 5}),
        (f"{base}/players/1/remove", None),
        (f"{base}/players/1/withdraw", {}),
        (f"{base}/players/1/return", None),
        (f"{base}/pair", None),
        (f"{base}/double-results", result),
        (f"{base}/undo", None),
        (f"{base}/redo", None),
    ]
    for path, body in writes:
        answer = client.post(path, json=body, auth=bruno)
        assert answer.status_code == 404, (path, answer.text)
        assert "Two-game open" not in answer.text
        nobody = client.post(path, json=body)
        assert nobody.status_code in (401, 403), path  # no credentials: refused
    answer = client.post("/api/double-events", json={"name": "Mine", "rounds": 3})
    assert answer.status_code in (401, 403)
    # A wrong password is refused (once: repeated failures are throttled for everyone).
    wrong = client.post(f"{base}/double-results", json=result, auth=("anna", "not hers"))
    assert wrong.status_code == 401
    assert app.state.store.event(event_id).version == version
    # An individual event is not a Double-Swiss event for the Double-Swiss routes.
    individual = post(client, anna, "/api/events", {"name": "Open", "rounds": 3}, status=201)
    answer = client.post(f"/api/events/{individual['id']}/double-results", json=result, auth=anna)
    assert answer.status_code == 400 and "not a Double-Swiss event" in answer.json()["detail"]


def test_reads_of_unknown_events_and_of_the_wrong_kind_are_404() -> None:
    with running(WebConfig(store=":memory:")) as (app, client):
        desk = desk_of(app)
        built = double_event(desk)
        team = team_event(desk)
        individual = dutch_event(desk, players=8, rounds_played=1).id
        double = built.event_id
        for path in (
            f"/api/events/{double}/rounds/4",
            f"/api/events/{double}/rounds/0",
            f"/api/events/{double}/players/99",
            f"/api/events/{double}/boards",
            f"/api/events/{double}/teams",
            f"/api/events/{team}/players",
            f"/api/events/{individual}/players",
            "/api/events/999/players",
        ):
            answer = client.get(path)
            assert answer.status_code == 404, path
            assert answer.headers["content-type"] == "application/json"
        # The reads carry the event's version as their ETag, as the other events' do.
        for path in ("", "/rounds/2", "/standings", "/crosstable", "/players", "/players/1"):
            first = client.get(f"/api/events/{double}{path}")
            assert first.status_code == 200, path
            again = client.get(
                f"/api/events/{double}{path}", headers={"If-None-Match": first.headers["etag"]}
            )
            assert again.status_code == 304, path


def test_the_openapi_document_describes_the_double_swiss_routes(
    api: tuple[FastAPI, TestClient, Auth, Auth],
) -> None:
    _, client, _, _ = api
    document = client.get("/api/openapi.json").json()
    paths = document["paths"]
    for path in ("/api/double-events", "/api/events/{event_id}/double-results"):
        assert "post" in paths[path], path
        assert {"401", "404", "422"} <= set(paths[path]["post"]["responses"]), path
    standings = paths["/api/events/{event_id}/standings"]["get"]["responses"]["200"]
    refs = [o["$ref"] for o in standings["content"]["application/json"]["schema"]["anyOf"]]
    assert any(r.endswith("/DoubleStandingsView") for r in refs)
    game = document["components"]["schemas"]["DoubleGame"]["properties"]
    assert "White first" in game["result"]["description"]
