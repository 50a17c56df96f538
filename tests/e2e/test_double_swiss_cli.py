"""A FIDE Double-Swiss event run through the `fairpair` command only, on SQLite and on
PostgreSQL: 40 players, 7 match-rounds, random but valid games, with a single forfeited game,
a match forfeited (both games), a game forfeited by both players, a half-point bye, a
withdrawal and a correction. At the end the exported TRF re-pairs every round identically
(`fairpair-engine --double-swiss FILE -c`), and each player's game points in the standings
are the sum of the games typed here (and of the byes, at the values the event gives them)."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.engine import run
from fairpair.formats.double_json import load_double_event
from tests.e2e.test_director_cli import Director
from tests.integration.stores import SQL_BACKENDS, database_url


@pytest.fixture(params=SQL_BACKENDS)
def director(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Director]:
    with database_url(request.param, tmp_path) as url:
        yield Director(url)


BOARD = re.compile(
    r"^Board (\d+): (.+?) \(W\) – (.+?)(?:   game 1 (\S+), game 2 (\S+), match (\S+))?$"
)
BYE = re.compile(r"^Bye: \d+ (.+) \((.+), (\S+)\)$")
SHEET_POINTS = {
    "1-0": (1, 0),
    "0-1": (0, 1),
    "=": (Fraction(1, 2), Fraction(1, 2)),
    "+-": (1, 0),
    "-+": (0, 1),
    "--": (0, 0),
}
"""What a game typed as on its scoresheet (White first) gives White and Black - the rules'
points (a win 1, a draw ½, a forfeit win 1), written down here, not read from fairpair."""
BYE_POINTS = {
    "pairing-allocated bye": Fraction(3, 2),
    "half-point bye": Fraction(1),
    "zero-point bye": Fraction(0),
}
"""The byes' values by default: a match's worth of points (spec double-swiss.md §2.4)."""


def boards(text: str) -> list[tuple[int, str, str]]:
    """The boards of a round as shown: (board, first-named player, second-named player)."""
    return [
        (int(m.group(1)), m.group(2), m.group(3))
        for m in map(BOARD.match, text.splitlines())
        if m is not None
    ]


def test_a_forty_player_double_swiss(director: Director, tmp_path: Path) -> None:
    rng = random.Random(40)
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating\n" + "".join(f"Player {n:02d},{2400 - 10 * n}\n" for n in range(1, 41))
    )
    created = director.run(
        "event", "create", "Double Open", "--system", "double-swiss", "--rounds", "7",
        "--initial-colour", "black",
    )  # fmt: skip
    assert "FIDE Double-Swiss (two-game matches), 7 match-rounds" in created
    assert "imported 40 players" in director.run("player", "import", str(players))
    director.run("player", "add", "Mistake, Entered", "--rating", "1000")
    director.run("player", "remove", "Mistake")
    director.run("player", "edit", "Player 40", "--rating", "1650")

    points: dict[str, Fraction] = {f"Player {n:02d}": Fraction(0) for n in range(1, 41)}
    typed: dict[tuple[int, int], tuple[str, str, str, str]] = {}
    for number in range(1, 8):
        if number == 3:
            said = director.run("bye", "Player 07", "--kind", "half")
            assert said == "half-point bye for 7 Player 07 in round 3\n"
        if number == 4:
            assert "withdrew 12 Player 12 from round 4 on" in director.run(
                "player", "withdraw", "Player 12"
            )
        shown = director.run("round", "pair")
        assert shown.startswith(f"Round {number} (game 2: colours reversed)")
        paired = boards(shown)
        byes = [m.groups() for m in map(BYE.match, shown.splitlines()) if m is not None]
        in_round = {name for _, a, b in paired for name in (a, b)}
        assert len(in_round) == 2 * len(paired)
        if number == 3:
            assert ("Player 07", "half-point bye", "1") in byes
            assert len(paired) == 19 and len(byes) == 2  # 39 left: one has the PAB
        if number >= 4:
            assert "Player 12" not in in_round
            assert ("Player 12", "zero-point bye", "0") in byes
        for name, kind, _ in byes:
            points[name] += BYE_POINTS[kind]
        # Results missing: the next round is refused, naming what is missing.
        if number < 7:
            assert f"round {number} still lacks" in director.run("round", "pair", code=2)
        entries: list[str] = []
        for board, first, second in paired:
            sheets = (rng.choice(["1-0", "0-1", "=", "1-0", "0-1"]) for _ in range(2))
            game1, game2 = sheets
            if number == 2 and board == 2:
                game1 = "+-"  # a single game forfeited: the match is played
            if number == 5 and board == 3:
                game1, game2 = "-+", "+-"  # the first-named forfeits both: a forfeited match
            if number == 6 and board == 4:
                game1 = "--"  # one game forfeited by both players
            typed[(number, board)] = (first, second, game1, game2)
            entries.extend((str(board), game1, game2))
        assert "no board 99" in director.run("result", "99", "1-0", "0-1", code=2)
        out = results(director, entries)
        assert f"round {number}: {len(paired)} match result(s) saved; complete" in out
        if number == 2:
            # A correction before round 3 is paired: board 1's games the other way round.
            first, second, game1, game2 = typed[(2, 1)]
            swapped = {"1-0": "0-1", "0-1": "1-0", "=": "=", "+-": "-+", "-+": "+-"}
            typed[(2, 1)] = (first, second, swapped[game1], swapped[game2])
            director.run("result", "--round", "2", "1", swapped[game1], swapped[game2])
    for first, second, game1, game2 in typed.values():
        # Game 1: the first-named is White; game 2: the second-named is White.
        w1, b1 = SHEET_POINTS[game1]
        w2, b2 = SHEET_POINTS[game2]
        points[first] += w1 + b2
        points[second] += b1 + w2

    assert "all 7 rounds are paired" in director.run("round", "pair", code=2)
    shown = director.run("round", "show", "5")
    assert re.search(
        r"^Board 3: (.+) \(W\) – .+   game 1 -\+, game 2 \+-, match 0-2 "
        r"\(forfeited by \1: a match not played\)$",
        shown,
        re.MULTILINE,
    )
    assert "game 1 +-" in director.run("round", "show", "2")
    assert "matches the log" in director.run("event", "rebuild")
    assert "edited the event: city" in director.run("event", "edit", "--city", "Lyon")
    assert "cannot change" in director.run("event", "edit", "--points", "3,1,0", code=2)
    listed = director.run("event", "list")
    assert re.search(r"Double Open\s+│\s+double-swiss\s+│\s+7/7\s+│\s+40", listed), listed
    assert "first colour:   top seed black in game 1 of round 1" in director.run("event", "show")
    log = director.run("log")
    assert "corrected round 2: board 1" in log and "removed 41 Mistake, Entered" in log

    # The standings: each player's game points are the sum of his games and byes.
    rows = json.loads(director.run("event", "standings", "--format", "json"))["standings"]
    assert len(rows) == 40
    assert {row["name"]: Fraction(str(row["points"])) for row in rows} == points
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    text = director.run("event", "standings")
    assert "12 Player 12: withdrawn from round 4" in text and "GP" in text
    assert "BH:GP/C1" in text  # the usual tie-breaks of an event that names none

    exported = tmp_path / "open.json"
    director.run("export", str(exported))
    t = load_double_event(exported.read_text())
    assert t.withdrawn == {12: 4}
    assert len(t.rounds) == 7 and all(m.finished for r in t.rounds for m in r.matches)
    trf = tmp_path / "open.trf"
    director.run("export", str(trf))
    assert engine_check(trf) == (0, "")  # every round is the one C.04.5 pairs

    director.run("undo")
    assert "undid" in director.run("log").splitlines()[-1]
    director.run("redo")


def results(director: Director, entries: list[str]) -> str:
    """``fairpair result --db URL -- BOARD GAME1 GAME2 ...``: after ``--`` a game forfeited
    by both (``--``) is a result, not the end of the options; the store is named before it."""
    done = CliRunner().invoke(director.app, ["result", "--db", director.db, "--", *entries])
    assert done.exit_code == 0, (entries, done.output)
    return done.stdout


def engine_check(path: Path) -> tuple[int, str]:
    """``fairpair-engine --double-swiss FILE -c``: its exit code and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    code = run(["--double-swiss", str(path), "-c"], out, err)
    return code, out.getvalue() + err.getvalue()
