"""Accounts and sessions, as an attacker would try them: who may run an event made from the
command line, whether a session ends, whether the sign-in throttle holds under parallel
guesses, whether the real director still gets in, and whether password hashes can exhaust
the server. Parallel requests go to the app served by uvicorn on a local port."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx2 as httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from fairpair.service import accounts, directors
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, System
from fairpair.web.config import WebConfig
from tests.integration.stores import SQL_BACKENDS, database_url
from tests.web.desk_client import Browser, add_director, browser, running, service_desk, serving
from tests.web.test_desk_cli import fairpair

SECRET = "a fixed secret key shared by the server processes"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "events.sqlite3"


@pytest.fixture
def site(db: Path) -> Iterator[tuple[FastAPI, TestClient]]:
    with running(WebConfig(store=str(db), demo=True, secret_key=SECRET)) as running_app:
        yield running_app


def cli(*args: str) -> str:
    result = CliRunner().invoke(fairpair(), list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


# --- takeover ------------------------------------------------------------------------------


def test_an_event_from_the_command_line_is_run_by_the_director_the_organiser_names(
    site: tuple[FastAPI, TestClient], db: Path
) -> None:
    app, _ = site
    loose = ev.create_event(
        service_desk(app, "cli"), EventSettings("From the CLI", System.DUTCH, rounds=5)
    )
    bruno = browser(app)
    bruno.sign_in("bruno", add_director(app, "bruno"))
    assert bruno.post(f"/desk/events/{loose.id}/takeover").status_code in (404, 405)
    assert bruno.get(f"/desk/events/{loose.id}").status_code == 404
    assert cli("event", "owner", "From the CLI", "bruno", "--db", str(db)) == (
        "From the CLI is run by bruno\n"
    )
    assert "From the CLI" in bruno.get("/desk").text
    assert bruno.get(f"/desk/events/{loose.id}").status_code == 200
    assert [r.action for r in app.state.store.log(loose.id)] == ["event.created", "event.claimed"]


def test_the_demo_account_runs_the_demo_event_and_nothing_else(
    site: tuple[FastAPI, TestClient], db: Path
) -> None:
    app, client = site
    demo = Browser(client)
    demo.sign_in("demo", "demo")
    demo.get("/desk/events/new")
    page = demo.post("/desk/events/new", {"name": "Spam", "system": "dutch", "rounds": "3"})
    assert page.status_code == 422 and "demo event only" in page.text
    answer = client.post(
        "/api/events", json={"name": "Spam", "rounds": 3}, headers={"X-CSRF-Token": demo.token}
    )
    assert answer.status_code == 400
    loose = ev.create_event(service_desk(app, "cli"), EventSettings("Loose", System.BERGER))
    result = CliRunner().invoke(fairpair(), ["event", "owner", "Loose", "demo", "--db", str(db)])
    assert result.exit_code == 2 and "demo account" in result.stderr
    assert demo.post("/desk/account/tokens").status_code == 400
    assert [e.name for e in app.state.store.events() if e.owner == "demo"] == [
        "Demo club round robin"
    ]
    assert app.state.store.event(loose.id).owner is None


# --- sessions ------------------------------------------------------------------------------


def test_a_session_cookie_kept_from_before_signing_out_opens_nothing_in_any_process(
    db: Path,
) -> None:
    config = WebConfig(store=str(db), demo=True, secret_key=SECRET)
    with running(config) as (app, client), running(config) as (_, other_process):
        demo = Browser(client)
        demo.sign_in("demo", "demo")
        kept = dict(client.cookies)
        other_process.cookies.update(kept)
        assert other_process.get("/desk", follow_redirects=False).status_code == 200
        version = app.state.store.event(1).version
        demo.post("/desk/signout")
        thief = Browser(TestClient(app))
        thief.client.cookies.update(kept)
        for answer in (
            thief.client.get("/desk", follow_redirects=False),
            other_process.get("/desk", follow_redirects=False),
            thief.post("/desk/events/1/undo", token=demo.token),
            other_process.post("/api/events/1/undo", json={}, headers={"X-CSRF-Token": demo.token}),
        ):
            assert answer.status_code in (303, 401, 403), answer.text
            if answer.status_code == 303:
                assert answer.headers["location"].startswith("/desk/signin")
        assert app.state.store.event(1).version == version


def test_a_password_change_ends_every_session_of_the_director(
    site: tuple[FastAPI, TestClient], db: Path, tmp_path: Path
) -> None:
    app, _ = site
    password = add_director(app, "carla")
    laptop, phone = browser(app), browser(app)
    laptop.sign_in("carla", password)
    phone.sign_in("carla", password)
    laptop.get("/desk/account")
    changed = laptop.submit(
        "/desk/account/password",
        {"current": password, "password": "a brand new one", "password2": "a brand new one"},
    )
    assert changed.status_code == 303, changed.text
    assert phone.get("/desk", follow_redirects=False).status_code == 303
    assert laptop.get("/desk", follow_redirects=False).status_code == 200  # a new session
    # From the command line too.
    secret = tmp_path / "password.txt"
    secret.write_text("yet another password\n", encoding="utf-8")
    cli("director", "password", "carla", "--password-file", str(secret), "--db", str(db))
    assert laptop.get("/desk", follow_redirects=False).status_code == 303
    phone.get("/desk/signin")
    assert (
        phone.post("/desk/signin", {"username": "carla", "password": password}).status_code == 401
    )
    phone.sign_in("carla", "yet another password")


def test_a_wrong_current_password_changes_nothing(site: tuple[FastAPI, TestClient]) -> None:
    app, _ = site
    password = add_director(app, "carla")
    carla = browser(app)
    carla.sign_in("carla", password)
    carla.get("/desk/account")
    page = carla.submit(
        "/desk/account/password", {"current": "wrong", "password": "x" * 12, "password2": "x" * 12}
    )
    assert page.status_code == 422 and "not your password" in page.text
    assert directors.check_password(service_desk(app), "carla", password) == "carla"


def test_sign_out_everywhere_ends_every_session(site: tuple[FastAPI, TestClient]) -> None:
    app, _ = site
    password = add_director(app, "carla")
    laptop, phone = browser(app), browser(app)
    laptop.sign_in("carla", password)
    phone.sign_in("carla", password)
    laptop.get("/desk/account")
    assert laptop.submit("/desk/signout-everywhere").status_code == 303
    for who in (laptop, phone):
        assert who.get("/desk", follow_redirects=False).status_code == 303


def test_sessions_end_when_idle_and_at_the_latest_after_their_lifetime(
    site: tuple[FastAPI, TestClient], db: Path
) -> None:
    _, client = site
    engine = sa.create_engine(f"sqlite:///{db}")
    now = datetime.now(UTC).replace(tzinfo=None)
    try:
        for column, age in (("last_seen", timedelta(hours=3)), ("created_at", timedelta(hours=13))):
            demo = Browser(client)
            demo.sign_in("demo", "demo")
            assert demo.get("/desk", follow_redirects=False).status_code == 200
            with engine.begin() as connection:
                connection.execute(
                    sa.text(f"UPDATE director_sessions SET {column} = :at"), {"at": now - age}
                )
            assert demo.get("/desk", follow_redirects=False).status_code == 303, column
    finally:
        engine.dispose()


# --- the throttle --------------------------------------------------------------------------


def counting_checks(monkeypatch: pytest.MonkeyPatch, pause: float) -> Callable[[], int]:
    """Count the passwords actually checked (each taking ``pause`` more seconds, so that
    parallel requests overlap); the function returns the count so far."""
    checked = [0]
    lock = threading.Lock()
    real = directors.check_password

    def check(desk: ev.Desk, username: str, password: str) -> str | None:
        with lock:
            checked[0] += 1
        time.sleep(pause)
        return real(desk, username, password)

    monkeypatch.setattr(directors, "check_password", check)
    return lambda: checked[0]


def parallel_sign_ins(url: str, credentials: list[tuple[str, str]]) -> list[httpx.Response]:
    """HTTP Basic calls of the write API, all at once, one connection each."""

    def call(pair: tuple[str, str]) -> httpx.Response:
        with httpx.Client(base_url=url, timeout=60) as client:
            return client.post("/api/events/1/undo", json={}, auth=pair)

    with ThreadPoolExecutor(max_workers=len(credentials)) as pool:
        return list(pool.map(call, credentials))


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_parallel_guesses_for_one_username_are_checked_no_more_than_the_limit(
    backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = counting_checks(monkeypatch, pause=0.05)
    with (
        database_url(backend, tmp_path) as store,
        serving(WebConfig(store=store, demo=True)) as (app, url),
    ):
        app.state.hash_gate = accounts.HashGate(64, wait=30)
        answers = parallel_sign_ins(url, [("demo", f"guess {i}") for i in range(60)])
    statuses = [a.status_code for a in answers]
    assert checked() <= 10
    assert statuses.count(401) == checked() and statuses.count(429) == 60 - checked()


def test_spraying_many_usernames_from_one_address_is_throttled(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = counting_checks(monkeypatch, pause=0.05)
    config = WebConfig(store=str(db), demo=True)
    with serving(config) as (app, url):
        app.state.hash_gate = accounts.HashGate(64, wait=30)
        app.state.sign_in_limits = accounts.Limits(per_address=20)
        answers = parallel_sign_ins(url, [(f"user{i}", "password1") for i in range(30)])
    assert checked() <= 20
    assert [a.status_code for a in answers].count(429) >= 10


def test_a_browser_that_signed_in_before_is_not_locked_out_by_someone_elses_guesses(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, client = site
    director = Browser(client)
    director.sign_in("demo", "demo")
    director.post("/desk/signout")
    # The lock on the username and the ceiling on all sign-ins are both reached.
    app.state.sign_in_limits = accounts.Limits(per_username=10, overall=10)
    attacker = browser(app)
    attacker.get("/desk/signin")
    for _ in range(10):
        attacker.post("/desk/signin", {"username": "demo", "password": "guess"})
    refused = attacker.post("/desk/signin", {"username": "demo", "password": "demo"})
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 60
    assert attacker.client.post("/api/events/1/undo", auth=("demo", "demo")).status_code == 429
    # A forged device cookie is no use.
    attacker.client.cookies.set("fairpair_device", "demo")
    refused = attacker.post("/desk/signin", {"username": "demo", "password": "demo"})
    assert refused.status_code == 429
    # The director's own browser still gets in.
    director.sign_in("demo", "demo")
    assert director.get("/desk").status_code == 200


# --- the bound on password hashes ----------------------------------------------------------


def test_parallel_sign_ins_hash_at_most_two_at_a_time_and_the_rest_are_refused_quickly(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    running_now, most, hashed = [0], [0], [0]
    lock = threading.Lock()
    real = directors.check_password

    def check(desk: ev.Desk, username: str, password: str) -> str | None:
        with lock:
            running_now[0] += 1
            hashed[0] += 1
            most[0] = max(most[0], running_now[0])
        time.sleep(0.3)
        with lock:
            running_now[0] -= 1
        return real(desk, username, password)

    monkeypatch.setattr(directors, "check_password", check)
    with serving(WebConfig(store=str(db), demo=True)) as (app, url):
        app.state.hash_gate = accounts.HashGate(2, wait=0.0)
        answers = parallel_sign_ins(url, [(f"user{i}", "password1") for i in range(12)])
    busy = [a for a in answers if a.status_code == 429]
    assert most[0] <= 2
    assert busy and all(a.headers["retry-after"] for a in busy)
    assert "busy" in busy[0].json()["detail"]
    # The refused ones did not wait their turn: each sign-in was either hashed or refused,
    # never both (no timing asserted: a loaded machine makes any time limit flaky).
    assert hashed[0] + len(busy) == len(answers) == 12


def test_a_full_hash_gate_answers_the_desk_with_a_plain_message(
    site: tuple[FastAPI, TestClient],
) -> None:
    app, client = site
    gate = accounts.HashGate(1, wait=0.0)
    app.state.hash_gate = gate
    visitor = Browser(client)
    visitor.get("/desk/signin")
    with gate.slot():
        page = visitor.post("/desk/signin", {"username": "demo", "password": "demo"})
    assert page.status_code == 429 and page.headers["retry-after"]
    assert "busy checking other sign-ins" in page.text
    # Not counted as a failure: the director gets in straight after.
    assert visitor.post("/desk/signin", {"username": "demo", "password": "demo"}).status_code == 303


# --- API tokens ----------------------------------------------------------------------------


def test_an_api_token_is_shown_once_kept_hashed_and_revoked(
    site: tuple[FastAPI, TestClient], db: Path
) -> None:
    app, client = site
    carla = browser(app)
    carla.sign_in("carla", add_director(app, "carla"))
    carla.get("/desk/account")
    page = carla.submit("/desk/account/tokens")
    token = page.text.split('<code id="new-token">')[1].split("</code>")[0]
    assert token.startswith("fp_") and len(token) > 40
    assert token not in carla.get("/desk/account").text
    bearer = {"Authorization": f"Bearer {token}"}
    made = client.post("/api/events", json={"name": "By script", "rounds": 3}, headers=bearer)
    assert made.status_code == 201 and made.json()["owner"] == "carla"
    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.connect() as connection:
        stored = connection.execute(sa.text("SELECT token_hash FROM api_tokens")).scalars().all()
    engine.dispose()
    assert token not in stored and len(stored) == 1
    carla.get("/desk/account")
    assert carla.submit("/desk/account/tokens/1/revoke").status_code == 303
    assert client.post("/api/events", json={"name": "Again"}, headers=bearer).status_code == 401
    wrong = {"Authorization": "Bearer fp_not-a-token"}
    assert client.post("/api/events", json={"name": "Again"}, headers=wrong).status_code == 401
    # From the command line.
    out = cli("director", "token", "carla", "--create", "--db", str(db))
    cli_token = out.splitlines()[-1]
    bearer = {"Authorization": f"Bearer {cli_token}"}
    assert client.post("/api/events/2/undo", headers=bearer).status_code != 401
    assert cli("director", "token", "carla", "--db", str(db)).startswith("2\t")  # ids not reused
    cli("director", "token", "carla", "--revoke", "2", "--db", str(db))
    assert client.post("/api/events/2/undo", headers=bearer).status_code == 401


# --- what the answers reveal ---------------------------------------------------------------


def test_sign_up_with_a_taken_username_says_nothing_more_and_hashes_as_long(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hashed = [0]
    real = directors._hasher

    class Counting:
        def hash(self, password: str) -> str:
            hashed[0] += 1
            return real.hash(password)

        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

    monkeypatch.setattr(directors, "_hasher", Counting())
    with running(WebConfig(store=str(db), demo=True, signup=True)) as (_, client):
        visitor = Browser(client)
        visitor.get("/desk/signup")
        page = visitor.post(
            "/desk/signup", {"username": "demo", "password": "x" * 12, "password2": "x" * 12}
        )
    assert page.status_code == 422
    assert "taken" not in page.text and "this username cannot be used" in page.text
    assert hashed[0] >= 1


def test_a_claim_code_gives_the_event_once_and_expires(
    site: tuple[FastAPI, TestClient], db: Path
) -> None:
    app, client = site
    ev.create_event(service_desk(app, "cli"), EventSettings("Club night", System.BERGER))
    out = cli("event", "claim-code", "Club night", "--db", str(db))
    code = out.rsplit(": ", 1)[1].strip()
    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.connect() as connection:
        stored = connection.execute(sa.text("SELECT code_hash FROM claim_codes")).scalars().all()
    engine.dispose()
    assert len(stored) == 1 and code not in stored[0] and code.replace("-", "") not in stored[0]
    demo = Browser(client)
    demo.sign_in("demo", "demo")
    demo.get("/desk")
    assert demo.submit("/desk/claim", {"code": code}).status_code == 422  # not the demo
    carla, bruno = browser(app), browser(app)
    carla.sign_in("carla", add_director(app, "carla"))
    bruno.sign_in("bruno", add_director(app, "bruno"))
    bruno.get("/desk")
    wrong = bruno.submit("/desk/claim", {"code": "AAAA-BBBB-CCCC-DDDD"})
    assert wrong.status_code == 422 and "wrong, used or expired" in wrong.text
    carla.get("/desk")
    taken = carla.submit("/desk/claim", {"code": code.lower()})  # typed loosely
    assert taken.status_code == 303
    assert app.state.store.event(2).owner == "carla"
    bruno.get("/desk")
    again = bruno.submit("/desk/claim", {"code": code})
    assert again.status_code == 422 and app.state.store.event(2).owner == "carla"
    # An expired code opens nothing.
    expired = directors.new_claim_code(service_desk(app), 2, hours=1)
    later = ev.Desk(app.state.store, lambda: datetime.now(UTC) + timedelta(hours=2), "bruno")
    with pytest.raises(CommandError, match="wrong, used or expired"):
        directors.claim_with_code(later, expired)


def test_claim_codes_cannot_be_guessed_in_bulk(site: tuple[FastAPI, TestClient]) -> None:
    app, _ = site
    app.state.sign_in_limits = accounts.Limits(per_address=5)
    bruno = browser(app)
    bruno.sign_in("bruno", add_director(app, "bruno"))
    bruno.get("/desk")
    statuses = [
        bruno.submit("/desk/claim", {"code": f"AAAA-BBBB-CCCC-{i:04d}"}).status_code
        for i in range(8)
    ]
    assert statuses.count(422) <= 5 and statuses[-1] == 429
