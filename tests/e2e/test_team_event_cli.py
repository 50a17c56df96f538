"""Team events run through the `fairpair` command only, on SQLite and on PostgreSQL: a 10-team
round robin and a 16-team, 4-board, 7-round Swiss, with line-ups, a forfeited board, a whole
match forfeited, a withdrawn team and a correction."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from fairpair.cli.engine import run
from fairpair.core import GameResult
from fairpair.core.teams import MatchForfeit, TeamTournament, team_scores
from fairpair.formats.team_json import load_team_event
from fairpair.formats.trf_team import read_team_trf
from tests.e2e.test_director_cli import Director
from tests.integration.stores import SQL_BACKENDS, database_url


@pytest.fixture(params=SQL_BACKENDS)
def director(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Director]:
    with database_url(request.param, tmp_path) as url:
        yield Director(url)


BOARD = re.compile(
    r"^\s+(\d+)\.(\d+)\s+([wb]) (.+?)\s+([wb]) (.+?)\s*(1-0|0-1|1/2-1/2|[+-]:[+-])?$"
)
MATCH = re.compile(r"^Match (\d+): (\d+) .+ - (\d+) .+?  [\d.]+-[\d.]+(?: \(forfeit (..)\))?$")


def teams_csv(path: Path, teams: int, players: int = 5) -> Path:
    rows = ["team,name,board,rating"]
    for t in range(1, teams + 1):
        # Board order given out of row order: the file's board column decides.
        for b in reversed(range(1, players + 1)):
            rows.append(f"Club {t:02d},Player {t:02d}-{b},{b},{2500 - 20 * t - 5 * b}")
    path.write_text("\n".join(rows) + "\n")
    return path


def same_event(read: TeamTournament, stored: TeamTournament) -> bool:
    """The event a TRF file gives back is the stored one, as far as a TRF can say: the teams,
    players, settings and every round's matches (boards, results, forfeits) and byes. A TRF
    has no match order (a reader lists them by GHR 3.6) and no withdrawal record (a withdrawn
    team's later rounds say it)."""

    def rounds(t: TeamTournament) -> list[tuple[int, list[object], list[object]]]:
        return [
            (
                r.number,
                sorted(r.matches, key=lambda m: (m.first, m.second)),
                sorted(r.byes, key=lambda b: b.team),
            )
            for r in t.rounds
        ]

    return (
        rounds(read) == rounds(stored)
        and dataclasses.replace(read, rounds=(), withdrawals=())
        == dataclasses.replace(stored, rounds=(), withdrawals=())
        and team_scores(read) == team_scores(stored)
    )


def open_boards(round_text: str) -> list[str]:
    """The boards of a round that still wait for a result, as MATCH.BOARD."""
    found = []
    for line in round_text.splitlines():
        board = BOARD.match(line)
        if board and board.group(7) is None and "(empty)" not in line:
            found.append(f"{board.group(1)}.{board.group(2)}")
    return found


def matches(round_text: str) -> list[tuple[int, int, int, str | None]]:
    found = []
    for line in round_text.splitlines():
        m = MATCH.match(line)
        if m:
            found.append((int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(4)))
    return found


def play(director: Director, rng: random.Random) -> str:
    shown = director.run("round", "show")
    items = [
        x
        for ref in open_boards(shown)
        for x in (ref, rng.choice(["1-0", "0-1", "=", "1-0", "0-1"]))
    ]
    if not items:
        return director.run("round", "show")
    out = director.run("result", *items)
    assert "result(s) saved" in out
    return out


def test_a_ten_team_round_robin(director: Director, tmp_path: Path) -> None:
    rng = random.Random(10)
    created = director.run(
        "event",
        "create",
        "Club league",
        "--system",
        "team-berger",
        "--boards",
        "4",
        "--match-points",
        "2/1/0",
        "--min-board-games",
        "3",
    )
    assert "created team event" in created
    shown = director.run("event", "show")
    assert "boards:" in shown and "won 2, drawn 1, lost 0" in shown
    data = json.loads(director.run("event", "show", "--format", "json"))
    assert data["team"]["boards"] == 4 and data["system"] == "team-berger"
    assert "imported 10 teams (50 players)" in director.run(
        "team", "import", str(teams_csv(tmp_path / "teams.csv", 10))
    )
    bad = tmp_path / "bad.csv"
    bad.write_text("team,name,board\nClub X,A,1\nClub X,B,one\n")
    assert "bad.csv:3:3" in director.run("team", "import", str(bad), code=2)
    for number in range(1, 10):
        text = director.run("round", "pair")
        assert f"Round {number}" in text
        listed = matches(text)
        if number == 2:
            # Club 01 fields three players, its reserve on board 3: board 4 is forfeited.
            assert [m for m in listed if 1 in (m[1], m[2])]
            refused = director.run("lineup", "Club 01", "#1", "#3", "#2", code=2)
            assert "Player 01-3" in refused and "Player 01-2" in refused
            assert "(empty)" in director.run("lineup", "Club 01", "#1", "#2", "#5")
        if number == 3:
            first = listed[0]
            out = director.run("result", str(first[0]), "+-")
            assert "2-0 match points" in out
        if number == 6:
            assert "withdrawn from round 7" in director.run(
                "team", "withdraw", "Club 10", "--round", "7"
            )
        play(director, rng)
    director.run("round", "pair", code=2)  # nine rounds: all paired
    # A correction in round 1: the standings follow.
    director.run("result", "--round", "1", "1.1", "1-0")
    corrected = director.run("result", "--round", "1", "1.1", "0-1")
    assert "match 1:" in corrected and "match points" in corrected
    after = director.run("event", "standings")
    assert "team standings after round 9" in after
    assert "Board 1" in director.run("event", "standings", "--boards")
    exported = tmp_path / "league.json"
    director.run("export", str(exported))
    t = load_team_event(exported.read_text())
    assert isinstance(t, TeamTournament) and len(t.rounds) == 9
    trf = tmp_path / "league.trf"
    director.run("export", str(trf))
    assert same_event(read_team_trf(trf).tournament(), t)
    # The engine replays the file by its schedule (192: a team round robin) and agrees.
    assert engine_check(trf) == (0, "")
    assert t.rounds[0].matches[0].boards[0].result is GameResult.BLACK_WINS
    # Round 2: Club 01 fielded three players, board 4 lost by forfeit.
    club = t.rounds[1].match_of(1)
    assert club is not None
    assert club.lineup(1) == (*t.team(1).roster[:2], t.team(1).roster[4], None)
    # Club 10 withdrew before round 7: its last three matches are forfeits it lost.
    for rnd in t.rounds[6:]:
        match = rnd.match_of(10)
        assert match is not None and match.forfeit in (
            MatchForfeit.FIRST_WINS,
            MatchForfeit.SECOND_WINS,
        )
    # Every team met every other once.
    met = {frozenset((m.first, m.second)) for r in t.rounds for m in r.matches}
    assert len(met) == 45
    # The standings the command prints are the scores of the exported event.
    scores = team_scores(t)
    top = max(scores, key=lambda tpn: (scores[tpn], -tpn))
    assert re.search(rf"^\s+1\s+{top}\s", after, flags=re.MULTILINE)
    director.run("undo")
    assert "undid" in director.run("log").splitlines()[-1]


def test_a_sixteen_team_swiss(director: Director, tmp_path: Path) -> None:
    rng = random.Random(16)
    director.run(
        "event",
        "create",
        "Team open",
        "--system",
        "team-swiss",
        "--boards",
        "4",
        "--rounds",
        "7",
        "--primary",
        "mp",
        "--colour-model",
        "typea",
    )
    assert "imported 16 teams (96 players)" in director.run(
        "team", "import", str(teams_csv(tmp_path / "teams.csv", 16, players=6))
    )
    director.run("team", "add", "Late entry", "--player", "Doe, John", code=0)
    director.run("team", "remove", "Late entry")
    for number in range(1, 8):
        if number == 3:
            assert "half-point bye in round 3" in director.run("bye", "Club 05", "--kind", "half")
        if number == 4:
            director.run("team", "withdraw", "Club 16")
        text = director.run("round", "pair")
        assert f"Round {number}" in text
        listed = matches(text)
        assert len(listed) == (7 if number in (3,) or number >= 4 else 8)
        if number >= 4:
            # 15 teams: one has the pairing-allocated bye.
            assert "(pairing_allocated)" in text
        if number == 2:
            # Club 03 fields its players 1, 2 and 6: board 4 is empty and lost by forfeit.
            assert "(empty)" in director.run("lineup", "Club 03", "#1", "#2", "#6")
        if number == 5:
            m = listed[-1]
            assert "match points" in director.run("result", str(m[0]), "-+")
        play(director, rng)
    director.run("round", "pair", code=2)
    director.run("result", "--round", "2", "1.1", "1/2")
    assert "edited the event: city" in director.run("event", "edit", "--city", "Lyon")
    assert "cannot change" in director.run("event", "edit", "--points", "3,1,0", code=2)
    director.run("event", "edit", "--tiebreaks", "MPvGP,EMMSB")
    assert "EMMSB" in director.run("event", "standings")
    assert "matches the log" in director.run("event", "rebuild")
    assert "Team open" in director.run("event", "list")
    standings = director.run("event", "standings")
    assert "(withdrawn)" in standings
    exported = tmp_path / "open.json"
    director.run("export", str(exported))
    t = load_team_event(exported.read_text())
    assert t.rounds[1].matches[0].boards[0].result is GameResult.DRAW
    assert t.requested_bye(5, 3) is not None and t.rounds[2].bye_of(5) is not None
    assert [r.number for r in t.rounds if any(b.kind.value == "U" for b in r.byes)] == [
        3,
        4,
        5,
        6,
        7,
    ]
    met = [frozenset((m.first, m.second)) for r in t.rounds for m in r.matches if m.played]
    assert len(met) == len(set(met))  # no played match repeated (C1)
    assert all(16 not in r.participants() or r.bye_of(16) for r in t.rounds[3:])
    trf = tmp_path / "open.trf"
    director.run("export", str(trf))
    assert engine_check(trf) == (0, "")  # every round is the one C.04.6 pairs
    # The machine-readable standings: each team's MP is its score in the exported event.
    rows = json.loads(director.run("event", "standings", "--format", "json"))["standings"]
    scores = team_scores(t)
    assert len(rows) == 16
    assert {row["name"]: row["points"] for row in rows} == {
        team.name: scores[team.id][0] / 10 for team in t.teams
    }
    csv_text = director.run("event", "standings", "--format", "csv")
    assert csv_text.splitlines()[0].startswith("rank,") and len(csv_text.splitlines()) == 17


def engine_check(path: Path) -> tuple[int, str]:
    """``fairpair-engine --team FILE -c``: its exit code and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    code = run(["--team", str(path), "-c"], out, err)
    return code, out.getvalue() + err.getvalue()
