"""Time the Burstein engine: on the reference corpus, or on the middle round of large events.

    PYTHONPATH=src python benchmarks/bench_burstein.py [REFERENCE_DIR]
    PYTHONPATH=src python benchmarks/bench_burstein.py --sizes 1000 5000 10000 [options]

Corpus mode (the default): every round of every Burstein file of REFERENCE_DIR (default
``tests/data/reference``, the corpus the golden tests use). Prints the total time (reading
included), the pairing time alone, the rounds, the matching solves, and the slowest files.

Size mode (``--sizes``): the events of ``bench_dutch.py`` (9 rounds, rounds 1-4 generated once
and cached by its ``history_file``: ``--history greedy`` by default, ``--cache`` as there);
round 5 is paired by the Burstein engine ``--runs`` times (default 3), each in a fresh child
process, which prints: CPU seconds and wall seconds of ``pair_burstein`` (the standings and
tie-breaks it computes included, reading the file not), the peak resident memory of that
process, the matching solves, and a digest of the pairing (equal digests: identical boards and
bye). Then min / median / max of CPU, wall and peak memory per size. A run that takes longer
than ``--timeout`` seconds (default 900) is stopped and reported as such.
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_dutch import MIDDLE, _min_median_max, history_file, read_history

from fairpair.formats.trf import read_trf
from fairpair.matching import WeightedMatcher
from fairpair.pairing.burstein import pair_burstein
from fairpair.pairing.matcher import Matcher

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "reference"


def corpus(reference: Path) -> None:
    """Pair every round of every Burstein file of the reference corpus."""
    files = sorted((reference / "burstein").glob("*.trf"))
    if not files:
        sys.exit(f"no Burstein files under {reference}")
    matchers: list[WeightedMatcher] = []

    def counting(n: int) -> Matcher:
        matcher = WeightedMatcher(n)
        matchers.append(matcher)
        return matcher

    per_file: list[tuple[float, str, int, int]] = []
    rounds = 0
    pairing_seconds = 0.0
    started = time.perf_counter()
    for path in files:
        tournament = read_trf(path).tournament()
        file_started = time.perf_counter()
        for number in range(1, len(tournament.rounds) + 1):
            pair_burstein(tournament.before_round(number), matcher=counting)
        seconds = time.perf_counter() - file_started
        pairing_seconds += seconds
        rounds += len(tournament.rounds)
        per_file.append((seconds, path.name, len(tournament.players), len(tournament.rounds)))
    total = time.perf_counter() - started
    solves = sum(m.solve_count for m in matchers)
    print(
        f"{len(files)} files, {rounds} rounds: {total:.1f} s in all, {pairing_seconds:.1f} s "
        f"pairing ({1000 * pairing_seconds / rounds:.0f} ms a round), {solves} matching solves"
    )
    print("slowest files:")
    for seconds, name, players, count in sorted(per_file, reverse=True)[:5]:
        print(f"  {name}: {players} players, {count} rounds, {seconds:.2f} s")


def measure(path: Path) -> None:
    """Pair the middle round of a saved event and print one line (run in a child process)."""
    event = read_history(path)
    matchers: list[WeightedMatcher] = []

    def counting(n: int) -> Matcher:
        matcher = WeightedMatcher(n)
        matchers.append(matcher)
        return matcher

    started, cpu = time.perf_counter(), time.process_time()
    pairing = pair_burstein(event, matcher=counting)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    players = len(pairing.boards) * 2 + (pairing.bye is not None)
    print(
        f"{players:>6} {pairing.round:>5} {cpu:9.2f} {seconds:9.2f} {peak:9.1f} "
        f"{sum(m.solve_count for m in matchers):6d}  "
        f"{hashlib.sha1(repr((pairing.boards, pairing.bye)).encode()).hexdigest()[:12]}",
        flush=True,
    )


def sizes(args: argparse.Namespace) -> None:
    """Size mode: see the module docstring."""
    print(
        f"{'paired':>6} {'round':>5} {'CPU s':>9} {'wall s':>9} {'peak MiB':>9} "
        f"{'solves':>6}  pairing",
        flush=True,
    )
    summaries = []
    for size in args.sizes:
        path = history_file(args.cache, size, args.history)
        command = [sys.executable, __file__, "--measure", str(path)]
        runs = []
        for _ in range(args.runs):
            try:
                done = subprocess.run(
                    command, check=True, capture_output=True, text=True, timeout=args.timeout
                )
            except subprocess.TimeoutExpired:
                print(f"{size:>6} {MIDDLE:>5}  stopped after {args.timeout:.0f} s", flush=True)
                break
            print(done.stdout, end="", flush=True)
            runs.append(done.stdout.split())
        if runs:
            summaries.append((size, runs))
    if args.runs < 2:
        return
    print(
        f"\n{'size':>6} {'runs':>4} {'CPU s min/median/max':>24} "
        f"{'wall s min/median/max':>24} {'peak MiB min/median/max':>26}  pairing"
    )
    for size, runs in summaries:
        columns = []
        for index in (2, 3, 4):
            values = sorted(float(run[index]) for run in runs)
            columns.append("/".join(f"{v:.2f}" for v in _min_median_max(values)))
        digests = {run[-1] for run in runs}
        digest = digests.pop() if len(digests) == 1 else "DIFFERENT: " + " ".join(digests)
        print(
            f"{size:>6} {len(runs):>4} {columns[0]:>24} {columns[1]:>24} {columns[2]:>26}  {digest}"
        )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("reference", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--sizes", nargs="+", type=int, help="players (size mode)")
    default_cache = Path(tempfile.gettempdir()) / "fairpair-bench"
    parser.add_argument("--cache", type=Path, default=default_cache)
    parser.add_argument("--history", choices=("greedy", "dutch"), default="greedy")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure is not None:
        measure(args.measure)
    elif args.sizes:
        sizes(args)
    else:
        corpus(args.reference)


if __name__ == "__main__":
    main(sys.argv[1:])
