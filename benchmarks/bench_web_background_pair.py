"""Latency of the desk and the public pages while a large Dutch round pairs in the background.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_web_background_pair.py [PLAYERS]

Serves the app with uvicorn on a local port over a SQLite file, as bench_web_busy.py does
(its 500-player club open with 3 rounds played is the "other event"), and adds a Dutch open of
PLAYERS players (default 5,000) run by the same director. Through the desk the director
presses "Pair round 1" of the open; while its pairing runs in the server's background thread
a client asks, in turn and again and again, for the other event's desk page, its public
standings, the open's round page (the progress page) and the open's status route, and once
presses Pair again (refused). Printed: how long the Pair request took to answer, how long the
pairing took until the status route said it was stored, the progress lines seen, the latency
of each kind of request (idle and during the pairing: median, 95th percentile, maximum), the
second Pair's answer, and the server process's peak resident memory.
"""

from __future__ import annotations

import dataclasses
import re
import resource
import socket
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
import uvicorn
from bench_web_busy import PASSWORD, figures, setup, token

from fairpair.core import Player
from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig


def large_open(url: str, players: int, other: int) -> int:
    """A Dutch open of ``players`` players run by anna, round 1 to pair; anna takes the other
    event too (with its claim code), so that its desk page is hers."""
    store = SqlStore(url)
    desk = ev.Desk(store, lambda: datetime.now(UTC), "bench")
    code = directors.new_claim_code(desk, other)
    directors.claim_with_code(dataclasses.replace(desk, actor="anna"), code)
    event = ev.create_event(desk, EventSettings("Large open", System.DUTCH, rounds=9), "anna")
    field = [
        Player(i, f"Entrant {i:05d}", rating=2800 - 2000 * i // players)
        for i in range(1, players + 1)
    ]
    ev.import_players(desk, event.id, field)
    store.close()
    return event.id


def main(argv: list[str]) -> None:
    players = int(argv[0]) if argv else 5_000
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'events.sqlite3'}"
        _, other = setup(url)
        big = large_open(url, players, other)
        app = create_app(WebConfig(store=url, demo=False))
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        listener.listen(128)
        base = f"http://127.0.0.1:{listener.getsockname()[1]}"
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        with httpx.Client(base_url=base, timeout=900) as anna:
            signin = anna.get("/desk/signin")
            typed = {"username": "anna", "password": PASSWORD}
            anna.post("/desk/signin", data=typed | {"csrf_token": token(signin)})
            status = f"/desk/events/{big}/pairing"
            kinds = {
                "desk: other event's page": f"/desk/events/{other}",
                "public: other's standings": f"/events/{other}/standings",
                "desk: the round's page": f"/desk/events/{big}/rounds/1/results",
                "desk: status route": status,
            }
            for path in kinds.values():
                anna.get(path)  # the first request computes what each version caches
            print(f"while round 1 of a {players:,}-player Dutch open pairs in the background:")
            print("idle server, wall time per request:")
            for label, path in kinds.items():
                if "round's page" in label:
                    continue  # round 1 is not paired yet: a 404 until Pair is pressed
                idle = []
                for _ in range(20):
                    started = time.perf_counter()
                    assert anna.get(path).status_code == 200
                    idle.append(time.perf_counter() - started)
                figures(label, idle)

            desk_page = anna.get(f"/desk/events/{big}")
            started = time.perf_counter()
            pressed = anna.post(f"/desk/events/{big}/pair", data={"csrf_token": token(desk_page)})
            answered = time.perf_counter() - started
            assert pressed.status_code == 303, pressed.text[:500]
            print(f"Pair round 1 answered in {answered:.2f} s ({pressed.headers['location']})")

            during: dict[str, list[float]] = {label: [] for label in kinds}
            lines: list[str] = []
            second: tuple[int, float, str] | None = None
            while True:
                for label, path in kinds.items():
                    sent = time.perf_counter()
                    answer = anna.get(path)
                    during[label].append(time.perf_counter() - sent)
                    assert answer.status_code == 200, (path, answer.status_code)
                    if path == status:
                        told = answer.json()
                        if told["text"] and told["text"] not in lines:
                            lines.append(told["text"])
                if told["state"] != "running":
                    break
                if second is None:
                    again = anna.get(f"/desk/events/{big}")
                    sent = time.perf_counter()
                    refused = anna.post(
                        f"/desk/events/{big}/pair", data={"csrf_token": token(again)}
                    )
                    found = re.search(r'role="alert">([^<]*being paired[^<]*)<', refused.text)
                    reason = found[1] if found else refused.text[:200]
                    second = (refused.status_code, time.perf_counter() - sent, reason)
            took = time.perf_counter() - started
            assert told["paired"] == 1, told
            print(f"the pairing was stored {took:.1f} s after Pair was pressed")
            print("progress lines seen: " + " | ".join(lines))
            print("during the pairing, wall time per request:")
            for label, latencies in during.items():
                figures(label, latencies)
            if second is not None:
                code, waited, reason = second
                print(f"a second Pair meanwhile: {code} in {1000 * waited:.0f} ms: {reason}")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak resident memory of the process (server and clients): {peak:,.0f} MiB")
        server.should_exit = True
        thread.join(30)
        listener.close()


if __name__ == "__main__":
    main(sys.argv[1:])
