"""The Burstein system from the command lines: ``fairpair-engine --burstein`` and
``fairpair pair --system burstein``."""

from __future__ import annotations

import io
import json
from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.cli.engine import run
from fairpair.core import Game, GameResult, Player, Round, Tournament
from fairpair.formats.trf import read_trf, write_trf

register(app)
EXAMPLE = Path(__file__).resolve().parents[1] / "unit" / "data" / "burstein-example.trf"
runner = CliRunner()


def engine(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def after_round_1(tmp_path: Path) -> Path:
    """The spec's worked example with its first round only."""
    target = tmp_path / "round1.trf"
    target.write_text(write_trf(read_trf(EXAMPLE).tournament().before_round(2)))
    return target


def test_pair_the_next_round(tmp_path: Path) -> None:
    assert engine("--burstein", str(after_round_1(tmp_path)), "-p") == (
        0,
        "3\n1 5\n3 2\n4 0\n",
        "",
    )


def test_pair_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    code, out, _ = engine("--burstein", str(after_round_1(tmp_path)), "-p", str(target))
    assert (code, out) == (0, "")
    assert target.read_text() == "3\n1 5\n3 2\n4 0\n"


def test_the_dutch_system_pairs_the_same_file_differently(tmp_path: Path) -> None:
    code, out, _ = engine("--dutch", str(after_round_1(tmp_path)), "-p")
    assert code == 0 and out != "3\n1 5\n3 2\n4 0\n"


def test_check_reports_nothing_for_a_file_paired_by_the_engine() -> None:
    assert engine("--burstein", str(EXAMPLE), "-c") == (0, "", "")


def test_check_prints_the_rounds_that_differ(tmp_path: Path) -> None:
    # Round 3 stored as 4-1 instead of 1-4: the check reports it and exits 6 (0 with
    # --report-only, as bbpPairings' checker).
    text = EXAMPLE.read_text()
    text = text.replace("     4 w 1\n", "     4 b 1\n").replace("     1 b 0\n", "     1 w 0\n")
    changed = tmp_path / "changed.trf"
    changed.write_text(text)
    code, out, _ = engine("--burstein", str(changed), "-c")
    assert code == 6
    assert out.startswith("round 3: stored 4-1 paired 1-4")
    assert engine("--burstein", str(changed), "-c", "--report-only") == (0, out, "")


def test_no_valid_pairing_exits_1(tmp_path: Path) -> None:
    players = (Player(1, "A"), Player(2, "B"))
    played = Tournament(players, total_rounds=3).with_round(
        Round(1, (Game(1, 2, GameResult.WHITE_WINS),))
    )
    path = tmp_path / "met.trf"
    path.write_text(write_trf(played))
    code, out, err = engine("--burstein", str(path), "-p")
    assert (code, out) == (1, "")
    assert "no valid pairing" in err


def test_one_system_at_a_time() -> None:
    code, _, _ = engine("--dutch", "--burstein", str(EXAMPLE), "-p")
    assert code == 3


def test_pair_command_with_the_burstein_system(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["pair", str(after_round_1(tmp_path)), "--system", "burstein", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "round": 2,
        "boards": [{"board": 1, "white": 1, "black": 5}, {"board": 2, "white": 3, "black": 2}],
        "bye": 4,
    }


def test_pair_command_explains_the_bye(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["pair", str(after_round_1(tmp_path)), "--system", "burstein", "--explain"]
    )
    assert result.exit_code == 0, result.output
    assert "4 receives the pairing-allocated bye" in result.output


def test_a_generated_burstein_event_checks_clean(tmp_path: Path) -> None:
    target = tmp_path / "random.trf"
    code, _, err = engine("--burstein", "-g", "-o", str(target), "-s", "7")
    assert code == 0, err
    tournament = read_trf(target).tournament()
    assert tournament.rounds
    assert engine("--burstein", str(target), "-c") == (0, "", "")


def test_pair_offers_the_casual_swiss_with_a_seed(tmp_path: Path) -> None:
    """`fairpair pair --system casual` pairs the next round by match points, seeded."""
    source = tmp_path / "five.trf"
    players = tuple(Player(i, f"Player {i}") for i in range(1, 6))
    first_round = Round(1, (Game(1, 2, GameResult.WHITE_WINS), Game(3, 4, GameResult.DRAW)))
    source.write_text(write_trf(Tournament(players, (first_round,), total_rounds=3)))
    runner = CliRunner()
    args = ["pair", str(source), "--system", "casual", "--format", "json", "--seed", "5"]
    first = runner.invoke(app, args)
    again = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == again.output
    data = json.loads(first.output)
    seated = [p for board in data["boards"] for p in (board["white"], board["black"])]
    assert data["bye"] is not None
    assert sorted([*seated, data["bye"]]) == [1, 2, 3, 4, 5]
    assert {frozenset((b["white"], b["black"])) for b in data["boards"]}.isdisjoint(
        {frozenset((1, 2)), frozenset((3, 4))}
    )
