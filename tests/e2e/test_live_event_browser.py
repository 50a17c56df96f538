"""A card-game Swiss of 16 run the way a store runs it, with the players on their phones.

The director (a desktop browser) gives codes, opens check-in and self-reporting; two players
check in from their phones, the others are tapped in at the desk, the one who never came is
made absent. Round 1 is paired: each phone shows its board without a reload. Two opponents
report different results from their own phones: the desk flags the board and the director's
entry settles it; two other opponents agree, and their result is entered as reported by both.
One player drops from his phone, the desk sees it, and round 2 is paired without him. All
the while a spectator's phone (a third kind of browser context) follows the public pages
without reloading. On SQLite and on PostgreSQL (``FAIRPAIR_TEST_POSTGRES_URL``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from fairpair.core import Game, Player
from fairpair.service import events as ev
from fairpair.service import players as pl
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk
from tests.e2e.test_player_door_browser import PHONE, fits_the_phone
from tests.integration.stores import ticking_clock

pytestmark = pytest.mark.browser

FIELD = (
    ("Aino Aalto", 1990),
    ("Bram Brandt", 1980),
    ("Cyrus Cortez", 1970),
    ("Delia Dunne", 1960),
    ("Emil Eklund", 1950),
    ("Fatma Fidan", 1940),
    ("Gus Grant", 1930),
    ("Hana Horak", 1920),
    ("Ivo Ilic", 1910),
    ("Jana Jurić", 1900),
    ("Kofi Kwame", 1890),
    ("Lena Lind", 1880),
    ("Milo Marsh", 1870),
    ("Nora Nagy", 1860),
    ("Olek Orlov", 1850),
    ("Pia Pohl", 1840),
)
AINO, BRAM, PIA = "Aino Aalto", "Bram Brandt", "Pia Pohl"
LIVE = 2_000
"""Live pages show a change within 2 s (the watcher reads every half second)."""


class Stored:
    """The server's store as the test reads it back (codes, boards, the log)."""

    def __init__(self, server: LiveServer, event_id: int) -> None:
        self.server = server
        self.event_id = event_id

    def event(self) -> tuple[ev.Event, pl.Door]:
        store = self.server.open_store()
        try:
            desk = ev.Desk(store, ticking_clock())
            event = ev.load(desk, self.event_id)
            return event, pl.door(desk, event)
        finally:
            store.close()

    def codes(self) -> dict[str, str]:
        event, door = self.event()
        return {event.tournament.player(pid).name: code for pid, code in door.codes.items()}

    def board_of(self, name: str) -> tuple[int, Game, str, str]:
        """``name``'s board in the round being played, its game, and the names listed
        first and second on it."""
        event, _ = self.event()
        t = event.tournament
        for number, game in enumerate(t.rounds[-1].games, start=1):
            if game.black is None:
                continue
            first, second = t.player(game.white).name, t.player(game.black).name
            if name in (first, second):
                return number, game, first, second
        raise AssertionError(f"{name} has no board")

    def log(self) -> list[tuple[str, str]]:
        store = self.server.open_store()
        try:
            return [(r.action, r.actor) for r in store.log(self.event_id)]
        finally:
            store.close()


def phone(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)


def open_with_code(context: BrowserContext, me: str, code: str, typed: bool) -> Page:
    """A player's page on their phone: by the QR slip's link, or typing the code."""
    page = context.new_page()
    if typed:
        page.goto(me)
        page.locator("#code").fill(code)
        page.locator("#code").press("Enter")
    else:
        page.goto(f"{me}?code={code}")
    expect(page).to_have_url(me)
    return page


def report(page: Page, result: str) -> None:
    page.locator("#report #result").fill(result)
    page.get_by_role("button", name="Report", exact=True).click()


def not_reloaded(page: Page) -> None:
    assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"


def test_a_card_swiss_of_sixteen_run_with_the_players_on_their_phones(
    page: Page, browser: Browser, server: LiveServer, screenshots: Screenshots, tmp_path: Path
) -> None:
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("store", "a long and private passphrase")
    director.create_event("Friday night", "casual", rounds=3)
    roster = tmp_path / "players.csv"
    roster.write_text("name,rating\n" + "".join(f"{n},{r}\n" for n, r in FIELD))
    director.import_players(
        roster, [Player(id=i, name=n, rating=r) for i, (n, r) in enumerate(FIELD, start=1)]
    )
    event_id = director.event_id
    stored = Stored(server, event_id)
    me = director.url(f"/events/{event_id}/me")

    # The director: codes for everyone, check-in open, players may report their results.
    page.locator("#checkin-link").click()
    page.get_by_role("button", name="Give a code to every player without one").click()
    page.get_by_role("button", name="Open check-in for round 1").click()
    page.locator("#switch-reporting").click()
    expect(page.locator("#reporting")).to_contain_text("Players report their own results")
    codes = stored.codes()
    assert len(codes) == len(FIELD)

    contexts: list[BrowserContext] = []
    try:
        # A spectator's phone on the public page of the event, never reloaded by hand.
        contexts.append(spectator_phone := phone(browser))
        spectator = spectator_phone.new_page()
        spectator.goto(director.url(f"/events/{event_id}"))
        expect(spectator.get_by_text("No round is paired yet.")).to_be_visible()
        spectator.evaluate("window.stillTheSamePage = true")

        # Two players check in on their phones: one by the QR link, one typing the code.
        contexts.append(aino_phone := phone(browser))
        contexts.append(bram_phone := phone(browser))
        aino = open_with_code(aino_phone, me, codes[AINO], typed=False)
        bram = open_with_code(bram_phone, me, codes[BRAM].lower(), typed=True)
        for player, name in ((aino, AINO), (bram, BRAM)):
            expect(player.locator("#me-name")).to_have_text(name)
            player.get_by_role("button", name="I am here: check in").click()
            expect(player.locator("#checked-in")).to_contain_text("checked in for round 1")
            fits_the_phone(player)
        screenshots.shoot(aino, "aino-checked-in")

        # The others at the desk's tablet, one tap each; Pia never comes.
        page.reload()
        for name, _ in FIELD:
            if name not in (AINO, BRAM, PIA):
                page.get_by_role("button", name=f"Check in {name}").click()
                expect(page.locator("#checkin tbody tr").filter(has_text=name)).to_contain_text(
                    "checked in"
                )
        expect(page.locator("#missing")).to_have_text(f"16 {PIA}")
        screenshots.shoot(page, "desk-one-missing")
        page.locator("#missing-absent").click()
        expect(page.locator("#missing")).to_have_count(0)

        # Round 1 is paired: the phones show their boards, the spectator the round.
        aino.evaluate("window.stillTheSamePage = true")
        expect(aino.locator("#board-now")).to_contain_text("not paired yet")
        director.pair(1)
        expect(spectator.locator("#rounds")).to_contain_text("Round 1", timeout=LIVE)
        not_reloaded(spectator)
        aino_board, _, first, second = stored.board_of(AINO)
        aino_opponent = second if first == AINO else first
        expect(aino.locator("#board-now")).to_contain_text(
            f"board {aino_board} against {aino_opponent}", timeout=LIVE
        )
        not_reloaded(aino)
        screenshots.shoot(aino, "aino-sees-her-board")
        expect(aino.get_by_text("your games won first")).to_be_visible()
        bram_board, _, bram_first, bram_second = stored.board_of(BRAM)
        assert bram_board != aino_board, "the story needs Aino and Bram on different boards"
        bram_opponent = bram_second if bram_first == BRAM else bram_first

        spectator.get_by_role("link", name="Round 1 pairings").click()
        spectator.evaluate("window.stillTheSamePage = true")
        rows = spectator.locator("#pairings tr.board")
        expect(rows.filter(has_text=AINO)).to_contain_text(aino_opponent)

        # Aino and her opponent disagree: each says they won.
        contexts.append(rival_phone := phone(browser))
        rival = open_with_code(rival_phone, me, codes[aino_opponent], typed=True)
        shown = rival.locator("body").get_attribute("data-version")
        assert shown
        rival.locator("#report #result").fill("2-0")  # he types while Aino reports
        report(aino, "2-1")
        expect(aino.locator("#reported")).to_have_text("2-1")
        aino.evaluate("window.stillTheSamePage = true")  # her report was a page of its own
        # His page follows the event without losing what he typed.
        expect(rival.locator("body")).not_to_have_attribute("data-version", shown, timeout=LIVE)
        expect(rival.locator("#report #result")).to_have_value("2-0")
        rival.get_by_role("button", name="Report", exact=True).click()
        expect(rival.locator("#reported")).to_have_text("2-0")
        screenshots.shoot(rival, "rival-reported")

        # Bram and his opponent agree (each from their own side): the result is in.
        contexts.append(bram_rival_phone := phone(browser))
        bram_rival = open_with_code(bram_rival_phone, me, codes[bram_opponent], typed=False)
        report(bram, "0-2")
        report(bram_rival, "2-0")
        expect(bram_rival.locator("#board-now")).to_contain_text("Result: 2-0")
        expect(bram.locator("#board-now")).to_contain_text("Result: 0-2", timeout=LIVE)
        bram_row = rows.filter(has_text=BRAM)
        expected = "0-2" if bram_first == BRAM else "2-0"
        expect(bram_row.locator("td.res")).to_have_text(expected, timeout=LIVE)
        not_reloaded(spectator)
        screenshots.shoot(spectator, "spectator-sees-the-agreed-result")

        # The desk flags the disagreement; the director settles it (the rival won 2-1)
        # and enters the other boards.
        page.goto(director.desk_url)
        flagged = page.locator("#reported-boards")
        expect(flagged).to_contain_text(f"board {aino_board}, {first} – {second}: they disagree")
        # Each report as the result form takes it: the rival's "2-0" is his win.
        rival_says = "0-2" if first == AINO else "2-0"
        expect(flagged).to_contain_text(f"{aino_opponent} reports {rival_says}")
        expect(flagged).not_to_contain_text(f"board {bram_board},")
        screenshots.shoot(page, "desk-flags-a-disagreement")
        director.results_form(1)
        event, _ = stored.event()
        for number, game in enumerate(event.tournament.rounds[0].games, start=1):
            if game.black is None or game.result is not None:
                continue
            settled = "1-2" if number == aino_board and first == AINO else "2-1"
            page.locator(f"#r{number}").fill(settled if number == aino_board else "2-0")
        page.locator("#save-results").click()
        expect(page.locator("#reported-boards")).to_have_count(0)
        expect(aino.locator("#board-now")).to_contain_text("Result: 1-2", timeout=LIVE)
        expect(rival.locator("#board-now")).to_contain_text("Result: 2-1", timeout=LIVE)
        expect(rows.filter(has_text=AINO).locator("td.res")).not_to_have_text("")
        expect(spectator.locator("#pairings td.res:text-is('')")).to_have_count(0)
        not_reloaded(aino)
        not_reloaded(spectator)
        screenshots.shoot(aino, "aino-sees-the-directors-ruling")

        # Bram drops out from his phone; the desk shows it was him.
        bram.get_by_text("Drop out of the event").click()
        bram.get_by_role("button", name="Drop from round 2 on").click()
        expect(bram.locator("#dropped")).to_contain_text("withdrawn from round 2 on")
        fits_the_phone(bram)
        page.goto(director.url(f"/desk/events/{event_id}/checkin"))
        expect(page.locator("#checkin tbody tr").filter(has_text=BRAM)).to_contain_text(
            "withdrawn from round 2 (by the player)"
        )

        # Round 2 without Bram, Pia back; the spectator's page moves on by itself.
        director.pair(2)
        spectator.goto(director.url(f"/events/{event_id}/rounds/2"))
        boards = spectator.locator("#pairings tr.board:not(.bye)")
        expect(boards.filter(has_text=PIA)).to_have_count(1)
        expect(boards.filter(has_text=BRAM)).to_have_count(0)  # not paired: listed as absent
        expect(spectator.locator("#pairings tr.bye").filter(has_text=BRAM)).to_contain_text(
            "absent"
        )
        fits_the_phone(spectator)
        screenshots.shoot(spectator, "spectator-round-2")
        expect(aino.locator("#board-now")).to_contain_text("Round 2: board", timeout=LIVE)
        not_reloaded(aino)
    finally:
        for context in contexts:
            context.close()

    log = stored.log()
    mine = [(action, actor) for action, actor in log if actor.endswith("(self)")]
    checked_in = [actor for action, actor in mine if action == "player.checked.in"]
    assert len(checked_in) == 2 and AINO in checked_in[0] and BRAM in checked_in[1]
    assert [a for a, actor in mine if BRAM in actor and a == "player.withdrawn"] != []
    reports = [actor for action, actor in log if action == "result.reported"]
    assert len(reports) == 3  # Aino, her rival, and the first of Bram's board
    both = [actor for action, actor in log if actor.endswith("reported by both")]
    assert len(both) == 1 and BRAM in both[0] and bram_opponent in both[0]
    by_the_desk = [
        action for action, actor in log if actor == "store" and action.startswith("results")
    ]
    assert by_the_desk, "the director's entry of round 1"
    assert ("checkin.missing", "store") in log
    assert sum(action == "player.checked.in" and actor == "store" for action, actor in log) == 13
