"""A Double-Swiss result corrected after later rounds were paired is saved (an arbiter must be
able to fix a wrong result), but the director is told which later rounds were paired on the
old scores: the service names them, and ``fairpair result --round`` prints it as a warning.

The event: rounds 1 and 2 complete, round 3 paired (tests/web/double_event.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import typer
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.storage import EventStore, MemoryStore, open_store
from tests.web.double_event import ROUND_1, double_event


def _desk(store: EventStore) -> ev.Desk:
    return ev.Desk(store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "arbiter")


def _correct(desk: ev.Desk, event_id: int, number: int, g1: str, g2: str) -> list[str]:
    before = de.load_double(desk, event_id)
    after = de.record_double_results(desk, event_id, number, [(1, g1, g2)])
    return de.later_rounds_warnings(before, after, number)


def test_the_service_names_the_later_rounds_paired_on_the_old_scores() -> None:
    desk = _desk(MemoryStore())
    built = double_event(desk)
    (warning,) = _correct(desk, built.event_id, 1, "0-1", "½-½")  # was 1-0 ½-½
    assert "Round 1's results changed after rounds 2-3 had been paired" in warning
    assert "fairpair-engine -c" in warning and "report rounds 2-3" in warning
    # Saved all the same.
    saved = de.load_double(desk, built.event_id).tournament
    assert de.game_text(saved.rounds[0].matches[0], 1) == "0-1"
    (warning,) = _correct(desk, built.event_id, 2, "1-0", "1-0")  # was 0-1 0-1
    assert "after round 3 had been paired" in warning and "that pairing stands" in warning


def test_no_warning_without_a_later_round_or_without_a_change() -> None:
    desk = _desk(MemoryStore())
    built = double_event(desk)
    assert _correct(desk, built.event_id, 3, "0-1", "0-1") == []  # round 3 is the last paired
    assert _correct(desk, built.event_id, 1, *ROUND_1[0]) == []  # the same games again


def test_the_command_line_warns_and_keeps_the_correction(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    store = open_store(url)
    try:
        built = double_event(_desk(store))
    finally:
        store.close()
    app = typer.Typer()
    commands.register(app)
    said = CliRunner().invoke(app, ["result", "1", "0-1", "½-½", "--round", "1", "--db", url])
    assert said.exit_code == 0, said.output
    assert "round 1: 1 match result(s) saved" in said.stdout
    assert said.stderr.startswith("warning: Round 1's results changed after rounds 2-3")
    store = open_store(url)
    try:
        event = de.load_double(_desk(store), built.event_id)
    finally:
        store.close()
    assert de.game_text(event.tournament.rounds[0].matches[0], 1) == "0-1"
    # The last round corrected: nothing to warn about.
    quiet = CliRunner().invoke(app, ["result", "1", "1-0", "1-0", "--round", "3", "--db", url])
    assert quiet.exit_code == 0 and "warning" not in quiet.stderr
