"""The venue screen: its public page (pairings by name, the clock's time left, the
announcement), the desk's "Venue screen" forms (CSRF, version, refusals at the field), the
JSON API's read view and write routes."""

from __future__ import annotations

import re

from fastapi import FastAPI

from fairpair.service import events as ev
from tests.web.desk_client import Browser, service_desk
from tests.web.test_desk import create, field_error, register, version


def _paired(app: FastAPI, anna: Browser) -> int:
    event_id = create(anna)
    register(anna, event_id)
    ev.pair_round(service_desk(app), event_id)
    return event_id


def test_the_desk_runs_the_clock_and_the_screen_shows_it_with_the_pairings_by_name(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = _paired(app, anna)
    screen = anna.get(f"/events/{event_id}/screen")
    assert screen.status_code == 200
    assert screen.headers["cache-control"] == "no-store"
    assert "Round 1" in screen.text and "round-clock" not in screen.text
    event = ev.load(service_desk(app), event_id)
    for player in event.tournament.players:  # every name on the wall chart
        assert player.name in screen.text

    anna.get(f"/desk/events/{event_id}")
    assert "Venue screen" in anna.page and "Round clock: not set." in anna.page
    before = version(app, event_id)
    done = anna.submit(f"/desk/events/{event_id}/clock", {"minutes": "45", "step": "start"})
    assert done.status_code == 303, done.text
    assert version(app, event_id) == before + 1
    clock = ev.load(service_desk(app), event_id).settings.venue.clock
    assert clock is not None and clock.running and clock.seconds == 45 * 60
    screen = anna.get(f"/events/{event_id}/screen").text
    shown = re.search(r'id="round-clock" data-left="(\d+)" data-running="yes"', screen)
    assert shown and 45 * 60 - 5 <= int(shown[1]) <= 45 * 60
    assert re.search(r">4[45]:\d\d", screen)

    anna.get(f"/desk/events/{event_id}")
    anna.submit(f"/desk/events/{event_id}/clock", {"minutes": "", "step": "pause"})
    screen = anna.get(f"/events/{event_id}/screen").text
    assert 'data-running="no"' in screen and "paused" in screen

    anna.get(f"/desk/events/{event_id}")
    said = anna.submit(f"/desk/events/{event_id}/announcement", {"text": "Lunch at 13:00"})
    assert said.status_code == 303
    assert "Lunch at 13:00" in anna.get(f"/events/{event_id}/screen").text
    log = ev.history(service_desk(app), event_id)
    assert [r.action for r in log[-3:]] == ["clock.set", "clock.set", "announcement.set"]
    assert {r.actor for r in log[-3:]} == {"anna"}


def test_the_desk_refuses_at_the_field_an_old_page_and_a_missing_token(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna)
    anna.get(f"/desk/events/{event_id}")
    before = version(app, event_id)
    refused = anna.submit(f"/desk/events/{event_id}/clock", {"minutes": "ten", "step": "start"})
    assert refused.status_code == 422
    assert "not a whole number" in field_error(refused.text, "venue-minutes")
    assert 'value="ten"' in refused.text  # what was typed stays to correct
    refused = anna.submit(f"/desk/events/{event_id}/announcement", {"text": "x" * 250})
    assert refused.status_code == 422
    assert "200 at most" in field_error(refused.text, "venue-announcement")
    anna.get(f"/desk/events/{event_id}")
    paused = anna.submit(f"/desk/events/{event_id}/clock", {"step": "pause"})
    assert paused.status_code == 400 and "not running" in paused.text
    assert version(app, event_id) == before

    anna.get(f"/desk/events/{event_id}")
    fields = anna.hidden_fields(f"/desk/events/{event_id}/announcement")
    ev.announce(service_desk(app), event_id, "Changed elsewhere")
    stale = anna.post(f"/desk/events/{event_id}/announcement", fields | {"text": "Mine"}, token="")
    assert stale.status_code == 409 and "changed the event" in stale.text
    no_token = anna.post(
        f"/desk/events/{event_id}/announcement",
        {"version": str(version(app, event_id)), "text": "Mine"},
        token="",
    )
    assert no_token.status_code == 403
    assert ev.load(service_desk(app), event_id).settings.venue.announcement == "Changed elsewhere"


def test_the_api_writes_the_clock_and_the_announcement_and_reads_them_back(
    site: tuple[FastAPI, Browser],
) -> None:
    _, anna = site
    event_id = create(anna)
    client = anna.client
    auth = ("anna", "anna's password")
    started = client.post(
        f"/api/events/{event_id}/clock", json={"step": "start", "minutes": 30}, auth=auth
    )
    assert started.status_code == 200, started.text
    assert started.json()["venue"]["clock"]["length_seconds"] == 1800
    assert started.json()["venue"]["clock"]["running"] is True
    refused = client.post(
        f"/api/events/{event_id}/clock", json={"step": "start", "minutes": 0}, auth=auth
    )
    assert refused.status_code == 422 and refused.json()["detail"][0]["loc"][-1] == "minutes"
    too_long = client.post(
        f"/api/events/{event_id}/announcement", json={"announcement": "y" * 201}, auth=auth
    )
    assert too_long.status_code == 422
    assert too_long.json()["detail"][0]["loc"] == ["body", "announcement"]
    old = client.post(
        f"/api/events/{event_id}/announcement",
        json={"announcement": "Round 2 at 14:00", "version": 1},
        auth=auth,
    )
    assert old.status_code == 409
    said = client.post(
        f"/api/events/{event_id}/announcement",
        json={"announcement": "Round 2 at 14:00"},
        auth=auth,
    )
    assert said.status_code == 200 and said.json()["venue"]["announcement"] == "Round 2 at 14:00"
    read = client.get(f"/api/events/{event_id}").json()
    assert read["venue"]["announcement"] == "Round 2 at 14:00"
    assert read["venue"]["clock"]["running"] is True
    assert read["venue"]["clock"]["length_seconds"] == 1800
    assert client.post(f"/api/events/{event_id}/clock", json={"step": "pause"}).status_code in (
        401,
        403,
    )


def test_the_screen_of_no_event_is_a_404() -> None:
    from fastapi.testclient import TestClient

    from fairpair.web.app import create_app
    from fairpair.web.config import WebConfig

    with TestClient(create_app(WebConfig(store=":memory:"))) as client:
        assert client.get("/events/4/screen").status_code == 404
