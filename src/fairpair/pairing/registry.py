"""Pairing systems by name: the one place where a name chooses a system."""

from __future__ import annotations

import random
from collections.abc import Callable

from fairpair.core import Pairing, Tournament
from fairpair.pairing.alternatives import RoundCriteria
from fairpair.pairing.burstein import pair_burstein
from fairpair.pairing.casual import CasualOptions, pair_casual
from fairpair.pairing.criteria import burstein_criteria, casual_criteria, dutch_criteria
from fairpair.pairing.dutch import pair_dutch

PairingSystem = Callable[[Tournament], Pairing]
"""Pairs the next round of a snapshot (systems that need chance take an injected Random)."""


def _casual_options(tournament: Tournament, seed: int) -> CasualOptions:
    """The casual Swiss's defaults: random tie order from ``seed``; colours unless the event
    counts match points (a card game), as the event store decides."""
    return CasualOptions(seed=seed, colours=not tournament.points.card_game)


def _casual(seed: int) -> PairingSystem:
    """The casual Swiss with its defaults (:func:`_casual_options`)."""

    def pair(tournament: Tournament) -> Pairing:
        return pair_casual(tournament, _casual_options(tournament, seed), random.Random(seed))

    return pair


SYSTEMS: dict[str, Callable[[int], PairingSystem]] = {
    "dutch": lambda _seed: pair_dutch,
    "burstein": lambda _seed: pair_burstein,
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


CriteriaOfRound = Callable[[Tournament], RoundCriteria]
"""The criteria vector of the next round of a snapshot, as a system ranks its pairings."""

CRITERIA: dict[str, Callable[[int], CriteriaOfRound]] = {
    "dutch": lambda _seed: dutch_criteria,
    "burstein": lambda _seed: burstein_criteria,
    "casual": lambda seed: (
        lambda tournament: casual_criteria(tournament, _casual_options(tournament, seed))
    ),
}
"""For each system of :data:`SYSTEMS`, its criteria for the same seed (the alternatives)."""


def round_criteria(name: str, *, seed: int = 0) -> CriteriaOfRound:
    """The criteria of the system registered under ``name`` (``KeyError`` as
    :func:`pairing_system`)."""
    pairing_system(name, seed=seed)  # the same error for an unknown name
    return CRITERIA[name](seed)
