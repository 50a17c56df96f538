"""Whole events run through the `fairpair` command only, on SQLite and on PostgreSQL."""

from __future__ import annotations

import csv
import io
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.cli.engine import run as engine
from fairpair.formats.event_json import load_event
from fairpair.formats.trf import read_trf
from tests.integration.stores import SQL_BACKENDS, database_url

NAMES = ["Anna", "Boris", "Carla", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines"]


class Director:
    """Runs `fairpair` commands against one store, as a director at the keyboard would."""

    def __init__(self, db: str) -> None:
        self.app = typer.Typer()
        commands.register(self.app)
        self.db = db

    def run(self, *args: str, code: int = 0) -> str:
        result = CliRunner().invoke(self.app, [*args, "--db", self.db])
        assert result.exit_code == code, (args, result.output, result.stderr)
        return result.stdout if code == 0 else result.stderr

    def log_length(self) -> int:
        return len(self.run("log").splitlines())


@pytest.fixture(params=SQL_BACKENDS)
def director(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Director]:
    with database_url(request.param, tmp_path) as url:
        yield Director(url)


def boards_of(pairings: str) -> int:
    return len(re.findall(r"^\s*\d+\s+\d+\s", pairings, flags=re.MULTILINE))


def test_a_nine_player_round_robin_from_creation_to_final_standings(
    director: Director, tmp_path: Path
) -> None:
    rng = random.Random(9)
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating\n" + "".join(f"{n},{2000 - 25 * i}\n" for i, n in enumerate(NAMES))
    )
    director.run(
        "event", "create", "Club championship", "--system", "berger", "--start", "2026-05-01"
    )
    assert "imported 9 players" in director.run("player", "import", str(players))
    for number in range(1, 10):
        pairings = director.run("round", "pair")
        assert f"round {number} pairings" in pairings
        assert boards_of(pairings) == 4
        results = [x for b in range(1, 5) for x in (str(b), rng.choice(["1-0", "0-1", "=", "1/2"]))]
        assert "complete" in director.run("result", *results)
    director.run("round", "pair", code=2)  # all nine rounds are paired
    standings = director.run("event", "standings", "--format", "json")
    assert '"rank": 1' in standings
    crosstable = director.run("event", "crosstable")
    assert "crosstable after round 9" in crosstable
    trf, event_json = tmp_path / "club.trf", tmp_path / "club.json"
    director.run("export", str(trf))
    director.run("export", str(event_json))
    tournament = load_event(event_json.read_text())
    from_trf = read_trf(trf).tournament()
    assert [set(r.games) for r in from_trf.rounds] == [set(r.games) for r in tournament.rounds]
    pairs = {frozenset((g.white, g.black)) for r in tournament.rounds for g in r.games}
    assert len(pairs) == 36  # everyone met everyone once
    from fairpair.core import scores

    assert sum(scores(tournament).values()) == 360  # 36 games, the byes score nothing
    assert "matches the log" in director.run("event", "rebuild")


def test_bad_input_is_a_clear_error_and_changes_nothing(director: Director) -> None:
    director.run("event", "create", "Rapid", "--system", "rotation")
    for name in ("Smith, John", "Smithers, Ann", "Jones, Mary", "Brown, Lee"):
        director.run("player", "add", name, "--rating", "1500")
    director.run("round", "pair")
    length = director.log_length()
    cases = [
        (("result", "7", "1-0"), "round 1 has no board 7"),
        (("result", "1", "1-O"), "'1-O' is not a result"),
        (("result", "1"), "give BOARD RESULT pairs"),
        (("result", "--round", "4", "1", "1-0"), "round 4 is not paired"),
        (("player", "withdraw", "smi"), "'smi' matches 2 players"),
        (("player", "withdraw", "Taylor"), "no player matches 'Taylor'"),
        (("undo", "--event", "Blitz"), "no event 'Blitz'"),
    ]
    for args, message in cases:
        assert message in director.run(*args, code=2)
    director.run("result", "1", "-+", "2", "0-0")
    assert "round 1 is complete" in director.run("result", "1", "0-1", code=2)
    assert director.log_length() == length + 1
    assert "saved" in director.run("result", "--round", "1", "1", "0-1")
    shown = director.run("round", "show", "1")
    assert "0-1" in shown and "---" in shown


def test_undo_log_bye_and_printouts(director: Director, tmp_path: Path) -> None:
    director.run("event", "create", "Weekend", "--system", "berger")
    for name in NAMES[:4]:
        director.run("player", "add", name)
    director.run("round", "pair")
    assert "undid #6: paired round 1: 2 boards" in director.run("undo")
    director.run("round", "pair")
    log = director.run("log")
    assert [line.split()[4] for line in log.splitlines()][-3:] == [
        "round.paired",
        "action.undone",
        "round.paired",
    ]
    assert "(undone by #7)" in log.splitlines()[5]
    out = tmp_path / "wall.html"
    director.run("print", "alphabetical", "-o", str(out), "--paper", "letter")
    text = out.read_text()
    assert "size: letter" in text and "Anna" in text
    pdf = tmp_path / "pairings.pdf"
    assert "(1 page)" in director.run("print", "pairings", "-o", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF-")


def test_undo_walks_back_any_change_and_redo_brings_it_back(
    director: Director, tmp_path: Path
) -> None:
    director.run("event", "create", "Open", "--system", "dutch", "--rounds", "5")
    assert "nothing to undo" in director.run("undo", code=2)
    for name in NAMES[:4]:
        director.run("player", "add", name)
    director.run("round", "pair")
    director.run("result", "1", "1-0", "2", "0-1")
    director.run("bye", "boris", "--round", "2")  # the wrong player
    director.run("player", "withdraw", "carla")  # the wrong player again
    standings = director.run("event", "standings")
    out = director.run("undo", "--steps", "2")
    assert out.splitlines() == [
        "undid #9: withdrew 3 Carla from round 2 on",
        "undid #8: half-point bye for 2 Boris in round 2",
    ]
    assert "undid #7: results round 1: board 1 1-0, board 2 0-1" in director.run("undo")
    assert "redid #7: results round 1" in director.run("redo")
    assert director.run("event", "standings") == standings
    log = director.run("log").splitlines()
    assert log[7].endswith("(undone by #11)") and log[8].endswith("(undone by #10)")
    assert "undid #7: results round 1" in log[11] and "(undone by" not in log[6]
    director.run("bye", "dmitri", "--round", "2")  # a new change: redo has nothing left
    assert "nothing to redo" in director.run("redo", code=2)
    director.run("export", str(tmp_path / "open.json"))
    saved = load_event((tmp_path / "open.json").read_text())
    assert [(b.round, b.player) for b in saved.requested_byes] == [(2, 4)]
    assert saved.withdrawals == ()
    assert [g.result.value for g in saved.rounds[0].games if g.result] == ["1-0", "0-1"]
    assert "matches the log" in director.run("event", "rebuild")
    director.run("undo", "--steps", "0", code=2)


def test_a_thirty_player_seven_round_dutch_event_checked_by_the_replay_checker(
    director: Director, tmp_path: Path
) -> None:
    rng = random.Random(30)
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating,federation\n"
        + "".join(f"Player {i:02d},{rng.randint(1400, 2600)},FID\n" for i in range(1, 31))
    )
    director.run("event", "create", "Open", "--system", "dutch", "--rounds", "7")
    director.run("player", "import", str(players))
    director.run("bye", "Player 07", "--round", "3", "--kind", "half")
    for number in range(1, 8):
        if number == 3:
            director.run("player", "withdraw", "Player 12")
        if number == 4:
            director.run("player", "add", "Late, Entry", "--rating", "2100")
        pairings = director.run("round", "pair")
        assert f"round {number} pairings" in pairings
        boards = boards_of(pairings)
        weights = ["1-0"] * 4 + ["0-1"] * 3 + ["1/2"] * 2 + ["+-"]
        results = [x for b in range(1, boards + 1) for x in (str(b), rng.choice(weights))]
        director.run("result", *results)
    standings = director.run("event", "standings")
    assert "standings after round 7" in standings
    trf = tmp_path / "open.trf"
    director.run("export", str(trf))
    out, err = io.StringIO(), io.StringIO()
    assert engine(["--dutch", str(trf), "-c"], out, err) == 0, out.getvalue() + err.getvalue()
    tournament = read_trf(trf).tournament()
    assert len(tournament.rounds) == 7
    assert len(tournament.players) == 31


def test_the_store_defaults_to_the_user_data_directory_and_errors_are_one_line(
    tmp_path: Path,
) -> None:
    """The real `fairpair` program: the default store, one-line errors and exit statuses."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
        "FAIRPAIR_ACTOR": "chief arbiter",
    }

    def fairpair(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "fairpair", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    first = fairpair("player", "list")
    assert first.returncode == 2
    assert first.stderr == (
        "fairpair: error: there is no event yet; create one with: fairpair event create\n"
    )
    assert fairpair("event", "create", "Blitz", "--system", "rotation").returncode == 0
    assert (tmp_path / "data" / "fairpair" / "fairpair.sqlite3").is_file()
    assert fairpair("player", "add", "Anna").returncode == 0
    log = fairpair("log")
    assert "chief arbiter" in log.stdout and "player.registered" in log.stdout
    bad = fairpair("event", "create", "Blitz", "--system", "rotation")
    assert (bad.returncode, bad.stderr) == (
        2,
        "fairpair: error: an event named 'Blitz' already exists\n",
    )


def test_a_late_entry_with_half_points_and_a_bye_limit_in_a_dutch_event(
    director: Director, tmp_path: Path
) -> None:
    rng = random.Random(7)
    created = director.run(
        "event", "create", "Weekend open", "--rounds", "5", "--bye-limit", "half=1,last=1"
    )
    assert "byes per player: at most 1 half-point bye" in created
    for index, name in enumerate(NAMES[:8]):
        director.run("player", "add", name, "--rating", str(2200 - 40 * index))
    director.run("bye", "Carla", "--round", "2", "--kind", "half")
    for number in (1, 2, 3, 4):
        if number == 3:
            added = director.run(
                "player", "add", "Late, Lucy", "--rating", "2050", "--missed-points", "0.5"
            )
            assert "9 Late, Lucy, a late entry from round 3 with 1 point(s)" in added
            assert "late entry from round 3" in director.run("player", "list")
        pairings = director.run("round", "pair")
        assert f"round {number} pairings" in pairings
        if number >= 3:
            assert "Late, Lucy" in pairings
        if number == 3:  # Carla's one half-point bye is taken: a second one is refused
            length = director.log_length()
            refused = director.run("bye", "Carla", "--round", "4", "--kind", "half", code=2)
            assert refused == (
                "fairpair: error: Carla cannot have a half-point bye in round 4: the event "
                "allows at most 1 half-point bye per player; taken in round 2\n"
            )
            assert director.log_length() == length
        boards = boards_of(pairings)
        results = [
            x for b in range(1, boards + 1) for x in (str(b), rng.choice(["1-0", "0-1", "="]))
        ]
        director.run("result", *results)
    length = director.log_length()
    closed = director.run("bye", "Anna", "--round", "5", "--kind", "half", code=2)
    assert "allows no full- or half-point bye in its last round (round 5)" in closed
    assert "zero-point bye in round 5" in director.run("bye", "Anna", "--round", "5", "-k", "zero")
    assert director.log_length() == length + 1
    assert "at most 1 half-point bye" in director.run("event", "show")
    trf = tmp_path / "open.trf"
    director.run("export", str(trf))
    (late,) = [line for line in trf.read_text().splitlines() if "Late, Lucy" in line]
    assert late[91:109] == "0000 - H  0000 - H"
    out, err = io.StringIO(), io.StringIO()
    assert engine(["--dutch", str(trf), "-c"], out, err) == 0, out.getvalue() + err.getvalue()
    assert "matches the log" in director.run("event", "rebuild")


def _sheet_rows(sheet: str) -> list[list[str]]:
    """The rows of a text sheet below its dashed rule, split into columns."""
    lines = sheet.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.startswith("--"))
    return [line.split() for line in lines[rule + 1 :] if line.strip()]


def test_a_casual_chess_evening_shows_colours_and_a_card_game_none(director: Director) -> None:
    """Casual Swiss with chess points: colours by swiss-dutch §6; with match points: none.
    (A casual Swiss is a card game unless it asks for colours.)"""
    blitz = ("Thursday blitz", "--system", "casual", "--rounds", "3", "--colours")
    director.run("event", "create", *blitz)
    for name in NAMES[:6]:
        director.run("player", "add", name)
    first = director.run("round", "pair")
    assert "White" in first and "Black" in first
    director.run("result", "1", "1-0", "2", "=", "3", "0-1")
    director.run("round", "pair")
    colour_in: list[dict[str, str]] = []
    for number in (1, 2):
        rows = _sheet_rows(director.run("round", "show", str(number), "--by-name"))
        colour_in.append({row[0]: row[3] for row in rows})  # name, no, board, colour, ...
        assert sorted(colour_in[-1].values()) == ["black"] * 3 + ["white"] * 3
    # After one game each, everybody wishes the other colour (strong): whenever two players
    # of different colours in round 1 meet, both get their wish (rule 6.1).
    rows = _sheet_rows(director.run("round", "show", "2", "--by-name"))
    opponent = {row[0]: row[4] for row in rows}
    for name, before in colour_in[0].items():
        if colour_in[0][opponent[name]] != before:
            assert colour_in[1][name] != before

    magic = ("Friday Magic", "--system", "casual", "--rounds", "3", "--points", "3,1,0")
    director.run("event", "create", *magic)
    for name in NAMES[:4]:
        director.run("player", "add", name)
    card_game = director.run("round", "pair")
    assert "White" not in card_game and "Player" in card_game


def test_papers_arbiters_post(director: Director, tmp_path: Path) -> None:
    """The round robin's crosstable is the grid (text and CSV); slips, check-in list and
    wall chart print from the command line."""
    director.run("event", "create", "Quad", "--system", "berger")
    for name in ("Anna", "Boris", "Carla", "Dmitri"):
        director.run("player", "add", name, "--rating", "1800")
    director.run("round", "pair")
    director.run("result", "1", "1-0", "2", "=")
    crosstable = director.run("event", "crosstable").splitlines()
    assert crosstable[2].split() == [
        *("No", "Name", "Rtg", "1", "2", "3", "4"),
        *("Pts", "SB", "DE", "WON", "Rank"),
    ]
    rows = list(csv.reader(io.StringIO(director.run("event", "crosstable", "--format", "csv"))))
    assert rows[0][:7] == ["No", "Name", "Rtg", "1", "2", "3", "4"]
    grid = {row[1]: row[3:7] for row in rows[1:]}
    assert list(grid) == ["Anna", "Boris", "Carla", "Dmitri"]  # by start number
    assert all(grid[name][i] == "×" for i, name in enumerate(grid))
    # After round 1 each player has one result, its opposite in the opponent's row.
    opposite = {"1": "0", "0": "1", "½": "½"}
    for me, (name, cells) in enumerate(grid.items()):
        played = [(j, c) for j, c in enumerate(cells) if c not in ("", "×")]
        assert len(played) == 1, name
        j, cell = played[0]
        assert list(grid.values())[j][me] == opposite[cell]
    assert sorted(c for row in grid.values() for c in row if c not in ("", "×")) == [
        "0",
        "1",
        "½",
        "½",
    ]
    assert crosstable[4].split()[:2] == ["1", "Anna"]

    slips = tmp_path / "slips.txt"
    director.run("print", "slips", "-o", str(slips))
    text = slips.read_text()
    assert text.count("Quad    Round 1    Board ") == 2 and text.count("8<") == 1
    check_in = tmp_path / "check-in.txt"
    director.run("print", "check-in", "-o", str(check_in))
    lines = check_in.read_text().splitlines()
    assert [line.split()[:2] for line in lines[4:8]] == [
        ["[", "]"],
        ["[", "]"],
        ["[", "]"],
        ["[", "]"],
    ]
    assert [line.split()[2] for line in lines[4:8]] == ["Anna", "Boris", "Carla", "Dmitri"]
    wall = tmp_path / "wall.html"
    director.run("print", "wall-chart", "-o", str(wall))
    assert '<table class="large">' in wall.read_text()
    pdf = tmp_path / "slips.pdf"
    assert "(1 page)" in director.run("print", "slips", "-o", str(pdf))
