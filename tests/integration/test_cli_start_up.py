"""What a director's command loads (issue #20): the command typed and its own needs, not the
web stack, the migrations, the pairing engines or the other commands' modules. Each command
runs in a child process as from the shell; the child writes the names in ``sys.modules``
when it exits. Time is measured by ``benchmarks/bench_cli.py``, not here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings
from fairpair.storage import open_store

register(app)
runner = CliRunner()

CHILD = """
import atexit, json, sys
out, *words = sys.argv[1:]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv = ["fairpair", *words]
from fairpair.cli.start import main
main()
"""
"""Runs `fairpair WORDS...` as the console script does and writes, at exit (main ends
with sys.exit), every module the process loaded."""

NEVER = {
    "alembic": "migrations: only a store at an older revision needs them",
    "fastapi": "the web app",
    "starlette": "the web app",
    "uvicorn": "the web server",
    "jinja2": "the web pages' templates",
    "weasyprint": "PDF printing",
    "fairpair.web": "the web app",
    "fairpair.pairing.casual": "a pairing engine: only `round pair` pairs",
    "fairpair.pairing.dutch": "a pairing engine: only `round pair` pairs",
    "fairpair.matching.weighted": "the matching solver: only pairing uses it",
    "fairpair.cli.pair": "another command's module",
    "fairpair.cli.convert": "another command's module",
    "fairpair.cli.standings": "another command's module",
    "fairpair.cli.ratings": "another command's module",
    "fairpair.cli.serve": "another command's module",
    "fairpair.cli.roundrobin": "another command's module",
    "fairpair.cli.knockout": "another command's module",
    "fairpair.cli.directors": "another command's module",
}
"""Modules no command below loads, and why they have no business there."""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Swiss of eight players: round 1 played, round 2 paired, board 1 of it entered."""
    path = tmp_path_factory.mktemp("start-up") / "events.sqlite3"
    store = open_store(str(path))  # migrated here: the children find the schema current
    try:
        desk = ev.Desk(store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "arbiter")
        event = ev.create_event(desk, EventSettings("Spring open", rounds=5))
        for number in range(1, 9):
            ev.register_player(desk, event.id, f"Player {number}", rating=2000 - number)
        ev.pair_round(desk, event.id)
        ev.enter_results(desk, event.id, [(b, "1-0") for b in range(1, 5)])
        ev.pair_round(desk, event.id)
        ev.enter_results(desk, event.id, [(1, "1/2")])
    finally:
        store.close()
    return path


def child(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """`fairpair ARGS...` in a child process, and the modules it loaded."""
    out = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(out), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "80"},
    )
    return done, set(json.loads(out.read_text()))


def loaded(tmp_path: Path, db: Path, *words: str) -> tuple[set[str], str]:
    """The modules `fairpair WORDS... --db DB` loaded, and its standard output."""
    done, modules = child(tmp_path, *words, "--db", str(db))
    assert done.returncode == 0, done.stderr
    return modules, done.stdout


@pytest.mark.parametrize(
    ("words", "shown"),
    [
        (("event", "show"), "Spring open"),
        (("event", "standings"), "Player 1"),
        (("player", "list"), "Player 8"),
        (("round", "show"), "Player 1"),
        (("log",), "round.paired"),
    ],
)
def test_a_director_command_loads_nothing_it_does_not_use(
    tmp_path: Path, db: Path, words: tuple[str, ...], shown: str
) -> None:
    modules, stdout = loaded(tmp_path, db, *words)
    assert shown in stdout  # the command ran and did its work
    assert "fairpair.storage.sql" in modules  # ... on the store: the check below means something
    found = {name: why for name, why in NEVER.items() if name in modules}
    assert found == {}


def test_a_result_and_its_undo_load_nothing_they_do_not_use(tmp_path: Path, db: Path) -> None:
    """One test for both, so that the event is as it was for the other tests."""
    modules, stdout = loaded(tmp_path, db, "result", "2", "0-1")
    assert "round 2: 1 result(s) saved" in stdout
    assert {name: why for name, why in NEVER.items() if name in modules} == {}
    modules, stdout = loaded(tmp_path, db, "undo")
    assert "undid" in stdout and "board 2 0-1" in stdout
    assert {name: why for name, why in NEVER.items() if name in modules} == {}


@pytest.mark.parametrize("words", [("event", "show"), ("player", "list"), ("round", "show")])
def test_commands_printing_plain_lines_do_not_load_rich(
    tmp_path: Path, db: Path, words: tuple[str, ...]
) -> None:
    modules, stdout = loaded(tmp_path, db, *words)
    assert stdout
    assert not {name for name in modules if name == "rich" or name.startswith("rich.")}


def test_a_group_command_loads_neither_the_other_groups_nor_their_commands(
    tmp_path: Path, db: Path
) -> None:
    modules, _ = loaded(tmp_path, db, "round", "show")
    assert "fairpair.cli.rounds" in modules
    assert "fairpair.cli.event" not in modules
    assert "fairpair.cli.player" not in modules
    modules, _ = loaded(tmp_path, db, "player", "list")
    assert "fairpair.cli.checkin" not in modules  # `player codes` lives there


@pytest.mark.parametrize(
    "words",
    [
        ("event", "show"),
        ("event", "show", "--format", "json"),
        ("player", "list"),
        ("round", "show", "1"),
        ("event", "standings"),
        ("--help",),
        ("event", "--help"),
        ("player", "--help"),
        ("player", "codes", "--help"),
    ],
)
def test_a_command_alone_answers_as_with_every_command_attached(
    tmp_path: Path, db: Path, words: tuple[str, ...]
) -> None:
    """The process attaches only the command typed; the application with all of them
    attached (as the tests in this process have it) answers the same, byte for byte."""
    args = [*words] if "--help" in words else [*words, "--db", str(db)]
    alone, _ = child(tmp_path, *args)
    whole = runner.invoke(app, args, env={"COLUMNS": "80"}, prog_name="fairpair")
    assert (alone.returncode, whole.exit_code) == (0, 0), alone.stderr + whole.output
    assert alone.stdout == whole.stdout


def test_a_misspelt_sub_command_is_still_told_what_there_is(tmp_path: Path, db: Path) -> None:
    done, _ = child(tmp_path, "event", "shw", "--db", str(db))
    assert done.returncode == 2
    assert "show" in done.stderr  # Click's "did you mean": the whole group was attached
