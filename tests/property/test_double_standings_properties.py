"""Double-Swiss standings (issue #16) on random events: the scores of every row recomputed here
from the games and byes by the spec's rules (double-swiss.md §1.2-§2.4), the ranking ordered,
and the standings independent of the order matches are listed in and of which player of a match
is named first."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import PrimaryScore
from fairpair.core.double_swiss import DoubleRound, DoubleSwissTournament, Mark, Match
from fairpair.standings import TiebreakSettings
from fairpair.standings.double import DoubleStandings, compute_double_standings
from tests.strategies import double_swiss_events

CODES = ["BH/C1", "BH", "SB", "SB:MP", "DE", "WON", "WIN", "PS", "KS", "AOB", "EGMSB", "VUR", "TPR"]


def _counted(t: DoubleSwissTournament) -> tuple[DoubleRound, ...]:
    """The rounds the standings count: all but a trailing unfinished one."""
    rounds = t.rounds
    while rounds and not all(m.finished for m in rounds[-1].matches):
        rounds = rounds[:-1]
    return rounds


def _expected(t: DoubleSwissTournament) -> dict[int, tuple[Fraction, Fraction]]:
    """(game points, match points) of every player, from the spec: a game won 1, drawn ½, a
    forfeit win 1; a bye its value once per match; a match won on game points 2 MP, drawn 1,
    lost 0; a player who forfeited both games 0 MP; a bye the MP of the match its value stands
    for (more than 1: won, 1: drawn)."""
    worth = {Mark.WIN: 2, Mark.FORFEIT_WIN: 2, Mark.DRAW: 1, Mark.LOSS: 0, Mark.FORFEIT_LOSS: 0}
    gp = dict.fromkeys((p.id for p in t.players), 0)
    mp = dict.fromkeys((p.id for p in t.players), 0)
    for rnd in _counted(t):
        for match in rnd.matches:
            assert match.games is not None
            (w1, b1), (w2, b2) = match.games
            white, black = worth[w1] + worth[w2], worth[b1] + worth[b2]
            gp[match.white] += white
            gp[match.black] += black
            for pid, mine, theirs, marks in (
                (match.white, white, black, (w1, w2)),
                (match.black, black, white, (b1, b2)),
            ):
                if marks == (Mark.FORFEIT_LOSS, Mark.FORFEIT_LOSS):
                    continue
                mp[pid] += 2 if mine > theirs else 1 if mine == theirs else 0
        for bye in rnd.byes:
            value = t.byes.of(bye.kind)
            gp[bye.player] += value
            mp[bye.player] += 2 if value > 2 else 1 if value == 2 else 0
    return {pid: (Fraction(gp[pid], 2), Fraction(mp[pid])) for pid in gp}


def _rows(table: DoubleStandings) -> list[tuple[object, ...]]:
    return [
        (r.rank, r.player, r.game_points, r.match_points, r.points, r.values) for r in table.rows
    ]


@settings(max_examples=150, deadline=None)
@given(double_swiss_events(), st.sampled_from(list(PrimaryScore)))
def test_rows_hold_the_scores_of_the_games_and_byes(t: object, primary: PrimaryScore) -> None:
    assert isinstance(t, DoubleSwissTournament)
    table = compute_double_standings(t, CODES, TiebreakSettings(), primary)
    assert table.rounds == len(_counted(t))
    expected = _expected(t)
    assert sorted(r.player for r in table.rows) == sorted(expected)
    for row in table.rows:
        assert (row.game_points, row.match_points) == expected[row.player]
        assert row.points == (
            row.game_points if primary is PrimaryScore.GAME_POINTS else row.match_points
        )


def _key(row: object, table: DoubleStandings) -> tuple[object, ...]:
    """The order the standings promise: the primary score, then each code, descending where
    higher is better; no value after every value."""
    parts: list[object] = [-row.points]  # type: ignore[attr-defined]
    for column, value in zip(table.columns, row.values, strict=True):  # type: ignore[attr-defined]
        if value is None:
            parts.append((1, 0))
        else:
            parts.append((0, -value if column.higher_is_better else value))
    return tuple(parts)


@settings(max_examples=150, deadline=None)
@given(double_swiss_events(), st.sampled_from(list(PrimaryScore)))
def test_ranks_follow_the_scores_and_tiebreaks(t: object, primary: PrimaryScore) -> None:
    """Ranks start at 1 and never fall; each row's key is never better than the one above;
    two rows share a rank exactly when their keys are equal, and a rank not shared is its
    position. (The group code DE is left out: its places depend on the group, not the row.)"""
    assert isinstance(t, DoubleSwissTournament)
    codes = [c for c in CODES if c != "DE"]
    table = compute_double_standings(t, codes, TiebreakSettings(fide2026_caps=True), primary)
    rows = table.rows
    assert rows[0].rank == 1
    for index in range(1, len(rows)):
        above, row = rows[index - 1], rows[index]
        assert _key(above, table) <= _key(row, table)
        if _key(above, table) == _key(row, table):
            assert row.rank == above.rank
        else:
            assert row.rank == index + 1


def _turned(match: Match) -> Match:
    """The same match with the other player named first (his colours of game 1 and 2 are then
    the other way round, which no tie-break offered reads)."""
    if match.games is None:
        return Match(match.black, match.white)
    (a1, b1), (a2, b2) = match.games
    return Match(match.black, match.white, ((b1, a1), (b2, a2)))


@settings(max_examples=100, deadline=None)
@given(double_swiss_events(), st.integers(0, 2**32 - 1))
def test_standings_do_not_depend_on_how_matches_are_listed(t: object, seed: int) -> None:
    assert isinstance(t, DoubleSwissTournament)
    rng = random.Random(seed)
    rounds = []
    for rnd in t.rounds:
        matches = [_turned(m) if rng.random() < 0.5 else m for m in rnd.matches]
        rng.shuffle(matches)
        byes = list(rnd.byes)
        rng.shuffle(byes)
        rounds.append(DoubleRound(rnd.number, tuple(matches), tuple(byes)))
    other = replace(t, rounds=tuple(rounds), players=tuple(reversed(t.players)))
    for primary in PrimaryScore:
        assert _rows(compute_double_standings(t, CODES, primary=primary)) == _rows(
            compute_double_standings(other, CODES, primary=primary)
        )
