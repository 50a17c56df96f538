"""Seconds and peak memory of registering players: a CSV import and single registrations.

    .venv/bin/python benchmarks/bench_register.py [SIZES...] [--memory]

Each figure is measured in a fresh process on a new SQLite file (``--memory``: the in-memory
store), end to end as the desk does it: the CSV text is parsed
(:func:`~fairpair.formats.players_csv.parse_players_csv`), :func:`~fairpair.service.events.\
import_players` builds the log record, applies it to the snapshot and stores both. Printed:
wall seconds, the seconds of the service call alone, and the process's peak resident memory.
Sizes default to 1,000, 10,000 and 100,000 players; then 1,000 single registrations
(:func:`~fairpair.service.events.register_player`) into an empty event and 100 into an event
of 10,000 players, each one a command of its own.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import EventStore, MemoryStore

FEDERATIONS = ("FRA", "GER", "ESP", "ITA", "NED")


def players_csv(count: int) -> str:
    """A file as a federation's export might look: name, rating, federation, club, FIDE ID."""
    lines = ["Name,Rating,Fed,Club,FIDE ID"]
    for i in range(1, count + 1):
        lines.append(
            f'"Player{i:06d}, Given",{1000 + 7 * i % 1800},{FEDERATIONS[i % 5]},'
            f"Club {i % 97},{100000 + i}"
        )
    return "\n".join(lines) + "\n"


def _store(folder: str, memory: bool) -> EventStore:
    if memory:
        return MemoryStore()
    from fairpair.storage.sql import SqlStore

    return SqlStore(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one(kind: str, count: int, memory: bool) -> None:
    """One measurement in this process; prints one line."""
    with tempfile.TemporaryDirectory() as folder:
        store = _store(folder, memory)
        desk = ev.Desk(store, lambda: datetime.now(UTC), "bench")
        event = ev.create_event(desk, EventSettings("Bench", System.DUTCH, rounds=9))
        if kind == "import":
            from fairpair.formats.players_csv import parse_players_csv

            text = players_csv(count)
            started = time.perf_counter()
            players = parse_players_csv(text, "players.csv")
            service = time.perf_counter()
            event = ev.import_players(desk, event.id, players)
            done = time.perf_counter()
            assert len(event.tournament.players) == count
            label = f"import of {count:,} players (CSV)"
        else:
            before = 0 if kind == "single" else 10_000
            if before:
                from fairpair.formats.players_csv import parse_players_csv

                ev.import_players(desk, event.id, parse_players_csv(players_csv(before)))
            started = service = time.perf_counter()
            for i in range(count):
                event, _ = ev.register_player(desk, event.id, f"Late {i}", rating=1500)
            done = time.perf_counter()
            assert len(event.tournament.players) == before + count
            label = f"{count:,} single registrations" + (
                f" after {before:,}" if before else " (empty event)"
            )
            label += f", {1000 * (done - started) / count:.1f} ms each"
        store.close()
    print(
        f"{label:56} {done - started:8.2f} s {done - service:8.2f} s {_peak_mb():8.0f} MB",
        flush=True,
    )


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--one":
        one(argv[1], int(argv[2]), "--memory" in argv)
        return
    memory = "--memory" in argv
    sizes = [int(a) for a in argv if a.isdigit()] or [1_000, 10_000, 100_000]
    print(f"{'SQLite file' if not memory else 'in-memory store'}; fresh process each line")
    print(f"{'':56} {'wall':>10} {'service':>10} {'peak RSS':>11}")
    runs = [("import", n) for n in sizes] + [("single", 1_000), ("single-after", 100)]
    for kind, count in runs:
        flags = ["--memory"] if memory else []
        subprocess.run([sys.executable, __file__, "--one", kind, str(count), *flags], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
