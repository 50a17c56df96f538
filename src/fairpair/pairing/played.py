"""How many rounds a tournament file records as played, counted as bbpPairings counts them.

A file's last column is either a played round or the byes announced for the round to pair;
programs that call a pairing engine rely on the reference's exact answer, so it is followed
here step for step (its TRF reader, ``readPlayer`` and ``evenUpMatchHistories``):

1. A round counts as played if some player *took part in a pairing* in it: a game (played or
   forfeited), the pairing-allocated bye or a ``0000 - +`` forfeit win.
2. A player with any entry in round ``k`` (a bye, an absence) shows that round ``k - 1`` was
   played: the rounds before a listed one are in the past.
3. The column after those is the one in question. When pairing, it counts as played only if
   *every* player has an entry in it: a round in which nobody was paired because all had
   requested byes is over, and the next round is paired; if some player has no entry, the
   column holds the byes announced for the round to pair. When checking a finished file every
   column is in the past, so it counts as played as soon as anybody has an entry in it.
"""

from __future__ import annotations

from fairpair.core import ByeKind, Round, Tournament
from fairpair.core.player import PlayerId

_PLACED_BY_PAIRING = (ByeKind.PAIRING_ALLOCATED, ByeKind.FORFEIT_WIN)


def placed_by_pairing(rnd: Round) -> bool:
    """True if the pairing program placed somebody in the round (a game or the PAB)."""
    return bool(rnd.games) or any(bye.kind in _PLACED_BY_PAIRING for bye in rnd.byes)


def rounds_played(tournament: Tournament, *, pairing: bool) -> int:
    """The rounds the reference engine reads as played (see the module's rules 1-3).

    ``pairing`` is True when the next round is to be paired (``-p``: the last column may hold
    its byes), False when a finished file is checked (``-c``: every column is a past round).
    """
    last_entry: dict[PlayerId, int] = dict.fromkeys(tournament.player_ids, 0)
    played = 0
    for rnd in tournament.rounds:
        if placed_by_pairing(rnd):
            played = rnd.number
        for pid in rnd.participants():
            last_entry[pid] = rnd.number
    played = max(played, max(last_entry.values(), default=0) - 1)
    beyond = [entries > played for entries in last_entry.values()]
    if beyond and (all(beyond) if pairing else any(beyond)):
        played += 1
    return played
