"""The command line in a director's shell: output into a pipe that closes early
(`fairpair log | head`) and errors into a pipe or a file, run as real processes."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from fairpair.service import events as ev
from fairpair.service.settings import EventSettings
from fairpair.storage import open_store


def _event_with_players(db: Path, count: int) -> None:
    store = open_store(str(db))
    try:
        desk = ev.Desk(store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "arbiter")
        event = ev.create_event(desk, EventSettings("Spring open", rounds=5))
        for number in range(count):
            ev.register_player(desk, event.id, f"Player {number:03}", rating=1500 + number)
    finally:
        store.close()


def _fairpair(*args: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fairpair", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        check=False,
    )


def test_output_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    _event_with_players(db, 40)
    reader, writer = os.pipe()
    os.close(reader)  # the reader is gone before the first line: every write fails (EPIPE)
    try:
        done = _fairpair("log", "--db", str(db), stdout=writer)
    finally:
        os.close(writer)
    assert done.stderr == ""
    assert done.returncode in (0, 1)  # not 2, the status of an error reported


def test_log_piped_into_head_prints_its_first_line_and_no_error(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    _event_with_players(db, 40)
    command = f"{sys.executable} -m fairpair log --db {db} | head -1"
    done = subprocess.run(
        ["sh", "-c", command], capture_output=True, text=True, timeout=60, check=False
    )
    assert len(done.stdout.splitlines()) == 1
    assert "Broken pipe" not in done.stderr and "Traceback" not in done.stderr


def test_a_long_error_into_a_pipe_stays_on_one_line(tmp_path: Path) -> None:
    folder = tmp_path / ("a very long folder name " * 6).strip()
    folder.mkdir()
    missing = folder / "the [round 3] file that is not there.trf"
    done = _fairpair("pair", str(missing))
    assert done.returncode != 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and "[round 3]" in lines[0]


def test_a_long_store_error_into_a_pipe_stays_on_one_line(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    _event_with_players(db, 1)
    name = "an event with a name long enough to wrap on any terminal " * 3
    done = _fairpair("event", "show", "--db", str(db), "--event", name)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fairpair: error: no event"), done.stderr


def test_help_uses_a_wide_terminal_and_wraps_in_a_narrow_one() -> None:
    wide = subprocess.run(
        [sys.executable, "-m", "fairpair", "event", "create", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "COLUMNS": "160"},
    )
    narrow = subprocess.run(
        [sys.executable, "-m", "fairpair", "event", "create", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "COLUMNS": "60"},
    )
    assert max(len(line) for line in wide.stdout.splitlines()) > 100
    assert max(len(line) for line in narrow.stdout.splitlines()) <= 60
    # wrapped, not cut: the end of a long help text is still there
    assert "last)." in " ".join(narrow.stdout.split())


def test_the_event_list_into_a_pipe_keeps_long_names_whole(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    store = open_store(str(db))
    name = "The Spring open of the chess club of a town with a very long name, 2026 edition"
    try:
        desk = ev.Desk(store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "arbiter")
        ev.create_event(desk, EventSettings(name, rounds=5))
    finally:
        store.close()
    done = _fairpair("event", "list", "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert name in done.stdout
