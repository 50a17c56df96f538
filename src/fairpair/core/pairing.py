"""The result type every pairing system returns (automatic and manual pairings alike)."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.core.player import PlayerId
from fairpair.core.results import Bye, ByeKind, Game
from fairpair.core.tournament import Round, Tournament


@dataclass(frozen=True, slots=True)
class BoardNote:
    """Why a board is as it is: the criteria that decided it, in an arbiter's words."""

    board: int
    text: str


@dataclass(frozen=True, slots=True)
class Pairing:
    """The pairing of one round: boards in order (no results yet) and the pairing bye."""

    round: int
    boards: tuple[Game, ...]
    bye: PlayerId | None = None
    notes: tuple[BoardNote, ...] = ()

    def to_round(self, tournament: Tournament) -> Round:
        """The round as it starts: boards, the pairing bye and the requested byes."""
        byes = [Bye(b.player, b.kind) for b in tournament.requested_byes if b.round == self.round]
        if self.bye is not None:
            byes.append(Bye(self.bye, ByeKind.PAIRING_ALLOCATED))
        return Round(self.round, self.boards, tuple(byes))

    def opponents(self) -> dict[PlayerId, PlayerId]:
        mapping: dict[PlayerId, PlayerId] = {}
        for game in self.boards:
            mapping[game.white] = game.black
            mapping[game.black] = game.white
        return mapping
