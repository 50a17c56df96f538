"""The desk's K-factor field on a player's page (one undoable change, refused when it is not a
whole number from 1 to 100) and the rating-report and norms sheets, on the screen and as PDF."""

from __future__ import annotations

from fastapi import FastAPI

from fairpair.service import events as ev
from tests.integration.stores import ticking_clock
from tests.web.desk_client import Browser
from tests.web.test_desk import create, field_error, register


def loaded(app: FastAPI, event_id: int) -> ev.Event:
    return ev.load(ev.Desk(app.state.store, ticking_clock()), event_id)


def test_k_factor_on_the_player_page_and_the_reports(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, [("Ada", "2450"), ("Bob", "2200"), ("Cy", "2100")])
    form = f"/desk/events/{event_id}/players/2/edit"
    fields = {"name": "Bob", "rating": "2200", "title": "", "federation": "", "club": ""}
    fields |= {"fide_id": "", "birth_date": "", "sex": ""}
    anna.get(f"/desk/events/{event_id}/players/2")
    assert 'name="k_factor"' in anna.page
    for wrong in ("forty", "101"):
        page = anna.post(form, fields | {"k_factor": wrong})
        assert page.status_code == 422 and field_error(page.text, "edit-k_factor"), wrong
    page = anna.post(form, fields | {"k_factor": "40"})
    assert page.status_code == 303, page.text
    assert loaded(app, event_id).tournament.player(2).k_factor == 40

    links = anna.get(f"/desk/events/{event_id}").text
    assert f"/desk/events/{event_id}/print/rating-report" in links
    assert f"/desk/events/{event_id}/print/norms" in links
    page = anna.get(f"/desk/events/{event_id}/print/rating-report")
    assert page.status_code == 200
    assert "set by the director" in page.text  # Bob's K 40
    assert "rated 2400 or more" in page.text  # Ada's K 10
    pdf = anna.get(f"/desk/events/{event_id}/print/norms?pdf=1")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")

    anna.get(f"/desk/events/{event_id}")
    anna.submit(f"/desk/events/{event_id}/undo")
    assert loaded(app, event_id).tournament.player(2).k_factor is None
