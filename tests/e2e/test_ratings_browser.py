"""The rating list's suggestions on the desk's add-player form, in a real browser: typing the
start of a name (without its accents) or of a FIDE ID suggests players, choosing one fills the
form, and the player is registered with the list's details; with the script switched off, the
plain search form does the same. On SQLite and on PostgreSQL (``FAIRPAIR_TEST_POSTGRES_URL``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from fairpair.service import events as ev
from fairpair.service import rating_lists as rl
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk
from tests.integration.stores import ticking_clock

pytestmark = pytest.mark.browser

DATA = Path(__file__).parent.parent / "data" / "ratings"


def import_list(server: LiveServer) -> None:
    store = server.open_store()
    try:
        desk = ev.Desk(store, ticking_clock(), "organiser")
        for file, name in (
            ("players_list_foa.txt", "FIDE TXT"),
            ("players_list_xml.xml", "FIDE 2026-11"),
        ):
            with (DATA / file).open("rb") as stream:
                rl.import_list(desk, stream, file, name, rl.list_format(file))
    finally:
        store.close()


def registered(
    server: LiveServer, event_id: int
) -> list[tuple[str, int | None, str, str, str, str, str]]:
    store = server.open_store()
    try:
        t = ev.load(ev.Desk(store, ticking_clock()), event_id).tournament
        return [
            (p.name, p.rating, p.title, p.federation, p.fide_id, p.birth_date, p.sex)
            for p in t.players
        ]
    finally:
        store.close()


def test_typing_suggests_players_and_choosing_one_fills_the_form(
    page: Page, server: LiveServer, screenshots: Screenshots
) -> None:
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("arbiter", "a long and private passphrase")
    director.create_event("Autumn open", "dutch", rounds=5)
    import_list(server)
    page.goto(director.desk_url)
    box = page.locator("#rating-find")
    expect(page.locator("#rating-list")).to_have_value("FIDE 2026-11")  # the latest import
    box.press_sequentially("orsted")
    suggestions = page.locator("#rating-suggestions button")
    expect(suggestions).to_have_count(1)
    expect(suggestions.first).to_contain_text("Ørsted-Müller, José FM · DEN · 2301 · 2212345")
    screenshots.shoot(page, "rating-suggestions")
    suggestions.first.click()
    expect(page.locator("#rating-suggestions")).to_be_hidden()
    form = director.form("/players")
    expect(form.locator('[name="name"]')).to_have_value("Ørsted-Müller, José")
    expect(form.locator('[name="rating"]')).to_have_value("2301")
    expect(form.locator('[name="fide_id"]')).to_have_value("2212345")
    director.submit(form)
    expect(page.get_by_role("cell", name="Ørsted-Müller, José", exact=True)).to_have_count(1)

    # By FIDE ID, in the other list, chosen with the keyboard.
    page.locator("#rating-list").select_option("FIDE TXT")
    page.locator("#rating-find").press_sequentially("41000")
    expect(page.locator("#rating-suggestions button")).to_have_count(1)
    page.locator("#rating-find").press("ArrowDown")
    page.keyboard.press("Enter")
    expect(director.form("/players").locator('[name="name"]')).to_have_value("Smith, Anna")
    director.submit(director.form("/players"))
    expect(page.get_by_role("cell", name="Smith, Anna", exact=True)).to_have_count(1)
    assert registered(server, director.event_id) == [
        ("Ørsted-Müller, José", 2301, "FM", "DEN", "2212345", "", "m"),
        ("Smith, Anna", 1987, "WFM", "ENG", "4100018", "2001", "w"),
    ]


def test_without_javascript_the_plain_search_fills_the_form(
    browser: Browser, server: LiveServer, screenshots: Screenshots
) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        director = DirectorAtDesk(page, server, screenshots)
        director.sign_up("arbiter", "a long and private passphrase")
        director.create_event("Autumn open", "dutch", rounds=5)
        import_list(server)
        page.goto(director.desk_url)
        page.locator("#rating-find").fill("MAGNUS")
        page.get_by_role("button", name="Find").click()
        link = page.locator("#rating-suggestions a")
        expect(link).to_have_count(1)
        expect(link).to_contain_text("Carlsen, Magnus GM · NOR · 2823 · 1503014")
        link.click()
        form = director.form("/players")
        expect(form.locator('[name="name"]')).to_have_value("Carlsen, Magnus")
        expect(form.locator('[name="birth_date"]')).to_have_value("1990")
        director.submit(form)
        expect(page.get_by_role("cell", name="Carlsen, Magnus", exact=True)).to_have_count(1)
        assert registered(server, director.event_id) == [
            ("Carlsen, Magnus", 2823, "GM", "NOR", "1503014", "1990", "m")
        ]
    finally:
        context.close()
