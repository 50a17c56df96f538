"""Where the tests find their golden data: ``tests/data``, a copy of the independent reference
material (tournaments paired by bbpPairings, values of FIDE's tie-break checker, the FIDE Berger
tables and the written specs), so that a clone of the project alone runs every golden test.

``tests/data/SHA256SUMS`` lists every file; a golden test whose data is missing fails, never
skips (:func:`require`).
"""

from __future__ import annotations

import csv
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
REFERENCE = DATA / "reference"
"""Complete tournaments paired by the reference engine and its outputs (reference/README.md)."""
SPEC = DATA / "spec"
"""The rules' data: spec/data/berger.json, spec/data/tiebreak-examples.json, round-robin.md."""
MANIFEST = DATA / "SHA256SUMS"
TEAM = REFERENCE / "team"
"""Team Swiss events (C.04.6) each round paired by two engines, and which one to trust
(reference/team/README.md): team-NNNN/rRR.trf, rRR.A.out, rRR.B.out, final.trf, event.json."""
TEAM_EVENTS = 60
"""How many events reference/team holds (team-0001 ... team-0060)."""
TEAM_ROUNDS = 351
"""How many rows reference/team/rounds.csv holds: one per recorded round."""
DOUBLE_SWISS = REFERENCE / "double-swiss"
"""Double-Swiss events (C.04.5) paired round by round by an independent brute-force oracle of
spec/double-swiss.md (reference/double-swiss/README.md): ds-NNNN.trf (the whole event, two
TRF columns per match) and ds-NNNN.json (the expected engine output of every match-round)."""
DOUBLE_SWISS_EVENTS = 80
"""How many events reference/double-swiss holds (ds-0001 ... ds-0080)."""


class MissingGoldenData(RuntimeError):
    """Golden data a test needs is not in the checkout: the test must fail, not skip."""


def require(path: Path) -> Path:
    """``path`` if it exists; otherwise an error naming it (collection fails, nothing skips)."""
    if not path.exists():
        raise MissingGoldenData(
            f"golden data {path} is missing: tests/data must hold the reference material "
            f"listed in {MANIFEST.relative_to(DATA.parent.parent)}"
        )
    return path


def files(folder: Path, pattern: str, expected: int) -> list[Path]:
    """The files of a golden folder, sorted; exactly ``expected`` of them or an error."""
    found = sorted(require(folder).glob(pattern))
    if len(found) != expected:
        raise MissingGoldenData(
            f"{folder}: expected {expected} files {pattern}, found {len(found)}"
        )
    return found


def team_events() -> list[Path]:
    """The folders ``reference/team/team-NNNN``, sorted; all of them or an error."""
    found = sorted(p for p in require(TEAM).glob("team-*") if p.is_dir())
    if len(found) != TEAM_EVENTS:
        raise MissingGoldenData(f"{TEAM}: expected {TEAM_EVENTS} events, found {len(found)}")
    return found


def team_rounds() -> list[dict[str, str]]:
    """The rows of ``reference/team/rounds.csv`` (event, round, agreement, class,
    rule_follows); all of them or an error."""
    with require(TEAM / "rounds.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    if len(rows) != TEAM_ROUNDS:
        raise MissingGoldenData(
            f"{TEAM}/rounds.csv: expected {TEAM_ROUNDS} rows, found {len(rows)}"
        )
    return rows
