"""What a director's command loads (issue #20): the command typed and its own needs, not the
web stack, the migrations, the pairing engines, the other commands' modules or those of
other kinds of event. Each command runs in a child process as the console script runs it;
the child writes the names in ``sys.modules`` when it exits, and the state of the garbage
collector. Time is measured by ``benchmarks/bench_cli.py``, not here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

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
import atexit, gc, json, sys
out, *words = sys.argv[1:]
def written():
    found = {"modules": sorted(sys.modules), "collector": [gc.isenabled(), gc.get_freeze_count()]}
    open(out, "w").write(json.dumps(found))
atexit.register(written)
sys.argv = ["fairpair", *words]
from fairpair.cli.start import main
main()
"""
"""Runs `fairpair WORDS...` as the console script does and writes, at exit (main ends
with sys.exit), every module the process loaded, whether the garbage collector is on and
how many objects start-up froze."""

NEVER = {
    "alembic": "migrations: only a store at an older revision needs them",
    "sqlalchemy.orm": "SQLAlchemy's ORM: the store is written with its Core",
    "sqlalchemy.ext": "SQLAlchemy's extensions: the store uses none",
    "sqlalchemy.dialects.postgresql": "PostgreSQL's dialect, for a SQLite file",
    "psycopg": "the PostgreSQL driver, for a SQLite file",
    "argon2": "password hashing: only the staff and directors' commands",
    "xml": "the XML parser: only reading a FIDE rating list",
    "fastapi": "the web app",
    "starlette": "the web app",
    "uvicorn": "the web server",
    "jinja2": "the web pages' templates",
    "pydantic": "Typer 0.29's option checks (Typer is kept below 0.29) or the web's models",
    "weasyprint": "PDF printing",
    "fairpair.web": "the web app",
    "fairpair.pairing.casual": "a pairing engine: only `round pair` pairs",
    "fairpair.pairing.dutch": "a pairing engine: only `round pair` pairs",
    "fairpair.pairing.burstein": "a pairing engine: only `round pair` pairs",
    "fairpair.pairing.round_robin": "a pairing engine: only `round pair` pairs",
    "fairpair.pairing.registry": "the pairing systems by name: only `round pair` pairs",
    "fairpair.matching": "the matching solver: only pairing uses it",
    "fairpair.core.teams": "a team event's core, for an individual Swiss",
    "fairpair.core.double_swiss": "a Double-Swiss event's core, for a Swiss",
    "fairpair.core.knockout": "the knockout bracket's core, for a Swiss without a knockout stage",
    "fairpair.formats.team_json": "a team event's snapshot format, for a Swiss",
    "fairpair.formats.double_json": "a Double-Swiss event's snapshot format, for a Swiss",
    "fairpair.service.team_settings": "a team event's settings, for a Swiss",
    "fairpair.service.double_settings": "a Double-Swiss event's settings, for a Swiss",
    "fairpair.service.knockout_settings": "a knockout's settings, for a Swiss without one",
    "fairpair.standings.team": "a team event's standings, for a Swiss",
    "fairpair.standings.boards": "a team event's board prizes, for a Swiss",
    "fairpair.service.double_events": "a Double-Swiss event's use cases, for a Swiss",
    "fairpair.service.team_events": "a team event's use cases, for a Swiss",
    "fairpair.service.knockout_events": "a knockout's use cases, for a Swiss in its rounds",
    "fairpair.cli.double": "the commands of a Double-Swiss event, for a Swiss",
    "fairpair.cli.team": "the commands of a team event, for a Swiss",
    "fairpair.cli.staff": "another command's module",
    "fairpair.cli.sections": "another command's module",
    "fairpair.cli.prizes": "another command's module",
    "fairpair.cli.pair": "another command's module",
    "fairpair.cli.convert": "another command's module",
    "fairpair.cli.standings": "another command's module",
    "fairpair.cli.ratings": "another command's module",
    "fairpair.cli.serve": "another command's module",
    "fairpair.cli.roundrobin": "another command's module",
    "fairpair.cli.knockout": "another command's module",
    "fairpair.cli.directors": "another command's module",
}
"""Modules (with their sub-modules) no command below loads on the small Swiss, and why they
have no business there."""


def unwanted(modules: set[str]) -> dict[str, str]:
    """The entries of :data:`NEVER` loaded, themselves or a sub-module of theirs."""
    return {
        name: why
        for name, why in NEVER.items()
        if any(m == name or m.startswith(name + ".") for m in modules)
    }


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
    done, found = run_child(tmp_path, *args)
    return done, set(found["modules"])


def run_child(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], Any]:
    """`fairpair ARGS...` in a child process, and what it wrote at exit."""
    out = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(out), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "80"},
    )
    return done, json.loads(out.read_text())


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
    assert unwanted(modules) == {}


def test_a_result_and_its_undo_load_nothing_they_do_not_use(tmp_path: Path, db: Path) -> None:
    """One test for both, so that the event is as it was for the other tests."""
    modules, stdout = loaded(tmp_path, db, "result", "2", "0-1")
    assert "round 2: 1 result(s) saved" in stdout
    assert unwanted(modules) == {}
    modules, stdout = loaded(tmp_path, db, "undo")
    assert "undid" in stdout and "board 2 0-1" in stdout
    assert unwanted(modules) == {}


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


def test_event_show_loads_no_printed_sheet(tmp_path: Path, db: Path) -> None:
    """The settings are lines of text: the sheets (pairings, standings...) stay out."""
    modules, stdout = loaded(tmp_path, db, "event", "show")
    assert "Spring open" in stdout
    assert "fairpair.formats.printouts" not in modules
    assert "fairpair.service.printouts" not in modules


EXPORTS_AND_STANDINGS = {
    "fairpair.formats.trf",
    "fairpair.formats.players_csv",
    "fairpair.standings.table",
    "fairpair.standings.registry",
}
"""The TRF reader and writer, the players CSV and the standings table with its tie-breaks:
for the commands that write or show them."""


def test_showing_the_event_and_entering_a_result_load_no_export_or_standings(
    tmp_path: Path, db: Path
) -> None:
    """One test for the result and its undo, so that the event is as it was for the others."""
    for words, shown in [
        (("event", "show"), "Spring open"),
        (("result", "2", "0-1"), "round 2: 1 result(s) saved"),
        (("undo",), "undid"),
    ]:
        modules, stdout = loaded(tmp_path, db, *words)
        assert shown in stdout
        assert "fairpair.service.events" in modules  # the use cases: the check means something
        assert not modules & EXPORTS_AND_STANDINGS, words


def test_listing_the_players_loads_no_reader_of_player_files(tmp_path: Path, db: Path) -> None:
    """The TRF and CSV readers are `player import`'s."""
    modules, stdout = loaded(tmp_path, db, "player", "list")
    assert "Player 8" in stdout
    assert "fairpair.cli.player" in modules
    assert not modules & {"fairpair.formats.trf", "fairpair.formats.players_csv"}


def test_a_group_of_event_living_elsewhere_is_attached_when_typed(tmp_path: Path, db: Path) -> None:
    modules, stdout = loaded(tmp_path, db, "event", "staff")
    assert "no staff" in stdout  # without a command: the list
    assert "fairpair.cli.staff" in modules
    assert "fairpair.cli.prizes" not in modules


@pytest.mark.parametrize("words", [("event", "show"), ("result", "2", "0-1"), ("undo",)])
def test_the_garbage_collector_is_on_again_when_the_command_runs(
    tmp_path: Path, db: Path, words: tuple[str, ...]
) -> None:
    """Start-up imports with the collector off and freezes what it imported; the command
    itself (a big pairing, the web server) runs with the collector on."""
    done, found = run_child(tmp_path, *words, "--db", str(db))
    assert done.returncode == 0, done.stderr
    enabled, frozen = found["collector"]
    assert enabled
    assert frozen > 10_000  # the modules' objects, SQLAlchemy's among them
    assert "sqlalchemy" in found["modules"]


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
        ("event", "staff", "--help"),
        ("event", "prizes", "--help"),
        ("event", "cut", "--help"),
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
