"""Time the reasons of a round's boards (the public page /events/ID/rounds/N/why).

    PYTHONPATH=src python benchmarks/bench_why.py [PLAYERS...] [--seed S]
    (default: 100, 500 and 1,000 players)

An event of the FIDE Dutch system is run through the service on the memory store: four
rounds paired and played with seeded random results, then round 5 paired. Printed: players,
boards, the CPU seconds of the reasons of round 5 (the round paired again from the event as it
stood before it, then each board's usual opponent tried by the system's criteria), the seconds
once a result of the round is entered (a new version whose reasons are kept), and the peak
memory of the work.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from datetime import UTC, datetime

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service import explanations
from fairpair.service.explanations import round_explanations
from fairpair.service.settings import EventSettings, System
from fairpair.storage.memory import MemoryStore

RESULTS = ("1-0", "0-1", "1/2")


def event_of(players: int, rng: random.Random) -> tuple[ev.Desk, ev.Event]:
    desk = ev.Desk(MemoryStore(), lambda: datetime.now(UTC), "bench")
    event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=9), owner="bench")
    people = [Player(id=i, name=f"Player {i}", rating=2600 - i) for i in range(1, players + 1)]
    ev.import_players(desk, event.id, people)
    for _ in range(4):
        paired, _ = ev.pair_round(desk, event.id)
        boards = len(paired.tournament.rounds[-1].games)
        ev.enter_results(desk, event.id, [(b, rng.choice(RESULTS)) for b in range(1, boards + 1)])
    ev.pair_round(desk, event.id)
    return desk, ev.load(desk, event.id)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "sizes", type=int, nargs="*", help="players of the events (default: 100, 500, 1000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random results")
    args = parser.parse_args(argv)
    seed = args.seed
    sizes = args.sizes or [100, 500, 1000]
    print(
        f"{'players':>8} {'boards':>7} {'reasons s':>10} {'after a result s':>17} {'peak MiB':>9}"
    )
    for players in sizes:
        desk, event = event_of(players, random.Random(seed))
        tracemalloc.start()
        round_explanations(fresh(event), 5)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        explanations._cache.clear()
        start = time.process_time()
        reasons = round_explanations(fresh(event), 5)
        took = time.process_time() - start
        # A result entered: a new version of the event, the same reasons (kept, not redone).
        changed = ev.enter_results(desk, event.id, [(1, "1-0")])
        start = time.process_time()
        round_explanations(changed, 5)
        again = time.process_time() - start
        print(f"{players:>8} {len(reasons):>7} {took:>10.2f} {again:>17.3f} {peak:>9.1f}")


def fresh(event: ev.Event) -> ev.Event:
    """The same event without its memo (so that the reasons are worked out again)."""
    return ev.Event(event.info, event.settings, event.tournament)


if __name__ == "__main__":
    main(sys.argv[1:])
