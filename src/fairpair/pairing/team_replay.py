"""A team event round by round: the snapshot each round was paired from, a replay that re-pairs
every stored round and lists where the system differs from what was played (the team
counterpart of :mod:`fairpair.pairing.checker`; ``fairpair-engine --team -c``), and the round a
pairing adds."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from fairpair.core import ByeKind, Pairing, RequestedBye
from fairpair.core.teams import (
    Board,
    TeamBye,
    TeamId,
    TeamMatch,
    TeamRound,
    TeamTournament,
    boards_from_lineups,
)

_ANNOUNCED = (ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT)


def team_before_round(t: TeamTournament, number: int) -> TeamTournament:
    """The event as it stood when round ``number`` was paired: the rounds before it, and the
    teams that round did not place (a requested bye, an absence) as requested byes of it."""
    if not 1 <= number <= len(t.rounds) + 1:
        raise ValueError(f"round {number} is not in the event or next to be paired")
    if number == len(t.rounds) + 1:
        return t
    stored = t.rounds[number - 1]
    placed = {tpn for match in stored.matches for tpn in (match.first, match.second)}
    placed.update(b.team for b in stored.byes if b.kind is ByeKind.PAIRING_ALLOCATED)
    requests = [RequestedBye(number, b.team, b.kind) for b in stored.byes if b.kind in _ANNOUNCED]
    announced = {r.player for r in requests}
    requests.extend(
        RequestedBye(number, tpn, ByeKind.ZERO_POINT)
        for tpn in t.team_ids
        if tpn not in placed and tpn not in announced
    )
    return dataclasses.replace(t, rounds=t.rounds[: number - 1], requested_byes=tuple(requests))


def stored_team_pairing(
    t: TeamTournament, number: int
) -> tuple[frozenset[tuple[TeamId, TeamId]], TeamId | None]:
    """The matches of a stored round (first team first) and its pairing-allocated bye."""
    stored = t.rounds[number - 1]
    pab = next((b.team for b in stored.byes if b.kind is ByeKind.PAIRING_ALLOCATED), None)
    return frozenset((m.first, m.second) for m in stored.matches), pab


def team_replay(t: TeamTournament, pair: Callable[[TeamTournament], Pairing]) -> list[str]:
    """Re-pair every stored round from the snapshot before it; one line per round that the
    system pairs otherwise (or cannot pair), naming what differs."""
    from fairpair.pairing.errors import NoValidPairing

    differences: list[str] = []
    for number in range(1, len(t.rounds) + 1):
        matches, pab = stored_team_pairing(t, number)
        try:
            pairing = pair(team_before_round(t, number))
        except NoValidPairing as error:
            differences.append(f"round {number}: no valid pairing ({error})")
            continue
        ours = frozenset((g.white, g.black) for g in pairing.boards)
        if ours == matches and pairing.bye == pab:
            continue
        same_pairs = {frozenset(m) for m in ours} == {frozenset(m) for m in matches}
        kind = "same matches, other colours" if same_pairs else "other matches"
        differences.append(f"round {number}: {kind}; bye {pairing.bye} (stored {pab})")
    return differences


def with_paired_round(t: TeamTournament, pairing: Pairing) -> TeamTournament:
    """The event with the paired round added: each team fields its roster's first players
    (spec §1.2, an empty board lost by forfeit when the roster is short, §1.3), the PAB and the
    round's requested byes as team byes."""

    def boards(first: int, second: int) -> tuple[Board, ...]:
        ours, theirs = t.team(first).roster[: t.boards], t.team(second).roster[: t.boards]
        size = max(len(ours), len(theirs))
        return boards_from_lineups(
            (*ours, *[None] * (size - len(ours))), (*theirs, *[None] * (size - len(theirs)))
        )

    number = t.next_round
    matches = tuple(TeamMatch(g.white, g.black, boards(g.white, g.black)) for g in pairing.boards)
    byes = [TeamBye(r.player, r.kind) for r in t.requested_byes if r.round == number]
    if pairing.bye is not None:
        byes.append(TeamBye(pairing.bye, ByeKind.PAIRING_ALLOCATED))
    return dataclasses.replace(
        t,
        rounds=(*t.rounds, TeamRound(number, matches, tuple(sorted(byes, key=lambda b: b.team)))),
        requested_byes=tuple(r for r in t.requested_byes if r.round != number),
    )
