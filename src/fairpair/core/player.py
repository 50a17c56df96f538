"""Players."""

from __future__ import annotations

from dataclasses import dataclass

PlayerId = int
"""A player's starting-rank number (pairing number), 1-based, unique in an event."""


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player (or team, or card-game party)."""

    id: PlayerId
    name: str
    rating: int | None = None
    title: str = ""
    federation: str = ""
    club: str = ""
    """Club or team; forbidden-pair rules may name it."""
    fide_id: str = ""
    birth_date: str = ""
    """As given (TRF uses ``YYYY/MM/DD``, possibly with zero month or day)."""
    sex: str = ""
    k_factor: int | None = None
    """The FIDE development coefficient K the director set for this player (rating
    regulations 8.3.3); ``None``: derived from the rating and age."""

    def __post_init__(self) -> None:
        if self.id < 1:
            raise ValueError(f"player ids start at 1, got {self.id}")
        if self.k_factor is not None and not 1 <= self.k_factor <= 100:
            raise ValueError(f"a K-factor is between 1 and 100, got {self.k_factor}")
