"""Where the tests find their golden data: ``tests/data``, a copy of the independent reference
material (tournaments paired by bbpPairings, values of FIDE's tie-break checker, the FIDE Berger
tables and the written specs), so that a clone of the project alone runs every golden test.

``tests/data/SHA256SUMS`` lists every file; a golden test whose data is missing fails, never
skips (:func:`require`).
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
REFERENCE = DATA / "reference"
"""Complete tournaments paired by the reference engine and its outputs (reference/README.md)."""
SPEC = DATA / "spec"
"""The rules' data: spec/data/berger.json, spec/data/tiebreak-examples.json, round-robin.md."""
MANIFEST = DATA / "SHA256SUMS"


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
