"""500 phones on the live pages of one event while its round is paired and results come in.

    .venv/bin/python benchmarks/bench_live.py [PHONES] [PLAYERS] [RESULTS]

Starts ``fairpair serve`` (uvicorn, its own process, a real port) over a SQLite file holding a
casual Swiss of PLAYERS players (default 500). PHONES phones (default 500, one connection
each, raw asyncio streams) open the event's live stream (``/events/ID/live``) and behave as
``static/live.js`` does: when the announced version is newer than the page they hold, they
fetch the round page again (one fetch at a time per phone). Then round 1 is paired through
the service (another process's write, as the command line or a second app server would make
it) and, once every phone shows the pairings, RESULTS results (default 250) are entered one by
one through the service.

Printed: the time from the pairing's commit until every phone had been told (the spread
over the phones) and until every phone had fetched the page with the pairings; the same for
the last result; the versions and page fetches per phone; the server's CPU seconds and peak
resident memory over the run (from /proc).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore

ROOT = Path(__file__).resolve().parents[1]
FAIRPAIR = ROOT / ".venv" / "bin" / "fairpair"


@dataclass(slots=True)
class Phone:
    """What one phone saw: when each version was announced and when its page had it."""

    told: dict[int, float] = field(default_factory=dict)
    page_at: dict[int, float] = field(default_factory=dict)
    shown: int = 0
    wanted: int = 0
    fetches: int = 0
    fetching: bool = False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime


def peak_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def request(port: int, path: str) -> tuple[int, bytes]:
    """One GET on a new connection (a phone's own): the status and the body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        answer = await reader.read()
    finally:
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


async def fetch_page(phone: Phone, port: int, event_id: int) -> None:
    """The page again, as live.js does, until the phone holds the version it was told."""
    if phone.fetching:
        return
    phone.fetching = True
    try:
        while phone.wanted > phone.shown:
            target = phone.wanted
            status, body = await request(port, f"/events/{event_id}/rounds/1")
            phone.fetches += 1
            if status == 200 and b'data-version="' in body:
                shown = int(body.split(b'data-version="', 1)[1].split(b'"', 1)[0])
                if shown < target:
                    # The server still shows the previous version (a large event's next one
                    # is being prepared): live.js asks again a second later.
                    await asyncio.sleep(1.0)
                    continue
                phone.shown = shown
                phone.page_at.setdefault(phone.shown, time.monotonic())
                for version in range(target, phone.shown + 1):
                    phone.page_at.setdefault(version, phone.page_at[phone.shown])
            else:
                await asyncio.sleep(0.2)
    finally:
        phone.fetching = False


async def listen(phone: Phone, port: int, event_id: int, ready: asyncio.Event) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /events/{event_id}/live HTTP/1.1\r\nHost: bench\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"the live stream answered {status!r}")
    tasks: set[asyncio.Task[None]] = set()
    try:
        while line := await reader.readline():
            if line.startswith(b"data: "):
                version = int(line[6:])
                phone.told.setdefault(version, time.monotonic())
                if not phone.shown:
                    phone.shown = phone.wanted = version
                    ready.set()
                elif version > phone.wanted:
                    phone.wanted = version
                    task = asyncio.create_task(fetch_page(phone, port, event_id))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
    finally:
        writer.close()


def spread(label: str, since: float, times: list[float]) -> None:
    ms = sorted(1000 * (t - since) for t in times)
    print(
        f"  {label:44} all {ms[-1]:7.0f} ms   first {ms[0]:6.0f}   "
        f"median {statistics.median(ms):6.0f}   p95 {ms[int(0.95 * (len(ms) - 1))]:6.0f}"
    )


async def run(phones_count: int, players: int, results: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-live-"))
    url = f"sqlite:///{folder / 'events.sqlite3'}"
    store = SqlStore(url)
    desk = ev.Desk(store, lambda: datetime.now(UTC), "bench")
    event = ev.create_event(desk, EventSettings("Live open", System.CASUAL, rounds=5, seed=1))
    field_ = [Player(i, f"Player {i:03d}", rating=2400 - i) for i in range(1, players + 1)]
    event = ev.import_players(desk, event.id, field_)

    port = free_port()
    command = [str(FAIRPAIR), "serve", "--db", str(folder / "events.sqlite3")]
    log = (folder / "server.log").open("wb")  # its warnings, read after a failure
    server = subprocess.Popen(
        [*command, "--port", str(port), "--no-demo"], stdout=log, stderr=subprocess.STDOUT
    )
    try:
        for _ in range(200):
            try:
                status, _ = await request(port, f"/events/{event.id}")
                if status == 200:
                    break
            except OSError:
                await asyncio.sleep(0.05)
        else:
            raise RuntimeError("the server did not start")
        idle_rss = rss_mib(server.pid)

        phones = [Phone() for _ in range(phones_count)]
        readies = [asyncio.Event() for _ in phones]
        started = time.monotonic()
        listeners = [
            asyncio.create_task(listen(p, port, event.id, r))
            for p, r in zip(phones, readies, strict=True)
        ]
        await asyncio.gather(*(r.wait() for r in readies))
        print(
            f"{phones_count} phones connected in {time.monotonic() - started:.1f} s "
            f"(server RSS {idle_rss:.0f} MiB before, {rss_mib(server.pid):.0f} MiB after)"
        )
        cpu_before = cpu_seconds(server.pid)

        loop = asyncio.get_running_loop()
        paired, _ = await loop.run_in_executor(None, ev.pair_round, desk, event.id)
        at = time.monotonic()
        print(f"round 1 of {players} players paired (version {paired.version})")
        while not all(paired.version in p.page_at for p in phones):
            await asyncio.sleep(0.02)
        spread("every phone told of the pairing", at, [p.told[paired.version] for p in phones])
        spread("every phone showing the pairings", at, [p.page_at[paired.version] for p in phones])

        boards = len(paired.tournament.rounds[-1].games)
        entered = paired
        entering = time.monotonic()
        for board in range(1, min(results, boards) + 1):
            outcome = ("2-1", "1-1", "1-2")[board % 3]
            entered = await loop.run_in_executor(
                None, lambda b=board, o=outcome: ev.enter_results(desk, event.id, [(b, o)])
            )
        at = time.monotonic()
        print(
            f"{min(results, boards)} results entered one by one in {at - entering:.1f} s "
            f"(last version {entered.version})"
        )
        while not all(entered.version in p.page_at for p in phones):
            await asyncio.sleep(0.02)
        spread("every phone told of the last result", at, [p.told[entered.version] for p in phones])
        spread(
            "every phone showing the last result", at, [p.page_at[entered.version] for p in phones]
        )
        cpu = cpu_seconds(server.pid) - cpu_before
        told = [len(p.told) - 1 for p in phones]
        fetches = [p.fetches for p in phones]
        print(
            f"  versions announced per phone: min {min(told)}, median "
            f"{statistics.median(told):.0f}, max {max(told)} (of {entered.version - event.version})"
        )
        print(
            f"  page fetches per phone: min {min(fetches)}, median "
            f"{statistics.median(fetches):.0f}, max {max(fetches)} ({sum(fetches)} in all)"
        )
        print(
            f"server: {cpu:.1f} CPU seconds from the pairing to the end, peak RSS "
            f"{peak_rss_mib(server.pid):.0f} MiB"
        )
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            print("the server did not stop within 20 s of SIGINT", file=sys.stderr)
        log.close()
        store.close()
        print(f"(the store and the server's log are in {folder})")


def main() -> None:
    given = [int(a) for a in sys.argv[1:4]]
    phones, players, results = given + [500, 500, 250][len(given) :]
    asyncio.run(run(phones, players, results))


if __name__ == "__main__":
    main()
