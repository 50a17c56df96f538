"""The public pages: the boards, names, results and points players read, the name filter,
standings, crosstables and player pages, for a Dutch Swiss, a round robin and a card game."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.core import GameResult
from fairpair.service import events as ev
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig
from tests.golden_data import SPEC, require
from tests.web.public_events import (
    CARD_RESULTS,
    SCRIPT_NAME,
    board_result,
    card_event,
    chess_scores,
    demo_event,
    desk_of,
    dutch_event,
    game_points,
    player_ids,
    read_table,
    running_app,
    shown,
)

SHOWN = {"1-0": "1-0", "1/2": "½-½", "0-1": "0-1", "+-": "+--"}
"""How an entered result is printed on the pairings."""


@dataclass
class Events:
    app: FastAPI
    client: TestClient
    dutch: ev.Event
    demo: ev.Event
    cards: ev.Event


@pytest.fixture(scope="module")
def events() -> Iterator[Events]:
    with running_app() as (app, client):
        desk = desk_of(app)
        yield Events(app, client, dutch_event(desk), demo_event(desk), card_event(desk))


def get(events: Events, path: str) -> str:
    page = events.client.get(path)
    assert page.status_code == 200, (path, page.status_code)
    assert page.headers["content-type"].startswith("text/html")
    return page.text


def fold(text: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn"
    ).lower()


# --- the event list and overview ------------------------------------------------------------


def test_the_event_list_links_every_event(events: Events) -> None:
    page = get(events, "/")
    for event in (events.dutch, events.demo, events.cards):
        assert f'href="/events/{event.id}"' in page and event.info.name in page


def test_the_overview_puts_the_current_round_first_and_links_every_round(events: Events) -> None:
    page = get(events, f"/events/{events.dutch.id}")
    base = f"/events/{events.dutch.id}"
    current = page.index('class="current-round"')
    assert f'href="{base}/rounds/5">Round 5 pairings' in page[current:]
    assert page.index(f'<li class="current"><a href="{base}/rounds/5">') > current
    for number in range(1, 6):
        assert f'href="{base}/rounds/{number}"' in page
    players = read_table(page, "players")
    assert [int(r.cells[0]) for r in players.rows] == list(range(1, 25))
    assert [player_ids(r.links[1]) for r in players.rows] == [[n] for n in range(1, 25)]


# --- round pairings -------------------------------------------------------------------------


def test_a_round_shows_each_board_with_points_before_and_the_result(events: Events) -> None:
    t = events.dutch.tournament
    for number in (1, 3):
        rnd = t.rounds[number - 1]
        before = chess_scores(t, number - 1)
        table = read_table(get(events, f"/events/{events.dutch.id}/rounds/{number}"), "pairings")
        # The last column opens each board's reasons (its heading is for screen readers).
        assert table.header == ["Bd", "White", "Pts", "Result", "Pts", "Black", "Why these two"]
        boards = [r for r in table.rows if r.attrs.get("class") == "board"]
        assert len(boards) == len(rnd.games) == 12
        for index, (row, game) in enumerate(zip(boards, rnd.games, strict=True), start=1):
            white, black = t.player(game.white), t.player(game.black)
            assert row.cells[0] == str(index)
            assert row.cells[1] == f"{white.id} {white.name}"
            assert row.cells[5] == f"{black.id} {black.name}"
            assert player_ids(row.links[1] + row.links[5]) == [white.id, black.id]
            assert row.cells[2] == shown(before[white.id])
            assert row.cells[4] == shown(before[black.id])
            assert row.cells[6] == "Why?"
            assert row.cells[3] == SHOWN[board_result(number, index)]


def test_a_requested_bye_has_its_row(events: Events) -> None:
    t = events.dutch.tournament
    table = read_table(get(events, f"/events/{events.dutch.id}/rounds/2"), "pairings")
    byes = [r for r in table.rows if r.attrs.get("class") == "board bye"]
    assert len(byes) == 1 + (len(t.rounds[1].byes) - 1)  # the half-point bye, and a PAB if odd
    (half,) = [r for r in byes if "half-point bye" in r.cells[3]]
    assert player_ids(half.links[1]) == [5] and half.cells[3] == "half-point bye (0.5)"
    assert half.cells[2] == shown(chess_scores(t, 1)[5])


def test_the_current_round_shows_no_result_yet(events: Events) -> None:
    table = read_table(get(events, f"/events/{events.dutch.id}/rounds/5"), "pairings")
    assert [r.cells[3] for r in table.rows] == [""] * 12


def _boards_of(events: Events, number: int, query: str) -> list[list[int]]:
    page = get(events, f"/events/{events.dutch.id}/rounds/{number}?q={query}")
    return [player_ids(r.links[1] + r.links[5]) for r in read_table(page, "pairings").visible]


@pytest.mark.parametrize("query", ["chloe", "CHLOÉ", "Chloé", "  chLOE "])
def test_the_name_filter_narrows_to_the_boards_of_matching_players(
    events: Events, query: str
) -> None:
    t = events.dutch.tournament
    wanted = [
        [g.white, g.black]
        for g in t.rounds[4].games
        if any(fold(t.player(p).name).startswith("chloe") for p in (g.white, g.black))
    ]
    assert len(wanted) == 2  # Chloé Player001 and Chloé Player013
    assert _boards_of(events, 5, query) == wanted


def test_every_word_of_the_filter_must_match_one_player(events: Events) -> None:
    t = events.dutch.tournament
    (game,) = [g for g in t.rounds[4].games if 13 in (g.white, g.black)]
    assert _boards_of(events, 5, "player013 chloe") == [[game.white, game.black]]
    assert _boards_of(events, 5, "jiri") == [
        [g.white, g.black]
        for g in t.rounds[4].games
        if any(t.player(p).name.startswith("Jiří") for p in (g.white, g.black))
    ]


def test_the_filter_hides_rows_rather_than_dropping_them(events: Events) -> None:
    page = get(events, f"/events/{events.dutch.id}/rounds/5?q=chloe")
    table = read_table(page, "pairings")
    assert len(table.rows) == 12 and len(table.visible) == 2
    assert "2 of 12" in page
    assert 'id="name-filter" type="search" name="q" value="chloe"' in page
    assert all(r.attrs["data-names"] == fold(r.attrs["data-names"] or "") for r in table.rows)


def test_the_filter_follows_to_the_other_rounds_without_javascript(events: Events) -> None:
    page = get(events, f"/events/{events.dutch.id}/rounds/5?q=Chlo%C3%A9 013")
    base = f"/events/{events.dutch.id}/rounds"
    for number in range(1, 5):
        assert f'href="{base}/{number}?q=Chlo%C3%A9%20013" data-keep-q' in page
    assert f'href="{base}/4?q=Chlo%C3%A9%20013" data-keep-q>← Round 4' in page


def test_a_filter_matching_no_one_says_so(events: Events) -> None:
    page = get(events, f"/events/{events.dutch.id}/rounds/5?q=nobody")
    assert read_table(page, "pairings").visible == []
    assert '<p id="no-match">' in page
    unfiltered = get(events, f"/events/{events.dutch.id}/rounds/5")
    assert '<p id="no-match" hidden>' in unfiltered


def test_the_filter_script_is_served_small(events: Events) -> None:
    page = get(events, f"/events/{events.dutch.id}/rounds/5")
    assert '<script src="/static/filter.js" defer></script>' in page
    script = events.client.get("/static/filter.js")
    assert script.status_code == 200 and len(script.content) < 4000
    assert 'getElementById("name-filter")' in script.text


BERGER = require(SPEC / "data/berger.json")


def test_a_round_robin_shows_its_later_rounds_as_scheduled(events: Events) -> None:
    """Rounds 4 to 9 of the 10-player demo, read before they are paired, are FIDE's Berger
    table (C.05 Annex 1), and pairing them later gives the same boards."""
    table = json.loads(BERGER.read_text(encoding="utf-8"))["tables"]["10"]
    base = f"/events/{events.demo.id}"
    overview = get(events, base)
    for number in range(4, 10):
        assert f'href="{base}/rounds/{number}">Round {number}</a>' in overview
        page = get(events, f"{base}/rounds/{number}")
        assert "as scheduled" in page
        rows = read_table(page, "pairings").rows
        assert [player_ids(r.links[1] + r.links[5]) for r in rows] == table[number - 1]
        assert all(r.cells[2] == r.cells[3] == r.cells[4] == "" for r in rows)
    assert events.client.get(f"{base}/rounds/10").status_code == 404
    with running_app() as (app, client):
        desk = desk_of(app)
        demo = demo_event(desk)
        scheduled = read_table(client.get(f"/events/{demo.id}/rounds/4").text, "pairings")
        ev.enter_results(desk, demo.id, [(b, "1/2") for b in range(1, 6)])
        _, pairing = ev.pair_round(desk, demo.id)
        paired = read_table(client.get(f"/events/{demo.id}/rounds/4").text, "pairings")
        assert [g.white for g in pairing.boards] == [
            int(r.cells[1].split()[0]) for r in paired.rows
        ]
        assert [r.cells[1] + r.cells[5] for r in paired.rows] == [
            r.cells[1] + r.cells[5] for r in scheduled.rows
        ]


# --- standings, crosstable, player pages ----------------------------------------------------


def test_standings_follow_the_service_order_with_the_event_tiebreaks(events: Events) -> None:
    event = events.dutch
    expected = ev.standings(event)
    table = read_table(get(events, f"/events/{event.id}/standings"), "standings")
    assert table.header == ["Rk", "No", "Name", "Rtg", "Pts", "BH-C1", "BH", "DE", "WON"]
    assert [int(r.cells[1]) for r in table.rows] == [row.player_id for row in expected.rows]
    assert [int(r.cells[0]) for r in table.rows] == [row.rank for row in expected.rows]
    points = chess_scores(event.tournament, 4)  # round 5 has no result yet
    for row in table.rows:
        pid = int(row.cells[1])
        assert row.cells[4] == shown(points[pid])
        assert player_ids(row.links[2]) == [pid]
    ranked = [points[int(r.cells[1])] for r in table.rows]
    assert ranked == sorted(ranked, reverse=True)


def test_the_swiss_crosstable_gives_rank_colour_and_result_per_round(events: Events) -> None:
    event = events.dutch
    t = event.tournament
    table = read_table(get(events, f"/events/{event.id}/crosstable"), "crosstable")
    assert table.header == ["Rank", "No", "Name", "Rtg", "1", "2", "3", "4", "5", "Pts"]
    rank = {int(r.cells[1]): r.cells[0] for r in table.rows}
    symbol = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}
    for row in table.rows:
        pid = int(row.cells[1])
        for rnd in t.rounds:
            cell = row.cells[3 + rnd.number]
            (game,) = [g for g in rnd.games if g.involves(pid)] or [None]
            if game is None:
                assert cell in ("H", "bye")
                continue
            colour = "w" if game.white == pid else "b"
            if game.result is None:
                outcome = ""
            elif game.result is GameResult.WHITE_WINS_BY_FORFEIT:
                outcome = "+" if colour == "w" else "-"
            else:
                outcome = symbol[game_points(game.result, colour == "w")]
            assert cell == f"{rank[game.opponent_of(pid)]}{colour}{outcome}"


def test_the_round_robin_crosstable_is_the_classic_grid(events: Events) -> None:
    event = events.demo
    t = event.tournament
    table = read_table(get(events, f"/events/{event.id}/crosstable"), "crosstable")
    numbers = [str(n) for n in range(1, 11)]
    assert table.header[:13] == ["No", "Name", "Rtg", *numbers]
    assert table.header[13:] == ["Pts", "SB", "DE", "WON", "Rank"]
    scores = chess_scores(t.with_rounds(t.rounds[:2]), 2)
    for i, row in enumerate(table.rows, start=1):
        assert row.cells[0] == str(i) and player_ids(row.links[1]) == [i]
        grid = row.cells[3:13]
        assert grid[i - 1] == "×"
        assert row.cells[13] == shown(scores[i])
        for j in range(1, 11):
            games = [
                g for rnd in t.rounds[:2] for g in rnd.games if g.involves(i) and g.involves(j)
            ]
            if i == j or not games:
                continue
            (game,) = games
            assert game.result is not None
            expected = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}
            assert grid[j - 1] == expected[game_points(game.result, game.white == i)]


def test_a_player_page_lists_every_round_with_the_running_score(events: Events) -> None:
    event = events.dutch
    t = event.tournament
    page = get(events, f"/events/{event.id}/players/13")
    assert "<h1>Chloé Player013</h1>" in page
    table = read_table(page, "games")
    assert table.header == ["Rd", "Bd", "Opponent", "Colour", "Result", "Score"]
    running = Fraction(0)
    for row, rnd in zip(table.rows, t.rounds, strict=True):
        (board,) = [b for b, g in enumerate(rnd.games, start=1) if g.involves(13)]
        game = rnd.games[board - 1]
        assert row.cells[:2] == [str(rnd.number), str(board)]
        assert player_ids(row.links[2]) == [game.opponent_of(13)]
        assert row.cells[3] == ("white" if game.white == 13 else "black")
        if game.result is not None:
            running += game_points(game.result, game.white == 13)
        assert row.cells[5] == shown(running)
    line = next(r for r in ev.standings(event).rows if r.player_id == 13)
    assert f"Rank <strong>{line.rank}</strong>" in page
    for code in ("BH-C1", "BH", "DE", "WON"):
        assert f">{code}</abbr>" in page


def test_a_player_page_names_a_bye_in_words(events: Events) -> None:
    table = read_table(get(events, f"/events/{events.dutch.id}/players/5"), "games")
    second = table.rows[1]
    assert second.cells[1:5] == ["", "", "", "half-point bye"]
    points = chess_scores(events.dutch.tournament, 2)[5]
    assert second.cells[5] == shown(points)


def test_a_card_game_has_players_not_colours_and_match_scores(events: Events) -> None:
    event = events.cards
    t = event.tournament
    table = read_table(get(events, f"/events/{event.id}/rounds/1"), "pairings")
    assert table.header == ["Bd", "Player 1", "Pts", "Result", "Pts", "Player 2", "Why these two"]
    boards = [r for r in table.rows if r.attrs.get("class") == "board"]
    assert [r.cells[3] for r in boards] == list(CARD_RESULTS[: len(boards)])
    (bye,) = [r for r in table.rows if r.attrs.get("class") == "board bye"]
    assert bye.cells[3] == "bye (3)"
    second = t.rounds[0].games[0].black  # lost board 1 by 2-1
    page = get(events, f"/events/{event.id}/players/{second}")
    games = read_table(page, "games")
    assert "Colour" not in games.header and games.rows[0].cells[3] == "1-2"
    standings = read_table(get(events, f"/events/{event.id}/standings"), "standings")
    # Nobody has a rating: no empty rating column; the match points once.
    assert standings.header == ["Rk", "No", "Name", "Pts", "OMW", "GW", "OGW"]
    cross = read_table(get(events, f"/events/{event.id}/crosstable"), "crosstable")
    assert cross.header == ["Rank", "No", "Name", "1", "2", "Pts"]
    assert all(" " in cell for row in cross.rows for cell in row.cells[3:5] if cell != "bye")
    # The match score as entered, from each side, never a chess symbol.
    first = t.rounds[0].games[0]
    by_number = {row.cells[1]: row.cells[3] for row in cross.rows}
    assert by_number[str(first.white)].split()[1] == CARD_RESULTS[0]
    mine, theirs, *drawn = CARD_RESULTS[0].split("-")
    assert by_number[str(first.black)].split()[1] == "-".join([theirs, mine, *drawn])
    assert not any("½" in cell for row in cross.rows for cell in row.cells)


# --- errors, methods, escaping, caching, size -----------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/events/99",
        "/events/99/rounds/1",
        "/events/1/rounds/0",
        "/events/1/rounds/6",
        "/events/1/players/0",
        "/events/1/players/25",
        "/events/abc",
        "/events/1/rounds/one",
        "/events/99/standings",
        "/events/99/crosstable",
    ],
)
def test_unknown_events_rounds_and_players_give_the_404_page(events: Events, path: str) -> None:
    page = events.client.get(path)
    assert page.status_code == 404
    assert "<h1>404</h1>" in page.text and "Traceback" not in page.text


PUBLIC_PAGES = [
    "/",
    "/events/1",
    "/events/1/rounds/1",
    "/events/1/standings",
    "/events/1/crosstable",
    "/events/1/players/1",
]


@pytest.mark.parametrize("path", PUBLIC_PAGES)
@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_public_pages_refuse_every_write_method(events: Events, path: str, method: str) -> None:
    assert events.client.request(method, path).status_code == 405


def test_names_are_escaped_on_every_page(events: Events) -> None:
    event = events.dutch
    (game,) = [g for g in event.tournament.rounds[0].games if g.involves(7)]
    paths = [
        f"/events/{event.id}",
        f"/events/{event.id}/rounds/1",
        f"/events/{event.id}/standings",
        f"/events/{event.id}/crosstable",
        f"/events/{event.id}/players/7",
        f"/events/{event.id}/players/{game.opponent_of(7)}",
    ]
    for path in paths:
        page = get(events, path)
        assert SCRIPT_NAME not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path


def test_pages_are_revalidated_by_the_event_version() -> None:
    with running_app() as (app, client):
        desk = desk_of(app)
        event = dutch_event(desk, players=8, rounds_played=1)
        path = f"/events/{event.id}/rounds/2"
        first = client.get(path)
        assert first.headers["cache-control"] == "public, no-cache"
        tag = first.headers["etag"]
        again = client.get(path, headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.content == b""
        ev.enter_results(desk, event.id, [(1, "1-0")])
        changed = client.get(path, headers={"If-None-Match": tag})
        assert changed.status_code == 200 and changed.headers["etag"] != tag
        assert read_table(changed.text, "pairings").rows[0].cells[3] == "1-0"


def test_pages_of_a_24_player_event_stay_small(events: Events) -> None:
    event = events.dutch
    for path in [
        f"/events/{event.id}",
        f"/events/{event.id}/rounds/5",
        f"/events/{event.id}/standings",
        f"/events/{event.id}/crosstable",
        f"/events/{event.id}/players/13",
    ]:
        assert len(events.client.get(path).content) < 30_000, path


def test_a_200_player_event_keeps_standings_and_pairings_reasonable() -> None:
    with running_app() as (app, client):
        event = dutch_event(desk_of(app), players=200, rounds_played=3, name="Big open")
        sizes = {
            what: len(client.get(f"/events/{event.id}/{what}").content)
            for what in ("standings", "rounds/4", "crosstable")
        }
    assert sizes["standings"] < 150_000, sizes
    assert sizes["rounds/4"] < 150_000, sizes
    assert sizes["crosstable"] < 200_000, sizes


def test_public_reads_are_compressed_but_not_a_signed_in_request(events: Events) -> None:
    path = f"/events/{events.dutch.id}/standings"
    plain = events.client.get(path, headers={"Accept-Encoding": "gzip"})
    assert plain.headers["content-encoding"] == "gzip"
    assert int(plain.headers["content-length"]) < len(plain.content) / 3
    with_cookie = events.client.get(
        path, headers={"Accept-Encoding": "gzip", "Cookie": "session=abc"}
    )
    assert "content-encoding" not in with_cookie.headers
    assert with_cookie.content == plain.content
    # The same version again comes from the page kept compressed: the same bytes, and the
    # answer says it depends on Accept-Encoding, as the middleware's does.
    again = events.client.get(path, headers={"Accept-Encoding": "gzip"})
    assert again.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in again.headers["vary"].lower()
    assert again.headers["content-length"] == plain.headers["content-length"]
    assert again.content == plain.content
    identity = events.client.get(path, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in identity.headers
    assert identity.content == plain.content


def test_every_page_reads_the_sqlite_store(tmp_path: Path) -> None:
    """The default store: the demo event on SQLite, every public page and API read."""
    app = create_app(WebConfig(store=str(tmp_path / "events.sqlite3"), demo=True))
    with TestClient(app) as client:
        for path in [*PUBLIC_PAGES, "/events/1/rounds/3", "/events/1/rounds/9"]:
            for prefix in ("", "/api"):
                if prefix and path in ("/", "/events/1/crosstable"):
                    continue
                response = client.get(prefix + path)
                assert response.status_code == 200, prefix + path
        rows = read_table(client.get("/events/1/rounds/1?q=CHLOE").text, "pairings").visible
        assert len(rows) == 1 and "Chloé Marchand" in rows[0].cells[1] + rows[0].cells[5]
