"""Pair round 1 of a team Swiss and of a Double-Swiss in a real browser while the pairing is
held in the middle (deterministically, see tests/pairing_gate.py): the round's page shows
the engine's scoregroups, a second Pair in another tab is refused with the reason, and once
the engine goes on the round's matches appear on the same page without a reload. SQLite and
PostgreSQL."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Page, expect
from pytest_playwright.pytest_playwright import CreateContextCallback

from fairpair.service import events as ev
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk
from tests.integration.test_pairing_runs_kinds import KINDS

pytestmark = pytest.mark.browser

# kind -> the round's page, what one of its matches is on that page
ROUND_PAGES = {
    "team-swiss": ("matches", "section.match"),
    "double-swiss": ("results", "tbody.board"),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_director_sees_the_scoregroups_and_then_the_matches_without_a_reload(
    kind: str,
    page: Page,
    new_context: CreateContextCallback,
    server: LiveServer,
    screenshots: Screenshots,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("anna", "anna's passphrase")
    store = server.open_store()
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "anna")
        director.event_id = KINDS[kind].create_owned(desk, "anna")
    finally:
        store.close()
    event_id = director.event_id
    page_name, match = ROUND_PAGES[kind]

    with KINDS[kind].held(monkeypatch) as (reached, go):
        page.goto(director.desk_url)
        page.get_by_role("button", name="Pair round 1", exact=True).click()
        expect(page).to_have_url(re.compile(rf"/desk/events/{event_id}/rounds/1/{page_name}$"))
        assert reached.is_set()
        expect(page.locator("#pairing-status")).to_have_text("Pairing round 1: scoregroup 2 of 3…")
        expect(page.locator(match)).to_have_count(0)
        page.evaluate("window.stillTheSamePage = true")
        screenshots.shoot(page, "pairing-in-progress")

        director.second_pair_refused(new_context().new_page(), 1)
        assert not go.is_set()

        go.set()
        expect(page.locator(match)).to_have_count(3)
        expect(page.locator("#pairing-status")).to_have_count(0)
        assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"
        screenshots.shoot(page, "matches-arrived")

    store = server.open_store()
    try:
        [paired] = store.load(event_id).tournament.rounds
        assert len(paired.matches) == 3 and store.pairing_run(event_id) is None
    finally:
        store.close()
