"""A player on a phone finds their board on the public round page, with and without JavaScript."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Page, expect
from pytest_playwright.pytest_playwright import CreateContextCallback

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from tests.e2e.browser import LiveServer, Screenshots

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
NAMES = (
    "Amara Okafor",
    "Bastian Vogel",
    "Camille Roux",
    "Darius Nowak",
    "Elif Yilmaz",
    "Fergus Doyle",
    "Giulia Conti",
    "Hannes Berg",
    "Isolde Fischer",
    "Jasper Lind",
    "Kasia Wrona",
    "Lorenzo Sala",
)


def seed_paired_round(server: LiveServer) -> tuple[int, dict[str, str]]:
    """A 12-player Dutch event with round 1 paired, set up behind the pages' back.

    Returns the event's number and, by name, the name of that player's opponent.
    """
    store = server.open_store()
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "setup")
        event = ev.create_event(desk, EventSettings(name="Riverside open", rounds=5))
        assert event.settings.system is System.DUTCH
        field = [Player(id=i + 1, name=n, rating=2300 - 37 * i) for i, n in enumerate(NAMES)]
        ev.import_players(desk, event.id, field)
        event, pairing = ev.pair_round(desk, event.id)
    finally:
        store.close()
    names = {p.id: p.name for p in event.tournament.players}
    opponents = {names[a]: names[b] for a, b in pairing.opponents().items()}
    return event.id, opponents


def board_rows(page: Page) -> list[str]:
    return page.locator("#pairings tr.board").all_inner_texts()


def test_the_name_filter_on_a_phone_leaves_only_that_players_board(
    new_context: CreateContextCallback, sqlite_server: LiveServer, screenshots: Screenshots
) -> None:
    event_id, opponents = seed_paired_round(sqlite_server)
    name, opponent = "Isolde Fischer", opponents["Isolde Fischer"]
    round_page = f"{sqlite_server.url}/events/{event_id}/rounds/1"

    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(round_page)
    boards = page.locator("#pairings tr.board")
    expect(boards).to_have_count(len(NAMES) // 2)
    for row in board_rows(page):  # every player appears once, on a board
        assert sum(n in row for n in NAMES) == 2, row
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the round page scrolls sideways on a phone ({width}px)"
    screenshots.shoot(page, "round-1-on-a-phone")

    search = page.get_by_role("searchbox", name="Filter by player name")
    search.press_sequentially("fisch")
    visible = page.locator("#pairings tr.board:visible")
    expect(visible).to_have_count(1)
    expect(visible).to_contain_text(name)
    expect(visible).to_contain_text(opponent)
    screenshots.shoot(page, "filtered-by-typing")

    search.fill("")
    expect(visible).to_have_count(len(NAMES) // 2)
    search.press_sequentially("no such player")
    expect(visible).to_have_count(0)

    # Without JavaScript the same box is a plain GET form: the server does the filtering.
    context = new_context(viewport=PHONE, is_mobile=True, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{round_page}?q=fisch")
    visible = page.locator("#pairings tr.board:visible")
    expect(visible).to_have_count(1)
    expect(visible).to_contain_text(name)
    expect(page.locator("#name-filter")).to_have_value("fisch")
    screenshots.shoot(page, "filtered-without-javascript")

    page.goto(round_page)
    expect(page.locator("#pairings tr.board:visible")).to_have_count(len(NAMES) // 2)
    search = page.get_by_role("searchbox", name="Filter by player name")
    first = opponent.split()[0]
    search.fill(first)
    search.press("Enter")
    expect(page).to_have_url(re.compile(rf"/events/{event_id}/rounds/1\?(.*&)?q={first}(&|$)"))
    expect(visible).to_have_count(1)
    expect(visible).to_contain_text(name)
    screenshots.shoot(page, "submitted-without-javascript")


def test_a_player_taps_why_on_their_board_and_reads_the_reasons(
    new_context: CreateContextCallback, sqlite_server: LiveServer, screenshots: Screenshots
) -> None:
    event_id, opponents = seed_paired_round(sqlite_server)
    name, opponent = "Isolde Fischer", opponents["Isolde Fischer"]
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{sqlite_server.url}/events/{event_id}/rounds/1")
    row = page.locator("#pairings tr.board", has_text=name)
    row.get_by_role("link", name=re.compile("Why board")).click()
    expect(page).to_have_url(re.compile(r"/rounds/1/why#board-\d+$"))
    board = page.locator("section.why:target")
    expect(board).to_contain_text(name)
    expect(board).to_contain_text(opponent)
    # Round 1: everyone on 0 points, the usual board of the group, colours by pairing number.
    expect(board).to_contain_text("both had 0 points")
    expect(board).to_contain_text("This is the usual board of their score group")
    expect(board).to_contain_text("pairing number decides")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the reasons page scrolls sideways on a phone ({width}px)"
    screenshots.shoot(page, "why-on-a-phone")
