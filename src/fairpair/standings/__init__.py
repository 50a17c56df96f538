"""Standings and tie-breaks: one function per tie-break, a registry keyed by their codes.

Imports only :mod:`fairpair.core` and the standard library; values are exact fractions.
"""

from fairpair.core.lazy import exports

# Each module is imported when one of its names is first used (fairpair.core.lazy).

TYPE_CHECKING = False  # typing stays unloaded at run time: fairpair-engine pays each import
if TYPE_CHECKING:
    from fairpair.standings.boards import (
        BoardAssignment,
        BoardLine,
        BoardPrizeBasis,
        BoardStanding,
        BoardStandingsSettings,
        board_standings,
    )
    from fairpair.standings.event import EventView, Value, Values, complete_rounds
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
    from fairpair.standings.team import (
        TeamStandings,
        TeamStandingsRow,
        TeamTiebreak,
        compute_team_standings,
        parse_team_code,
        team_tiebreak,
        team_tiebreak_values,
    )

__all__ = [
    "MTG_FLOOR_MTR",
    "MTG_FLOOR_ONE_THIRD",
    "REGISTRY",
    "BoardAssignment",
    "BoardLine",
    "BoardPrizeBasis",
    "BoardStanding",
    "BoardStandingsSettings",
    "Display",
    "EventView",
    "Standings",
    "StandingsRow",
    "TeamStandings",
    "TeamStandingsRow",
    "TeamTiebreak",
    "Tiebreak",
    "TiebreakSettings",
    "UnknownTiebreakError",
    "UnplayedRule",
    "Value",
    "Values",
    "board_standings",
    "complete_rounds",
    "compute_standings",
    "compute_team_standings",
    "parse_team_code",
    "team_tiebreak",
    "team_tiebreak_values",
    "tiebreak",
    "tiebreak_values",
]

__getattr__ = exports(
    __name__,
    {
        "fairpair.standings.boards": (
            "BoardAssignment",
            "BoardLine",
            "BoardPrizeBasis",
            "BoardStanding",
            "BoardStandingsSettings",
            "board_standings",
        ),
        "fairpair.standings.event": (
            "EventView",
            "Value",
            "Values",
            "complete_rounds",
        ),
        "fairpair.standings.registry": (
            "REGISTRY",
            "Display",
            "Tiebreak",
            "UnknownTiebreakError",
            "tiebreak",
        ),
        "fairpair.standings.settings": (
            "MTG_FLOOR_MTR",
            "MTG_FLOOR_ONE_THIRD",
            "TiebreakSettings",
            "UnplayedRule",
        ),
        "fairpair.standings.table": (
            "Standings",
            "StandingsRow",
            "compute_standings",
            "tiebreak_values",
        ),
        "fairpair.standings.team": (
            "TeamStandings",
            "TeamStandingsRow",
            "TeamTiebreak",
            "compute_team_standings",
            "parse_team_code",
            "team_tiebreak",
            "team_tiebreak_values",
        ),
    },
)
