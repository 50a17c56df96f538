"""Standings do not depend on how the players are listed, and share ranks only on equal values."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import Tournament, scores
from fairpair.standings import (
    REGISTRY,
    Standings,
    TiebreakSettings,
    compute_standings,
    tiebreak_values,
)
from tests.strategies import (
    event_tournaments,
    shuffled_players,
    tiebreak_codes,
    tiebreak_settings,
    with_match_scores,
)

events = event_tournaments(max_players=12, max_rounds=5, trf=False).flatmap(with_match_scores)


def _lines(standings: Standings) -> list[tuple[object, ...]]:
    return [(r.rank, r.player_id, r.name, r.rating, r.points, r.values) for r in standings.rows]


@settings(max_examples=100, deadline=None)
@given(st.data(), events, tiebreak_codes())
def test_standings_do_not_depend_on_the_order_of_players(
    data: st.DataObject, tournament: Tournament, codes: list[str]
) -> None:
    options = data.draw(tiebreak_settings(tournament.player_ids))
    assert isinstance(options, TiebreakSettings)
    shuffled = data.draw(shuffled_players(tournament))
    first = compute_standings(tournament, codes, options)
    second = compute_standings(shuffled, codes, options)
    assert _lines(first) == _lines(second)


@settings(max_examples=25, deadline=None)
@given(st.data(), events)
def test_every_code_is_order_independent(data: st.DataObject, tournament: Tournament) -> None:
    shuffled = data.draw(shuffled_players(tournament))
    for code in REGISTRY:
        assert tiebreak_values(tournament, code) == tiebreak_values(shuffled, code), code


def _key(values: tuple[Fraction | None, ...], points: Fraction) -> tuple[object, ...]:
    return (points, values)


@settings(max_examples=100, deadline=None)
@given(events, tiebreak_codes())
def test_ranks_are_shared_only_when_every_value_is_equal(
    tournament: Tournament, codes: list[str]
) -> None:
    standings = compute_standings(tournament, codes)
    rows = standings.rows
    assert sorted(r.player_id for r in rows) == sorted(tournament.player_ids)
    for index, row in enumerate(rows):
        if index == 0:
            assert row.rank == 1
            continue
        before = rows[index - 1]
        same = _key(row.values, row.points) == _key(before.values, before.points)
        assert row.rank == (before.rank if same else index + 1)
        assert before.points >= row.points


@settings(max_examples=100, deadline=None)
@given(events, st.data())
def test_values_after_any_round_use_only_that_snapshot(
    tournament: Tournament, data: st.DataObject
) -> None:
    """Points after round k are the core's scores after k (trailing unfinished rounds left out)."""
    k = data.draw(st.integers(0, len(tournament.rounds)))
    snapshot = tournament.with_rounds(tournament.rounds[:k])
    complete = k
    while complete and not snapshot.rounds[complete - 1].complete:
        complete -= 1
    expected = scores(tournament, complete)
    got = tiebreak_values(snapshot, "PTS")
    assert got == {pid: Fraction(v, 10) for pid, v in expected.items()}


@settings(max_examples=100, deadline=None)
@given(events)
def test_cuts_never_add(tournament: Tournament) -> None:
    """Cutting contributions of non-negative values cannot raise a Buchholz."""
    bh, c1, c2, m1, m2 = (
        tiebreak_values(tournament, c) for c in ("BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2")
    )
    for pid in bh:
        assert bh[pid] is not None and c1[pid] is not None and c2[pid] is not None
        assert bh[pid] >= c1[pid] >= c2[pid]
        assert c1[pid] >= (m1[pid] or 0) and c2[pid] >= (m2[pid] or 0)
