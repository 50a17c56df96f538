"""CPU time of undo and redo on a large event, and of naming the desk's Undo and Redo buttons.

    PYTHONPATH=src python benchmarks/bench_undo.py [PLAYERS] [ROUNDS] [--sqlite] [--every N]

Builds a casual Swiss (default 400 players, 9 rounds, results typed in batches of 20 boards)
in the in-memory store, or in a SQLite file in a temporary folder with ``--sqlite``, keeping
a checkpoint every N records (default: the store's, ``CHECKPOINT_EVERY``; ``--every 0``: no
checkpoint, undo replays the whole log as before issue #20). Prints the CPU time
(``time.process_time``) of one result batch as a baseline, of a full replay of the log, of
undo and redo of one and of five changes, of the buttons' targets read from the end of the
log against the whole log's history, the peak memory of one undo, how many checkpoints the
store keeps, and the size of the SQLite file.
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from fairpair.core import Player
from fairpair.service import actions
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import CHECKPOINT_EVERY, EventStore, LogRecord, MemoryStore

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


def old_targets(d: ev.Desk, event_id: int) -> tuple[str, str]:
    """The buttons' words as the desk found them before issue #20: the whole log read and
    its undo history worked out at each page."""
    event = ev.load(d, event_id)
    log = [r for r in ev.history(d, event_id) if r.seq <= event.version]
    history = ev.undo_history(log)
    undo_next = log[history.undoable[-1] - 1] if history.undoable else None
    redo_next = log[history.redoable[-1] - 1] if history.redoable else None
    return words(undo_next, event, log), words(redo_next, event, log)


def new_targets(d: ev.Desk, event_id: int) -> tuple[str, str]:
    """The buttons' words as the desk finds them now: from the end of the log."""
    event = ev.load(d, event_id)
    undo_next, redo_next = ev.undo_targets(d, event_id, event.version)
    return words(undo_next, event), words(redo_next, event)


def words(record: LogRecord | None, event: ev.Event, log: list[LogRecord] | None = None) -> str:
    return "" if record is None else ev.describe(record, event.tournament, log)


def checkpoints(store: EventStore, event_id: int) -> list[int]:
    """The records the event's checkpoints are at, the latest first."""
    found, at = [], store.event(event_id).version
    while (checkpoint := store.checkpoint(event_id, at)) is not None:
        found.append(checkpoint.seq)
        at = checkpoint.seq - 1
    return found


def main(argv: list[str]) -> None:
    sqlite = "--sqlite" in argv
    every = CHECKPOINT_EVERY
    if "--every" in argv:
        at = argv.index("--every")
        every = int(argv.pop(at + 1)) or 10**9  # 0: never
        argv.pop(at)
    numbers = [int(a) for a in argv if a.isdigit()]
    players, rounds = (numbers + [400, 9][len(numbers) :])[:2]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        if sqlite:
            from fairpair.storage.sql import SqlStore

            store: EventStore = SqlStore(f"sqlite:///{path}", checkpoint_every=every)
        else:
            store = MemoryStore(checkpoint_every=every)
        started = time.process_time()
        d, event_id = build(store, players, rounds)
        log = ev.history(d, event_id)
        shown = "none" if every == 10**9 else f"every {every} records"
        print(
            f"{'SQLite' if sqlite else 'in-memory store'}: {players} players, {rounds} rounds, "
            f"{len(log)} log records, checkpoints {shown} "
            f"(built in {time.process_time() - started:.1f} s CPU)"
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
        cpu("undo 5", lambda: ev.undo(d, event_id, 5)[0], repeat=1)
        cpu("redo 5", lambda: ev.redo(d, event_id, 5)[0], repeat=1)
        assert old_targets(d, event_id) == new_targets(d, event_id)
        cpu("buttons' words from the whole log (old)", lambda: old_targets(d, event_id))
        cpu("buttons' words from the log's end (desk)", lambda: new_targets(d, event_id))
        tracemalloc.start()
        ev.undo(d, event_id)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        ev.redo(d, event_id)
        print(f"  {'peak memory of undo 1':<40} {peak / 2**20:8.1f} MiB")
        print(f"  {'checkpoints kept':<40} {len(checkpoints(store, event_id)):8d}")
        if sqlite:
            print(f"  {'SQLite file':<40} {path.stat().st_size / 2**20:8.1f} MiB")
        store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
