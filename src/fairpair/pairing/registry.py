"""Pairing systems by name: the one place where a name chooses a system."""

from __future__ import annotations

import random
from collections.abc import Callable

from fairpair.core import Pairing, Tournament
from fairpair.pairing.burstein import pair_burstein
from fairpair.pairing.casual import CasualOptions, pair_casual
from fairpair.pairing.dutch import pair_dutch

PairingSystem = Callable[[Tournament], Pairing]
"""Pairs the next round of a snapshot (systems that need chance take an injected Random)."""


def _casual(seed: int) -> PairingSystem:
    """The casual Swiss with its defaults: random tie order from ``seed``; colours unless the
    event counts match points (a card game), as the event store decides."""

    def pair(tournament: Tournament) -> Pairing:
        options = CasualOptions(seed=seed, colours=not tournament.points.card_game)
        return pair_casual(tournament, options, random.Random(seed))

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
