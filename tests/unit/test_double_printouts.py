"""A Double-Swiss event's printouts: pairings with both games of each board, pairings by name,
match slips, standings and the crosstable, read back as text, HTML and PDF.

What each sheet must say is worked out here from the rules (spec double-swiss.md §1-2, §7.4)
and from the games typed, not read from the code under test: the first-named player of a board
has White in game 1 and Black in game 2; each game's result is printed as typed (White first);
the match result is the first-named player's game points first.
"""

from __future__ import annotations

import html
import io
import re
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader

from fairpair.core import Colour
from fairpair.formats.pdf import html_to_pdf
from fairpair.formats.printouts import render_csv, render_html, render_text
from fairpair.service import double_events as de
from fairpair.service import double_printouts as dp
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import DoubleSwissSettings, EventSettings, System
from fairpair.storage import MemoryStore
from tests.web.double_event import (
    NAMES,
    Built,
    double_event,
    expected_match_points,
    expected_scores,
    halves_text,
    match_points_of,
)
from tests.web.public_events import shown


@pytest.fixture(scope="module")
def built() -> tuple[ev.Desk, Built]:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "arbiter")
    return desk, double_event(desk)


def event_of(built: tuple[ev.Desk, Built]) -> de.DoubleEvent:
    desk, b = built
    return de.load_double(desk, b.event_id)


def test_the_pairings_give_each_board_both_games_and_the_match(
    built: tuple[ev.Desk, Built],
) -> None:
    event = event_of(built)
    t = event.tournament
    names = {p.id: p.name for p in t.players}
    sheet = dp.double_sheet(event, "pairings", 1)
    assert sheet.header[2] == "White in game 1" and sheet.header[9] == "Black in game 1"
    assert sheet.header[5:8] == ("Game 1", "Game 2", "Match")
    boards = [r for r in sheet.rows if r[0]]
    assert len(boards) == 3
    for index, (row, match) in enumerate(zip(boards, t.rounds[0].matches, strict=True)):
        g1, g2 = built[1].typed[1][index]
        mine, theirs = match_points_of(g1, g2)
        assert row[1:3] == (str(match.white), names[match.white])
        assert (row[9], row[11]) == (names[match.black], str(match.black))
        assert row[5:8] == (g1, g2, f"{halves_text(mine)}-{halves_text(theirs)}")
    (bye,) = [r for r in sheet.rows if not r[0]]
    assert bye[7] == "pairing-allocated bye (1.5)"
    text = render_text(sheet)
    assert "White in game 1" in text and "White's score first" in text


def test_boards_still_to_play_print_a_box_for_each_game(built: tuple[ev.Desk, Built]) -> None:
    sheet = dp.double_sheet(event_of(built), "pairings", 3)
    page = render_html(sheet)
    boards = [r for r in sheet.rows if r[0]]
    open_boards = sum(1 for r in boards if not r[5])
    assert open_boards == 2  # board 1 has its result, boards 2 and 3 are on
    # Two boxes for each board still on (game 1 and game 2), none for the byes.
    assert page.count('<span class="box">') == 2 * open_boards
    text = render_text(sheet)
    assert text.count("[ ]") == 2 * open_boards


def test_the_pairings_by_name_say_who_has_white_in_game_1(built: tuple[ev.Desk, Built]) -> None:
    event = event_of(built)
    t = event.tournament
    sheet = dp.double_sheet(event, "alphabetical", 2)
    by_name = {r[0]: r for r in sheet.rows}
    assert set(by_name) == set(NAMES)
    for board, match in enumerate(t.rounds[1].matches, start=1):
        white, black = t.players[match.white - 1].name, t.players[match.black - 1].name
        assert by_name[white][2:] == (str(board), "white", black)
        assert by_name[black][2:] == (str(board), "black", white)
    assert by_name[NAMES[2]][2:] == ("", "", "half-point bye")
    # Alphabetical as people read it: Émile among the E's, Łucja among the L's.
    assert [r[0] for r in sheet.rows].index("Émile Dvořák") < [r[0] for r in sheet.rows].index(
        "Łucja Øster"
    )


def test_match_slips_name_each_games_white_and_black(built: tuple[ev.Desk, Built]) -> None:
    event = event_of(built)
    t = event.tournament
    names = {p.id: p.name for p in t.players}
    sheet = dp.double_sheet(event, "slips", 3)
    assert len(sheet.rows) == len(t.rounds[2].matches) == 3
    text = render_text(sheet)
    slips = text.split("8<")
    assert len(slips) == 3
    for slip, match in zip(slips, t.rounds[2].matches, strict=True):
        first, second = names[match.white], names[match.black]
        game1 = re.search(r"Game 1\s+White\s+\d+\s+(.*?)\s+\(\d+\)\s+Black\s+\d+\s+(.*?) \(", slip)
        game2 = re.search(r"Game 2\s+White\s+\d+\s+(.*?)\s+\(\d+\)\s+Black\s+\d+\s+(.*?) \(", slip)
        assert game1 is not None and game2 is not None, slip
        assert game1.groups() == (first, second)
        assert game2.groups() == (second, first)
        assert "Signatures" in slip
    # Board 1's result is in: printed instead of the boxes; the other boards have boxes.
    assert "Result (White first): 1-0" in slips[0]
    assert slips[1].count("[ ] ½-½") == 2
    # And so is its match: game 1 1-0 (the first-named player White), game 2 1-0 (the
    # second-named White): a game each. The boards still on have lines to write it on.
    first, second = (names[p] for p in t.rounds[2].matches[0].players)
    assert f"Match (game points): {first} 1 - 1 {second}" in slips[0]
    assert "Match (game points): " in slips[1] and "____ - ____" in slips[1]
    page = render_html(sheet)
    assert page.count('class="slip match-slip"') == 3
    assert f"{html.escape(first)} 1 &ndash; 1 {html.escape(second)}</p>" in page
    assert page.count('<span class="line" style="width:14mm"></span>') == 4
    assert html.escape(names[t.rounds[2].matches[0].white]) in page
    with pytest.raises(CommandError, match="round 9 is not paired"):
        dp.double_sheet(event, "slips", 9)


def test_match_slips_of_a_finished_round_carry_each_match_result(
    built: tuple[ev.Desk, Built],
) -> None:
    event = event_of(built)
    t = event.tournament
    names = {p.id: p.name for p in t.players}
    slips = render_text(dp.double_sheet(event, "slips", 1)).split("8<")
    # Round 1 as typed (tests/web/double_event.py), each game White first; game 2 has the
    # second-named player as White: 1-0 ½-½ is 1½-½; -+ +- is 0-2 (both games forfeited by
    # the first-named player); ½-0 +- is ½-1 (½ and 0 in game 1, the second-named player,
    # White in game 2, wins it by forfeit).
    for slip, match, (mine, theirs) in zip(
        slips, t.rounds[0].matches, (("1½", "½"), ("0", "2"), ("½", "1")), strict=True
    ):
        first, second = names[match.white], names[match.black]
        assert f"Match (game points): {first} {mine} - {theirs} {second}" in slip, slip
        assert "[ ] " not in slip and "____ - ____" not in slip


def test_the_standings_give_game_points_match_points_and_the_rules_in_words(
    built: tuple[ev.Desk, Built],
) -> None:
    event = event_of(built)
    t = event.tournament
    gp = expected_scores(t, built[1], 2)
    mp = expected_match_points(t, built[1], 2)
    sheet = dp.double_sheet(event, "standings")
    assert sheet.header[:6] == ("Rank", "No", "Name", "Rtg", "GP", "MP")
    got = {int(r[1]): (r[4], r[5]) for r in sheet.rows}
    assert got == {pid: (shown(gp[pid]), shown(mp[pid])) for pid in gp}
    ranked = [gp[int(r[1])] for r in sheet.rows]
    assert ranked == sorted(ranked, reverse=True)
    assert any("game points" in n and "match points" in n for n in sheet.notes)
    assert "standings after round 2" in sheet.title
    assert render_csv(sheet).splitlines()[0].startswith("Rank,No,Name,Rtg,GP,MP")


def test_the_crosstable_gives_the_opponent_colour_and_match(
    built: tuple[ev.Desk, Built],
) -> None:
    event = event_of(built)
    t = event.tournament
    sheet = dp.double_sheet(event, "crosstable")
    assert sheet.header[3:] == ("1", "2", "3", "GP", "MP")
    rank = {int(r[1]): int(r[0]) for r in sheet.rows}
    row = {int(r[1]): r for r in sheet.rows}
    forfeit = t.rounds[0].matches[1]  # the first-named player forfeited both games
    assert row[forfeit.white][3] == f"{rank[forfeit.black]} 0-2 ff"
    assert row[forfeit.black][3] == f"{rank[forfeit.white]} 2-0 ff"
    played = t.rounds[0].matches[2]  # ½-0, then a game lost by forfeit: a played match
    assert row[played.white][3] == f"{rank[played.black]}w ½-1"
    assert row[played.black][3] == f"{rank[played.white]}b 1-½"
    assert row[3][4] == "H"
    assert row[t.rounds[0].byes[0].player][3] == "bye"
    gp = expected_scores(t, built[1], 2)
    assert {pid: r[6] for pid, r in row.items()} == {pid: shown(v) for pid, v in gp.items()}


def test_every_sheet_prints_as_a_pdf_that_reads_back(built: tuple[ev.Desk, Built]) -> None:
    event = event_of(built)
    for name in dp.DOUBLE_SHEETS:
        pdf = html_to_pdf(render_html(dp.double_sheet(event, name)))
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
        assert "Double open" in text, name
    pdf = html_to_pdf(render_html(dp.double_sheet(event, "slips")))
    text = PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert "Game 1" in text and "Game 2" in text and "White first" in text


def test_a_sheet_the_event_has_not_is_refused_by_name(built: tuple[ev.Desk, Built]) -> None:
    with pytest.raises(CommandError, match="no 'match-cards' sheet: choose pairings"):
        dp.double_sheet(event_of(built), "match-cards")


def test_before_any_round_the_round_sheets_say_so_and_the_standings_print() -> None:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "arbiter")
    settings = EventSettings(
        name="Empty",
        system=System.DOUBLE_SWISS,
        rounds=3,
        initial_colour=Colour.BLACK,
        double_swiss=DoubleSwissSettings(),
    )
    event = de.create_double_event(desk, settings)
    for name in ("pairings", "alphabetical", "slips"):
        with pytest.raises(CommandError, match="no round is paired yet"):
            dp.double_sheet(event, name)
    assert dp.double_sheet(event, "standings").rows == ()
