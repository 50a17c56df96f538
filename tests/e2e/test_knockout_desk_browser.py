"""Knockouts run in the browser at the director's desk, on SQLite and PostgreSQL.

A 24-player casual Swiss of 5 rounds (its rounds paired and scored through the service, to
save time) is cut to the top 8 at the desk and played to a champion in best-of-three matches,
each game chosen on the bracket page and saved, the page coming back with the next game's
row; a second browser, phone-sized (360 px), follows the public bracket: the matches being
played highlighted, the page never wider than the screen, the champion at the end.

A 16-player chess knockout with tie-break games (classical:2,rapid:2,blitz:2,armageddon) is
created on the new-event form, started with the desk's button and played at the desk, one
match going all the way to an Armageddon (a draw there sends Black through); a form left
open in a second tab is refused once the match has changed, nothing saved.

Who meets whom and who goes through are worked out here from the seeds and the games chosen
(the standard bracket for eight: 1-8, 4-5, 2-7, 3-6, the winners meeting in that order; a
best-of-three won by the first to two wins, a drawn game played again), never read back from
fairpair's own bracket.
"""

from __future__ import annotations

import random
import re
import time
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Browser, Page, expect

from fairpair.core import Player, PlayerId
from fairpair.service import entry
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
EIGHT = ((1, 8), (4, 5), (2, 7), (3, 6))
"""Round 1 of an eight-player bracket by seed, in bracket order (the standard seeding)."""


def _desk(server: LiveServer, actor: str) -> tuple[ev.Desk, object]:
    store = server.open_store()
    return ev.Desk(store, lambda: datetime.now(UTC), actor), store


def swiss_through_the_service(server: LiveServer, owner: str) -> int:
    """A casual Swiss of 24 players and 5 rounds, every round paired and scored."""
    desk, store = _desk(server, owner)
    try:
        settings = entry.event_settings("Friday cut", "casual", "5", "", "")
        event_id = ev.create_event(desk, settings, owner=owner).id
        players = [Player(id=i, name=f"Card {i:02d}", rating=1900 - 7 * i) for i in range(1, 25)]
        ev.import_players(desk, event_id, players)
        rng = random.Random(24)
        for _ in range(5):
            event, _ = ev.pair_round(desk, event_id)
            rnd = event.tournament.rounds[-1]
            results = [rng.choice(("2-0", "2-1", "1-2", "0-2", "1-1")) for _ in rnd.games]
            ev.enter_results(desk, event_id, list(enumerate(results, start=1)))
        return event_id
    finally:
        store.close()  # type: ignore[attr-defined]


def stored(server: LiveServer, event_id: int) -> ev.Event:
    desk, store = _desk(server, "reader")
    try:
        return ev.load(desk, event_id)
    finally:
        store.close()  # type: ignore[attr-defined]


class BracketDesk:
    """The director's bracket page: a match's games chosen and saved one at a time."""

    def __init__(self, page: Page, base: str, event_id: int, shots: Screenshots) -> None:
        self.page = page
        self.url = f"{base}/desk/events/{event_id}/bracket"
        self.shots = shots

    def open(self) -> None:
        if self.page.url.split("#")[0] != self.url:
            self.page.goto(self.url)

    def players(self, number: int) -> list[str]:
        heading = self.page.locator(f"#match-{number}-h")
        return re.findall(r"(?:Card|GM) \d+", heading.inner_text())

    def white(self, number: int, game: int) -> str:
        chosen = self.page.locator(f"#m{number}w{game} option:checked")
        return chosen.inner_text().strip()

    def play(self, number: int, game: int, result: str) -> None:
        """Choose game ``game``'s result in match ``number``'s form and save it."""
        self.open()
        select = self.page.locator(f"#m{number}g{game}")
        expect(select).to_have_value("")  # the next game's row, empty
        select.select_option(result)
        self.page.locator(f"#save-match-{number}").click()
        saved = re.compile(rf"match {number} \(", re.IGNORECASE)
        expect(self.page.locator(".flash")).to_contain_text(saved)


def best_of_three(games: list[str]) -> int | None:
    """Who won a best-of-three by its games (top player first): 0 the top player, 1 the
    bottom one, None while neither has two wins (a drawn game does not count)."""
    wins = [games.count("1-0"), games.count("0-1")]
    for side in (0, 1):
        if wins[side] >= 2:
            return side
    return None


def phone_shows(phone: Page, url: str, current: set[int]) -> None:
    """The public bracket on a 360 px phone: the matches being played highlighted, the page
    no wider than the screen, the picture scrolling sideways in its own box."""
    phone.goto(url)
    highlighted = phone.locator("svg g.fpb-current")
    expect(highlighted).to_have_count(len(current))
    shown = {int(n) for n in (g.get_attribute("data-match") for g in highlighted.all()) if n}
    assert shown == current
    page_width = phone.evaluate("document.documentElement.scrollWidth")
    assert page_width <= PHONE["width"], page_width
    box = phone.locator("#bracket")
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")


def test_a_swiss_cut_to_a_top_eight_played_at_the_desk(
    page: Page, browser: Browser, server: LiveServer, screenshots: Screenshots
) -> None:
    started = time.monotonic()
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("arbiter", "a long and private passphrase")
    event_id = swiss_through_the_service(server, "arbiter")
    director.event_id = event_id
    order = [row.player_id for row in ev.standings(stored(server, event_id)).rows]
    names = {p.id: p.name for p in stored(server, event_id).tournament.players}

    # The cut, at the desk: the form opens by itself once every round is played.
    page.goto(director.desk_url)
    form = page.locator(f'form[action="/desk/events/{event_id}/cut"]')
    expect(form).to_be_visible()
    form.locator('[name="top"]').fill("8")
    form.locator('[name="bracket"]').select_option("single")
    form.locator('[name="match"]').fill("best-of-3")
    screenshots.shoot(page, "cut-form")
    form.locator("#cut-button").click()
    expect(page).to_have_url(re.compile(r"/bracket$"))
    expect(page.locator(".flash")).to_contain_text("Cut to the top 8")
    seeds = order[:8]
    assert list(stored(server, event_id).tournament.knockout.seeds) == seeds  # type: ignore[union-attr]

    phone = browser.new_context(viewport=PHONE).new_page()
    public = f"{server.url}/events/{event_id}/bracket"
    phone_shows(phone, public, {1, 2, 3, 4})
    screenshots.shoot(phone, "phone-quarter-finals")

    desk = BracketDesk(page, server.url, event_id, screenshots)
    rng = random.Random(8)
    # Matches 1-4 the quarter-finals, 5-6 the semi-finals, 7 the final; each match's two
    # players by the rules: the seeds of round 1, then the winners in bracket order.
    sides: dict[int, tuple[PlayerId, PlayerId]] = {
        n: (seeds[a - 1], seeds[b - 1]) for n, (a, b) in enumerate(EIGHT, start=1)
    }
    feeds = {5: (1, 2), 6: (3, 4), 7: (5, 6)}
    winners: dict[int, PlayerId] = {}
    for number in range(1, 8):
        if number in feeds:
            sides[number] = (winners[feeds[number][0]], winners[feeds[number][1]])
        desk.open()
        assert desk.players(number) == [names[p] for p in sides[number]]
        games: list[str] = []
        while best_of_three(games) is None:
            # One drawn game in the first match: it is played again.
            result = "=" if number == 1 and len(games) == 1 else rng.choice(("1-0", "0-1"))
            desk.play(number, len(games) + 1, result)
            games.append(result)
        won = best_of_three(games)
        assert won is not None
        winners[number] = sides[number][won]
        expect(page.locator(f"#match-{number}-details")).to_contain_text(f"Match {number}")
        if number == 4:
            screenshots.shoot(page, "desk-quarter-finals-played")
            phone_shows(phone, public, {5, 6})
            screenshots.shoot(phone, "phone-semi-finals")
    champion = names[winners[7]]
    expect(page.locator("#champion")).to_contain_text(champion)
    screenshots.shoot(page, "desk-champion")
    phone_shows(phone, public, set())
    expect(phone.locator("#champion")).to_contain_text(champion)
    screenshots.shoot(phone, "phone-champion")

    state = ko.bracket(stored(server, event_id))
    assert state.champion == winners[7]
    assert [state.match(n).winner for n in range(1, 8)] == [winners[n] for n in range(1, 8)]
    phone.goto(f"{server.url}/events/{event_id}/final-standings")
    first = phone.locator("#final-standings tbody tr").first
    expect(first).to_contain_text(champion)
    expect(phone.locator("#final-standings tbody tr")).to_have_count(24)
    phone.context.close()
    print(f"\ncut to a top 8 at the desk: {time.monotonic() - started:.1f}s")


def test_a_chess_knockout_with_tie_breaks_started_and_played_at_the_desk(
    page: Page, server: LiveServer, screenshots: Screenshots
) -> None:
    started = time.monotonic()
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("arbiter", "a long and private passphrase")
    page.goto(server.url + "/desk/events/new")
    page.locator('[name="name"]').fill("Cup")
    page.locator('[name="system"]').select_option("knockout")
    page.locator('[name="match"]').fill("classical:2,rapid:2,blitz:2,armageddon")
    screenshots.shoot(page, "new-knockout")
    page.get_by_role("button", name="Create the event").click()
    expect(page).to_have_url(re.compile(r"/desk/events/\d+$"))
    event_id = int(page.url.rsplit("/", 1)[1])
    director.event_id = event_id
    desk_service, store = _desk(server, "arbiter")
    try:
        players = [Player(id=i, name=f"GM {i}", rating=2790 - 9 * i) for i in range(1, 17)]
        ev.import_players(desk_service, event_id, players)
    finally:
        store.close()  # type: ignore[attr-defined]
    page.goto(director.desk_url)
    page.locator("#start-knockout").click()
    expect(page).to_have_url(re.compile(r"/bracket$"))
    expect(page.locator("svg g.fpb-current")).to_have_count(8)
    screenshots.shoot(page, "bracket-started")

    desk = BracketDesk(page, server.url, event_id, screenshots)
    # Match 1: 1 v 16, the higher seed White in game 1, the colours alternating; both
    # classical games drawn, both rapid, both blitz: the Armageddon decides.
    assert desk.players(1) == ["GM 1", "GM 16"]
    assert desk.white(1, 1) == "GM 1"
    desk.play(1, 1, "½-½")
    assert desk.white(1, 2) == "GM 16"
    for game in range(2, 7):
        desk.play(1, game, "½-½")
    expect(page.locator("#match-1 tr.next")).to_contain_text("armageddon")
    white = desk.white(1, 7)
    black = ({"GM 1", "GM 16"} - {white}).pop()
    screenshots.shoot(page, "armageddon-next")
    desk.play(1, 7, "½-½")  # a drawn Armageddon: Black goes through
    expect(page.locator("#match-1-winner")).to_contain_text(f"{black} goes through")

    # A form left open in another tab: refused once the match has changed there.
    other = page.context.new_page()
    other.goto(desk.url)
    desk.play(2, 1, "1-0")
    other.locator("#m2g1").select_option("0-1")
    other.locator("#save-match-2").click()
    expect(other.locator("#match-2-error")).to_contain_text("nothing was saved")
    screenshots.shoot(other, "stale-form-refused")
    other.close()
    games = stored(server, event_id).tournament.knockout.games(2)  # type: ignore[union-attr]
    assert len(games) == 1 and games[0].result is not None and games[0].result.value == "1-0"

    # The rest: the higher seed (White in game 1, by the rules) wins both classical games
    # (posted from the page's own session: the same form, fewer clicks). The players are
    # seeded by rating: the higher seed is the smaller start number.
    token = page.locator('input[name="csrf_token"]').first.get_attribute("value")
    assert token
    for number in range(2, 16):
        event = stored(server, event_id)
        ms = ko.bracket(event).match(number)
        assert ms.top is not None and ms.bottom is not None, number
        higher = min(ms.top, ms.bottom)
        fields = {"csrf_token": token, "version": str(event.version)}
        fields |= {f"m{number}g1": "1-0", f"m{number}g2": "0-1"}
        if number == 2:
            fields[f"m{number}g1"] = "1-0"  # as saved above: a second game carries it on
        answer = page.request.post(
            f"{server.url}/desk/events/{event_id}/bracket/matches/{number}",
            form=fields,
            max_redirects=0,
        )
        assert answer.status == 303, answer.text()
        assert ko.bracket(stored(server, event_id)).match(number).winner == higher
    page.goto(desk.url)
    final = ko.bracket(stored(server, event_id))
    assert final.finished
    champion = next(p.name for p in players if p.id == final.champion)
    expect(page.locator("#champion")).to_contain_text(champion)
    screenshots.shoot(page, "cup-champion")
    print(f"\nchess knockout at the desk: {time.monotonic() - started:.1f}s")
