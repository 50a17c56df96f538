"""The desk's corrections of the entry list: a duplicate asks before registering, a
player's page corrects his details and removes him while he has never been paired, a
withdrawal is taken back with one button; each is one undoable change."""

from __future__ import annotations

import re

from fastapi import FastAPI

from fairpair.service import events as ev
from tests.integration.stores import ticking_clock
from tests.web.desk_client import Browser
from tests.web.test_desk import create, field_error, register, version


def loaded(app: FastAPI, event_id: int) -> ev.Event:
    return ev.load(ev.Desk(app.state.store, ticking_clock()), event_id)


def test_a_duplicate_asks_and_is_registered_anyway(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, [("Müller, Jonas", "2200")])
    before = version(app, event_id)
    page = anna.post(f"/desk/events/{event_id}/players", {"name": "muller, jonas", "rating": ""})
    assert page.status_code == 409
    assert "1 Müller, Jonas is already registered (same name)" in page.text
    assert version(app, event_id) == before
    page = anna.submit(f"/desk/events/{event_id}/players")  # "Register anyway"
    assert page.status_code == 303, page.text
    assert [p.name for p in loaded(app, event_id).tournament.players] == [
        "Müller, Jonas",
        "muller, jonas",
    ]


def test_a_player_is_corrected_and_removed_on_his_page(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, [("Ada", "2300"), ("Bob", "2200"), ("Cy", "2100")])
    assert f'/desk/events/{event_id}/players/2"' in anna.get(f"/desk/events/{event_id}").text
    anna.get(f"/desk/events/{event_id}/players/2")
    form = f"/desk/events/{event_id}/players/2/edit"
    fields = {"name": "Bob Smith", "rating": "22x0", "title": "", "federation": "", "club": ""}
    fields |= {"fide_id": "", "birth_date": "", "sex": ""}
    page = anna.post(form, fields)
    assert page.status_code == 422 and field_error(page.text, "edit-rating")
    page = anna.post(form, fields | {"rating": "2250", "club": "Lyon"})
    assert page.status_code == 303, page.text
    bob = loaded(app, event_id).tournament.player(2)
    assert (bob.name, bob.rating, bob.club) == ("Bob Smith", 2250, "Lyon")
    assert ev.history(ev.Desk(app.state.store, ticking_clock()), event_id)[-1].action == (
        "player.edited"
    )

    anna.get(f"/desk/events/{event_id}/players/2")
    page = anna.submit(f"/desk/events/{event_id}/players/2/remove")  # asks first
    assert page.status_code == 200 and "Remove 2 Bob Smith?" in page.text
    assert len(loaded(app, event_id).tournament.players) == 3
    page = anna.submit(f"/desk/events/{event_id}/players/2/remove")
    assert page.status_code == 303, page.text
    assert [p.name for p in loaded(app, event_id).tournament.players] == ["Ada", "Cy"]
    anna.get(f"/desk/events/{event_id}")
    anna.submit(f"/desk/events/{event_id}/undo")
    assert loaded(app, event_id).tournament.player(2).name == "Bob Smith"


def test_a_withdrawal_is_taken_back_with_a_button(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, [("Ada", "2300"), ("Bob", "2200"), ("Cy", "2100")])
    anna.get(f"/desk/events/{event_id}/players/2/withdraw")
    assert anna.submit(f"/desk/events/{event_id}/players/2/withdraw").status_code == 303
    anna.get(f"/desk/events/{event_id}/players/2/withdraw")  # says so, and offers it back
    assert "has already withdrawn, from round 1 on" in anna.page
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(f"/desk/events/{event_id}/players/2/return")
    assert page.status_code == 303, page.text
    assert loaded(app, event_id).tournament.withdrawals == ()


def test_the_settings_form_changes_the_settings_in_one_undoable_change(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, [("Ada", "2300"), ("Bob", "2200")])
    anna.get(f"/desk/events/{event_id}")
    action = f"/desk/events/{event_id}/settings"
    shown = anna.hidden_fields(action)
    assert "version" in shown
    form = {"rounds": "5", "system": "dutch", "points": "3,1,0", "tiebreaks": ""}
    form |= {"bye_limit": "half=1", "withdrawal_policy": "keep_played_forfeit_rest"}
    form |= {"double": "no", "initial_colour": "white"}
    page = anna.submit(action, form | {"bye_limit": "half=one"})
    assert page.status_code == 422 and field_error(page.text, "settings-bye_limit")
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(action, form)
    assert page.status_code == 303, page.text
    s = loaded(app, event_id).settings
    assert (s.rounds, s.points.win, s.bye_limit.half) == (5, 30, 1)
    anna.post(f"/desk/events/{event_id}/pair")
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(action, form | {"initial_colour": "black"})
    assert page.status_code == 400
    assert "first colour cannot change once round 1 is paired" in page.text


def test_a_late_entrant_is_removed_on_his_page(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, [("Ada", "2300"), ("Bob", "2200"), ("Cy", "2100"), ("Di", "2000")])
    anna.get(f"/desk/events/{event_id}")
    assert anna.submit(f"/desk/events/{event_id}/pair").status_code == 303
    register(anna, event_id, [("Late, Lucy", "")])
    page = anna.get(f"/desk/events/{event_id}/players/1")
    assert "Ada is paired in round 1" in page.text and 'id="ask-remove"' not in page.text
    anna.get(f"/desk/events/{event_id}/players/5")
    page = anna.submit(f"/desk/events/{event_id}/players/5/remove")  # asks first
    assert page.status_code == 200 and "Remove 5 Late, Lucy?" in page.text
    page = anna.submit(f"/desk/events/{event_id}/players/5/remove")
    assert page.status_code == 303, page.text
    assert not loaded(app, event_id).tournament.has_player(5)
    records = ev.history(ev.Desk(app.state.store, ticking_clock()), event_id)
    assert records[-1].action == "player.removed"


def _visible(page: str) -> str:
    """The words a director reads: no tags, no attribute values."""
    return re.sub(r"<[^>]*>", " ", page)


def test_the_settings_form_chooses_from_lists_and_shows_words(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna, "Club", "berger", "")
    page = anna.get(f"/desk/events/{event_id}").text
    for name in ("system", "game", "withdrawal_policy", "initial_colour", "double"):
        assert re.search(rf'<select id="settings-{name}" name="{name}"', page), name
        assert not re.search(rf'<input[^>]*name="{name}"', page), name
    assert '<option value="annul_if_under_half">' in page
    for raw in ("keep_played_forfeit_rest", "annul_if_under_half", "berger"):
        assert raw not in _visible(page), raw
    action = f"/desk/events/{event_id}/settings"
    form = {"rounds": "", "system": "berger", "game": "chess", "points": "1,0.5,0,0"}
    form |= {"tiebreaks": "", "bye_limit": "", "withdrawal_policy": "annul_if_under_half"}
    form |= {"double": "no", "initial_colour": "white"}
    assert anna.submit(action, form).status_code == 303
    assert loaded(app, event_id).settings.withdrawal_policy.value == "annul_if_under_half"
    page = anna.get(f"/desk/events/{event_id}").text
    assert '<option value="annul_if_under_half" selected>' in page
    assert "annul_if_under_half" not in _visible(page)


def test_the_settings_form_changes_the_game_and_its_points(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna, "Friday Magic", "casual", "3")
    assert loaded(app, event_id).settings.card_game
    anna.get(f"/desk/events/{event_id}")
    action = f"/desk/events/{event_id}/settings"
    shown = anna.hidden_fields(action)
    assert "version" in shown
    form = {"rounds": "3", "system": "casual", "game": "cards", "points": "1,0.5,0"}
    form |= {"tiebreaks": "", "bye_limit": "", "withdrawal_policy": "keep_played_forfeit_rest"}
    form |= {"double": "no"}
    assert anna.submit(action, form).status_code == 303
    settings = loaded(app, event_id).settings
    assert settings.game.value == "chess" and not settings.card_game
