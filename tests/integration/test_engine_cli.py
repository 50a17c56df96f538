"""``fairpair-engine``: the bbpPairings drop-in (pair, check, generate; exit codes)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fairpair.cli.engine import run
from fairpair.core import Colour, Game, GameResult, Player, Round, Tournament
from fairpair.formats.trf import read_trf, write_trf
from fairpair.pairing.checker import replay
from fairpair.pairing.dutch import pair_dutch

EXAMPLE_B = Path(__file__).resolve().parents[1] / "unit" / "data" / "example-b.trf"
SRC = Path(__file__).resolve().parents[2] / "src"


def engine(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_pair_to_stdout() -> None:
    assert engine("--dutch", str(EXAMPLE_B), "-p") == (0, "4\n1 7\n2 6\n5 3\n4 0\n", "")


def test_pair_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    code, out, _ = engine("--dutch", str(EXAMPLE_B), "-p", str(target))
    assert (code, out) == (0, "")
    assert target.read_text() == "4\n1 7\n2 6\n5 3\n4 0\n"


def test_check_reports_nothing_for_a_file_paired_by_the_engine() -> None:
    assert engine("--dutch", str(EXAMPLE_B), "-c") == (0, "", "")


def test_check_prints_the_rounds_that_differ(tmp_path: Path) -> None:
    # Swap the colours of round 1, board 1 (1-4 becomes 4-1): round 1 now differs.
    text = EXAMPLE_B.read_text()
    text = text.replace("     4 w 1     3 b 1", "     4 b 1     3 b 1")
    text = text.replace("     1 b 0     5 w =", "     1 w 0     5 w =")
    changed = tmp_path / "changed.trf"
    changed.write_text(text)
    code, out, _ = engine("--dutch", str(changed), "-c")
    assert code == 0
    assert out.startswith("round 1: stored 4-1 paired 1-4")


def test_invalid_input_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(EXAMPLE_B.read_text().replace("     5 b +", "     9 b +"))
    code, out, err = engine("--dutch", str(bad), "-p")
    assert code == 3 and out == ""
    assert f"{bad}:3:" in err


def test_missing_file_is_a_file_error(tmp_path: Path) -> None:
    code, _, err = engine("--dutch", str(tmp_path / "nothing.trf"), "-p")
    assert code == 5 and "nothing.trf" in err


def test_no_valid_pairing_exits_1(tmp_path: Path) -> None:
    players = (Player(1, "One"), Player(2, "Two"))
    played = Round(1, (Game(1, 2, GameResult.WHITE_WINS),))
    two = tmp_path / "two.trf"
    two.write_text(
        write_trf(Tournament(players, (played,), total_rounds=3, initial_colour=Colour.WHITE))
    )
    code, out, err = engine("--dutch", str(two), "-p")
    assert code == 1 and out == "" and "no valid pairing" in err


def test_unknown_flags_are_invalid_input() -> None:
    assert engine("--dutch", str(EXAMPLE_B), "-x")[0] == 3


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [10, 27, 60])
def test_generated_tournaments_pass_the_check(tmp_path: Path, seed: int, players: int) -> None:
    config = tmp_path / "config.txt"
    config.write_text(
        f"PlayersNumber={players}\nRoundsNumber=7\nDrawPercentage=25\nForfeitRate=15\n"
        "RetiredRate=60\nHalfPointByeRate=20\nZeroPointByeRate=25\n"
    )
    target = tmp_path / "random.trf"
    assert engine("--dutch", "-g", str(config), "-o", str(target), "-s", str(seed))[0] == 0
    tournament = read_trf(target).tournament()
    assert len(tournament.players) == players and len(tournament.rounds) >= 4
    assert engine("--dutch", str(target), "-c") == (0, "", "")
    assert replay(tournament, pair_dutch) == []


def test_generation_is_reproducible_from_the_seed(tmp_path: Path) -> None:
    first, second = tmp_path / "a.trf", tmp_path / "b.trf"
    assert engine("--dutch", "-g", "-o", str(first), "-s", "42")[0] == 0
    assert engine("--dutch", "-g", "-o", str(second), "-s", "42")[0] == 0
    assert first.read_text() == second.read_text()


def test_the_console_script_entry_point_exits_with_the_code() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from fairpair.cli.engine import main; main()",
            "--dutch",
            str(EXAMPLE_B),
            "-p",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "4\n1 7\n2 6\n5 3\n4 0\n")


def test_byes_announced_by_a_240_record_are_not_paired(tmp_path: Path) -> None:
    # Example B before round 3, plus a 240 record: player 3 takes a half-point bye in round 3.
    announced = tmp_path / "announced.trf"
    announced.write_text(EXAMPLE_B.read_text() + "240 H   3    3\n")
    code, out, _ = engine("--dutch", str(announced), "-p")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "3" and all("3" not in line.split() for line in lines[1:])
