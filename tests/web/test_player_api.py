"""The players' actions in the JSON API: a code in the X-Player-Code header opens its
player's page and actions and nothing else; the director's side (codes, check-in, the
self-reporting switch, the boards reported on) answers with the desk's rights; everything is
in the log, named after who did it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.core import Game, MatchScore
from fairpair.service import accounts, directors
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.service.settings import Game as GameKind
from fairpair.web.config import WebConfig
from tests.web.desk_client import add_director, running, service_desk

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
OLGA = ("olga", "olga's long password")
CARLA = ("carla", "carla's long password")


@pytest.fixture
def event(tmp_path: Path) -> Iterator[tuple[FastAPI, TestClient, int]]:
    """A casual Swiss of six run by olga with carla as assistant, over the API."""
    with running(WebConfig(store=str(tmp_path / "events.sqlite3"))) as (app, client):
        add_director(app, *OLGA)
        add_director(app, *CARLA)
        olga = service_desk(app, "olga")
        made = ev.create_event(
            olga,
            EventSettings("Phones", System.CASUAL, rounds=3, game=GameKind.CARDS),
            owner="olga",
        )
        for name in NAMES:
            ev.register_player(olga, made.id, name)
        directors.set_staff(olga, made.id, "carla", "assistant")
        yield app, client, made.id


def games_now(app: FastAPI, event_id: int) -> tuple[Game, ...]:
    return ev.load(service_desk(app), event_id).tournament.rounds[-1].games


def me(client: TestClient, event_id: int, code: str, path: str = "", **body: object) -> dict:
    url = f"/api/events/{event_id}/me{path}"
    headers = {"X-Player-Code": code}
    answer = (
        client.post(url, json=body, headers=headers) if path else client.get(url, headers=headers)
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_players_check_in_report_and_drop_through_the_api(
    event: tuple[FastAPI, TestClient, int],
) -> None:
    app, client, event_id = event
    api = f"/api/events/{event_id}"
    given = client.post(f"{api}/codes", json={}, auth=OLGA)
    assert given.status_code == 200 and given.headers["cache-control"] == "no-store"
    codes = {int(k): v for k, v in given.json()["codes"].items()}
    assert sorted(codes) == [1, 2, 3, 4, 5, 6]
    assert client.get(f"{api}/codes", auth=OLGA).json()["codes"] == given.json()["codes"]

    # Check-in: carla (an assistant) opens it and checks Cy in; players check themselves in.
    opened = client.post(f"{api}/checkin", json={"step": "open"}, auth=CARLA)
    assert opened.status_code == 200 and opened.json()["open"]
    assert client.post(f"{api}/checkin/players/3", json={}, auth=CARLA).status_code == 200
    ann = me(client, event_id, codes[1])
    assert ann["page"]["player"]["name"] == "Ann" and ann["check_in_open"]
    assert not ann["checked_in"]
    # A code typed as people type it: lower case, with spaces.
    spaced = " ".join(codes[1][i : i + 4] for i in range(0, 12, 4)).lower()
    assert me(client, event_id, spaced, "/checkin")["checked_in"]
    for pid in (2, 4, 5):
        me(client, event_id, codes[pid], "/checkin")
    again = client.post(f"{api}/me/checkin", json={}, headers={"X-Player-Code": codes[2]})
    assert again.status_code == 400 and "already checked in" in again.json()["detail"]
    state = client.get(f"{api}/checkin", auth=CARLA).json()
    assert state["checked_in"] == [1, 2, 3, 4, 5] and state["missing"] == [6]
    # Turning the missing into absences is the director's, not the assistant's.
    absent = {"as": "absent"}
    assert client.post(f"{api}/checkin/missing", json=absent, auth=CARLA).status_code == 404
    assert client.post(f"{api}/checkin/missing", json=absent, auth=OLGA).json()["missing"] == []
    assert client.post(f"{api}/reporting", json={"on": True}, auth=OLGA).json()["reporting"]
    assert client.post(f"{api}/pair", auth=OLGA).status_code == 200

    event_now = ev.load(service_desk(app), event_id)
    games = event_now.tournament.rounds[0].games
    paired = [g for g in games if g.black is not None]
    first, second = paired[0], paired[1]
    board_1 = games.index(first) + 1
    board_2 = games.index(second) + 1
    white = me(client, event_id, codes[first.white])
    assert white["current"]["board"] == board_1 and white["may_report"]
    assert white["current"]["opponent"]["id"] == first.black

    # Board 1: both report the same, each with their own games first (no colours in a card
    # game); the result is entered, logged as reported by both.
    assert white["own_side"]
    said = me(client, event_id, codes[first.black], "/report", board=board_1, result="1-2")
    assert not said["entered"] and said["my_report"] == "1-2"
    stale = client.post(
        f"{api}/me/report",
        json={"board": board_1, "result": "2-1", "version": said["version"] - 1},
        headers={"X-Player-Code": codes[first.white]},
    )
    assert stale.status_code == 409
    done = me(client, event_id, codes[first.white], "/report", board=board_1, result="2-1")
    assert done["entered"] and done["current"]["result"] == "2-1"
    assert games_now(app, event_id)[board_1 - 1].match_score == MatchScore(2, 1)
    # Board 2: each says they won; the desk sees it; a code cannot report another board.
    me(client, event_id, codes[second.white], "/report", board=board_2, result="2-0")
    me(client, event_id, codes[second.black], "/report", board=board_2, result="2-0")
    other = client.post(
        f"{api}/me/report",
        json={"board": board_2, "result": "0-2"},
        headers={"X-Player-Code": codes[first.white]},
    )
    assert other.status_code == 400 and "do not play on board" in other.json()["detail"]
    flagged = client.get(f"{api}/checkin", auth=CARLA).json()["flagged"]
    assert [(f["board"], f["disagree"]) for f in flagged] == [(board_2, True)]
    assert (flagged[0]["first"], flagged[0]["second"]) == (second.white, second.black)
    assert {r["player"]: r["result"] for r in flagged[0]["reports"]} == {
        second.white: "2-0",
        second.black: "0-2",  # the desk reads every report first-listed player first
    }

    # A self-drop for the next round; the round being played cannot be dropped from.
    late = client.post(f"{api}/me/drop", json={"round": 1}, headers={"X-Player-Code": codes[4]})
    assert late.status_code == 422 and "already paired" in late.text
    assert me(client, event_id, codes[4], "/drop", round=2)["withdrawn_from"] == 2

    log = ev.history(service_desk(app), event_id)
    actors = [(r.action, r.actor) for r in log]
    assert ("player.checked.in", "carla") in actors
    assert ("player.checked.in", "player 1 Ann (self)") in actors
    assert ("checkin.missing", "olga") in actors
    assert ("player.withdrawn", "player 4 Dee (self)") in actors
    both = [a for action, a in actors if action == "results.entered"]
    names = {pid: event_now.tournament.player(pid).name for pid in (first.white, first.black)}
    assert both == [
        f"player {first.black} {names[first.black]} (self) and "
        f"player {first.white} {names[first.white]} (self), reported by both"
    ]


def test_a_code_opens_one_players_actions_in_one_event_and_guessing_is_throttled(
    event: tuple[FastAPI, TestClient, int],
) -> None:
    app, client, event_id = event
    app.state.sign_in_limits = accounts.Limits(per_address=4)
    codes = client.post(f"/api/events/{event_id}/codes", json={}, auth=OLGA).json()["codes"]
    ann = codes["1"]
    olga = service_desk(app, "olga")
    elsewhere = ev.create_event(olga, EventSettings("Elsewhere", System.CASUAL, rounds=3))
    assert (
        client.get(f"/api/events/{elsewhere.id}/me", headers={"X-Player-Code": ann}).status_code
        == 401
    )
    # The director's password and API sign-in open no player's page.
    assert client.get(f"/api/events/{event_id}/me", auth=OLGA).status_code == 401
    before = service_desk(app).store.event(event_id).version
    wrong = "23456789ABCD" if ann != "23456789ABCD" else "33456789ABCD"
    for _ in range(2):  # the other event's attempt was the first of four
        answer = client.get(f"/api/events/{event_id}/me", headers={"X-Player-Code": wrong})
        assert answer.status_code == 401 and "opens nothing" in answer.text
    # A right code in between takes back its own attempt only, not the wrong ones.
    me(client, event_id, ann)
    answer = client.get(f"/api/events/{event_id}/me", headers={"X-Player-Code": wrong})
    assert answer.status_code == 401
    locked = client.get(f"/api/events/{event_id}/me", headers={"X-Player-Code": ann})
    assert locked.status_code == 429 and int(locked.headers["retry-after"]) > 0
    assert "wrong codes" in locked.json()["detail"]
    assert service_desk(app).store.event(event_id).version == before
