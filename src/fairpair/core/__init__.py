"""The pure domain of fairpair: players, games, byes, rounds, point systems, snapshots.

Standard library only; nothing here reads the clock, files, the network or a database.
"""

from fairpair.core.history import (
    Entry,
    entries,
    infer_initial_colour,
    outcome_points,
    scores,
)
from fairpair.core.pairing import BoardNote, Pairing
from fairpair.core.player import Player, PlayerId
from fairpair.core.points import (
    CHESS,
    MATCH_POINTS,
    TENTHS,
    TWO_ONE_ZERO,
    PointSystem,
    format_points,
    points_from_text,
)
from fairpair.core.results import (
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    MatchScore,
    Outcome,
    bye_outcome,
)
from fairpair.core.schedule import Schedule, Session
from fairpair.core.tournament import (
    AWARDABLE_BYES,
    Acceleration,
    EventDetails,
    ForbiddenPairs,
    LateEntry,
    RequestedBye,
    Round,
    Tournament,
)

__all__ = [
    "AWARDABLE_BYES",
    "CHESS",
    "MATCH_POINTS",
    "TENTHS",
    "TWO_ONE_ZERO",
    "Acceleration",
    "BoardNote",
    "Bye",
    "ByeKind",
    "Colour",
    "Entry",
    "EventDetails",
    "ForbiddenPairs",
    "Game",
    "GameResult",
    "LateEntry",
    "MatchScore",
    "Outcome",
    "Pairing",
    "Player",
    "PlayerId",
    "PointSystem",
    "RequestedBye",
    "Round",
    "Schedule",
    "Session",
    "Tournament",
    "bye_outcome",
    "entries",
    "format_points",
    "infer_initial_colour",
    "outcome_points",
    "points_from_text",
    "scores",
]
