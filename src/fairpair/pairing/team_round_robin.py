"""Team round robin (spec/team-swiss.md §9): the FIDE Berger tables with team pairing numbers.

The team written first in a Berger pair is the White team (its board-1 player has White, the
other boards follow the event's board colours). An odd field uses the table of one more number;
the team drawn against that number has the round off: a team round-robin bye scores nothing and
is not a match. ``BERGER_TEAM_ROUNDROBIN_Gn`` plays the table n times with the colours reversed
in every second cycle; ``..._DOUBLEROUNDROBIN`` is G2 without swapping the first cycle's last two
rounds (§14 Q14). C.04.6 does not apply: no preferences, no floats.
"""

from __future__ import annotations

import re

from fairpair.core import BoardNote, Game, Pairing
from fairpair.core.teams import TeamTournament
from fairpair.pairing.errors import PairingInputError
from fairpair.pairing.round_robin import berger_table

__all__ = ["cycles_of", "pair_team_round_robin", "team_berger_round"]

_GN = re.compile(r"^BERGER_TEAM_ROUNDROBIN_G(\d+)$")


def cycles_of(system: str) -> int:
    """How many times the table is played, from the TRF ``192`` code (§9; default 1)."""
    code = system.strip().upper()
    match = _GN.match(code)
    if match:
        return max(1, int(match.group(1)))
    if code in ("BERGER_TEAM_DOUBLEROUNDROBIN", "FIDE_TEAM_DOUBLEROUNDROBIN"):
        return 2
    return 1


def team_berger_round(teams: int, round_number: int, cycles: int = 1) -> Pairing:
    """Round ``round_number`` of the Berger schedule of ``teams`` teams (TPNs 1..teams), the
    White team first; the team facing the extra number of an odd field has ``bye``."""
    if teams < 2:
        raise PairingInputError(f"a round robin needs at least 2 teams, got {teams}")
    size = teams + teams % 2
    table = berger_table(size)
    per_cycle = len(table)
    if not 1 <= round_number <= per_cycle * cycles:
        raise PairingInputError(
            f"a {cycles}-cycle round robin of {teams} teams has {per_cycle * cycles} rounds, "
            f"not a round {round_number}"
        )
    cycle, index = divmod(round_number - 1, per_cycle)
    reverse = cycle % 2 == 1
    games: list[Game] = []
    bye: int | None = None
    for first, second in table[index]:
        if reverse:
            first, second = second, first
        if teams % 2 and size in (first, second):
            bye = second if first == size else first
            continue
        games.append(Game(first, second))
    notes = [
        BoardNote(number, f"Berger table round {index + 1}, cycle {cycle + 1}")
        for number in range(1, len(games) + 1)
    ]
    if bye is not None:
        notes.append(
            BoardNote(len(games) + 1, f"team {bye} has no opponent this round (odd field, §9)")
        )
    return Pairing(round=round_number, boards=tuple(games), bye=bye, notes=tuple(notes))


def pair_team_round_robin(t: TeamTournament) -> Pairing:
    """The next round of a team round robin by the Berger tables; the number of cycles comes
    from the event's ``192`` code (:func:`cycles_of`). Every registered team keeps its place in
    the table, withdrawn or not: the schedule is fixed in advance."""
    return team_berger_round(len(t.teams), t.next_round, cycles_of(t.system))
