"""The pure domain of fairpair: players, games, byes, rounds, point systems, snapshots.

Standard library only; nothing here reads the clock, files, the network or a database.
"""

from fairpair.core.lazy import exports

# Each module is imported when one of its names is first used (fairpair.core.lazy).

TYPE_CHECKING = False  # typing stays unloaded at run time: fairpair-engine pays each import
if TYPE_CHECKING:
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
    from fairpair.core.teams import (
        Board,
        ColourModel,
        FixedMatch,
        MatchForfeit,
        PrimaryScore,
        Team,
        TeamAcceleration,
        TeamBye,
        TeamEntry,
        TeamId,
        TeamMatch,
        TeamOutcome,
        TeamRound,
        TeamScoring,
        TeamTournament,
        team_entries,
        team_scores,
    )
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
    "Board",
    "BoardNote",
    "Bye",
    "ByeKind",
    "Colour",
    "ColourModel",
    "Entry",
    "EventDetails",
    "FixedMatch",
    "ForbiddenPairs",
    "Game",
    "GameResult",
    "LateEntry",
    "MatchForfeit",
    "MatchScore",
    "Outcome",
    "Pairing",
    "Player",
    "PlayerId",
    "PointSystem",
    "PrimaryScore",
    "RequestedBye",
    "Round",
    "Schedule",
    "Session",
    "Team",
    "TeamAcceleration",
    "TeamBye",
    "TeamEntry",
    "TeamId",
    "TeamMatch",
    "TeamOutcome",
    "TeamRound",
    "TeamScoring",
    "TeamTournament",
    "Tournament",
    "bye_outcome",
    "entries",
    "format_points",
    "infer_initial_colour",
    "outcome_points",
    "points_from_text",
    "scores",
    "team_entries",
    "team_scores",
]

__getattr__ = exports(
    __name__,
    {
        "fairpair.core.history": (
            "Entry",
            "entries",
            "infer_initial_colour",
            "outcome_points",
            "scores",
        ),
        "fairpair.core.pairing": (
            "BoardNote",
            "Pairing",
        ),
        "fairpair.core.player": (
            "Player",
            "PlayerId",
        ),
        "fairpair.core.points": (
            "CHESS",
            "MATCH_POINTS",
            "TENTHS",
            "TWO_ONE_ZERO",
            "PointSystem",
            "format_points",
            "points_from_text",
        ),
        "fairpair.core.results": (
            "Bye",
            "ByeKind",
            "Colour",
            "Game",
            "GameResult",
            "MatchScore",
            "Outcome",
            "bye_outcome",
        ),
        "fairpair.core.schedule": (
            "Schedule",
            "Session",
        ),
        "fairpair.core.teams": (
            "Board",
            "ColourModel",
            "FixedMatch",
            "MatchForfeit",
            "PrimaryScore",
            "Team",
            "TeamAcceleration",
            "TeamBye",
            "TeamEntry",
            "TeamId",
            "TeamMatch",
            "TeamOutcome",
            "TeamRound",
            "TeamScoring",
            "TeamTournament",
            "team_entries",
            "team_scores",
        ),
        "fairpair.core.tournament": (
            "AWARDABLE_BYES",
            "Acceleration",
            "EventDetails",
            "ForbiddenPairs",
            "LateEntry",
            "RequestedBye",
            "Round",
            "Tournament",
        ),
    },
)
