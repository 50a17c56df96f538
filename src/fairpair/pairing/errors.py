"""What can go wrong when a round is paired."""

from __future__ import annotations


class PairingError(Exception):
    """Base class of the errors a pairing system raises."""


class NoValidPairing(PairingError):
    """No pairing satisfies the absolute criteria (FIDE C1-C4, and C2/C5 for the bye)."""


class PairingInputError(PairingError):
    """The snapshot cannot be paired as given (e.g. no initial colour, a bad Baku setting)."""
