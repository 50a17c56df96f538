"""Time the rating report and the norm report on the largest reference events.

    PYTHONPATH=src python benchmarks/bench_rating_norms.py

For each file of ``tests/data/reference/dutch-large`` (300 to 450 players, 9 to 11 rounds),
every fourth player is given a title and a federation among five so that the norm checks
count titles and federations. Printed: players, games, the CPU seconds of the rating report
(every player and game) and of the norm report (every norm each player may seek, after the
last round), and the peak memory of both.
"""

from __future__ import annotations

import dataclasses
import time
import tracemalloc
from pathlib import Path

from fairpair.formats.trf import read_trf
from fairpair.standings.norms import norm_report
from fairpair.standings.rating import rating_report

FOLDER = Path(__file__).resolve().parent.parent / "tests/data/reference/dutch-large"
TITLES = ("GM", "IM", "FM", "WGM")
FEDERATIONS = ("FRA", "GER", "IND", "USA", "ESP")


def main() -> None:
    for path in sorted(FOLDER.glob("*.trf")):
        t = read_trf(path).tournament()
        players = tuple(
            dataclasses.replace(
                p,
                title=TITLES[p.id % 16 // 4] if p.id % 4 == 0 else "",
                federation=FEDERATIONS[p.id % 5],
                sex="w" if p.id % 3 == 0 else "m",
            )
            for p in t.players
        )
        t = t.replace(players=players)
        games = sum(len(r.games) for r in t.rounds)
        tracemalloc.start()
        cpu = time.process_time()
        lines = rating_report(t, 2026)
        rating_cpu = time.process_time() - cpu
        cpu = time.process_time()
        checks = norm_report(t, everyone=True)
        norm_cpu = time.process_time() - cpu
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"{path.stem}: {len(t.players)} players, {games} games; rating report "
            f"{len(lines)} lines {rating_cpu:.3f} s CPU; norm report {len(checks)} checks "
            f"{norm_cpu:.3f} s CPU; peak {peak / 1e6:.1f} MB",
            flush=True,
        )


if __name__ == "__main__":
    main()
