"""Pairing systems by name: the one place where a name chooses a system.

Each system's module is imported when the system is asked for, not with the registry: a
program that pairs one round with one system (``fairpair-engine --dutch``) starts in a
fraction of the time it would take to load every system and the criteria of the alternatives.
"""

from __future__ import annotations

from collections.abc import Callable

from fairpair.core import Pairing, Tournament
from fairpair.core.double_swiss import DoubleSwissTournament
from fairpair.core.teams import TeamTournament
from fairpair.pairing.errors import PairingInputError

TYPE_CHECKING = False  # typing stays unloaded at run time: fairpair-engine pays each import
if TYPE_CHECKING:
    from typing import TypeAlias

    from fairpair.pairing.alternatives import RoundCriteria
    from fairpair.pairing.casual import CasualOptions

PairingSystem = Callable[[Tournament], Pairing]
"""Pairs the next round of a snapshot (systems that need chance take an injected Random)."""


def _casual_options(tournament: Tournament, seed: int) -> CasualOptions:
    """The casual Swiss's defaults: random tie order from ``seed``; colours unless the event
    counts match points (a card game), as the event store decides."""
    from fairpair.pairing.casual import CasualOptions

    return CasualOptions(seed=seed, colours=not tournament.points.card_game)


def _casual(seed: int) -> PairingSystem:
    """The casual Swiss with its defaults (:func:`_casual_options`)."""
    import random

    from fairpair.pairing.casual import pair_casual

    def pair(tournament: Tournament) -> Pairing:
        return pair_casual(tournament, _casual_options(tournament, seed), random.Random(seed))

    return pair


def _dutch(_seed: int) -> PairingSystem:
    from fairpair.pairing.dutch import pair_dutch

    return pair_dutch


def _burstein(_seed: int) -> PairingSystem:
    from fairpair.pairing.burstein import pair_burstein

    return pair_burstein


SYSTEMS: dict[str, Callable[[int], PairingSystem]] = {
    "dutch": _dutch,
    "burstein": _burstein,
    "casual": _casual,
}
"""Each entry makes the system for a seed; the FIDE systems use no chance and ignore it."""


def pairing_system(name: str, *, seed: int = 0) -> PairingSystem:
    """The system registered under ``name``; ``KeyError`` naming the known ones otherwise."""
    try:
        make = SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise KeyError(f"unknown pairing system {name!r} (known: {known})") from None
    return make(seed)


TeamPairingSystem = Callable[[TeamTournament], Pairing]
"""Pairs the next round of a team event: TPNs in place of player ids, the White team first."""


def _team_swiss() -> TeamPairingSystem:
    from fairpair.pairing.team_swiss import pair_team_swiss

    return pair_team_swiss


def _team_berger() -> TeamPairingSystem:
    from fairpair.pairing.team_round_robin import pair_team_round_robin

    return pair_team_round_robin


TEAM_SYSTEMS: dict[str, Callable[[], TeamPairingSystem]] = {
    "team-swiss": _team_swiss,
    "team-berger": _team_berger,
}
"""Team pairing systems by name, beside :data:`SYSTEMS` (they pair a different snapshot)."""


def team_system_of(code: str) -> str:
    """The team system that pairs a file of TRF-2026 tournament type ``code`` (record ``192``,
    spec team-swiss.md §12.10): ``team-berger`` for the team round robins, ``team-swiss``
    for the C.04.6 codes (and a file without the record); :class:`PairingInputError` for a
    type fairpair does not pair (a knockout, Schiller, Scheveningen)."""
    upper = code.strip().upper()
    if "ROUNDROBIN" in upper:
        return "team-berger"
    if not upper or upper.startswith(("FIDE_TEAM", "CUSTOM_TEAM_SWISS")):
        return "team-swiss"
    raise PairingInputError(
        f"tournament type {code.strip()!r} (192) is not a team system fairpair pairs"
    )


def team_pairing_system(name: str) -> TeamPairingSystem:
    """The team system registered under ``name``; ``KeyError`` naming the known ones
    otherwise."""
    try:
        make = TEAM_SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(TEAM_SYSTEMS))
        raise KeyError(f"unknown team pairing system {name!r} (known: {known})") from None
    return make()


DoubleSwissPairingSystem = Callable[[DoubleSwissTournament], Pairing]
"""Pairs the next match-round of a Double-Swiss event: each board the players of game 1
(White first), game 2 reversed."""


def _double_swiss() -> DoubleSwissPairingSystem:
    from fairpair.pairing.double_swiss import pair_double_swiss

    return pair_double_swiss


DOUBLE_SWISS_SYSTEMS: dict[str, Callable[[], DoubleSwissPairingSystem]] = {
    "double-swiss": _double_swiss,
}
"""Systems of two-game matches (C.04.5), beside :data:`SYSTEMS` and :data:`TEAM_SYSTEMS`."""


def double_swiss_pairing_system(name: str = "double-swiss") -> DoubleSwissPairingSystem:
    """The Double-Swiss system registered under ``name``; ``KeyError`` naming the known
    ones otherwise."""
    try:
        make = DOUBLE_SWISS_SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(DOUBLE_SWISS_SYSTEMS))
        raise KeyError(f"unknown Double-Swiss pairing system {name!r} (known: {known})") from None
    return make()


if TYPE_CHECKING:
    CriteriaOfRound: TypeAlias = Callable[[Tournament], RoundCriteria]
    """The criteria vector of the next round of a snapshot, as a system ranks its pairings."""


def _dutch_criteria(_seed: int) -> CriteriaOfRound:
    from fairpair.pairing.criteria import dutch_criteria

    return dutch_criteria


def _burstein_criteria(_seed: int) -> CriteriaOfRound:
    from fairpair.pairing.criteria import burstein_criteria

    return burstein_criteria


def _casual_criteria(seed: int) -> CriteriaOfRound:
    from fairpair.pairing.criteria import casual_criteria

    return lambda tournament: casual_criteria(tournament, _casual_options(tournament, seed))


CRITERIA: dict[str, Callable[[int], CriteriaOfRound]] = {
    "dutch": _dutch_criteria,
    "burstein": _burstein_criteria,
    "casual": _casual_criteria,
}
"""For each system of :data:`SYSTEMS`, its criteria for the same seed (the alternatives)."""


def round_criteria(name: str, *, seed: int = 0) -> CriteriaOfRound:
    """The criteria of the system registered under ``name`` (``KeyError`` as
    :func:`pairing_system`)."""
    pairing_system(name, seed=seed)  # the same error for an unknown name
    return CRITERIA[name](seed)
