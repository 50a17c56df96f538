"""The team Swiss (C.04.6) against the reference corpus: every recorded round of
``tests/data/reference/team`` paired and compared with the output ``rounds.csv`` says follows
the rules (pairs, the White team, the PAB; board order is not compared; ``exit``/``status``
outputs mean that no legal pairing exists).

The parity of 4.3.1 keeps every assigned TPN (C.04.6 1.1.1, 1.1.3; the corpus's verdict on
``A-tpn-compaction``); the spec's other reading (§2.1, §14 Q7) is an option, tested in
``test_team_swiss_disagreements``. One kind of round cannot equal the corpus's verdict and is
checked another way:

* rounds of events without a ``320`` record after a PAB, where engine B values the PAB as a won
  match in game points (class ``B-pab-value``; C.04.6 1.4 says a draw). The rule's output is
  then neither engine's: A's deviates elsewhere (bracket by bracket vs global). We check that
  with B's PAB value we reproduce B exactly, so every other article agrees with gacrux there.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from fairpair.core import Pairing
from fairpair.core.teams import TeamOutcome, TeamTournament, team_entries
from fairpair.formats.trf_team import read_team_trf
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.team_swiss import pair_team_swiss
from tests.golden_data import TEAM, require, team_rounds

Output = tuple[frozenset[tuple[int, int]], int | None] | None
"""Matches White team first and the PAB; ``None`` for "no legal pairing"."""


def engine_output(path: Path) -> Output:
    words = require(path).read_text().split()
    if not words or words[0] in ("exit", "status"):
        return None
    count = int(words[0])
    numbers = [int(w) for w in words[1 : 1 + 2 * count]]
    lines = list(zip(numbers[::2], numbers[1::2], strict=True))
    bye = next((w for w, b in lines if b == 0), None)
    return frozenset((w, b) for w, b in lines if b != 0), bye


def ours(event: TeamTournament, *, skip_absent_newcomers: bool = False) -> Output:
    try:
        pairing: Pairing = pair_team_swiss(event, skip_absent_newcomers=skip_absent_newcomers)
    except NoValidPairing:
        return None
    return frozenset((g.white, g.black) for g in pairing.boards), pairing.bye


def with_gacrux_pab_value(event: TeamTournament) -> TeamTournament:
    """Engine B's PAB without a 320 record: every board a won game (class B-pab-value)."""
    scoring = dataclasses.replace(
        event.scoring, pab_game_points=event.boards * event.scoring.games.win
    )
    return dataclasses.replace(event, scoring=scoring)


def had_pab_without_320(event: TeamTournament, trf: Path) -> bool:
    has_320 = any(line.startswith("320") for line in trf.read_text().splitlines())
    entries = team_entries(event)
    return not has_320 and any(
        e.outcome is TeamOutcome.PAIRING_BYE for rows in entries.values() for e in rows
    )


ROWS = team_rounds()


def _rule_output(row: dict[str, str], base: Path) -> set[Output]:
    verdict = row["rule_follows"]
    if verdict == "A":
        return {engine_output(base.with_suffix(".A.out"))}
    if verdict == "both":
        return {
            engine_output(base.with_suffix(".A.out")),
            engine_output(base.with_suffix(".B.out")),
        }
    return {engine_output(base.with_suffix(".B.out"))}  # B, or "ambiguous (B more consistent)"


def check_round(row: dict[str, str]) -> str:
    """'rule' when we give the verdict's output, else the reading that explains the difference
    (asserting that it does)."""
    base = TEAM / row["event"] / f"r{int(row['round']):02d}"
    trf = require(base.with_suffix(".trf"))
    event = read_team_trf(trf).tournament()
    got = ours(event)
    if got in _rule_output(row, base):
        return "rule"
    b_out = engine_output(base.with_suffix(".B.out"))
    assert row["class"] != "A-tpn-compaction", f"{row}: the parity of 4.3.1 should keep TPNs"
    assert had_pab_without_320(event, trf), f"{row}: {got} differs from the verdict's output"
    assert ours(with_gacrux_pab_value(event)) == b_out
    return "pab-value"


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['event']}-r{r['round']}" for r in ROWS])
def test_reference_round(row: dict[str, str]) -> None:
    check_round(row)


def test_the_conformance_figure() -> None:
    """How many rounds equal the verdict's output exactly: every one but the 8 rounds valued
    with engine B's PAB (see the module docstring)."""
    kinds = [check_round(row) for row in ROWS]
    assert (kinds.count("rule"), kinds.count("pab-value")) == (343, 8)
