"""Staff of an event on the desk and the write API: who may reach which route.

Every guarded route of an event (read from the application, as test_security.py does) is
tried by the owner, a co-director, an assistant and a stranger; the table below says which
right each route needs, and a route added later needs DIRECT unless it is named here. A
refusal is the answer a stranger gets for an event that does not exist: 404, the event's
name nowhere, nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.web.config import WebConfig
from tests.web.desk_client import Browser, add_director, browser, running, service_desk
from tests.web.test_security import API_BODIES, SAMPLE, guarded_routes

EVENT = "Staffed open"
RESULTS = {
    ("GET", "/desk/events/{event_id}"),
    ("GET", "/desk/events/{event_id}/rounds/{number}/results"),
    ("POST", "/desk/events/{event_id}/rounds/{number}/results"),
    ("GET", "/desk/events/{event_id}/pairing"),
    ("POST", "/api/events/{event_id}/results"),
    ("GET", "/desk/events/{event_id}/bracket"),
    ("POST", "/desk/events/{event_id}/bracket/matches/{number}"),
    ("POST", "/api/events/{event_id}/matches/{number}"),
}
"""The routes an assistant may use: the event's page (theirs shows only the round's
results), the current round's results on the desk and through the API (and how the pairing of
the next round is going, which its page follows), and a knockout's matches being played
(test_staff_knockout.py)."""
CHECK_IN = {
    ("GET", "/desk/events/{event_id}/checkin"),
    ("POST", "/desk/events/{event_id}/checkin/open"),
    ("POST", "/desk/events/{event_id}/checkin/close"),
    ("POST", "/desk/events/{event_id}/checkin/players/{player_id}"),
    ("GET", "/api/events/{event_id}/checkin"),
    ("POST", "/api/events/{event_id}/checkin"),
    ("POST", "/api/events/{event_id}/checkin/players/{player_id}"),
}
"""Check-in at the desk and through the API (the codes, the self-reporting switch and
turning those missing into absences stay with directors)."""
MANAGE = {
    ("POST", "/desk/events/{event_id}/staff"),
    ("POST", "/desk/events/{event_id}/staff/{username}/remove"),
    ("POST", "/api/events/{event_id}/staff"),
    ("DELETE", "/api/events/{event_id}/staff/{username}"),
}
"""The routes of the owner alone."""
MAY = {
    "owner": {"manage", "direct", "results", "check-in"},
    "co-director": {"direct", "results", "check-in"},
    "assistant": {"results", "check-in"},
    "stranger": set(),
}


def needed(method: str, path: str) -> str:
    if (method, path) in MANAGE:
        return "manage"
    if (method, path) in RESULTS:
        return "results"
    if (method, path) in CHECK_IN:
        return "check-in"
    return "direct"


@pytest.fixture
def staffed(tmp_path: Path) -> Iterator[tuple[FastAPI, TestClient, int, dict[str, str]]]:
    """An event run by olga, with bruno co-director and carla assistant (and dora, a
    director with no part in it); round 1 paired. Yields the app, its client, the event's
    id and each director's password."""
    with running(WebConfig(store=str(tmp_path / "events.sqlite3"), demo=True)) as (app, client):
        passwords = {name: add_director(app, name) for name in ("olga", "bruno", "carla", "dora")}
        olga = service_desk(app, "olga")
        event = ev.create_event(olga, EventSettings(EVENT, System.DUTCH, rounds=5), owner="olga")
        for name in ("Ann", "Ben", "Cy", "Di"):
            ev.register_player(olga, event.id, name)
        ev.pair_round(olga, event.id)
        directors.set_staff(olga, event.id, "bruno", "co-director")
        directors.set_staff(olga, event.id, "carla", "assistant")
        yield app, client, event.id, passwords


def walk(app: FastAPI) -> list[tuple[str, str]]:
    """Every guarded route of one event, and the API's reads for its staff only: the staff
    list, check-in, the players' codes."""
    routes = [(m, p) for m, p in guarded_routes(app) if "{event_id}" in p]
    reads = ("staff", "checkin", "codes")
    return [*routes, *(("GET", f"/api/events/{{event_id}}/{read}") for read in reads)]


def concrete(path: str, event_id: int) -> str:
    values = {**SAMPLE, "event_id": str(event_id), "username": "dora"}
    for key, value in values.items():
        path = path.replace("{" + key + "}", value)
    return path


def refused(answer: httpx.Response, event_id: int) -> bool:
    """Whether the answer is the one of an event that does not exist."""
    status = answer.status_code
    text = answer.text
    return status == 404 and (
        f"No event {event_id}." in text or f"no event with id {event_id}" in text
    )


def attempt(who: Browser, password: str, username: str, method: str, url: str) -> httpx.Response:
    if url.startswith("/api/"):
        for body in API_BODIES:
            answer = who.client.request(method, url, json=body, auth=(username, password))
            if answer.status_code != 422:
                break
        return answer
    if method == "GET":
        return who.get(url)
    return who.post(url, {"name": "Intruder", "white": "1", "black": "2", "r1": "1"})


@pytest.mark.parametrize("role", ["stranger", "assistant", "co-director", "owner"])
def test_each_role_reaches_exactly_the_routes_its_rights_allow(
    staffed: tuple[FastAPI, TestClient, int, dict[str, str]], role: str
) -> None:
    app, _client, event_id, passwords = staffed
    username = {"owner": "olga", "co-director": "bruno", "assistant": "carla"}.get(role, "dora")
    who = browser(app)
    who.sign_in(username, passwords[username])
    routes = walk(app)
    assert set(routes) >= MANAGE | RESULTS | CHECK_IN
    wrong = []
    for method, path in routes:
        before = app.state.store.event(event_id)
        answer = attempt(who, passwords[username], username, method, concrete(path, event_id))
        allowed = needed(method, path) in MAY[role]
        if allowed == refused(answer, event_id):
            wrong.append((method, path, answer.status_code))
        if not allowed:
            assert EVENT not in answer.text, (method, path)
            assert app.state.store.event(event_id).version == before.version, (method, path)
    assert wrong == [], f"{role}: these routes answered against the table"


def test_an_assistant_enters_the_current_rounds_results_and_nothing_else(
    staffed: tuple[FastAPI, TestClient, int, dict[str, str]],
) -> None:
    app, client, event_id, passwords = staffed
    carla = browser(app)
    carla.sign_in("carla", passwords["carla"])
    # The desk lists the event with the role; its page offers the round's results only.
    listing = carla.get("/desk").text
    assert EVENT in listing and "assistant" in listing
    page = carla.get(f"/desk/events/{event_id}").text
    assert f"/desk/events/{event_id}/rounds/1/results" in page
    for hidden in ("/pair", "/undo", "/players", "/export/", "/log", "/staff", "Ann"):
        assert hidden not in page, hidden
    carla.get(f"/desk/events/{event_id}/rounds/1/results")
    saved = carla.submit(f"/desk/events/{event_id}/rounds/1/results", {"r1": "1-0"})
    assert saved.status_code == 303, saved.text
    # Through the API too, and each change names the assistant.
    answer = client.post(
        f"/api/events/{event_id}/results",
        json={"results": [{"board": 2, "result": "0-1"}]},
        auth=("carla", passwords["carla"]),
    )
    assert answer.status_code == 200, answer.text
    log = app.state.store.log(event_id)
    assert [(r.actor, r.action) for r in log[-2:]] == [
        ("carla", "results.entered"),
        ("carla", "results.entered"),
    ]
    # Result slips of the current round print; the players' list does not.
    assert carla.get(f"/desk/events/{event_id}/print/slips?round=1").status_code == 200
    assert refused(carla.get(f"/desk/events/{event_id}/print/players"), event_id)
    # Once round 2 is paired, round 1 is no longer the assistant's to correct.
    ev.pair_round(service_desk(app, "olga"), event_id)
    version = app.state.store.event(event_id).version
    page2 = carla.get(f"/desk/events/{event_id}/rounds/1/results")
    assert page2.status_code == 403 and "current round only (round 2)" in page2.text
    answer = client.post(
        f"/api/events/{event_id}/results",
        json={"round": 1, "results": [{"board": 1, "result": "0-1", "correction": True}]},
        auth=("carla", passwords["carla"]),
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"][0]["loc"] == ["body", "round"]
    assert carla.get(f"/desk/events/{event_id}/print/slips?round=1").status_code == 403
    assert app.state.store.event(event_id).version == version
    assert carla.get(f"/desk/events/{event_id}/rounds/2/results").status_code == 200


def test_a_co_director_directs_but_cannot_change_the_staff_or_give_the_event(
    staffed: tuple[FastAPI, TestClient, int, dict[str, str]],
) -> None:
    app, client, event_id, passwords = staffed
    bruno = browser(app)
    bruno.sign_in("bruno", passwords["bruno"])
    page = bruno.get(f"/desk/events/{event_id}").text
    assert "/pair" in page or "/rounds/1/results" in page
    assert "Event staff" not in page
    # His changes name him.
    bruno.post(f"/desk/events/{event_id}/players", {"name": "Eve"})
    assert app.state.store.log(event_id)[-1].actor == "bruno"
    staff = client.get(f"/api/events/{event_id}/staff", auth=("bruno", passwords["bruno"]))
    assert staff.json()["staff"] == [
        {"username": "olga", "role": "owner"},
        {"username": "bruno", "role": "co-director"},
        {"username": "carla", "role": "assistant"},
    ]


def test_the_owner_manages_the_staff_with_refusals_at_the_field(
    staffed: tuple[FastAPI, TestClient, int, dict[str, str]],
) -> None:
    app, client, event_id, passwords = staffed
    olga = browser(app)
    olga.sign_in("olga", passwords["olga"])
    page = olga.get(f"/desk/events/{event_id}").text
    assert "Event staff" in page and "carla" in page
    version = app.state.store.event(event_id).version
    for typed, said in (
        ("nobody", "no director &#39;nobody&#39;"),
        ("olga", "olga owns the event"),
        ("Carla", "carla is already assistant of the event"),
    ):
        answer = olga.post(
            f"/desk/events/{event_id}/staff", {"username": typed, "role": "assistant"}
        )
        assert answer.status_code == 422, typed
        assert 'id="staff-username-error"' in answer.text and said in answer.text, typed
        assert f'value="{typed}"' in answer.text  # what was typed stays in the field
    answer = olga.post(f"/desk/events/{event_id}/staff", {"username": "dora", "role": "boss"})
    assert answer.status_code == 422 and 'id="staff-role-error"' in answer.text
    assert app.state.store.event(event_id).version == version
    # Add, change the role, remove: each one record by olga, in words on the log page.
    assert (
        olga.post(
            f"/desk/events/{event_id}/staff", {"username": "dora", "role": "assistant"}
        ).status_code
        == 303
    )
    assert (
        olga.post(
            f"/desk/events/{event_id}/staff", {"username": "dora", "role": "co-director"}
        ).status_code
        == 303
    )
    olga.get(f"/desk/events/{event_id}")
    assert olga.submit(f"/desk/events/{event_id}/staff/dora/remove").status_code == 303
    log = app.state.store.log(event_id)[-3:]
    assert {(r.actor, r.action) for r in log} == {("olga", "event.staff")}
    words = olga.get(f"/desk/events/{event_id}/log").text
    for line in (
        "dora is now assistant of the event",
        "dora is now co-director of the event (was assistant)",
        "dora is no longer co-director of the event",
    ):
        assert line in words
    # The API answers the same, for the owner only.
    auth = ("olga", passwords["olga"])
    answer = client.post(
        f"/api/events/{event_id}/staff", json={"username": "dora", "role": "assistant"}, auth=auth
    )
    assert answer.status_code == 200, answer.text
    assert {"username": "dora", "role": "assistant"} in answer.json()["staff"]
    answer = client.post(
        f"/api/events/{event_id}/staff", json={"username": "olga", "role": "assistant"}, auth=auth
    )
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["body", "username"]
    answer = client.delete(f"/api/events/{event_id}/staff/dora", auth=auth)
    assert answer.status_code == 200
    assert "dora" not in {m["username"] for m in answer.json()["staff"]}
    # A removed member is a stranger again.
    dora = browser(app)
    dora.sign_in("dora", passwords["dora"])
    assert refused(dora.get(f"/desk/events/{event_id}"), event_id)
    assert EVENT not in dora.get("/desk").text
