"""Virtual points for pairing (FIDE C.04.7 Baku acceleration, formerly C.04.5.1).

Priority when pairing a TRF: explicit records (TRF 250 / XXA, ``Tournament.accelerations``),
else the 192 ``…_BAKU`` code (``Tournament.system``, bbpPairings' table), else none. A stored
event that chose Baku acceleration gets explicit records from :func:`fide_baku_accelerations`
(the FIDE text's table), which a TRF export writes as XXA / 250.
"""

from __future__ import annotations

from fairpair.core import Acceleration, Tournament
from fairpair.core.player import PlayerId
from fairpair.pairing.errors import PairingInputError

BAKU_CODES = frozenset({"FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_BAKU", "FIDE_BURSTEIN_BAKU"})


def baku_table(tournament: Tournament, last_round: int) -> dict[PlayerId, list[int]]:
    """Virtual points of the 192 ``…_BAKU`` code, with bbpPairings' table.

    Group A is the first ceil(N/2) players of the initial ranking (N = every registered
    player); rounds 1..floor((R-1)/2)+1 are accelerated, the first floor(floor((R-1)/2)/2)+1
    of them by a win's worth and the rest by a draw's worth. Needs loss 0 and win = 2 draws.
    """
    points = tournament.points
    if points.loss != 0 or points.win != 2 * points.draw:
        raise PairingInputError("Baku acceleration needs loss = 0 and win = 2 x draw")
    total = tournament.total_rounds
    if total is None:
        raise PairingInputError("Baku acceleration needs the number of rounds")
    accelerated = (total - 1) // 2 + 1
    full = ((total - 1) // 2) // 2 + 1
    per_round = [0] * (last_round + 1)
    for rnd in range(1, last_round + 1):
        if rnd <= full:
            per_round[rnd] = points.win
        elif rnd <= accelerated:
            per_round[rnd] = points.draw
    order = tournament.ranking_order
    group_a = set(order[: (len(order) + 1) // 2])
    zero = [0] * (last_round + 1)
    return {pid: list(per_round) if pid in group_a else list(zero) for pid in order}


def virtual_points_table(tournament: Tournament, last_round: int) -> dict[PlayerId, list[int]]:
    """For each player, the virtual points (tenths) of rounds ``0..last_round`` (index = round)."""
    if tournament.accelerations:
        table = {pid: [0] * (last_round + 1) for pid in tournament.player_ids}
        for record in tournament.accelerations:
            if 1 <= record.round <= last_round and record.player in table:
                table[record.player][record.round] += record.points
        return table
    if tournament.system.strip() in BAKU_CODES:
        return baku_table(tournament, last_round)
    return {pid: [0] * (last_round + 1) for pid in tournament.player_ids}


def fide_baku_accelerations(tournament: Tournament) -> tuple[Acceleration, ...]:
    """The virtual points of FIDE's Baku acceleration (C.04.7, formerly C.04.5.1), as
    explicit records, for every accelerated round.

    Group A is the top 2·⌈N/4⌉ of the initial ranking (half the players rounded up to an even
    number), N the players who entered before round 1 (a late entrant is not in Group A and
    does not count). The first ⌈R/2⌉ rounds are accelerated: Group A gets a win's worth in the
    first ⌈⌈R/2⌉/2⌉ of them and a draw's worth in the rest; Group B gets nothing. Needs loss 0
    and win = 2 draws, and the number of rounds R.
    """
    points = tournament.points
    if points.loss != 0 or points.win != 2 * points.draw:
        raise PairingInputError("Baku acceleration needs loss = 0 and win = 2 x draw")
    total = tournament.total_rounds
    if total is None:
        raise PairingInputError("Baku acceleration needs the number of rounds")
    late = {entry.player for entry in tournament.late_entries if entry.first_round > 1}
    entrants = [pid for pid in tournament.ranking_order if pid not in late]
    group_a = entrants[: 2 * -(-len(entrants) // 4)]
    accelerated = -(-total // 2)
    full = -(-accelerated // 2)
    return tuple(
        Acceleration(pid, rnd, points.win if rnd <= full else points.draw)
        for pid in group_a
        for rnd in range(1, accelerated + 1)
    )
