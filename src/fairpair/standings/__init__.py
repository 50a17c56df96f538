"""Standings and tie-breaks: one function per tie-break, a registry keyed by their codes.

Imports only :mod:`fairpair.core` and the standard library; values are exact fractions.
"""

from fairpair.standings.event import EventView, Value, Values
from fairpair.standings.registry import (
    REGISTRY,
    Display,
    Tiebreak,
    UnknownTiebreakError,
    tiebreak,
)
from fairpair.standings.settings import (
    MTG_FLOOR_MTR,
    MTG_FLOOR_ONE_THIRD,
    TiebreakSettings,
    UnplayedRule,
)
from fairpair.standings.table import (
    Standings,
    StandingsRow,
    compute_standings,
    tiebreak_values,
)

__all__ = [
    "MTG_FLOOR_MTR",
    "MTG_FLOOR_ONE_THIRD",
    "REGISTRY",
    "Display",
    "EventView",
    "Standings",
    "StandingsRow",
    "Tiebreak",
    "TiebreakSettings",
    "UnknownTiebreakError",
    "UnplayedRule",
    "Value",
    "Values",
    "compute_standings",
    "tiebreak",
    "tiebreak_values",
]
