"""Time the Dutch engine on one middle round of generated events.

    PYTHONPATH=src python benchmarks/bench_dutch.py [SIZES...]     (default: 100 300 1000 2000)

For each size: an event of 9 rounds is generated (paired by fairpair, random results) up to
round 4; round 5 is then paired and measured: wall and CPU seconds, the peak resident memory of the
process so far (``resource.getrusage``; tracemalloc would slow the engine down twice) and the
number of matching solves.
"""

from __future__ import annotations

import random
import resource
import sys
import time

from fairpair.core import Tournament
from fairpair.pairing.dutch import DutchRound, pair_dutch
from fairpair.pairing.generator import GeneratorConfig, generate
from fairpair.pairing.matcher import default_matcher
from fairpair.pairing.swiss.view import swiss_round

ROUNDS = 9
MIDDLE = 5


def history(players: int, seed: int = 2026) -> tuple[Tournament, float]:
    """The event before its middle round, and how long generating it took."""
    config = GeneratorConfig(
        players=players,
        rounds=MIDDLE - 1,
        forfeit_rate=50,
        retired_rate=300,
        half_point_bye_rate=80,
    )
    started = time.perf_counter()
    event = generate(config, random.Random(seed), pair_dutch, name=f"bench {players}")
    return event.replace(total_rounds=ROUNDS), time.perf_counter() - started


def measure(players: int) -> None:
    event, setup = history(players)
    started, cpu = time.perf_counter(), time.process_time()
    engine = DutchRound(swiss_round(event), default_matcher)
    pairing = engine.pair()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(
        f"{players:>6} players  round {pairing.round}: {seconds:8.2f} s ({cpu:.2f} s CPU)  "
        f"peak RSS {peak:7.1f} MiB  {engine.solves + engine.prepass_solves:5d} solves  "
        f"(history of {MIDDLE - 1} rounds generated in {setup:.1f} s)",
        flush=True,
    )


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [100, 300, 1000, 2000]
    for size in sizes:
        measure(size)


if __name__ == "__main__":
    main(sys.argv[1:])
