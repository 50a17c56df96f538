"""The venue screen on a TV follows the director's desk without a reload: the round clock
started, counting down, paused; the announcement typed. A long round scrolls by itself."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect
from pytest_playwright.pytest_playwright import CreateContextCallback

from fairpair.core import Player
from fairpair.service import events as ev
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk

pytestmark = pytest.mark.browser

TV = {"width": 1280, "height": 720}


def test_the_tv_follows_the_clock_and_the_announcement_from_the_desk(
    new_context: CreateContextCallback, server: LiveServer, screenshots: Screenshots
) -> None:
    chief = DirectorAtDesk(new_context().new_page(), server, screenshots)
    chief.sign_up("chief", "chief's password 1")
    chief.create_event("Hall open", "dutch", 5)
    store = server.open_store()
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "setup")
        field = [Player(i, f"Player {i:02d}", rating=2400 - i) for i in range(1, 41)]
        ev.import_players(desk, chief.event_id, field)
        ev.pair_round(desk, chief.event_id)
    finally:
        store.close()

    tv = new_context(viewport=TV).new_page()
    tv.goto(server.url + f"/events/{chief.event_id}/screen")
    expect(tv.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(tv.locator("#wall-chart")).to_contain_text("Player 40")
    # 40 names: more than a TV shows, so the list scrolls by itself.
    animation = tv.locator(".wall.scrolling .wall-chart").evaluate(
        "table => getComputedStyle(table).animationName"
    )
    assert animation == "wall-scroll"
    tv.evaluate("window.stillTheSamePage = true")
    screenshots.shoot(tv, "tv-before-the-clock")

    page = chief.page
    page.goto(chief.desk_url)
    page.get_by_text("Venue screen").click()
    page.get_by_label("Round length in minutes").fill("30")
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator("#venue-clock-now")).to_contain_text("running")
    clock = tv.locator("#round-clock")
    expect(clock).to_have_text(re.compile(r"^(30:00|29:[0-5]\d)$"), timeout=2_000)
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=3_000)  # it counts down by itself
    screenshots.shoot(tv, "tv-clock-running")

    page.get_by_label("Announcement").fill("Lunch break at 13:00")
    page.get_by_role("button", name="Show on the screen").click()
    expect(tv.locator("#announcement")).to_have_text("Lunch break at 13:00", timeout=2_000)
    page.get_by_role("button", name="Pause").click()
    expect(clock).to_contain_text("paused", timeout=2_000)
    paused = clock.inner_text()
    tv.wait_for_timeout(1_500)
    assert clock.inner_text() == paused, "a paused clock stands still"
    assert tv.evaluate("window.stillTheSamePage === true"), "the screen was reloaded"
    screenshots.shoot(tv, "tv-paused-with-announcement")

    # Without JavaScript the screen is right at each load.
    still = new_context(viewport=TV, java_script_enabled=False).new_page()
    still.goto(server.url + f"/events/{chief.event_id}/screen")
    expect(still.locator("#round-clock")).to_have_text(paused)
    expect(still.locator("#announcement")).to_have_text("Lunch break at 13:00")
