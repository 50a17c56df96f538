"""A Double-Swiss event's own settings (spec double-swiss.md §1-2): what the byes are worth
and which score ranks the standings.

Apart from :mod:`fairpair.service.settings` so that the other events' commands do not load
the Double-Swiss core (:mod:`fairpair.core.double_swiss`); the names are exported there too.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fairpair.core import format_points, points_from_text
from fairpair.core.double_swiss import ByeValues
from fairpair.core.teams import PrimaryScore
from fairpair.service.errors import CommandError

__all__ = ["DOUBLE_SWISS_PRIMARY_CHOICES", "DoubleSwissSettings", "parse_bye_values"]


DOUBLE_SWISS_PRIMARY_CHOICES = (
    ("gp", "Game points (a game won 1, drawn ½), then the tie-breaks"),
    ("mp", "Match points (a match won 2, drawn 1, lost 0), then the tie-breaks"),
)
"""The scores that may rank a Double-Swiss event, as a form offers them."""
_BYE_VALUE_HELP = (
    "give the pairing-allocated bye, the half-point bye and the full-point bye in points, "
    "e.g. 1.5/1/2 (each a whole or half point from 0 to 2)"
)


def _halves(text: str) -> int:
    tenths = points_from_text(text)
    if tenths % 5 or not 0 <= tenths <= 20:
        raise ValueError(f"{text}: a whole or half point from 0 to 2")
    return tenths // 5


def parse_bye_values(text: str) -> ByeValues:
    """``"1.5/1/2"`` (also with commas): what a Double-Swiss bye is worth, once per match -
    the pairing-allocated bye, the half-point bye, the full-point bye (spec double-swiss.md
    §2.4); a zero-point bye is worth nothing."""
    parts = [p for p in re.split(r"[/,]", text.replace(" ", "")) if p]
    try:
        if len(parts) != 3:
            raise ValueError(_BYE_VALUE_HELP)
        pab, half, full = (_halves(p) for p in parts)
    except ValueError as error:
        raise CommandError(f"bye values {text!r}: {error}") from None
    return ByeValues(pairing_allocated=pab, half_point=half, full_point=full)


def _bye_words(halves: int) -> str:
    return format_points(halves * 5)


@dataclass(frozen=True, slots=True)
class DoubleSwissSettings:
    """What the organiser of a Double-Swiss event decides beyond an individual event's
    settings (spec double-swiss.md §1-2): what the byes are worth and which score ranks the
    standings. The game points of a game are chess's 1, ½, 0."""

    byes: ByeValues = dataclasses.field(default_factory=ByeValues)
    """In half points: PAB 1½, half-point bye 1, full-point bye 2 by default (TRF ``162``)."""
    primary: PrimaryScore = PrimaryScore.GAME_POINTS
    """The score that ranks the standings (pairing is always on game points, 1.2.1)."""
    colour_drawn: bool = False
    """The initial colour was drawn by lot at creation (4.1), not chosen."""

    def __post_init__(self) -> None:
        b = self.byes
        for value in (b.pairing_allocated, b.half_point, b.full_point):
            if not 0 <= value <= 4:
                raise CommandError(
                    f"a bye is worth 0 to 2 points in a Double-Swiss, not {_bye_words(value)}"
                )
        if b.zero_point != 0:
            raise CommandError("a zero-point bye is worth nothing")

    def describe(self) -> list[tuple[str, str]]:
        """(label, value) lines for ``event show``."""
        b = self.byes
        primary = (
            "game points"
            if self.primary is PrimaryScore.GAME_POINTS
            else "match points (a match won 2, drawn 1, lost 0)"
        )
        return [
            (
                "byes",
                f"pairing-allocated {_bye_words(b.pairing_allocated)}, half-point "
                f"{_bye_words(b.half_point)}, full-point {_bye_words(b.full_point)}, "
                "zero-point 0 (per match)",
            ),
            ("ranked by", f"{primary}, then the tie-breaks"),
        ]

    def to_data(self) -> dict[str, Any]:
        b = self.byes
        return {
            "byes": {
                "pairing_allocated": _bye_words(b.pairing_allocated),
                "half_point": _bye_words(b.half_point),
                "full_point": _bye_words(b.full_point),
            },
            "primary": self.primary.value,
            "colour_drawn": self.colour_drawn,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DoubleSwissSettings:
        b = data["byes"]
        return cls(
            byes=ByeValues(
                pairing_allocated=_halves(b["pairing_allocated"]),
                half_point=_halves(b["half_point"]),
                full_point=_halves(b["full_point"]),
            ),
            primary=PrimaryScore(data["primary"]),
            colour_drawn=data.get("colour_drawn", False),
        )
