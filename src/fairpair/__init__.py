"""fairpair: tournament pairings and scorekeeping."""

__version__ = "0.1.0"
