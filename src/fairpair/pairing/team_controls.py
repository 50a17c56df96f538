"""Director controls of a team event's pairing: fixed matches, and what blocks a round.

The team counterpart of :mod:`fairpair.pairing.controls`. Forbidden pairs of teams need no
wrapper: the team Swiss reads them through :meth:`TeamTournament.forbidden_pairs` as C1 (the
director's prohibited pairs, TRF ``260``). A fixed match is paired by the director, the engine
pairs every other team (and chooses the pairing-allocated bye among them), as
:func:`~fairpair.pairing.controls.with_fixed_boards` does for players.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from fairpair.core import BoardNote, ByeKind, Pairing, RequestedBye
from fairpair.core.teams import TeamId, TeamTournament
from fairpair.pairing.controls import fixed_first
from fairpair.pairing.errors import NoValidPairing, PairingError, PairingInputError
from fairpair.pairing.registry import TeamPairingSystem

__all__ = ["blocking_controls", "team_label", "with_fixed_matches", "without_fixed_teams"]

FixedPair = tuple[TeamId, TeamId]
"""(first team, second team): the first is the White team (its board-1 player has White)."""


def team_label(t: TeamTournament, tpn: TeamId) -> str:
    """A team as a message names it: its pairing number and name."""
    return f"{tpn} {t.team(tpn).name}" if t.has_team(tpn) else str(tpn)


def with_fixed_matches(system: TeamPairingSystem, fixed: Sequence[FixedPair]) -> TeamPairingSystem:
    """``system`` with the director's matches ``(first, second)`` fixed as the first matches
    of the round; the engine pairs the other teams.

    A fixed match that repeats a meeting or a forbidden pair (C1) is kept, as the director's
    decision, with a :class:`BoardNote` warning. A team in two fixed matches, not registered,
    withdrawn or with a bye (or announced absence) that round cannot be placed at all:
    :class:`PairingInputError` naming the teams. When the others cannot be paired around the
    fixed matches, :class:`NoValidPairing` says so and names them.
    """
    matches = tuple(fixed)

    def pair(t: TeamTournament) -> Pairing:
        rnd = t.next_round
        check_fixed_matches(t, matches)
        try:
            engine = system(without_fixed_teams(t, matches))
        except NoValidPairing as error:
            listed = ", ".join(_pair_text(t, pair) for pair in matches)
            raise NoValidPairing(
                f"{error}; the other teams cannot be paired around the fixed match(es) {listed}"
            ) from None
        placed = {tpn for pair in matches for tpn in pair}
        scheduled = {tpn for game in engine.boards for tpn in (game.white, game.black)}
        if engine.bye is not None:
            scheduled.add(engine.bye)
        clash = sorted(placed & scheduled)
        if clash:  # a fixed schedule (the round robin) pairs every team whatever it is told
            raise PairingInputError(
                f"this system pairs team {team_label(t, clash[0])} by its schedule: a match "
                "cannot be fixed"
            )
        return fixed_first(rnd, matches, engine, _warnings(t, matches))

    return pair


def without_fixed_teams(t: TeamTournament, fixed: Sequence[FixedPair]) -> TeamTournament:
    """The snapshot the engine pairs around fixed matches: their teams left out.

    Every team system leaves out a team with a requested bye for the round it pairs, so an
    ABSENT request, in a copy only, tells the engine to ignore them; the round written from
    the pairing never sees it.
    """
    rnd = t.next_round
    return dataclasses.replace(
        t,
        requested_byes=(
            *t.requested_byes,
            *(RequestedBye(rnd, tpn, ByeKind.ABSENT) for pair in fixed for tpn in pair),
        ),
    )


def check_fixed_matches(t: TeamTournament, fixed: Sequence[FixedPair]) -> None:
    """:class:`PairingInputError` naming the teams of a fixed match that cannot be placed."""
    rnd = t.next_round
    placed: set[TeamId] = set()
    for first, second in fixed:
        where = f"fixed match {_pair_text(t, (first, second))}"
        if first == second:
            raise PairingInputError(f"{where}: a team cannot meet itself")
        for tpn in (first, second):
            if not t.has_team(tpn):
                raise PairingInputError(f"{where}: no team has pairing number {tpn}")
            name = team_label(t, tpn)
            if tpn in placed:
                raise PairingInputError(f"{where}: team {name} is in another fixed match")
            placed.add(tpn)
            if t.withdrawn_in(tpn, rnd):
                raise PairingInputError(f"{where}: team {name} has withdrawn")
            if t.requested_bye(tpn, rnd) is not None:
                raise PairingInputError(f"{where}: team {name} has a bye in round {rnd}")


def _pair_text(t: TeamTournament, pair: FixedPair) -> str:
    return f"{team_label(t, pair[0])} - {team_label(t, pair[1])}"


def _warnings(t: TeamTournament, fixed: Sequence[FixedPair]) -> list[BoardNote]:
    rnd = t.next_round
    forbidden = t.forbidden_pairs(rnd)
    # A match not played (forfeited) is no meeting (GHR 3.5); an unfinished one has been met.
    met = {
        frozenset((match.first, match.second))
        for past in t.rounds
        for match in past.matches
        if match.played or not match.finished
    }
    notes: list[BoardNote] = []
    for number, pair in enumerate(fixed, start=1):
        key = frozenset(pair)
        problems = []
        if key in met:
            problems.append("the teams have already met")
        if key in forbidden:
            problems.append(f"a forbidden pair in round {rnd}")
        if problems:
            text = "; ".join(problems)
            notes.append(
                BoardNote(number, f"{_pair_text(t, pair)}: fixed by the director: {text} (C1)")
            )
    return notes


def blocking_controls(system: TeamPairingSystem, t: TeamTournament) -> str | None:
    """When ``system`` cannot pair the next round: the director's controls without which it
    could (the forbidden pairs in force, the fixed matches), named team by team; ``None`` when
    the round cannot be paired even without them."""
    rnd = t.next_round
    teams = set(t.to_pair(rnd))
    forbidden = sorted(tuple(sorted(pair)) for pair in t.forbidden_pairs(rnd) if set(pair) <= teams)
    fixed = [(m.first, m.second) for m in t.fixed_matches(rnd)]
    if not forbidden and not fixed:
        return None
    free = dataclasses.replace(
        t,
        forbidden=(),
        fixed=tuple(m for m in t.fixed if m.round != rnd),
    )
    try:
        system(free)
    except PairingError:
        return None
    parts = []
    if forbidden:
        parts.append(
            "the forbidden pair(s) " + ", ".join(_pair_text(t, (a, b)) for a, b in forbidden)
        )
    if fixed:
        parts.append("the fixed match(es) " + ", ".join(_pair_text(t, pair) for pair in fixed))
    return f"without {' and '.join(parts)} the round could be paired"
