"""Pair round 1 in a real browser while the pairing is held in the middle (deterministically,
see tests/pairing_gate.py): the round's page shows the engine's progress, a second Pair in
another tab is refused with the reason, the desk answers meanwhile, and once the engine goes
on the pairings appear on the same page without a reload, ready for results at the keyboard.
SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_playwright.pytest_playwright import CreateContextCallback

from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk
from tests.pairing_gate import held_dutch

pytestmark = pytest.mark.browser

FIELD = (("Ann", 2100), ("Ben", 2000), ("Cy", 1900), ("Di", 1800), ("Ed", 1700), ("Flo", 1600))


def test_the_director_sees_the_pairing_progress_and_then_the_pairings_without_a_reload(
    page: Page,
    new_context: CreateContextCallback,
    server: LiveServer,
    screenshots: Screenshots,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("anna", "anna's passphrase")
    director.create_event("Big open", "dutch", rounds=5)
    for name, rating in FIELD:
        director.add_player(name, rating)
    event_id = director.event_id

    with held_dutch(monkeypatch) as (reached, go):
        page.goto(director.desk_url)
        page.get_by_role("button", name="Pair round 1", exact=True).click()
        # The desk answers after its short wait with the round's page, the pairing held.
        expect(page).to_have_url(re.compile(rf"/desk/events/{event_id}/rounds/1/results$"))
        assert reached.is_set()
        status = page.locator("#pairing-status")
        expect(status).to_have_text("Pairing round 1: bracket 2 of 3…")
        expect(page.locator("#results-form")).to_have_count(0)
        page.evaluate("window.stillTheSamePage = true")
        screenshots.shoot(page, "pairing-in-progress")

        # Another tab: the desk answers while the pairing is still held, says what runs,
        # and refuses a second Pair with the reason.
        director.second_pair_refused(new_context().new_page(), 1)
        assert not go.is_set()
        store = server.open_store()
        try:
            assert store.load(event_id).tournament.rounds == ()
        finally:
            store.close()

        go.set()
        # The pairings replace the progress line on the same page, no reload.
        boards = page.locator("#results tbody tr.board")
        expect(boards).to_have_count(3)
        expect(page).to_have_title(re.compile("Results round 1"))
        assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"
        expect(page.locator("input.result").first).to_be_focused()
        screenshots.shoot(page, "pairings-arrived")

    store = server.open_store()
    try:
        [paired] = store.load(event_id).tournament.rounds
        names = {p.id: p.name for p in store.load(event_id).tournament.players}
    finally:
        store.close()
    for row, game in zip(boards.all(), paired.games, strict=True):
        expect(row).to_contain_text(names[game.white])
        expect(row).to_contain_text(names[game.black])
    # Results typed at the keyboard (the swapped page's script runs): Enter moves on.
    page.locator("input.result").first.fill("1")
    page.locator("input.result").first.press("Enter")
    expect(page.locator("input.result").nth(1)).to_be_focused()
