"""Casual Swiss at scale: time the pairing of one middle round of a large card-game event.

Usage (from the repository root)::

    PYTHONPATH=src python benchmarks/bench_casual.py [sizes...]      # default 1000 10000 50000

For each size an event is built by pairing ``--played`` rounds (default 4) with the casual
pairer itself and random 3/1/0 results (10 % draws, 2 % drops per round); then the next round
is paired and timed. Printed: players, seconds to build the event, CPU and wall seconds of the
pairing, peak memory of that pairing (Python allocations, tracemalloc, in a second identical
run), matching solves with their vertices and edges, rematches.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from collections.abc import Iterable

import fairpair.pairing.casual as casual
from fairpair.core import (
    MATCH_POINTS,
    Bye,
    ByeKind,
    Game,
    GameResult,
    Player,
    Round,
    Tournament,
)
from fairpair.matching import max_weight_matching as _solver
from fairpair.pairing.casual import CasualOptions, pair_casual, rematch_count

_solves: list[tuple[int, int]] = []


def _counting_solver(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int | None]:
    listed = list(edges)
    _solves.append((n, len(listed)))
    return _solver(n, listed)


def build(players: int, played: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    t = Tournament(
        players=tuple(Player(i, f"P{i}") for i in range(1, players + 1)), points=MATCH_POINTS
    )
    options = CasualOptions(seed=seed)
    results = [GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW]
    for number in range(1, played + 1):
        pairing = pair_casual(t, options, rng)
        games = tuple(
            Game(g.white, g.black, rng.choices(results, (45, 45, 10))[0], coloured=False)
            for g in pairing.boards
        )
        byes = (Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED),) if pairing.bye else ()
        drops = tuple((p, number + 1) for p in t.players_to_pair() if rng.random() < 0.02)
        t = t.with_round(Round(number, games, byes)).replace(withdrawals=t.withdrawals + drops)
    return t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[1000, 10000, 50000])
    parser.add_argument("--played", type=int, default=4, help="rounds played before the timed one")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    # Count the solves and their sizes by wrapping the solver the pairer calls.
    setattr(casual, "max_weight_matching", _counting_solver)  # noqa: B010
    print(
        f"{'players':>8} {'round':>5} {'build s':>8} {'CPU s':>7} {'wall s':>7} {'peak MiB':>8} "
        f"{'solves':>6} {'max vertices':>12} {'max edges':>9} {'rematches':>9}"
    )
    for size in args.sizes:
        start = time.perf_counter()
        t = build(size, args.played, args.seed)
        built = time.perf_counter() - start
        options = CasualOptions(seed=args.seed)
        _solves.clear()
        start, cpu = time.perf_counter(), time.process_time()
        pairing = pair_casual(t, options, random.Random(0))
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        solves = list(_solves)
        tracemalloc.start()
        pair_casual(t, options, random.Random(0))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        vertices = max((v for v, _ in solves), default=0)
        edges = max((e for _, e in solves), default=0)
        print(
            f"{size:>8} {t.next_round:>5} {built:>8.2f} {cpu:>7.2f} {seconds:>7.2f} "
            f"{peak / 2**20:>8.1f} "
            f"{len(solves):>6} {vertices:>12} {edges:>9} {rematch_count(t, pairing):>9}",
            flush=True,
        )


if __name__ == "__main__":
    main()
