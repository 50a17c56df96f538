"""Rating change and performance rating checked against gacrux, for 40 reference events.

gacrux (Otto Milvang's engine, the FIDE Technical Commission's reference platform) holds the
FIDE tables in its own transcription: ``rating.ComputeExpectedScore`` (table 8.1b),
``rating.ComputeTournamentPerformanceRating`` (ARO + dp of table 8.1a). This test reads the
games from the TRF text with its own few lines (not fairpair's TRF reader), applies the rules of
the FIDE rating regulations written here by hand (the 400-point rule, K by status and the 700
cap, two 1800 draws for an unrated player's initial rating, at most 2200) and asks gacrux for
every table value; fairpair's rating report must give the same figures, exactly. The
performance of each title norm (the floor rule) is compared with gacrux's too.

Each event is also varied, the same way on both sides, so that every rule is exercised: every
fourth event has players made unrated, one in four has ratings raised by 600 (K 10 from 2400,
differences over 400), one in four has juniors (K 40 under 2300) and one has a K set by the
director that the 700 cap cuts.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from gacrux import rating as gacrux_rating

from fairpair.core import Player, Tournament
from fairpair.formats.trf import read_trf
from fairpair.standings.norms import Norm, check_norm
from fairpair.standings.rating import rating_report
from tests.golden_data import REFERENCE, files

EVENTS = files(REFERENCE / "dutch", "dutch-*.trf", 400)[9::10]
YEAR = 2026


def test_forty_events() -> None:
    assert len(EVENTS) == 40


def _variant(index: int, player: Player) -> Player:
    """The change made to a player of event number ``index`` (both sides see it)."""
    kind = index % 4
    if kind == 0 and player.id % 7 == 0:
        return dataclasses.replace(player, rating=None)
    if kind == 1 and player.id % 3 == 0 and player.rating:
        return dataclasses.replace(player, rating=player.rating + 600)
    if kind == 2 and player.id % 2 == 0:
        return dataclasses.replace(player, birth_date=f"{YEAR - 15}/03/01")
    if kind == 3 and player.id % 5 == 0:
        return dataclasses.replace(player, k_factor=100)
    return player


def _games(path: Path) -> dict[int, list[tuple[int, str]]]:
    """(opponent, result character) per player, read from the 001 records' round cells."""
    games: dict[int, list[tuple[int, str]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("001 "):
            continue
        pid = int(line[4:8])
        cells = line[89:].split()
        games[pid] = [
            (int(cells[i]), cells[i + 2]) for i in range(0, len(cells) - 2, 3) if cells[i] != "0000"
        ]
    return games


_POINTS = {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}
"""Games played over the board and rated; W/D/L (under one move) and forfeits are not rated."""


def _k(player: Player, games: int) -> int:
    """FIDE rating regulations 8.3.3, written out: the director's K, else 10 from 2400, 40 for
    a junior (18 or younger in the year) under 2300, else 20; then K x games <= 700."""
    rating = player.rating or 0
    if player.k_factor is not None:
        k = player.k_factor
    elif rating >= 2400:
        k = 10
    elif player.birth_date and YEAR - int(player.birth_date[:4]) <= 18 and rating < 2300:
        k = 40
    else:
        k = 20
    while k * games > 700:
        k -= 1
    return k


def _oracle(t: Tournament, path: Path) -> dict[int, tuple[Decimal | None, int | None, int | None]]:
    """(change, TPR, initial rating) per player, from gacrux's tables."""
    ratings = {p.id: p.rating or None for p in t.players}
    out: dict[int, tuple[Decimal | None, int | None, int | None]] = {}
    for pid, played in _games(path).items():
        own = ratings[pid]
        counted = [
            (ratings[opp], _POINTS[res])
            for opp, res in played
            if res in _POINTS and ratings[opp] is not None
        ]
        opps = [r for r, _ in counted if r is not None]
        score = sum((s for _, s in counted), Decimal(0))
        tpr = gacrux_rating.ComputeTournamentPerformanceRating(score, opps) if opps else None
        if own is None:
            initial = None
            if opps and score > 0:
                found = gacrux_rating.ComputeTournamentPerformanceRating(
                    score + 1, [*opps, 1800, 1800]
                )
                initial = min(found, 2200)
            out[pid] = (None, tpr, initial)
            continue
        expected = Decimal(0)
        for opp, _ in counted:
            assert opp is not None
            capped = max(own - 400, min(own + 400, opp))  # 8.3.1: the 400-point rule
            expected += gacrux_rating.ComputeExpectedScore(own, capped)
        k = _k(t.player(pid), len(counted))
        out[pid] = (k * (score - expected), tpr, None)
    return out


@pytest.mark.parametrize("index_path", list(enumerate(EVENTS)), ids=lambda p: p[1].stem)
def test_rating_change_equals_gacrux(index_path: tuple[int, Path]) -> None:
    index, path = index_path
    t = read_trf(path).tournament()
    t = t.replace(players=tuple(_variant(index, p) for p in t.players))
    expected = _oracle(t, path)
    lines = rating_report(t, year=YEAR)
    assert {line.player.id for line in lines} == set(expected)
    wrong = []
    for line in lines:
        change, tpr, initial = expected[line.player.id]
        got_change = None if line.change is None else line.change
        want_change = None if change is None else Fraction(str(change))
        got = (got_change, line.performance, line.initial_rating)
        if got != (want_change, tpr, initial):
            wrong.append((line.player.id, got, (want_change, tpr, initial)))
    assert not wrong, f"{len(wrong)} players differ, first ones: {wrong[:5]}"


@pytest.mark.parametrize("index_path", list(enumerate(EVENTS)), ids=lambda p: p[1].stem)
def test_norm_performance_equals_gacrux(index_path: tuple[int, Path]) -> None:
    """The performance of a norm (B.01 1.46-1.48: the lowest opponent raised to the floor, an
    unrated one counted as 1400) equals gacrux's ``ComputeTournamentPerformanceRating`` with
    its norm argument, for the GM, IM, WGM and WIM floors."""
    index, path = index_path
    t = read_trf(path).tournament()
    t = t.replace(players=tuple(_variant(index, p) for p in t.players))
    ratings = {p.id: p.rating or 1400 for p in t.players}
    wrong = []
    for pid, played in _games(path).items():
        counted = [(ratings[opp], _POINTS[res]) for opp, res in played if res in _POINTS]
        if not counted:
            continue
        score = sum((s for _, s in counted), Decimal(0))
        for norm in Norm:
            want = gacrux_rating.ComputeTournamentPerformanceRating(
                score, [r for r, _ in counted], norm.value
            )
            got = check_norm(t, pid, norm).performance
            if got != want:
                wrong.append((pid, norm.value, got, want))
    assert not wrong, f"{len(wrong)} performances differ, first ones: {wrong[:5]}"
