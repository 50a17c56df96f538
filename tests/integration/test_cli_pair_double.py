"""``fairpair pair FILE --system double-swiss [--explain]``: the next match-round of a
Double-Swiss TRF (spec double-swiss.md §9) or JSON event, as a table, JSON or the file with the
round added; ``--explain`` gives each board's bracket, upfloaters and why, the colour rule
(4.3.x), and why the PAB goes where it goes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import Colour
from fairpair.core.double_swiss import DoubleSwissTournament, Match
from fairpair.formats.double_json import dump_double_event
from fairpair.formats.trf_double import parse_double_trf, read_double_trf, write_double_trf
from tests.golden_data import DOUBLE_SWISS, REFERENCE, require
from tests.unit.test_double_swiss_examples import event, played

register(app)
runner = CliRunner()
EVENT = require(DOUBLE_SWISS / "ds-0002.trf")
DUTCH = require(REFERENCE / "dutch" / "dutch-0001.trf")
NOTE = re.compile(r" *\d+  ")


def _file(tmp_path: Path, t: DoubleSwissTournament, name: str = "event.trf") -> str:
    path = tmp_path / name
    path.write_text(dump_double_event(t) if name.endswith(".json") else write_double_trf(t))
    return str(path)


def _lines(data: dict[str, object]) -> list[str]:
    boards = data["boards"]
    assert isinstance(boards, list)
    out = [f"{b['white']} {b['black']}" for b in boards]
    if data["bye"] is not None:
        out.append(f"{data['bye']} 0")
    return [str(len(out)), *out]


@pytest.mark.parametrize("system", [[], ["--system", "double-swiss"]])
def test_every_round_of_a_reference_event_as_the_oracle_pairs_it(
    tmp_path: Path, system: list[str]
) -> None:
    # The file alone says it is a Double-Swiss (its 192 record); --system says it too.
    t = read_double_trf(EVENT).tournament()
    expected = json.loads(EVENT.with_suffix(".json").read_text())["expected"]
    for r in range(1, len(t.rounds) + 1):
        source = _file(tmp_path, t.before_round(r), f"r{r}.trf")
        result = runner.invoke(app, ["pair", source, *system, "--format", "json"])
        assert result.exit_code == 0, result.output
        assert _lines(json.loads(result.output)) == expected[str(r)]


def test_a_json_event_is_paired_too(tmp_path: Path) -> None:
    source = _file(tmp_path, event(8, Colour.WHITE), "event.json")
    result = runner.invoke(app, ["pair", source, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert _lines(json.loads(result.output)) == ["4", "1 5", "6 2", "3 7", "8 4"]  # Example 6


def test_the_table_names_the_white_of_game_one_first(tmp_path: Path) -> None:
    source = _file(tmp_path, event(7, Colour.BLACK))
    result = runner.invoke(app, ["pair", source])
    assert result.exit_code == 0, result.output
    rows = result.output.splitlines()
    assert any("White in game 1" in row and "Black in game 1" in row for row in rows)
    # Example 2, round 1: 4-1 on board 1 (initial Black: 1 has Black), 7 has the PAB.
    assert any("Player 4 (4)" in row and "Player 1 (1)" in row for row in rows)
    assert any("Player 7 (7)" in row and "bye" in row for row in rows)


def test_explain_example_1_round_3(tmp_path: Path) -> None:
    # Spec §12 Example 1, round 3 (derived there by hand): bracket 3½ takes 2 (the only
    # 2-point player 1 has not met; 2 floated in round 2: C7 counts 1); bracket 2 pairs 3-4
    # by itself; bracket 1½ takes 5, whose opponent 6 floated (C8 = 1); colours 4.3.3 for
    # 1-2, 4.3.2 for 4-3 and 6-5.
    t = event(6, Colour.WHITE)
    t = played(t, [(1, 4, "2-0"), (5, 2, "1-1"), (3, 6, "1½-½")])
    t = played(t, [(3, 1, "½-1½"), (2, 6, "1-1"), (4, 5, "2-0")])
    result = runner.invoke(app, ["pair", _file(tmp_path, t), "--explain"])
    assert result.exit_code == 0, result.output
    notes = [line.strip() for line in result.output.splitlines() if NOTE.match(line)]
    one, two, three = notes
    assert one.startswith("1  bracket 3½ (1 resident) with upfloater 2 (2): 1 upfloater")
    assert "1 of them floated in the previous round, no fewer possible (C7)" in one
    assert one.endswith(
        "colours 4.3.3: alternation from the latest match where their colours differed"
    )
    assert two == (
        "2  bracket 2 (2 residents) paired among themselves; colours 4.3.2: White to the "
        "player with fewer Whites"
    )
    assert three.startswith("3  bracket 1½ (1 resident) with upfloater 5 (1)")
    assert "1 resident who floated in the previous round meets an upfloater" in three
    assert "(C8)" in three and "4.3.2" in three


def test_explain_example_2_the_pab_and_the_forfeit(tmp_path: Path) -> None:
    # Example 2, round 2: 7 (had the PAB) and 2 (won by forfeit) are barred; 5 (0) gets it.
    # Round 3: 4 (1) gets it; 5 and 7, with more points, are barred; 2-1 ... as the spec says.
    t = event(7, Colour.BLACK)
    t = played(t, [(4, 1, "½-1½"), (2, 5, "+:-"), (6, 3, "1-1")], pab=7)
    result = runner.invoke(app, ["pair", _file(tmp_path, t), "--explain"])
    assert result.exit_code == 0, result.output
    assert (
        "  4  player 5 receives the pairing-allocated bye: eligible (C2), lowest score 0, "
        "0 matches played, then the largest number (3.4)"
    ) in result.output.splitlines()
    assert "bracket 2 (1 resident) with upfloater 1 (1½)" in result.output
    assert "4.3.5: the other player alternates his last colour" in result.output


def test_explain_in_json_has_the_notes(tmp_path: Path) -> None:
    source = _file(tmp_path, event(5, Colour.WHITE))
    data = json.loads(runner.invoke(app, ["pair", source, "--format", "json", "--explain"]).output)
    assert [n["board"] for n in data["notes"]] == [1, 2, 3]
    assert data["notes"][2]["text"].startswith("player 5 receives the pairing-allocated bye")
    assert "4.3.1" in data["notes"][0]["text"]


def test_trf_output_is_the_file_with_the_round_added(tmp_path: Path) -> None:
    t = read_double_trf(EVENT).tournament().before_round(3)
    source = _file(tmp_path, t)
    result = runner.invoke(app, ["pair", source, "--format", "trf"])
    assert result.exit_code == 0, result.output
    paired = parse_double_trf(result.output).tournament()
    assert paired.rounds[:2] == t.rounds[:2]
    third = paired.rounds[2]
    expected = json.loads(EVENT.with_suffix(".json").read_text())["expected"]["3"][1:]
    assert {f"{m.white} {m.black}" for m in third.matches} == {
        line for line in expected if not line.endswith(" 0")
    }
    assert all(m == Match(m.white, m.black) for m in third.matches)  # results to come


def test_forbid_and_rounds_and_the_errors(tmp_path: Path) -> None:
    t = event(4, Colour.WHITE, rounds=3)
    source = _file(tmp_path, t)
    forbid = runner.invoke(app, ["pair", source, "--forbid", "1,3", "--format", "json"])
    assert forbid.exit_code == 0, forbid.output
    assert _lines(json.loads(forbid.output)) == ["2", "1 4", "3 2"]  # not 1-3, 2-4
    bad = runner.invoke(app, ["pair", source, "--forbid", "1,9"])
    assert bad.exit_code == 3 and "no player with start number 9" in bad.output
    fixed = runner.invoke(app, ["pair", source, "--fixed", "1-2"])
    assert fixed.exit_code == 3 and "not offered for Double-Swiss" in fixed.output
    # Four players, three rounds: each has met all the others; a fourth round has no pairing.
    t = played(t, [(1, 3, "1-1"), (4, 2, "1-1")])
    t = played(t, [(1, 2, "1-1"), (3, 4, "1-1")])
    t = played(t, [(1, 4, "1-1"), (2, 3, "1-1")])
    source = _file(tmp_path, t)
    past = runner.invoke(app, ["pair", source])
    assert past.exit_code == 3 and "past the last match-round, 3" in past.output
    none = runner.invoke(app, ["pair", source, "--rounds", "4"])
    assert none.exit_code == 1 and "no valid pairing" in none.output
    missing = runner.invoke(
        app, ["pair", str(tmp_path / "nothing.trf"), "--system", "double-swiss"]
    )
    assert missing.exit_code == 5
    wrong = runner.invoke(app, ["pair", str(DUTCH), "--system", "double-swiss"])
    assert wrong.exit_code == 3 and "not a Double-Swiss file" in wrong.output
