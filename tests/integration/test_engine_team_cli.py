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
from fairpair.core.teams import TeamTournament
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


def _berger_event(order: list[int]) -> TeamTournament:
    """A 6-team round robin played in the given order of the FIDE Berger table's rounds
    (spec/data/berger.json), the first team listed White, every match drawn."""
    import json

    from tests.golden_data import SPEC
    from tests.team_builders import team_event

    table = json.loads(require(SPEC / "data/berger.json").read_text())["tables"]["6"]
    rounds = [[(w, b, 1.0) for w, b in table[index]] for index in order]
    return team_event(6, rounds, total_rounds=5)


@pytest.mark.parametrize(
    ("system", "order", "expected"),
    [
        ("FIDE_TEAM_ROUNDROBIN", [0, 1, 2, 3, 4], 0),
        ("BERGER_TEAM_ROUNDROBIN", [0, 1, 2, 3, 4], 0),
        # Rounds 2 and 3 of the table played the other way round: the schedule says otherwise.
        ("FIDE_TEAM_ROUNDROBIN", [0, 2, 1, 3, 4], 6),
        # The same table read as a team Swiss is not what C.04.6 pairs (so the type decides).
        ("FIDE_TEAM", [0, 1, 2, 3, 4], 6),
    ],
)
def test_check_replays_a_team_round_robin_by_its_berger_table(
    tmp_path: Path, system: str, order: list[int], expected: int
) -> None:
    import dataclasses

    from fairpair.formats.trf_team import write_team_trf

    event = dataclasses.replace(_berger_event(order), system=system)
    path = tmp_path / "rr.trf"
    path.write_text(write_team_trf(event))
    assert f"192 {system}\n" in path.read_text()
    code, out, err = engine("--team", str(path), "-c")
    assert (code, err) == (expected, "")
    if expected:
        assert "round" in out.lower()
    else:
        assert out == ""


def test_a_team_type_fairpair_does_not_pair_is_refused(tmp_path: Path) -> None:
    import dataclasses

    from fairpair.formats.trf_team import write_team_trf

    event = dataclasses.replace(_berger_event([0]), system="CUSTOM_TEAM_KNOCKOUT")
    path = tmp_path / "ko.trf"
    path.write_text(write_team_trf(event))
    code, out, err = engine("--team", str(path), "-p")
    assert (code, out) == (3, "")
    assert "CUSTOM_TEAM_KNOCKOUT" in err and "192" in err
