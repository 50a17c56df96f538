"""Benchmark of fairpair.matching on complete graphs with ~300-bit weights, for each core.

Run from the repository root:  PYTHONPATH=src python benchmarks/bench_matching.py [n ...]

For each n and core (``c``, the compiled one, when built; ``python``, the reference, up to
n = 400 unless FULL=1) it prints the CPU time of one from-scratch solve, the mean CPU time of
a warm re-solve after all edges of one random vertex changed (averaged over 20 updates), the
mean time of a "probe" as the Dutch engine makes them (+1 on all edges of one vertex,
re-solve, then -1 and re-solve; per re-solve), a repair with many roots as the Dutch bracket
set-up makes them (all edges of n/10 vertices changed, one warm solve), and the peak memory
(RSS) after the run. Both cores get the same graph and must reach the same total weight.
"""

from __future__ import annotations

import os
import random
import resource
import sys
import time

from fairpair.matching import WeightedMatcher, compiled_core_available

BITS = 300
UPDATES = 20


def weight(rng: random.Random) -> int:
    # Swiss-like weights: a large common part, criteria in the lower bits.
    return (1 << BITS) + rng.getrandbits(BITS - 2)


def bench(n: int, backend: str, seed: int = 1) -> tuple[float, float, float, float, int]:
    rng = random.Random(seed)
    matcher = WeightedMatcher(n, backend=backend)  # type: ignore[arg-type]
    for u in range(n):
        for v in range(u + 1, n):
            matcher.set_weight(u, v, weight(rng))
    start = time.process_time()
    matcher.solve_from_scratch()
    scratch = time.process_time() - start
    warm_total = 0.0
    for _ in range(UPDATES):
        v = rng.randrange(n)
        for x in range(n):
            if x != v:
                matcher.set_weight(v, x, weight(rng))
        start = time.process_time()
        matcher.solve()
        warm_total += time.process_time() - start
    probe_total = 0.0
    for _ in range(UPDATES // 2):
        v = rng.randrange(n)
        for delta in (1, -1):
            for x in range(n):
                if x != v:
                    matcher.add_weight(v, x, delta)
            start = time.process_time()
            matcher.solve()
            probe_total += time.process_time() - start
    for v in rng.sample(range(n), n // 10):
        for x in range(n):
            if x != v:
                matcher.set_weight(v, x, weight(rng))
    start = time.process_time()
    matcher.solve(warm=True)
    many_roots = time.process_time() - start
    matcher.check_optimality()  # untimed: the warm state is still optimal
    return scratch, warm_total / UPDATES, probe_total / UPDATES, many_roots, matcher.total_weight()


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [50, 100, 200, 400]
    backends = ["c", "python"] if compiled_core_available() else ["python"]
    print(f"complete graphs, {BITS}-bit weights, warm = mean of {UPDATES} one-vertex updates")
    print(
        f"{'n':>5} {'core':>6} {'scratch s':>10} {'warm ms':>9} {'probe ms':>9}"
        f" {'n/10 roots s':>13} {'peak RSS MiB':>13}"
    )
    for n in sizes:
        totals = set()
        for backend in backends:
            if backend == "python" and n > 400 and not os.environ.get("FULL"):
                continue
            scratch, warm, probe, many, total = bench(n, backend)
            totals.add(total)
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(
                f"{n:>5} {backend:>6} {scratch:>10.3f} {warm * 1000:>9.2f} {probe * 1000:>9.2f}"
                f" {many:>13.3f} {rss:>13.0f}",
                flush=True,
            )
        assert len(totals) == 1, "the cores disagree on the optimum"


if __name__ == "__main__":
    main(sys.argv[1:])
