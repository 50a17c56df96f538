"""`fairpair roundrobin` end to end: outputs in every format, a names file, and bad input."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands

SRC = Path(__file__).resolve().parents[2] / "src"
runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer(add_completion=False)

    @app.callback()
    def _root() -> None:
        """Test root."""

    commands.register(app)
    return app


APP = _app()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(APP, ["roundrobin", *args])
    return result.exit_code, result.stdout, result.stderr


def fairpair(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The real entry point, `python -m fairpair`, as a user runs it."""
    env = dict(os.environ, PYTHONPATH=str(SRC), COLUMNS="80")
    return subprocess.run(
        [sys.executable, "-m", "fairpair", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
        check=False,
    )


@pytest.fixture
def names_csv(tmp_path: Path) -> Path:
    path = tmp_path / "club.csv"
    path.write_text(
        "name,rating\nAnna,2100\nBoris,1900\nCarla <b>&</b>,2300\nDmitri,\nEve,1800\n",
        encoding="utf-8",
    )
    return path


# --- outputs -------------------------------------------------------------------------------------


def test_text_for_five_players() -> None:
    code, out, _ = run("5")
    assert code == 0
    assert out.splitlines()[:7] == [
        "Round robin: 5 players, 5 rounds",
        "",
        "Round 1",
        "  Board  White  Black",
        "      1  2      5",
        "      2  3      4",
        "  Bye: 1",
    ]
    assert out.count("Bye:") == 5
    assert "Round 5" in out


def test_json_is_the_berger_table() -> None:
    code, out, _ = run("6", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"players", "rounds"}
    assert data["players"] == 6
    assert data["rounds"][0] == {"round": 1, "boards": [[1, 6], [2, 5], [3, 4]], "bye": None}
    assert data["rounds"][1]["boards"] == [[6, 4], [5, 3], [1, 2]]
    assert len(data["rounds"]) == 5


def test_json_of_an_odd_field_names_the_bye() -> None:
    data = json.loads(run("3", "--format", "json")[1])
    assert [r["bye"] for r in data["rounds"]] == [1, 3, 2]  # FIDE table of 4: 1-4, 4-3, 2-4
    assert data["rounds"][0]["boards"] == [[2, 3]]


def test_double_round_robin_swaps_the_last_rounds_unless_told_not_to() -> None:
    swapped = json.loads(run("4", "--double", "--format", "json")[1])["rounds"]
    plain = json.loads(run("4", "--double", "--no-swap-last-rounds", "--format", "json")[1])[
        "rounds"
    ]
    assert len(swapped) == len(plain) == 6
    assert [r["boards"] for r in swapped[:3]] == [
        plain[0]["boards"],
        plain[2]["boards"],
        plain[1]["boards"],
    ]
    assert swapped[3:] == plain[3:]
    assert plain[3]["boards"] == [[4, 1], [3, 2]]


def test_csv_output() -> None:
    code, out, _ = run("3", "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["round", "board", "white", "black"]
    assert rows[1:3] == [["1", "1", "2", "3"], ["1", "bye", "1", ""]]


def test_html_output_is_a_page() -> None:
    code, out, _ = run("4", "--format", "html")
    assert code == 0
    assert out.startswith("<!DOCTYPE html>")
    assert out.count("<table>") == 3
    assert "<h2>Round 3</h2>" in out
    assert "http" not in out  # self-contained


def test_names_file_shows_names_with_pairing_numbers(names_csv: Path) -> None:
    code, out, _ = run(str(names_csv), "--seed", "4")
    assert code == 0
    assert out.startswith("Round robin: 5 players, 5 rounds")
    for name in ("Anna", "Boris", "Carla <b>&</b>", "Dmitri", "Eve"):
        assert out.count(name + " (") == 5  # four games and the bye
    # the draw is reproducible, and another seed draws differently
    assert run(str(names_csv), "--seed", "4")[1] == out
    assert run(str(names_csv), "--seed", "5")[1] != out


def test_names_file_in_csv_and_html(names_csv: Path) -> None:
    out = run(str(names_csv), "--format", "csv")[1]
    labels = {cell for row in list(csv.reader(io.StringIO(out)))[1:] for cell in row[2:] if cell}
    assert {label.rsplit(" (", 1)[0] for label in labels} == {
        "Anna",
        "Boris",
        "Carla <b>&</b>",
        "Dmitri",
        "Eve",
    }
    page = run(str(names_csv), "--format", "html")[1]
    assert "Carla &lt;b&gt;&amp;&lt;/b&gt;" in page
    assert "<b>&</b>" not in page


def test_json_of_a_names_file_uses_numbers(names_csv: Path) -> None:
    data = json.loads(run(str(names_csv), "--format", "json")[1])
    assert data["players"] == 5
    assert "Anna" not in json.dumps(data)


def test_rotation_with_strength_groups_prints_the_seats(names_csv: Path) -> None:
    code, out, _ = run(str(names_csv), "--method", "rotation", "--seating", "strength")
    assert code == 0
    assert "Seats in round 1" in out
    assert "     1  (empty)" in out
    code, out, _ = run("8", "--method", "rotation", "--seating", "strength", "--groups", "2")
    assert code == 0


def test_rotation_best_last_puts_one_two_in_the_last_round() -> None:
    data = json.loads(
        run("8", "--method", "rotation", "--seating", "best-last", "--format", "json")[1]
    )
    assert sorted(map(sorted, data["rounds"][-1]["boards"]))[0] == [1, 2]


def test_boards_split_rounds_into_sessions() -> None:
    code, out, _ = run("8", "--boards", "2", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert len(data["sessions"]) == 14
    assert all(len(s["boards"]) == 2 for s in data["sessions"])
    text = run("8", "--boards", "2")[1]
    assert text.startswith("Round robin: 8 players, 7 rounds in 14 sessions on 2 boards")
    assert "Session 14" in text


def test_output_file_is_written_whole(tmp_path: Path) -> None:
    target = tmp_path / "schedule.json"
    target.write_text("old", encoding="utf-8")
    code, out, _ = run("6", "--format", "json", "--output", str(target))
    assert code == 0
    assert out == ""
    assert json.loads(target.read_text(encoding="utf-8"))["players"] == 6
    assert [p.name for p in tmp_path.iterdir()] == ["schedule.json"]  # no temporary left


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", ["0", "1"])
def test_too_few_players(count: str) -> None:
    code, out, err = run(count)
    assert code == 2
    assert out == ""
    expected = f"a round robin needs at least 2 players, got {count}"
    assert err.strip() == f"fairpair roundrobin: error: {expected}"


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nobody.csv"
    code, _, err = run(str(missing))
    assert code == 2
    assert err.strip() == f"fairpair roundrobin: error: {missing}: no such file"


def test_malformed_csv_names_file_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("name,rating\nAnna,2000\nBoris,strong\n", encoding="utf-8")
    code, _, err = run(str(path))
    assert code == 2
    assert err.startswith(f"fairpair roundrobin: error: {path}:3: rating: ")
    assert len(err.strip().splitlines()) == 1


def test_a_names_file_with_one_player(tmp_path: Path) -> None:
    path = tmp_path / "one.csv"
    path.write_text("name\nAnna\n", encoding="utf-8")
    code, _, err = run(str(path))
    assert code == 2
    expected = f"{path}: a round robin needs at least 2 players, got 1"
    assert err.strip() == f"fairpair roundrobin: error: {expected}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["6", "--boards", "0"], "at least one board is needed, got 0"),
        (["6", "--seating", "strength"], "use it with the rotation method"),
        (["6", "--groups", "2"], "--groups only applies to --seating strength"),
        (
            ["6", "--method", "rotation", "--seating", "strength", "--groups", "7"],
            "strength groups",
        ),
    ],
)
def test_bad_choices(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_unwritable_output(tmp_path: Path) -> None:
    code, _, err = run("4", "--output", str(tmp_path / "no" / "such" / "dir.txt"))
    assert code == 2
    assert "error:" in err


# --- the real command, as typed -------------------------------------------------------------


def test_python_m_fairpair_roundrobin_prints_the_schedule() -> None:
    done = fairpair("roundrobin", "4")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Round robin: 4 players, 3 rounds"
    assert "      1  1      4" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["roundrobin", "6", "--method", "swiss"], "Invalid value for '--method'"),
        (["roundrobin", "6", "--format", "pdf"], "Invalid value for '--format'"),
        (["roundrobin", "6", "--boards", "two"], "Invalid value for '--boards'"),
        (["roundrobin", "6", "--colour"], "No such option: --colour"),
        (["roundrobin", "1"], "needs at least 2 players"),
        (["roundrobin", "missing.csv"], "missing.csv: no such file"),
    ],
)
def test_usage_errors_are_one_line_without_a_traceback(
    args: list[str], message: str, tmp_path: Path
) -> None:
    done = fairpair(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert message in lines[0]
    assert "Traceback" not in done.stderr
