"""CPU time of undo and redo on a large event: both replay the whole log.

    PYTHONPATH=src python benchmarks/bench_undo.py [PLAYERS] [ROUNDS] [--sqlite]

Builds a casual Swiss (default 400 players, 9 rounds, results typed in batches of 20 boards)
in the in-memory store, or in a SQLite file in a temporary folder with ``--sqlite``, then
prints the CPU time (``time.process_time``) of one result batch as a baseline, of a full
replay of the log, and of undo and redo of one and of five changes.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from fairpair.core import Player
from fairpair.service import actions
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import EventStore, MemoryStore

T = TypeVar("T")
BATCH = 20


def cpu(label: str, work: Callable[[], T], repeat: int = 5) -> T:
    """Run ``work`` ``repeat`` times; print the best CPU time."""
    best = float("inf")
    result: T | None = None
    for _ in range(repeat):
        started = time.process_time()
        result = work()
        best = min(best, time.process_time() - started)
    print(f"  {label:<40} {1000 * best:8.1f} ms")
    assert result is not None
    return result


def build(store: EventStore, players: int, rounds: int) -> tuple[ev.Desk, int]:
    d = ev.Desk(store, lambda: datetime.now(UTC), "bench")
    event = ev.create_event(d, EventSettings("Bench", System.CASUAL, rounds=rounds, seed=1))
    field = [
        Player(i, f"Player {i:04d}", rating=1000 + 7 * i % 1500) for i in range(1, players + 1)
    ]
    ev.import_players(d, event.id, field)
    for _ in range(rounds):
        _, pairing = ev.pair_round(d, event.id)
        boards = list(range(1, len(pairing.boards) + 1))
        for start in range(0, len(boards), BATCH):
            results = [(b, ("1-0", "0-1", "=")[b % 3]) for b in boards[start : start + BATCH]]
            ev.enter_results(d, event.id, results)
    return d, event.id


def main(argv: list[str]) -> None:
    sqlite = "--sqlite" in argv
    numbers = [int(a) for a in argv if a.isdigit()]
    players, rounds = (numbers + [400, 9][len(numbers) :])[:2]
    with tempfile.TemporaryDirectory() as folder:
        if sqlite:
            from fairpair.storage.sql import SqlStore

            store: EventStore = SqlStore(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        else:
            store = MemoryStore()
        started = time.process_time()
        d, event_id = build(store, players, rounds)
        log = ev.history(d, event_id)
        print(
            f"{'SQLite' if sqlite else 'in-memory store'}: {players} players, {rounds} rounds, "
            f"{len(log)} log records (built in {time.process_time() - started:.1f} s CPU)"
        )
        cpu("replay of the whole log", lambda: actions.replay((r.action, r.payload) for r in log))

        def batch() -> ev.Event:
            return ev.correct_results(d, event_id, rounds, [(1, "1-0")])

        cpu("a correction (baseline command)", batch)
        for steps in (1, 5):

            def there_and_back(steps: int = steps) -> ev.Event:
                ev.undo(d, event_id, steps)
                return ev.redo(d, event_id, steps)[0]

            cpu(f"undo {steps} then redo {steps}", there_and_back)
        cpu("undo 1", lambda: ev.undo(d, event_id)[0], repeat=1)
        cpu("redo 1", lambda: ev.redo(d, event_id)[0], repeat=1)
        store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
