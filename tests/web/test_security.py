"""Security of the desk and the write API: sign-in, CSRF, ownership, stored passwords.

The route lists are read from the application itself, so a route added later is checked
too: every route that changes something and every page of the desk must refuse a visitor
who is not signed in, a form without the session's CSRF token, and a director who does not
run the event.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service import accounts
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.web.config import WebConfig
from tests.web.desk_client import Browser, add_director, browser, running, service_desk

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
OPEN_TO_ALL = {
    ("POST", "/desk/signin"),
    ("POST", "/desk/signup"),
    ("POST", "/desk/signout"),
    ("GET", "/desk/signin"),
    ("GET", "/desk/signup"),
}
"""What a visitor may do without being signed in (signing out is harmless)."""
PLAYER_DOOR = "/events/{event_id:int}/me"
"""The player's own page: its forms need a player's code, not a director (see
:func:`test_the_player_door_refuses_a_visitor_without_a_code`)."""

PLAYER_API = "/api/events/{event_id}/me"
"""The players' own API: a player's code in a header, not a director (see
:func:`test_the_players_api_refuses_a_caller_without_a_code`)."""

SAMPLE = {
    "event_id": "1",
    "player_id": "1",
    "number": "1",
    "kind": "trf",
    "sheet": "standings",
    "token_id": "1",
    "tpn": "1",
    "match": "1",
    "round_number": "1",
    "username": "carla",
}


API_BODIES: tuple[dict[str, Any], ...] = (
    {},
    {"name": "X", "results": [{"match": 1, "board": 1, "result": "1-0"}]},
    {"players": [1]},
    {"results": [{"board": 1, "game1": "1-0", "game2": "1-0"}]},
    {"games": [{"result": "1-0"}]},
    {"username": "carla", "role": "assistant"},
    {"step": "pause", "announcement": "X"},  # the venue screen's routes
    {"step": "open", "as": "absent", "on": True},  # check-in and self-reporting
)
"""Request bodies for the write API, sent in turn until one passes validation (FastAPI
checks a body before the route runs, so a refusal shows only past it)."""


def concrete(path: str) -> str:
    """A route's path with sample values in place of its parameters (event 1, round 1...)."""
    return re.sub(r"\{(\w+)\}", lambda m: SAMPLE[m[1]], path)


def every_route(app: FastAPI) -> Iterator[tuple[str, str]]:
    """Each (method, path) the application answers, routers included."""
    try:  # FastAPI 0.16x keeps included routers as branches of the route tree
        from fastapi.routing import iter_route_contexts
    except ImportError:  # older FastAPI: a flat list
        routes: Iterable[Any] = app.routes
    else:
        routes = iter_route_contexts(app.routes)
    for route in routes:
        path, methods = getattr(route, "path", None), getattr(route, "methods", None)
        if path is not None and methods:
            for method in sorted(methods):
                yield method, path


def guarded_routes(app: FastAPI) -> list[tuple[str, str]]:
    """Every (method, path) that changes something, and every page of the desk."""
    found = []
    for method, path in every_route(app):
        unsafe = method in UNSAFE
        desk_page = method == "GET" and path.startswith("/desk")
        player_door = path.startswith((PLAYER_DOOR, PLAYER_API))
        if (unsafe or desk_page) and (method, path) not in OPEN_TO_ALL and not player_door:
            found.append((method, path))
    assert found, "no route found: has FastAPI changed how routes are listed?"
    return found


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[FastAPI, TestClient]]:
    with running(WebConfig(store=str(tmp_path / "events.sqlite3"), demo=True)) as running_app:
        yield running_app


def event_state(app: FastAPI) -> list[tuple[int, int, str | None]]:
    """Each event's id, version and director: what any write would change."""
    return [(e.id, e.version, e.owner) for e in app.state.store.events()]


def test_the_route_list_covers_the_contract(site: tuple[FastAPI, TestClient]) -> None:
    app, _ = site
    routes = set(guarded_routes(app))
    expected = {
        ("GET", "/desk"),
        ("GET", "/desk/account"),
        ("POST", "/desk/account/password"),
        ("POST", "/desk/account/tokens"),
        ("POST", "/desk/account/tokens/{token_id}/revoke"),
        ("POST", "/desk/signout-everywhere"),
        ("POST", "/desk/claim"),
        ("POST", "/desk/events/new"),
        ("POST", "/desk/events/{event_id}/players"),
        ("POST", "/desk/events/{event_id}/players/import"),
        ("POST", "/desk/events/{event_id}/players/{player_id}/withdraw"),
        ("POST", "/desk/events/{event_id}/byes"),
        ("POST", "/desk/events/{event_id}/forbidden"),
        ("POST", "/desk/events/{event_id}/pair"),
        ("POST", "/desk/events/{event_id}/undo"),
        ("POST", "/desk/events/{event_id}/redo"),
        ("GET", "/desk/events/{event_id}/players/{player_id}/withdraw"),
        ("POST", "/desk/events/{event_id}/boards"),
        ("POST", "/desk/events/{event_id}/rounds/{number}/results"),
        ("GET", "/desk/events/{event_id}/rounds/{number}/results"),
        ("GET", "/desk/events/{event_id}/log"),
        ("GET", "/desk/events/{event_id}/export/{kind}"),
        ("GET", "/desk/events/{event_id}/print/{sheet}"),
        ("POST", "/desk/events/{event_id}/team-settings"),
        ("POST", "/desk/events/{event_id}/teams"),
        ("POST", "/desk/events/{event_id}/teams/import"),
        ("POST", "/desk/events/{event_id}/teams/byes"),
        ("POST", "/desk/events/{event_id}/teams/apart"),
        ("POST", "/desk/events/{event_id}/teams/fixed"),
        ("POST", "/desk/events/{event_id}/teams/fixed/{round_number}/{tpn}/undo"),
        ("GET", "/desk/events/{event_id}/teams/{tpn}"),
        ("POST", "/desk/events/{event_id}/teams/{tpn}"),
        ("POST", "/desk/events/{event_id}/teams/{tpn}/remove"),
        ("POST", "/desk/events/{event_id}/teams/{tpn}/withdraw"),
        ("POST", "/desk/events/{event_id}/teams/{tpn}/return"),
        ("GET", "/desk/events/{event_id}/rounds/{number}/matches"),
        ("POST", "/desk/events/{event_id}/rounds/{number}/matches/{match}/lineup"),
        ("POST", "/desk/events/{event_id}/rounds/{number}/matches/{match}/results"),
        ("POST", "/api/events"),
        ("POST", "/api/events/{event_id}/players"),
        ("POST", "/api/events/{event_id}/pair"),
        ("POST", "/api/events/{event_id}/results"),
        ("POST", "/api/events/{event_id}/undo"),
        ("POST", "/api/events/{event_id}/redo"),
        ("POST", "/desk/events/{event_id}/staff"),
        ("POST", "/desk/events/{event_id}/staff/{username}/remove"),
        ("POST", "/api/events/{event_id}/staff"),
        ("DELETE", "/api/events/{event_id}/staff/{username}"),
    }
    assert expected <= routes
    # Nothing outside the desk and the API changes anything: the public pages only read.
    assert all(p.startswith(("/desk", "/api/")) for _, p in routes)


def test_the_player_door_refuses_a_visitor_without_a_code(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, client = site
    visitor = Browser(client)
    visitor.get("/events/1/me")
    assert visitor.token
    before = event_state(app)
    door = sorted(
        (m, p) for m, p in every_route(app) if m in UNSAFE and p.startswith(PLAYER_DOOR + "/")
    )
    assert {p for _, p in door} >= {PLAYER_DOOR + "/checkin", PLAYER_DOOR + "/drop"}
    for method, path in door:
        url = path.replace("{event_id:int}", "1")
        answer = visitor.post(url, {"round": "9", "player": "1", "board": "1", "result": "1-0"})
        expected = 303 if path.endswith("/leave") else 403
        assert answer.status_code == expected, (method, path, answer.text)
        assert visitor.post(url, {"round": "9"}, token="").status_code == 403
    assert event_state(app) == before


def test_the_players_api_refuses_a_caller_without_a_code(
    site: tuple[FastAPI, TestClient],
) -> None:
    """Every route of the players' API asks for a code (401), a director's sign-in or a
    desk session opening none of them."""
    app, client = site
    before = event_state(app)
    routes = sorted((m, p) for m, p in every_route(app) if p.startswith(PLAYER_API))
    assert {p for _, p in routes} >= {PLAYER_API, PLAYER_API + "/report", PLAYER_API + "/drop"}
    body = {"board": 1, "result": "1-0", "round": 9}
    for method, path in routes:
        url = path.replace("{event_id}", "1")
        for headers in ({}, {"X-Player-Code": "NOT-A-CODE-AT-ALL"}, {"X-Player-Code": " "}):
            answer = client.request(method, url, json=body, headers=headers)
            if not headers and method != "GET":
                # No header at all: a form from elsewhere, refused before the route.
                assert answer.status_code == 403, (method, path, answer.text)
                continue
            assert answer.status_code == 401, (method, path, headers, answer.text)
            assert answer.headers["www-authenticate"] == "Code"
        director = client.request(method, url, json=body, auth=("demo", "demo"))
        assert director.status_code == 401, (method, path, director.text)
    assert event_state(app) == before


def test_a_visitor_who_is_not_signed_in_is_refused_everywhere(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, client = site
    visitor = Browser(client)
    visitor.get("/desk/signin")  # a valid CSRF token: the refusal must come from sign-in
    assert visitor.token
    before = event_state(app)
    log_before = len(app.state.store.log(1))
    for method, path in guarded_routes(app):
        url = concrete(path)
        if path.startswith("/api/"):
            answer = client.request(method, url, json={}, headers={"X-CSRF-Token": visitor.token})
            assert answer.status_code == 401, (method, path, answer.text)
            assert answer.headers["www-authenticate"].startswith("Basic")
        else:
            data = {"csrf_token": visitor.token} if method != "GET" else None
            answer = client.request(method, url, data=data, follow_redirects=False)
            assert answer.status_code == 303, (method, path, answer.text)
            assert answer.headers["location"].startswith("/desk/signin"), (method, path)
    assert event_state(app) == before
    assert len(app.state.store.log(1)) == log_before


def test_wrong_basic_credentials_are_refused(site: tuple[FastAPI, TestClient]) -> None:
    app, client = site
    for credentials in (("demo", "wrong"), ("nobody", "demo"), ("", "")):
        answer = client.post("/api/events/1/pair", auth=credentials)
        assert answer.status_code == 401
    answer = client.post("/api/events/1/pair", headers={"Authorization": "Basic !!!"})
    assert answer.status_code == 401
    answer = client.post("/api/events/1/pair", headers={"Authorization": "Bearer demo"})
    assert answer.status_code == 401
    assert event_state(app)[0][1] == service_desk(app).store.event(1).version


@pytest.mark.parametrize("token", ["", "forged-token"])
def test_a_form_without_the_session_token_is_refused_and_changes_nothing(
    site: tuple[FastAPI, TestClient], token: str
) -> None:
    app, client = site
    demo = Browser(client)
    demo.sign_in("demo", "demo")
    before = event_state(app)
    for method, path in guarded_routes(app):
        if method not in UNSAFE:
            continue
        url = concrete(path)
        if path.startswith("/api/"):
            headers = {"X-CSRF-Token": token} if token else {}
            answer = client.request(method, url, json={}, headers=headers)
        else:
            answer = demo.post(url, {"name": "Forged", "r1": "1-0"}, token=token)
        assert answer.status_code == 403, (method, path, answer.text)
    assert event_state(app) == before
    # The same director, with the token, gets through.
    demo.get("/desk/events/1")
    assert demo.submit("/desk/events/1/undo").status_code == 303
    assert event_state(app) != before


def test_the_api_takes_a_session_with_its_token_in_the_header(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, client = site
    carla = Browser(client)
    carla.sign_in("carla", add_director(app, "carla"))
    answer = client.post(
        "/api/events",
        json={"name": "From the page", "rounds": 3},
        headers={"X-CSRF-Token": carla.token},
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["owner"] == "carla"


def test_one_director_cannot_touch_another_directors_event(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, _client = site
    password = add_director(app, "bruno")
    bruno = browser(app)
    bruno.sign_in("bruno", password)
    before = event_state(app)
    for method, path in guarded_routes(app):
        if "{event_id}" not in path:
            continue
        url = concrete(path)  # event 1 is the demo event, run by demo
        if path.startswith("/api/"):
            # The body is checked first: send valid ones until one passes.
            for body in API_BODIES:
                answer = bruno.client.request(method, url, json=body, auth=("bruno", password))
                if answer.status_code != 422:
                    break
        elif method == "GET":
            answer = bruno.get(url)
        else:
            answer = bruno.post(url, {"name": "Intruder", "white": "1", "black": "2", "r1": "1"})
        assert answer.status_code == 404, (method, path, answer.text)
        assert "Demo club" not in answer.text
    # Not even the event's name shows on Bruno's desk.
    assert "Demo club" not in bruno.get("/desk").text
    assert event_state(app) == before


def test_passwords_are_stored_as_argon2_hashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fairpair.service import directors

    monkeypatch.setattr(directors, "_hasher", PasswordHasher())  # the real parameters
    target = tmp_path / "events.sqlite3"
    with running(WebConfig(store=str(target), signup=True)) as (_app, client):
        Browser(client).sign_up("carla", "a long passphrase")
    engine = sa.create_engine(f"sqlite:///{target}")
    with engine.connect() as connection:
        (stored,) = connection.execute(
            sa.text("SELECT password_hash FROM directors WHERE username = 'carla'")
        ).scalars()
    engine.dispose()
    assert "a long passphrase" not in stored
    assert stored.startswith("$argon2id$")
    assert PasswordHasher().verify(stored, "a long passphrase")


def test_a_failed_sign_in_does_not_say_whether_the_username_exists(
    site: tuple[FastAPI, TestClient],
) -> None:
    _, client = site
    visitor = Browser(client)
    pages = []
    for username, password in (("demo", "wrong"), ("nobody", "demo")):
        visitor.get("/desk/signin")
        page = visitor.post("/desk/signin", {"username": username, "password": password})
        assert page.status_code == 401
        pages.append(page.text.replace(username, "USER"))
    assert "Wrong username or password." in pages[0]
    assert pages[0] == pages[1]  # the same page, but for the username typed
    assert visitor.get("/desk", follow_redirects=False).status_code == 303


def test_signing_in_starts_a_new_session_and_signing_out_ends_it(
    site: tuple[FastAPI, TestClient],
) -> None:
    _, client = site
    demo = Browser(client)
    demo.get("/desk/signin")
    token_before = demo.token
    demo.sign_in("demo", "demo")
    assert demo.token != token_before
    assert demo.get("/desk").status_code == 200
    assert demo.post("/desk/signout").status_code == 303
    assert client.get("/desk", follow_redirects=False).status_code == 303
    # The old token is no use after signing out.
    assert demo.post("/desk/events/1/undo", token=token_before).status_code == 403


def test_the_session_cookie_is_http_only_same_site_and_expires(tmp_path: Path) -> None:
    for secure in (False, True):
        config = WebConfig(store=":memory:", demo=True, secure_cookies=secure)
        with running(config) as (_, client):
            page = client.get("/desk/signin")
            cookie = page.headers["set-cookie"].lower()
            assert "httponly" in cookie and "samesite=lax" in cookie
            assert f"max-age={12 * 3600}" in cookie
            assert ("secure" in cookie.split("; ")) is secure


def test_after_sign_in_only_a_desk_page_is_a_destination(
    site: tuple[FastAPI, TestClient],
) -> None:
    _, client = site
    for target, landing in (
        ("https://evil.example/desk", "/desk"),
        ("//evil.example/desk", "/desk"),
        ("/events/1", "/desk"),
        ("/desk/events/1/log", "/desk/events/1/log"),
    ):
        visitor = Browser(client)
        visitor.get("/desk/signin")
        page = visitor.post(
            "/desk/signin", {"username": "demo", "password": "demo", "next": target}
        )
        assert page.headers["location"] == landing
        visitor.post("/desk/signout")


def test_sign_up_is_closed_unless_the_server_opens_it(tmp_path: Path) -> None:
    with running(WebConfig(store=":memory:", signup=True)) as (_, client):
        Browser(client).sign_up("carla", "a long passphrase")
    with running(WebConfig(store=":memory:")) as (_, client):
        assert "/desk/signup" not in client.get("/desk/signin").text
        visitor = Browser(client)
        assert visitor.get("/desk/signup").status_code == 404
        visitor.get("/desk/signin")
        page = visitor.post(
            "/desk/signup", {"username": "eve", "password": "x" * 12, "password2": "x" * 12}
        )
        assert page.status_code == 404
        assert client.app.state.store.director("eve") is None  # type: ignore[attr-defined]


def test_no_director_can_take_an_event_made_from_the_command_line(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, client = site
    loose = ev.create_event(
        service_desk(app, "cli"), EventSettings("From the CLI", System.DUTCH, rounds=5)
    )
    password = add_director(app, "bruno")
    bruno = browser(app)
    bruno.sign_in("bruno", password)
    demo = Browser(client)
    demo.sign_in("demo", "demo")
    for who in (bruno, demo):
        assert "From the CLI" not in who.get("/desk").text
        assert who.post(f"/desk/events/{loose.id}/takeover").status_code in (404, 405)
        assert who.get(f"/desk/events/{loose.id}").status_code == 404
    assert app.state.store.event(loose.id).owner is None
    assert [r.actor for r in app.state.store.log(loose.id)] == ["cli"]


def test_errors_show_no_stack_trace(site: tuple[FastAPI, TestClient]) -> None:
    _, client = site
    demo = Browser(client)
    demo.sign_in("demo", "demo")
    for url in ("/desk/events/abc", "/desk/events/1/rounds/x/results", "/desk/events/99"):
        page = demo.get(url)
        assert page.status_code in (404, 422)
        assert "Traceback" not in page.text


def test_pages_are_not_framed_and_the_desk_is_not_cached(
    site: tuple[FastAPI, TestClient],
) -> None:
    _, client = site
    for url in ("/", "/desk/signin"):
        page = client.get(url)
        assert page.headers["x-frame-options"] == "DENY"
        assert page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/desk/signin").headers["cache-control"] == "no-store"


def test_what_directors_type_is_shown_as_text_not_markup(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, client = site
    demo = Browser(client)  # a director who may create events
    demo.sign_in("carla", add_director(app, "carla"))
    demo.get("/desk/events/new")
    script = "<script>alert(1)</script>"
    page = demo.post("/desk/events/new", {"name": script, "system": "dutch", "rounds": "3"})
    event_page = demo.get(page.headers["location"])
    demo.post(page.headers["location"] + "/players", {"name": script})
    for shown in (event_page, demo.get(page.headers["location"]), demo.get("/desk")):
        assert script not in shown.text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown.text


def test_password_guessing_is_slowed_for_known_and_unknown_usernames_alike(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, client = site
    app.state.sign_in_limits = accounts.Limits(per_username=3, window=timedelta(seconds=2))
    visitor = Browser(client)
    for username in ("demo", "nobody"):
        visitor.get("/desk/signin")
        for _ in range(3):
            page = visitor.post("/desk/signin", {"username": username, "password": "guess"})
            assert page.status_code == 401
        # Now even the right password waits, and the answer is the same for both names.
        page = visitor.post("/desk/signin", {"username": username, "password": "demo"})
        assert page.status_code == 429 and "Too many failed sign-ins" in page.text
        answer = client.post("/api/events", json={}, auth=(username.upper(), "demo"))
        assert answer.status_code == 429
        assert int(answer.headers["retry-after"]) >= 1
    assert client.post("/api/events/1/undo", auth=("bruno", "x")).status_code == 401
    time.sleep(2.1)  # the failures age out
    assert visitor.post("/desk/signin", {"username": "demo", "password": "demo"}).status_code == 303
