"""The rules of spec tiebreaks.md on small hand-made events, one rule per test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.core import (
    CHESS,
    MATCH_POINTS,
    Bye,
    ByeKind,
    Game,
    GameResult,
    Player,
    PointSystem,
    Round,
    Tournament,
)
from fairpair.formats.standings_render import format_value, render_json
from fairpair.standings import (
    REGISTRY,
    EventView,
    TiebreakSettings,
    UnknownTiebreakError,
    UnplayedRule,
    compute_standings,
    tiebreak,
    tiebreak_values,
)
from fairpair.standings.chess import expected_hundredths, rating_difference
from fairpair.standings.event import Contribution, cut

_GAME = {
    "1-0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS,
    "=": GameResult.DRAW,
    "+-": GameResult.WHITE_WINS_BY_FORFEIT,
    "-+": GameResult.BLACK_WINS_BY_FORFEIT,
    "--": GameResult.DOUBLE_FORFEIT,
}


def event(
    count: int,
    *rounds: str,
    points: PointSystem = CHESS,
    ratings: dict[int, int | None] | None = None,
) -> Tournament:
    """Rounds as text: ``"1-2 1-0, 3-4 =, 5 U"`` (white-black result, or player and bye kind)."""
    ratings = ratings or {}
    players = tuple(
        Player(p, f"P{p}", rating=ratings.get(p, 2000 - 10 * p)) for p in range(1, count + 1)
    )
    built = []
    for number, text in enumerate(rounds, start=1):
        games, byes = [], []
        for item in filter(None, (part.strip() for part in text.split(","))):
            left, right = item.split()
            if "-" in left:
                white, black = (int(x) for x in left.split("-"))
                games.append(Game(white, black, _GAME[right]))
            else:
                byes.append(Bye(int(left), ByeKind(right)))
        built.append(Round(number, tuple(games), tuple(byes)))
    return Tournament(players, tuple(built), points=points)


def values(tournament: Tournament, code: str, **options: object) -> dict[int, Fraction | None]:
    return tiebreak_values(tournament, code, TiebreakSettings(**options))  # type: ignore[arg-type]


# --- §1.1 unplayed rounds (FIDE 2023) -------------------------------------------------------


def test_trailing_absence_is_a_draw_for_opponents_but_not_for_the_player_himself() -> None:
    """Spec §1.1: 1.5 with a last-round absence is seen as 2.0 by opponents; his own dummy
    opponents use 1.5."""
    t = event(4, "1-2 1-0, 3-4 =", "1-3 =, 2-4 =", "1-4 =, 2 Z, 3 Z")
    view = EventView(t, TiebreakSettings())
    assert view.score[3] == Fraction(1)
    assert view.adjusted_score[3] == Fraction(3, 2)  # the Z counts as a draw
    assert view.score[2] == Fraction(1, 2)
    assert values(t, "BH")[2] == view.adjusted_score[1] + view.adjusted_score[4] + Fraction(1, 2)


def test_last_round_forfeit_loss_stays_zero_for_opponents() -> None:
    t = event(4, "1-2 1-0, 3-4 1-0", "1-3 =, 2-4 =", "1-4 +-, 2-3 =")
    assert EventView(t, TiebreakSettings()).adjusted_score[4] == Fraction(1, 2)


def test_sb_cut_removes_a_vur_only_when_worth_as_much() -> None:
    """Spec §1.1 rule 3: {beaten 3.5: 3.5; half-point bye, own score 5: 2.5} -> 3.5 is cut."""
    beaten = Contribution(Fraction(7, 2), Fraction(1), False)
    half_bye = Contribution(Fraction(5), Fraction(1, 2), True)
    other = Contribution(Fraction(6), Fraction(1), False)
    sb = lambda c: c.score * c.points  # noqa: E731
    assert cut([beaten, half_bye, other], sb, 1, 0, 3) == Fraction(5, 2) + 6
    forfeit = Contribution(Fraction(4), Fraction(0), True)
    lost = Contribution(Fraction(1), Fraction(0), False)
    # the forfeit loss (0) goes only when the ordinary candidate is worth 0 too
    assert cut([forfeit, lost, other], sb, 1, 0, 3) == 6
    assert cut([forfeit, beaten, other], sb, 1, 0, 3) == 6


def test_buchholz_cuts_voluntary_rounds_first_then_the_lowest() -> None:
    vur = Contribution(Fraction(5), Fraction(0), True)
    low = Contribution(Fraction(1), Fraction(1), False)
    high = Contribution(Fraction(4), Fraction(1), False)
    bh = lambda c: c.score  # noqa: E731
    assert cut([vur, low, high], bh, 1, 0, 3) == 5
    assert cut([vur, low, high], bh, 2, 0, 3) == 4
    assert cut([vur, low, high], bh, 1, 1, 3) == 1
    assert cut([vur, low, high], bh, 5, 5, 3) == 0


def test_2026_caps_bound_the_dummy_score() -> None:
    """Spec §1.1 amendment: a bye's dummy is capped at R × draw, a forfeit's at the opponent's
    adjusted score."""
    t = event(4, "1 U, 2-3 1-0", "1-2 1-0, 3-4 1-0", "1-3 1-0, 2-4 +-")
    plain, capped = values(t, "BH")[1], values(t, "BH@2026")[1]
    assert plain == 3 + 2 + 1  # dummy on 3 points, player 2 on 2, player 3 on 1
    assert capped == Fraction(3, 2) + 2 + 1
    assert values(t, "BH", fide2026_caps=True)[1] == capped
    # the forfeit winner's dummy is capped at the forfeiting opponent's score (0)
    assert values(t, "BH@2026")[2] == 3 + 1 + 0


def test_legacy_virtual_opponent() -> None:
    """Spec §1.2: 9 rounds, forfeit loss in round 3 on 1.5 -> Svon = 1.5 + 1 + 0.5 × 6."""
    rounds = ["1-2 1-0", "1-3 =", "1-4 -+"] + [f"1-{n} =" for n in range(5, 11)]
    t = event(10, *rounds)
    view = EventView(t, TiebreakSettings(unplayed_rule=UnplayedRule.LEGACY2009))
    assert view.contributions(1)[2].score == Fraction(11, 2)


def test_played_only_rule_gives_unplayed_rounds_nothing() -> None:
    t = event(3, "1-2 1-0, 3 U", "1-3 +-, 2 U")
    assert values(t, "BH", unplayed_rule=UnplayedRule.IGNORE)[1] == 1
    assert values(t, "SB", unplayed_rule=UnplayedRule.IGNORE) == {1: 1, 2: 0, 3: 0}


# --- §2.4 direct encounter ------------------------------------------------------------------


def test_de_leader_who_beat_both_and_the_two_who_never_met() -> None:
    """Spec §2.4: X beat Y and Z, Y-Z never met -> X 1, Y 2, Z 2."""
    t = event(
        6,
        "1-2 1-0, 3-4 1-0, 5-6 1-0",
        "1-3 1-0, 2-5 1-0, 4-6 1-0",
        "1-6 0-1, 2-4 1-0, 3-5 1-0",
    )
    assert values(t, "PTS") == {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}
    de = values(t, "DE")
    assert [de[1], de[2], de[3]] == [1, 2, 2]
    # 4 and 5 beat 6 but never met: 4's one point does not exceed 5's best case (2)
    assert [de[4], de[5], de[6]] == [0, 0, 0]


def test_de_mini_example_and_forfeits_ignored() -> None:
    """Spec §2.4: X and Y tied, X beat Y -> 1, 2; a forfeit between them does not count."""
    t = event(4, "1-2 1-0, 3-4 0-1", "1-4 0-1, 2-3 1-0")
    assert values(t, "DE") == {1: 1, 2: 2, 3: 0, 4: 0}
    forfeit = event(4, "1-2 +-, 3-4 0-1", "1-4 0-1, 2-3 1-0")
    assert values(forfeit, "DE") == {1: 0, 2: 0, 3: 0, 4: 0}
    double = event(2, "1-2 1-0", "2-1 1-0")
    assert values(double, "DE") == {1: 0, 2: 0}


def test_de_inside_groups_tied_on_the_preceding_tie_breaks() -> None:
    t = event(4, "1-2 1-0, 3-4 0-1", "1-4 0-1, 2-3 1-0")
    # 4 (2 points), then 1 and 2 (1 point, 1 beat 2), then 3
    standings = compute_standings(t, ["DE"])
    assert [r.player_id for r in standings.rows] == [4, 1, 2, 3]
    assert [r.rank for r in standings.rows] == [1, 2, 3, 4]
    # a preceding tie-break that separates 1 and 2 leaves each alone in his DE group
    by_black = compute_standings(t, ["BPG", "DE"])
    assert [r.player_id for r in by_black.rows][1:3] == [2, 1]
    assert {r.player_id: r.values[1] for r in by_black.rows} == {1: 0, 2: 0, 3: 0, 4: 0}


# --- §2.5-2.13 counts, progressive, Koya, ratings -------------------------------------------


def test_win_counts_a_pab_only_when_worth_a_win() -> None:
    three = PointSystem(win=30, draw=10, loss=0, pairing_bye=10)
    t = event(3, "1-2 1-0, 3 U", points=three)
    assert values(t, "WIN") == {1: 1, 2: 0, 3: 0}
    assert values(event(3, "1-2 1-0, 3 U"), "WIN")[3] == 1


def test_progressive_score_and_cut() -> None:
    t = event(2, "1-2 1-0", "1-2 =", "1-2 0-1")
    assert values(t, "PS")[1] == 1 + Fraction(3, 2) + Fraction(3, 2)
    assert values(t, "PS-C1")[1] == 3


def test_koya_counts_opponents_on_half_the_maximum() -> None:
    t = event(4, "1-2 1-0, 3-4 =", "1-3 =, 2-4 1-0", "1-4 1-0, 2-3 0-1")
    # scores: 1 2.5, 2 1, 3 2, 4 0.5; limit 1.5
    assert values(t, "KS")[1] == Fraction(1, 2)
    assert values(t, "KS", koya_limit=Fraction(1, 3))[1] == Fraction(3, 2)


def test_rating_codes_have_no_value_when_anyone_is_unrated() -> None:
    t = event(3, "1-2 1-0, 3 U", ratings={1: 2000, 2: 1800, 3: None})
    for code in ("ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO"):
        assert set(values(t, code).values()) == {None}, code
    assert values(t, "ARO", unrated_rating=1000)[1] == 1800


def test_aro_c1_needs_two_games() -> None:
    t = event(3, "1-2 1-0, 3 U", "1-3 =, 2 U", ratings={1: 2000, 2: 1800, 3: 1601})
    assert values(t, "ARO")[1] == 1701  # 1700.5 rounds up
    assert values(t, "ARO-C1") == {1: 1800, 2: None, 3: None}


def test_performance_tables() -> None:
    assert rating_difference(83) == 273
    assert rating_difference(13) == -322
    assert expected_hundredths(0) == 50 and expected_hundredths(736) == 100
    assert expected_hundredths(-400) == 8
    t = event(3, "1-2 1-0, 3 U", "1-3 1-0, 2 U", ratings={1: 2000, 2: 1800, 3: 1700})
    assert values(t, "PTP") == {1: 1800 + 736, 2: 2000 - 800, 3: 2000 - 800}
    assert values(t, "TPR") == {1: 1750 + 800, 2: 1200, 3: 1200}


def test_aob_rounds_half_up_by_rounds_played() -> None:
    t = event(4, "1-2 1-0, 3-4 =", "1-3 =, 2-4 1-0", "1-4 1-0, 2-3 0-1")
    aob = values(t, "AOB")[1]
    assert aob is not None and (aob * 100).denominator == 1


# --- MTG and Go -----------------------------------------------------------------------------


def test_mtg_bye_counts_in_own_match_win_percentage() -> None:
    """MTR: 3-2-0 with a first-round bye then dropped -> 9/15 = 0.60; 1-3-0 -> 0.33."""
    t = event(
        6,
        "1 U, 2-3 1-0, 4-5 1-0",
        "1-2 1-0, 3-4 1-0, 5 U",
        "1-3 1-0, 2-4 1-0, 5-6 1-0",
        "1-4 0-1, 2-5 1-0, 3-6 1-0",
        "1-5 0-1, 2-6 1-0, 3 U",
        points=MATCH_POINTS,
    )
    assert values(t, "MWP")[1] == Fraction(3, 5)
    assert values(t, "MWP")[6] == Fraction(33, 100)
    assert values(t, "MWP", mtg_floor=Fraction(1, 3))[6] == Fraction(1, 3)
    assert values(t, "GW", mtg_game_wins=False)[1] is None


def test_mcmahon_bar_and_bye_value() -> None:
    t = event(3, "1-2 1-0, 3 U")
    starts = {1: Fraction(25), 2: Fraction(5)}
    got = values(t, "MMS", mcmahon_start=starts, mcmahon_bar=Fraction(20))
    assert got == {1: 21, 2: 5, 3: 1}
    assert values(t, "MMS", go_bye_value=Fraction(1, 2))[3] == Fraction(1, 2)
    assert values(t, "SOS-1", mcmahon_start=starts)[1] == 0  # one round, its part dropped


# --- standings, registry, rendering ---------------------------------------------------------


def test_ranks_are_shared_like_sports_rankings() -> None:
    t = event(4, "1-2 1-0, 3-4 1-0")
    standings = compute_standings(t, ["WON"])
    assert [r.rank for r in standings.rows] == [1, 1, 3, 3]
    assert [r.player_id for r in standings.rows] == [1, 3, 2, 4]


def test_lower_is_better_for_places() -> None:
    assert not REGISTRY["DE"].higher_is_better
    assert REGISTRY["BH"].higher_is_better


def test_unknown_code_is_reported_with_the_valid_ones() -> None:
    with pytest.raises(UnknownTiebreakError, match="valid codes: PTS, BH"):
        tiebreak("Buchholz")
    assert tiebreak("bh-c1").code == "BH-C1"


def test_every_tie_break_cites_its_rule() -> None:
    for code, entry in REGISTRY.items():
        doc = entry.compute.__doc__ or ""
        assert any(book in doc for book in ("FIDE C.07", "MTR", "EGF")), code
        assert code.split("@")[0] in doc or entry.name in doc or code in ("MWP",), code


def test_value_formatting() -> None:
    assert format_value(Fraction(5, 2)) == "2.5"
    assert format_value(Fraction(38)) == "38"
    assert format_value(Fraction(5, 9), 4) == "0.5556"
    assert format_value(Fraction(1, 3)) == "0.333333"
    assert format_value(None) == ""
    assert format_value(Fraction(6), 1) == "6.0"


def test_json_numbers() -> None:
    t = event(3, "1-2 =, 3 U")
    text = render_json(compute_standings(t, ["BH", "ARO-C1"]))
    assert '"points": 0.5' in text and '"ARO-C1": null' in text and '"points": 1,' in text
