"""Virtual points for pairing (FIDE C.04.5 Baku acceleration) as bbpPairings applies them.

Priority: explicit records (TRF 250 / XXA, ``Tournament.accelerations``), else the 192
``…_BAKU`` code (``Tournament.system``), else none.
"""

from __future__ import annotations

from fairpair.core import Tournament
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
