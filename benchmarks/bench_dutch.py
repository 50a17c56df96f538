"""Time the Dutch engine on one middle round of generated events (issue #8).

    PYTHONPATH=src python benchmarks/bench_dutch.py [options] [SIZES...]   (default: 100 300 1000)

    --cache DIR       where the generated histories are kept as TRF (default: a folder
                      ``fairpair-bench`` under the system's temp dir); a file found there is reused
    --history KIND    ``greedy`` (default) or ``dutch``: how rounds 1-4 are paired
    --odd             give the lowest player a zero-point bye in round 5 so that the round is odd
                      (bye pre-pass and a player left over)
    --runs N          pair each size N times (default 3), each in a fresh process, and print
                      every run and then min / median / max of CPU, wall and peak memory

For each size, rounds 1-4 of a 9-round event are generated once (random results drawn from the
ratings, forfeits, half-point byes and withdrawals) and saved; round 5 is then paired from the
saved file in a fresh child process, which prints: CPU seconds (``time.process_time``) and wall
seconds of the pairing alone, the peak resident memory of that process (reading the file
included), the number of matching solves (the round's graph, the remainders' own graphs of
step 7, the bye pre-pass), how many remainders' decisions were dropped for the round's graph
("misses", see ``DutchRound._settle_apart``), whether the round had to leave the reduced graph
for the full one (see ``DutchRound``), and a digest of the pairing (equal digests: identical
boards and bye).

Why a greedy history: a Dutch-paired history of 1,000 players takes ~150 s CPU to generate and
one of 5,000 would take hours. What the middle round costs depends on the score groups, colour
preferences and floats it starts from, not on which engine paired the earlier rounds, so the
default history is paired by a plain Swiss rule (below): score groups from the top, each one
split in halves whose members meet in order, the first compatible opponent taken, odd players
floating down, colours by the Dutch colour rules. It gives the same kind of score distribution
as the Dutch engine (a few large middle groups, 9 levels after 4 rounds, floaters, colour
preferences of every kind). ``--history dutch`` pairs the history with the engine itself.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fairpair.core import ByeKind, Game, Pairing, RequestedBye, Tournament
from fairpair.formats.event_json import dump_event, load_event
from fairpair.formats.trf import read_trf, write_trf
from fairpair.pairing.dutch import DutchRound, pair_dutch
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.generator import GeneratorConfig, generate
from fairpair.pairing.matcher import sparse_matcher
from fairpair.pairing.swiss.colours import allocate_colours
from fairpair.pairing.swiss.view import SwissPlayer, swiss_round

ROUNDS = 9
MIDDLE = 5
SEED = 2026


def pair_greedy(tournament: Tournament) -> Pairing:
    """A plain Swiss pairing for generating histories fast (not a FIDE system).

    Score groups from the top; in each (downfloaters first), the upper half meets the lower
    half in order, each player taking the first lower-half player he has not met whose colour
    preference differs from his (else the first he may meet by C3, else the first not met);
    whoever is left floats to the next group. The last players left are paired with anyone
    not met yet. The bye goes to the lowest player who may get it.
    """
    view = swiss_round(tournament)
    players = list(view.players)
    bye = None
    if len(players) % 2 == 1:
        for i in range(len(players) - 1, -1, -1):
            if players[i].pab_eligible:
                bye = players.pop(i).id
                break
    pairs: list[tuple[SwissPlayer, SwissPlayer]] = []
    floaters: list[SwissPlayer] = []
    start = 0
    while start <= len(players):
        end = start
        while end < len(players) and players[end].pairing_score == players[start].pairing_score:
            end += 1
        pool = floaters + players[start:end]
        if end == len(players):
            pool.sort(key=lambda p: (-p.pairing_score, p.tpn))
        half = len(pool) // 2
        lower = pool[half:]
        taken: set[int] = set()
        floaters = []
        for a in pool[:half]:
            free = [k for k, b in enumerate(lower) if k not in taken and b.id not in a.opponents]
            if not free:
                floaters.append(a)
                continue
            k = min(free, key=lambda k: (_colour_clash(a, lower[k]), k))
            taken.add(k)
            pairs.append((a, lower[k]))
        floaters += [b for k, b in enumerate(lower) if k not in taken]
        if end == len(players):
            break
        start = end
    while floaters:
        a = floaters.pop(0)
        b = next((b for b in floaters if b.id not in a.opponents), None)
        if b is None:
            raise NoValidPairing("the greedy history pairer got stuck")
        floaters.remove(b)
        pairs.append((a, b))
    games = []
    for a, b in pairs:
        white, black, _ = allocate_colours(a, b, view.initial_colour)
        games.append(Game(white.id, black.id))
    return Pairing(round=view.round, boards=tuple(games), bye=bye)


def _colour_clash(a: SwissPlayer, b: SwissPlayer) -> int:
    """0: preferences differ (or one has none), 1: same mild or strong one, 2: same absolute."""
    pa, pb = a.preference, b.preference
    if pa.colour is None or pb.colour is None or pa.colour is not pb.colour:
        return 0
    return 2 if pa.absolute and pb.absolute else 1


def history_file(cache: Path, players: int, kind: str) -> Path:
    """The saved event before its middle round, generated (and timed) if not cached yet."""
    # TRF-16 numbers players in 4 columns: larger fields are kept as fairpair's event JSON.
    suffix = "trf" if players <= 9999 else "json"
    path = cache / f"dutch-{kind}-{players}.{suffix}"
    if path.is_file():
        return path
    config = GeneratorConfig(
        players=players,
        rounds=MIDDLE - 1,
        forfeit_rate=50,
        retired_rate=300,
        half_point_bye_rate=80,
    )
    system = pair_dutch if kind == "dutch" else pair_greedy
    cpu = time.process_time()
    event = generate(config, random.Random(SEED), system, name=f"bench {players}")
    cache.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".part")
    saved = event.replace(total_rounds=ROUNDS)
    partial.write_text(write_trf(saved) if suffix == "trf" else dump_event(saved, compact=True))
    partial.replace(path)
    print(
        f"  ({players} players: {MIDDLE - 1} rounds of history ({kind}) generated in "
        f"{time.process_time() - cpu:.1f} s CPU)",
        flush=True,
    )
    return path


def read_history(path: Path) -> Tournament:
    """The event saved by :func:`history_file` (TRF, or event JSON for large fields)."""
    if path.suffix == ".json":
        return load_event(path.read_text(), str(path))
    return read_trf(path).tournament()


def measure(path: Path, odd: bool) -> None:
    """Pair the middle round of a saved event and print one line (run in a child process)."""
    event = read_history(path)
    if odd:
        lowest = swiss_round(event).players[-1]
        bye = RequestedBye(MIDDLE, lowest.id, ByeKind.ZERO_POINT)
        event = event.replace(requested_byes=(*event.requested_byes, bye))
    view = swiss_round(event)
    started, cpu = time.perf_counter(), time.process_time()
    engine = DutchRound(view, sparse_matcher)
    pairing = engine.pair()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(
        f"{len(view.players):>6} {pairing.round:>5} {cpu:9.2f} {seconds:9.2f} {peak:9.1f} "
        f"{engine.solves:6d} {engine.apart_solves:6d} {engine.apart_misses:6d} "
        f"{engine.prepass_solves:8d} {getattr(engine, 'fallbacks', 0):5d}  "
        f"{hashlib.sha1(repr((pairing.boards, pairing.bye)).encode()).hexdigest()[:12]}",
        flush=True,
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100, 300, 1000])
    default_cache = Path(tempfile.gettempdir()) / "fairpair-bench"
    parser.add_argument("--cache", type=Path, default=default_cache)
    parser.add_argument("--history", choices=("greedy", "dutch"), default="greedy")
    parser.add_argument("--odd", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure is not None:
        measure(args.measure, args.odd)
        return
    print(
        f"{'paired':>6} {'round':>5} {'CPU s':>9} {'wall s':>9} {'peak MiB':>9} "
        f"{'solves':>6} {'apart':>6} {'misses':>6} {'pre-pass':>8} {'full':>5}  pairing",
        flush=True,
    )
    summaries = []
    for size in args.sizes:
        path = history_file(args.cache, size, args.history)
        command = [sys.executable, __file__, "--measure", str(path)]
        if args.odd:
            command.append("--odd")
        runs = []
        for _ in range(args.runs):
            line = subprocess.run(command, check=True, capture_output=True, text=True).stdout
            print(line, end="", flush=True)
            runs.append(line.split())
        digests = {run[-1] for run in runs}
        summaries.append((runs[0][0], runs, digests))
    if args.runs > 1:
        print(
            f"\n{'paired':>6} {'runs':>4} {'CPU s min/median/max':>24} "
            f"{'wall s min/median/max':>24} {'peak MiB min/median/max':>26}  pairing"
        )
        for paired, runs, digests in summaries:
            columns = []
            for index in (2, 3, 4):
                values = sorted(float(run[index]) for run in runs)
                columns.append("/".join(f"{v:.2f}" for v in _min_median_max(values)))
            digest = digests.pop() if len(digests) == 1 else "DIFFERENT: " + " ".join(digests)
            print(
                f"{paired:>6} {len(runs):>4} {columns[0]:>24} {columns[1]:>24} "
                f"{columns[2]:>26}  {digest}"
            )


def _min_median_max(values: list[float]) -> tuple[float, float, float]:
    return values[0], statistics.median(values), values[-1]


if __name__ == "__main__":
    main(sys.argv[1:])
