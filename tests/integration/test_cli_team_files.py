"""``fairpair pair`` and ``fairpair convert`` on a TRF-2026 team file: recognised by its team
records, paired by team-swiss (spec team-swiss.md §12.12's example and its expected output),
converted losslessly."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import ByeKind
from fairpair.core.teams import TeamBye
from fairpair.formats.trf_team import parse_team_trf
from tests.golden_data import TEAM
from tests.unit.test_trf_team import SPEC_EXAMPLE

register(app)
runner = CliRunner()


def example(tmp_path: Path) -> str:
    path = tmp_path / "example-b.trf"
    path.write_text(SPEC_EXAMPLE)
    return str(path)


def test_a_team_file_is_paired_by_the_team_system(tmp_path: Path) -> None:
    # §12.12: expected output 1-4, 2-5, PAB 3 (the file alone says it is a team file).
    for argv in (
        ["pair", example(tmp_path)],
        ["pair", example(tmp_path), "--system", "team-swiss"],
    ):
        result = runner.invoke(app, [*argv, "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert [(b["white"], b["black"]) for b in data["boards"]] == [(1, 4), (2, 5)]
        assert data["bye"] == 3


def test_the_table_names_the_teams(tmp_path: Path) -> None:
    result = runner.invoke(app, ["pair", example(tmp_path)])
    assert result.exit_code == 0, result.output
    assert any("Team01 (1)" in line and "Team04 (4)" in line for line in result.output.splitlines())
    assert any("Team03 (3)" in line and "bye" in line for line in result.output.splitlines())


def test_trf_output_is_the_file_with_the_round_added(tmp_path: Path) -> None:
    result = runner.invoke(app, ["pair", example(tmp_path), "--format", "trf"])
    assert result.exit_code == 0, result.output
    event = parse_team_trf(result.output).tournament()
    second = event.rounds[1]
    assert [(m.first, m.second) for m in second.matches] == [(1, 4), (2, 5)]
    assert [len(m.boards) for m in second.matches] == [2, 2]
    assert not any(b.result for m in second.matches for b in m.boards)  # results to come
    assert second.byes == (TeamBye(3, ByeKind.PAIRING_ALLOCATED),)


def test_no_legal_pairing_exits_1() -> None:
    result = runner.invoke(app, ["pair", str(TEAM / "team-0004/r07.trf")])
    assert result.exit_code == 1
    assert "no valid pairing" in result.output


def test_convert_writes_a_team_file_back_unchanged(tmp_path: Path) -> None:
    source = TEAM / "team-0003" / "final.trf"
    target = tmp_path / "copy.trf"
    result = runner.invoke(app, ["convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == source.read_bytes()
    refused = runner.invoke(app, ["convert", str(source), str(tmp_path / "copy.json")])
    assert refused.exit_code == 2
    assert "converts to .trf" in refused.output


def test_options_of_individual_events_are_refused_for_a_team_file(tmp_path: Path) -> None:
    # --fixed and --forbid name teams in a team file (tests/integration/test_team_controls_cli).
    result = runner.invoke(app, ["pair", example(tmp_path), "--separate-by", "club"])
    assert result.exit_code == 3
    assert "not offered for team files" in result.output
