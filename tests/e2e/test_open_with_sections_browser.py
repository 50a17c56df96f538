"""The two-section open of test_open_with_sections_cli.py on the web desk, in a real browser,
on SQLite and on PostgreSQL (``FAIRPAIR_TEST_POSTGRES_URL``).

The organiser has loaded the FIDE list from the command line (the file is too large for a
form). On the desk the director creates section A, registers the norm hopeful by typing his
name into the list's search, adds section B, moves a player registered in A by mistake, sets
B's prize list, pairs and enters B's rounds, and reads A's norm report and rating report and
B's prizes; the public pages link the sections. Section A's nine rounds are played through
the service to keep the test short (the CLI test enters them command by command)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from fairpair.service import events as ev
from fairpair.service import rating_lists as rl
from fairpair.service import sections as sc
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk
from tests.e2e.test_open_with_sections_cli import A_IDS, B_IDS, FOX, LOSSES
from tests.integration.stores import ticking_clock

pytestmark = pytest.mark.browser

DATA = Path(__file__).parent.parent / "data" / "ratings"


def organiser(server: LiveServer) -> ev.Desk:
    return ev.Desk(server.open_store(), ticking_clock(), "organiser")


def add_from_list(director: DirectorAtDesk, ident: str, name: str) -> None:
    """Type the start of a FIDE ID into the list's search, choose the suggestion, register."""
    page = director.page
    page.locator("#rating-find").fill("")
    page.locator("#rating-find").press_sequentially(ident)
    suggestion = page.locator("#rating-suggestions button")
    expect(suggestion).to_have_count(1)
    expect(suggestion.first).to_contain_text(name)
    suggestion.first.click()
    form = director.form("/players")
    expect(form.locator('[name="name"]')).to_have_value(name)
    director.submit(form)
    expect(page.get_by_role("cell", name=name, exact=True)).to_have_count(1)


def play_section_a(server: LiveServer, event_id: int) -> None:
    """Nine rounds: the hopeful wins seven and loses two, every other game is drawn."""
    desk = organiser(server)
    try:
        for _ in range(9):
            event, _ = ev.pair_round(desk, event_id)
            t = event.tournament
            entries = []
            for board, game in enumerate(t.rounds[-1].games, start=1):
                names = {t.player(game.white).name, t.player(game.black).name}
                if "Rao, Hari" not in names:
                    entries.append((board, "1/2"))
                    continue
                rival = (names - {"Rao, Hari"}).pop()
                wins = rival not in LOSSES
                white = t.player(game.white).name == "Rao, Hari"
                entries.append((board, "1-0" if wins == white else "0-1"))
            ev.enter_results(desk, event_id, entries)
    finally:
        desk.store.close()


def test_a_two_section_open_on_the_desk(
    page: Page, server: LiveServer, screenshots: Screenshots
) -> None:
    desk = organiser(server)
    try:
        with (DATA / "spring_open_2026-11.txt").open("rb") as stream:
            rl.import_list(
                desk, stream, "spring_open_2026-11.txt", "FIDE 2026-11", rl.ListFormat.TXT
            )
    finally:
        desk.store.close()
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("arbiter", "a long and private passphrase")
    director.create_event("City open", "berger")
    a = director.event_id
    add_from_list(director, A_IDS[0], "Rao, Hari")
    add_from_list(director, FOX, "Fox, Mia")
    screenshots.shoot(page, "section-a-from-the-list")
    desk = organiser(server)
    try:  # the rest of A's field as an import would bring it
        for ident in A_IDS[1:]:
            listed = rl.from_list(desk, ident)
            ev.register_player(desk, a, listed.name, **rl.player_details(listed))
    finally:
        desk.store.close()

    # Section B from A's desk; the player registered by mistake moves there.
    page.goto(director.desk_url)
    sections = page.locator("#sections")
    sections.locator("summary").click()  # folded while the event has no sections
    sections.locator('[name="first"]').fill("A")
    sections.locator('[name="name"]').fill("B")
    sections.locator('[name="system"]').select_option("berger")
    sections.get_by_role("button", name="Add the section").click()
    expect(page.locator("#section-list")).to_contain_text("B")
    move = page.locator("#move-form")
    move.locator('[name="player"]').fill("Fox, Mia")
    move.get_by_role("button", name="Move the player").click()
    expect(page.get_by_role("cell", name="Fox, Mia", exact=True)).to_have_count(0)
    screenshots.shoot(page, "section-a-with-b")
    page.locator("#section-list").get_by_role("link", name="B").click()
    b = int(page.url.rstrip("/").rsplit("/", 1)[1])
    director.event_id = b
    expect(page.get_by_role("cell", name="Fox, Mia", exact=True)).to_have_count(1)
    for ident, name in zip(B_IDS, ("Berg, Ola", "Costa, Ana", "Diaz, Luis"), strict=True):
        add_from_list(director, ident, name)

    # B's prize list: places 1-3, players tied on points share equally.
    page.locator("#prizes-link").click()
    page.locator("#prize-name").fill("Overall")
    page.locator("#prize-amounts").fill("100, 60, 30")
    page.locator("#add-category").get_by_role("button").click()
    expect(page.locator("#categories")).to_contain_text("Overall")
    page.locator("#prize-sharing").select_option("equal")
    page.locator("#prize-currency").fill("EUR")
    page.locator("#prize-rules-form").get_by_role("button").click()
    expect(page.locator("#prize-rules")).to_contain_text("equal")

    # B's three rounds from the desk: Berg wins every game, the others are drawn.
    for number in (1, 2, 3):
        director.pair(number)
        d = organiser(server)
        try:
            t = ev.load(d, b).tournament
        finally:
            d.store.close()
        typed = []
        for game in t.rounds[-1].games:
            white, black = t.player(game.white).name, t.player(game.black).name
            typed.append("1-0" if white == "Berg, Ola" else "0-1" if black == "Berg, Ola" else "=")
        director.type_results(number, typed)
    page.goto(director.url(f"/desk/events/{b}/prizes"))
    awards = page.locator("#awards tbody tr")
    expect(awards).to_have_count(4)
    expect(awards.filter(has_text="Berg, Ola")).to_contain_text("100.00 EUR")
    for name in ("Costa, Ana", "Diaz, Luis", "Fox, Mia"):
        expect(awards.filter(has_text=name)).to_contain_text("30.00 EUR")
    screenshots.shoot(page, "section-b-prizes")

    # Section A's rounds, then its norm report and rating report on the desk.
    play_section_a(server, a)
    page.goto(director.url(f"/desk/events/{a}/print/norms"))
    rao = page.locator("tr").filter(has_text="Rao, Hari").filter(has_text="GM")
    expect(rao).to_contain_text("2389")
    expect(rao).to_contain_text("2609")
    expect(rao).to_contain_text("met")
    screenshots.shoot(page, "section-a-norms")
    page.goto(director.url(f"/desk/events/{a}/print/rating-report"))
    expect(page.locator("tr").filter(has_text="Rao, Hari").first).to_contain_text("+17.2")

    # The public pages: each section links the other, one register of both.
    page.goto(director.url(f"/events/{b}"))
    expect(page.locator("#sections")).to_contain_text("A")
    page.locator("#sections").get_by_role("link", name="all players").click()
    expect(page.locator("#register tbody tr")).to_have_count(14)
    expect(page.locator("#register tbody tr").filter(has_text="Fox, Mia")).to_contain_text("B")
    screenshots.shoot(page, "the-opens-register")
    d = organiser(server)
    try:
        assert [s.name for s in sc.sections(d, a)] == ["A", "B"]
    finally:
        d.store.close()
