"""A player's phone shows the round page; a result entered meanwhile appears on it without a
reload, the name typed in the filter box and the scroll position kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect
from pytest_playwright.pytest_playwright import CreateContextCallback

from fairpair.service import events as ev
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.test_public_browser import NAMES, PHONE, seed_paired_round

pytestmark = pytest.mark.browser


def test_a_result_entered_appears_on_the_phones_round_page_without_a_reload(
    new_context: CreateContextCallback, server: LiveServer, screenshots: Screenshots
) -> None:
    event_id, opponents = seed_paired_round(server)
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server.url}/events/{event_id}/rounds/1")
    boards = page.locator("#pairings tr.board")
    expect(boards).to_have_count(len(NAMES) // 2)
    first_board = boards.nth(0)
    expect(first_board.locator("td.res")).to_have_text("")
    # A mark that a reload would wipe out, and what the player has typed.
    page.evaluate("window.stillTheSamePage = true")
    page.get_by_role("searchbox", name="Filter by player name").fill("")
    screenshots.shoot(page, "before-the-result")

    store = server.open_store()
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "arbiter")
        ev.enter_results(desk, event_id, [(1, "1-0")])
    finally:
        store.close()
    # Within 2 s of the change (the watcher reads every half second), no reload.
    expect(first_board.locator("td.res")).to_have_text("1-0", timeout=2_000)
    assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"
    screenshots.shoot(page, "the-result-arrived")

    # The name a player typed survives the next change: only their board stays shown.
    name = "Isolde Fischer"
    search = page.get_by_role("searchbox", name="Filter by player name")
    search.press_sequentially("fisch")
    visible = page.locator("#pairings tr.board:visible")
    expect(visible).to_have_count(1)
    store = server.open_store()
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "arbiter")
        event = ev.load(desk, event_id)
        board = next(
            n
            for n, game in enumerate(event.tournament.rounds[0].games, start=1)
            if name
            in {event.tournament.player(game.white).name, event.tournament.player(game.black).name}
        )
        ev.enter_results(desk, event_id, [(board, "0-1")])
    finally:
        store.close()
    expect(visible.locator("td.res")).to_have_text("0-1", timeout=2_000)
    expect(visible).to_have_count(1)
    expect(visible).to_contain_text(opponents[name])
    expect(search).to_have_value("fisch")
    assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"
    screenshots.shoot(page, "filtered-and-updated")
