"""Every pair of game results a director can type for a Double-Swiss board, recorded through the
service: the match result shown, the points each player gets, whether the match counts as
forfeited and the standings' game points all follow from the two scoresheets.

The expected values are counted here from the scoresheets alone (White's score first in each
game; game 2 has the second-named player as White), independently of the core's marks.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from fairpair.core import Colour, Player
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service.settings import DoubleSwissSettings, EventSettings, System
from fairpair.storage import MemoryStore
from tests.integration.stores import ticking_clock

# A scoresheet as typed -> (White's points, Black's points, White forfeited, Black forfeited).
SHEETS = {
    "1-0": (Fraction(1), Fraction(0), False, False),
    "0-1": (Fraction(0), Fraction(1), False, False),
    "½-½": (Fraction(1, 2), Fraction(1, 2), False, False),
    "+-": (Fraction(1), Fraction(0), False, True),
    "-+": (Fraction(0), Fraction(1), True, False),
    "--": (Fraction(0), Fraction(0), True, True),
    "½-0": (Fraction(1, 2), Fraction(0), False, False),
    "0-½": (Fraction(0), Fraction(1, 2), False, False),
    "0-0": (Fraction(0), Fraction(0), False, False),
}
SPELLINGS = {"½-½": ["=", "1/2-1/2", "0.5-0.5"], "1-0": ["1:0", "1 - 0"], "0-1": ["0–1"]}


def _shown(points: Fraction) -> str:
    whole, half = divmod(points * 2, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


@pytest.fixture(scope="module")
def two_player_event() -> tuple[ev.Desk, int, int, int]:
    """A 2-player, 1-round event paired once; each test corrects its only board."""
    desk = ev.Desk(MemoryStore(), ticking_clock(), "arbiter")
    settings = EventSettings(
        "Sheets",
        System.DOUBLE_SWISS,
        rounds=1,
        initial_colour=Colour.WHITE,
        double_swiss=DoubleSwissSettings(),
    )
    event = de.create_double_event(desk, settings)
    de.import_double_players(
        desk, event.id, [Player(1, "Anna", rating=2100), Player(2, "Boris", rating=2000)]
    )
    event, _ = de.pair_double_round(desk, event.id)
    match = event.tournament.rounds[0].matches[0]
    return desk, event.id, match.white, match.black


@pytest.mark.parametrize(("game1", "game2"), list(itertools.product(SHEETS, SHEETS)))
def test_the_match_follows_from_its_two_scoresheets(
    two_player_event: tuple[ev.Desk, int, int, int], game1: str, game2: str
) -> None:
    desk, event_id, first, second = two_player_event
    event = de.record_double_results(desk, event_id, 1, [(1, game1, game2)])
    match = event.tournament.rounds[0].matches[0]
    w1, b1, w1_ff, b1_ff = SHEETS[game1]  # game 1: the first-named player is White
    w2, b2, w2_ff, b2_ff = SHEETS[game2]  # game 2: the second-named player is White
    first_points, second_points = w1 + b2, b1 + w2
    assert match.points(first) == first_points * 2
    assert match.points(second) == second_points * 2
    assert de.match_score(match) == f"{_shown(first_points)}-{_shown(second_points)}"
    assert de.game_text(match, 1) == game1
    assert de.game_text(match, 2) == game2
    # A match is forfeited only when a player forfeits both of his games.
    first_forfeits_both = w1_ff and b2_ff
    second_forfeits_both = b1_ff and w2_ff
    assert match.forfeited == (first_forfeits_both or second_forfeits_both)
    assert match.played == (not match.forfeited)
    line = de.match_line(event.tournament, 1, match)
    absent = [
        name
        for name, both in (("Anna", first_forfeits_both), ("Boris", second_forfeits_both))
        if both
    ]
    if absent:
        assert line.endswith(f"(forfeited by {' and '.join(absent)}: a match not played)")
    else:
        assert "forfeited" not in line
    rows = {row.player: row for row in de.double_standings(event).rows}
    assert rows[first].game_points == first_points
    assert rows[second].game_points == second_points


@pytest.mark.parametrize(
    ("canonical", "typed"), [(c, t) for c, ts in SPELLINGS.items() for t in ts]
)
def test_other_spellings_of_a_game_read_the_same(
    two_player_event: tuple[ev.Desk, int, int, int], canonical: str, typed: str
) -> None:
    desk, event_id, _, _ = two_player_event
    event = de.record_double_results(desk, event_id, 1, [(1, typed, typed)])
    match = event.tournament.rounds[0].matches[0]
    assert (de.game_text(match, 1), de.game_text(match, 2)) == (canonical, canonical)
