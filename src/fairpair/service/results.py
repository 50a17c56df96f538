"""Results as a director types them: ``1-0``, ``0-1``, ``1/2``, ``=``, forfeits, match scores.

``+-``, ``-+`` and ``--`` (or ``0-0``) are forfeits (white wins, black wins, both absent);
``2-1`` or ``1-1-1`` is a card-game match in games won by the first player, the second, and
drawn games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fairpair.core import GameResult, MatchScore
from fairpair.service.errors import CommandError

__all__ = [
    "EnteredResult",
    "expand_shortcut",
    "format_result",
    "parse_result",
    "turned",
    "typed_result",
]

_CHESS = {
    "1-0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS,
    "1/2": GameResult.DRAW,
    "1/2-1/2": GameResult.DRAW,
    "½": GameResult.DRAW,
    "½-½": GameResult.DRAW,
    "=": GameResult.DRAW,
    "+-": GameResult.WHITE_WINS_BY_FORFEIT,
    "+:-": GameResult.WHITE_WINS_BY_FORFEIT,
    "-+": GameResult.BLACK_WINS_BY_FORFEIT,
    "-:+": GameResult.BLACK_WINS_BY_FORFEIT,
    "--": GameResult.DOUBLE_FORFEIT,
    "-:-": GameResult.DOUBLE_FORFEIT,
    "0-0": GameResult.DOUBLE_FORFEIT,
}
_MATCH = re.compile(r"^(\d{1,2})-(\d{1,2})(?:-(\d{1,2}))?$")
ACCEPTED = (
    "1-0, 0-1, 1/2 or =, +- -+ (forfeits), 0-0 or -- (both forfeit), "
    "or a match score such as 2-1 or 1-1-1"
)


_SHORTCUTS = {
    "1": "1-0",
    "0": "0-1",
    "5": "1/2",
    "+": "+-",
    "-": "-+",
}
"""One key per result for entering a round at the keyboard (``5`` for a half, as on a
numeric keypad); ``=`` and ``--`` are already results."""


def expand_shortcut(text: str) -> str:
    """The result a one-key shortcut stands for (``1`` is ``1-0``), else ``text`` as typed."""
    typed = text.strip()
    return _SHORTCUTS.get(typed, typed)


@dataclass(frozen=True, slots=True)
class EnteredResult:
    """A board's result and, for a card-game match, the games won by each side."""

    result: GameResult
    match_score: MatchScore | None = None


def parse_result(text: str) -> EnteredResult:
    """Read a typed result; :class:`CommandError` saying what is accepted otherwise."""
    typed = text.strip().replace(" ", "")
    if typed in _CHESS:
        return EnteredResult(_CHESS[typed])
    found = _MATCH.match(typed)
    if found is None:
        raise CommandError(f"{text!r} is not a result; type {ACCEPTED}")
    first, second = int(found[1]), int(found[2])
    draws = int(found[3]) if found[3] is not None else 0
    if first + second + draws == 0:
        raise CommandError(f"{text!r} has no games; an intentional draw is 0-0-1")
    if first > second:
        result = GameResult.WHITE_WINS
    elif second > first:
        result = GameResult.BLACK_WINS
    else:
        result = GameResult.DRAW
    return EnteredResult(result, MatchScore(first, second, draws))


def format_result(result: GameResult | None, match_score: MatchScore | None = None) -> str:
    """The way a result is shown on a pairing sheet (``1-0``, ``½-½``, ``2-1``, ``+--``)."""
    if result is None:
        return ""
    if match_score is not None:
        score = f"{match_score.first_wins}-{match_score.second_wins}"
        return score + (f"-{match_score.draws}" if match_score.draws else "")
    return {
        GameResult.WHITE_WINS: "1-0",
        GameResult.BLACK_WINS: "0-1",
        GameResult.DRAW: "½-½",
        GameResult.WHITE_WINS_BY_FORFEIT: "+--",
        GameResult.BLACK_WINS_BY_FORFEIT: "--+",
        GameResult.DOUBLE_FORFEIT: "---",
    }[result]


_TYPED = {
    GameResult.WHITE_WINS: "1-0",
    GameResult.BLACK_WINS: "0-1",
    GameResult.DRAW: "1/2",
    GameResult.WHITE_WINS_BY_FORFEIT: "+-",
    GameResult.BLACK_WINS_BY_FORFEIT: "-+",
    GameResult.DOUBLE_FORFEIT: "--",
}


def typed_result(result: GameResult | None, match_score: MatchScore | None = None) -> str:
    """A result as a director would type it, so that :func:`parse_result` reads it back."""
    if result is None:
        return ""
    if match_score is not None:
        return f"{match_score.first_wins}-{match_score.second_wins}-{match_score.draws}"
    return _TYPED[result]


_TURNED = {
    GameResult.WHITE_WINS: GameResult.BLACK_WINS,
    GameResult.BLACK_WINS: GameResult.WHITE_WINS,
    GameResult.DRAW: GameResult.DRAW,
    GameResult.WHITE_WINS_BY_FORFEIT: GameResult.BLACK_WINS_BY_FORFEIT,
    GameResult.BLACK_WINS_BY_FORFEIT: GameResult.WHITE_WINS_BY_FORFEIT,
    GameResult.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT,
}


def turned(text: str) -> str:
    """A typed result seen from the other side of the board (``2-1`` is ``1-2``, ``1-0``
    is ``0-1``), as a director would type it; :class:`CommandError` if it is no result."""
    entered = parse_result(text)
    score = entered.match_score
    if score is not None:
        draws = f"-{score.draws}" if score.draws else ""
        return f"{score.second_wins}-{score.first_wins}{draws}"
    return _TYPED[_TURNED[entered.result]]
