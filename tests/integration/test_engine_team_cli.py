"""``fairpair-engine --team``: a TRF-2026 team file paired by the Swiss Team system (spec
team-swiss.md §8, §12, §13.1), its whole history replayed (``-c``), and its exit codes."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fairpair.cli.engine import run
from fairpair.formats.trf_team import read_team_trf
from tests.golden_data import TEAM, require
from tests.unit.test_trf_team import SPEC_EXAMPLE

SRC = Path(__file__).resolve().parents[2] / "src"


def engine(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def example(tmp_path: Path) -> Path:
    path = tmp_path / "example-b.trf"
    path.write_text(SPEC_EXAMPLE)
    return path


def test_the_spec_example_gives_its_expected_output(example: Path) -> None:
    # §12.12: "Expected output: 3 / 1 4 / 2 5 / 3 0".
    assert engine("--team", str(example), "-p") == (0, "3\n1 4\n2 5\n3 0\n", "")


def test_pair_to_a_file(example: Path, tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    assert engine("--team", str(example), "-p", str(target)) == (0, "", "")
    assert target.read_text() == "3\n1 4\n2 5\n3 0\n"


def test_no_legal_pairing_is_exit_1() -> None:
    # Both reference engines found none (rounds.csv: both-fail).
    assert require(TEAM / "team-0004/r07.B.out").read_text().startswith("status")
    code, out, err = engine("--team", str(TEAM / "team-0004/r07.trf"), "-p")
    assert (code, out) == (1, "")
    assert "no valid pairing" in err


def test_check_reports_nothing_for_an_event_paired_as_the_rules_say() -> None:
    # team-0014: both engines agreed in all four rounds, and the rounds played were theirs.
    assert engine("--team", str(TEAM / "team-0014/final.trf"), "-c") == (0, "", "")


def test_check_lists_a_round_paired_otherwise() -> None:
    # team-0001 played engine A's round 2, which gacrux and the rule pair otherwise.
    path = str(TEAM / "team-0001/final.trf")
    code, out, _ = engine("--team", path, "-c")
    assert code == 6
    assert out.splitlines() == ["round 2: other matches; bye None (stored None)"]
    assert engine("--team", path, "-c", "--report-only") == (0, out, "")


def test_a_finished_event_has_no_round_to_pair() -> None:
    code, out, err = engine("--team", str(TEAM / "team-0014/final.trf"), "-p")
    assert (code, out) == (3, "")
    assert "are all played" in err


def test_a_bad_team_file_is_invalid_input_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(SPEC_EXAMPLE.replace("352 WB\n", "352 WX\n"))
    code, out, err = engine("--team", str(bad), "-p")
    assert (code, out) == (3, "")
    assert f"{bad}:5:6: board colours" in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--team", "--dutch", "A.trf", "-p"], "choose one system"),
        (["--team", "-g"], "-g needs -o OUT.trf"),
    ],
)
def test_wrong_arguments_are_invalid_input(argv: list[str], says: str) -> None:
    code, out, err = engine(*argv)
    assert (code, out) == (3, "") and says in err


def test_a_missing_file_is_a_file_error(tmp_path: Path) -> None:
    code, _, err = engine("--team", str(tmp_path / "none.trf"), "-p")
    assert code == 5 and "none.trf" in err


def test_the_team_engine_imports_only_what_pairing_needs(example: Path) -> None:
    heavy = ["argparse", "typing", "pathlib", "typer", "rich", "fairpair.pairing.checker"]
    heavy += ["fairpair.pairing.team_replay", "fairpair.pairing.dutch", "fairpair.service"]
    script = (
        "import io, sys\n"
        "from fairpair.cli.engine import run\n"
        f"code = run(['--team', {str(example)!r}, '-p'], io.StringIO(), sys.stderr)\n"
        f"print(code, [name for name in {heavy!r} if name in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        check=True,
    )
    assert done.stdout == "0 []\n"


def test_generate_a_random_team_event_that_replays_as_paired(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text("TeamsNumber=9\nBoardsNumber=3\nRoundsNumber=5\nZeroPointByeRate=10\n")
    target = tmp_path / "random.trf"
    argv = ["--team", "-g", str(config), "-o", str(target), "-s", "7"]
    assert engine(*argv) == (0, "", "")
    document = read_team_trf(target)
    event = document.tournament()
    assert (len(event.teams), event.boards, len(event.rounds)) == (9, 3, 5)
    assert all(b.result is not None for r in event.rounds for m in r.matches for b in m.boards)
    # Every round is the one team-swiss pairs from the rounds before it.
    assert engine("--team", str(target), "-c") == (0, "", "")
    again = tmp_path / "again.trf"
    assert engine("--team", "-g", str(config), "-o", str(again), "-s", "7")[0] == 0
    assert again.read_bytes() == target.read_bytes()  # the seed says everything


def test_generate_exits_1_without_writing_when_a_round_cannot_be_paired(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text("TeamsNumber=2\nBoardsNumber=2\nRoundsNumber=2\n")
    target = tmp_path / "random.trf"
    code, out, err = engine("--team", "-g", str(config), "-o", str(target), "-s", "1")
    assert (code, out) == (1, "")
    assert "no valid pairing" in err
    assert not target.exists()
