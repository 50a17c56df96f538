"""Sections on the desk and the public pages: a section added from the event's page, a
player moved before round 1, refusals next to their field, the open's staff on every
section, the public pages listing the sections and the one register."""

from __future__ import annotations

from fastapi import FastAPI

from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service import sections as sc
from fairpair.service.settings import System
from tests.web.desk_client import Browser, add_director, browser, field_error, service_desk
from tests.web.test_desk import create, register

FIELD = [("Ann", "2200"), ("Bob", "2100"), ("Cy", "1700"), ("Dee", "1650")]


def test_a_section_is_added_players_move_and_the_public_pages_list_the_sections(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna, name="Spring open", rounds="7")
    register(anna, event_id, FIELD)
    page = anna.get(f"/desk/events/{event_id}")
    assert 'id="section-form"' in page.text and 'id="move-form"' not in page.text

    # Refusals next to their field, nothing created.
    refused = anna.submit(
        f"/desk/events/{event_id}/sections", {"name": "B", "system": "dutch", "rounds": ""}
    )
    assert refused.status_code == 422
    assert "needs its number of rounds" in field_error(refused.text, "sections-rounds")
    assert len(app.state.store.events()) == 1

    added = anna.submit(
        f"/desk/events/{event_id}/sections",
        {"first": "Open", "name": "Under 1800", "system": "casual", "rounds": "5"},
    )
    assert added.status_code == 303, added.text
    found = sc.sections(service_desk(app), event_id)
    assert [s.name for s in found] == ["Open", "Under 1800"]
    under = found[1].id
    page = anna.get(f"/desk/events/{event_id}")
    assert f'<a href="/desk/events/{under}">Under 1800</a>' in page.text
    again = anna.submit(
        f"/desk/events/{event_id}/sections",
        {"name": "under 1800", "system": "dutch", "rounds": "5"},
    )
    assert again.status_code == 422
    assert "has a section 'under 1800' already" in field_error(again.text, "sections-name")

    anna.get(f"/desk/events/{event_id}")
    moved = anna.submit(
        f"/desk/events/{event_id}/sections/move", {"player": "Cy", "to": str(under)}
    )
    assert moved.status_code == 303, moved.text
    d = service_desk(app)
    assert [p.name for p in ev.load(d, under).tournament.players] == ["Cy"]
    assert [p.name for p in ev.load(d, event_id).tournament.players] == ["Ann", "Bob", "Dee"]
    anna.get(f"/desk/events/{event_id}")
    nobody = anna.submit(
        f"/desk/events/{event_id}/sections/move", {"player": "Zed", "to": str(under)}
    )
    assert nobody.status_code == 400 and "Zed" in nobody.text

    # The public pages: each section lists the others, one register of all.
    public = anna.client.get(f"/events/{under}").text
    assert f'<a href="/events/{event_id}">Open</a>' in public
    assert '<strong aria-current="page">Under 1800</strong>' in public
    listed = anna.client.get(f"/events/{event_id}/register").text
    assert listed.index("Ann") < listed.index("Bob") < listed.index("Cy") < listed.index("Dee")
    assert "<td>Cy</td>" not in listed and ">Cy</a></td><td>Under 1800</td>" in listed

    # A page already shown follows what changes in another section (its cache and tag too).
    ev.register_player(d, under, "Abe", rating=1600)
    sc.add_section(d, event_id, "Juniors", system=System.BERGER, rounds=None)
    listed_again = anna.client.get(f"/events/{event_id}/register").text
    assert ">Abe</a></td><td>Under 1800</td>" in listed_again
    assert ">Juniors</a>" in anna.client.get(f"/events/{event_id}").text

    # After round 1 of either section nobody moves.
    ev.register_player(d, under, "Eve", rating=1500)
    ev.pair_round(d, under)
    anna.get(f"/desk/events/{event_id}")
    late = anna.submit(
        f"/desk/events/{event_id}/sections/move", {"player": "Dee", "to": str(under)}
    )
    assert late.status_code == 400 and "before round 1 only" in late.text


def test_the_opens_staff_runs_its_sections_and_no_one_else(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna, name="Spring open", rounds="7")
    anna.get(f"/desk/events/{event_id}")
    anna.submit(
        f"/desk/events/{event_id}/sections", {"name": "B", "system": "berger", "rounds": ""}
    )
    (_, b) = sc.sections(service_desk(app), event_id)
    assert ev.load(service_desk(app), b.id).settings.rounds is None
    password = add_director(app, "bruno")
    add_director(app, "dora")
    directors.set_staff(service_desk(app, "anna"), event_id, "bruno", "co-director")
    bruno = browser(app)
    bruno.sign_in("bruno", password)
    assert "Spring open – B" in bruno.get(f"/desk/events/{b.id}").text
    dora = browser(app)
    dora.sign_in("dora", password)
    assert dora.get(f"/desk/events/{b.id}").status_code == 404
    dora.get("/desk")
    stranger = dora.post(
        f"/desk/events/{event_id}/sections", {"name": "C", "system": "dutch", "rounds": "5"}
    )
    assert stranger.status_code == 404
    assert len(sc.sections(service_desk(app), event_id)) == 2
