"""Wall time of the director's everyday commands on a small event, start-up included.

    .venv/bin/python benchmarks/bench_cli.py [--runs N] [--src DIR [--src DIR2]]

A director types a command and waits for the answer: on a small event almost all of that
wait is the interpreter starting and the imports, so it is measured the way it is felt, one
fresh process per command. The script stores a small event in a SQLite file in a temporary
folder (24 players, a FIDE Dutch of 5 rounds: rounds 1 and 2 played, round 3 paired with
half its results in), then runs each command ``N`` times (default 5) as the console script
does (``from fairpair.cli.start import main; main()``): ``event show``, ``event list``,
``player list``, ``round show``, ``event standings``, ``result`` entering one result of
round 3 and ``undo`` taking it back (the two alternate, so every run finds the event as the
first one did); then ``python -c pass``, the floor no Python program goes below (and
``python -I -S -c pass``, without the site module and the virtual environment's path
files), and the libraries no command over the event store can do without:
``import sqlalchemy`` alone, and with Typer (and, with Typer 0.29, which fairpair keeps out,
the module through which it checks every option with pydantic), imported as Python does by
default and as fairpair's console script does (the garbage collector off,
:mod:`fairpair.cli.start`).

It prints, for each, the wall seconds (min, median, max) and the median user+sys CPU seconds
of the child (``resource.getrusage(RUSAGE_CHILDREN)``); wall time is what the director
waits, CPU time depends less on what else the machine runs. Every command runs with a
byte-code cache (in the temporary folder, written by a first run that is not counted), as
after ``pip install``: with ``PYTHONDONTWRITEBYTECODE=1``, as in this project's development
set-up, every call would compile fairpair's modules again. ``--src DIR`` runs the commands
from another checkout's ``src`` (e.g. ``git archive`` of an older commit with the compiled
``_blossom`` module copied in); given twice (before, after), the two trees take turns
command by command, so that both meet the same load of a shared machine. The load averages
(1, 5 and 15 minutes) are printed before and after: figures taken while other work runs are
not those of a quiet machine (``--quiet L`` waits, up to ten minutes, for a 1-minute load
average under L before starting).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore

PLAYERS = 24
ROUNDS = 5
PLAYED = 2
EVENT = "Small Open"
FAIRPAIR = """
try:
    from fairpair.cli.start import main
except ImportError:  # a tree from before the console script's start-up module (--src)
    from fairpair.cli.app import main
main()
"""
LIBRARIES = (
    "import importlib.util, sqlalchemy, typer\n"
    "if importlib.util.find_spec('typer._adapters'): import typer._adapters"
)
"""What any command over the event store loads whatever fairpair does: SQLAlchemy, and Typer
with the module through which it checks every option's value with pydantic (Typer 0.29; older
Typers have no such module and check values themselves)."""
COLLECTOR_OFF = "import gc; gc.disable(); " + LIBRARIES
"""The same, imported as fairpair's console script imports (fairpair.cli.start)."""


def build(path: Path) -> int:
    """Store the small event in the SQLite file ``path``; the board of round 3 left open
    that the ``result`` command fills in."""
    store = SqlStore(f"sqlite:///{path}")
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "bench")
        settings = EventSettings(EVENT, System.DUTCH, rounds=ROUNDS, seed=1)
        event = ev.create_event(desk, settings)
        numbers = range(1, PLAYERS + 1)
        field = [Player(i, f"Player {i:02d}", rating=2400 - 13 * i) for i in numbers]
        ev.import_players(desk, event.id, field)
        for _ in range(PLAYED):
            _, pairing = ev.pair_round(desk, event.id)
            ev.enter_results(desk, event.id, _results(range(1, len(pairing.boards) + 1)))
        _, pairing = ev.pair_round(desk, event.id)
        half = len(pairing.boards) // 2
        ev.enter_results(desk, event.id, _results(range(1, half + 1)))
        return half + 1
    finally:
        store.close()


def _results(boards: range) -> list[tuple[int, str]]:
    return [(board, ("1-0", "0-1", "1/2")[board % 3]) for board in boards]


def run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and user+sys CPU seconds of one run of ``command`` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr.decode()}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _load(averages: tuple[float, float, float]) -> str:
    return " ".join(f"{a:.2f}" for a in averages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--quiet",
        type=float,
        metavar="L",
        help="wait (ten minutes at most) for a 1-minute load average under L",
    )
    parser.add_argument(
        "--src",
        type=Path,
        action="append",
        help="run the commands from this source tree (repeat to compare trees, run in turn)",
    )
    args = parser.parse_args()
    if args.quiet is not None:
        waited = 0
        while os.getloadavg()[0] >= args.quiet and waited < 600:
            time.sleep(10)
            waited += 10
    before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "event.sqlite3"
        open_board = build(database)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(
            PYTHONPYCACHEPREFIX=str(Path(folder) / "pycache"),
            FAIRPAIR_DB=str(database),
            FAIRPAIR_EVENT=EVENT,
            FAIRPAIR_ACTOR="bench",
        )
        trees = {} if args.src else {env.get("PYTHONPATH") or "fairpair as installed": env}
        for src in args.src or ():
            trees[str(src)] = {**env, "PYTHONPATH": str(src.resolve())}
        python = sys.executable
        result = ("result", str(open_board), "1-0")
        commands = [
            ("event", "show"),
            ("event", "list"),
            ("player", "list"),
            ("round", "show"),
            ("event", "standings"),
            result,
            ("undo",),
        ]
        floors = {
            "python -c pass (the floor)": [python, "-c", "pass"],
            "python -I -S -c pass": [python, "-I", "-S", "-c", "pass"],
            "python -c 'import sqlalchemy'": [python, "-c", "import sqlalchemy"],
            "  + typer": [python, "-c", LIBRARIES],
            "  the same, collector off": [python, "-c", COLLECTOR_OFF],
        }
        figures: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)

        def timed(tree: str, words: tuple[str, ...]) -> None:
            label = "fairpair " + " ".join(words)
            figures[tree, label].append(run([python, "-c", FAIRPAIR, *words], trees[tree]))

        # The first round writes the byte-code cache and warms the file cache: not counted.
        # Each result is taken back at once, so that every run starts from the same event;
        # the trees take turns, so that they share whatever else the machine is doing.
        for warming_up in [True] + [False] * args.runs:
            for words in commands[:-1]:
                for tree in trees:
                    timed(tree, words)
                    if words == result:
                        timed(tree, ("undo",))
            for label, command in floors.items():
                figures["", label].append(run(command, env))
            if warming_up:
                figures.clear()
        after = os.getloadavg()
        print(
            f"{PLAYERS} players, {ROUNDS} rounds ({PLAYED} played, round 3 half entered), "
            f"SQLite; {args.runs} runs each, fresh processes, byte-code cache"
        )
        print(f"load average before {_load(before)}, after {_load(after)} ({os.cpu_count()} CPUs)")
        for tree in [*trees, ""]:
            print(f"\n{tree or 'floors'}")
            print(f"{'command':<32} {'wall min':>9} {'median':>8} {'max':>8} {'CPU median':>11}")
            for (where, label), runs in figures.items():
                if where != tree:
                    continue
                walls = [wall for wall, _ in runs]
                cpu = statistics.median(seconds for _, seconds in runs)
                print(
                    f"{label:<32} {min(walls):9.3f} {statistics.median(walls):8.3f} "
                    f"{max(walls):8.3f} {cpu:11.3f}"
                )


if __name__ == "__main__":
    main()
