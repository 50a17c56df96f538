"""The desk's 2026 settings: Baku acceleration on the new-event form and the settings form,
the swap of a double round robin's last two first-cycle rounds on the settings form."""

from __future__ import annotations

from fastapi import FastAPI

from fairpair.service import events as ev
from fairpair.service.settings import AccelerationMethod
from tests.integration.stores import ticking_clock
from tests.web.desk_client import Browser, field_error
from tests.web.test_desk import create, register


def loaded(app: FastAPI, event_id: int) -> ev.Event:
    return ev.load(ev.Desk(app.state.store, ticking_clock()), event_id)


def test_baku_is_chosen_on_the_new_event_form(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    anna.get("/desk/events/new")
    assert 'name="acceleration"' in anna.page
    form = {"name": "Accelerated", "system": "dutch", "rounds": "5", "points": ""}
    page = anna.post("/desk/events/new", form | {"system": "berger", "acceleration": "baku"})
    assert page.status_code == 422
    assert "for a FIDE Swiss" in field_error(page.text, "acceleration")
    anna.get("/desk/events/new")
    page = anna.post("/desk/events/new", form | {"acceleration": "baku"})
    assert page.status_code == 303, page.text
    event_id = int(page.headers["location"].rsplit("/", 1)[1])
    assert loaded(app, event_id).settings.acceleration is AccelerationMethod.BAKU


def test_the_settings_form_sets_the_swap_and_the_acceleration(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna, "Double", "berger", "")
    register(anna, event_id, [("Ada", "2300"), ("Bob", "2200"), ("Cy", "2100")])
    anna.get(f"/desk/events/{event_id}")
    assert 'name="swap_last_rounds"' in anna.page and 'name="acceleration"' in anna.page
    action = f"/desk/events/{event_id}/settings"
    form = {"system": "berger", "points": "", "tiebreaks": "", "bye_limit": ""}
    form |= {"withdrawal_policy": "keep_played_forfeit_rest", "initial_colour": "white"}
    form |= {"double": "yes", "swap_last_rounds": "no", "acceleration": "none"}
    page = anna.submit(action, form)
    assert page.status_code == 303, page.text
    settings = loaded(app, event_id).settings
    assert settings.double and not settings.swap_last_rounds
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(action, form | {"acceleration": "baku"})
    assert page.status_code == 400 and "for a FIDE Swiss" in page.text
