"""``fairpair pair``: the next round as a table, JSON or TRF, with explanations on request."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.formats.trf import parse_trf

register(app)
EXAMPLE_B = str(Path(__file__).resolve().parents[1] / "unit" / "data" / "example-b.trf")
runner = CliRunner()


def test_text_is_an_aligned_table_with_the_bye() -> None:
    result = runner.invoke(app, ["pair", EXAMPLE_B])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("Player0001 (1)" in line and "Player0007 (7)" in line for line in lines)
    assert any("Player0004 (4)" in line and "bye" in line for line in lines)


def test_json_lists_boards_and_the_bye() -> None:
    result = runner.invoke(app, ["pair", EXAMPLE_B, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "round": 3,
        "boards": [
            {"board": 1, "white": 1, "black": 7},
            {"board": 2, "white": 2, "black": 6},
            {"board": 3, "white": 5, "black": 3},
        ],
        "bye": 4,
    }


def test_trf_appends_the_new_round() -> None:
    result = runner.invoke(app, ["pair", EXAMPLE_B, "--format", "trf"])
    assert result.exit_code == 0, result.output
    tournament = parse_trf(result.output).tournament()
    third = tournament.rounds[2]
    assert {(g.white, g.black) for g in third.games} == {(1, 7), (2, 6), (5, 3)}
    assert third.pairing_bye == 4


def test_explain_says_which_rule_gave_the_colours() -> None:
    result = runner.invoke(app, ["pair", EXAMPLE_B, "--explain"])
    assert result.exit_code == 0
    assert "rule 6.5" in result.output and "pairing-allocated bye" in result.output
    data = json.loads(
        runner.invoke(app, ["pair", EXAMPLE_B, "--format", "json", "--explain"]).output
    )
    assert len(data["notes"]) == 4


def test_errors_have_exit_codes(tmp_path: Path) -> None:
    assert runner.invoke(app, ["pair", str(tmp_path / "none.trf")]).exit_code == 5
    assert runner.invoke(app, ["pair", EXAMPLE_B, "--system", "nope"]).exit_code == 3
