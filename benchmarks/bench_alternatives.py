"""Time ``--alternatives K`` on one middle round of generated Dutch events.

    PYTHONPATH=src python benchmarks/bench_alternatives.py [K] [SIZES...]  (default: 5 100 300)
    PYTHONPATH=src python benchmarks/bench_alternatives.py 5 1000 --runs 3

For each size the event of ``bench_dutch.py`` (9 rounds, history up to round 4, paired by the
Dutch engine) is generated;
round 5 is paired by the Dutch engine, then its ``K`` best alternatives are listed. Printed:
the CPU seconds of the pairing and of the alternatives (the criteria of every pair, the
graph and the matchings), the wall seconds of the alternatives, the peak resident memory of
the process (generating or reading the history included), a digest of them (equal digests:
the same alternatives in the same order, vectors and differences included), and the first
criterion each alternative loses on.

With ``--runs N`` (N > 1) each size is measured N times, each in a fresh child process that
reads the history generated once (``--cache``, default a temporary folder), one line a run;
then min / median / max of the CPU and wall seconds of the alternatives and of the peak
memory, and the load average (1 minute) before and after: the machine may be shared.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_dutch import _min_median_max, history_file, read_history

from fairpair.pairing.alternatives import alternative_pairings
from fairpair.pairing.criteria import dutch_criteria
from fairpair.pairing.dutch import pair_dutch


def measure(players: int, k: int, cache: Path, *, one_line: bool = False) -> None:
    event = read_history(history_file(cache, players, "dutch"))
    cpu = time.process_time()
    chosen = pair_dutch(event)
    paired = time.process_time() - cpu
    started, cpu = time.perf_counter(), time.process_time()
    found = alternative_pairings(chosen, dutch_criteria(event), k)
    listed, wall = time.process_time() - cpu, time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    digest = hashlib.sha1(repr(found).encode()).hexdigest()[:12]
    if one_line:
        print(
            f"{players:>6} {chosen.round:>5} {paired:9.2f} {len(found):5d} {listed:9.2f} "
            f"{wall:9.2f} {peak:9.1f}  {digest}",
            flush=True,
        )
        return
    print(
        f"{players:>5} players  round {chosen.round}: pairing {paired:6.2f} s CPU, "
        f"{len(found)} alternatives (criteria, graph and matchings) {listed:7.2f} s CPU "
        f"{wall:7.2f} s wall {peak:7.1f} MiB peak  {digest}",
        flush=True,
    )
    for alternative in found:
        why = "ties on every criterion"
        if alternative.difference is not None:
            why = alternative.difference.describe()
        print(f"    {alternative.rank}. boards {list(alternative.changed_boards)}: {why}")


def repeated(k: int, sizes: list[int], runs: int, cache: Path) -> None:
    """Each size ``runs`` times in fresh processes, then min / median / max."""
    load = os.getloadavg()[0]
    print(
        f"{'paired':>6} {'round':>5} {'pair s':>9} {'alts':>5} {'CPU s':>9} {'wall s':>9} "
        f"{'peak MiB':>9}  alternatives",
        flush=True,
    )
    summaries = []
    for size in sizes:
        history_file(cache, size, "dutch")  # generated once, outside the runs
        command = [sys.executable, __file__, str(k), str(size), "--cache", str(cache)]
        lines = []
        for _ in range(runs):
            done = subprocess.run(
                [*command, "--one-line"], check=True, capture_output=True, text=True
            )
            print(done.stdout, end="", flush=True)
            lines.append(done.stdout.split())
        summaries.append((size, lines))
    print(
        f"\n{'paired':>6} {'runs':>4} {'CPU s min/median/max':>24} "
        f"{'wall s min/median/max':>24} {'peak MiB min/median/max':>26}  alternatives"
    )
    for size, lines in summaries:
        columns = []
        for index in (4, 5, 6):
            values = sorted(float(line[index]) for line in lines)
            columns.append("/".join(f"{v:.2f}" for v in _min_median_max(values)))
        digests = {line[-1] for line in lines}
        digest = digests.pop() if len(digests) == 1 else "DIFFERENT: " + " ".join(digests)
        print(
            f"{size:>6} {len(lines):>4} {columns[0]:>24} {columns[1]:>24} {columns[2]:>26}  "
            f"{digest}"
        )
    print(f"load average (1 min) {load:.2f} before, {os.getloadavg()[0]:.2f} after")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("k", nargs="?", type=int, default=5)
    parser.add_argument("sizes", nargs="*", type=int)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--one-line", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sizes = args.sizes or [100, 300]
    with tempfile.TemporaryDirectory() as temporary:
        cache = args.cache or Path(temporary)
        if args.runs > 1:
            repeated(args.k, sizes, args.runs, cache)
            return
        for size in sizes:
            measure(size, args.k, cache, one_line=args.one_line)


if __name__ == "__main__":
    main(sys.argv[1:])
