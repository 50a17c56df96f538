"""A knockout stage on paper: the match slips list exactly the matches ready or under way,
with their players and seeds and a line for each game the match format may still need; the
bracket prints as a picture and a table of matches; both render as PDF.

What is expected comes from the rules: standard seeding pairs 1-16, 8-9, 4-13, 5-12, 2-15,
7-10, 3-14, 6-11 in the first round of sixteen (matches numbered down the bracket); a match
of 2 classical, 2 rapid and 2 blitz games and an Armageddon has at most 7 games; the higher
seed has White in game 1, the colours alternate within a phase and each later phase starts
after a drawing of lots; a best-of-3 needs two wins, a drawn game not counting.
"""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader

from fairpair.core import Player
from fairpair.core.knockout import KnockoutRules, MatchFormat
from fairpair.formats.pdf import html_to_pdf
from fairpair.formats.printouts import render_html, render_text
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.service import knockout_printouts as kp
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, KnockoutSettings, System
from fairpair.storage import MemoryStore

FIRST_ROUND_OF_16 = [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]
"""Standard seeding: 1 meets 16, the winner 8-9; the top half then 4-13, 5-12, the bottom
half 2-15, 7-10, 3-14, 6-11."""


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def knockout(match: str, players: int = 16) -> tuple[ev.Desk, ev.Event, dict[int, int]]:
    """A standalone knockout of players named by the seed their rating gives them, with
    start numbers in the reverse order; the desk, the event and seed -> start number."""
    d = desk()
    rules = KnockoutRules(match=MatchFormat.parse(match))
    settings = EventSettings("Cup", System.KNOCKOUT, knockout=KnockoutSettings(rules))
    event = ev.create_event(d, settings)
    seed = {k: players + 1 - k for k in range(1, players + 1)}
    people = [Player(seed[k], f"Knight {k:02d}", rating=2600 - 10 * k) for k in seed]
    ev.import_players(d, event.id, sorted(people, key=lambda p: p.id))
    event = ko.cut(d, event.id)
    return d, event, seed


def slips(event: ev.Event) -> dict[int, list[tuple[str, ...]]]:
    """The slip sheet's rows by match number."""
    sheet = kp.match_slips_sheet(event)
    found: dict[int, list[tuple[str, ...]]] = {}
    for row in sheet.rows:
        found.setdefault(int(row[0]), []).append(row)
    return found


CHESS = "classical:2,rapid:2,blitz:2,armageddon"


def test_the_slips_of_a_chess_knockout_are_the_matches_to_play_with_every_game_still_possible() -> (
    None
):
    d, event, s = knockout(CHESS)
    printed = slips(event)
    assert sorted(printed) == list(range(1, 9))
    for number, (a, b) in enumerate(FIRST_ROUND_OF_16, start=1):
        rows = printed[number]
        assert len(rows) == 7, number
        head = rows[0][:8]
        assert head[2:] == (
            str(a),
            str(s[a]),
            f"Knight {a:02d}",
            str(b),
            str(s[b]),
            f"Knight {b:02d}",
        )
        assert head[1] == "Round of 16"
        assert [r[8] for r in rows] == [str(g) for g in range(1, 8)]
        assert [r[9] for r in rows] == ["classical"] * 2 + ["rapid"] * 2 + ["blitz"] * 2 + [
            "armageddon"
        ]
        # The higher seed White in game 1, the lower in game 2; the later phases by lot.
        top, bottom = f"Knight {a:02d}", f"Knight {b:02d}"
        assert [(r[10], r[11]) for r in rows[:2]] == [(top, bottom), (bottom, top)]
        assert all(r[10] == r[11] == "" for r in rows[2:])
        assert all(r[12] == "" for r in rows)

    # Match 1 level after the classical games: its slip carries them, then the rapid game 3
    # with the White drawn for it, game 4 reversed, and the blitz and Armageddon by lot.
    event = ko.record_match(d, event.id, 1, [("=", None), ("=", None)])
    drawn = ko.bracket(event).match(1).next_game
    assert drawn is not None and drawn.white in (s[1], s[16])
    rows = slips(event)[1]
    assert [r[12] for r in rows] == ["½-½", "½-½", "", "", "", "", ""]
    white, other = ("Knight 01", "Knight 16") if drawn.white == s[1] else ("Knight 16", "Knight 01")
    assert [(r[10], r[11]) for r in rows[2:4]] == [(white, other), (other, white)]
    # Matches 2, 3 and 4 decided in the classical games: their slips go, and the
    # quarter-final between the winners of 3 and 4 is ready; the one waiting for match 1 is not.
    for number in (2, 3, 4):
        event = ko.record_match(d, event.id, number, [("1-0", None), ("0-1", None)])
    printed = slips(event)
    assert sorted(printed) == [1, 5, 6, 7, 8, 10]
    quarter = printed[10]
    # Match 3 (4 - 13) and match 4 (5 - 12) won by the higher seeds, White then Black.
    assert quarter[0][1:8] == (
        "Quarter-finals",
        "4",
        str(s[4]),
        "Knight 04",
        "5",
        str(s[5]),
        "Knight 05",
    )
    assert len(quarter) == 7

    text = render_text(kp.match_slips_sheet(event))
    assert text.count("Winner: ") == 6 and "Match 10    Quarter-finals" in text
    pdf = html_to_pdf(render_html(kp.match_slips_sheet(event)))
    assert pdf.data.startswith(b"%PDF")
    extracted = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
    assert len(re.findall(r"Match \d+ · ", extracted)) == 6
    assert "Knight 04" in extracted and "armageddon" in extracted


def test_the_slips_of_a_best_of_three_count_the_games_that_can_still_decide_it() -> None:
    d, event, _ = knockout("best-of-3", players=4)
    printed = slips(event)
    # Four players: match 1 is seed 1 - seed 4, match 2 seed 2 - seed 3; the final waits.
    assert sorted(printed) == [1, 2]
    assert [r[4] for r in printed[1]][:1] == ["Knight 01"] and printed[1][0][7] == "Knight 04"
    assert len(printed[1]) == 3
    # The higher seed chooses to play or draw first; later choices follow the results.
    assert [r[10] for r in printed[1]] == ["Knight 01", "", ""]
    # A drawn game does not count: three more games may still be needed.
    event = ko.record_match(d, event.id, 1, [("=", None)])
    assert [r[12] for r in slips(event)[1]] == ["drawn", "", "", ""]
    # One win each way: one game left.
    event = ko.record_match(d, event.id, 1, [("=", None), ("1-0", None), ("0-1", None)])
    rows = slips(event)[1]
    assert [r[12] for r in rows] == ["drawn", "1-0", "0-1", ""]
    sheet = kp.match_slips_sheet(event)
    assert sheet.header[10:12] == ("Chooses", "")
    assert "chooses to play or draw first" in render_text(sheet)
    assert "[ ] drawn" in render_text(sheet)


def test_no_slips_once_the_knockout_is_over_and_none_before_it_starts() -> None:
    d, event, _ = knockout("1", players=2)
    event = ko.record_match(d, event.id, 1, [("0-1", None)])
    with pytest.raises(CommandError, match="the knockout is over"):
        kp.match_slips_sheet(event)
    fresh = ev.create_event(
        d, EventSettings("Later", System.KNOCKOUT, knockout=KnockoutSettings(KnockoutRules()))
    )
    with pytest.raises(CommandError, match="has not started"):
        kp.knockout_sheet(fresh, "bracket")
    swiss = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    with pytest.raises(CommandError, match="has no knockout stage"):
        kp.knockout_sheet(swiss, "match-slips")
    # A Swiss event prints its own standings until the cut.
    assert kp.knockout_sheet(swiss, "standings") is None


def test_the_bracket_prints_as_a_picture_and_a_table_of_matches() -> None:
    d, event, s = knockout(CHESS, players=6)
    # Six players: seeds 1 and 2 have byes; match 1 is 4 - 5, match 2 is 3 - 6.
    # Seed 5 wins both games, with Black then with White.
    event = ko.record_match(d, event.id, 1, [("0-1", None), ("1-0", None)])
    sheet = kp.bracket_sheet(event)
    rows = {row[1]: row for row in sheet.rows}
    assert rows["1"] == (
        "Quarter-finals",
        "1",
        "4",
        f"{s[4]} Knight 04",
        "0-2",
        "5",
        f"{s[5]} Knight 05",
        f"{s[5]} Knight 05",
    )
    assert rows["2"][4:] == ("", "6", f"{s[6]} Knight 06", "to play")
    # Match 3: seed 1 meets the winner of match 1, now known; match 4 waits for match 2.
    assert rows["3"][1:4] == ("3", "1", f"{s[1]} Knight 01") and rows["3"][5:] == (
        "5",
        f"{s[5]} Knight 05",
        "to play",
    )
    assert rows["4"][5:] == ("", "winner of match 2", "waiting")
    assert "Byes in the first round: seed 1 Knight 01, seed 2 Knight 02." in sheet.notes
    page = render_html(sheet)
    assert page.count("<svg") == 1 and "<table>" in page
    assert "<svg" not in render_text(sheet) and f"{s[4]} Knight 04" in render_text(sheet)
    pdf = html_to_pdf(page)
    assert pdf.data.startswith(b"%PDF") and pdf.pages == 1
    extracted = PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert "Knight 06" in extracted and "knockout bracket" in extracted
