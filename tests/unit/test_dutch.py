"""The Dutch system on small, hand-built events: the worked examples of the spec (§11), colour
allocation rule by rule (§6), topscorers, the bye (C2, C5, C9) and the absolute criteria."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from fairpair.cli.engine import engine_lines, next_round_state
from fairpair.core import (
    Bye,
    ByeKind,
    Colour,
    ForbiddenPairs,
    Game,
    GameResult,
    Player,
    RequestedBye,
    Round,
    Tournament,
)
from fairpair.formats.trf import read_trf
from fairpair.pairing.dutch import DutchRound, pair_dutch
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.matcher import default_matcher
from fairpair.pairing.swiss.colours import allocate_colours
from fairpair.pairing.swiss.view import (
    ColourPreference,
    Float,
    SwissPlayer,
    colour_preference,
    swiss_round,
)

W, B = Colour.WHITE, Colour.BLACK
WIN, DRAW, LOSS = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS
DATA = Path(__file__).parent / "data"


def event(count: int, rounds: int, *played: Round, **settings: object) -> Tournament:
    players = tuple(Player(i, f"Player {i}") for i in range(1, count + 1))
    base = Tournament(players, total_rounds=rounds, initial_colour=W)
    return base.with_rounds(played).replace(**settings)


def boards(tournament: Tournament) -> list[str]:
    return engine_lines(pair_dutch(tournament))


# --- §11 worked examples ------------------------------------------------------------------


def test_example_a_round_1_gives_the_initial_colour_to_odd_boards() -> None:
    assert boards(event(8, 3)) == ["4", "1 5", "6 2", "3 7", "8 4"]


def test_example_a_round_2_floats_7_and_2_to_satisfy_the_colours() -> None:
    round_1 = Round(
        1,
        (
            Game(1, 5, WIN),
            Game(6, 2, DRAW),
            Game(3, 7, LOSS),
            Game(8, 4, LOSS),
        ),
    )
    assert boards(event(8, 3, round_1)) == ["4", "4 1", "7 6", "2 3", "5 8"]


def test_example_b_round_1_gives_the_bye_to_the_last_player() -> None:
    assert boards(event(7, 3)) == ["4", "1 4", "5 2", "3 6", "7 0"]


def example_b_round_1() -> Round:
    return Round(
        1,
        (
            Game(1, 4, WIN),
            Game(5, 2, GameResult.BLACK_WINS_BY_FORFEIT),
            Game(3, 6, DRAW),
        ),
        (Bye(7, ByeKind.PAIRING_ALLOCATED),),
    )


def test_example_b_round_2_avoids_a_second_downfloat_and_skips_the_half_bye() -> None:
    tournament = event(7, 3, example_b_round_1()).replace(
        requested_byes=(RequestedBye(2, 6, ByeKind.HALF_POINT),)
    )
    assert boards(tournament) == ["3", "7 2", "3 1", "4 5"]


def test_example_b_round_3_prefers_the_bye_for_the_player_with_more_games() -> None:
    """C9: 5 has one played game only, so 3 or 4 gets the bye; colours make it 4."""
    tournament = read_trf(DATA / "example-b.trf").tournament()
    assert boards(next_round_state(tournament)) == ["4", "1 7", "2 6", "5 3", "4 0"]


def test_example_c_minimises_the_bye_score_before_pairing_the_top_bracket() -> None:
    """C5: pairing the two leaders would push the bye onto a 1-point player."""
    round_1 = Round(1, (Game(1, 5, WIN), Game(2, 6, WIN), Game(3, 4, DRAW)))
    round_2 = Round(
        2,
        (Game(6, 1, LOSS), Game(5, 2, LOSS)),
        (Bye(3, ByeKind.HALF_POINT), Bye(4, ByeKind.HALF_POINT)),
    )
    tournament = event(6, 5, round_1, round_2).replace(
        requested_byes=(RequestedBye(3, 6, ByeKind.ZERO_POINT),)
    )
    pairing = pair_dutch(tournament)
    assert pairing.bye == 5
    pairs = {frozenset((g.white, g.black)) for g in pairing.boards}
    assert frozenset((1, 2)) not in pairs
    assert len(pairs) == 2


# --- colour preferences (§2.1) and allocation (§6) ------------------------------------------


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ((), ColourPreference(None)),
        ((W,), ColourPreference(B, strong=True, imbalance=1)),
        ((W, B), ColourPreference(W, imbalance=0)),
        ((W, W), ColourPreference(B, absolute=True, repeated=W, imbalance=2)),
        ((W, B, B), ColourPreference(W, absolute=True, repeated=B, imbalance=1)),
        ((B, W, W, B), ColourPreference(W, imbalance=0)),
        ((W, W, B, W), ColourPreference(B, absolute=True, imbalance=2)),
    ],
)
def test_colour_preference(colours: Sequence[Colour], expected: ColourPreference) -> None:
    assert colour_preference(colours) == expected


def swiss(
    pid: int, colours: Sequence[Colour] = (), score: int = 10, tpn: int | None = None
) -> SwissPlayer:
    return SwissPlayer(
        id=pid,
        tpn=pid if tpn is None else tpn,
        score=score,
        pairing_score=score,
        colours=tuple(colours),
        preference=colour_preference(colours),
        floats=(),
        pab_eligible=True,
        played_games=len(colours),
        topscorer=False,
        opponents=frozenset(),
    )


def colours_of(a: SwissPlayer, b: SwissPlayer, initial: Colour = W) -> tuple[int, int, str]:
    white, black, rule = allocate_colours(a, b, initial)
    return white.id, black.id, rule


def test_rule_6_1_compatible_preferences_are_both_granted() -> None:
    assert colours_of(swiss(1, [W]), swiss(2, [B])) == (2, 1, "6.1")
    assert colours_of(swiss(1, [B]), swiss(2)) == (1, 2, "6.1")


def test_rule_6_2_absolute_beats_strong_and_the_larger_difference_wins() -> None:
    assert colours_of(swiss(1, [W]), swiss(2, [W, W])) == (1, 2, "6.2")
    # Both absolute for black; 2 has the larger colour difference.
    assert colours_of(swiss(1, [B, W, W]), swiss(2, [W, W, B, W])) == (1, 2, "6.2")


def test_rule_6_3_strong_beats_mild() -> None:
    assert colours_of(swiss(1, [B, W]), swiss(2, [W])) == (1, 2, "6.3")


def test_rule_6_4_alternates_from_the_last_differing_round() -> None:
    # Both strongly want black; the third game back differs: 1 had white, 2 black.
    first, second = swiss(1, [W, B, W]), swiss(2, [W, W, B, B, W])
    assert first.preference.strong and second.preference.strong
    assert colours_of(first, second) == (2, 1, "6.4")


def test_rule_6_5_higher_ranked_gets_his_preference_when_histories_agree() -> None:
    assert colours_of(swiss(1, [W]), swiss(2, [W])) == (2, 1, "6.5")
    assert colours_of(swiss(3, [W]), swiss(2, [W])) == (3, 2, "6.5")


def test_rule_6_6_initial_colour_by_the_parity_of_the_pairing_number() -> None:
    assert colours_of(swiss(1), swiss(2)) == (1, 2, "6.6")
    assert colours_of(swiss(2), swiss(3)) == (3, 2, "6.6")
    assert colours_of(swiss(1), swiss(2), initial=B) == (2, 1, "6.6")


# --- the Swiss view: bye eligibility, floats, topscorers -------------------------------------


def test_pab_eligibility_follows_unplayed_rounds_worth_a_win() -> None:
    round_1 = Round(
        1,
        (Game(1, 2, GameResult.WHITE_WINS_BY_FORFEIT), Game(3, 4, WIN)),
        (
            Bye(5, ByeKind.PAIRING_ALLOCATED),
            Bye(6, ByeKind.FULL_POINT),
            Bye(7, ByeKind.HALF_POINT),
        ),
    )
    view = swiss_round(event(7, 5, round_1))
    eligible = {p.id: p.pab_eligible for p in view.players}
    assert eligible == {1: False, 2: True, 3: True, 4: True, 5: False, 6: False, 7: True}
    floats = {p.id: p.float_back(1) for p in view.players}
    assert floats == {
        1: Float.DOWN,
        2: None,
        3: None,
        4: None,
        5: Float.DOWN,
        6: Float.DOWN,
        7: Float.DOWN,
    }


def test_forfeits_do_not_count_as_meetings() -> None:
    round_1 = Round(1, (Game(1, 2, GameResult.WHITE_WINS_BY_FORFEIT),))
    view = swiss_round(event(2, 3, round_1))
    assert all(not p.opponents and not p.colours for p in view.players)
    assert boards(event(2, 3, round_1)) == ["1", "2 1"] or boards(event(2, 3, round_1)) == [
        "1",
        "1 2",
    ]


def test_topscorers_only_in_the_last_round() -> None:
    games = Round(1, (Game(1, 2, WIN), Game(3, 4, WIN)))
    assert not any(p.topscorer for p in swiss_round(event(4, 3, games)).players)
    last = swiss_round(event(4, 2, games))
    assert {p.id for p in last.players if p.topscorer} == {1, 3}


def test_topscorers_may_meet_despite_equal_absolute_preferences() -> None:
    """C3 exception: in the last round 1 and 3 (both WW, 2 points) can still meet."""
    round_1 = Round(1, (Game(1, 2, WIN), Game(3, 4, WIN), Game(5, 6, DRAW)))
    round_2 = Round(2, (Game(1, 5, WIN), Game(3, 6, WIN), Game(2, 4, DRAW)))
    for total, compatible in ((3, True), (4, False)):
        view = swiss_round(event(6, total, round_1, round_2))
        order = [p.id for p in view.players]
        dutch = DutchRound(view, default_matcher)
        assert bool(dutch.compatible[order.index(1)][order.index(3)]) is compatible


def test_pairing_numbers_skip_absent_players_never_paired() -> None:
    tournament = event(4, 3).replace(requested_byes=(RequestedBye(1, 1, ByeKind.ZERO_POINT),))
    view = swiss_round(tournament)
    assert {p.id: p.tpn for p in view.players} == {2: 1, 3: 2, 4: 3}


# --- absolute criteria ------------------------------------------------------------------------


def test_forbidden_pairs_are_never_paired() -> None:
    tournament = event(4, 3).replace(forbidden=(ForbiddenPairs((1, 3)),))
    pairs = {frozenset((g.white, g.black)) for g in pair_dutch(tournament).boards}
    assert frozenset((1, 3)) not in pairs


def test_no_valid_pairing_when_everybody_has_met() -> None:
    round_1 = Round(1, (Game(1, 2, WIN),))
    with pytest.raises(NoValidPairing):
        pair_dutch(event(2, 3, round_1))


def test_no_valid_pairing_when_nobody_may_have_the_bye() -> None:
    round_1 = Round(1, (Game(1, 2, WIN),), (Bye(3, ByeKind.PAIRING_ALLOCATED),))
    round_2 = Round(2, (Game(1, 3, WIN),), (Bye(2, ByeKind.PAIRING_ALLOCATED),))
    round_3 = Round(3, (Game(2, 3, WIN),), (Bye(1, ByeKind.PAIRING_ALLOCATED),))
    with pytest.raises(NoValidPairing):
        pair_dutch(event(3, 5, round_1, round_2, round_3))


def test_baku_code_accelerates_group_a() -> None:
    tournament = event(8, 5).replace(system="FIDE_DUTCH_2025_BAKU")
    view = swiss_round(tournament)
    assert {p.id: p.pairing_score for p in view.players} == {
        1: 10,
        2: 10,
        3: 10,
        4: 10,
        5: 0,
        6: 0,
        7: 0,
        8: 0,
    }
    # Round 1 then pairs inside group A and inside group B.
    assert boards(tournament) == ["4", "1 3", "4 2", "5 7", "8 6"]


def test_notes_explain_colours_and_floats() -> None:
    pairing = pair_dutch(event(7, 3))
    assert len(pairing.notes) == 4
    assert "rule 6.6" in pairing.notes[0].text
    assert "pairing-allocated bye" in pairing.notes[-1].text
