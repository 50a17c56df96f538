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
from fairpair.service.settings import EventSettings, System, parse_points
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


def test_a_crosstable_without_colours_keeps_rank_and_result_apart() -> None:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC))
    settings = EventSettings("Cards", System.CASUAL, rounds=2, points=parse_points("3,1,0"))
    event = ev.create_event(desk, settings)
    for name in ("A", "B", "C", "D"):
        ev.register_player(desk, event.id, name)
    event, _ = ev.pair_round(desk, event.id)
    event = ev.enter_results(desk, event.id, [(1, "2-1"), (2, "0-2")])
    sheet = printouts.crosstable_sheet(event)
    rank = {row[1]: row[0] for row in sheet.rows}
    cells = {row[1]: row[4] for row in sheet.rows}
    first, second = event.tournament.rounds[0].games
    assert cells[str(first.white)] == f"{rank[str(first.black)]} 1"  # won 2-1
    assert cells[str(first.black)] == f"{rank[str(first.white)]} 0"
    assert cells[str(second.white)] == f"{rank[str(second.black)]} 0"  # lost 0-2
    assert cells[str(second.black)] == f"{rank[str(second.white)]} 1"


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
