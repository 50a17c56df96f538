"""Seconds and peak memory of giving a prize list on large standings.

    .venv/bin/python benchmarks/bench_prizes.py [SIZES...]

For each size (default 1,000, 10,000 and 100,000 players) a field with ratings, birth dates,
sexes and clubs spread over every category is ranked by random points (half points, many ties)
and :func:`~fairpair.standings.prizes.assign_prizes` gives a list of 12 categories (overall with
20 places, four rating bands, three age groups, women, best club with 3 players...), once
with one prize per player and Hort sharing, once with several prizes a player and equal sharing.
Printed: players, awards, seconds of each call, the process's peak resident memory.
"""

from __future__ import annotations

import random
import resource
import sys
import time
from fractions import Fraction

from fairpair.core import Player
from fairpair.standings.prizes import (
    CategoryKind,
    PrizeCategory,
    PrizeEntrant,
    PrizeRules,
    Sharing,
    assign_prizes,
)

CATEGORIES = (
    PrizeCategory("Overall", CategoryKind.OVERALL, tuple(range(2000, 0, -100))),
    PrizeCategory("U2200", CategoryKind.RATING, (300, 200, 100), rating_max=2199),
    PrizeCategory("U2000", CategoryKind.RATING, (250, 150, 100), rating_max=1999),
    PrizeCategory("U1800", CategoryKind.RATING, (200, 100, 50), rating_max=1799),
    PrizeCategory("U1600", CategoryKind.RATING, (150, 100, 50), rating_max=1599),
    PrizeCategory("U18", CategoryKind.AGE, (150, 100, 50), born_from="2008-01-01"),
    PrizeCategory("U14", CategoryKind.AGE, (100, 50), born_from="2012-01-01"),
    PrizeCategory("Seniors", CategoryKind.AGE, (150, 100), born_to="1961-12-31"),
    PrizeCategory("Women", CategoryKind.WOMEN, (300, 200, 100)),
    PrizeCategory("Unrated", CategoryKind.RATING, (100,), rating_max=0),
    PrizeCategory("Best club", CategoryKind.CLUB, (500, 300, 200), club_players=3),
    PrizeCategory("Best club of 5", CategoryKind.CLUB, (400,), club_players=5),
)


def field(count: int, rng: random.Random) -> list[PrizeEntrant]:
    players = []
    for i in range(1, count + 1):
        rating = 0 if i % 23 == 0 else rng.randint(1000, 2700)
        born = f"{rng.randint(1940, 2016)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        player = Player(
            i, f"Player {i:06d}", rating=rating or None, birth_date=born,
            sex="w" if i % 4 == 0 else "m", club=f"Club {i % (count // 8 + 1)}",
        )  # fmt: skip
        players.append(PrizeEntrant(player, Fraction(rng.randint(0, 18), 2)))
    players.sort(key=lambda e: (-e.points, e.player.id))
    return players


def main(sizes: list[int]) -> None:
    rng = random.Random(2026)
    print(f"{'players':>8} {'rules':<24} {'awards':>6} {'seconds':>8}")
    for size in sizes:
        entrants = field(size, rng)
        for rules in (
            PrizeRules(CATEGORIES, one_per_player=True, sharing=Sharing.HORT),
            PrizeRules(CATEGORIES, one_per_player=False, sharing=Sharing.EQUAL),
        ):
            start = time.perf_counter()
            awards = assign_prizes(rules, entrants)
            took = time.perf_counter() - start
            how = ("one each" if rules.one_per_player else "several") + f", {rules.sharing.value}"
            print(f"{size:>8} {how:<24} {len(awards):>6} {took:>8.3f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {peak:.0f} MB")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1_000, 10_000, 100_000])
