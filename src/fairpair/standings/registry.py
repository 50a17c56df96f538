"""The one place where tie-break codes are mapped to their functions and properties."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.core import PlayerId
from fairpair.standings import chess, go, mtg
from fairpair.standings.event import EventView, Values
from fairpair.standings.settings import TiebreakSettings, UnplayedRule

AMENDMENT_2026 = "@2026"


class Display(enum.Enum):
    """How a value is shown to people."""

    EXACT = "exact"
    """Points, counts, ratings, places: the exact decimal (``2.5``, ``38``, ``30.43``)."""
    RATIO = "ratio"
    """Percentages of card games: four decimals (``0.5556``)."""


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A tie-break: its code, how it is computed and how it orders players."""

    code: str
    name: str
    compute: Callable[[EventView], Values]
    higher_is_better: bool = True
    display: Display = Display.EXACT
    amendment_2026: bool = False
    """Computed under the March 2026 amendment whatever the settings say."""
    unplayed_rule_applies: bool = False
    """The value depends on the settings' rule for unplayed rounds."""
    within_group: Callable[[EventView, Sequence[PlayerId]], dict[PlayerId, int]] | None = None
    """For tie-breaks computed inside a group of tied players (direct encounter)."""
    book: str | None = None
    """The rule book, when it is not the one of the function's module."""

    @property
    def decimals(self) -> int | None:
        """Fixed number of decimals to show, or None for the exact decimal."""
        return 4 if self.display is Display.RATIO else None

    @property
    def rule(self) -> str:
        """The rule the tie-break follows (the first line of its function's docstring)."""
        doc = (self.compute.__doc__ or self.name).strip()
        return " ".join(doc.split("\n\n")[0].split())

    def view(self, event: EventView) -> EventView:
        """The view this tie-break reads (the 2026 amendment forced for ``@2026`` codes)."""
        return event.amended_2026() if self.amendment_2026 else event

    def values(self, event: EventView) -> Values:
        """The value of every player; group tie-breaks group on points alone."""
        return self.compute(self.view(event))

    def values_in_group(self, event: EventView, group: Sequence[PlayerId]) -> Values:
        """The values of the members of one tie group (for group tie-breaks)."""
        if self.within_group is None:
            whole = self.values(event)
            return {pid: whole[pid] for pid in group}
        return {
            pid: Fraction(place)
            for pid, place in self.within_group(self.view(event), group).items()
        }

    @property
    def source(self) -> str:
        """The rule book the tie-break comes from."""
        module = self.compute.__module__.rsplit(".", 1)[-1]
        book = self.book or _SOURCES.get(module, module)
        return f"{book}, March 2026 amendment" if self.amendment_2026 else book

    def describe(self, settings: TiebreakSettings) -> str:
        """One line for the standings footer: name, rule book and unplayed-round rule."""
        text = f"{self.code}: {self.name} ({self.source})"
        if self.compute is chess.koya and settings.round_robin:
            text += "; round robin: the limit is taken of the games each opponent plays"
        if settings.unplayed_as_played and self.code.startswith("SB"):
            text += "; round robin: forfeits count as games against the scheduled opponent"
        if self.amendment_2026:
            return f"{text}; unplayed rounds: {UnplayedRule.FIDE2023.describe()}, 2026 caps"
        if self.unplayed_rule_applies:
            rule = settings.unplayed_rule.describe()
            if settings.fide2026_caps and settings.unplayed_rule is UnplayedRule.FIDE2023:
                rule += ", 2026 caps"
            return f"{text}; unplayed rounds: {rule}"
        return text


FIDE_2026 = "FIDE C.07, March 2026 amendment"
_SOURCES = {"chess": "FIDE C.07 (2023)", "mtg": "MTR Appendix C", "go": "EGF McMahon rules"}


class UnknownTiebreakError(ValueError):
    """A tie-break code that the registry does not know."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(f"unknown tie-break {code!r}; valid codes: {', '.join(REGISTRY)}")


def _entries() -> list[Tiebreak]:
    c = chess
    opponents = [
        Tiebreak("BH", "Buchholz", c.buchholz),
        Tiebreak("BH-C1", "Buchholz Cut-1", c.buchholz_cut1),
        Tiebreak("BH-C2", "Buchholz Cut-2", c.buchholz_cut2),
        Tiebreak("BH-M1", "Median Buchholz 1", c.buchholz_median1),
        Tiebreak("BH-M2", "Median Buchholz 2", c.buchholz_median2),
        Tiebreak("SB", "Sonneborn-Berger", c.sonneborn_berger),
        Tiebreak("SB-C1", "Sonneborn-Berger Cut-1", c.sonneborn_berger_cut1),
        Tiebreak("AOB", "Average of opponents' Buchholz", c.average_of_opponents_buchholz),
        Tiebreak("FB", "Fore Buchholz", c.fore_buchholz),
    ]
    amended = [
        Tiebreak(
            t.code + AMENDMENT_2026,
            t.name,
            t.compute,
            amendment_2026=True,
            unplayed_rule_applies=True,
        )
        for t in opponents
    ]
    opponents = [Tiebreak(t.code, t.name, t.compute, unplayed_rule_applies=True) for t in opponents]
    others = [
        Tiebreak("DE", "Direct encounter", c.direct_encounter, higher_is_better=False,
                 within_group=c.direct_encounter_places),
        Tiebreak("WIN", "Number of wins", c.wins),
        Tiebreak("WON", "Games won over the board", c.games_won),
        Tiebreak("BPG", "Games played with black", c.black_games),
        Tiebreak("BWG", "Games won with black", c.black_wins),
        Tiebreak("REP", "Rounds elected to play", c.rounds_elected_to_play),
        Tiebreak("VUR", "Voluntary unplayed rounds", c.voluntary_unplayed_rounds,
                 higher_is_better=False),
        Tiebreak("NUM", "Games played", c.games_played),
        Tiebreak("PS", "Progressive score", c.progressive_score),
        Tiebreak("PS-C1", "Progressive score Cut-1", c.progressive_score_cut1),
        Tiebreak("KS", "Koya score", c.koya),
        Tiebreak("ARO", "Average rating of opponents", c.average_rating_of_opponents),
        Tiebreak("ARO-C1", "Average rating of opponents Cut-1",
                 c.average_rating_of_opponents_cut1),
        Tiebreak("TPR", "Tournament performance rating", c.tournament_performance_rating),
        Tiebreak("PTP", "Perfect tournament performance", c.perfect_tournament_performance),
        Tiebreak("APRO", "Average performance rating of opponents",
                 c.average_performance_of_opponents),
        Tiebreak("APPO", "Average perfect performance of opponents",
                 c.average_perfect_performance_of_opponents),
        Tiebreak("STD", "Standard points", c.standard_points, book=FIDE_2026),
        Tiebreak("TPN", "Tournament pairing number", c.tournament_pairing_number,
                 higher_is_better=False, book=FIDE_2026),
        Tiebreak("RTNG", "Rating", c.rating, book=FIDE_2026),
        Tiebreak("MP", "Match points", mtg.match_points),
        Tiebreak("MWP", "Match-win percentage", mtg.match_win_percentage,
                 display=Display.RATIO),
        Tiebreak("OMW", "Opponents' match-win percentage", mtg.opponents_match_win_percentage,
                 display=Display.RATIO),
        Tiebreak("GW", "Game-win percentage", mtg.game_win_percentage, display=Display.RATIO),
        Tiebreak("OGW", "Opponents' game-win percentage", mtg.opponents_game_win_percentage,
                 display=Display.RATIO),
        Tiebreak("MMS", "McMahon score", go.mcmahon_score),
        Tiebreak("SOS", "Sum of opponents' scores", go.sum_of_opponents_scores),
        Tiebreak("SOS-1", "SOS minus the lowest", go.sum_of_opponents_scores_cut1),
        Tiebreak("SOS-2", "SOS minus the two lowest", go.sum_of_opponents_scores_cut2),
        Tiebreak("SOSOS", "Sum of opponents' SOS", go.sum_of_opponents_sos),
        Tiebreak("SODOS", "Sum of defeated opponents' scores",
                 go.sum_of_defeated_opponents_scores),
    ]  # fmt: skip
    return [Tiebreak("PTS", "Points", c.points), *opponents, *amended, *others]


REGISTRY: dict[str, Tiebreak] = {t.code: t for t in _entries()}
"""Every tie-break by its code."""


def tiebreak(code: str) -> Tiebreak:
    """The tie-break of a code (case-insensitive); :class:`UnknownTiebreakError` otherwise."""
    found = REGISTRY.get(code.strip().upper())
    if found is None:
        raise UnknownTiebreakError(code)
    return found
