"""Players on their phones (360 px wide, two browser contexts of their own): one opens
their page by the QR link, the other types the code; both check in; one drops out; the
director sees both on the desk. On SQLite and on PostgreSQL (``FAIRPAIR_TEST_POSTGRES_URL``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from fairpair.service import events as ev
from fairpair.service import players as pl
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk
from tests.integration.stores import ticking_clock

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
NAMES = (("Aino Aalto", 1900), ("Bram Brandt", 1850), ("Cyrus Cortez", 1800), ("Delia Dunne", 1750))


def stored_codes(server: LiveServer, event_id: int) -> dict[str, str]:
    store = server.open_store()
    try:
        desk = ev.Desk(store, ticking_clock())
        event = ev.load(desk, event_id)
        codes = pl.door(desk, event).codes
        return {event.tournament.player(pid).name: code for pid, code in codes.items()}
    finally:
        store.close()


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px phone"


def test_two_players_check_in_on_their_phones_and_one_drops_out(
    page: Page, browser: Browser, server: LiveServer, screenshots: Screenshots
) -> None:
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("arbiter", "a long and private passphrase")
    director.create_event("Club night", "casual", rounds=3)
    for name, rating in NAMES:
        director.add_player(name, rating)
    page.locator("#checkin-link").click()
    page.get_by_role("button", name="Give a code to every player without one").click()
    page.get_by_role("button", name="Open check-in for round 1").click()
    expect(page.get_by_role("button", name="Close check-in")).to_be_visible()
    screenshots.shoot(page, "desk-check-in-open")
    codes = stored_codes(server, director.event_id)
    for code in codes.values():
        expect(page.locator("#checkin code", has_text=code)).to_have_count(1)
    me = director.url(f"/events/{director.event_id}/me")

    aino_phone = browser.new_context(viewport=PHONE)
    bram_phone = browser.new_context(viewport=PHONE)
    try:
        aino = aino_phone.new_page()
        aino.goto(f"{me}?code={codes['Aino Aalto']}")  # the QR link
        expect(aino).to_have_url(me)  # the code is out of the address at once
        expect(aino.locator("#me-name")).to_have_text("Aino Aalto")
        fits_the_phone(aino)
        screenshots.shoot(aino, "aino-phone")

        bram = bram_phone.new_page()
        bram.goto(me)
        bram.locator("#code").fill("not-a-code")
        bram.locator("#code").press("Enter")
        expect(bram.locator("#me-error")).to_contain_text("opens nothing")
        bram.locator("#code").fill(codes["Bram Brandt"].lower())
        bram.locator("#code").press("Enter")
        expect(bram.locator("#me-name")).to_have_text("Bram Brandt")

        aino.get_by_role("button", name="I am here: check in").click()
        expect(aino.locator("#checked-in")).to_contain_text("checked in for round 1")
        bram.get_by_role("button", name="I am here: check in").click()
        expect(bram.locator("#checked-in")).to_be_visible()
        bram.get_by_text("Drop out of the event").click()
        bram.get_by_role("button", name="Drop from round 1 on").click()
        expect(bram.locator("#dropped")).to_contain_text("withdrawn from round 1 on")
        fits_the_phone(bram)
        screenshots.shoot(bram, "bram-dropped")
        # Each phone still shows its own player only.
        aino.reload()
        expect(aino.locator("#me-name")).to_have_text("Aino Aalto")
        expect(aino.locator("#dropped")).to_have_count(0)
    finally:
        aino_phone.close()
        bram_phone.close()

    page.reload()
    rows = page.locator("#checkin tbody tr")
    expect(rows.filter(has_text="Aino Aalto")).to_contain_text("checked in")
    expect(rows.filter(has_text="Bram Brandt")).to_contain_text(
        "withdrawn from round 1 (by the player)"
    )
    expect(page.locator("#missing")).to_have_text("3 Cyrus Cortez, 4 Delia Dunne")
    screenshots.shoot(page, "desk-check-in-after")
    page.goto(director.desk_url)
    expect(page.locator("#not-checked-in")).to_contain_text("3 Cyrus Cortez, 4 Delia Dunne")
    expect(page.locator("#players tbody tr").filter(has_text="Aino Aalto")).to_contain_text(
        "checked in"
    )
    store = server.open_store()
    try:
        log = store.log(director.event_id)
    finally:
        store.close()
    mine = [(r.action, r.actor) for r in log if r.actor.endswith("(self)")]
    assert mine == [
        ("player.checked.in", "player 1 Aino Aalto (self)"),
        ("player.checked.in", "player 2 Bram Brandt (self)"),
        ("player.withdrawn", "player 2 Bram Brandt (self)"),
    ]
    assert re.search(r"Club night", page.title())
