"""Pair round N on the desk runs in the background: the round's page shows how far the
engine has got and then the pairings; a second pair (desk or API) is refused while it runs,
other pages answer meanwhile; a failure and a change made meanwhile are shown, not lost."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi import FastAPI

from fairpair.web.config import WebConfig
from tests.pairing_gate import WAIT, held_dutch, wait_for
from tests.web.desk_client import Browser, running
from tests.web.test_desk import PLAYERS, create, register, snapshot

ANNA = ("anna", "anna's password")


@contextmanager
def anna_at_desk(tmp_path: Path, wait: float) -> Iterator[tuple[FastAPI, Browser]]:
    """The app on a fresh SQLite file, Pair waiting ``wait`` seconds, anna signed up."""
    config = WebConfig(store=str(tmp_path / "events.sqlite3"), signup=True, pair_wait_seconds=wait)
    with running(config) as (app, client):
        anna = Browser(client)
        anna.sign_up(*ANNA)
        yield app, anna


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[tuple[FastAPI, Browser]]:
    """The desk with no wait for the pairing: every pair goes to its progress page."""
    with anna_at_desk(tmp_path, 0) as opened:
        yield opened


def status_line(page: str) -> str:
    found = re.search(r'<p id="pairing-status"[^>]*>(.*?)</p>', page, re.S)
    assert found, "the page has no pairing status line"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", found[1])).split())


def six_players(anna: Browser) -> int:
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:6])
    anna.get(f"/desk/events/{event_id}")
    return event_id


def test_a_pairing_runs_in_the_background_and_a_second_is_refused(
    desk: tuple[FastAPI, Browser], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, anna = desk
    event_id = six_players(anna)
    base = f"/desk/events/{event_id}"
    status = f"{base}/pairing"
    with held_dutch(monkeypatch) as (reached, go):
        answer = anna.submit(f"{base}/pair")
        assert answer.status_code == 303
        assert answer.headers["location"] == f"{base}/rounds/1/results"
        assert reached.wait(WAIT)

        # The engine's progress reaches the status route with the next heartbeat.
        def progressed() -> bool:
            return bool(
                anna.client.get(status).json()["text"] == "Pairing round 1: bracket 2 of 3…"
            )

        wait_for(progressed)
        assert anna.client.get(status).json() | {"text": ""} == {
            "state": "running",
            "round": 1,
            "text": "",
            "paired": 0,
        }
        page = anna.get(f"{base}/rounds/1/results")
        assert page.status_code == 200
        assert status_line(page.text) == "Pairing round 1: bracket 2 of 3…"
        assert 'data-status="' + status + '"' in page.text and "/static/pairing.js" in page.text

        # The desk says so, and a second click is refused with the reason.
        desk_page = anna.get(base)
        assert status_line(desk_page.text).startswith("Pairing round 1: bracket 2 of 3…")
        again = anna.submit(f"{base}/pair")
        assert again.status_code == 400
        assert "round 1 is being paired (started by anna" in html.unescape(again.text)
        # So is one from the API (409), while other pages answer.
        api = anna.client.post(f"/api/events/{event_id}/pair", auth=ANNA)
        assert api.status_code == 409, api.text
        assert "round 1 is being paired" in api.json()["detail"]
        assert anna.client.get(f"/events/{event_id}").status_code == 200
        assert anna.client.get(f"/events/{event_id}/standings").status_code == 200
        assert snapshot(app, event_id).rounds == ()

        go.set()
        wait_for(lambda: anna.client.get(status).json()["state"] == "none")
    assert anna.client.get(status).json() == {
        "state": "none",
        "round": None,
        "text": "",
        "paired": 1,
    }
    paired = snapshot(app, event_id).rounds[0]
    page = anna.get(f"{base}/rounds/1/results")
    assert "Results of round 1" in page.text and 'id="results-form"' in page.text
    assert page.text.count('class="result"') == len(paired.games) == 3


def forbidden_pair(anna: Browser) -> int:
    """Two players kept apart: round 1 cannot be paired."""
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:2])
    base = f"/desk/events/{event_id}"
    anna.get(base)
    assert anna.submit(f"{base}/forbidden", {"players": "1, 2"}).status_code == 303
    anna.get(base)
    return event_id


def test_a_pairing_that_fails_says_why_on_the_round_page_and_the_desk(
    desk: tuple[FastAPI, Browser], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, anna = desk
    event_id = forbidden_pair(anna)
    base = f"/desk/events/{event_id}"
    with held_dutch(monkeypatch) as (reached, go):
        assert anna.submit(f"{base}/pair").status_code == 303
        assert reached.wait(WAIT)
        go.set()  # the engine goes on, and finds no pairing
        wait_for(lambda: anna.client.get(f"{base}/pairing").json()["state"] == "failed")
    page = anna.get(f"{base}/rounds/1/results")
    assert status_line(page.text).startswith("Pairing round 1 failed: round 1 cannot be paired")
    assert "/static/pairing.js" not in page.text
    assert status_line(anna.get(base).text).startswith("Pairing round 1 failed")
    assert snapshot(app, event_id).rounds == ()


def test_a_pairing_that_fails_within_the_wait_is_refused_at_once(tmp_path: Path) -> None:
    config = WebConfig(store=str(tmp_path / "events.sqlite3"), signup=True, pair_wait_seconds=WAIT)
    with running(config) as (app, client):
        anna = Browser(client)
        anna.sign_up(*ANNA)
        event_id = forbidden_pair(anna)
        answer = anna.submit(f"/desk/events/{event_id}/pair")
        assert answer.status_code == 400
        assert "round 1 cannot be paired" in html.unescape(answer.text)
        assert snapshot(app, event_id).rounds == ()


def test_a_player_added_during_the_pairing_is_kept_and_the_desk_says_pair_again(
    desk: tuple[FastAPI, Browser], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, anna = desk
    event_id = six_players(anna)
    base = f"/desk/events/{event_id}"
    with held_dutch(monkeypatch) as (reached, go):
        assert anna.submit(f"{base}/pair").status_code == 303
        assert reached.wait(WAIT)
        register(anna, event_id, PLAYERS[6:7])  # a late comer, registered meanwhile
        go.set()
        wait_for(lambda: anna.client.get(f"{base}/pairing").json()["state"] == "failed")
    line = status_line(anna.get(f"{base}/rounds/1/results").text)
    assert "the event was changed while round 1 was being paired" in line
    assert "pair round 1 again" in line
    tournament = snapshot(app, event_id)
    assert tournament.rounds == () and len(tournament.players) == 7


def test_a_small_field_is_paired_before_the_wait_is_over(tmp_path: Path) -> None:
    config = WebConfig(store=str(tmp_path / "events.sqlite3"), signup=True, pair_wait_seconds=WAIT)
    with running(config) as (app, client):
        anna = Browser(client)
        anna.sign_up(*ANNA)
        event_id = six_players(anna)
        answer = anna.submit(f"/desk/events/{event_id}/pair")
        assert answer.status_code == 303
        assert answer.headers["location"] == f"/desk/events/{event_id}/rounds/1/results"
        page = anna.get(answer.headers["location"])
        assert "Results of round 1" in page.text and 'id="results-form"' in page.text
        assert "pairing-status" not in page.text
        assert len(snapshot(app, event_id).rounds) == 1
