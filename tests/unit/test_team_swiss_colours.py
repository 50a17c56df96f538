"""Colour preferences (C.04.6 1.7.1 Type A, 1.7.2 Type B) and the allocation rules 4.3.1-4.3.9,
each case read off the tables of spec/team-swiss.md §2.7 and §5.3."""

from __future__ import annotations

import pytest

from fairpair.core import Colour
from fairpair.core.teams import ColourModel
from fairpair.pairing.team_swiss import (
    ColourPreference,
    TeamState,
    allocate_colours,
    colour_preference,
    first_team,
)

W, B = Colour.WHITE, Colour.BLACK
A, TB, NONE = ColourModel.TYPE_A, ColourModel.TYPE_B, ColourModel.NONE


def seq(text: str) -> tuple[Colour, ...]:
    return tuple(W if c == "W" else B for c in text)


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ("", None),
        ("W", None),
        ("B", None),
        ("BB", W),  # CD -2
        ("WBB", W),  # CD -1 after BB
        ("WWBB", W),  # CD 0 after BB
        ("WW", B),
        ("BWW", B),
        ("BBWW", B),
        ("BWBB", W),  # CD -2
        ("WBW", None),  # CD +1, last two BW
        ("BBW", None),  # CD -1, no BB at the end
        ("WBBWB", None),  # CD -1, last two WB
        ("WWBWBB", W),  # CD 0 after BB
        ("BBWBB", W),  # CD -3
        ("WBWWW", B),  # CD +3
    ],
)
def test_type_a_preferences(colours: str, expected: Colour | None) -> None:
    """1.7.1: no strengths; CD +1 after BB has no preference (unlike C.04.3)."""
    pref = colour_preference(seq(colours), A, last_round=False)
    assert pref == ColourPreference(expected, False)


def test_type_a_cd_plus_one_after_bb_has_none() -> None:
    assert colour_preference(seq("WWWBB"), A, last_round=False) == ColourPreference()


@pytest.mark.parametrize(
    ("colours", "last_round", "expected"),
    [
        ("", False, ColourPreference()),  # row 1
        ("BB", False, ColourPreference(W, True)),  # row 2
        ("WBB", False, ColourPreference(W, True)),
        ("WW", True, ColourPreference(B, True)),  # row 3
        ("BWW", False, ColourPreference(B, True)),
        ("B", False, ColourPreference(W, False)),  # row 4
        ("W", False, ColourPreference(B, False)),  # row 5
        ("WBW", True, ColourPreference(B, False)),  # row 5 in the last round too
        ("WB", False, ColourPreference(W, False)),  # row 6: opposite of the last
        ("BW", False, ColourPreference(B, False)),
        ("WB", True, ColourPreference()),  # row 7
        ("BBWW", True, ColourPreference(B, True)),  # rows 2-3 before row 7 (§14 Q8)
    ],
)
def test_type_b_preferences(colours: str, last_round: bool, expected: ColourPreference) -> None:
    assert colour_preference(seq(colours), TB, last_round=last_round) == expected


def test_no_preferences_model() -> None:
    assert colour_preference(seq("BBB"), NONE, last_round=False) == ColourPreference()


def team(
    tpn: int,
    colours: str = "",
    *,
    model: ColourModel = A,
    primary: int = 0,
    secondary: int = 0,
    last_round: bool = False,
    parity: int | None = None,
) -> TeamState:
    cs = seq(colours)
    return TeamState(
        tpn=tpn,
        score=primary,
        primary=primary,
        secondary=secondary,
        played=len(cs),
        colours=cs,
        floated=False,
        met=frozenset(),
        pab_barred=False,
        parity_number=tpn if parity is None else parity,
        preference=colour_preference(cs, model, last_round),
    )


def allocate(
    a: TeamState, b: TeamState, model: ColourModel = A, initial: Colour = W
) -> tuple[int, int, str]:
    white, black, rule = allocate_colours(a, b, model=model, initial=initial, secondary_used=True)
    return white.tpn, black.tpn, rule


def test_first_team_by_primary_then_secondary_then_tpn() -> None:
    """4.2.1-4.2.3."""
    assert first_team(team(1, primary=10), team(2, primary=20), True).tpn == 2
    assert first_team(team(1, secondary=10), team(2, secondary=20), True).tpn == 2
    assert first_team(team(1, secondary=10), team(2, secondary=20), False).tpn == 1
    assert first_team(team(3), team(2), True).tpn == 2


def test_4_3_1_nobody_played_parity_of_the_first_team() -> None:
    assert allocate(team(1), team(4)) == (1, 4, "4.3.1")
    assert allocate(team(2), team(5)) == (5, 2, "4.3.1")
    assert allocate(team(2), team(5), initial=B) == (2, 5, "4.3.1")
    # §2.1: the parity is that of the team's number among those counted, not its TPN.
    assert allocate(team(2, parity=1), team(5, parity=4)) == (2, 5, "4.3.1")


def test_4_3_2_only_one_preference() -> None:
    assert allocate(team(1, "W"), team(2, "BB")) == (2, 1, "4.3.2")
    assert allocate(team(1, "WW"), team(2, "B")) == (2, 1, "4.3.2")


def test_4_3_3_opposite_preferences() -> None:
    assert allocate(team(1, "BB"), team(2, "WW")) == (1, 2, "4.3.3")


def test_4_3_4_type_b_one_strong() -> None:
    strong = team(1, "WW", model=TB)  # strong Black
    mild = team(2, "W", model=TB)  # CD +1: mild Black
    assert allocate(strong, mild, TB) == (2, 1, "4.3.4")


def test_4_3_5_lower_cd_gets_white() -> None:
    # Both prefer Black (Type A): CD +2 against CD 0 after WW.
    assert allocate(team(1, "BWW"), team(2, "WWW")) == (1, 2, "4.3.5")


def test_4_3_6_latest_difference_in_the_sequences() -> None:
    # Same preference (Black), same CD +2: at the latest difference 1 had B, 2 had W.
    assert allocate(team(1, "WWBWW"), team(2, "WWWBW")) == (2, 1, "4.3.6")


def test_4_3_7_first_team_preference() -> None:
    # Same sequences, both prefer Black: the first-team (1) gets it.
    assert allocate(team(1, "WW"), team(2, "WW")) == (2, 1, "4.3.7")


def test_4_3_8_first_team_opposite_of_its_last_colour() -> None:
    # Example B: both had White once, no preferences: first-team 4 (more GP) gets Black.
    a = team(1, "W", primary=20, secondary=15)
    b = team(4, "W", primary=20, secondary=20)
    assert allocate(a, b) == (1, 4, "4.3.8")


def test_4_3_9_only_the_other_team_played() -> None:
    # No preferences (none model): 4.3.5 sees CDs 0 and 0 (B then W gives 0), 4.3.6 nothing.
    first = team(1, "", model=NONE, primary=10)
    other = team(2, "BW", model=NONE)
    assert allocate(first, other, NONE) == (1, 2, "4.3.9")
