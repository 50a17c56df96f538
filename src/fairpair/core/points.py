"""Point systems.

Points are kept as integers in tenths of a point everywhere inside fairpair (1 point = 10),
so that halves are exact and no floating-point sum can drift. They are formatted only at
the edges (see :func:`format_points`).
"""

from __future__ import annotations

from dataclasses import dataclass

TENTHS = 10
"""Integer points per whole point."""


@dataclass(frozen=True, slots=True)
class PointSystem:
    """What each kind of round result is worth, in tenths of a point.

    The defaults are the chess system: win 1, draw ½, loss 0, a pairing-allocated bye worth
    a win, a forfeit win worth a win, a forfeit loss worth nothing.
    """

    win: int = 10
    draw: int = 5
    loss: int = 0
    forfeit_win: int | None = None
    """Points for a forfeit win; ``None`` means the value of a win."""
    forfeit_loss: int = 0
    pairing_bye: int | None = None
    """Points for the pairing-allocated bye; ``None`` means the value of a win."""
    full_bye: int | None = None
    """Requested full-point bye; ``None`` means the value of a win."""
    half_bye: int | None = None
    """Requested half-point bye; ``None`` means the value of a draw."""
    zero_bye: int = 0
    """Requested zero-point bye, absence, a round not played after a withdrawal."""

    def __post_init__(self) -> None:
        if not self.loss <= self.draw <= self.win:
            raise ValueError(
                f"a point system needs loss <= draw <= win, got {self.win}/{self.draw}/{self.loss}"
            )

    @property
    def forfeit_win_value(self) -> int:
        return self.win if self.forfeit_win is None else self.forfeit_win

    @property
    def pairing_bye_value(self) -> int:
        return self.win if self.pairing_bye is None else self.pairing_bye

    @property
    def full_bye_value(self) -> int:
        return self.win if self.full_bye is None else self.full_bye

    @property
    def half_bye_value(self) -> int:
        return self.draw if self.half_bye is None else self.half_bye

    @property
    def card_game(self) -> bool:
        """Match points (3-1-0, a win worth three draws): a card-game event, whose boards
        have no colours."""
        return self.draw > 0 and self.win == 3 * self.draw


CHESS = PointSystem()
"""1 / ½ / 0."""

MATCH_POINTS = PointSystem(win=30, draw=10, loss=0)
"""3 / 1 / 0: Magic: The Gathering match points, football-style leagues."""

TWO_ONE_ZERO = PointSystem(win=20, draw=10, loss=0)
"""2 / 1 / 0."""


def points_from_text(text: str) -> int:
    """Parse a decimal point value such as ``"2.5"`` or ``"3"`` into tenths.

    Raises ``ValueError`` for anything that is not a number with at most one decimal.
    """
    from fractions import Fraction  # here: loading it costs every program that reads points

    if "e" in text.lower():  # Fraction("1e999999999") computes 10**999999999: minutes
        raise ValueError(f"{text!r} is not a number of points (no exponent)")
    value = Fraction(text.strip())
    tenths = value * TENTHS
    if tenths.denominator != 1:
        raise ValueError(f"{text!r} is not a whole number of tenths of a point")
    return int(tenths)


def format_points(tenths: int) -> str:
    """Format tenths of a point for people: ``25`` -> ``"2.5"``, ``30`` -> ``"3"``."""
    whole, rest = divmod(abs(tenths), TENTHS)
    sign = "-" if tenths < 0 else ""
    return f"{sign}{whole}" if rest == 0 else f"{sign}{whole}.{rest}"
