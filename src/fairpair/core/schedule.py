"""A whole timetable published before round 1: the rounds of an all-play-all event.

The schedule lives in the core (not in ``fairpair.pairing``) because file formats render it
and formats may import the core only.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.core.pairing import Pairing
from fairpair.core.player import PlayerId
from fairpair.core.results import Game


@dataclass(frozen=True, slots=True)
class Session:
    """One sitting when there are fewer boards than games in a round.

    ``boards`` are the games played at the same time, ``rounds[i]`` is the schedule round that
    ``boards[i]`` belongs to. Players not on a board wait; that is not a bye.
    """

    number: int
    boards: tuple[Game, ...]
    rounds: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.boards) != len(self.rounds):
            raise ValueError("every board of a session needs the round it belongs to")
        seen: set[PlayerId] = set()
        for game in self.boards:
            for player in (game.white, game.black):
                if player in seen:
                    raise ValueError(f"player {player} plays twice in session {self.number}")
                seen.add(player)


@dataclass(frozen=True, slots=True)
class Schedule:
    """The rounds of a round robin, in the order they are played.

    ``entrants`` is the number of real players (a dummy slot for odd fields is not counted);
    each round is a :class:`Pairing` whose ``bye`` is the player who sits out. ``seating`` is
    the round-1 seat of every player for the seat-rotation display (seat 1 first, ``None`` for
    an empty seat), empty for a Berger schedule. ``sessions`` is empty unless the rounds had to
    be split because fewer boards than games per round were available.
    """

    entrants: int
    rounds: tuple[Pairing, ...]
    cycles: int = 1
    seating: tuple[PlayerId | None, ...] = ()
    sessions: tuple[Session, ...] = ()

    def __post_init__(self) -> None:
        if self.entrants < 2:
            raise ValueError(f"a round robin needs at least 2 players, got {self.entrants}")
        for index, pairing in enumerate(self.rounds, start=1):
            if pairing.round != index:
                raise ValueError(f"round {index} is numbered {pairing.round}")

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game of the schedule, round by round, in board order."""
        return tuple(game for pairing in self.rounds for game in pairing.boards)
