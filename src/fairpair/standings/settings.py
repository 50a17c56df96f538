"""The options that change how tie-breaks are computed (one frozen record per event)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from fairpair.core import PlayerId

MTG_FLOOR_MTR = Fraction(33, 100)
"""The floor of MWP/GWP as the MTR prints it (0.33)."""
MTG_FLOOR_ONE_THIRD = Fraction(1, 3)
"""The floor read as an exact third."""


class UnplayedRule(enum.StrEnum):
    """How unplayed rounds enter opponent-score tie-breaks (spec tiebreaks.md §1)."""

    FIDE2023 = "fide2023"
    """FIDE C.07 (2023): dummy opponent on the player's own score, adjusted scores, VUR cuts."""
    LEGACY2009 = "legacy2009"
    """FIDE Congress 2009: virtual opponent, unplayed rounds seen as draws by opponents."""
    IGNORE = "ignore"
    """Played games only: unplayed rounds contribute 0, opponents' scores as they are."""

    def describe(self) -> str:
        """In an arbiter's words, for the standings footer (never the stored name)."""
        return {
            UnplayedRule.FIDE2023: "FIDE 2023 rule (a dummy opponent on the player's own score)",
            UnplayedRule.LEGACY2009: "FIDE 2009 rule (a virtual opponent, a draw for others)",
            UnplayedRule.IGNORE: "played games only",
        }[self]


@dataclass(frozen=True, slots=True)
class TiebreakSettings:
    """Options of the tie-break computation; the defaults are FIDE 2023 and the MTR."""

    unplayed_rule: UnplayedRule = UnplayedRule.FIDE2023
    fide2026_caps: bool = False
    """Apply the March 2026 amendment (capped dummy scores) to the plain codes too."""
    koya_limit: Fraction = Fraction(1, 2)
    """Share of the maximum score an opponent needs (inclusive) to count for Koya."""
    round_robin: bool = False
    """The event is a round robin: Koya's maximum is the opponent's games, R minus the rounds
    he sat out (the bye of an odd field), spec §2.8; off, it is R (a Swiss, the reference)."""
    unplayed_as_played: bool = False
    """FIDE C.07 rule 4 for round robins (spec §1.1): an unplayed game against the scheduled
    opponent (a forfeit, e.g. after a withdrawal) counts for Sonneborn-Berger as a game
    against him with the points awarded. Koya counts such games in any case."""
    annulled_players: frozenset[PlayerId] = frozenset()
    """Players whose results are deleted from the ranking (a round-robin withdrawal under
    ``annul_if_under_half``): their games count for nobody, each such round is a free round
    without points for the opponent, and they are ranked after everyone else."""
    unrated_rating: int | None = None
    """Rating used for unrated players; None: rating codes have no value if anyone is unrated."""
    mtg_floor: Fraction = MTG_FLOOR_MTR
    mtg_game_wins: bool = True
    """False for single-game matches: GW and OGW then have no value."""
    mcmahon_start: Mapping[PlayerId, Fraction] = field(default_factory=dict)
    """Initial McMahon score per player (missing players start at 0, as in a Go Swiss)."""
    mcmahon_bar: Fraction | None = None
    """Players whose start is above the bar start on the bar."""
    mcmahon_floor: Fraction | None = None
    """Players whose start is below the floor start on the floor."""
    go_bye_value: Fraction = Fraction(1)
    """McMahon points for a pairing-allocated bye (EGF: usually a win; some events ½)."""

    def start_mms(self, player: PlayerId) -> Fraction:
        """A player's starting McMahon score after the bar and the floor."""
        start = Fraction(self.mcmahon_start.get(player, 0))
        if self.mcmahon_bar is not None:
            start = min(start, self.mcmahon_bar)
        if self.mcmahon_floor is not None:
            start = max(start, self.mcmahon_floor)
        return start
