"""Replay checker: re-pair every round of a tournament and report where the result differs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fairpair.core import Pairing, Tournament
from fairpair.core.player import PlayerId
from fairpair.pairing.errors import PairingError
from fairpair.pairing.played import rounds_played

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


def checked_rounds(tournament: Tournament) -> range:
    """The rounds a replay checks: every round the file records as played, as bbpPairings'
    checker reads a finished file (a round of requested byes only is one of them)."""
    return range(1, rounds_played(tournament, pairing=False) + 1)


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
    """Every stored round that the system pairs differently (empty when all match).

    Without a number of rounds (no ``XXR``/``142``) the rounds played are the event's rounds,
    as for the reference's checker, so the last round is paired with the last-round rules.
    """
    rounds = checked_rounds(tournament)
    if tournament.total_rounds is None and rounds:
        tournament = tournament.replace(total_rounds=len(rounds))
    found = []
    for number in rounds:
        difference = check_round(tournament, number, system)
        if difference is not None:
            found.append(difference)
    return found
