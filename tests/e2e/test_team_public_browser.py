"""A player of a team event, on a phone, finds their board by typing their name on the public
round page; no public team page scrolls sideways (tables scroll in their own box). On SQLite
and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect
from pytest_playwright.pytest_playwright import CreateContextCallback

from fairpair.service import events as ev
from fairpair.service import team_events as te
from tests.e2e.browser import LiveServer, Screenshots
from tests.web.team_event import TEAM_NAMES, team_event

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


def seed(server: LiveServer) -> tuple[int, str, str]:
    """The team event of the web tests; Chloé Marchand's board in round 2: its opponent."""
    store = server.open_store()
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "setup")
        event_id = team_event(desk)
        t = te.load_team(desk, event_id).tournament
    finally:
        store.close()
    names = {p.id: p.name for p in t.players}
    chloe = next(p.id for p in t.players if p.name == "Chloé Marchand")
    for match in t.rounds[1].matches:
        for board in match.boards:
            if chloe in (board.first, board.second):
                other = board.second if board.first == chloe else board.first
                assert other is not None
                return event_id, "Chloé Marchand", names[other]
    raise AssertionError("Chloé Marchand plays in round 2")


def test_a_player_finds_their_board_on_a_phone(
    new_context: CreateContextCallback, server: LiveServer, screenshots: Screenshots
) -> None:
    event_id, name, opponent = seed(server)
    base = f"{server.url}/events/{event_id}"
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()

    # Every public page of the team event fits the phone's width: only tables scroll.
    for path in ("", "/rounds/2", "/standings", "/crosstable", "/boards", "/teams/1"):
        page.goto(base + path)
        expect(page.locator("main h1")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path or '/'} scrolls sideways on a phone ({width}px)"
        screenshots.shoot(page, f"team{path.replace('/', '-') or '-event'}")

    page.goto(base + "/rounds/2")
    rows = page.locator("#pairings tr.board")
    visible = page.locator("#pairings tr.board:visible")
    expect(visible).to_have_count(rows.count())
    search = page.get_by_role("searchbox", name="Filter by team or player name")
    search.press_sequentially("chloe march")  # typed without the accent
    # The heading of the match and the player's own board: one match of the round.
    expect(visible).to_have_count(2)
    expect(visible.nth(0)).to_contain_text(TEAM_NAMES[0])
    expect(visible.nth(1)).to_contain_text(name)
    expect(visible.nth(1)).to_contain_text(opponent)
    expect(page.locator("#filter-count")).to_have_text(f"1 of {len(TEAM_NAMES) // 2 + 1}")
    screenshots.shoot(page, "found-by-typing")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the filtered round scrolls sideways ({width}px)"

    # A team's name keeps its whole match: the heading and every board.
    search.fill("")
    search.press_sequentially("zurich")
    zurich = page.locator("#pairings tbody.match:has(tr.board:visible)")
    expect(zurich).to_have_count(1)
    expect(zurich.locator("tr.board:visible")).to_have_count(5)
