"""The event's rating-report fields on the desk: on the new-event form, and in the "Report
details" form of the event's page, which makes one undoable change (CSRF-protected, refused
field by field, and refused when the event changed since the page was loaded)."""

from __future__ import annotations

import html
import re

from fastapi import FastAPI

from fairpair.service import events as ev
from tests.integration.stores import ticking_clock
from tests.web.desk_client import Browser
from tests.web.test_desk import create, field_error, version

NEW_EVENT = {
    "name": "Spring open",
    "system": "dutch",
    "rounds": "5",
    "points": "",
    "tiebreaks": "",
    "start_date": "2026-05-01",
    "end_date": "2026/05/05",
    "city": "Lyon",
    "federation": "fra",
    "event_type": "Individual: Swiss-System",
    "chief_arbiter": "Marie Curie",
    "deputy_arbiters": "Paul Langevin, Jean Perrin",
    "time_control": "90'/40+30'+30\"",
    "round_dates": "2026-05-01, 2026-05-02",
}


def loaded(app: FastAPI, event_id: int) -> ev.Event:
    return ev.load(ev.Desk(app.state.store, ticking_clock()), event_id)


def field_value(page: str, field_id: str) -> str:
    found = re.search(rf'id="{re.escape(field_id)}" name="[^"]+" type="text" value="([^"]*)"', page)
    assert found, f"no field {field_id}"
    return html.unescape(found[1])


def test_the_new_event_form_takes_the_report_fields(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    anna.get("/desk/events/new")
    page = anna.post("/desk/events/new", NEW_EVENT)
    assert page.status_code == 303, page.text
    event_id = int(page.headers["location"].rsplit("/", 1)[1])
    details = loaded(app, event_id).tournament.details
    assert details.city == "Lyon" and details.federation == "FRA"
    assert details.end_date == "2026-05-05"
    assert details.deputy_arbiters == ("Paul Langevin", "Jean Perrin")
    assert details.round_dates == ("2026-05-01", "2026-05-02")
    assert details.time_control == "90'/40+30'+30\""
    desk = anna.get(f"/desk/events/{event_id}").text
    assert field_value(desk, "details-chief_arbiter") == "Marie Curie"
    assert field_value(desk, "details-deputy_arbiters") == "Paul Langevin, Jean Perrin"
    assert field_value(desk, "details-time_control") == "90'/40+30'+30\""


def test_the_new_event_form_names_wrong_report_fields(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    anna.get("/desk/events/new")
    wrong = NEW_EVENT | {"rounds": "x", "federation": "France", "round_dates": "2026-02-30"}
    page = anna.post("/desk/events/new", wrong)
    assert page.status_code == 422
    assert field_error(page.text, "rounds") == "'x' is not a whole number"
    assert "three-letter code" in field_error(page.text, "federation")
    assert "'2026-02-30' is not a date" in field_error(page.text, "round_dates")
    assert 'value="France"' in page.text
    page = anna.post("/desk/events/new", NEW_EVENT | {"rounds": "1"})
    assert page.status_code == 422
    assert field_error(page.text, "round_dates") == "2 dates for an event of 1 round"
    assert app.state.store.events() == []


def test_report_details_are_one_undoable_change(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna, "Spring open", rounds="5")
    anna.get(f"/desk/events/{event_id}")
    before = version(app, event_id)
    fields = anna.hidden_fields(f"/desk/events/{event_id}/details")
    assert set(fields) == {"csrf_token", "version"}
    typed = {
        "name": "Spring open 2026",
        "city": "Paris",
        "federation": "fra",
        "chief_arbiter": "Ann Lee",
        "deputy_arbiters": "Bo Chen",
        "round_dates": "2026/05/01",
    }
    page = anna.submit(f"/desk/events/{event_id}/details", typed)
    assert page.status_code == 303, page.text
    event = loaded(app, event_id)
    assert event.version == before + 1
    assert event.info.name == "Spring open 2026"
    assert event.tournament.details.city == "Paris"
    assert event.tournament.details.deputy_arbiters == ("Bo Chen",)
    assert event.tournament.details.round_dates == ("2026-05-01",)
    desk = anna.get(f"/desk/events/{event_id}").text
    assert "Edited the event: name &#39;Spring open 2026&#39;" in desk
    assert "<h1>Spring open 2026</h1>" in desk
    log = anna.get(f"/desk/events/{event_id}/log").text
    assert "city &#39;Paris&#39; (was none)" in log

    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(f"/desk/events/{event_id}/undo")
    assert page.status_code == 303
    event = loaded(app, event_id)
    assert event.info.name == "Spring open" and event.tournament.details.city == ""


def test_refused_report_details_change_nothing(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    create(anna, "Autumn open")
    event_id = create(anna, "Spring open")
    anna.get(f"/desk/events/{event_id}")
    before = version(app, event_id)
    action = f"/desk/events/{event_id}/details"
    page = anna.submit(action, {"name": "Spring open", "end_date": "2026-13-01", "federation": "F"})
    assert page.status_code == 422
    assert "not a date" in field_error(page.text, "details-end_date")
    assert "three-letter code" in field_error(page.text, "details-federation")
    assert field_value(page.text, "details-end_date") == "2026-13-01"
    assert '<details id="report-details" open>' in page.text
    page = anna.submit(action, {"name": "Autumn open"})
    assert page.status_code == 422
    assert "exists" in field_error(page.text, "details-name")
    page = anna.submit(action, {"name": "Spring open"})
    assert page.status_code == 400 and "nothing to change" in page.text
    # without the page's token, or from a page older than the last change
    anna.get(f"/desk/events/{event_id}")
    stale = anna.hidden_fields(action)
    assert (
        anna.post(action, {"name": "X", "version": stale["version"]}, token="").status_code == 403
    )
    anna.get(f"/desk/events/{event_id}")
    anna.submit(f"/desk/events/{event_id}/players", {"name": "Ann"})
    page = anna.post(action, {"name": "X"} | {"version": stale["version"]})
    assert page.status_code == 409
    assert loaded(app, event_id).version == before + 1  # the player only
    assert loaded(app, event_id).info.name == "Spring open"


def test_the_add_player_form_takes_the_players_report_fields(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna)
    desk = anna.get(f"/desk/events/{event_id}").text
    for field in ("player-fide_id", "player-birth_date", "player-sex"):
        assert f'id="{field}"' in desk
    typed = {"name": "Duarte, Ana", "rating": "2210", "federation": "por"}
    typed |= {"fide_id": "1901234", "birth_date": "07.04.1999", "sex": "female"}
    assert anna.post(f"/desk/events/{event_id}/players", typed).status_code == 303
    (player,) = loaded(app, event_id).tournament.players
    assert (player.federation, player.fide_id, player.birth_date, player.sex) == (
        "POR",
        "1901234",
        "1999/04/07",
        "w",
    )
    before = version(app, event_id)
    wrong = {"name": "Kovacs", "fide_id": "72O4", "sex": "x", "birth_date": "in May"}
    page = anna.post(f"/desk/events/{event_id}/players", wrong)
    assert page.status_code == 422
    assert "not a FIDE ID" in field_error(page.text, "player-fide_id")
    assert "write m or w" in field_error(page.text, "player-sex")
    assert field_value(page.text, "player-name") == "Kovacs"  # what was typed stays
    assert version(app, event_id) == before
