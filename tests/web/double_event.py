"""A FIDE Double-Swiss event built through the service for the public pages', API's and
printouts' tests, and scores computed here from the results typed, independently of fairpair's
own scoring (spec double-swiss.md §1.2-1.3, §2.4)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from fairpair.core import Colour, Player
from fairpair.core.double_swiss import DoubleSwissTournament
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service.settings import DoubleSwissSettings, EventSettings, System

NAMES = (
    "Chloé Marchand",
    "Zoë Weiß",
    "Émile Dvořák",
    "Noël Núñez",
    "Sören Kowalski",
    "<script>alert(1)</script>",
    "Łucja Øster",
)
"""Seven players (one of them has the pairing-allocated bye each round), accented names, one
named like markup; ratings fall with the start number so the order stays."""

GAME_POINTS = {
    # A game's result as typed (White first) -> (White's points, Black's points).
    "1-0": (Fraction(1), Fraction(0)),
    "0-1": (Fraction(0), Fraction(1)),
    "½-½": (Fraction(1, 2), Fraction(1, 2)),
    "+-": (Fraction(1), Fraction(0)),
    "-+": (Fraction(0), Fraction(1)),
    "--": (Fraction(0), Fraction(0)),
    "½-0": (Fraction(1, 2), Fraction(0)),
    "0-½": (Fraction(0), Fraction(1, 2)),
    "0-0": (Fraction(0), Fraction(0)),
}

ROUND_1 = (("1-0", "½-½"), ("-+", "+-"), ("½-0", "+-"))
"""Round 1, boards 1-3: board 2's first-named player forfeits both games (a forfeited match:
game 1 he is White and loses by forfeit, game 2 he is Black and loses by forfeit); board 3 has
the odd ½-0 and a single forfeited game (a played match)."""
ROUND_2 = (("0-1", "0-1"), ("½-½", "½-½"), ("1-0", "0-1"))
"""Round 2, boards 1-3 (player 3 takes a half-point bye)."""
ROUND_3 = (("1-0", "1-0"),)
"""Round 3: board 1 only; the other boards are still on."""


@dataclass
class Built:
    event_id: int
    typed: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    """Each round's typed results, board 1 first."""


def double_event(desk: ev.Desk, name: str = "Double open", owner: str | None = None) -> Built:
    """A 7-player Double-Swiss of 4 match-rounds: rounds 1 and 2 complete, round 3 paired
    with the result of board 1 only; player 3 has a half-point bye in round 2."""
    settings = EventSettings(
        name=name,
        system=System.DOUBLE_SWISS,
        rounds=4,
        initial_colour=Colour.WHITE,
        double_swiss=DoubleSwissSettings(),
    )
    event = de.create_double_event(desk, settings, owner=owner)
    players = [
        Player(id=i, name=n, rating=2400 - 50 * i, federation="FRA")
        for i, n in enumerate(NAMES, start=1)
    ]
    de.import_double_players(desk, event.id, players)
    built = Built(event.id)
    for number, results in ((1, ROUND_1), (2, ROUND_2), (3, ROUND_3)):
        if number == 2:
            de.grant_double_bye(desk, event.id, "3", 2, "half")
        de.pair_double_round(desk, event.id)
        de.record_double_results(
            desk, event.id, None, [(b, g1, g2) for b, (g1, g2) in enumerate(results, start=1)]
        )
        built.typed[number] = list(results)
    return built


def match_points_of(g1: str, g2: str) -> tuple[Fraction, Fraction]:
    """The two players' game points of a match from its two scoresheets: game 1 with the
    first-named player White, game 2 with the second-named White."""
    w1, b1 = GAME_POINTS[g1]
    w2, b2 = GAME_POINTS[g2]
    return w1 + b2, b1 + w2


def expected_scores(t: DoubleSwissTournament, built: Built, rounds: int) -> dict[int, Fraction]:
    """Game points after ``rounds`` complete rounds: each match from its typed games, a
    pairing-allocated bye 1½, a half-point bye 1 (the defaults, spec §2.4)."""
    total = {p.id: Fraction(0) for p in t.players}
    for rnd in t.rounds[:rounds]:
        for board, match in enumerate(rnd.matches, start=1):
            first, second = match_points_of(*built.typed[rnd.number][board - 1])
            total[match.white] += first
            total[match.black] += second
        for bye in rnd.byes:
            total[bye.player] += {"U": Fraction(3, 2), "H": Fraction(1)}[bye.kind.value]
    return total


def expected_match_points(
    t: DoubleSwissTournament, built: Built, rounds: int
) -> dict[int, Fraction]:
    """Match points after ``rounds`` rounds: a match won 2, drawn 1, lost 0 on its game points;
    a pairing-allocated bye (1½) a won match, a half-point bye (1) a drawn one."""
    total = {p.id: Fraction(0) for p in t.players}
    for rnd in t.rounds[:rounds]:
        for board, match in enumerate(rnd.matches, start=1):
            first, second = match_points_of(*built.typed[rnd.number][board - 1])
            total[match.white] += 2 if first > second else 1 if first == second else 0
            total[match.black] += 2 if second > first else 1 if first == second else 0
        for bye in rnd.byes:
            total[bye.player] += {"U": 2, "H": 1}[bye.kind.value]
    return total


def halves_text(value: Fraction) -> str:
    """A score as a match result shows it: ``Fraction(3, 2)`` -> ``"1½"``."""
    whole = int(value)
    return (str(whole) if whole or value == whole else "") + ("½" if value != whole else "")


def decimal(value: Fraction) -> str:
    """A score as the API writes it: ``"2.5"``, ``"3"``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
