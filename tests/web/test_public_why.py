"""The reasons of a round's boards on the public pages and in the read API: each board of a
paired round links to its reasons, which say in words why the two met, why these colours and
which rule ruled out the usual board (here a rematch, drawn by hand from the Dutch rules)."""

from __future__ import annotations

import html

from fastapi import FastAPI

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from tests.web.desk_client import Browser, service_desk


def four_drawn(app: FastAPI, first_name: str = "Ann") -> int:
    """Four players, round 1 (1 v 3, 4 v 2) both drawn, round 2 paired: 1 v 2 and 3 v 4, the
    usual 1 v 3 and 2 v 4 being rematches (see tests/integration/test_round_explanations)."""
    desk = service_desk(app, "anna")
    event = ev.create_event(desk, EventSettings("Club", System.DUTCH, rounds=3), owner="anna")
    names = [first_name, "Bob", "Cyd", "Dan"]
    people = [Player(id=i, name=n, rating=2000 - 10 * i) for i, n in enumerate(names, start=1)]
    ev.import_players(desk, event.id, people)
    ev.pair_round(desk, event.id)
    ev.enter_results(desk, event.id, [(1, "1/2"), (2, "1/2")])
    ev.pair_round(desk, event.id)
    return event.id


def test_each_board_links_to_its_reasons(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = four_drawn(app)
    page = anna.client.get(f"/events/{event_id}/rounds/2").text
    for board in (1, 2):
        assert f'href="/events/{event_id}/rounds/2/why#board-{board}"' in page
    why = html.unescape(anna.client.get(f"/events/{event_id}/rounds/2/why").text)
    assert 'id="board-1"' in why and 'id="board-2"' in why
    assert (
        "The usual opponent of Ann (1) in the score group was Cyd (3), but they met in round 1"
        in why
    )
    assert "both had 0.5 points" in why


def test_the_api_gives_the_reasons(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = four_drawn(app)
    data = anna.client.get(f"/api/events/{event_id}/rounds/2/why").json()
    assert data["explained"] is True and data["number"] == 2
    boards = {frozenset((b["white"]["id"], b["black"]["id"])): b for b in data["boards"]}
    assert set(boards) == {frozenset((1, 2)), frozenset((3, 4))}
    lines = boards[frozenset((3, 4))]["reasons"]
    assert any("usual opponent of Cyd (3)" in line and "Ann (1)" in line for line in lines)
    assert anna.client.get(f"/api/events/{event_id}/rounds/3/why").status_code == 404
    assert anna.client.get(f"/events/{event_id}/rounds/3/why").status_code == 404


def test_a_hostile_name_stays_text(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = four_drawn(app, first_name="<script>alert(1)</script>")
    page = anna.client.get(f"/events/{event_id}/rounds/2/why").text
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page
