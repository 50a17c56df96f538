"""Time a round of match cards to PDF: an olympiad-size team event, one A4 page a match.

    .venv/bin/python benchmarks/bench_team_match_cards.py [TEAMS] [--boards B]
    (default: 400 teams, 4 boards: a round of 200 matches)

The event is made through the service on the in-memory store (teams of B + 1 rated players,
round 1 paired by the team Swiss), then timed: the sheet (service.team_printouts), its HTML
(formats.printouts) and the PDF (WeasyPrint). Printed: matches, pages, seconds of each step,
the PDF's size.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime

from fairpair.core import Player
from fairpair.formats.pdf import html_to_pdf
from fairpair.formats.printouts import render_html
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service import team_printouts
from fairpair.service.settings import EventSettings, System, TeamSettings
from fairpair.storage import MemoryStore


def paired_event(teams: int, boards: int) -> te.TeamEvent:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "bench")
    settings = EventSettings(
        "Olympiad", System.TEAM_SWISS, rounds=11, team=TeamSettings(boards=boards)
    )
    event = te.create_team_event(desk, settings)
    te.import_teams(
        desk,
        event.id,
        [
            te.NewTeam(
                f"Team {t:03d}",
                tuple(
                    Player(1, f"Player {t:03d}-{b}", rating=2700 - 3 * t - 10 * b)
                    for b in range(1, boards + 2)
                ),
                captain=f"Captain {t:03d}",
            )
            for t in range(1, teams + 1)
        ],
    )
    event, _ = te.pair_team_round(desk, event.id)
    return event


def main(argv: list[str]) -> None:
    boards = 4
    if "--boards" in argv:
        at = argv.index("--boards")
        boards = int(argv[at + 1])
        del argv[at : at + 2]
    teams = int(argv[0]) if argv else 400
    event = paired_event(teams, boards)
    matches = len(event.tournament.rounds[0].matches)

    start = time.perf_counter()
    sheet = team_printouts.match_cards_sheet(event)
    made = time.perf_counter()
    page = render_html(sheet, "a4")
    laid = time.perf_counter()
    pdf = html_to_pdf(page)
    printed = time.perf_counter()

    print(f"{teams} teams, {boards} boards: {matches} matches, {pdf.pages} pages")
    print(f"  sheet {made - start:7.3f} s")
    print(f"  html  {laid - made:7.3f} s ({len(page) // 1024} KiB)")
    print(f"  pdf   {printed - laid:7.3f} s ({len(pdf.data) // 1024} KiB)")
    print(f"  total {printed - start:7.3f} s, {(printed - start) / matches * 1000:.0f} ms a card")


if __name__ == "__main__":
    main(sys.argv[1:])
