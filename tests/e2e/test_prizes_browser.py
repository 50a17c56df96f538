"""A Baku-accelerated Swiss and its prize list in a real browser: the organiser chooses Baku
acceleration on the new-event form, pairs round 1 (the top half meeting each other), enters
the results, builds a prize list on the Prizes page and sees who wins what, shared by the
Hort system. SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from fairpair.service.settings import AccelerationMethod
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk

pytestmark = pytest.mark.browser


def test_a_baku_swiss_and_its_prizes(
    page: Page, server: LiveServer, screenshots: Screenshots
) -> None:
    desk = DirectorAtDesk(page, server, screenshots)
    desk.sign_up("olga", "olga's passphrase")
    page.goto(desk.url("/desk/events/new"))
    page.locator('[name="name"]').fill("Accelerated open")
    page.locator('[name="system"]').select_option("dutch")
    page.locator('[name="rounds"]').fill("5")
    page.locator('[name="acceleration"]').select_option("baku")
    screenshots.shoot(page, "new-event-baku")
    page.locator('[name="name"]').press("Enter")
    expect(page).to_have_url(re.compile(r"/desk/events/\d+/?$"))
    desk.event_id = int(re.findall(r"/desk/events/(\d+)", page.url)[0])
    assert desk.settings().acceleration is AccelerationMethod.BAKU
    players = (("Ann", 2200), ("Ben", 2100), ("Cy", 2000), ("Di", 1900))
    players += (("Eve", 1800), ("Fay", 1700), ("Gus", 1600), ("Hal", 1500))
    for name, rating in players:
        desk.add_player(name, rating)
    desk.pair(1)
    # Group A (1-4) carries a virtual point in round 1: 1-3 and 2-4, then 5-7 and 6-8.
    store = server.open_store()
    try:
        games = store.load(desk.event_id).tournament.rounds[0].games
    finally:
        store.close()
    assert sorted(tuple(sorted((g.white, g.black))) for g in games) == [
        (1, 3),
        (2, 4),
        (5, 7),
        (6, 8),
    ]
    desk.type_results(1, ["1-0", "1-0", "1-0", "1-0"])

    page.goto(desk.desk_url)
    page.locator("#prizes-link").click()
    expect(page.get_by_role("heading", name="Prizes", exact=True)).to_be_visible()
    add = page.locator("#add-category")
    add.locator('[name="name"]').fill("Overall")
    add.locator('[name="amounts"]').fill("300, 100")
    add.locator('[type="submit"]').click()
    expect(page.locator("#categories")).to_contain_text("Overall")
    rules = page.locator("#prize-rules-form")
    rules.locator('[name="sharing"]').select_option("hort")
    rules.locator('[name="currency"]').fill("EUR")
    rules.locator('[type="submit"]').click()
    # Four winners on 1 point tie for places 1-4: pool 400, 50 each, plus 150 and 50 by
    # tie-break order to the first two.
    awards = page.locator("#awards tbody tr")
    expect(awards).to_have_count(4)
    expect(awards.nth(0)).to_contain_text("200.00 EUR")
    expect(awards.nth(1)).to_contain_text("100.00 EUR")
    expect(awards.nth(2)).to_contain_text("50.00 EUR")
    expect(awards.nth(3)).to_contain_text("50.00 EUR")
    screenshots.shoot(page, "prizes")
