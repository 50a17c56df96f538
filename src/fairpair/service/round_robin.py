"""Use case: draw up a round-robin schedule from a field and the organiser's choices.

It chooses the system and the seating, makes the one seeded random generator the pairing
functions share, and splits the rounds into sessions when boards are short. Entry points
(command line, web) only parse their input and render the result.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.core import Player, PlayerId, Schedule
from fairpair.pairing import round_robin

__all__ = ["Method", "RoundRobinPlan", "RoundRobinRequest", "Seating", "plan_round_robin"]


class Method(enum.Enum):
    """How the rounds are built."""

    BERGER = "berger"
    """FIDE Berger tables (C.05 Annex 1): the standard, published colours."""
    ROTATION = "rotation"
    """Seat rotation (circle method): players are told which seat to take each round."""


class Seating(enum.Enum):
    """How players get their pairing numbers (Berger) or their round-1 seats (rotation)."""

    LOTS = "lots"
    """Drawing of lots with a seeded generator."""
    STRENGTH = "strength"
    """Strength groups A, B, C, ... seated in turn (rotation only)."""
    BEST_LAST = "best-last"
    """The strongest players' games in the last rounds (rotation only)."""


@dataclass(frozen=True, slots=True)
class RoundRobinRequest:
    """The organiser's choices; the defaults are a single FIDE Berger cycle drawn by lot."""

    method: Method = Method.BERGER
    seating: Seating = Seating.LOTS
    groups: int = 3
    """Number of strength groups for :attr:`Seating.STRENGTH`."""
    seed: int = 0
    """Seed of the drawing of lots and of the strength-group picks: same seed, same draw."""
    double: bool = False
    swap_last_rounds: bool = True
    """FIDE's swap of the last two rounds of the first cycle of a double round robin."""
    boards: int | None = None
    """Boards available at once; ``None`` for as many as a round needs."""


@dataclass(frozen=True, slots=True)
class RoundRobinPlan:
    """The schedule and, when the players are named, the players by schedule number."""

    schedule: Schedule
    players: tuple[Player, ...] | None


def plan_round_robin(
    field: int | Sequence[Player], request: RoundRobinRequest = RoundRobinRequest()
) -> RoundRobinPlan:
    """Build the schedule of an all-play-all event.

    ``field`` is a number of anonymous players (numbered 1..n, strongest first) or named
    players (ids 1..n). With Berger and named players the pairing numbers are drawn by lot
    and the players are renumbered accordingly. Raises ``ValueError`` with a message for the
    organiser when the field or the choices cannot work.
    """
    named = None if isinstance(field, int) else tuple(field)
    count = field if isinstance(field, int) else len(field)
    if count < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {count}")
    if request.boards is not None and request.boards < 1:
        raise ValueError(f"at least one board is needed, got {request.boards}")
    if request.method is Method.BERGER and request.seating is not Seating.LOTS:
        raise ValueError(
            f"seating {request.seating.value!r} places players in seats: use it with the "
            "rotation method"
        )
    rng = random.Random(request.seed)
    if request.method is Method.BERGER:
        players = None if named is None else round_robin.draw_lots(named, rng)
        schedule = round_robin.berger_schedule(
            count, double=request.double, swap_last_rounds=request.swap_last_rounds
        )
    else:
        players = named
        ranked: tuple[PlayerId, ...] = (
            tuple(range(1, count + 1)) if named is None else round_robin.strength_order(named)
        )
        if request.seating is Seating.LOTS:
            seats = round_robin.seating_by_lots(ranked, rng)
        elif request.seating is Seating.STRENGTH:
            if not 1 <= request.groups <= count:
                raise ValueError(f"cannot make {request.groups} strength groups of {count} players")
            seats = round_robin.seating_by_strength(ranked, request.groups, rng)
        else:
            seats = round_robin.best_games_last_seating(ranked)
        schedule = round_robin.rotation_schedule(
            seats, double=request.double, swap_last_rounds=request.swap_last_rounds
        )
    if request.boards is not None:
        schedule = round_robin.split_into_sessions(schedule, request.boards)
    return RoundRobinPlan(schedule=schedule, players=players)
