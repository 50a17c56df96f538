"""`fairpair convert` between TRF and JSON."""

from __future__ import annotations

import shutil
from pathlib import Path

import typer
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.formats.event_json import load_event
from fairpair.formats.trf import parse_trf, read_trf

EXAMPLE = Path(__file__).parent / "data" / "example-b.trf"


def run(*args: str) -> tuple[int, str]:
    app = typer.Typer()
    commands.register(app)
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stderr


def test_trf_to_json_and_back(tmp_path: Path) -> None:
    source = tmp_path / "example.trf"
    shutil.copy(EXAMPLE, source)
    event = tmp_path / "example.json"
    back = tmp_path / "back.trf"
    assert run("convert", str(source), str(event)) == (0, "")
    assert load_event(event.read_text()) == read_trf(source).tournament()
    assert run("convert", str(event), str(back), "--flavour", "trf2026") == (0, "")
    text = back.read_text()
    assert "142 3\n" in text and "152 W\n" in text
    assert parse_trf(text).tournament() == read_trf(source).tournament()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["back.trf", "example.json", "example.trf"]


def test_broken_file_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    source = tmp_path / "broken.trf"
    source.write_text(EXAMPLE.read_text().replace("4 w 1", "4 w Q", 1))
    target = tmp_path / "out.json"
    code, stderr = run("convert", str(source), str(target))
    assert code == 2
    assert stderr == f"fairpair: error: {source}:2:99: round 1 result: unknown result code 'Q'\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.trf"]


def test_unknown_extension_and_missing_file(tmp_path: Path) -> None:
    code, stderr = run("convert", str(EXAMPLE), str(tmp_path / "out.pdf"))
    assert code == 2 and "unknown format" in stderr
    code, stderr = run("convert", str(tmp_path / "none.trf"), str(tmp_path / "out.json"))
    assert code == 2 and stderr.startswith("fairpair: error: ") and "none.trf" in stderr
    assert list(tmp_path.iterdir()) == []
