"""What a director at the venue and a player on a phone stumbled on, walking through the app
in a browser: each test holds one fix in place."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from fastapi import FastAPI

from tests.web.desk_client import Browser
from tests.web.public_events import desk_of, dutch_event, running_app
from tests.web.test_desk import PLAYERS, autofocused, create, paired, register, save
from tests.web.test_public import PUBLIC_PAGES, Events, card_event, demo_event


@pytest.fixture(scope="module")
def events() -> Iterator[Events]:
    with running_app() as (app, client):
        desk = desk_of(app)
        yield Events(app, client, dutch_event(desk), demo_event(desk), card_event(desk))


# --- public pages ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_public_pages_answer_head_as_get_without_the_body(events: Events, path: str) -> None:
    """Uptime monitors and link checkers send HEAD."""
    got = events.client.get(path)
    head = events.client.head(path)
    assert head.status_code == 200 == got.status_code
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers.get("etag") == got.headers.get("etag")


def test_head_of_an_unknown_event_is_404(events: Events) -> None:
    assert events.client.head("/events/99").status_code == 404


# --- the director's desk --------------------------------------------------------------------


def test_a_complete_round_opens_its_results_at_board_1_for_a_correction(
    site: tuple[FastAPI, Browser],
) -> None:
    """Without a focused field the keyboard typed into nothing until the mouse chose one."""
    _, anna, event_id = paired(site)
    save(anna, event_id, 1, {1: "1", 2: "0", 3: "=", 4: "1"})
    form = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    assert autofocused(form) == "r1"


def test_after_a_player_is_added_the_keyboard_is_in_the_next_name(
    site: tuple[FastAPI, Browser],
) -> None:
    """Registering players at the door: type, Enter, type the next; no mouse in between."""
    _, anna = site
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:2])
    page = anna.get(f"/desk/events/{event_id}").text
    page = anna.get(f"/desk/events/{event_id}").text
    assert not re.search(r'id="player-name"[^>]*autofocus', page)
    anna.post(f"/desk/events/{event_id}/players", {"name": "Ivo Late", "rating": "2310"})
    page = anna.get(f"/desk/events/{event_id}").text
    assert "Registered 3 Ivo Late" in page
    assert re.search(r'id="player-name"[^>]*autofocus', page)
    # Only right after an addition: loaded again, the page starts on its next step.
    page = anna.get(f"/desk/events/{event_id}").text
    assert not re.search(r'id="player-name"[^>]*autofocus', page)
    assert re.search(r'id="pair" class="primary" autofocus', page)


def test_a_late_entry_after_one_round_is_asked_for_round_1_not_rounds_1_1(
    site: tuple[FastAPI, Browser],
) -> None:
    _, anna, event_id = paired(site)
    page = html.unescape(anna.get(f"/desk/events/{event_id}").text)
    assert "rounds 1-1" not in page
    assert "Late entry: points for round 1 (" in page
    assert "Late entries: points for round 1 (" in page


def test_the_current_round_has_one_address_that_follows_the_event(events: Events) -> None:
    """For the wall, a QR code or a phone's bookmark: always the round being played."""
    event = events.dutch
    rounds = len(event.tournament.rounds)
    assert rounds > 1
    page = events.client.get(f"/events/{event.id}/rounds/current", follow_redirects=False)
    assert page.status_code == 302
    assert page.headers["location"] == f"/events/{event.id}/rounds/{rounds}"
    filtered = events.client.get(
        f"/events/{event.id}/rounds/current?q=chlo%C3%A9", follow_redirects=False
    )
    assert filtered.headers["location"] == f"/events/{event.id}/rounds/{rounds}?q=chlo%C3%A9"
    assert f'href="/events/{event.id}/rounds/current"' in events.client.get("/").text
    head = events.client.head(f"/events/{event.id}/rounds/current", follow_redirects=False)
    assert head.status_code == 302
    assert events.client.get("/events/99/rounds/current").status_code == 404


def test_the_current_round_before_any_pairing_is_the_event_page() -> None:
    with running_app() as (app, client):
        desk = desk_of(app)
        event = dutch_event(desk, players=8, rounds_played=0, pair_next=False)
        page = client.get(f"/events/{event.id}/rounds/current", follow_redirects=False)
        assert page.headers["location"] == f"/events/{event.id}"


def test_a_printout_on_the_screen_leads_back_to_the_desk_and_to_its_pdf(
    site: tuple[FastAPI, Browser],
) -> None:
    """The director opened the pairings to print them and had only the browser's Back."""
    _, anna, event_id = paired(site)
    page = anna.get(f"/desk/events/{event_id}/print/pairings?round=1").text
    assert f'<a href="/desk/events/{event_id}">' in page
    pdf = re.search(r'<a href="([^"]+)">PDF</a>', page)
    assert pdf
    assert "round=1" in pdf[1]
    got = anna.get(html.unescape(pdf[1]))
    assert got.headers["content-type"] == "application/pdf"
    assert "@media print { .toolbar { display: none; } }" in page


def test_the_desk_names_the_system_in_words_and_says_what_to_do_without_rounds(
    site: tuple[FastAPI, Browser],
) -> None:
    _, anna = site
    event_id = create(anna, system="burstein")
    page = anna.get(f"/desk/events/{event_id}").text
    assert "Swiss (Burstein) ·" in page and "burstein ·" not in page
    assert "No round paired yet: add the players, then pair round 1" in page


def test_an_error_page_leads_back_to_the_event_it_came_from(
    site: tuple[FastAPI, Browser],
) -> None:
    """ "Round 9 is not paired" on the desk led to the public list of every event."""
    _, anna, event_id = paired(site)
    page = anna.get(f"/desk/events/{event_id}/rounds/9/results")
    assert page.status_code == 404
    assert f'<a href="/desk/events/{event_id}">Back to the event</a>' in page.text
    # A form that expired (no CSRF token) points to the event's page, not to reload the POST.
    page = anna.post(f"/desk/events/{event_id}/byes", {"player": "1"}, token="")
    assert page.status_code == 403
    assert f'<a href="/desk/events/{event_id}">Back to the event</a>' in page.text
    page = anna.get(f"/events/{event_id}/players/99")
    assert page.status_code == 404
    assert f'<a href="/events/{event_id}">Back to the event</a>' in page.text
    assert '<a href="/desk">Back to your events</a>' in anna.get("/desk/nothing").text


def test_a_card_game_result_form_asks_for_match_scores_and_names_the_bye(
    site: tuple[FastAPI, Browser],
) -> None:
    """A Magic night was told to type 1 for 1-0 and ½-½, and saw "Gus (pairing-allocated)"."""
    _, anna = site
    anna.get("/desk/events/new")
    page = anna.post(
        "/desk/events/new",
        {"name": "Friday Magic", "system": "casual", "rounds": "3", "points": "3,1,0"},
    )
    event_id = int(page.headers["location"].rsplit("/", 1)[1])
    register(anna, event_id, PLAYERS[:5])
    anna.post(f"/desk/events/{event_id}/pair")
    form = html.unescape(anna.get(f"/desk/events/{event_id}/rounds/1/results").text)
    assert "Type the games each player won" in form and "(1-0)" not in form
    settings = anna.get(f"/desk/events/{event_id}").text
    assert "<dt>points</dt><dd>win 3, draw 1, loss 0</dd>" in settings
    assert "first colour" not in settings
    assert re.search(r"Not playing: [^<]+ \(bye\)", form)
    # Chess keeps its shortcuts, and a requested bye says what it is worth.
    chess = create(anna, "Spring open")
    register(anna, chess, PLAYERS[:4])
    anna.get(f"/desk/events/{chess}")
    anna.post(f"/desk/events/{chess}/byes", {"player": "1", "round": "1", "kind": "half"})
    anna.post(f"/desk/events/{chess}/pair")
    form = html.unescape(anna.get(f"/desk/events/{chess}/rounds/1/results").text)
    assert "<kbd>1</kbd> (1-0)" in form
    assert "<dt>first colour</dt>" in anna.get(f"/desk/events/{chess}").text
    assert re.search(r"Not playing: [^<]+ \(half-point bye\)", form)


def test_my_events_name_each_system_in_words(site: tuple[FastAPI, Browser]) -> None:
    _, anna = site
    assert "You run no event yet: start with" in anna.get("/desk").text
    create(anna, "Spring open", system="dutch")
    create(anna, "Club championship", system="berger", rounds="")
    page = anna.get("/desk").text
    assert "Swiss (FIDE Dutch)" in page and "Round robin (Berger tables)" in page
    assert ">dutch<" not in page and ">berger<" not in page


def test_a_granted_bye_says_to_whom_and_for_which_round(site: tuple[FastAPI, Browser]) -> None:
    """The director typed part of a name and no round: the message confirms both."""
    _, anna = site
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:4])
    anna.get(f"/desk/events/{event_id}")
    anna.post(f"/desk/events/{event_id}/byes", {"player": "spassky", "round": "", "kind": "half"})
    page = html.unescape(anna.get(f"/desk/events/{event_id}").text)
    assert "Granted a half-point bye: Boris Spassky, round 1." in page


def test_pairing_lands_on_results_with_the_printouts_of_that_round_at_hand(
    site: tuple[FastAPI, Browser],
) -> None:
    """Pairing leads to result entry, but the first job is the printout for the wall."""
    _, anna, event_id = paired(site)
    form = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    links = re.findall(r'href="([^"]+)"', html.unescape(form))
    for link in (
        f"/desk/events/{event_id}/print/pairings?round=1",
        f"/desk/events/{event_id}/print/pairings?round=1&pdf=1",
        f"/desk/events/{event_id}/print/alphabetical?round=1",
        f"/events/{event_id}/rounds/1",
    ):
        assert link in links
        assert anna.get(link).status_code == 200


def test_the_event_page_puts_the_keyboard_on_the_next_step(
    site: tuple[FastAPI, Browser],
) -> None:
    """Pair, type the results, Enter, and Enter again pairs the next round: no Tab hunt."""
    _, anna, event_id = paired(site)
    anna.get(f"/desk/events/{event_id}/rounds/1/results")  # where pairing leads
    page = anna.get(f"/desk/events/{event_id}").text
    assert re.search(r'id="enter-results" autofocus', page)
    save(anna, event_id, 1, {1: "1", 2: "0", 3: "=", 4: "1"})
    page = anna.get(f"/desk/events/{event_id}").text
    assert re.search(r'id="pair" class="primary" autofocus', page)
    assert page.count("autofocus") == 1
    # A refused form keeps the keyboard's place to it, not to the next step.
    page = anna.post(f"/desk/events/{event_id}/players", {"name": ""}).text
    assert not re.search(r'id="pair" class="primary" autofocus', page)


def test_a_new_event_puts_the_keyboard_in_the_first_player_name(
    site: tuple[FastAPI, Browser],
) -> None:
    _, anna = site
    event_id = create(anna)
    page = anna.get(f"/desk/events/{event_id}").text
    assert re.search(r'id="player-name"[^>]*autofocus', page)
    assert page.count("autofocus") == 1
