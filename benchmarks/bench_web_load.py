"""Phones following a 2,000-player event through two ``fairpair serve`` processes.

    .venv/bin/python benchmarks/bench_web_load.py --db postgresql://USER@HOST:PORT/DB
    .venv/bin/python benchmarks/bench_web_load.py --sqlite
    (options: --players 2000 --clients 200 --seconds 60 --think 1.0 --result-every 5 --cold)

Builds the event through the service (a casual Swiss of PLAYERS players, 4 rounds paired with
results, round 5 paired and not played yet) in a schema of its own on the PostgreSQL server
(dropped at the end) or in a SQLite file, starts two ``fairpair serve`` processes on it, and
runs CLIENTS phones for SECONDS in one asyncio loop. Each phone sends its requests to the two
servers in turn (as a round-robin balancer would) and, as a browser does, sends back the ETag
it was given (``If-None-Match``) and takes gzip. Between two requests it thinks THINK seconds
+- 50 % (uniform); the first request of each phone is spread over one think time. What it asks
for, by weight: the current round's pairings 35, the standings 25, its own player's page 20,
the JSON API (round or standings) 15, the crosstable 5.

Meanwhile the director enters one result of the current round every RESULT_EVERY seconds
through the write API (an API token), on the servers in turn: each changes the event's
version, so every page the phones hold is rendered again once per server. A server shows a
large event's previous version while it prepares the new one (for at most
``WebConfig.previous_version_seconds``, see ``fairpair.web.reading``): how far behind the
pages were is measured too.

Before the phones come, each server is asked once for each kind of page (a server that has
been running has shown them): the figures are those of an event followed for a while, not
of the first second after a start, when every phone waits for the first rendering of each
page (some 1.2 s at 2,000 players; ``--cold`` measures that too).

Printed: requests, errors (a status other than 200 or 304, no answer within 30 s, or a
connection closed under the request), requests per second, 304s, and the latency
p50/p95/p99/max per page kind and overall; how late the pages were (for each page sent, the
seconds since the director's write of a newer version was acknowledged, 0 when none was:
p50/p95/max over the pages sent); each server's CPU seconds (from /proc) and the load script's
own; the director's writes; the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx

from fairpair.core import Player
from fairpair.service import accounts, directors
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ("1-0", "1/2", "0-1", "1-0", "0-1")
PLAYED = 4
KINDS = (
    ("round", 35),
    ("standings", 25),
    ("player", 20),
    ("api", 15),
    ("crosstable", 5),
)


def build(url: str, players: int) -> tuple[int, str, int]:
    """The event (id), an API token of its director, and the boards of its current round."""
    store = SqlStore(url)
    try:
        desk = ev.Desk(store, lambda: datetime.now(UTC), "bench")
        directors.add_director(desk, "anna", "bench-password-1234")
        settings = EventSettings(f"Open of {players}", System.CASUAL, rounds=9, seed=1)
        event = ev.create_event(desk, settings, owner="anna")
        field = [
            Player(i, f"Player {i:04d}", rating=2600 - i % 1200) for i in range(1, players + 1)
        ]
        ev.import_players(desk, event.id, field)
        for number in range(1, PLAYED + 1):
            _, pairing = ev.pair_round(desk, event.id)
            boards = range(1, len(pairing.boards) + 1)
            ev.enter_results(desk, event.id, [(b, RESULTS[(b + number) % 5]) for b in boards])
        _, pairing = ev.pair_round(desk, event.id)
        _, token = accounts.create_api_token(desk, "anna")
        return event.id, token, len(pairing.boards)
    finally:
        store.close()


@contextmanager
def database(args: argparse.Namespace) -> Iterator[str]:
    """A fresh SQLite file, or a fresh schema on the PostgreSQL server (dropped after)."""
    if args.sqlite:
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/events.sqlite3"
        return
    import sqlalchemy as sa

    from fairpair.storage.sql import database_url

    base = database_url(args.db)
    schema = "bench_" + uuid.uuid4().hex[:12]
    engine = sa.create_engine(base)
    with engine.begin() as connection:
        connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in base else "?"
    try:
        yield f"{base}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        engine.dispose()


@contextmanager
def server(url: str, log: Path) -> Iterator[tuple[str, int]]:
    """``fairpair serve`` in a process of its own: its base URL and process id."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = os.environ | {"PYTHONPATH": str(ROOT / "src")}
    env.pop("FAIRPAIR_SECRET_KEY", None)
    command = [sys.executable, "-m", "fairpair", "serve", "--port", str(port), "--db", url]
    with log.open("wb") as output:
        process = subprocess.Popen(
            [*command, "--no-demo"], env=env, stdout=output, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if process.poll() is not None:
                raise SystemExit(f"fairpair serve stopped:\n{log.read_text()}")
            try:
                if httpx.get(base + "/", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base, process.pid
    finally:
        process.terminate()
        process.wait(30)
        failed = [n for n in log.read_text().splitlines() if "Traceback" in n or "ERROR" in n]
        print(f"  {base}: {len(failed)} errors in the server's log", *failed[:5], sep="\n    ")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    """What the phones saw, by page kind."""

    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, dict[int, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int))
    )
    errors: list[str] = field(default_factory=list)
    shown: list[tuple[float, int]] = field(default_factory=list)
    """(when the request was sent, the version of the page that came back) of every 200."""
    written: list[tuple[float, int]] = field(default_factory=list)
    """(when it was acknowledged, the version it made) of every result the director entered."""

    def note(self, kind: str, seconds: float, status: int) -> None:
        self.latency[kind].append(seconds)
        self.statuses[kind][status] += 1


async def phone(
    number: int,
    servers: list[str],
    event_id: int,
    round_number: int,
    players: int,
    args: argparse.Namespace,
    tally: Tally,
    stop: float,
) -> None:
    """One phone following the event until ``stop`` (monotonic)."""
    rng = random.Random(number)
    me = rng.randint(1, players)
    paths = {
        "round": f"/events/{event_id}/rounds/{round_number}",
        "standings": f"/events/{event_id}/standings",
        "player": f"/events/{event_id}/players/{me}",
        "crosstable": f"/events/{event_id}/crosstable",
    }
    api = (f"/api/events/{event_id}/rounds/{round_number}", f"/api/events/{event_id}/standings")
    kinds, weights = zip(*KINDS, strict=True)
    etags: dict[str, str] = {}
    turn = number % len(servers)
    # A connection left idle is dropped before uvicorn's 5 s keep-alive ends it: a request
    # sent on it just as the server closes it fails, where a browser would send it again.
    limits = httpx.Limits(keepalive_expiry=4)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        await asyncio.sleep(rng.uniform(0, args.think))
        while time.monotonic() < stop:
            kind = rng.choices(kinds, weights)[0]
            path = rng.choice(api) if kind == "api" else paths[kind]
            headers = {"If-None-Match": etags[path]} if path in etags else {}
            base = servers[turn]
            turn = (turn + 1) % len(servers)
            began = time.monotonic()
            try:
                answer = await client.get(base + path, headers=headers)
                await answer.aread()
            except httpx.HTTPError as error:
                tally.errors.append(f"{kind}: {type(error).__name__} {error}")
                tally.note(kind, time.monotonic() - began, 0)
            else:
                tally.note(kind, time.monotonic() - began, answer.status_code)
                if answer.status_code == 200 and "etag" in answer.headers:
                    etags[path] = answer.headers["etag"]
                    tally.shown.append((began, shown_version(answer.headers["etag"])))
                elif answer.status_code not in (200, 304):
                    tally.errors.append(f"{kind}: {answer.status_code} {answer.text[:200]}")
            await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))


def shown_version(etag: str) -> int:
    """The event's version an event page's ETag names (``W/"APP-EVENT-VERSION"``)."""
    return int(etag.strip('W/"').split("-")[-1])


def lateness(tally: Tally) -> list[float]:
    """For each page sent: seconds since a newer version than its own was acknowledged."""
    late = []
    for began, version in tally.shown:
        newer = [at for at, made in tally.written if made > version and at < began]
        late.append(began - min(newer) if newer else 0.0)
    return late


async def director(
    servers: list[str],
    event_id: int,
    token: str,
    boards: int,
    args: argparse.Namespace,
    stop: float,
    tally: Tally,
) -> list[tuple[float, int]]:
    """One result of the current round every ``result_every`` seconds: (seconds, status)."""
    written: list[tuple[float, int]] = []
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(timeout=60, headers=headers) as client:
        board = 0
        while time.monotonic() + args.result_every < stop and board < boards:
            await asyncio.sleep(args.result_every)
            board += 1
            body = {"results": [{"board": board, "result": RESULTS[board % 5]}]}
            began = time.monotonic()
            answer = await client.post(
                f"{servers[board % len(servers)]}/api/events/{event_id}/results", json=body
            )
            written.append((time.monotonic() - began, answer.status_code))
            if answer.status_code == 200:
                tally.written.append((time.monotonic(), answer.json()["version"]))
    return written


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def line(label: str, seconds: list[float], statuses: dict[int, int]) -> str:
    ms = [1000 * s for s in seconds]
    bad = sum(n for status, n in statuses.items() if status not in (200, 304))
    return (
        f"  {label:11} {len(ms):7} {statuses.get(304, 0):7} {bad:6} "
        f"{statistics.median(ms):8.1f} {percentile(ms, 0.95):8.1f} "
        f"{percentile(ms, 0.99):8.1f} {max(ms):8.1f}"
    )


def report(
    tally: Tally, wall: float, cpu: list[float], client_cpu: float, written: list[tuple[float, int]]
) -> None:
    print(
        f"  {'page':11} {'requests':>7} {'304':>7} {'errors':>6} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'p99 ms':>8} {'max ms':>8}"
    )
    everything: list[float] = []
    overall: dict[int, int] = defaultdict(int)
    for kind, _ in KINDS:
        everything += tally.latency[kind]
        for status, n in tally.statuses[kind].items():
            overall[status] += n
        if tally.latency[kind]:
            print(line(kind, tally.latency[kind], tally.statuses[kind]))
    print(line("overall", everything, overall))
    print(f"  {len(everything) / wall:.0f} requests per second over {wall:.1f} s")
    late = lateness(tally)
    if late:
        print(
            f"  pages behind the latest result: {sum(1 for s in late if s > 0)} of {len(late)}; "
            f"lateness p50 {statistics.median(late):.2f} s, p95 {percentile(late, 0.95):.2f} s, "
            f"max {max(late):.2f} s"
        )
    for number, seconds in enumerate(cpu, start=1):
        print(f"  server {number}: {seconds:.1f} CPU s ({100 * seconds / wall:.0f} % of one core)")
    print(f"  the load script: {client_cpu:.1f} CPU s ({100 * client_cpu / wall:.0f} %)")
    if written:
        times = [1000 * s for s, _ in written]
        statuses = sorted({status for _, status in written})
        print(
            f"  director: {len(written)} results entered (statuses {statuses}), "
            f"median {statistics.median(times):.0f} ms, max {max(times):.0f} ms"
        )
    for error in tally.errors[:10]:
        print("  error:", error)


async def load(
    servers: list[str], event_id: int, token: str, boards: int, args: argparse.Namespace
) -> tuple[Tally, float, list[tuple[float, int]]]:
    tally = Tally()
    began = time.monotonic()
    stop = began + args.seconds
    phones = [
        phone(n, servers, event_id, PLAYED + 1, args.players, args, tally, stop)
        for n in range(args.clients)
    ]
    *_, written = await asyncio.gather(
        *phones, director(servers, event_id, token, boards, args, stop, tally)
    )
    return tally, time.monotonic() - began, written


def warm(servers: list[str], event_id: int) -> None:
    """Ask each server once for each kind of page, as the phones will."""
    paths = (
        f"/events/{event_id}/rounds/{PLAYED + 1}",
        f"/events/{event_id}/standings",
        f"/events/{event_id}/players/1",
        f"/events/{event_id}/crosstable",
        f"/api/events/{event_id}/rounds/{PLAYED + 1}",
        f"/api/events/{event_id}/standings",
    )
    for base in servers:
        for path in paths:
            response = httpx.get(base + path, timeout=60)
            if response.status_code != 200:
                raise SystemExit(f"{base}{path}: {response.status_code}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--db", help="a PostgreSQL URL (a schema of its own is made and dropped)")
    where.add_argument("--sqlite", action="store_true", help="a SQLite file instead")
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="seconds between requests")
    parser.add_argument("--result-every", type=float, default=5.0, help="seconds")
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument(
        "--cold", action="store_true", help="phones from the servers' start, none asked before"
    )
    args = parser.parse_args()

    with database(args) as url, tempfile.TemporaryDirectory() as logs, ExitStack() as stack:
        began = time.perf_counter()
        event_id, token, boards = build(url, args.players)
        print(
            f"{args.players} players, {PLAYED} rounds played, round {PLAYED + 1} paired "
            f"({boards} boards): built in {time.perf_counter() - began:.1f} s "
            f"({'SQLite' if args.sqlite else 'PostgreSQL'})"
        )
        started = [
            stack.enter_context(server(url, Path(logs) / f"server-{n}.log"))
            for n in range(1, args.servers + 1)
        ]
        servers = [base for base, _ in started]
        if not args.cold:
            warm(servers, event_id)
        cpu_before = [cpu_seconds(pid) for _, pid in started]
        client_before = time.process_time()
        print(
            f"{args.clients} phones on {args.servers} servers for {args.seconds:.0f} s, "
            f"thinking {args.think:.1f} s +- 50 % between requests; a result every "
            f"{args.result_every:.0f} s"
            + ("; the servers just started" if args.cold else "; each page asked once before")
        )
        loadavg = os.getloadavg()[0]
        tally, wall, written = asyncio.run(load(servers, event_id, token, boards, args))
        cpu = [
            cpu_seconds(pid) - before for (_, pid), before in zip(started, cpu_before, strict=True)
        ]
        report(tally, wall, cpu, time.process_time() - client_before, written)
        # The machine may be shared: what else ran says how far the figures are the app's.
        print(f"  load average (1 min) {loadavg:.1f} before, {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
