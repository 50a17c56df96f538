"""Colours, game results, byes and the kinds of round a player can have."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from fairpair.core.player import PlayerId


class Colour(enum.Enum):
    """The colour of a player in a game."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class GameResult(enum.Enum):
    """The result of a paired game, seen from the board (white first)."""

    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    WHITE_WINS_BY_FORFEIT = "+:-"
    BLACK_WINS_BY_FORFEIT = "-:+"
    DOUBLE_FORFEIT = "-:-"

    @property
    def played(self) -> bool:
        """True for a game played over the board (forfeits are not games)."""
        return self in (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)


class ByeKind(enum.Enum):
    """A round in which a player has no opponent. Each kind is its own case, never a sentinel."""

    PAIRING_ALLOCATED = "U"
    """Given by the pairing program to the odd player out (PAB)."""
    FULL_POINT = "F"
    """Requested (or arbiter-granted) full-point bye."""
    HALF_POINT = "H"
    """Requested half-point bye."""
    ZERO_POINT = "Z"
    """Requested zero-point bye or announced absence."""
    ABSENT = "-"
    """Not paired and nothing announced: an absence, a round after a withdrawal."""
    FORFEIT_WIN = "+"
    """A forfeit win recorded without an opponent (treated like a PAB by pairing engines)."""

    @property
    def requested(self) -> bool:
        """A bye the player chose before the pairing (not a decision of the pairing program)."""
        return self in (ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT, ByeKind.ABSENT)


class Outcome(enum.Enum):
    """What one round was for one player: the single vocabulary of scoring and pairing."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAIRING_BYE = "U"
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    ABSENT = " "
    UNPAIRED_FORFEIT_WIN = "*"
    """``0000 - +`` in a TRF: a forfeit win with no named opponent."""
    PENDING = "?"
    """Paired, result not yet known."""

    @property
    def played(self) -> bool:
        """True only for a game played over the board."""
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    @property
    def took_part_in_pairing(self) -> bool:
        """True if the pairing program placed the player this round (a game, forfeit or PAB)."""
        return self not in (
            Outcome.FULL_BYE,
            Outcome.HALF_BYE,
            Outcome.ZERO_BYE,
            Outcome.ABSENT,
        )


_BYE_OUTCOME = {
    ByeKind.PAIRING_ALLOCATED: Outcome.PAIRING_BYE,
    ByeKind.FULL_POINT: Outcome.FULL_BYE,
    ByeKind.HALF_POINT: Outcome.HALF_BYE,
    ByeKind.ZERO_POINT: Outcome.ZERO_BYE,
    ByeKind.ABSENT: Outcome.ABSENT,
    ByeKind.FORFEIT_WIN: Outcome.UNPAIRED_FORFEIT_WIN,
}


def bye_outcome(kind: ByeKind) -> Outcome:
    """The outcome a bye of this kind gives its player."""
    return _BYE_OUTCOME[kind]


def side_outcome(result: GameResult | None, first: bool) -> Outcome:
    """A board's result for the player written first (``first``) or second: results read
    first-listed player first (the White player of a game, the first team's on a team board)."""
    if result is None:
        return Outcome.PENDING
    if result is GameResult.DRAW:
        return Outcome.DRAW
    if result is GameResult.DOUBLE_FORFEIT:
        return Outcome.FORFEIT_LOSS
    first_won = result in (GameResult.WHITE_WINS, GameResult.WHITE_WINS_BY_FORFEIT)
    won = first_won if first else not first_won
    if result.played:
        return Outcome.WIN if won else Outcome.LOSS
    return Outcome.FORFEIT_WIN if won else Outcome.FORFEIT_LOSS


@dataclass(frozen=True, slots=True)
class MatchScore:
    """Game wins inside a match (card games): ``2-1`` is ``MatchScore(2, 1, 0)``."""

    first_wins: int
    second_wins: int
    draws: int = 0

    def __post_init__(self) -> None:
        if min(self.first_wins, self.second_wins, self.draws) < 0:
            raise ValueError("game counts cannot be negative")


@dataclass(frozen=True, slots=True)
class Game:
    """A paired game. ``white`` is the first-listed player when the game has no colours."""

    white: PlayerId
    black: PlayerId
    result: GameResult | None = None
    """``None`` while the game has not finished."""
    coloured: bool = True
    """False when colours were not assigned (card games, some forfeits)."""
    rated: bool = True
    """False for a result given after less than one move (TRF ``W``/``D``/``L``)."""
    match_score: MatchScore | None = None

    def __post_init__(self) -> None:
        if self.white == self.black:
            raise ValueError(f"player {self.white} cannot play himself")

    def involves(self, player: PlayerId) -> bool:
        return player in (self.white, self.black)

    def opponent_of(self, player: PlayerId) -> PlayerId:
        if player == self.white:
            return self.black
        if player == self.black:
            return self.white
        raise ValueError(f"player {player} is not in game {self.white}-{self.black}")

    def outcome_for(self, player: PlayerId) -> Outcome:
        """The outcome of this game for one of its two players."""
        as_white = player == self.white
        if not as_white and player != self.black:
            raise ValueError(f"player {player} is not in game {self.white}-{self.black}")
        return side_outcome(self.result, as_white)

    def colour_of(self, player: PlayerId) -> Colour | None:
        """The colour the player had, or None for a game without colours."""
        if not self.coloured:
            return None
        return Colour.WHITE if player == self.white else Colour.BLACK


@dataclass(frozen=True, slots=True)
class Bye:
    """A player without an opponent in a round."""

    player: PlayerId
    kind: ByeKind
