"""Pair round N of a team Swiss or a Double-Swiss on the desk runs in the background, as for
an individual event: the round's page shows the engine's scoregroups and then the round, a
second pair (desk or API) is refused while it runs, and the desk says what runs."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from fairpair.service import team_events as te
from tests.integration.test_pairing_runs_kinds import KINDS, team_swiss
from tests.pairing_gate import WAIT, wait_for
from tests.web.desk_client import Browser, service_desk
from tests.web.test_desk_background_pairing import ANNA, anna_at_desk, status_line

# kind -> (the round's page, what its page shows once paired)
ROUND_PAGES = {
    "team-swiss": ("matches", 'class="match"'),
    "double-swiss": ("results", 'name="b1g1"'),
}


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[tuple[FastAPI, Browser]]:
    """The desk with no wait for the pairing: every pair goes to its progress page."""
    with anna_at_desk(tmp_path, 0) as opened:
        yield opened


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_pairing_runs_in_the_background_and_a_second_is_refused(
    kind: str, desk: tuple[FastAPI, Browser], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, anna = desk
    page_name, paired_mark = ROUND_PAGES[kind]
    event_id = KINDS[kind].create_owned(service_desk(app, "anna"), "anna")
    base = f"/desk/events/{event_id}"
    status = f"{base}/pairing"
    round_page = f"{base}/rounds/1/{page_name}"
    anna.get(base)
    with KINDS[kind].held(monkeypatch) as (reached, go):
        answer = anna.submit(f"{base}/pair")
        assert answer.status_code == 303
        assert answer.headers["location"] == round_page
        assert reached.wait(WAIT)
        wanted = "Pairing round 1: scoregroup 2 of 3…"
        wait_for(lambda: bool(anna.client.get(status).json()["text"] == wanted))
        assert anna.client.get(status).json() | {"text": ""} == {
            "state": "running",
            "round": 1,
            "text": "",
            "paired": 0,
        }
        page = anna.get(round_page)
        assert page.status_code == 200
        assert status_line(page.text) == wanted
        assert f'data-status="{status}"' in page.text and "/static/pairing.js" in page.text
        assert f'href="{round_page}">Reload' in page.text

        # The desk says so, with a link to follow it; a second click is refused.
        desk_page = anna.get(base)
        assert status_line(desk_page.text).startswith(wanted)
        assert f'href="{round_page}">Follow it' in desk_page.text
        again = anna.submit(f"{base}/pair")
        assert again.status_code == 400
        assert "round 1 is being paired (started by anna" in html.unescape(again.text)
        api = anna.client.post(f"/api/events/{event_id}/pair", auth=ANNA)
        assert api.status_code == 409, api.text
        assert "round 1 is being paired" in api.json()["detail"]
        assert anna.client.get(f"/events/{event_id}").status_code == 200
        assert app.state.store.load(event_id).tournament.rounds == ()

        go.set()
        wait_for(lambda: anna.client.get(status).json()["state"] == "none")
    assert anna.client.get(status).json()["paired"] == 1
    assert len(app.state.store.load(event_id).tournament.rounds) == 1
    page = anna.get(round_page)
    assert "pairing-status" not in page.text and paired_mark in page.text
    assert "pairing-status" not in anna.get(base).text


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_small_field_is_paired_before_the_wait_is_over(kind: str, tmp_path: Path) -> None:
    page_name, paired_mark = ROUND_PAGES[kind]
    with anna_at_desk(tmp_path, WAIT) as (app, anna):
        event_id = KINDS[kind].create_owned(service_desk(app, "anna"), "anna")
        anna.get(f"/desk/events/{event_id}")
        answer = anna.submit(f"/desk/events/{event_id}/pair")
        assert answer.status_code == 303
        assert answer.headers["location"] == f"/desk/events/{event_id}/rounds/1/{page_name}"
        page = anna.get(answer.headers["location"])
        assert "Paired round 1: 3 matches." in html.unescape(page.text)
        assert paired_mark in page.text and "pairing-status" not in page.text


def test_a_team_pairing_that_fails_says_why_at_once(tmp_path: Path) -> None:
    with anna_at_desk(tmp_path, WAIT) as (app, anna):
        desk = service_desk(app, "anna")
        event_id = team_swiss(desk, teams=2, owner="anna")
        te.forbid_teams(desk, event_id, ["1", "2"])
        anna.get(f"/desk/events/{event_id}")
        answer = anna.submit(f"/desk/events/{event_id}/pair")
        assert answer.status_code == 400
        assert "round 1 cannot be paired" in html.unescape(answer.text)
        # The failure stays on the desk until the round is paired.
        assert status_line(anna.get(f"/desk/events/{event_id}").text).startswith(
            "Pairing round 1 failed: round 1 cannot be paired"
        )
