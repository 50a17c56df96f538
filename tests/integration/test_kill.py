"""A process killed in the middle of a command leaves the event as before or after it.

A child process imports 5,000 players in one command; a hook inside the transaction (after
the writes, before the commit) tells the parent it is there and waits, and the parent kills
it with SIGKILL. The event must be exactly as before. A second case kills at a moment drawn
by a seeded generator without any hook: the event must be as before or as after.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore
from tests.integration.stores import SQL_BACKENDS, database_url, ticking_clock

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import sys, time
from datetime import UTC, datetime
from pathlib import Path
from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.storage.sql import SqlStore

url, event_id, marker = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def pause(action):
    # Written aside, then renamed: the marker appears with its text (the test polls for it
    # and read an empty file once, between the creation and the write).
    Path(marker + ".part").write_text(action)
    Path(marker + ".part").replace(marker)
    time.sleep(120)

store = SqlStore(url, before_commit=pause if marker != "-" else None)
desk = ev.Desk(store, lambda: datetime.now(UTC), "importer")
players = [Player(i, f"Imported player {i}", rating=1000 + i % 1500) for i in range(1, 5001)]
ev.import_players(desk, event_id, players)
"""


def child(url: str, event_id: int, marker: str) -> subprocess.Popen[bytes]:
    env = os.environ | {"PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, url, str(event_id), marker],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def small_event(url: str) -> tuple[int, ev.Event]:
    store = SqlStore(url)
    desk = ev.Desk(store, ticking_clock())
    event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=7))
    for name in ("Anna", "Boris", "Carla"):
        ev.register_player(desk, event.id, name, rating=2000)
    before = ev.load(desk, event.id)
    store.close()
    return event.id, before


def state(url: str, event_id: int) -> tuple[ev.Event, list[str], bool]:
    store = SqlStore(url)
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC))
        event = ev.load(desk, event_id)
        actions = [r.action for r in ev.history(desk, event_id)]
        return event, actions, ev.rebuild(desk, event_id).matched
    finally:
        store.close()


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_killed_inside_the_transaction_leaves_the_event_as_before(
    backend: str, tmp_path: Path
) -> None:
    with database_url(backend, tmp_path) as url:
        event_id, before = small_event(url)
        marker = tmp_path / "in-transaction"
        process = child(url, event_id, str(marker))
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            assert time.monotonic() < deadline, "the child never reached its commit"
            time.sleep(0.05)
        assert marker.read_text() == "players.imported"
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        assert process.returncode == -signal.SIGKILL
        after, actions, rebuilt = state(url, event_id)
        assert after.version == before.version
        assert after.tournament == before.tournament
        assert actions == ["event.created"] + ["player.registered"] * 3
        assert rebuilt


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_killed_at_any_moment_leaves_the_event_before_or_after(
    backend: str, tmp_path: Path
) -> None:
    rng = random.Random(f"kill-{backend}")
    with database_url(backend, tmp_path) as url:
        event_id, before = small_event(url)
        outcomes = set()
        for _ in range(3):
            current, _, _ = state(url, event_id)
            process = child(url, event_id, "-")
            time.sleep(rng.uniform(0.5, 2.2))
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
            after, actions, rebuilt = state(url, event_id)
            assert rebuilt
            if after.version == current.version:
                assert after.tournament == current.tournament
                outcomes.add("before")
            else:
                assert after.version == current.version + 1
                assert actions[-1] == "players.imported"
                assert len(after.tournament.players) == len(current.tournament.players) + 5000
                outcomes.add("after")
        assert outcomes <= {"before", "after"}
        assert before.version <= after.version
