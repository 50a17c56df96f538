"""Every round of every Burstein reference tournament, re-paired and compared with bbpPairings 6.

For each round r: pair ``tournament.before_round(r)`` with the Burstein system; the boards
(white, black) and the PAB must be those stored in the file, and the drop-in output (board
order included) must be the reference engine's own output in
``engine-output/burstein/<stem>.json``. Any difference is a bug.

A quick subset (small files that between them have forfeits, half- and zero-point byes,
pairing-allocated byes, and ``XXC white1``, ``XXC black1`` and no ``XXC``) runs always; the
rest is ``slow``.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from fairpair.cli.engine import engine_lines
from fairpair.formats.trf import read_trf
from fairpair.pairing.burstein import pair_burstein
from fairpair.pairing.checker import stored_pairing

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared/reference"
FOLDER = REFERENCE / "burstein"
FILES = sorted(FOLDER.glob("*.trf")) if FOLDER.is_dir() else []
pytestmark = pytest.mark.skipif(not FILES, reason=f"no Burstein reference corpus at {FOLDER}")

Row = dict[str, str]
FEATURES: dict[str, Callable[[Row], bool]] = {
    "forfeits": lambda r: int(r["forfeited_games"]) > 0,
    "half-point byes": lambda r: int(r["half_point_byes"]) > 0,
    "zero-point byes": lambda r: int(r["zero_point_byes"]) > 0,
    "pairing-allocated byes": lambda r: int(r["pabs"]) > 0,
    "XXC white1": lambda r: r["initial_colour_line"] == "white1",
    "XXC black1": lambda r: r["initial_colour_line"] == "black1",
    "no XXC": lambda r: r["initial_colour_line"] == "",
}


def _index_rows() -> list[Row]:
    index = REFERENCE / "index.csv"
    if not index.is_file():
        return []
    with index.open(newline="") as handle:
        return [r for r in csv.DictReader(handle) if r["system"] == "burstein"]


def _quick_subset() -> set[str]:
    """About 15 small files (the spec's worked example among them) covering every feature."""
    rows = sorted(_index_rows(), key=lambda r: (int(r["players"]) * int(r["rounds"]), r["file"]))
    chosen = ["burstein/burstein-0017.trf"]
    for feature in FEATURES.values():
        for row in [r for r in rows if feature(r)][:4]:
            if row["file"] not in chosen:
                chosen.append(row["file"])
    return set(chosen)


QUICK = _quick_subset()


def _params() -> list[object]:
    params: list[object] = []
    for path in FILES:
        key = f"{path.parent.name}/{path.name}"
        marks = () if key in QUICK else (pytest.mark.slow,)
        params.append(pytest.param(path, id=key, marks=marks))
    return params


@pytest.mark.parametrize("path", _params())
def test_every_round_is_paired_as_by_the_reference_engine(path: Path) -> None:
    tournament = read_trf(path).tournament()
    output = REFERENCE / "engine-output" / "burstein" / f"{path.stem}.json"
    expected_lines = json.loads(output.read_text())["rounds"]
    assert len(expected_lines) == len(tournament.rounds)
    differences: list[str] = []
    for number in range(1, len(tournament.rounds) + 1):
        pairing = pair_burstein(tournament.before_round(number))
        boards, bye = stored_pairing(tournament, number)
        paired = frozenset((g.white, g.black) for g in pairing.boards)
        if paired != boards or pairing.bye != bye:
            same_pairs = {frozenset(b) for b in paired} == {frozenset(b) for b in boards}
            kind = "same pairs, different colours" if same_pairs else "different pairs"
            differences.append(f"round {number}: {kind}; bye {pairing.bye} vs {bye}")
        elif engine_lines(pairing) != expected_lines[str(number)]:
            differences.append(f"round {number}: board order or output differs")
    assert not differences, "\n".join(differences)


def test_the_quick_subset_covers_every_feature() -> None:
    rows = {r["file"]: r for r in _index_rows()}
    assert 10 <= len(QUICK) <= 16
    for name, feature in FEATURES.items():
        assert any(feature(rows[f]) for f in QUICK), name
