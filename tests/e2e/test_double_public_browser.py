"""A player of a FIDE Double-Swiss event, on a phone, finds his board by typing his name on the
public round page, without the accents, and reads both his games and the match; no public page
of the event scrolls sideways (tables scroll in their own box). On SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect
from pytest_playwright.pytest_playwright import CreateContextCallback

from fairpair.service import double_events as de
from fairpair.service import events as ev
from tests.e2e.browser import LiveServer, Screenshots
from tests.web.double_event import NAMES, double_event

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


def seed(server: LiveServer) -> tuple[int, int, str, tuple[str, str]]:
    """The web tests' Double-Swiss event; Chloé Marchand's board in round 2, her opponent and
    the two games typed there."""
    store = server.open_store()
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "setup")
        built = double_event(desk)
        t = de.load_double(desk, built.event_id).tournament
    finally:
        store.close()
    names = {p.id: p.name for p in t.players}
    chloe = next(p.id for p in t.players if p.name == "Chloé Marchand")
    for board, match in enumerate(t.rounds[1].matches, start=1):
        if chloe in match.players:
            return built.event_id, board, names[match.opponent(chloe)], built.typed[2][board - 1]
    raise AssertionError("Chloé Marchand plays in round 2")


def test_a_player_finds_his_board_and_both_games_on_a_phone(
    new_context: CreateContextCallback, server: LiveServer, screenshots: Screenshots
) -> None:
    event_id, board, opponent, games = seed(server)
    base = f"{server.url}/events/{event_id}"
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()

    # Every public page of the event fits the phone's width: only tables scroll.
    for path in ("", "/rounds/2", "/standings", "/crosstable", "/players/1"):
        page.goto(base + path)
        expect(page.locator("main h1")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path or '/'} scrolls sideways on a phone ({width}px)"
        screenshots.shoot(page, f"double{path.replace('/', '-') or '-event'}")

    page.goto(base + "/rounds/2")
    rows = page.locator("#pairings tr.board")
    visible = page.locator("#pairings tr.board:visible")
    expect(visible).to_have_count(rows.count())
    search = page.get_by_role("searchbox", name="Filter by player name")
    search.press_sequentially("chloe march")  # typed without the accent
    expect(visible).to_have_count(1)
    found = visible.nth(0)
    expect(found.locator("td").nth(0)).to_have_text(str(board))
    expect(found).to_contain_text(NAMES[0])
    expect(found).to_contain_text(opponent)
    # Both games as on their scoresheets, and the match.
    expect(found.locator("td").nth(2)).to_have_text(games[0])
    expect(found.locator("td").nth(3)).to_have_text(games[1])
    expect(found.locator("td").nth(4)).not_to_be_empty()
    # The whole board fits the phone: nothing of it hides in the table's scrolled box.
    box = page.locator("#pairings").bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"], box
    expect(page.locator("#filter-count")).to_have_text(f"1 of {rows.count()}")
    screenshots.shoot(page, "found-by-typing")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the filtered round scrolls sideways ({width}px)"

    # The filter follows to the next round; her name's link opens her page.
    page.get_by_role("link", name="Round 3 →").click()
    expect(page).to_have_url(f"{base}/rounds/3?q=chloe+march")
    expect(page.locator("#pairings tr.board:visible")).to_have_count(1)
    page.locator("#pairings tr.board:visible").get_by_role("link", name=NAMES[0]).click()
    expect(page.locator("main h1")).to_have_text(NAMES[0])
    expect(page.locator("#games tbody tr")).to_have_count(3)
