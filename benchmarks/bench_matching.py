"""Benchmark of fairpair.matching on complete graphs with ~300-bit weights.

Run from the repository root:  PYTHONPATH=src python benchmarks/bench_matching.py [n ...]

For each n it prints the time of one from-scratch solve, the mean time of a warm re-solve
after all edges of one random vertex changed (averaged over 20 updates), the mean time of a
"probe" as the Dutch engine makes them (+1 on all edges of one vertex, re-solve, then -1 and
re-solve; per re-solve), and the peak memory of building and solving. Memory is traced in a
second, untimed run: tracemalloc slows allocation-heavy code several times over and would
distort the times.
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from fairpair.matching import WeightedMatcher

BITS = 300
UPDATES = 20


def weight(rng: random.Random) -> int:
    # Swiss-like weights: a large common part, criteria in the lower bits.
    return (1 << BITS) + rng.getrandbits(BITS - 2)


def bench(n: int, seed: int = 1, traced: bool = False) -> tuple[float, float, float, int]:
    rng = random.Random(seed)
    if traced:
        tracemalloc.start()
    matcher = WeightedMatcher(n)
    for u in range(n):
        for v in range(u + 1, n):
            matcher.set_weight(u, v, weight(rng))
    start = time.perf_counter()
    matcher.solve_from_scratch()
    scratch = time.perf_counter() - start
    warm_total = 0.0
    for _ in range(UPDATES):
        v = rng.randrange(n)
        for x in range(n):
            if x != v:
                matcher.set_weight(v, x, weight(rng))
        start = time.perf_counter()
        matcher.solve()
        warm_total += time.perf_counter() - start
    probe_total = 0.0
    for _ in range(UPDATES // 2):
        v = rng.randrange(n)
        for delta in (1, -1):
            for x in range(n):
                if x != v:
                    matcher.add_weight(v, x, delta)
            start = time.perf_counter()
            matcher.solve()
            probe_total += time.perf_counter() - start
    peak = 0
    if traced:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    else:
        # Untimed check that the warm state is still optimal.
        matcher.check_optimality()
    return scratch, warm_total / UPDATES, probe_total / UPDATES, peak


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [50, 100, 200, 400]
    print(f"complete graphs, {BITS}-bit weights, warm = mean of {UPDATES} one-vertex updates")
    print(
        f"{'n':>5} {'scratch s':>10} {'warm ms':>9} {'speed-up':>9} {'probe ms':>9} {'peak MiB':>9}"
    )
    for n in sizes:
        scratch, warm, probe, _ = bench(n)
        peak = bench(n, traced=True)[3]
        print(
            f"{n:>5} {scratch:>10.3f} {warm * 1000:>9.2f} {scratch / warm:>9.0f}"
            f" {probe * 1000:>9.2f} {peak / 2**20:>9.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
