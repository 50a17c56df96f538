"""Whole events run through the web pages in Chromium, as a director and the players would.

Everything is done on the pages (sign-up, event creation, players by hand and from a file,
pairing, results typed with the keyboard alone, a correction, an undo); the checks compare
the pages and the server's store with the service run alone on the same changes
(:meth:`tests.e2e.desk.Script.replay`) and, for the Dutch event, with the Dutch engine itself.
Each test runs on SQLite and on PostgreSQL (``FAIRPAIR_TEST_POSTGRES_URL``).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from fairpair.core import Player, Tournament
from fairpair.formats.trf import write_trf
from fairpair.pairing.dutch import pair_dutch
from fairpair.service import events as ev
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk, check_standings_page

pytestmark = pytest.mark.browser

# Invented names; none is part of another, so a name found in a row is that player.
ROUND_ROBIN_FIELD = (
    ("Adaeze Nwosu", 2250),
    ("Bjorn Halvorsen", 2190),
    ("Catalina Reyes", 2105),
    ("Dawit Bekele", 2080),
    ("Emeline Fournier", 2040),
    ("Florin Popescu", 1985),
    ("Gwen Morgan", 1930),
    ("Henrik Aasen", 1890),
    ("Ilaria Greco", 1845),
    ("Joaquim Tavares", 1790),
)
SWISS_NAMES = (
    "Aino Aalto",
    "Bram Brandt",
    "Cyrus Cortez",
    "Delia Dunne",
    "Enzo Esposito",
    "Freya Falk",
    "Gaspard Garnier",
    "Hedda Holm",
    "Ivo Ivanov",
    "Juno Jaeger",
    "Kian Kovac",
    "Lotte Lund",
    "Milos Mertens",
    "Nadia Novak",
    "Otto Ostrowski",
    "Paloma Pires",
    "Quentin Quint",
    "Rosa Rinaldi",
    "Stellan Sundberg",
    "Tamsin Thorne",
    "Umberto Urban",
    "Vesna Varga",
    "Wendel Weiss",
    "Ximena Zamora",
)
SWISS_FIELD = tuple((name, 2400 - 23 * i) for i, name in enumerate(SWISS_NAMES))
# Results as a director types them, in every notation the form takes; forfeits now and then.
NOTATIONS = ("1", "0", "=", "5", "1-0", "0-1", "1/2", "1", "0", "1-0", "0-1", "+", "-+", "--")


def random_results(rng: random.Random, boards: int) -> list[str]:
    return [rng.choice(NOTATIONS) for _ in range(boards)]


def another_result(text: str) -> str:
    """A result that changes the board's outcome."""
    return "0-1" if text in ("1", "1-0", "=", "5", "1/2", "+", "+-") else "1-0"


def stored_tournament(server: LiveServer, event_id: int) -> Tournament:
    store = server.open_store()
    try:
        return store.load(event_id).tournament
    finally:
        store.close()


def check_round_page(page: Page, server: LiveServer, event_id: int, t: Tournament) -> None:
    """The public page of the last round of ``t`` lists its boards in order, White first."""
    played = t.rounds[-1]
    page.goto(f"{server.url}/events/{event_id}/rounds/{played.number}")
    rows = page.locator("#pairings tr.board:not(.bye)")
    expect(rows).to_have_count(len(played.games))
    for text, game in zip(rows.all_inner_texts(), played.games, strict=True):
        white, black = t.player(game.white).name, t.player(game.black).name
        assert white in text and black in text, (text, white, black)
        assert text.index(white) < text.index(black), f"{white} has White: {text}"


def check_final_pages(
    director: DirectorAtDesk, server: LiveServer, screenshots: Screenshots, expected: ev.Event
) -> None:
    """The event in the store and its public standings are what the service alone made."""
    page, event_id = director.page, director.event_id
    stored = stored_tournament(server, event_id)
    assert stored.players == expected.tournament.players
    assert len(stored.rounds) == len(expected.tournament.rounds)
    for made, replayed in zip(stored.rounds, expected.tournament.rounds, strict=True):
        assert made.games == replayed.games, f"round {made.number} differs"
        assert made.byes == replayed.byes, f"round {made.number} differs"
    assert stored == expected.tournament
    director.check_audit_log()
    page.goto(f"{server.url}/events/{event_id}/standings")
    check_standings_page(page, ev.standings(expected))
    screenshots.shoot(page, "standings")
    page.goto(f"{server.url}/events/{event_id}/crosstable")
    expect(page.locator("#crosstable tbody tr")).to_have_count(len(expected.tournament.players))
    screenshots.shoot(page, "crosstable")
    winner = ev.standings(expected).rows[0]
    page.get_by_role("link", name=winner.name).first.click()
    expect(page).to_have_url(f"{server.url}/events/{event_id}/players/{winner.player_id}")
    screenshots.shoot(page, "winners-games")


def test_a_ten_player_round_robin_from_creation_to_final_standings(
    page: Page, server: LiveServer, screenshots: Screenshots, tmp_path: Path
) -> None:
    rng = random.Random(10)
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("arbiter", "a long and private passphrase")
    director.create_event("Club championship", "berger")
    by_hand, from_file = ROUND_ROBIN_FIELD[:3], ROUND_ROBIN_FIELD[3:]
    for name, rating in by_hand:
        director.add_player(name, rating)
    players_csv = tmp_path / "players.csv"
    players_csv.write_text("name,rating\n" + "".join(f"{n},{r}\n" for n, r in from_file))
    imported = [Player(id=i + 1, name=n, rating=r) for i, (n, r) in enumerate(from_file)]
    director.import_players(players_csv, imported)
    screenshots.shoot(page, "desk-players")

    typed: dict[int, list[str]] = {}
    for number in range(1, 10):
        director.pair(number)
        if number == 7:  # the director paired too early: take it back and pair again
            director.undo(7)
            director.pair(7)
        t = stored_tournament(server, director.event_id)
        check_round_page(page, server, director.event_id, t)
        screenshots.shoot(page, f"public-round-{number}")
        typed[number] = random_results(rng, 5)
        director.type_results(number, typed[number])
        if number == 5:  # a wrong result of round 2 comes to light
            director.correct(2, 3, another_result(typed[2][2]))
    page.goto(director.desk_url)
    expect(page.get_by_role("button", name="Pair round 10", exact=True)).to_have_count(0)
    screenshots.shoot(page, "desk-finished")

    expected = director.script.replay(director.settings())
    assert len(expected.tournament.rounds) == 9
    check_final_pages(director, server, screenshots, expected)


def test_a_24_player_dutch_swiss_from_creation_to_final_standings(
    page: Page, server: LiveServer, screenshots: Screenshots, tmp_path: Path
) -> None:
    rng = random.Random(24)
    rounds = 5
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("swiss-arbiter", "another long private passphrase")
    director.create_event("Spring open", "dutch", rounds=rounds)
    by_hand, from_file = SWISS_FIELD[:2], SWISS_FIELD[2:]
    for name, rating in by_hand:
        director.add_player(name, rating)
    imported = [Player(id=i + 1, name=n, rating=r) for i, (n, r) in enumerate(from_file)]
    players_trf = tmp_path / "players.trf"
    players_trf.write_text(write_trf(Tournament(players=tuple(imported), name="Spring open")))
    director.import_players(players_trf, imported)
    screenshots.shoot(page, "desk-players")

    typed: dict[int, list[str]] = {}
    for number in range(1, rounds + 1):
        director.pair(number)
        if number == 4:
            director.undo(4)
            director.pair(4)
        t = stored_tournament(server, director.event_id)
        before = dataclasses.replace(t, rounds=t.rounds[:-1])
        engine = pair_dutch(before)
        played = t.rounds[-1]
        assert [(g.white, g.black) for g in played.games] == [
            (g.white, g.black) for g in engine.boards
        ], f"round {number} is not the Dutch engine's pairing"
        assert [b.player for b in played.byes] == ([] if engine.bye is None else [engine.bye])
        check_round_page(page, server, director.event_id, t)
        screenshots.shoot(page, f"public-round-{number}")
        typed[number] = random_results(rng, len(played.games))
        director.type_results(number, typed[number])
        if number == 3:  # corrected before round 4 is paired: round 4 must follow it
            director.correct(2, 1, another_result(typed[2][0]))

    expected = director.script.replay(director.settings())
    assert len(expected.tournament.rounds) == rounds
    check_final_pages(director, server, screenshots, expected)
