"""Standings: players ordered by points and a list of tie-breaks, with shared ranks."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.core import Entry, PlayerId, Tournament
from fairpair.standings.event import EventView, Value, Values
from fairpair.standings.registry import Tiebreak, tiebreak
from fairpair.standings.settings import TiebreakSettings


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One line of the standings."""

    rank: int
    player_id: PlayerId
    """The starting rank (pairing number)."""
    name: str
    rating: int | None
    points: Fraction
    values: tuple[Value, ...]
    annulled: bool = False
    """The player's results are deleted from the ranking (he is ranked after everyone)."""

    @property
    def start_rank(self) -> int:
        return self.player_id


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings after the rounds of a snapshot: rows in order, one column per tie-break."""

    columns: tuple[Tiebreak, ...]
    rows: tuple[StandingsRow, ...]
    settings: TiebreakSettings
    rounds: int
    score: str = "PTS"
    """The code of the primary score shown as the points: ``PTS``, ``MMS`` (McMahon score)
    or ``MP`` (match points)."""

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.columns)

    def notes(self) -> tuple[str, ...]:
        """For each column the rule it follows and how unplayed rounds count."""
        return tuple(c.describe(self.settings) for c in self.columns)


_Key = tuple[int, int]
"""A sort key of one column: (0, the value as an integer) or (1, 0) for no value."""


def _order_keys(values: Mapping[PlayerId, Value], higher_is_better: bool) -> dict[PlayerId, _Key]:
    """Sort keys of one column's values, better first, no value last: each value over the
    column's common denominator, an exact integer that sorts and compares as the fraction
    does, at a fraction of the cost (a 2,000-player standings: 180,000 comparisons)."""
    common = math.lcm(*{v.denominator for v in values.values() if v is not None})
    sign = -1 if higher_is_better else 1
    return {
        pid: (1, 0) if v is None else (0, sign * v.numerator * (common // v.denominator))
        for pid, v in values.items()
    }


def tiebreak_values(
    tournament: Tournament, code: str, settings: TiebreakSettings | None = None
) -> Values:
    """The value of one tie-break for every player (DE inside groups tied on points)."""
    return tiebreak(code).values(EventView(tournament, settings or TiebreakSettings()))


def compute_standings(
    tournament: Tournament,
    codes: Sequence[str],
    settings: TiebreakSettings | None = None,
    *,
    score: str = "PTS",
    table: Mapping[PlayerId, Sequence[Entry | None]] | None = None,
) -> Standings:
    """Order the players by points, then by each tie-break of ``codes`` in turn.

    ``score`` is the code of the primary score shown as the points column: ``PTS`` (the
    event's points system), ``MMS`` for a McMahon event, ``MP`` for card-game match points.

    Group tie-breaks (DE) are computed inside the groups tied on points and every preceding
    tie-break. Players share a rank only when their points and all values are equal; the
    order inside a shared rank is the initial ranking. Unknown codes raise
    :class:`~fairpair.standings.registry.UnknownTiebreakError`. ``table``: the
    tournament's :func:`~fairpair.core.entries`, where the caller has them already.
    """
    settings = settings or TiebreakSettings()
    columns = tuple(tiebreak(code) for code in codes)
    event = EventView(tournament, settings, table)
    primary = tiebreak(score).values(event)
    points = {pid: primary[pid] or Fraction(0) for pid in event.ids}
    annulled = settings.annulled_players
    first = _order_keys(points, True)
    keys: dict[PlayerId, list[_Key]] = {
        pid: [(int(pid in annulled), 0), first[pid]] for pid in event.ids
    }
    values: dict[PlayerId, list[Value]] = {pid: [] for pid in event.ids}
    for column in columns:
        if column.within_group is None:
            computed = column.values(event)
        else:
            groups: dict[tuple[_Key, ...], list[PlayerId]] = {}
            for pid in event.ids:
                groups.setdefault(tuple(keys[pid]), []).append(pid)
            computed = {}
            for members in groups.values():
                computed.update(column.values_in_group(event, members))
        ordered_by = _order_keys(computed, column.higher_is_better)
        for pid in event.ids:
            values[pid].append(computed[pid])
            keys[pid].append(ordered_by[pid])
    position = {pid: i for i, pid in enumerate(tournament.ranking_order)}
    ordered = sorted(event.ids, key=lambda p: (keys[p], position.get(p, p)))
    rows: list[StandingsRow] = []
    for index, pid in enumerate(ordered):
        shared = index > 0 and keys[pid] == keys[ordered[index - 1]]
        player = tournament.player(pid)
        rows.append(
            StandingsRow(
                rank=rows[-1].rank if shared else index + 1,
                player_id=pid,
                name=player.name,
                rating=player.rating,
                points=points[pid],
                values=tuple(values[pid]),
                annulled=pid in annulled,
            )
        )
    return Standings(columns, tuple(rows), settings, event.rounds, score)
