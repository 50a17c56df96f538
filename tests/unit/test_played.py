"""Rounds played as bbpPairings reads a file: pairing the next round or checking a finished one."""

from __future__ import annotations

import pytest

from fairpair.formats.trf import parse_trf
from fairpair.pairing.played import rounds_played


def player_line(pid: int, points: str, *cells: str) -> str:
    """A 001 record: start number, points column and round cells ``OOOO C R``."""
    fixed = (
        f"001 {pid:>4}      {f'Player {pid}':<33} {2400 - 10 * pid:>4}{'':28}{points:>4}{pid:>5}"
    )
    return fixed + "".join(f"  {cell}" for cell in cells) + "\n"


ROUND_1 = {1: "   3 w 1", 2: "   4 b =", 3: "   1 b 0", 4: "   2 w ="}
POINTS = {1: 1.0, 2: 0.5, 3: 0.0, 4: 0.5}
BYE_POINTS = {"H": 0.5, "F": 1.0, "Z": 0.0, "-": 0.0}


def event(*later: dict[int, str]) -> str:
    """Round 1 of four players, then later columns (a player missing from one: no entry)."""
    lines = []
    for pid in range(1, 5):
        cells = [ROUND_1[pid]]
        points = POINTS[pid]
        for column in later:
            cells.append(column.get(pid, "        "))
            points += BYE_POINTS.get(column.get(pid, " ")[-1], 0.0)
        while cells[-1].strip() == "":
            cells.pop()
        lines.append(player_line(pid, f"{points:.1f}", *cells))
    return "".join(lines) + "XXR 5\nXXC white1\n"


@pytest.mark.parametrize(
    ("columns", "to_pair", "to_check"),
    [
        # Nothing after round 1.
        ((), 1, 1),
        # Everybody took a bye in round 2: it is played, in both readings.
        (({1: "0000 - H", 2: "0000 - F", 3: "0000 - Z", 4: "0000 - H"},), 2, 2),
        # Two players asked for byes in round 2: the round to pair, but a past round in a
        # finished file.
        (({1: "0000 - H", 3: "0000 - Z"},), 1, 2),
        # A withdrawal noted for round 3 shows that round 2 is over (all took byes in it).
        (
            (
                {1: "0000 - H", 2: "0000 - H", 3: "0000 - H", 4: "0000 - H"},
                {4: "0000 - -"},
            ),
            2,
            3,
        ),
    ],
)
def test_rounds_played(columns: tuple[dict[int, str], ...], to_pair: int, to_check: int) -> None:
    tournament = parse_trf(event(*columns)).tournament()
    assert rounds_played(tournament, pairing=True) == to_pair
    assert rounds_played(tournament, pairing=False) == to_check
