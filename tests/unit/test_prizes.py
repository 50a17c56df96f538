"""Prize assignment, on examples worked out by hand from the rules organisers publish.

Hort system (as published for open tournaments): the prize money of the places a tie group
occupies is pooled; half of it is shared equally among the tied players, the other half goes by
the tie-break order, each taking half the prize of his own place.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from fairpair.core import Player
from fairpair.service.errors import CommandError
from fairpair.service.prizes import parse_amounts
from fairpair.standings.prizes import (
    CategoryKind,
    PrizeCategory,
    PrizeEntrant,
    PrizeError,
    PrizeRules,
    Sharing,
    assign_prizes,
)


def entrants(*rows: tuple[str, float, int | None, str, str, str]) -> list[PrizeEntrant]:
    """(name, points, rating, sex, birth date, club) in standings order."""
    return [
        PrizeEntrant(
            Player(i, name, rating=rating, sex=sex, birth_date=born, club=club),
            Fraction(points).limit_denominator(2),
        )
        for i, (name, points, rating, sex, born, club) in enumerate(rows, start=1)
    ]


def paid(awards: object) -> dict[tuple[str, str], Fraction]:
    return {(a.category, a.recipient): a.amount for a in awards}  # type: ignore[attr-defined]


OVERALL = PrizeCategory("Overall", CategoryKind.OVERALL, (1000, 500, 300))
THREE_TIED = entrants(
    ("Ann", 7, 2300, "w", "", ""),
    ("Bob", 7, 2200, "m", "", ""),
    ("Cy", 7, 2100, "m", "", ""),
    ("Dee", 6, 2000, "w", "", ""),
)


def test_hort_three_players_tied_for_first() -> None:
    # Pool 1000 + 500 + 300 = 1800: 900 shared equally (300 each), 900 by tie-break order
    # (500, 250, 150): 800, 550, 450. Dee, fourth, has no prize.
    rules = PrizeRules((OVERALL,), sharing=Sharing.HORT)
    assert paid(assign_prizes(rules, THREE_TIED)) == {
        ("Overall", "Ann"): 800,
        ("Overall", "Bob"): 550,
        ("Overall", "Cy"): 450,
    }
    assert {a.place for a in assign_prizes(rules, THREE_TIED)} == {"1-3"}


def test_hort_tie_reaching_beyond_the_prizes() -> None:
    # 1000, 600, 400; Bob, Cy and Dee tied for places 2-4: pool 600 + 400 + 0 = 1000, each
    # 1000/6 from the equal half, plus 300, 200 and 0 by tie-break order.
    rules = PrizeRules(
        (PrizeCategory("Overall", CategoryKind.OVERALL, (1000, 600, 400)),), sharing=Sharing.HORT
    )
    field = entrants(
        ("Ann", 7, 2300, "", "", ""),
        ("Bob", 6.5, 2200, "", "", ""),
        ("Cy", 6.5, 2100, "", "", ""),
        ("Dee", 6.5, 2000, "", "", ""),
        ("Eve", 6, 1900, "", "", ""),
    )
    assert paid(assign_prizes(rules, field)) == {
        ("Overall", "Ann"): 1000,
        ("Overall", "Bob"): Fraction(1000, 6) + 300,
        ("Overall", "Cy"): Fraction(1000, 6) + 200,
        ("Overall", "Dee"): Fraction(1000, 6),
    }


def test_equal_sharing_and_tie_breaks_deciding() -> None:
    equal = PrizeRules((OVERALL,), sharing=Sharing.EQUAL)
    assert set(paid(assign_prizes(equal, THREE_TIED)).values()) == {600}
    by_tiebreak = PrizeRules((OVERALL,), sharing=Sharing.TIEBREAK)
    assert paid(assign_prizes(by_tiebreak, THREE_TIED)) == {
        ("Overall", "Ann"): 1000,
        ("Overall", "Bob"): 500,
        ("Overall", "Cy"): 300,
    }


FIELD = entrants(
    ("Ann", 5, 2000, "w", "1990-05-01", "Rooks"),
    ("Bob", 4.5, 1700, "m", "2011", "Pawns"),
    ("Cy", 4, 1750, "m", "2009/12/31", "Rooks"),
    ("Dee", 3, None, "f", "2012/00/00", "Pawns"),
)


def test_one_prize_per_player_takes_the_higher_prize() -> None:
    overall = PrizeCategory("Overall", CategoryKind.OVERALL, (100, 50))
    u1800 = PrizeCategory("U1800", CategoryKind.RATING, (80,), rating_max=1799)
    # Bob is second overall (50) and the best under 1800 (80): he takes the 80, and the
    # overall second prize goes to Cy.
    one = paid(assign_prizes(PrizeRules((overall, u1800)), FIELD))
    assert one == {("Overall", "Ann"): 100, ("Overall", "Cy"): 50, ("U1800", "Bob"): 80}
    several = paid(assign_prizes(PrizeRules((overall, u1800), one_per_player=False), FIELD))
    assert several == {("Overall", "Ann"): 100, ("Overall", "Bob"): 50, ("U1800", "Bob"): 80}
    # With the rating prize worth less, Bob keeps the overall 50 and Cy takes the 40.
    cheap = PrizeCategory("U1800", CategoryKind.RATING, (40,), rating_max=1799)
    assert paid(assign_prizes(PrizeRules((overall, cheap)), FIELD)) == {
        ("Overall", "Ann"): 100,
        ("Overall", "Bob"): 50,
        ("U1800", "Cy"): 40,
    }


def test_category_eligibility() -> None:
    women = PrizeCategory("Women", CategoryKind.WOMEN, (30, 20, 10))
    u16 = PrizeCategory("U16", CategoryKind.AGE, (25, 15), born_from="2010-01-01")
    unrated = PrizeCategory("Under 1000", CategoryKind.RATING, (5,), rating_max=999)
    rules = PrizeRules((women, u16, unrated), one_per_player=False)
    got = paid(assign_prizes(rules, FIELD))
    # Women: Ann (w) and Dee (f). U16: Bob (born 2011) and Dee (2012, month unknown);
    # Cy, born on 31 December 2009, is not. Under 1000: Dee, unrated.
    assert got == {
        ("Women", "Ann"): 30,
        ("Women", "Dee"): 20,
        ("U16", "Bob"): 25,
        ("U16", "Dee"): 15,
        ("Under 1000", "Dee"): 5,
    }


def test_best_club_counts_its_best_players() -> None:
    clubs = PrizeCategory("Best club", CategoryKind.CLUB, (200, 100), club_players=2)
    got = assign_prizes(PrizeRules((clubs,)), FIELD)
    # Rooks: Ann 5 + Cy 4 = 9; Pawns: Bob 4.5 + Dee 3 = 7.5.
    assert [(a.recipient, a.amount, a.player_id) for a in got] == [
        ("Rooks", 200, None),
        ("Pawns", 100, None),
    ]


def test_annulled_players_win_nothing() -> None:
    field = [PrizeEntrant(FIELD[0].player, Fraction(5), annulled=True), *FIELD[1:]]
    got = paid(assign_prizes(PrizeRules((OVERALL,)), field))
    assert got == {("Overall", "Bob"): 1000, ("Overall", "Cy"): 500, ("Overall", "Dee"): 300}


def test_rules_round_trip_and_refuse_nonsense() -> None:
    rules = PrizeRules(
        (OVERALL, PrizeCategory("U16", CategoryKind.AGE, (10,), born_from="2010/1/1")),
        one_per_player=False,
        sharing=Sharing.HORT,
        currency="EUR",
    )
    assert rules.categories[1].born_from == "2010-01-01"
    assert PrizeRules.from_data(rules.to_data()) == rules
    with pytest.raises(PrizeError, match="band"):
        PrizeCategory("U1800", CategoryKind.RATING, (10,))
    with pytest.raises(PrizeError, match="same name"):
        PrizeRules((OVERALL, OVERALL))
    with pytest.raises(PrizeError, match="amounts"):
        PrizeCategory("X", CategoryKind.OVERALL, ())


def test_one_prize_per_player_with_a_tie_sharing_two_categories() -> None:
    # Everyone on 0 points (standings order Ann, Cy, Bob, Dee), Hort sharing. By amount:
    # 100 to Ann, U1800's 80 to Cy (the best rated under 1800), overall 50 to Bob. Overall
    # is shared first (its prize is the largest) among Ann, Bob and Dee, tied for places 1-3:
    # pool 150, 25 each, plus 50, 25 and 0 by tie-break order. Dee, who had a share of it,
    # is left out of U1800, which Cy alone takes whole.
    field = entrants(
        ("Ann", 0, 2000, "", "", ""),
        ("Cy", 0, 1750, "", "", ""),
        ("Bob", 0, 1700, "", "", ""),
        ("Dee", 0, 1600, "", "", ""),
    )
    overall = PrizeCategory("Overall", CategoryKind.OVERALL, (100, 50))
    u1800 = PrizeCategory("U1800", CategoryKind.RATING, (80,), rating_max=1799)
    got = assign_prizes(PrizeRules((overall, u1800), sharing=Sharing.HORT), field)
    assert paid(got) == {
        ("Overall", "Ann"): 75,
        ("Overall", "Bob"): 50,
        ("Overall", "Dee"): 25,
        ("U1800", "Cy"): 80,
    }
    assert [a.category for a in got] == ["Overall", "Overall", "Overall", "U1800"]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("1,000", "write a thousand as 1000"),
        ("2,000,1,000", "write a thousand as 1000"),
        ("1,500,250", "place 2 would win more than place 1 (500.00 after 1.00)"),
        ("100,150", "place 2 would win more than place 1"),
    ],
)
def test_amounts_typed_with_a_thousands_separator_are_refused(typed: str, said: str) -> None:
    with pytest.raises(CommandError, match=re.escape(said)):
        parse_amounts(typed)


def test_amounts_by_place_in_cents() -> None:
    assert parse_amounts("1000, 500; 250.50,250.50") == (100000, 50000, 25050, 25050)
