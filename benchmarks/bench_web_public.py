"""Size and CPU time of the public pages and the read API, for Swiss events of 24 to 10,000
players.

    .venv/bin/python benchmarks/bench_web_public.py [REPEATS] [PLAYERS...]

Builds the events through the service on the in-memory store (24, 200 and 500 players: 4 or 5
rounds of the FIDE Dutch system; 10,000 players: 5 rounds of the casual Swiss, whose pairing is
quicker at that size; fixed results, the next round paired), then requests each page
in-process and prints its size, its gzip size, the CPU time (``time.process_time``) of the
first request after the event changed ("first": the standings and views are computed) and the
mean of REPEATS more requests (default 20; 5 at 10,000 players) of the same version
("again"), and the CPU time of a revalidation that answers 304. Before the standings were
kept per version, every request cost what "first" costs.
"""

from __future__ import annotations

import gzip
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from fastapi.testclient import TestClient

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig

RESULTS = ("1-0", "1/2", "0-1", "1-0", "+-")


SIZES = {24: 4, 200: 5, 500: 5, 10_000: 5}
"""Players and the rounds played before the next one is paired."""


def build(desk: ev.Desk, players: int, rounds: int) -> ev.Event:
    system = System.CASUAL if players > 1000 else System.DUTCH
    settings = EventSettings(name=f"Open of {players}", system=system, rounds=9, seed=1)
    event = ev.create_event(desk, settings)
    field = [
        Player(id=i, name=f"Player {i:03d}", rating=2600 - 3 * i) for i in range(1, players + 1)
    ]
    event = ev.import_players(desk, event.id, field)
    for number in range(1, rounds + 1):
        event, pairing = ev.pair_round(desk, event.id)
        results = [(b, RESULTS[(number + b) % 5]) for b in range(1, len(pairing.boards) + 1)]
        event = ev.enter_results(desk, event.id, results)
    event, _ = ev.pair_round(desk, event.id)
    return event


def measure(
    client: TestClient,
    event_id: int,
    paths: Sequence[str],
    repeats: int,
    api: Callable[[str], bool] = lambda path: True,
) -> None:
    """Print each page's size, gzip size and CPU time (first, then again), of the public page
    and, where ``api`` says so, of the read API; then a revalidation of the standings."""
    print(f"{'page':34} {'bytes':>9} {'gzip':>8} {'CPU ms first':>12} {'again':>7}")
    for path in paths:
        for prefix in ("/events", "/api/events"):
            if prefix == "/api/events" and not api(path):
                continue
            url = f"{prefix}/{event_id}{path}"
            started = time.process_time()
            client.get(url)
            first = (time.process_time() - started) * 1000
            started = time.process_time()
            for _ in range(repeats):
                response = client.get(url)
            cpu = (time.process_time() - started) / repeats * 1000
            assert response.status_code == 200, (url, response.status_code)
            body = response.content
            packed = len(gzip.compress(body, 6))
            print(f"{url:34} {len(body):9} {packed:8} {first:12.1f} {cpu:7.1f}")
    url = f"/events/{event_id}/standings"
    tag = client.get(url).headers["etag"]
    started = time.process_time()
    for _ in range(repeats):
        assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    cpu = (time.process_time() - started) / repeats * 1000
    print(f"{url + ' (304)':34} {0:9} {0:8} {'':12} {cpu:7.1f}")


def main(argv: list[str]) -> None:
    numbers = [int(a) for a in argv if a.isdigit()]
    repeats = numbers[0] if numbers else 20
    sizes = [n for n in numbers[1:] if n in SIZES] or list(SIZES)
    app = create_app(WebConfig(store=":memory:"))
    with TestClient(app) as client:
        desk = ev.Desk(app.state.store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "bench")
        for players in sizes:
            rounds = SIZES[players]
            times = repeats if players <= 1000 else min(repeats, 5)
            event = build(desk, players, rounds)
            current = rounds + 1
            print(f"\n{players} players, {rounds} rounds played, round {current} paired")
            paths = (
                "",
                f"/rounds/{current}",
                f"/rounds/{current}?q=player 013",
                "/standings",
                "/crosstable",
                "/players/13",
            )
            # The read API has no crosstable and no filter.
            measure(client, event.id, paths, times, lambda p: p != "/crosstable" and "?q=" not in p)


if __name__ == "__main__":
    main(sys.argv[1:])
