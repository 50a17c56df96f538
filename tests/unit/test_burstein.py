"""The Burstein system (spec swiss-burstein.md) on small events: the worked example of §4, the
default acceleration, the tie-break values, the bye rule, the mixed comparison and its exact
sort, the colours of §3.6 and the failure when no pairing exists."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fairpair.cli.engine import engine_lines
from fairpair.core import (
    Acceleration,
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Player,
    PointSystem,
    RequestedBye,
    Round,
    Tournament,
)
from fairpair.formats.trf import parse_trf, read_trf
from fairpair.pairing.burstein import (
    BursteinRound,
    Standing,
    burstein_standings,
    default_acceleration,
    merge_sort,
    pair_burstein,
    ranks_higher,
)
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.matcher import default_matcher
from fairpair.pairing.registry import pairing_system
from fairpair.pairing.swiss.view import SwissPlayer, SwissRound, colour_preference

W, B = Colour.WHITE, Colour.BLACK
WIN, DRAW, LOSS = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS
EXAMPLE = Path(__file__).parent / "data" / "burstein-example.trf"


def event(count: int, *played: Round) -> Tournament:
    players = tuple(Player(i, f"Player {i}") for i in range(1, count + 1))
    return Tournament(players, total_rounds=5, initial_colour=W).with_rounds(played)


# --- §4 worked example (burstein-0017) ----------------------------------------------------


def test_the_example_round_1_accelerates_the_top_half_and_gives_the_bye_to_the_last() -> None:
    tournament = read_trf(EXAMPLE).tournament().before_round(1)
    assert default_acceleration(tournament) == {1, 2}
    assert engine_lines(pair_burstein(tournament)) == ["3", "2 1", "4 3", "5 0"]


def test_the_example_round_2_tie_breaks() -> None:
    tournament = read_trf(EXAMPLE).tournament().before_round(2)
    assert default_acceleration(tournament) == {1, 2}
    standings = burstein_standings(tournament)
    assert {p: s.pairing_score for p, s in standings.items()} == {
        1: 20,
        2: 10,
        3: 5,
        4: 5,
        5: 10,
    }
    # SB of 3 and 4: the other's adjusted score (½) times the draw (½).
    assert standings[3].sonneborn_berger == standings[4].sonneborn_berger == 5 * 5
    # 5's PAB meets a virtual opponent of 0 (a PAB worth a win: t = forfeit loss).
    assert (standings[5].sonneborn_berger, standings[5].buchholz) == (0, 0)
    # 2 lost to 1 (adjusted 1 + 1 virtual = 2.0): SB 0, BH 2.0 beats 5's 0.
    assert (standings[2].sonneborn_berger, standings[2].buchholz) == (0, 20)
    assert all(s.median == 0 for s in standings.values())  # R <= 2


def test_the_example_round_2_floats_2_and_gives_the_bye_to_4() -> None:
    tournament = read_trf(EXAMPLE).tournament().before_round(2)
    assert engine_lines(pair_burstein(tournament)) == ["3", "1 5", "3 2", "4 0"]


def test_the_example_round_2_explains_the_floaters() -> None:
    notes = [n.text for n in pair_burstein(read_trf(EXAMPLE).tournament().before_round(2)).notes]
    assert "1 (2) floated down from the group of score 2" in notes[0]
    assert "2 (1) floated down from the group of score 1" in notes[1]


def test_the_whole_example_is_reproduced() -> None:
    tournament = read_trf(EXAMPLE).tournament()
    assert engine_lines(pair_burstein(tournament.before_round(3))) == ["3", "1 4", "5 3", "2 0"]


def test_burstein_is_registered() -> None:
    assert pairing_system("burstein") is pair_burstein


# --- §1.2 default acceleration ------------------------------------------------------------


def test_players_absent_in_round_1_are_accelerated_but_not_counted() -> None:
    # 1 and 3 were paired in round 1, 2 had a half-point bye: N = 2, so the walk stops at
    # the first counted player, 1.
    played = Round(1, (Game(1, 3, DRAW),), (Bye(2, ByeKind.HALF_POINT),))
    assert default_acceleration(event(3, played)) == {1}
    # With 4 and 5 paired too, N = 4: the walk stops at the second counted player, 3, and
    # 2, met before, is accelerated as well.
    played = Round(1, (Game(1, 3, DRAW), Game(4, 5, DRAW)), (Bye(2, ByeKind.HALF_POINT),))
    assert default_acceleration(event(5, played)) == {1, 2, 3}


def test_before_round_1_only_a_bye_announced_for_round_1_keeps_a_player_out_of_n() -> None:
    later = RequestedBye(3, 2, ByeKind.HALF_POINT)
    assert default_acceleration(event(4).replace(requested_byes=(later,))) == {1, 2}
    now = RequestedBye(1, 1, ByeKind.HALF_POINT)  # N = 3: 1 is met first, 2 stops the walk
    assert default_acceleration(event(4).replace(requested_byes=(now,))) == {1, 2}
    both = (RequestedBye(1, 1, ByeKind.HALF_POINT), RequestedBye(1, 2, ByeKind.ZERO_POINT))
    # N = 2: 1 and 2 are met before 3, the only counted player the walk needs.
    assert default_acceleration(event(4).replace(requested_byes=both)) == {1, 2, 3}


def test_no_acceleration_from_round_3() -> None:
    rounds = (
        Round(1, (Game(1, 2, WIN), Game(3, 4, WIN))),
        Round(2, (Game(1, 3, WIN), Game(2, 4, WIN))),
    )
    standings = burstein_standings(event(4, *rounds))
    assert {p: s.pairing_score - s.score for p, s in standings.items()} == dict.fromkeys(
        range(1, 5), 0
    )


def test_any_acceleration_record_switches_the_default_off() -> None:
    tournament = event(4).replace(accelerations=(Acceleration(3, 1, 0),))
    assert {p: s.pairing_score for p, s in burstein_standings(tournament).items()} == (
        dict.fromkeys(range(1, 5), 0)
    )
    # And a record read from a file, even one worth 0.0, does the same.
    text = EXAMPLE.read_text().replace("092 FIDE_BURSTEIN", "XXA    5  0.0")
    before_round_1 = parse_trf(text).tournament().before_round(1)
    assert {s.pairing_score for s in burstein_standings(before_round_1).values()} == {0}
    assert engine_lines(pair_burstein(before_round_1)) != ["3", "2 1", "4 3", "5 0"]


def test_the_baku_code_replaces_the_default() -> None:
    # Baku, 5 rounds, 4 players: group A = 1, 2; a win's worth in rounds 1-2, a draw's in 3.
    tournament = event(4).replace(system="FIDE_BURSTEIN_BAKU")
    assert [burstein_standings(tournament)[p].pairing_score for p in (1, 2, 3, 4)] == [
        10,
        10,
        0,
        0,
    ]
    rounds = (
        Round(1, (Game(1, 3, DRAW), Game(2, 4, DRAW))),
        Round(2, (Game(1, 2, DRAW), Game(3, 4, DRAW))),
    )
    later = event(4, *rounds).replace(system="FIDE_BURSTEIN_BAKU")
    assert [burstein_standings(later)[p].pairing_score for p in (1, 2, 3, 4)] == [15, 15, 10, 10]


# --- §3.1 the bye -------------------------------------------------------------------------


def _bye_event() -> Tournament:
    """After two rounds 2, 3, 4 and 5 have 1 point; 5 is lowest but won by forfeit."""
    return event(
        5,
        Round(1, (Game(1, 5, WIN), Game(2, 3, DRAW)), (Bye(4, ByeKind.FULL_POINT),)),
        Round(
            2,
            (Game(5, 4, GameResult.WHITE_WINS_BY_FORFEIT), Game(1, 2, DRAW)),
            (Bye(3, ByeKind.HALF_POINT),),
        ),
    )


def test_full_and_half_point_byes_leave_a_player_eligible_a_forfeit_win_does_not() -> None:
    standings = burstein_standings(_bye_event())
    assert standings[3].bye_eligible  # half-point bye
    assert standings[4].bye_eligible  # full-point bye (and a forfeit loss)
    assert not standings[5].bye_eligible  # forfeit win
    assert [standings[p].sonneborn_berger for p in (2, 3, 4, 5)] == [125, 100, 50, 0]


def test_the_bye_goes_to_the_lowest_eligible_player() -> None:
    pairing = pair_burstein(_bye_event())
    assert pairing.bye == 4
    assert {frozenset((g.white, g.black)) for g in pairing.boards} == {
        frozenset((1, 3)),
        frozenset((2, 5)),
    }


def test_a_pairing_allocated_bye_makes_a_player_ineligible() -> None:
    rounds = (Round(1, (Game(1, 2, WIN),), (Bye(3, ByeKind.PAIRING_ALLOCATED),)),)
    assert not burstein_standings(event(3, *rounds))[3].bye_eligible


def test_nobody_eligible_for_the_bye_means_no_pairing() -> None:
    rounds = (
        Round(1, (Game(1, 2, WIN),), (Bye(3, ByeKind.PAIRING_ALLOCATED),)),
        Round(2, (Game(3, 1, WIN),), (Bye(2, ByeKind.PAIRING_ALLOCATED),)),
        Round(3, (Game(2, 3, WIN),), (Bye(1, ByeKind.PAIRING_ALLOCATED),)),
    )
    with pytest.raises(NoValidPairing):
        pair_burstein(event(3, *rounds))


def test_players_who_met_cannot_be_paired_again() -> None:
    with pytest.raises(NoValidPairing):
        pair_burstein(event(2, Round(1, (Game(1, 2, WIN),))))


# --- §2.4 the mixed comparison and §3.5 its sort ------------------------------------------


def standing(score: int, sb: int, bh: int = 0, med: int = 0, tpn: int = 1) -> Standing:
    return Standing(score, score, sb, bh, med, True, tpn)


def test_equal_scores_compare_sb_then_bh_then_median_then_pairing_number() -> None:
    assert ranks_higher(standing(10, 50, tpn=2), standing(10, 40, 90, 90, tpn=1))
    assert ranks_higher(standing(10, 50, 30, tpn=2), standing(10, 50, 20, 90, tpn=1))
    assert ranks_higher(standing(10, 50, 30, 9, tpn=2), standing(10, 50, 30, 8, tpn=1))
    assert ranks_higher(standing(10, 50, 30, 9, tpn=1), standing(10, 50, 30, 9, tpn=2))


def test_different_scores_are_not_compared_but_weight_the_buchholz() -> None:
    # A lower score with a larger SB ranks higher.
    assert ranks_higher(standing(5, 60, tpn=9), standing(20, 50, tpn=1))
    # Equal SB: BH times one's own score; 20 x 20 beats 10 x 30.
    assert ranks_higher(standing(20, 50, 20, tpn=2), standing(10, 50, 30, tpn=1))
    # A score of 0 makes BH and MED vanish: the pairing number decides.
    assert ranks_higher(standing(0, 0, 10, tpn=1), standing(10, 0, 0, tpn=2))
    assert not ranks_higher(standing(0, 0, 99, 99, tpn=3), standing(10, 0, 0, tpn=2))


def test_the_merge_sort_is_the_engines_on_a_cyclic_comparison() -> None:
    # b beats a, c beats b, a beats c: no order exists; the engine's sort gives c, b, a.
    beats = {("b", "a"), ("c", "b"), ("a", "c")}
    assert merge_sort(["a", "b", "c"], lambda x, y: (x, y) in beats) == ["c", "b", "a"]


def test_the_merge_sort_keeps_equal_elements_in_order() -> None:
    assert merge_sort(list(range(11)), lambda x, y: False) == list(range(11))


@given(st.lists(st.tuples(st.integers(0, 5), st.integers())))
def test_the_merge_sort_is_a_stable_sort_for_a_consistent_order(
    items: list[tuple[int, int]],
) -> None:
    assert merge_sort(items, lambda x, y: x[0] > y[0]) == sorted(items, key=lambda x: -x[0])


# --- §3.6 colours -------------------------------------------------------------------------


def swiss_player(pid: int, tpn: int, score: int, colours: tuple[Colour, ...]) -> SwissPlayer:
    return SwissPlayer(
        id=pid,
        tpn=tpn,
        score=score,
        pairing_score=score,
        colours=colours,
        preference=colour_preference(colours),
        floats=(),
        pab_eligible=True,
        played_games=len(colours),
        topscorer=False,
        opponents=frozenset(),
    )


def colour_round(*players: tuple[SwissPlayer, int]) -> BursteinRound:
    view = SwissRound(
        round=3,
        players=tuple(p for p, _ in players),
        initial_colour=W,
        forbidden=frozenset(),
        points=PointSystem(),
        final_round=False,
    )
    standings = {p.id: standing(p.pairing_score, sb, tpn=p.tpn) for p, sb in players}
    return BursteinRound(view, standings, default_matcher)


def test_equal_preferences_go_to_the_player_ranking_higher_by_sb_not_by_score() -> None:
    x = swiss_player(1, 1, 20, (W, B))
    y = swiss_player(2, 2, 10, (W, B))  # same history: 6.1-6.4 leave it open
    assert colour_round((x, 40), (y, 50)).colours(x, y)[0] is B
    assert colour_round((x, 60), (y, 50)).colours(x, y)[0] is W


def test_rules_6_1_to_6_4_come_first() -> None:
    x = swiss_player(1, 1, 10, (B, W))  # mild black
    y = swiss_player(2, 2, 10, (W,))  # strong black
    z = swiss_player(3, 3, 10, (B,))  # strong white
    assert colour_round((x, 0), (z, 99)).colours(x, z) == (B, "6.1")
    assert colour_round((x, 99), (y, 0)).colours(x, y) == (W, "6.3")


def test_without_preferences_the_smaller_pairing_number_decides_by_parity() -> None:
    x = swiss_player(1, 4, 10, ())
    y = swiss_player(2, 3, 10, ())
    assert colour_round((x, 0), (y, 0)).colours(x, y)[0] is B  # 3 is odd: 3 gets white
    x = swiss_player(1, 2, 10, ())
    y = swiss_player(2, 5, 10, ())
    assert colour_round((x, 0), (y, 0)).colours(x, y)[0] is B  # 2 is even: 2 gets black
