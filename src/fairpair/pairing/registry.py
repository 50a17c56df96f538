"""Pairing systems by name: the one place where a name chooses a system."""

from __future__ import annotations

from collections.abc import Callable

from fairpair.core import Pairing, Tournament
from fairpair.pairing.burstein import pair_burstein
from fairpair.pairing.dutch import pair_dutch

PairingSystem = Callable[[Tournament], Pairing]
"""Pairs the next round of a snapshot (systems that need chance take an injected Random)."""

SYSTEMS: dict[str, PairingSystem] = {
    "dutch": pair_dutch,
    "burstein": pair_burstein,
}


def pairing_system(name: str) -> PairingSystem:
    """The system registered under ``name``; ``KeyError`` naming the known ones otherwise."""
    try:
        return SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise KeyError(f"unknown pairing system {name!r} (known: {known})") from None
