"""Size and CPU time of the public pages and the read API, for a 24- and a 200-player Swiss.

    PYTHONPATH=src python benchmarks/bench_web_public.py [REPEATS]

Builds the events through the service on the in-memory store (4 and 5 rounds of the FIDE Dutch
system with fixed results, the next round paired), then requests each page in-process and
prints its size, its gzip size and the CPU time per request (``time.process_time``; the mean
of REPEATS requests, default 20), and the CPU time of a revalidation that answers 304.
"""

from __future__ import annotations

import gzip
import sys
import time
from datetime import UTC, datetime

from fastapi.testclient import TestClient

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig

RESULTS = ("1-0", "1/2", "0-1", "1-0", "+-")


def build(desk: ev.Desk, players: int, rounds: int) -> ev.Event:
    settings = EventSettings(name=f"Open of {players}", system=System.DUTCH, rounds=9)
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


def main(argv: list[str]) -> None:
    repeats = int(argv[0]) if argv else 20
    app = create_app(WebConfig(store=":memory:"))
    with TestClient(app) as client:
        desk = ev.Desk(app.state.store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "bench")
        for players, rounds in ((24, 4), (200, 5)):
            event = build(desk, players, rounds)
            current = rounds + 1
            print(f"\n{players} players, {rounds} rounds played, round {current} paired")
            print(f"{'page':34} {'bytes':>8} {'gzip':>7} {'CPU ms':>7}")
            for path in (
                "",
                f"/rounds/{current}",
                f"/rounds/{current}?q=player 013",
                "/standings",
                "/crosstable",
                "/players/13",
            ):
                for prefix in ("/events", "/api/events"):
                    if prefix == "/api/events" and (path == "/crosstable" or "?q=" in path):
                        continue
                    url = f"{prefix}/{event.id}{path}"
                    started = time.process_time()
                    for _ in range(repeats):
                        response = client.get(url)
                    cpu = (time.process_time() - started) / repeats * 1000
                    body = response.content
                    packed = len(gzip.compress(body, 6))
                    print(f"{url:34} {len(body):8} {packed:7} {cpu:7.1f}")
            url = f"/events/{event.id}/standings"
            tag = client.get(url).headers["etag"]
            started = time.process_time()
            for _ in range(repeats):
                assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
            cpu = (time.process_time() - started) / repeats * 1000
            print(f"{url + ' (304)':34} {0:8} {0:7} {cpu:7.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
