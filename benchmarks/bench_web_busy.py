"""Latency of one event's public page while another event imports, pairs and undoes.

    .venv/bin/python benchmarks/bench_web_busy.py [PLAYERS]

Serves the app with uvicorn on a local port over a SQLite file (as a director would run it).
Event B is a 500-player Swiss with 3 rounds played; event A is an empty casual Swiss. The
script signs in as A's director and, through the desk, imports a CSV of PLAYERS names (default
100,000), pairs round 1 and undoes that pairing (undo replays the whole log), while a reader
requests B's public standings page again and again (no ETag: the whole page each time).
Printed: each command's wall time, and the page's wall latency (median, 95th percentile,
maximum) with the server idle and for every request sent while the command ran, and how many
of those were answered before it ended.
"""

from __future__ import annotations

import re
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
import uvicorn

from fairpair.core import Player
from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig

PASSWORD = "bench-password-1234"
_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def setup(url: str) -> tuple[int, int]:
    store = SqlStore(url)
    desk = ev.Desk(store, lambda: datetime.now(UTC), "bench")
    directors.add_director(desk, "anna", PASSWORD)
    big = EventSettings("Big open", System.CASUAL, rounds=9, seed=1)
    a = ev.create_event(desk, big, "anna")
    b = ev.create_event(desk, EventSettings("Club open", System.DUTCH, rounds=9))
    field = [Player(i, f"Player {i:03d}", rating=2600 - 3 * i) for i in range(1, 501)]
    ev.import_players(desk, b.id, field)
    for number in range(1, 4):
        _, pairing = ev.pair_round(desk, b.id)
        boards = range(1, len(pairing.boards) + 1)
        results = [(n, ("1-0", "1/2", "0-1")[(n + number) % 3]) for n in boards]
        ev.enter_results(desk, b.id, results)
    store.close()
    return a.id, b.id


def token(page: httpx.Response) -> str:
    found = _TOKEN.search(page.text)
    assert found, "no CSRF token on the page"
    return found[1]


def figures(label: str, latencies: list[float]) -> None:
    ms = sorted(1000 * x for x in latencies)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(
        f"  {label:28} {len(ms):5} requests  median {statistics.median(ms):8.1f} ms  "
        f"p95 {p95:8.1f} ms  max {ms[-1]:8.1f} ms"
    )


def heavy(label: str, work: Callable[[], httpx.Response], reader: httpx.Client, page: str) -> None:
    """Run ``work`` (one director's request) in a thread while ``reader`` asks for ``page``
    again and again; print what the reader waited."""
    done: list[float] = []

    def run() -> None:
        started = time.perf_counter()
        answer = work()
        done.append(time.perf_counter() - started)
        assert answer.status_code == 303, answer.text[:500]

    worker = threading.Thread(target=run)
    worker.start()
    busy = []  # every request sent while the work ran, however long it waited
    answered = 0  # those answered before the work ended
    while worker.is_alive():
        started = time.perf_counter()
        assert reader.get(page).status_code == 200
        busy.append(time.perf_counter() - started)
        answered += worker.is_alive()
    worker.join()
    print(f"{label}: {done[0]:.2f} s; meanwhile the other event's standings")
    figures("sent during it", busy)
    print(f"  {answered} of them answered before it ended")


def main(argv: list[str]) -> None:
    players = int(argv[0]) if argv else 100_000
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'events.sqlite3'}"
        a, b = setup(url)
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
        page = f"{base}/events/{b}/standings"
        names = "name\n" + "".join(f"Entrant {i}\n" for i in range(players))
        with (
            httpx.Client(timeout=900) as reader,
            httpx.Client(base_url=base, timeout=900) as anna,
        ):
            reader.get(page)  # the first request computes the standings of this version
            idle = []
            for _ in range(20):
                started = time.perf_counter()
                assert reader.get(page).status_code == 200
                idle.append(time.perf_counter() - started)
            print("the other event's standings (500 players), wall time per request:")
            figures("server idle", idle)

            signin = anna.get("/desk/signin")
            typed = {"username": "anna", "password": PASSWORD}
            anna.post("/desk/signin", data=typed | {"csrf_token": token(signin)})
            desk = f"/desk/events/{a}"

            def form() -> dict[str, str]:
                found = re.search(r'name="version" value="(\d+)"', (at := anna.get(desk)).text)
                return {"csrf_token": token(at)} | ({"version": found[1]} if found else {})

            # Each form is loaded before its command is timed (the desk page of a 100,000-player
            # event is itself a large page).
            fields = form()
            heavy(
                f"import of {players:,} players through the desk",
                lambda: anna.post(
                    f"{desk}/players/import",
                    data=fields,
                    files={"file": ("open.csv", names.encode(), "text/csv")},
                ),
                reader,
                page,
            )
            fields = form()
            heavy(
                f"pairing round 1 of the {players:,} players",
                lambda: anna.post(f"{desk}/pair", data=fields),
                reader,
                page,
            )
            fields = form()
            heavy(
                "undo of that pairing (a replay of the whole log)",
                lambda: anna.post(f"{desk}/undo", data=fields),
                reader,
                page,
            )
        server.should_exit = True
        thread.join(30)
        listener.close()


if __name__ == "__main__":
    main(sys.argv[1:])
