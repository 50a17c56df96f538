"""Every CSV fairpair writes opens in a spreadsheet as text, never as a formula, and the
players CSV reads its own cells back unchanged."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

from fairpair.core import Player
from fairpair.formats.csv_cells import read_cell, written_cell
from fairpair.formats.players_csv import parse_players_csv, write_players_csv
from fairpair.formats.schedule import render_csv as schedule_csv
from fairpair.formats.standings_render import render_csv as standings_csv
from fairpair.pairing.round_robin import berger_schedule
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import open_store

RISKY = [
    '=HYPERLINK("http://evil.example","Anna")',
    "-Anna-",
    "+33 Club",
    "@SUM(A1:A9)",
    "-2+3",
    "'=already marked",
    "''+twice",
]
FORMULA_START = tuple("=+-@\t\r")


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_a_formula_cell_is_written_with_a_quote_mark_and_read_back_without() -> None:
    for text in RISKY:
        marked = written_cell(text)
        assert isinstance(marked, str) and marked.startswith("'"), text
        assert read_cell(marked) == text
    for text in ("Anna", "'t Hooft", "-1", "2.5", "", "O'Neill"):
        assert written_cell(text) == text and read_cell(text) == text
    assert written_cell(-5) == -5


def test_the_players_csv_neutralises_formulas_and_round_trips() -> None:
    players = tuple(
        Player(id=n, name=name, club=club, rating=rating)
        for n, (name, club, rating) in enumerate(
            [(RISKY[0], "=1+1", 2100), ("-Anna-", "@club", 0), ("'t Hooft", "-", None)]
            + [(name, "", 1500) for name in RISKY[2:]],
            start=1,
        )
    )
    text = write_players_csv(players)
    for row in cells(text)[1:]:
        assert not any(cell.startswith(FORMULA_START) for cell in row), row
    assert cells(text)[2][1:3] == ["'-Anna-", "0"]
    back = parse_players_csv(text)
    assert [(p.name, p.club, p.rating) for p in back] == [
        (p.name, p.club, p.rating) for p in players
    ]


def test_the_standings_and_schedule_csv_neutralise_formulas() -> None:
    desk = ev.Desk(open_store(":memory:"), lambda: datetime.now(UTC))
    event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=3))
    for name in ("=cmd|' /C calc'!A0", "+Boris", "Clara", "@Dan"):
        ev.register_player(desk, event.id, name)
    ev.pair_round(desk, event.id)
    event = ev.enter_results(desk, event.id, [(1, "1-0"), (2, "1/2")])
    rows = cells(standings_csv(ev.standings(event)))
    names = sorted(row[2] for row in rows[1:])
    assert names == ["'+Boris", "'=cmd|' /C calc'!A0", "'@Dan", "Clara"]
    assert not any(cell.startswith(FORMULA_START) for row in rows for cell in row)
    players = (Player(1, "=1+1"), Player(2, "-Anna-"), Player(3, "Clara"))
    rows = cells(schedule_csv(berger_schedule(3), players))
    assert not any(cell.startswith(FORMULA_START) for row in rows for cell in row)
    assert "'-Anna- (2)" in {cell for row in rows for cell in row}
