"""Replay checker: re-pair every round of a tournament and report where the result differs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fairpair.core import ByeKind, Pairing, Tournament
from fairpair.core.player import PlayerId
from fairpair.pairing.errors import PairingError

Board = tuple[PlayerId, PlayerId]


@dataclass(frozen=True, slots=True)
class RoundDifference:
    """One round whose stored pairing is not what the system pairs from the same state."""

    round: int
    stored_boards: frozenset[Board]
    stored_bye: PlayerId | None
    paired_boards: frozenset[Board]
    paired_bye: PlayerId | None
    error: str | None = None
    """Set when the system could not pair the round at all."""

    def describe(self) -> str:
        """One line an arbiter can read."""
        if self.error is not None:
            return f"round {self.round}: the system could not pair it: {self.error}"
        parts = [f"round {self.round}:"]
        missing = sorted(self.stored_boards - self.paired_boards)
        extra = sorted(self.paired_boards - self.stored_boards)
        if missing:
            parts.append("stored " + ", ".join(f"{w}-{b}" for w, b in missing))
        if extra:
            parts.append("paired " + ", ".join(f"{w}-{b}" for w, b in extra))
        if self.stored_bye != self.paired_bye:
            parts.append(f"bye stored {self.stored_bye}, paired {self.paired_bye}")
        return " ".join(parts)


def paired_rounds(tournament: Tournament) -> list[int]:
    """Rounds in which the pairing program placed someone (a game, a forfeit or the PAB)."""
    return [
        rnd.number
        for rnd in tournament.rounds
        if rnd.games or any(b.kind is ByeKind.PAIRING_ALLOCATED for b in rnd.byes)
    ]


def stored_pairing(
    tournament: Tournament, round_number: int
) -> tuple[frozenset[Board], PlayerId | None]:
    """The boards (white, black) and the PAB recorded for a round."""
    rnd = tournament.rounds[round_number - 1]
    return frozenset((g.white, g.black) for g in rnd.games), rnd.pairing_bye


def check_round(
    tournament: Tournament, round_number: int, system: Callable[[Tournament], Pairing]
) -> RoundDifference | None:
    """Re-pair one stored round from the state before it; None if it matches."""
    boards, bye = stored_pairing(tournament, round_number)
    try:
        pairing = system(tournament.before_round(round_number))
    except PairingError as error:
        return RoundDifference(round_number, boards, bye, frozenset(), None, str(error))
    paired = frozenset((g.white, g.black) for g in pairing.boards)
    if paired == boards and pairing.bye == bye:
        return None
    return RoundDifference(round_number, boards, bye, paired, pairing.bye)


def replay(
    tournament: Tournament, system: Callable[[Tournament], Pairing]
) -> list[RoundDifference]:
    """Every stored round that the system pairs differently (empty when all match)."""
    found = []
    for number in paired_rounds(tournament):
        difference = check_round(tournament, number, system)
        if difference is not None:
            found.append(difference)
    return found
