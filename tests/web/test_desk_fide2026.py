"""The desk's 2026 settings: Baku acceleration on the new-event form and the settings form,
the swap of a double round robin's last two first-cycle rounds on the settings form."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from fairpair.service import events as ev
from fairpair.service.settings import AccelerationMethod
from fairpair.web.config import WebConfig
from tests.integration.stores import SQL_BACKENDS, database_url, ticking_clock
from tests.web.desk_client import Browser, add_director, field_error, running
from tests.web.test_desk import create, register


@pytest.fixture(params=SQL_BACKENDS)
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[FastAPI, Browser]]:
    """The desk on SQLite, and on PostgreSQL when the tests have one: the settings, the
    prize list among them, are kept as JSON by both."""
    with (
        database_url(request.param, tmp_path) as url,
        running(WebConfig(store=url, signup=True)) as (app, client),
    ):
        anna = Browser(client)
        anna.sign_up("anna", "anna's password")
        yield app, anna


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


def test_the_prize_page_builds_the_list_and_prints_it(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna, "Prized", "dutch", "1")
    register(anna, event_id, [("Ada", "2300"), ("Bob", "1700"), ("Cy", "2100"), ("Di", "1600")])
    anna.get(f"/desk/events/{event_id}")
    assert 'id="prizes-link"' in anna.page
    page_url = f"/desk/events/{event_id}/prizes"
    anna.get(page_url)
    assert 'id="no-prizes"' in anna.page
    add = f"{page_url}/add"
    bad = anna.submit(add, {"name": "U1800", "kind": "rating", "amounts": "80"})
    assert bad.status_code == 400 and "needs its band" in bad.text
    assert 'value="U1800"' in bad.text  # the form as typed
    anna.get(page_url)
    form = {"name": "Overall", "kind": "overall", "amounts": "100, 50"}
    assert anna.submit(add, form).status_code == 303
    anna.get(page_url)
    form = {"name": "U1800", "kind": "rating", "amounts": "80", "rating_max": "1799"}
    assert anna.submit(add, form).status_code == 303
    anna.get(page_url)
    rules = {"one_per_player": "no", "sharing": "hort", "currency": "EUR"}
    assert anna.submit(f"{page_url}/rules", rules).status_code == 303
    prizes = loaded(app, event_id).settings.prizes
    assert [c.name for c in prizes.categories] == ["Overall", "U1800"]
    assert (prizes.one_per_player, prizes.sharing.value) == (False, "hort")
    # Before round 1 everyone is on 0 points in start-number order (Ada, Bob, Cy, Di); all
    # four tie for Overall's places 1-4 (pool 150: 150/8 each, plus 50, 25, 0, 0), and U1800's
    # Bob and Di for places 1-2 (pool 80: 20 each, plus 40 and 0).
    page = anna.get(page_url)
    awards = page.text.split('id="awards"')[1].split("</table>")[0]
    for winner, amount in (("Ada", "68.75"), ("Bob", "43.75"), ("Cy", "18.75"), ("Di", "18.75")):
        assert f'<td>{winner}</td><td class="num">{amount} EUR</td>' in awards
    assert '<td>Bob</td><td class="num">60.00 EUR</td>' in awards
    assert '<td>Di</td><td class="num">20.00 EUR</td>' in awards
    sheet = anna.get(f"/desk/events/{event_id}/print/prizes")
    assert sheet.status_code == 200 and "68.75 EUR" in sheet.text
    pdf = anna.get(f"/desk/events/{event_id}/print/prizes?pdf=1")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    anna.get(page_url)
    assert anna.submit(f"{page_url}/remove", {"name": "U1800"}).status_code == 303
    assert [c.name for c in loaded(app, event_id).settings.prizes.categories] == ["Overall"]


def test_the_api_takes_the_acceleration_and_the_swap() -> None:
    with running(WebConfig(store=":memory:")) as (app, client):
        anna = ("anna", add_director(app, "anna"))
        body = {"name": "Open", "rounds": 5, "acceleration": "baku"}
        made = client.post("/api/events", json=body, auth=anna)
        assert made.status_code == 201, made.text
        assert loaded(app, made.json()["id"]).settings.acceleration is AccelerationMethod.BAKU
        body = {"name": "RR", "system": "berger", "acceleration": "baku"}
        refused = client.post("/api/events", json=body, auth=anna)
        assert refused.status_code == 400 and "for a FIDE Swiss" in refused.json()["detail"]
        rr = client.post("/api/events", json={"name": "RR", "system": "berger"}, auth=anna).json()
        url = f"/api/events/{rr['id']}/settings"
        changed = client.post(url, json={"double": True, "swap_last_rounds": False}, auth=anna)
        assert changed.status_code == 200, changed.text
        assert not loaded(app, rr["id"]).settings.swap_last_rounds
