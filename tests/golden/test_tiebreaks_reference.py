"""Every tie-break value of the FIDE reference checker (gacrux 1.11.65) for 60 Dutch events.

For each ``reference/tiebreaks/<stem>.json`` the event ``reference/dutch/<stem>.trf`` is read
and every listed code is compared for every player: exactly, except AOB, which the tool prints
rounded (one unit of its last decimal is allowed, as its README says). ``null`` means the
tool has no value and must be None here too.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fairpair.formats.trf import read_trf
from fairpair.standings import EventView, TiebreakSettings, tiebreak
from tests.golden_data import REFERENCE, files

FILES = files(REFERENCE / "tiebreaks", "*.json", 60)


def _printed_decimals(rounds: int) -> int:
    """How many decimals the tool prints AOB with (its README)."""
    return 2 if rounds < 9 else 3 if rounds <= 26 else 4 if rounds <= 72 else 5


def _agrees(code: str, expected: Any, got: Fraction | None, rounds: int) -> bool:
    if expected is None or got is None:
        return expected is None and got is None
    exact = Fraction(str(expected))
    if code.split("@")[0] == "AOB":
        return abs(exact - got) <= Fraction(1, 10 ** _printed_decimals(rounds))
    return exact == got


def test_all_sixty_reference_files_are_there() -> None:
    assert len(FILES) == 60


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_reference_values(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    tournament = read_trf(REFERENCE / "dutch" / f"{path.stem}.trf").tournament()
    event = EventView(tournament, TiebreakSettings())
    assert {str(pid) for pid in event.ids} == set(data["players"])
    wrong: list[tuple[str, str, Any, str | None]] = []
    for code in data["tiebreaks"]:
        values = tiebreak(code).values(event)
        for pid, row in data["players"].items():
            got = values[int(pid)]
            if not _agrees(code, row[code], got, event.rounds):
                wrong.append((code, pid, row[code], None if got is None else str(got)))
    assert not wrong, f"{len(wrong)} values differ, first ones: {wrong[:10]}"
