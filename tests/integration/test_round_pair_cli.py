"""`fairpair round pair` of a large field (with its progress bar) under the event's marker:
refused, with the exit status that says "again later", while another server pairs; team
and Double-Swiss events alike."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.cli.director import RETRY
from fairpair.cli.rounds import PROGRESS_FROM
from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import PairingRun
from fairpair.storage.sql import SqlStore
from tests.integration.test_pairing_runs_kinds import KINDS

register(app)
runner = CliRunner()


def large_open(db: Path) -> SqlStore:
    store = SqlStore(f"sqlite:///{db}")
    desk = ev.Desk(store, lambda: datetime.now(UTC))
    event = ev.create_event(desk, EventSettings("Large Open", System.DUTCH, rounds=7))
    players = [
        Player(n, f"Player {n:03}", rating=2700 - 5 * n) for n in range(1, PROGRESS_FROM + 21)
    ]
    ev.import_players(desk, event.id, players)
    return store


def test_a_large_field_is_paired_and_its_marker_taken_down(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    store = large_open(db)
    try:
        result = runner.invoke(app, ["round", "pair", "--db", str(db)])
        assert result.exit_code == 0, result.stderr
        assert "Player 001" in result.stdout and "Player 120" in result.stdout
        event = ev.load(ev.Desk(store, lambda: datetime.now(UTC)), 1)
        assert len(event.tournament.rounds[0].games) == (PROGRESS_FROM + 20) // 2
        assert store.pairing_run(1) is None
    finally:
        store.close()


def test_a_round_being_paired_elsewhere_is_refused_to_try_again(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    store = large_open(db)
    try:
        now = datetime.now(UTC)
        store.begin_pairing(PairingRun(1, 1, "desk", "anna", now, now + timedelta(minutes=5)))
        result = runner.invoke(app, ["round", "pair", "--db", str(db)])
        assert result.exit_code == RETRY
        assert "round 1 is being paired (started by anna" in result.stderr
        assert ev.load(ev.Desk(store, lambda: datetime.now(UTC)), 1).tournament.rounds == ()
    finally:
        store.close()


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_team_or_double_round_being_paired_elsewhere_is_refused_to_try_again(
    kind: str, tmp_path: Path
) -> None:
    db = tmp_path / "events.sqlite3"
    store = SqlStore(f"sqlite:///{db}")
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC))
        event_id = KINDS[kind].create(desk)
        now = datetime.now(UTC)
        store.begin_pairing(
            PairingRun(event_id, 1, "desk", "anna", now, now + timedelta(minutes=5))
        )
        result = runner.invoke(app, ["round", "pair", "--db", str(db)])
        assert result.exit_code == RETRY, result.output
        assert "round 1 is being paired (started by anna" in result.stderr
        assert KINDS[kind].load(desk, event_id).tournament.rounds == ()
        # Once the other pairing is done, the command pairs.
        store.end_pairing(event_id, "desk")
        result = runner.invoke(app, ["round", "pair", "--db", str(db)])
        assert result.exit_code == 0, result.stderr
        assert len(KINDS[kind].load(desk, event_id).tournament.rounds) == 1
        assert store.pairing_run(event_id) is None
    finally:
        store.close()
