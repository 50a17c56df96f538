"""Time the Burstein engine on the whole reference corpus, every round of every file.

    PYTHONPATH=src python benchmarks/bench_burstein.py [REFERENCE_DIR]

Default REFERENCE_DIR: ``tests/data/reference`` (the corpus the golden tests use). Prints the
total time (reading included), the pairing time alone, the rounds, the matching solves, and the
slowest files.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from fairpair.formats.trf import read_trf
from fairpair.matching import WeightedMatcher
from fairpair.pairing.burstein import pair_burstein
from fairpair.pairing.matcher import Matcher

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "reference"


def main(argv: list[str]) -> None:
    reference = Path(argv[0]) if argv else DEFAULT
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


if __name__ == "__main__":
    main(sys.argv[1:])
