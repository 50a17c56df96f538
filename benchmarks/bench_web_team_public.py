"""Size and CPU time of a team event's public pages and read API, 16 to 400 teams of 4 boards.

    .venv/bin/python benchmarks/bench_web_team_public.py [REPEATS] [TEAMS...]

Builds team Swiss events through the service on the in-memory store (16, 100 and 400 teams of
five players, 4 boards; 4 rounds of fixed board results, the fifth round paired), then
requests each page in-process and prints its size, its gzip size, the CPU time
(``time.process_time``) of the first request after the event changed ("first": the team and
board standings are computed and the page rendered) and the mean of REPEATS more requests
(default 20) of the same version ("again": the page kept for this version), and the CPU time
of a revalidation that answers 304.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime

from bench_web_public import measure
from fastapi.testclient import TestClient

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.settings import EventSettings, System, TeamSettings
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig

RESULTS = ("1-0", "1/2", "0-1", "1-0", "0-1", "1/2", "1-0")
SIZES = (16, 100, 400)
BOARDS = 4
PLAYED = 4


def build(desk: ev.Desk, teams: int) -> te.TeamEvent:
    settings = EventSettings(
        name=f"League of {teams}",
        system=System.TEAM_SWISS,
        rounds=9,
        tiebreaks=("EDE", "BH:GP/C1"),
        team=TeamSettings(boards=BOARDS, min_board_games=2),
    )
    event = te.create_team_event(desk, settings)
    field = [
        te.NewTeam(
            f"Team {t:03d}",
            tuple(
                Player(id=1, name=f"Player {t:03d}-{b}", rating=2600 - t - 5 * b)
                for b in range(1, 6)
            ),
        )
        for t in range(1, teams + 1)
    ]
    te.import_teams(desk, event.id, field)
    for number in range(1, PLAYED + 1):
        _, pairing = te.pair_team_round(desk, event.id)
        results = [
            (f"{m}.{b}", RESULTS[(number + m + b) % len(RESULTS)])
            for m in range(1, len(pairing.boards) + 1)
            for b in range(1, BOARDS + 1)
        ]
        te.record_team_results(desk, event.id, None, results)
    event, _ = te.pair_team_round(desk, event.id)
    return event


def main(argv: list[str]) -> None:
    numbers = [int(a) for a in argv if a.isdigit()]
    repeats = numbers[0] if numbers else 20
    sizes = [n for n in numbers[1:] if n in SIZES] or list(SIZES)
    app = create_app(WebConfig(store=":memory:"))
    with TestClient(app) as client:
        desk = ev.Desk(app.state.store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "bench")
        for teams in sizes:
            event = build(desk, teams)
            current = PLAYED + 1
            played = f"{PLAYED} rounds played, round {current} paired"
            print(f"\n{teams} teams of {BOARDS} boards, {played}")
            paths = (
                "",
                f"/rounds/{current}",
                f"/rounds/{current}?q=player 013-2",
                "/standings",
                "/crosstable",
                "/boards",
                "/teams/13",
            )
            # The read API has no filter.
            measure(client, event.id, paths, repeats, lambda path: "?q=" not in path)


if __name__ == "__main__":
    main(sys.argv[1:])
