"""CPU cost of one call of ``fairpair-engine``, start-up included, as a calling program pays it.

    .venv/bin/python benchmarks/bench_startup.py [--runs N] [--src DIR]

A program that uses ``fairpair-engine`` instead of bbpPairings starts it once per round (or
once per file when it checks), so the interpreter's start-up and the imports count as much as
the pairing. The script writes a 20-player Dutch tournament (7 rounds played, 9 planned), then
runs, ``N`` times each (default 15): ``fairpair-engine --dutch FILE -p``, the same with
``-c``, ``python -c pass`` (the floor no Python program goes below) and
``python -c "import dataclasses, enum, typing, argparse, pathlib"`` (the standard library the
engine cannot do without). It prints the median user+sys CPU seconds of the child process
(``resource.getrusage(RUSAGE_CHILDREN)``), which does not depend on what else the machine
runs the way wall time does.

Two settings: the environment as it is (with ``PYTHONDONTWRITEBYTECODE=1``, as in this
project's development set-up, every call compiles fairpair's modules again), and with a
byte-code cache (in a temporary folder, written by a first run), as after ``pip install``.
``--src DIR`` runs the engine from another checkout's ``src`` (e.g. ``git archive`` of an
older commit, with the compiled ``_blossom`` module copied in) to compare before and after.
The engine is started as its console script does: ``from fairpair.cli.engine import main``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from fairpair.formats.trf import write_trf
from fairpair.pairing.dutch import pair_dutch
from fairpair.pairing.generator import GeneratorConfig, generate

PLAYERS = 20
PLAYED = 7
PLANNED = 9


STDLIB = "import dataclasses, enum, typing, argparse, pathlib"
ENGINE = "from fairpair.cli.engine import main; main()"


def child_cpu(command: list[str], env: dict[str, str]) -> float:
    """User+sys CPU seconds of one run of ``command`` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_cpu(command: list[str], env: dict[str, str], runs: int) -> float:
    child_cpu(command, env)  # warms the file cache (and writes the byte-code cache, if on)
    return statistics.median(child_cpu(command, env) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--src", type=Path, help="run the engine from this source tree")
    args = parser.parse_args()
    config = GeneratorConfig(players=PLAYERS, rounds=PLAYED)
    tournament = generate(config, random.Random(20), pair_dutch, name="start-up benchmark")
    tournament = tournament.replace(total_rounds=PLANNED)
    with tempfile.TemporaryDirectory() as folder:
        trf = Path(folder) / "twenty.trf"
        trf.write_text(write_trf(tournament), encoding="utf-8")
        python = sys.executable
        cases = {
            f"fairpair-engine --dutch FILE -p ({PLAYERS} players)": [
                python,
                "-c",
                ENGINE,
                "--dutch",
                str(trf),
                "-p",
            ],
            f"fairpair-engine --dutch FILE -c ({PLAYED} rounds)": [
                python,
                "-c",
                ENGINE,
                "--dutch",
                str(trf),
                "-c",
            ],
            "python -c pass (the floor)": [python, "-c", "pass"],
            "python -c 'import dataclasses, enum, ...'": [python, "-c", STDLIB],
        }
        env = dict(os.environ)
        if args.src is not None:
            env["PYTHONPATH"] = str(args.src.resolve())
        cached = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        settings = {"environment as it is": env, "with a byte-code cache": cached}
        print(f"median user+sys CPU seconds of {args.runs} runs")
        for setting, setting_env in settings.items():
            print(f"  {setting}")
            for label, command in cases.items():
                seconds = median_cpu(command, setting_env, args.runs)
                print(f"    {label:<52} {seconds:6.3f}")


if __name__ == "__main__":
    main()
