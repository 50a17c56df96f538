"""Time ``--alternatives K`` on one middle round of generated Dutch events.

    PYTHONPATH=src python benchmarks/bench_alternatives.py [K] [SIZES...]  (default: 5 100 300)

For each size the event of ``bench_dutch.py`` (9 rounds, history up to round 4, paired by the
Dutch engine) is generated;
round 5 is paired by the Dutch engine, then its ``K`` best alternatives are listed. Printed:
the CPU seconds of the pairing and of the alternatives (the criteria of every pair, the
graph and the matchings), the wall seconds of the alternatives, a digest of them (equal
digests: the same alternatives in the same order, vectors and differences included), and
the first criterion each alternative loses on.
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
import time
from pathlib import Path

from bench_dutch import history_file, read_history

from fairpair.pairing.alternatives import alternative_pairings
from fairpair.pairing.criteria import dutch_criteria
from fairpair.pairing.dutch import pair_dutch


def measure(players: int, k: int, cache: Path) -> None:
    event = read_history(history_file(cache, players, "dutch"))
    cpu = time.process_time()
    chosen = pair_dutch(event)
    paired = time.process_time() - cpu
    started, cpu = time.perf_counter(), time.process_time()
    found = alternative_pairings(chosen, dutch_criteria(event), k)
    listed, wall = time.process_time() - cpu, time.perf_counter() - started
    digest = hashlib.sha1(repr(found).encode()).hexdigest()[:12]
    print(
        f"{players:>5} players  round {chosen.round}: pairing {paired:6.2f} s CPU, "
        f"{len(found)} alternatives (criteria, graph and matchings) {listed:7.2f} s CPU "
        f"{wall:7.2f} s wall  {digest}",
        flush=True,
    )
    for alternative in found:
        why = "ties on every criterion"
        if alternative.difference is not None:
            why = alternative.difference.describe()
        print(f"    {alternative.rank}. boards {list(alternative.changed_boards)}: {why}")


def main(argv: list[str]) -> None:
    k = int(argv[0]) if argv else 5
    sizes = [int(a) for a in argv[1:]] or [100, 300]
    with tempfile.TemporaryDirectory() as cache:
        for size in sizes:
            measure(size, k, Path(cache))


if __name__ == "__main__":
    main(sys.argv[1:])
