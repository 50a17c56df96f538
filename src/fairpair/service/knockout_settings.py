"""A knockout's settings: the bracket, the matches, a third-place match, the grand-final
reset, who has White first.

Apart from :mod:`fairpair.service.settings` so that the commands of an event without a
knockout do not load the bracket's core (:mod:`fairpair.core.knockout`); the names are
exported there too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fairpair.core.knockout import (
    BracketKind,
    FirstWhite,
    KnockoutError,
    KnockoutRules,
    MatchFormat,
    PhaseKind,
)
from fairpair.core.words import counted
from fairpair.service.errors import CommandError, FieldErrors

__all__ = ["KNOCKOUT_BRACKETS", "KNOCKOUT_FIRST_WHITE", "KnockoutSettings"]


KNOCKOUT_BRACKETS = (
    (BracketKind.SINGLE.value, "Single elimination"),
    (BracketKind.DOUBLE.value, "Double elimination (winners' and losers' brackets)"),
)
"""The kinds of bracket as a form offers them: (what is typed, the kind in words)."""
KNOCKOUT_FIRST_WHITE = (
    (FirstWhite.SEED.value, "The higher seed"),
    (FirstWhite.LOT.value, "Drawn by lot for each match"),
)
"""Who has White in a chess match's first game, as a form offers it."""


def _match_words(match: MatchFormat) -> str:
    """A match format in an organiser's words: ``best of 3 games (a drawn game is replayed)``,
    ``2 classical games, then 2 rapid, then an Armageddon``."""
    first = match.phases[0]
    if first.kind is PhaseKind.BEST_OF:
        if first.games == 1:
            return "one game (a drawn game is replayed)"
        return f"best of {first.games} games (a drawn game is replayed)"
    parts = []
    for number, phase in enumerate(match.phases):
        if phase.kind is PhaseKind.ARMAGEDDON:
            parts.append("an Armageddon (a draw counts as a win for Black)")
        elif number == 0:
            parts.append(counted(phase.games, f"{phase.name} game"))
        else:
            parts.append(f"{phase.games} {phase.name}")
    text = ", then ".join(parts)
    last = match.phases[-1]
    if last.kind is PhaseKind.GAMES:
        text += " (repeated while level)"
    return text


@dataclass(frozen=True, slots=True)
class KnockoutSettings:
    """How the organiser runs a knockout: the bracket, the matches, a third-place match, the
    grand-final reset, who has White first. A standalone knockout event keeps them in its
    settings; a top cut gives them when the stage starts (``stage.cut``)."""

    rules: KnockoutRules = dataclasses.field(default_factory=KnockoutRules)

    def __post_init__(self) -> None:
        if self.rules.third_place and self.rules.kind is BracketKind.DOUBLE:
            raise CommandError(
                "a third-place match is for single elimination: in double elimination the "
                "losers' bracket decides third place"
            )

    def describe(self) -> list[tuple[str, str]]:
        """(label, value) lines for ``event show``."""
        rules = self.rules
        lines = [
            ("bracket", dict(KNOCKOUT_BRACKETS)[rules.kind.value]),
            ("matches", _match_words(rules.match)),
        ]
        if rules.kind is BracketKind.SINGLE:
            lines.append(("third place", "a third-place match" if rules.third_place else "shared"))
        else:
            lines.append(
                (
                    "grand final",
                    "played again if the losers' bracket winner wins it"
                    if rules.reset
                    else "one match, no reset",
                )
            )
        if rules.match.coloured:
            lines.append(
                ("White in game 1", dict(KNOCKOUT_FIRST_WHITE)[rules.first_white.value].lower())
            )
        return lines

    def summary(self) -> str:
        """The settings on one line: ``bracket: Single elimination; matches: ...``."""
        return "; ".join(f"{label}: {value}" for label, value in self.describe())

    def to_data(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "kind": rules.kind.value,
            "match": rules.match.text,
            "third_place": rules.third_place,
            "reset": rules.reset,
            "first_white": rules.first_white.value,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> KnockoutSettings:
        return cls(
            KnockoutRules(
                kind=BracketKind(data["kind"]),
                match=MatchFormat.parse(data["match"]),
                third_place=data["third_place"],
                reset=data["reset"],
                first_white=FirstWhite(data["first_white"]),
            )
        )

    @classmethod
    def parse(
        cls,
        *,
        bracket: str = "",
        match: str = "",
        third_place: bool = False,
        reset: bool = True,
        first_white: str = "",
    ) -> KnockoutSettings:
        """The settings as typed (empty: single elimination, one game, White to the higher
        seed); :class:`FieldErrors` naming each field that is wrong (``bracket``,
        ``match``, ``third_place``, ``first_white``)."""
        errors: dict[str, str] = {}
        kind = BracketKind.SINGLE
        if bracket.strip():
            try:
                kind = BracketKind(bracket.strip().casefold())
            except ValueError:
                errors["bracket"] = f"{bracket.strip()!r}: choose single or double"
        fmt = KnockoutRules().match
        if match.strip():
            try:
                fmt = MatchFormat.parse(match)
            except KnockoutError as error:
                errors["match"] = str(error)
        white = FirstWhite.SEED
        if first_white.strip():
            try:
                white = FirstWhite(first_white.strip().casefold())
            except ValueError:
                errors["first_white"] = (
                    f"{first_white.strip()!r}: choose seed (the higher seed) or lot"
                )
        if third_place and kind is BracketKind.DOUBLE:
            errors["third_place"] = (
                "a third-place match is for single elimination: in double elimination the "
                "losers' bracket decides third place"
            )
        if errors:
            raise FieldErrors(errors)
        return cls(KnockoutRules(kind, fmt, third_place, reset, white))
