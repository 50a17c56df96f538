"""`fairpair standings` on a reference file: every output format, and the usage errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from tests.golden_data import REFERENCE, require

EVENT = require(REFERENCE / "dutch/dutch-0175.trf")
EXPECTED = require(REFERENCE / "tiebreaks/dutch-0175.json")

register(app)
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["standings", *args])
    return result.exit_code, result.stdout, result.stderr


def reference() -> dict[str, dict[str, float | None]]:
    players: dict[str, dict[str, float | None]] = json.loads(EXPECTED.read_text())["players"]
    return players


def test_json_has_the_agreed_shape_and_the_reference_values() -> None:
    code, out, _ = run(str(EVENT), "--format", "json", "--tiebreaks", "BH-C1,BH,DE,WON,AOB")
    assert code == 0
    rows = json.loads(out)["standings"]
    assert set(json.loads(out)) == {"standings"}
    assert len(rows) == 23
    expected = reference()
    for row in rows:
        assert set(row) == {"rank", "start_rank", "name", "points", "tiebreaks"}
        assert list(row["tiebreaks"]) == ["BH-C1", "BH", "DE", "WON", "AOB"]
        mine = expected[str(row["start_rank"])]
        assert row["points"] == mine["PTS"]
        for key in ("BH-C1", "BH", "DE", "WON", "AOB"):
            assert row["tiebreaks"][key] == mine[key], (row["start_rank"], key)
    # ordered by points, then the tie-breaks; ranks shared only on equal values
    keys = [(-r["points"], *(-r["tiebreaks"][k] for k in ("BH-C1", "BH"))) for r in rows]
    assert keys == sorted(keys)
    assert rows[0]["rank"] == 1


def test_default_tie_breaks_are_the_fide_swiss_ones() -> None:
    code, out, _ = run(str(EVENT), "--format", "csv")
    assert code == 0
    header = next(csv.reader(io.StringIO(out)))
    assert header == ["rank", "start_rank", "name", "rating", "points", "BH-C1", "BH", "DE", "WON"]


def test_csv_has_one_line_per_player() -> None:
    code, out, _ = run(str(EVENT), "--format", "csv", "-t", "SB")
    assert code == 0
    lines = list(csv.DictReader(io.StringIO(out)))
    assert len(lines) == 23
    expected = reference()
    for line in lines:
        assert float(line["SB"]) == expected[line["start_rank"]]["SB"]


def test_text_table_is_aligned_and_names_its_rules() -> None:
    code, out, _ = run(str(EVENT), "-t", "BH-C1,BH")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("dutch-0175")
    table = [line for line in lines[2:] if line and not line.startswith(("-", "BH"))]
    assert len(table) == 1 + 23  # header and one line per player
    assert len({len(line) for line in table[1:]}) <= 2  # aligned columns (rstrip of names)
    assert any(line.startswith("BH-C1: Buchholz Cut-1 (FIDE C.07 (2023))") for line in lines)
    assert "unplayed rounds: FIDE 2023 rule" in out


def test_html_is_a_page_with_escaped_names(tmp_path: Path) -> None:
    text = EVENT.read_text()
    name = "Test0001 Player0001"
    evil = "<b>&Evil</b>".ljust(len(name))
    source = tmp_path / "evil.trf"
    source.write_text(text.replace(name, evil, 1))
    code, out, _ = run(str(source), "--format", "html")
    assert code == 0
    assert out.startswith("<!DOCTYPE html>")
    assert "&lt;b&gt;&amp;Evil&lt;/b&gt;" in out
    assert "<b>&Evil" not in out
    assert out.count("<tr>") == 1 + 23


def test_unplayed_rule_and_2026_caps_change_the_values() -> None:
    values = {}
    for option in ([], ["--unplayed", "legacy2009"], ["--unplayed", "ignore"], ["--fide2026"]):
        code, out, _ = run(str(EVENT), "--format", "json", "-t", "BH", *option)
        assert code == 0
        rows = json.loads(out)["standings"]
        values[" ".join(option)] = {r["start_rank"]: r["tiebreaks"]["BH"] for r in rows}
    expected = reference()
    assert values[""] == {int(p): v["BH"] for p, v in expected.items()}
    assert values["--fide2026"] == {int(p): v["BH@2026"] for p, v in expected.items()}
    assert values["--unplayed legacy2009"] != values[""]
    assert values["--unplayed ignore"] != values[""]


def test_unknown_code_exits_2_and_lists_the_valid_codes() -> None:
    code, out, err = run(str(EVENT), "--tiebreaks", "BH,XYZ")
    assert code == 2
    assert out == ""
    assert "unknown tie-break 'XYZ'" in err
    assert "BH-C1" in err and "OMW" in err and "SOS" in err


def test_missing_file_exits_2(tmp_path: Path) -> None:
    code, out, err = run(str(tmp_path / "nope.trf"))
    assert code == 2
    assert out == ""
    assert "nope.trf: no such file" in err


def test_unreadable_file_exits_2_naming_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n001 abcd\n")
    code, _, err = run(str(bad))
    assert code == 2
    assert "bad.trf:2" in err


def test_tie_breaks_from_the_trf_record(tmp_path: Path) -> None:
    source = tmp_path / "with-202.trf"
    source.write_text(EVENT.read_text() + "202 SB, WIN\n")
    code, out, _ = run(str(source), "--format", "csv")
    assert code == 0
    assert next(csv.reader(io.StringIO(out)))[5:] == ["SB", "WIN"]


def test_a_json_event_gives_the_same_standings_as_its_trf(tmp_path: Path) -> None:
    from fairpair.formats.event_json import dump_event
    from fairpair.formats.trf import read_trf

    source = tmp_path / "event.json"
    source.write_text(dump_event(read_trf(EVENT).tournament()))
    code, from_json, _ = run(str(source), "--format", "json", "-t", "BH,SB,DE,TPR")
    assert code == 0
    assert from_json == run(str(EVENT), "--format", "json", "-t", "BH,SB,DE,TPR")[1]


def test_a_damaged_json_event_exits_2(tmp_path: Path) -> None:
    source = tmp_path / "event.json"
    source.write_text('{"players": [')
    code, out, err = run(str(source))
    assert code == 2 and out == ""
    assert "event.json:1" in err


def test_another_primary_score_and_a_bad_one() -> None:
    code, out, _ = run(str(EVENT), "--format", "json", "-t", "BH", "--score", "WON")
    assert code == 0
    expected = reference()
    rows = json.loads(out)["standings"]
    assert [r["points"] for r in rows] == sorted(
        (v["WON"] for v in expected.values()), reverse=True
    )
    code, _, err = run(str(EVENT), "--score", "NOPE")
    assert code == 2 and "unknown tie-break 'NOPE'" in err


DOUBLE = require(REFERENCE / "double-swiss/ds-0011.trf")


def _file_points(path: Path) -> dict[int, float]:
    """The points each 001 record of the file states (columns 81-84), written by the reference
    generator: the game points, byes at their match values."""
    return {
        int(line[4:8]): float(line[80:84])
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("001")
    }


def test_a_double_swiss_file_is_ranked_by_game_points_then_on_games() -> None:
    from tests.golden.test_double_tiebreaks_gacrux import GP, gacrux_values, team_trf

    code, out, err = run(str(DOUBLE), "--format", "json", "--fide2026")
    assert code == 0, err
    rows = json.loads(out)["standings"]
    assert {row["start_rank"]: row["points"] for row in rows} == _file_points(DOUBLE)
    assert list(rows[0]["tiebreaks"]) == ["BH:GP/C1", "BH:GP", "DE:GP", "WON"]
    from fairpair.formats.trf_double import read_double_trf

    event = read_double_trf(DOUBLE).tournament()
    bh = gacrux_values(team_trf(event, GP), len(event.rounds), GP, "BH:GP")
    assert {row["start_rank"]: row["tiebreaks"]["BH:GP"] for row in rows} == {
        player: float(value) for player, value in bh.items()
    }
    keys = [(-r["points"], -r["tiebreaks"]["BH:GP/C1"], -r["tiebreaks"]["BH:GP"]) for r in rows]
    assert keys == sorted(keys)


def test_a_double_swiss_file_by_match_points_with_chosen_codes() -> None:
    code, out, _ = run(str(DOUBLE), "--score", "MP", "--tiebreaks", "GPTS,sb:mp", "-f", "csv")
    assert code == 0
    table = list(csv.reader(io.StringIO(out)))
    assert table[0] == ["rank", "start_rank", "name", "rating", "points", "GPTS", "SB:MP"]
    points = [float(line[4]) for line in table[1:]]
    assert points == sorted(points, reverse=True)
    code, out, _ = run(str(DOUBLE))
    assert "Ranked by game points" in out and "Buchholz, on game points" in out


def test_a_double_swiss_file_refuses_a_board_code_and_another_score() -> None:
    code, _, err = run(str(DOUBLE), "--tiebreaks", "BH,TBR")
    assert code == 2 and "unknown Double-Swiss tie-break 'TBR'" in err
    code, _, err = run(str(DOUBLE), "--score", "MMS")
    assert code == 2 and "GP (game points) or MP" in err
