"""Printouts: pairings by board and by name, standings, crosstable; text, HTML and PDF."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest

from fairpair.formats.pdf import html_to_pdf
from fairpair.formats.printouts import Sheet, render_html, render_text
from fairpair.service import events as ev
from fairpair.service import printouts
from fairpair.service.settings import EventSettings, Game, System, parse_points
from fairpair.storage import MemoryStore


def played_round_robin(players: int, rounds: int) -> ev.Event:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    event = ev.create_event(
        desk, EventSettings("Club", System.BERGER, start_date="2026-05-01", end_date="2026-05-03")
    )
    for i in range(1, players + 1):
        ev.register_player(desk, event.id, f"Player {i:02d}", rating=2400 - 10 * i)
    rng = random.Random(players)
    for _ in range(rounds):
        event, pairing = ev.pair_round(desk, event.id)
        entries = [(b, rng.choice(["1-0", "0-1", "="])) for b in range(1, len(pairing.boards) + 1)]
        event = ev.enter_results(desk, event.id, entries)
    return event


@pytest.fixture(scope="module")
def small() -> ev.Event:
    return played_round_robin(7, 3)


def test_pairings_list_every_board_and_the_bye(small: ev.Event) -> None:
    sheet = printouts.pairings_sheet(small, 2)
    assert sheet.title == "Club: round 2 pairings"
    assert sheet.subtitle == "2026-05-01 to 2026-05-03"
    assert [row[0] for row in sheet.rows] == ["1", "2", "3", ""]
    assert sheet.rows[-1][5] == "bye"


def test_the_alphabetical_list_has_everyone_once_in_name_order(small: ev.Event) -> None:
    sheet = printouts.alphabetical_sheet(small)
    names = [row[0] for row in sheet.rows]
    assert names == sorted(names) and len(names) == 7


def test_the_crosstable_shows_rank_colour_and_result(small: ev.Event) -> None:
    sheet = printouts.crosstable_sheet(small)
    assert sheet.header[4:] == ("1", "2", "3", "Pts")
    for row in sheet.rows:
        for cell in row[4:7]:
            assert re.fullmatch(r"\d+[wb][10½]|bye", cell), cell


def test_the_round_robin_grid_is_symmetric_and_adds_up(small: ev.Event) -> None:
    sheet = printouts.crosstable_grid_sheet(small)
    assert sheet.header[:3] == ("No", "Name", "Rtg")
    assert sheet.header[3:10] == tuple(str(n) for n in range(1, 8))
    assert sheet.header[10:] == ("Pts", "SB", "DE", "WON", "Rank")
    grid = [row[3:10] for row in sheet.rows]
    opposite = {"1": "0", "0": "1", "½": "½", "": ""}
    value = {"1": 1.0, "½": 0.5, "0": 0.0, "": 0.0}
    for i, row in enumerate(grid):
        assert row[i] == "×"
        for j, cell in enumerate(row):
            if i != j:
                assert grid[j][i] == opposite[cell]
        # 7 players: the bye scores nothing in a round robin, so the cells give the points.
        assert float(sheet.rows[i][10]) == sum(value[c] for j, c in enumerate(row) if j != i)
    assert sum(1 for row in grid for c in row if c not in ("", "×")) == 2 * 3 * 3


def card_event(results: list[tuple[int, str]]) -> ev.Event:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    settings = EventSettings("Cards", System.CASUAL, rounds=2, points=parse_points("3,1,0"))
    event = ev.create_event(desk, settings)
    for name in ("A", "B", "C", "D"):
        ev.register_player(desk, event.id, name)
    event, _ = ev.pair_round(desk, event.id)
    return ev.enter_results(desk, event.id, results)


def test_a_card_games_crosstable_shows_the_match_scores_as_entered() -> None:
    event = card_event([(1, "2-1"), (2, "1-1-1")])
    sheet = printouts.crosstable(event)
    assert "Rtg" not in sheet.header  # nobody has a rating
    rank = {row[1]: row[0] for row in sheet.rows}
    cells = {row[1]: row[sheet.header.index("1")] for row in sheet.rows}
    first, second = event.tournament.rounds[0].games
    # Without colours a space keeps rank and result apart; the score is the player's side.
    assert cells[str(first.white)] == f"{rank[str(first.black)]} 2-1"
    assert cells[str(first.black)] == f"{rank[str(first.white)]} 1-2"
    assert cells[str(second.white)] == f"{rank[str(second.black)]} 1-1-1"
    assert cells[str(second.black)] == f"{rank[str(second.white)]} 1-1-1"
    assert "½" not in render_text(sheet)
    assert sheet.notes[0].endswith("(games won-lost-drawn in a match).")
    assert "½" not in render_text(printouts.standings_sheet(event))


def test_standings_without_ratings_have_no_rating_column_nor_the_points_twice() -> None:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    settings = EventSettings("Cards", System.CASUAL, rounds=2, points=parse_points("3,1,0"))
    event = ev.create_event(desk, settings)
    ev.edit_event(desk, event.id, {"tiebreaks": "MP,OMW,GW"})  # MP: the points again
    for name in ("A", "B", "C", "D"):
        ev.register_player(desk, event.id, name)
    ev.pair_round(desk, event.id)
    event = ev.enter_results(desk, event.id, [(1, "2-1"), (2, "0-2")])
    sheet = printouts.standings_sheet(event)
    assert sheet.header == ("Rank", "No", "Name", "Pts", "OMW", "GW")
    crosstable = printouts.crosstable(event)
    assert "Rtg" not in crosstable.header and crosstable.header.count("Pts") == 1
    text = render_text(printouts.standings_sheet(event)) + render_text(crosstable)
    assert "½" not in text and "2-1" in text and "1-2" in text and "0-2" in text
    rated = ev.edit_player(desk, event.id, "A", {"rating": 1800})
    assert printouts.standings_sheet(rated).header[3] == "Rtg"
    assert printouts.crosstable(rated).header[3] == "Rtg"


def test_the_check_in_list_of_an_event_without_ratings_has_no_rating_column() -> None:
    sheet = printouts.check_in_sheet(card_event([(1, "2-1"), (2, "0-2")]))
    assert sheet.header == ("Here", "Name", "No", "Title", "Fed", "Club")
    assert [row[1] for row in sheet.rows] == ["A", "B", "C", "D"]


def test_a_go_events_points_are_headed_by_the_mcmahon_score() -> None:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    event = ev.create_event(desk, EventSettings("Go", System.CASUAL, rounds=2, game=Game.GO))
    for name in ("A", "B", "C", "D"):
        ev.register_player(desk, event.id, name)
    ev.pair_round(desk, event.id)
    event = ev.enter_results(desk, event.id, [(1, "1-0"), (2, "0-1")])
    for sheet in (printouts.standings_sheet(event), printouts.crosstable(event)):
        assert "MMS" in sheet.header and "Pts" not in sheet.header, sheet.header
    assert printouts.standings_sheet(event).header[3:] == ("MMS", "SOS", "SOSOS")
    chess = card_event([(1, "2-1"), (2, "0-2")])
    assert "Pts" in printouts.standings_sheet(chess).header


def test_text_and_html_layout() -> None:
    sheet = Sheet("T <&>", "", ("A", "N"), (("x", "1"), ("yy", "22")), numeric=frozenset({1}))
    assert render_text(sheet).splitlines()[2:] == ["A    N", "--  --", "x    1", "yy  22"]
    page = render_html(sheet, "letter")
    assert "T &lt;&amp;&gt;" in page and "size: letter" in page
    with pytest.raises(ValueError, match="unknown paper"):
        render_html(sheet, "a5")


def test_every_printout_renders_to_pdf(small: ev.Event) -> None:
    for sheet in (
        printouts.pairings_sheet(small),
        printouts.alphabetical_sheet(small),
        printouts.standings_sheet(small),
        printouts.crosstable_sheet(small),
    ):
        pdf = html_to_pdf(render_html(sheet, "a4"))
        assert pdf.data.startswith(b"%PDF-")
        assert pdf.pages == 1


def test_a_long_list_runs_over_pages_and_letter_is_letter() -> None:
    rows = tuple((str(i), f"Player {i}") for i in range(1, 151))
    sheet = Sheet("Standings", "", ("Rank", "Name"), rows)
    a4 = html_to_pdf(render_html(sheet, "a4"))
    letter = html_to_pdf(render_html(sheet, "letter"))
    assert a4.pages >= 3 and letter.pages >= 3
    assert a4.page_size_mm == (210.0, 297.0)
    assert letter.page_size_mm == (215.9, 279.4)


def double_round_robin() -> ev.Event:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    event = ev.create_event(desk, EventSettings("Double", System.BERGER, double=True))
    for i in range(1, 5):
        ev.register_player(desk, event.id, f"Player {i}", rating=2000 + i)
    # Round by round, board by board: 1-0, 0-1, =, +- in turn.
    results = iter(["1-0", "0-1", "=", "+-"] * 3)
    for _ in range(6):
        event, pairing = ev.pair_round(desk, event.id)
        boards = range(1, len(pairing.boards) + 1)
        event = ev.enter_results(desk, event.id, [(b, next(results)) for b in boards])
    return event


def test_a_round_robins_crosstable_is_the_grid_with_two_results_a_cell_when_double() -> None:
    event = double_round_robin()
    sheet = printouts.crosstable(event)
    assert sheet.header[:7] == ("No", "Name", "Rtg", "1", "2", "3", "4")
    t = event.tournament
    expected: dict[tuple[int, int], list[str]] = {}
    symbol = {"1": "1", "0": "0", "½": "½"}
    for rnd in t.rounds:
        for game in rnd.games:
            for pid in (game.white, game.black):
                mine = printouts.RESULT_SYMBOLS[game.outcome_for(pid)]
                expected.setdefault((pid, game.opponent_of(pid)), []).append(symbol.get(mine, mine))
    for row in sheet.rows:
        me = int(row[0])
        for other in range(1, 5):
            cell = row[2 + other]
            if other == me:
                assert cell == "×"
            else:
                assert cell == " ".join(expected[(me, other)])
                assert len(cell.split()) == 2  # both cycles
    assert any("+" in c for row in sheet.rows for c in row[3:7])
    assert any("-" in c.split() for row in sheet.rows for c in row[3:7])
    assert sheet.notes[0].endswith("round by round (both cycles).")
    # The diagonal prints as a blocked cell.
    page = render_html(sheet)
    assert page.count('<td class="x"></td>') == 4
    assert page.count('<td class="c">') == 4 * 3  # the results, centred


def test_the_swiss_crosstable_stays_a_list_of_rounds() -> None:
    event = card_event([(1, "2-0"), (2, "0-2")])
    assert printouts.crosstable(event).header[3:] == ("1", "Pts")


def test_result_slips_have_one_slip_a_board_with_both_players_and_result_boxes(
    small: ev.Event,
) -> None:
    sheet = printouts.result_slips_sheet(small, 2)
    rnd = small.tournament.rounds[1]
    assert len(sheet.rows) == len(rnd.games) == 3
    game = rnd.games[0]
    white, black = small.tournament.player(game.white), small.tournament.player(game.black)
    assert sheet.rows[0] == (
        "2",
        "1",
        str(white.id),
        white.name,
        str(white.rating),
        str(black.id),
        black.name,
        str(black.rating),
        "1-0|½-½|0-1",
    )
    text = render_text(sheet)
    assert text.count("8<") == 2  # cut lines between three slips
    assert "Result: [ ] 1-0   [ ] ½-½   [ ] 0-1" in text
    assert "White's signature: ______________   Black's signature: ______________" in text
    page = render_html(sheet, "a4")
    assert page.count('<div class="slip">') == 3
    assert page.count('<span class="box"></span>') == 9
    assert "Club &middot; Round 2 &middot; Board 1" in page


def test_a_card_games_slips_ask_for_the_score_and_name_no_colours() -> None:
    sheet = printouts.result_slips_sheet(card_event([(1, "2-0"), (2, "0-2")]))
    assert (sheet.header[3], sheet.header[6]) == ("First", "Second")
    assert all(row[8] == "" for row in sheet.rows)
    assert "Result: ____ - ____" in render_text(sheet)


def test_the_check_in_list_is_alphabetical_with_a_box_each() -> None:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=5))
    ev.register_player(desk, event.id, "Zed, Anna", rating=1900, federation="NOR", club="Oslo")
    ev.register_player(desk, event.id, "ávila, Bo")
    ev.register_player(desk, event.id, "Berg, Carl", rating=2100, title="FM", federation="SWE")
    event = ev.load(desk, event.id)
    sheet = printouts.check_in_sheet(event)
    assert sheet.header == ("Here", "Name", "No", "Rtg", "Title", "Fed", "Club")
    # Accents and case do not move a name out of its letter.
    assert [row[1:] for row in sheet.rows] == [
        ("ávila, Bo", "2", "", "", "", ""),
        ("Berg, Carl", "3", "2100", "FM", "SWE", ""),
        ("Zed, Anna", "1", "1900", "", "NOR", "Oslo"),
    ]
    assert render_text(sheet).splitlines()[4].startswith("[ ]")
    assert render_html(sheet).count('<td><span class="box"></span></td>') == 3


def test_the_wall_chart_is_pairings_by_name_in_large_type(small: ev.Event) -> None:
    sheet = printouts.wall_chart_sheet(small, 3)
    by_name = printouts.alphabetical_sheet(small, 3)
    assert sheet.header == ("Name", "Board", "Colour", "Opponent")
    assert sheet.rows == tuple((r[0], r[2], r[3], r[4]) for r in by_name.rows)
    assert '<table class="large">' in render_html(sheet)


def test_printout_footers_name_settings_in_words() -> None:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=3))
    for i in range(1, 5):
        ev.register_player(desk, event.id, f"P{i}")
    event, _ = ev.pair_round(desk, event.id)
    event = ev.enter_results(desk, event.id, [(1, "1-0"), (2, "=")])
    notes = " ".join(printouts.standings_sheet(event).notes)
    assert "BH-C1: Buchholz Cut-1" in notes
    assert "unplayed rounds: FIDE 2023 rule" in notes
    for raw in ("fide2023", "legacy2009", "dutch", "keep_played_forfeit_rest"):
        assert raw not in notes


def test_four_slips_go_on_a_letter_page() -> None:
    from fairpair.formats.printouts import SLIP_HEADER, Layout

    rows = tuple(
        ("1", str(b), str(b), f"Player {b}", "2000", str(b + 8), f"Player {b + 8}", "", "1-0|0-1")
        for b in range(1, 9)
    )
    sheet = Sheet("Open", "round 1 result slips", SLIP_HEADER, rows, layout=Layout.SLIPS)
    assert html_to_pdf(render_html(sheet, "letter")).pages == 2
