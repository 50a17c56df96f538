"""Every round of every Dutch reference tournament, re-paired and compared with bbpPairings 6.

For each round r: pair ``tournament.before_round(r)``; the boards (white, black) and the PAB
must be those stored in the file, and the drop-in output (board order included) must be the
reference engine's own output in ``engine-output/dutch/<stem>.json``. Any difference is a bug.

A quick subset (small files that between them have forfeits, half- and zero-point byes,
Baku acceleration, 3-1-0 points and both colour settings) runs always; the rest is ``slow``.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from fairpair.cli.engine import engine_lines
from fairpair.formats.trf import read_trf
from fairpair.pairing.checker import stored_pairing
from fairpair.pairing.dutch import pair_dutch

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared/reference"
FOLDERS = ("dutch-large", "dutch")
"""The large files first, so that pytest-xdist does not end on them with one worker idle."""
FILES = (
    [p for folder in FOLDERS for p in sorted((REFERENCE / folder).glob("*.trf"))]
    if REFERENCE.is_dir()
    else []
)
pytestmark = pytest.mark.skipif(not FILES, reason=f"no reference corpus at {REFERENCE}")


def _quick_subset() -> set[str]:
    """About 25 small files that together cover every feature the index lists."""
    index = REFERENCE / "index.csv"
    if not index.is_file():
        return set()
    with index.open(newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["system"] == "dutch"]
    rows.sort(key=lambda r: (int(r["players"]) * int(r["rounds"]), r["file"]))
    features = [
        lambda r: int(r["forfeited_games"]) > 0,
        lambda r: int(r["half_point_byes"]) > 0,
        lambda r: int(r["zero_point_byes"]) > 0,
        lambda r: int(r["pabs"]) > 0,
        lambda r: r["acceleration"] != "none",
        lambda r: r["point_system"] != "standard",
        lambda r: r["initial_colour_line"] == "white1",
        lambda r: r["initial_colour_line"] == "black1",
        lambda r: r["initial_colour_line"] == "",
    ]
    chosen: list[str] = []
    for feature in features:
        for row in [r for r in rows if feature(r)][:3]:
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
    output = REFERENCE / "engine-output" / path.parent.name / f"{path.stem}.json"
    expected_lines = json.loads(output.read_text())["rounds"]
    differences: list[str] = []
    for number in range(1, len(tournament.rounds) + 1):
        pairing = pair_dutch(tournament.before_round(number))
        boards, bye = stored_pairing(tournament, number)
        paired = frozenset((g.white, g.black) for g in pairing.boards)
        if paired != boards or pairing.bye != bye:
            same_pairs = {frozenset(b) for b in paired} == {frozenset(b) for b in boards}
            kind = "same pairs, different colours" if same_pairs else "different pairs"
            differences.append(f"round {number}: {kind}; bye {pairing.bye} vs {bye}")
        elif engine_lines(pairing) != expected_lines[str(number)]:
            differences.append(f"round {number}: board order or output differs")
    assert not differences, "\n".join(differences)


def test_the_quick_subset_covers_the_features() -> None:
    assert 20 <= len(QUICK) <= 30
