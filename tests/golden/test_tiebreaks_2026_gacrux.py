"""The March 2026 tie-breaks STD, TPN and RTNG against FIDE's reference checker, run here.

gacrux (the tie-break checker of the FIDE Technical Commission) reads each reference Dutch
event and prints the three columns; ours must equal them for every player. The corpus: every
event scored 3-1-0 (where STD differs from the points) and every twentieth other event, plus
an event with an unrated player (no RTNG without a rating for the unrated, one with it).
"""

from __future__ import annotations

import contextlib
import csv
import io
import sys
import tempfile
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from gacrux.tiebreakchecker import tiebreakchecker

from fairpair.formats.trf import parse_trf
from fairpair.standings import EventView, TiebreakSettings, tiebreak
from tests.golden_data import REFERENCE, require

CODES = ("STD", "TPN", "RTNG")


def _corpus() -> list[Path]:
    rows = list(csv.DictReader(require(REFERENCE / "index.csv").open(encoding="utf-8")))
    dutch = [r for r in rows if r["system"] == "dutch"]
    chosen = [
        r["file"] for i, r in enumerate(dutch) if r["point_system"] != "standard" or i % 20 == 0
    ]
    return [require(REFERENCE / name) for name in chosen]


CORPUS = _corpus()


@contextlib.contextmanager
def _argv(args: list[str]) -> Iterator[None]:
    saved = sys.argv
    sys.argv = args
    try:
        yield
    finally:
        sys.argv = saved


def gacrux_columns(text: str, rounds: int, codes: list[str]) -> dict[str, dict[int, str]]:
    """gacrux's checker on an individual TRF text: each column by start number."""
    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder) / "in.trf", Path(folder) / "out.txt"
        source.write_text(text, encoding="utf-8")
        args = ["tiebreakchecker", "-i", str(source), "-n", str(rounds), "-t", *codes]
        with (
            _argv([*args, "-d", "T", "-o", str(target)]),
            contextlib.redirect_stdout(io.StringIO()),
        ):
            status = tiebreakchecker().common_main()
        output = target.read_text(encoding="utf-8") if target.exists() else ""
    assert status == 0, output[-300:]
    lines = output.strip().splitlines()
    header = lines[0].split("\t")
    columns: dict[str, dict[int, str]] = {h: {} for h in header}
    for line in lines[1:]:
        cells = line.split("\t")
        for name, cell in zip(header, cells, strict=True):
            columns[name][int(cells[0])] = cell
    return columns


def _theirs(cell: str) -> Fraction | None:
    # gacrux prints a value it does not have (RTNG when someone is unrated) as "-0".
    return None if cell.strip() in ("", "-0") else Fraction(Decimal(cell))


def _compare(text: str, settings: TiebreakSettings, codes: dict[str, str]) -> list[str]:
    """Our values of each code against gacrux's column named by ``codes[code]``."""
    tournament = parse_trf(text).tournament()
    event = EventView(tournament, settings)
    columns = gacrux_columns(text, event.rounds, list(codes.values()))
    wrong = []
    for code, asked in codes.items():
        ours = tiebreak(code).values(event)
        column = columns[asked]
        assert set(column) == set(ours)
        for pid, cell in column.items():
            if _theirs(cell) != ours[pid]:
                wrong.append(f"{code} player {pid}: ours {ours[pid]}, gacrux {cell!r}")
    return wrong


def test_the_corpus_has_events_scored_3_1_0() -> None:
    assert sum(1 for path in CORPUS if "162" in path.read_text()[:4000]) >= 10
    assert len(CORPUS) >= 30


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_std_tpn_rtng_equal_gacrux(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    wrong = _compare(text, TiebreakSettings(), {c: c for c in CODES})
    assert not wrong, wrong[:10]


def test_std_differs_from_the_points_of_a_3_1_0_event() -> None:
    # The comparison above means something: on a 3-1-0 event STD is not the score.
    path = next(p for p in CORPUS if "162" in p.read_text()[:4000])
    event = EventView(parse_trf(path.read_text()).tournament(), TiebreakSettings())
    assert tiebreak("STD").values(event) != tiebreak("PTS").values(event)


UNRATED = """012 unrated
001    1      Aa Aa                             2100                             1.5    1     2 w 1     3 b =
001    2      Bb Bb                             1900                             1.0    2     1 b 0  0000 - U
001    3      Cc Cc                                                              1.0    3  0000 - H     1 w =
XXR 2
"""  # noqa: E501


def test_rtng_of_an_event_with_an_unrated_player() -> None:
    # Without a rating for the unrated nobody has an RTNG; with one (gacrux's /U modifier,
    # our unrated_rating setting) the unrated player counts with it.
    assert not _compare(UNRATED, TiebreakSettings(), {"RTNG": "RTNG", "STD": "STD"})
    assert not _compare(UNRATED, TiebreakSettings(unrated_rating=1000), {"RTNG": "RTNG/U1000"})
    event = EventView(parse_trf(UNRATED).tournament(), TiebreakSettings())
    assert set(tiebreak("RTNG").values(event).values()) == {None}
