"""What the TRF reader refuses reaches the user as invalid input naming the file, line and
column: ``fairpair-engine -p`` and ``fairpair pair`` exit 3 (README: exit codes as the
standard engines), ``fairpair convert`` exits 2 and writes nothing."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.cli.engine import run

EXAMPLE_B = Path(__file__).resolve().parents[1] / "unit" / "data" / "example-b.trf"
SRC = Path(__file__).resolve().parents[2] / "src"
runner = CliRunner()
register(app)

BROKEN = {
    # line 4 is player 3: his pairing number blanked, or his 0.5 points made 1.5
    "missing pairing number": (
        ("001    3", "001     "),
        ":4:5: player id: the pairing number (columns 5-8) is missing",
    ),
    "points contradict the results": (
        (
            "Player0003               2300                             0.5",
            "Player0003               2300                             1.5",
        ),
        ":4:81: points: 1.5 contradicts the results, which give 0.5 under the file's point system",
    ),
}


def broken(tmp_path: Path, change: tuple[str, str]) -> Path:
    text = EXAMPLE_B.read_text()
    assert text.count(change[0]) == 1
    path = tmp_path / "f.trf"
    path.write_text(text.replace(*change))
    return path


@pytest.mark.parametrize(("change", "message"), BROKEN.values(), ids=BROKEN.keys())
def test_engine_exits_3_naming_the_line(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = broken(tmp_path, change)
    out, err = io.StringIO(), io.StringIO()
    assert run(["--dutch", str(path), "-p"], out, err) == 3
    assert out.getvalue() == ""
    assert err.getvalue().startswith(f"fairpair-engine: {path}{message}")


@pytest.mark.parametrize(("change", "message"), BROKEN.values(), ids=BROKEN.keys())
def test_pair_exits_3_with_the_same_message(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = broken(tmp_path, change)
    result = runner.invoke(app, ["pair", str(path)])
    assert result.exit_code == 3
    # rich may break the line anywhere: compare without white space
    assert "".join(f"{path}{message}".split()) in "".join(result.output.split())


@pytest.mark.parametrize(("change", "message"), BROKEN.values(), ids=BROKEN.keys())
def test_convert_exits_2_and_writes_nothing(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = broken(tmp_path, change)
    result = runner.invoke(app, ["convert", str(path), str(tmp_path / "out.json")])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"fairpair: error: {path}{message}")
    assert [p.name for p in tmp_path.iterdir()] == ["f.trf"]


def test_the_unbroken_file_pairs() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(["--dutch", str(EXAMPLE_B), "-p"], out, err) == 0


def test_the_console_script_converts_a_real_world_file_byte_for_byte(tmp_path: Path) -> None:
    """``python -m fairpair convert`` in its own process: Latin-1 in, Latin-1 out, via JSON."""
    source = EXAMPLE_B.parent / "real-world" / "vega.trf"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    event, back = tmp_path / "event.json", tmp_path / "back.trf"
    for a, b in ((source, event), (event, back)):
        done = subprocess.run(
            [sys.executable, "-m", "fairpair", "convert", str(a), str(b)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert (done.returncode, done.stderr) == (0, "")
    assert back.read_bytes() == source.read_bytes()
