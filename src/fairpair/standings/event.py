"""What every tie-break reads: one record per player per round, scores and opponent models.

The view is built once per tournament snapshot and settings; the values that several
tie-breaks share (adjusted scores, Buchholz, performance ratings) are computed once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TypeVar

from fairpair.core import TENTHS, Colour, Entry, Outcome, PlayerId, Tournament, entries
from fairpair.standings.settings import TiebreakSettings, UnplayedRule

Value = Fraction | None
"""A tie-break value: an exact number, or None where the tie-break has no value."""
Values = dict[PlayerId, Value]

_VOLUNTARY = frozenset(
    {Outcome.FORFEIT_LOSS, Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT, Outcome.PENDING}
)
"""FIDE C.07 (2023) voluntary unplayed rounds: forfeit losses, requested byes, absences."""

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Slot:
    """One round of one player, as the tie-breaks see it (points in whole points)."""

    round: int
    outcome: Outcome
    points: Fraction
    opponent: PlayerId | None = None
    colour: Colour | None = None
    annulled: bool = False
    """The round's result was deleted from the ranking (see :meth:`EventView._annul`)."""

    @property
    def played(self) -> bool:
        """A game played over the board (TRF ``W``/``D``/``L`` included)."""
        return self.outcome.played

    @property
    def voluntary(self) -> bool:
        """A voluntary unplayed round (VUR) of FIDE C.07 (2023)."""
        return self.outcome in _VOLUNTARY


@dataclass(frozen=True, slots=True)
class Contribution:
    """One round's part of an opponent-score tie-break (spec §1.1 rule 3).

    ``score`` ranks the contribution for cuts (the opponent's or dummy's score), ``points``
    is what the player was awarded in that round, ``voluntary`` marks a VUR.
    """

    score: Fraction
    points: Fraction
    voluntary: bool


def complete_rounds(tournament: Tournament) -> Tournament:
    """The snapshot without trailing rounds whose results are not all known: what the
    tie-breaks (and so the standings) read of it."""
    rounds = tournament.rounds
    count = len(rounds)
    while count and not rounds[count - 1].complete:
        count -= 1
    return tournament if count == len(rounds) else tournament.with_rounds(rounds[:count])


class EventView:
    """A tournament snapshot seen by the tie-breaks, under one set of settings."""

    def __init__(
        self,
        tournament: Tournament,
        settings: TiebreakSettings,
        table: Mapping[PlayerId, Sequence[Entry | None]] | None = None,
    ) -> None:
        """``table``: ``tournament``'s :func:`~fairpair.core.entries`, where the caller has
        them already (the rounds past the last complete one are left out here)."""
        self.tournament = complete_rounds(tournament)
        self.settings = settings
        system = self.tournament.points
        self.win = Fraction(system.win, TENTHS)
        self.draw = Fraction(system.draw, TENTHS)
        self.loss = Fraction(system.loss, TENTHS)
        self.rounds = len(self.tournament.rounds)
        self.ids: tuple[PlayerId, ...] = tuple(sorted(self.tournament.player_ids))
        if table is None:
            table = entries(self.tournament)
        self.slots: dict[PlayerId, tuple[Slot, ...]] = {}
        for pid in self.ids:
            row: list[Slot] = []
            for index, entry in enumerate(table[pid][: self.rounds], start=1):
                if entry is None:
                    row.append(Slot(index, Outcome.ABSENT, Fraction(0)))
                else:
                    row.append(
                        Slot(
                            index,
                            entry.outcome,
                            Fraction(entry.points, TENTHS),
                            entry.opponent,
                            entry.colour,
                        )
                    )
            self.slots[pid] = tuple(row)
        if settings.annulled_players:
            self._annul(settings.annulled_players)
        self.score: dict[PlayerId, Fraction] = {
            pid: sum((s.points for s in self.slots[pid]), Fraction(0)) for pid in self.ids
        }
        self._memo: dict[str, object] = {}

    def _annul(self, annulled: frozenset[PlayerId]) -> None:
        """Delete the results of annulled players from the ranking: every round of theirs
        and every round against them becomes a round without an opponent and without points
        (for the opponent a free round, as if the annulled player had never entered: a
        pairing bye worth nothing for the chess tie-breaks; card-game and Go tie-breaks
        leave the round out altogether)."""
        for pid in self.ids:
            self.slots[pid] = tuple(
                Slot(s.round, Outcome.ABSENT, Fraction(0), annulled=True)
                if pid in annulled
                else Slot(s.round, Outcome.PAIRING_BYE, Fraction(0), annulled=True)
                if s.opponent in annulled
                else s
                for s in self.slots[pid]
            )

    def memo(self, key: str, compute: Callable[[], _T]) -> _T:
        """Compute a value shared by several tie-breaks once per view."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]  # type: ignore[return-value]

    def with_settings(self, settings: TiebreakSettings) -> EventView:
        """The same snapshot under other settings (e.g. the 2026 amendment)."""
        if settings == self.settings:
            return self
        return EventView(self.tournament, settings)

    def amended_2026(self) -> EventView:
        """The view for the ``@2026`` codes: FIDE 2023 rules with the March 2026 caps."""
        settings = dataclasses.replace(
            self.settings, unplayed_rule=UnplayedRule.FIDE2023, fide2026_caps=True
        )
        return self.memo("amended-2026", lambda: self.with_settings(settings))

    @property
    def rule(self) -> UnplayedRule:
        return self.settings.unplayed_rule

    @property
    def caps_2026(self) -> bool:
        return self.rule is UnplayedRule.FIDE2023 and self.settings.fide2026_caps

    def played(self, pid: PlayerId) -> list[Slot]:
        """The rounds the player actually played over the board."""
        return [s for s in self.slots[pid] if s.played]

    # --- scores seen by opponents -----------------------------------------------------

    @cached_property
    def adjusted_score(self) -> dict[PlayerId, Fraction]:
        """FIDE C.07 (2023), spec §1.1 rule 1: the score a player's opponents use.

        Rounds after the player's last round that is not a VUR count as a draw when he had no
        scheduled opponent in them (requested byes, absences, withdrawal); every other round
        keeps the points awarded, a forfeit loss included.
        """
        result: dict[PlayerId, Fraction] = {}
        for pid in self.ids:
            row = self.slots[pid]
            last = max((s.round for s in row if not s.voluntary), default=0)
            total = Fraction(0)
            for slot in row:
                if slot.round > last and slot.opponent is None:
                    total += self.draw
                else:
                    total += slot.points
            result[pid] = total
        return result

    @cached_property
    def legacy_seen_score(self) -> dict[PlayerId, Fraction]:
        """FIDE 2009, spec §1.2 rule 1: every unplayed round counts as a draw for opponents."""
        return {
            pid: sum((s.points if s.played else self.draw for s in self.slots[pid]), Fraction(0))
            for pid in self.ids
        }

    def _opposite(self, points: Fraction) -> Fraction:
        if points == self.win:
            return self.loss
        if points == self.loss:
            return self.win
        if points == self.draw:
            return self.draw
        return self.win - points

    def _virtual_opponent(self, pid: PlayerId, slot: Slot) -> Fraction:
        """FIDE 2009 virtual opponent: own score before the round, the opposite result of
        that round, then draws in every remaining round (spec §1.2 rule 2)."""
        before = sum((s.points for s in self.slots[pid][: slot.round - 1]), Fraction(0))
        return before + self._opposite(slot.points) + self.draw * (self.rounds - slot.round)

    def _dummy_score(self, pid: PlayerId, slot: Slot) -> Fraction:
        """FIDE C.07 (2023) dummy opponent of an unplayed round (spec §1.1 rule 2), with the
        March 2026 caps when they apply."""
        own = self.score[pid]
        if not self.caps_2026:
            return own
        if slot.opponent is not None:
            return min(own, self.adjusted_score[slot.opponent])
        return min(own, self.rounds * self.draw)

    def contributions(self, pid: PlayerId) -> list[Contribution]:
        """One contribution per round for Buchholz-like tie-breaks, under the unplayed rule."""
        return self._all_contributions[pid]

    def sb_contributions(self, pid: PlayerId) -> list[Contribution]:
        """The contributions Sonneborn-Berger reads: :meth:`contributions`, except that with
        :attr:`TiebreakSettings.unplayed_as_played` (FIDE rule 4 for round robins) a forfeit
        against a named opponent counts as a game against him."""
        if not self.settings.unplayed_as_played:
            return self.contributions(pid)
        return self._sb_contributions[pid]

    @cached_property
    def _all_contributions(self) -> dict[PlayerId, list[Contribution]]:
        return {pid: self._contributions(pid) for pid in self.ids}

    @cached_property
    def _sb_contributions(self) -> dict[PlayerId, list[Contribution]]:
        return {pid: self._contributions(pid, forfeits_as_games=True) for pid in self.ids}

    def _contributions(
        self, pid: PlayerId, *, forfeits_as_games: bool = False
    ) -> list[Contribution]:
        result: list[Contribution] = []
        for slot in self.slots[pid]:
            if slot.played or (
                forfeits_as_games
                and slot.opponent is not None
                and slot.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
            ):
                assert slot.opponent is not None
                if self.rule is UnplayedRule.FIDE2023:
                    seen = self.adjusted_score[slot.opponent]
                elif self.rule is UnplayedRule.LEGACY2009:
                    seen = self.legacy_seen_score[slot.opponent]
                else:
                    seen = self.score[slot.opponent]
                result.append(Contribution(seen, slot.points, False))
            elif self.rule is UnplayedRule.FIDE2023:
                result.append(
                    Contribution(self._dummy_score(pid, slot), slot.points, slot.voluntary)
                )
            elif self.rule is UnplayedRule.LEGACY2009:
                result.append(Contribution(self._virtual_opponent(pid, slot), slot.points, False))
            else:
                result.append(Contribution(Fraction(0), Fraction(0), False))
        return result


def cut(
    items: list[Contribution],
    value: Callable[[Contribution], Fraction],
    low: int,
    high: int,
    rounds: int,
) -> Fraction:
    """Sum of the contributions left after ``low`` low cuts and ``high`` high cuts.

    FIDE C.07 (2023) as in spec §1.1 rule 3: a low cut removes the least significant
    contribution (smallest score, then smallest value), except that a VUR worth at least as
    much is removed instead; a high cut removes the largest score (then value). Low cuts are
    capped at R, high cuts at R minus the low cuts.
    """
    if not low and not high:
        return sum((value(c) for c in items), Fraction(0))
    rest = list(items)
    low = min(low, rounds)
    high = min(high, rounds - low)
    for _ in range(low):
        if not rest:
            break
        ordinary = min(rest, key=lambda c: (c.score, value(c)))
        voluntary = [c for c in rest if c.voluntary]
        chosen = ordinary
        if voluntary:
            vur = min(voluntary, key=lambda c: (value(c), c.score))
            if value(vur) >= value(ordinary):
                chosen = vur
        rest.remove(chosen)
    for _ in range(high):
        if not rest:
            break
        rest.remove(max(rest, key=lambda c: (c.score, value(c))))
    return sum((value(c) for c in rest), Fraction(0))
