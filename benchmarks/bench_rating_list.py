"""Import a generated FIDE rating list of two million players and time searches in it.

    PYTHONPATH=src python benchmarks/bench_rating_list.py [PLAYERS] [--xml] [--trace] [--db URL]

A combined TXT list (``players_list_foa.txt`` layout) of PLAYERS lines (default 2,000,000)
is written in a temporary directory, with names drawn from syllables (some accented) and
seeded, then imported into a fresh SQLite store (or the PostgreSQL database of ``--db``,
whose rating lists are replaced) through the service as ``fairpair ratings import`` does.
``--xml`` also writes and imports the same players as FIDE's XML list.

Printed: the file's size, the import's wall seconds and players per second, the process's
peak resident memory before and after it (with ``--trace``, also the peak of the Python heap
by tracemalloc, which slows the import); then the
median and maximum milliseconds of 200 searches by name prefix (1 to 6 letters, surname or
first name, accents typed or not) and 100 by ID prefix. Targets (issue #19): the import
within a minute, memory bounded (not growing with the list), a search under 50 ms.
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from fairpair.service import events as ev
from fairpair.service import rating_lists as rl
from fairpair.storage import open_store

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
SYLLABLES = [
    "an",
    "be",
    "car",
    "da",
    "el",
    "fa",
    "go",
    "ha",
    "is",
    "jo",
    "ka",
    "lo",
    "ma",
    "ne",
    "or",
    "pa",
    "qu",
    "ro",
    "sa",
    "te",
    "ul",
    "va",
    "wi",
    "xe",
    "yo",
    "za",
    "mü",
    "ré",
    "ço",
    "ñe",
    "øy",
]
FEDERATIONS = ("FRA", "GER", "IND", "USA", "ESP", "RUS", "NOR", "POL", "BRA", "CHN")
TITLES = ("", "", "", "", "", "", "", "FM", "IM", "GM", "CM")


def word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()


Row = tuple[int, str, str, str, str, int, int, int, int]


def rows(count: int, seed: int = 2026) -> Iterator[Row]:
    """Seeded players, one at a time: (ID, name, federation, sex, title, standard, rapid,
    blitz, birth year)."""
    rng = random.Random(seed)
    for n in range(count):
        yield (
            1_000_000 + n * 7,
            f"{word(rng)}, {word(rng)}",
            rng.choice(FEDERATIONS),
            rng.choice("MF"),
            rng.choice(TITLES),
            rng.choice((0, rng.randint(1000, 2850))),
            rng.choice((0, rng.randint(1000, 2850))),
            rng.choice((0, rng.randint(1000, 2850))),
            rng.randint(1930, 2020),
        )


def write_txt(path: Path, count: int) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(HEADER + "\r\n")
        for i, name, fed, sex, tit, std, rpd, blz, born in rows(count):
            out.write(
                f"{i:<15}{name:<61}{fed:<4}{sex:<4}{tit:<5}{'':<5}{'':<15}{'':<4}"
                f"{std:>4}  {0:<4}{20:<3}{rpd:>4}  {0:<4}{20:<3}{blz:>4}  {0:<4}{20:<3}"
                f"{born:<6}{'':<4}\r\n"
            )


def write_xml(path: Path, count: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write("<playerslist>\n")
        for i, name, fed, sex, tit, std, rpd, blz, born in rows(count):
            out.write(
                f"<player><fideid>{i}</fideid><name>{name}</name><country>{fed}</country>"
                f"<sex>{sex}</sex><title>{tit}</title><w_title></w_title><o_title></o_title>"
                f"<foa_title></foa_title><rating>{std}</rating><games>0</games><k>20</k>"
                f"<rapid_rating>{rpd}</rapid_rating><rapid_games>0</rapid_games>"
                f"<rapid_k>20</rapid_k><blitz_rating>{blz}</blitz_rating>"
                f"<blitz_games>0</blitz_games><blitz_k>20</blitz_k><birthday>{born}</birthday>"
                f"<flag></flag></player>\n"
            )
        out.write("</playerslist>\n")


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def import_file(
    desk: ev.Desk, path: Path, fmt: rl.ListFormat, name: str, *, trace: bool = False
) -> None:
    """Import and print the figures; ``trace``: also the Python heap's peak (tracemalloc
    slows the import about threefold, so the seconds of a traced run are not the import's)."""
    if trace:
        tracemalloc.start()
    before = rss_mb()
    cpu = time.process_time()
    started = time.perf_counter()
    with path.open("rb") as stream:
        info = rl.import_list(desk, stream, path.name, name, fmt)
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu
    heap = ""
    if trace:
        heap = f"; Python heap peak {tracemalloc.get_traced_memory()[1] / 1e6:.1f} MB (traced)"
        tracemalloc.stop()
    size = path.stat().st_size / 1e6
    print(
        f"import {fmt.value}: {info.players:,} players, {size:,.0f} MB in {seconds:.1f} s "
        f"({cpu:.1f} s CPU; {info.players / seconds:,.0f} players/s); peak resident memory "
        f"{before:.0f} MB before, {rss_mb():.0f} MB after{heap}",
        flush=True,
    )


def time_searches(desk: ev.Desk, name: str, count: int) -> None:
    rng = random.Random(7)
    names = [f"{word(rng)}" for _ in range(200)]
    queries = [n[: rng.randint(1, 6)] for n in names]
    ids = [str(1_000_000 + rng.randrange(count) * 7)[: rng.randint(3, 7)] for _ in range(100)]
    for label, texts in (("name", queries), ("ID", ids)):
        times = []
        hits = 0
        for text in texts:
            started = time.perf_counter()
            _, found = rl.search(desk, text, name)
            times.append((time.perf_counter() - started) * 1000)
            hits += bool(found)
        print(
            f"search by {label}: {len(texts)} searches, {hits} with suggestions; median "
            f"{statistics.median(times):.2f} ms, max {max(times):.2f} ms",
            flush=True,
        )


def main(argv: list[str]) -> None:
    count = next((int(a) for a in argv if a.isdecimal()), 2_000_000)
    db = argv[argv.index("--db") + 1] if "--db" in argv else None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        txt = folder / "players_list_foa.txt"
        started = time.perf_counter()
        write_txt(txt, count)
        print(f"wrote {count:,} lines in {time.perf_counter() - started:.1f} s", flush=True)
        store = open_store(db or str(folder / "bench.sqlite3"))
        desk = ev.Desk(store, lambda: datetime.now(UTC), "bench")
        import_file(desk, txt, rl.ListFormat.TXT, "FIDE bench", trace="--trace" in argv)
        time_searches(desk, "FIDE bench", count)
        if "--xml" in argv:
            xml = folder / "players_list.xml"
            write_xml(xml, count)
            import_file(desk, xml, rl.ListFormat.XML, "FIDE bench xml", trace="--trace" in argv)
            time_searches(desk, "FIDE bench xml", count)
        print(f"peak resident memory of the process: {rss_mb():.0f} MB")
        store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
