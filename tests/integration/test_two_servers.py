"""Two ``fairpair serve`` processes on one database behave as one server (issue #20).

Two real server processes (subprocesses on free local ports, as two replicas behind a load
balancer would run) share one SQLite file or one PostgreSQL schema, and a client talks to
both over HTTP. One cookie jar stands for one browser whose requests the balancer sends to
either server (cookies do not depend on the port). Whatever one server knows of sessions,
API tokens, the sign-in throttle, the cookie key and the event must hold on the other.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
import pytest

from fairpair.core import Player
from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore
from tests.integration.stores import NO_POSTGRES, SQL_BACKENDS, database_url, postgres_url

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "two-servers-" + "x" * 6
NEW_PASSWORD = "changed-" + "y" * 8
BOARDS = 20
_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
_API_TOKEN = re.compile(r"\bfp_[A-Za-z0-9_-]{20,}")
_REVOKE = re.compile(r'action="/desk/account/tokens/(\d+)/revoke"')
_VERSION = re.compile(r'name="version" value="(\d+)"')
STALE = "Someone else changed the event since you opened this page"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def fairpair_serve(url: str, log: Path) -> Iterator[str]:
    """``fairpair serve`` on ``url`` in a process of its own; yields its base URL once it
    answers, and stops it at the end."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "FAIRPAIR_SECRET_KEY"}
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    command = [sys.executable, "-m", "fairpair", "serve", "--port", str(port), "--db", url]
    with log.open("wb") as output:
        server = subprocess.Popen(
            [*command, "--no-demo"], env=env, stdout=output, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None:
                pytest.fail(f"fairpair serve stopped:\n{log.read_text()}")
            try:
                if httpx.get(base + "/", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"fairpair serve did not answer:\n{log.read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(params=SQL_BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh SQLite file, then a fresh PostgreSQL schema: CI must run the latter."""
    in_ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")
    if request.param == "postgres" and postgres_url() is None and in_ci:
        pytest.fail(NO_POSTGRES + " (CI must run the PostgreSQL tests)", pytrace=False)
    with database_url(request.param, tmp_path) as url:
        yield url


class Browser:
    """One browser behind the balancer: one cookie jar, whichever server answers."""

    def __init__(self) -> None:
        self.client = httpx.Client(timeout=120, follow_redirects=False)
        self.token = ""

    def get(self, url: str) -> httpx.Response:
        page = self.client.get(url)
        found = _TOKEN.search(page.text)
        if found:
            self.token = found[1]
        return page

    def post(self, url: str, data: dict[str, str]) -> httpx.Response:
        page = self.client.post(url, data={**data, "csrf_token": self.token})
        found = _TOKEN.search(page.text)
        if found:
            self.token = found[1]
        return page

    def sign_in(self, server: str, password: str = PASSWORD) -> None:
        self.get(server + "/desk/signin")
        page = self.post(server + "/desk/signin", {"username": "anna", "password": password})
        assert page.status_code == 303, page.text

    def copy(self) -> Browser:
        """Another browser holding a copy of this one's cookies (a stolen cookie)."""
        other = Browser()
        other.client.cookies.update(self.client.cookies)
        other.token = self.token
        return other


def _signed_in(browser: Browser, server: str) -> bool:
    page = browser.get(server + "/desk")
    assert page.status_code in (200, 303), page.text
    return page.status_code == 200


def _setup(url: str) -> int:
    """Director anna and her casual Swiss of 2 x BOARDS players, round 1 paired."""
    store = SqlStore(url)
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "setup")
        directors.add_director(desk, "anna", PASSWORD)
        settings = EventSettings("Two servers open", System.CASUAL, rounds=5, seed=1)
        event = ev.create_event(desk, settings, owner="anna")
        field = [Player(i, f"Player {i}", rating=2400 - i) for i in range(1, 2 * BOARDS + 1)]
        ev.import_players(desk, event.id, field)
        ev.pair_round(desk, event.id)
        return event.id
    finally:
        store.close()


def test_two_servers_on_one_database_act_as_one(database: str, tmp_path: Path) -> None:
    event_id = _setup(database)
    with ExitStack() as stack:
        one, two = (
            stack.enter_context(fairpair_serve(database, tmp_path / f"server-{n}.log"))
            for n in (1, 2)
        )
        sessions_are_shared(one, two)
        token = api_token_made_on(two)
        concurrent_results_lose_nothing(one, two, event_id, token)
        revoked_token_is_refused_on_the_other(one, two, event_id, token)
        password_change_ends_sessions_on_the_other(one, two)
        throttle_counts_across_servers(one, two)


def sessions_are_shared(one: str, two: str) -> None:
    anna = Browser()
    anna.sign_in(one)
    assert _signed_in(anna, two)  # the cookie server 1 signed is honoured by server 2
    # A write on server 2 with the CSRF token server 1's page gave: a new API token.
    made = anna.post(two + "/desk/account/tokens", {})
    assert made.status_code == 200 and _API_TOKEN.search(made.text), made.text
    stolen = anna.copy()
    assert _signed_in(stolen, one)
    assert anna.post(two + "/desk/signout", {}).status_code == 303
    assert not _signed_in(anna, one)
    assert not _signed_in(stolen, one)  # the session ended on the server, not just the cookie
    assert not _signed_in(stolen, two)


def api_token_made_on(server: str) -> str:
    anna = Browser()
    anna.sign_in(server)
    anna.get(server + "/desk/account")
    made = anna.post(server + "/desk/account/tokens", {})
    found = _API_TOKEN.search(made.text)
    assert made.status_code == 200 and found, made.text
    return found[0]


def revoked_token_is_refused_on_the_other(one: str, two: str, event_id: int, token: str) -> None:
    bearer = {"Authorization": f"Bearer {token}"}
    body = {"round": 1, "results": [{"board": 1, "result": "0-1"}]}
    # The token works on server 2: a result over one entered is refused as such (409), not 401.
    refused = httpx.post(f"{two}/api/events/{event_id}/results", json=body, headers=bearer)
    assert refused.status_code == 409, refused.text
    anna = Browser()
    anna.sign_in(one)
    account = anna.get(one + "/desk/account")
    token_ids = _REVOKE.findall(account.text)
    assert token_ids, account.text
    for token_id in token_ids:
        assert anna.post(f"{one}/desk/account/tokens/{token_id}/revoke", {}).status_code == 303
    answer = httpx.post(f"{two}/api/events/{event_id}/results", json=body, headers=bearer)
    assert answer.status_code == 401, answer.text


def password_change_ends_sessions_on_the_other(one: str, two: str) -> None:
    elsewhere, here = Browser(), Browser()
    elsewhere.sign_in(one)
    here.sign_in(two)
    here.get(two + "/desk/account")
    changed = here.post(
        two + "/desk/account/password",
        {"current": PASSWORD, "password": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert changed.status_code in (200, 303), changed.text
    assert not _signed_in(elsewhere, one)
    assert not _signed_in(elsewhere, two)
    assert _signed_in(here, one)  # the browser that changed it got a fresh session
    fresh = Browser()
    fresh.sign_in(one, NEW_PASSWORD)


def throttle_counts_across_servers(one: str, two: str) -> None:
    # Ten wrong passwords for one username lock it (accounts.Limits), wherever they land:
    # five on each server are ten. A server counting alone would have let the eleventh in.
    answers = []
    for attempt in range(11):
        guesser = Browser()
        server = (one, two)[attempt % 2]
        guesser.get(server + "/desk/signin")
        page = guesser.post(server + "/desk/signin", {"username": "anna", "password": "guess"})
        answers.append(page.status_code)
    assert answers == [401] * 10 + [429]
    locked = Browser()
    locked.get(one + "/desk/signin")
    page = locked.post(one + "/desk/signin", {"username": "anna", "password": NEW_PASSWORD})
    assert page.status_code == 429  # even the right password waits: the lock is the store's


def concurrent_results_lose_nothing(one: str, two: str, event_id: int, token: str) -> None:
    """A result per board, all at once, through both servers: half by the write API with a
    token, half by the desk's results form. Each request names the version its sender saw;
    the first wave all saw the same, so exactly one of it is taken and the others are told
    of the conflict (409), then each sender reads the event again and retries."""
    desk = Browser()
    desk.sign_in(two)
    results = {b: ("1-0", "0-1", "1/2")[b % 3] for b in range(1, BOARDS + 1)}
    everyone = threading.Barrier(BOARDS)

    def version_on(server: str) -> int:
        """The version the desk's results form carries (what its sender saw)."""
        page = desk.client.get(f"{server}/desk/events/{event_id}/rounds/1/results")
        found = _VERSION.search(page.text)
        assert page.status_code == 200 and found, page.text
        return int(found[1])

    start = version_on(one)
    desk.get(f"{one}/desk/events/{event_id}/rounds/1/results")

    def enter(board: int) -> list[tuple[int, int]]:
        """(version sent, status) of each try, until one is taken."""
        server = (one, two)[board % 2]
        tries: list[tuple[int, int]] = []
        version = start
        everyone.wait()
        while len(tries) < 4 * BOARDS:
            if board % 4 < 2:
                answer = httpx.post(
                    f"{server}/api/events/{event_id}/results",
                    json={
                        "round": 1,
                        "version": version,
                        "results": [{"board": board, "result": results[board]}],
                    },
                    headers={"Authorization": f"Bearer {token}"},
                    timeout=120,
                )
                taken = answer.status_code == 200
            else:
                answer = desk.client.post(
                    f"{server}/desk/events/{event_id}/rounds/1/results",
                    data={
                        "csrf_token": desk.token,
                        "version": str(version),
                        f"r{board}": results[board],
                    },
                )
                taken = answer.status_code == 303
                if answer.status_code == 409:
                    assert STALE in answer.text
            tries.append((version, answer.status_code))
            if taken:
                return tries
            assert answer.status_code == 409, answer.text  # never a 500, never another refusal
            version = version_on((one, two)[(board + len(tries)) % 2])
        return tries

    with ThreadPoolExecutor(max_workers=BOARDS) as pool:
        tries = dict(zip(results, pool.map(enter, results), strict=True))

    taken = {b: t[-1] for b, t in tries.items() if t[-1][1] in (200, 303)}
    assert sorted(taken) == sorted(results), tries  # every sender got its result in
    first_wave = [t[0] for t in tries.values()]
    assert sum(status != 409 for _, status in first_wave) == 1, tries
    # Every taken result is in the final event, exactly as sent: none lost or overwritten.
    for server in (one, two):
        boards = httpx.get(f"{server}/api/events/{event_id}/rounds/1").json()["boards"]
        shown = {b["board"]: b["result"].replace("½-½", "1/2") for b in boards}
        assert shown == results
    # One record per board: each taken request wrote once, on the version it named.
    versions = sorted(version for version, _ in taken.values())
    assert versions == list(range(start, start + BOARDS))
