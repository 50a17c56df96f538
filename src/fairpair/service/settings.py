"""An event's settings as the organiser chooses them, and how they are kept in the log."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fairpair.core import CHESS, Colour, PointSystem, Tournament, format_points, points_from_text
from fairpair.service.errors import CommandError

__all__ = [
    "CARD_GAME_TIEBREAKS",
    "ROUND_ROBIN_TIEBREAKS",
    "SWISS_TIEBREAKS",
    "EventSettings",
    "System",
    "parse_points",
]


class System(enum.StrEnum):
    """How an event is paired."""

    BERGER = "berger"
    """Round robin, FIDE Berger tables."""
    ROTATION = "rotation"
    """Round robin, seat rotation."""
    DUTCH = "dutch"
    BURSTEIN = "burstein"
    CASUAL = "casual"

    @property
    def round_robin(self) -> bool:
        return self in (System.BERGER, System.ROTATION)


SWISS_TIEBREAKS = ("BH-C1", "BH", "DE", "WON")
"""FIDE's recommendation for an individual Swiss (spec tiebreaks.md §2.15)."""
ROUND_ROBIN_TIEBREAKS = ("SB", "DE", "WON")
CARD_GAME_TIEBREAKS = ("OMW", "GW", "OGW")
"""Magic: The Gathering's order (MTR appendix C)."""


def parse_points(text: str) -> PointSystem:
    """``"1,0.5,0"`` (win, draw, loss), optionally a fourth value for the pairing bye."""
    parts = [p for p in text.replace(" ", "").split(",") if p]
    if len(parts) not in (3, 4):
        raise CommandError(f"points {text!r}: give win,draw,loss (e.g. 1,0.5,0 or 3,1,0)")
    try:
        values = [points_from_text(p) for p in parts]
        bye = values[3] if len(parts) == 4 else None
        return PointSystem(win=values[0], draw=values[1], loss=values[2], pairing_bye=bye)
    except ValueError as error:
        raise CommandError(f"points {text!r}: {error}") from None


@dataclass(frozen=True, slots=True)
class EventSettings:
    """What the organiser decides when creating an event."""

    name: str
    system: System = System.DUTCH
    rounds: int | None = None
    """Number of rounds (Swiss: required; round robin: given by the field)."""
    points: PointSystem = CHESS
    tiebreaks: tuple[str, ...] = ()
    """Empty: the usual ones for the kind of event (:attr:`chosen_tiebreaks`)."""
    start_date: str = ""
    end_date: str = ""
    initial_colour: Colour = Colour.WHITE
    seed: int = 0
    """Seed of the lots drawn (round-robin seats)."""
    double: bool = False
    """Double round robin."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise CommandError("an event needs a name")
        if self.rounds is not None and self.rounds < 1:
            raise CommandError(f"an event needs at least one round, not {self.rounds}")
        if not self.system.round_robin and self.rounds is None:
            raise CommandError(f"a {self.system.value} Swiss needs its number of rounds (--rounds)")

    @property
    def card_game(self) -> bool:
        """Match points (3-1-0): a card-game event, whose boards have no colours."""
        return self.points.card_game

    @property
    def chosen_tiebreaks(self) -> tuple[str, ...]:
        """The tie-breaks chosen, else the usual ones for a card game, round robin or Swiss."""
        if self.tiebreaks:
            return self.tiebreaks
        if self.card_game:
            return CARD_GAME_TIEBREAKS
        return ROUND_ROBIN_TIEBREAKS if self.system.round_robin else SWISS_TIEBREAKS

    def to_data(self) -> dict[str, Any]:
        """JSON data (points as decimal strings, so they stay exact)."""
        p = self.points
        return {
            "name": self.name,
            "system": self.system.value,
            "rounds": self.rounds,
            "points": {
                "win": format_points(p.win),
                "draw": format_points(p.draw),
                "loss": format_points(p.loss),
                "pairing_bye": None if p.pairing_bye is None else format_points(p.pairing_bye),
            },
            "tiebreaks": list(self.tiebreaks),
            "start_date": self.start_date,
            "end_date": self.end_date,
            "initial_colour": self.initial_colour.name.lower(),
            "seed": self.seed,
            "double": self.double,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> EventSettings:
        points = data["points"]
        bye = points.get("pairing_bye")
        return cls(
            name=data["name"],
            system=System(data["system"]),
            rounds=data["rounds"],
            points=PointSystem(
                win=points_from_text(points["win"]),
                draw=points_from_text(points["draw"]),
                loss=points_from_text(points["loss"]),
                pairing_bye=None if bye is None else points_from_text(bye),
            ),
            tiebreaks=tuple(data["tiebreaks"]),
            start_date=data["start_date"],
            end_date=data["end_date"],
            initial_colour=Colour[data["initial_colour"].upper()],
            seed=data["seed"],
            double=data["double"],
        )

    def empty_event(self) -> Tournament:
        """The snapshot of the event before anyone registers."""
        return Tournament(
            players=(),
            name=self.name,
            total_rounds=self.rounds,
            points=self.points,
            initial_colour=self.initial_colour,
        )
