"""Every command that reads an event or a players file refuses a file that is not one (deeply
nested or non-UTF-8 JSON, a binary file, an empty file) with one line naming the file and
exit 2 (``pair``: 3, its code for bad input), never a traceback, never an empty event."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands

BAD_EVENTS = {
    "nested.json": b"[" * 100_000 + b"]" * 100_000,
    "nested-object.json": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "latin1.json": '{"name": "Café"}'.encode("latin-1"),
    "binary.json": bytes(range(256)) * 4,
    "nul.json": b'{"name": "Open\x00"}',
    "empty.json": b"",
    "binary.trf": bytes(range(256)) * 4,
    "empty.trf": b"",
    "blank.trf": b"\n  \r\n",
    "not-a-trf.trf": b"just some notes\nabout the event\n",
}
BAD_PLAYERS = {
    "binary.csv": b"\x00\x01\xff\xfe" * 100,
    "empty.csv": b"",
    "latin1.csv": "name,rating\nCafé,2000\n".encode("latin-1"),
    "nul.csv": b"name,rating\nAda\x00,2000\n",
    "binary.trf": bytes(range(256)) * 4,
    "empty.trf": b"",
}


def run(*args: str) -> tuple[int, str, str]:
    app = typer.Typer()
    commands.register(app)
    done = CliRunner().invoke(app, list(args))
    return done.exit_code, done.stdout, done.stderr


def refused(code: int, stderr: str, name: str, expected: int = 2) -> None:
    assert code == expected, stderr
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and name in lines[0], stderr


@pytest.mark.parametrize("name", BAD_EVENTS)
def test_a_bad_event_file_is_refused_by_every_command(tmp_path: Path, name: str) -> None:
    source = tmp_path / name
    source.write_bytes(BAD_EVENTS[name])
    target = tmp_path / "out.trf"
    code, _, stderr = run("convert", str(source), str(target))
    refused(code, stderr, name)
    assert not target.exists()
    code, _, stderr = run("convert", str(source), str(tmp_path / "out.json"))
    refused(code, stderr, name)
    code, stdout, stderr = run("standings", str(source))
    refused(code, stderr, name)
    assert stdout == ""
    code, stdout, stderr = run("pair", str(source))
    refused(code, stderr, name, expected=3)
    assert stdout == ""


@pytest.mark.parametrize("name", BAD_PLAYERS)
def test_a_bad_players_file_is_refused_and_imports_nothing(tmp_path: Path, name: str) -> None:
    db = str(tmp_path / "events.sqlite3")
    assert run("event", "create", "Open", "--rounds", "5", "--db", db)[0] == 0
    source = tmp_path / name
    source.write_bytes(BAD_PLAYERS[name])
    code, _, stderr = run("player", "import", str(source), "--db", db)
    refused(code, stderr, name)
    code, stdout, _ = run("player", "list", "--db", db)
    assert code == 0 and "Ada" not in stdout and "Caf" not in stdout
    if name.endswith(".csv"):
        code, _, stderr = run("roundrobin", str(source))
        refused(code, stderr, name)


def test_a_players_csv_with_a_nul_names_the_line(tmp_path: Path) -> None:
    source = tmp_path / "players.csv"
    source.write_bytes(b"name,rating\nBoris,2100\nAda\x00,2000\n")
    code, _, stderr = run("roundrobin", str(source))
    assert code == 2 and "players.csv:3: name:" in stderr


def test_an_event_the_trf_has_no_room_for_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    from fairpair.core import Colour, Player, Tournament
    from fairpair.formats.event_json import dump_event

    players = (Player(1, "Ada", federation="HUNGARY"), Player(2, "Boris"))
    source = tmp_path / "event.json"
    event = Tournament(players=players, total_rounds=3, initial_colour=Colour.WHITE)
    source.write_text(dump_event(event), encoding="utf-8")
    target = tmp_path / "event.trf"
    code, _, stderr = run("convert", str(source), str(target))
    refused(code, stderr, "event.trf")
    assert "federation 'HUNGARY' does not fit" in stderr and not target.exists()
    code, stdout, stderr = run("pair", str(source), "--format", "trf")
    refused(code, stderr, "event.json", expected=3)
    assert "cannot write the TRF" in stderr and stdout == ""
