"""Team tie-breaks and standings (spec team-swiss.md §10) on small events built by hand.

Every expected value is worked out in the comments from the spec's definitions; none comes from
our own output. Team t has players 2t-1 (board 1) and 2t (board 2); a board's result reads the
first team's player first (``W``: he won, ``L``: he lost).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.core import (
    Board,
    ByeKind,
    MatchForfeit,
    Player,
    PrimaryScore,
    Team,
    TeamBye,
    TeamMatch,
    TeamRound,
    TeamScoring,
    TeamTournament,
)
from fairpair.core.results import GameResult
from fairpair.formats.standings_render import render_json, render_text
from fairpair.standings import UnknownTiebreakError
from fairpair.standings.team import (
    compute_team_standings,
    parse_team_code,
    team_tiebreak_values,
)

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS
F = Fraction


def match(first: int, second: int, one: GameResult, two: GameResult) -> TeamMatch:
    """A two-board match: board 1 is 2f-1 v 2s-1, board 2 is 2f v 2s."""
    return TeamMatch(
        first,
        second,
        (Board(2 * first - 1, 2 * second - 1, one), Board(2 * first, 2 * second, two)),
    )


DEFAULT = TeamScoring()


def event(
    teams: int, rounds: tuple[TeamRound, ...], scoring: TeamScoring = DEFAULT
) -> TeamTournament:
    players = tuple(Player(i, f"P{i}", 2500 - 100 * i) for i in range(1, 2 * teams + 1))
    squads = tuple(Team(t, f"Team {t}", (2 * t - 1, 2 * t)) for t in range(1, teams + 1))
    return TeamTournament(squads, players, boards=2, rounds=rounds, scoring=scoring)


# Event A: 4 teams, 3 rounds, MP 2/1/0, boards 1/½/0, match points primary.
#   R1: 1-2 (W, D) 1.5-0.5   3-4 (D, D) 1-1
#   R2: 1-3 (L, W) 1-1       2-4 (W, W) 2-0
#   R3: 1-4 (W, D) 1.5-0.5   2-3 (D, L) 0.5-1.5
# MP: T1 2+1+2 = 5, T2 0+2+0 = 2, T3 1+1+2 = 4, T4 1+0+0 = 1   (sum 12 = 6 matches × 2)
# GP: T1 1.5+1+1.5 = 4, T2 0.5+2+0.5 = 3, T3 1+1+1.5 = 3.5, T4 1+0+0.5 = 1.5   (sum 12)
EVENT_A = event(
    4,
    (
        TeamRound(1, (match(1, 2, W, D), match(3, 4, D, D))),
        TeamRound(2, (match(1, 3, L, W), match(2, 4, W, W))),
        TeamRound(3, (match(1, 4, W, D), match(2, 3, D, L))),
    ),
)


def values(tournament: TeamTournament, code: str) -> dict[int, Fraction | None]:
    return team_tiebreak_values(tournament, code)


def test_scores_and_secondary_score() -> None:
    assert values(EVENT_A, "MPTS") == {1: 5, 2: 2, 3: 4, 4: 1}
    assert values(EVENT_A, "GPTS") == {1: 4, 2: 3, 3: F(7, 2), 4: F(3, 2)}
    # MPvGP (C.07 13.1): MP rank this event, so the secondary score is GP.
    assert values(EVENT_A, "MPvGP") == values(EVENT_A, "GPTS")


def test_buchholz_on_either_score() -> None:
    # Opponents: T1 {2, 3, 4}, T2 {1, 4, 3}, T3 {4, 1, 2}, T4 {3, 2, 1}; every match played.
    # BH:MP  T1 2+4+1 = 7, T2 5+1+4 = 10, T3 1+5+2 = 8, T4 4+2+5 = 11
    assert values(EVENT_A, "BH:MP") == {1: 7, 2: 10, 3: 8, 4: 11}
    assert values(EVENT_A, "BH") == values(EVENT_A, "BH:MP")  # the primary score by default
    # BH:GP  T1 3+3.5+1.5 = 8, T2 4+1.5+3.5 = 9, T3 1.5+4+3 = 8.5, T4 3.5+3+4 = 10.5
    assert values(EVENT_A, "BH:GP") == {1: 8, 2: 9, 3: F(17, 2), 4: F(21, 2)}
    # BH:GP/C1 drops the lowest opponent: T1 8-1.5, T2 9-1.5, T3 8.5-1.5, T4 10.5-3
    assert values(EVENT_A, "BH:GP/C1") == {1: F(13, 2), 2: F(15, 2), 3: 7, 4: F(15, 2)}
    # BH:MP/M1 drops the lowest and the highest: T1 2, T2 4, T3 2, T4 4
    assert values(EVENT_A, "BH:MP/M1") == {1: 2, 2: 4, 3: 2, 4: 4}


def test_extended_sonneborn_berger_in_all_four_types() -> None:
    # EMMSB (13.2.1) opponent MP × MP scored:
    #   T1 2×2 + 4×1 + 1×2 = 10, T2 5×0 + 1×2 + 4×0 = 2, T3 1×1 + 5×1 + 2×2 = 10, T4 4×1 = 4
    assert values(EVENT_A, "EMMSB") == {1: 10, 2: 2, 3: 10, 4: 4}
    assert values(EVENT_A, "SB:MP") == values(EVENT_A, "EMMSB")  # §10.2: SB on MP is EMMSB
    # EMGSB (13.2.2) opponent MP × GP scored:
    #   T1 2×1.5 + 4×1 + 1×1.5 = 8.5, T2 5×0.5 + 1×2 + 4×0.5 = 6.5,
    #   T3 1×1 + 5×1 + 2×1.5 = 9, T4 4×1 + 2×0 + 5×0.5 = 6.5
    assert values(EVENT_A, "EMGSB") == {1: F(17, 2), 2: F(13, 2), 3: 9, 4: F(13, 2)}
    # EGMSB (13.2.3) opponent GP × MP scored:
    #   T1 3×2 + 3.5×1 + 1.5×2 = 12.5, T2 1.5×2 = 3, T3 1.5×1 + 4×1 + 3×2 = 11.5, T4 3.5×1
    assert values(EVENT_A, "EGMSB") == {1: F(25, 2), 2: 3, 3: F(23, 2), 4: F(7, 2)}
    # EGGSB (13.2.4) opponent GP × GP scored:
    #   T1 3×1.5 + 3.5×1 + 1.5×1.5 = 10.25, T2 4×0.5 + 1.5×2 + 3.5×0.5 = 6.75,
    #   T3 1.5×1 + 4×1 + 3×1.5 = 10, T4 3.5×1 + 3×0 + 4×0.5 = 5.5
    assert values(EVENT_A, "EGGSB") == {1: F(41, 4), 2: F(27, 4), 3: 10, 4: F(11, 2)}
    # EMGSB/C1 drops the opponent with the fewest MP: T1 opp 4 (1.5), T2 opp 4 (2),
    # T3 opp 4 (1), T4 opp 2 (0): 7, 4.5, 8, 6.5
    assert values(EVENT_A, "EMGSB/C1") == {1: 7, 2: F(9, 2), 3: 8, 4: F(13, 2)}


def test_board_count() -> None:
    # GP by board (board 1; board 2):
    #   T1 1+0+1 = 2; 0.5+1+0.5 = 2     BC = 1×2 + 2×2 = 6
    #   T2 0+1+0.5 = 1.5; 0.5+1+0 = 1.5 BC = 1.5 + 3 = 4.5
    #   T3 0.5+1+0.5 = 2; 0.5+0+1 = 1.5 BC = 2 + 3 = 5
    #   T4 0.5+0+0 = 0.5; 0.5+0+0.5 = 1 BC = 0.5 + 2 = 2.5
    assert values(EVENT_A, "BC") == {1: 6, 2: F(9, 2), 3: 5, 4: F(5, 2)}


def test_sssc_is_exact() -> None:
    # C.07 13.4, MP primary: F = ⌊R × TW / (B × W)⌋ = ⌊3 × 2 / 2⌋ = 3; SSSC = GP + BH:MP / 3:
    #   T1 4 + 7/3 = 19/3, T2 3 + 10/3 = 19/3, T3 3.5 + 8/3 = 37/6, T4 1.5 + 11/3 = 31/6.
    # gacrux rounds these to 6.33, 6.33, 6.17, 5.17; the spec (§10.3) keeps them exact.
    assert values(EVENT_A, "SSSC") == {1: F(19, 3), 2: F(19, 3), 3: F(37, 6), 4: F(31, 6)}
    # /K2 sets F = 2: T1 4 + 7/2 = 7.5
    assert values(EVENT_A, "SSSC/K2")[1] == F(15, 2)


def test_progressive_score_and_wins() -> None:
    # PS:MP running totals: T1 2,3,5 = 10; T2 0,2,2 = 4; T3 1,2,4 = 7; T4 1,1,1 = 3
    assert values(EVENT_A, "PS:MP") == {1: 10, 2: 4, 3: 7, 4: 3}
    # PS:GP T1 1.5, 2.5, 4 = 8
    assert values(EVENT_A, "PS:GP")[1] == 8
    assert values(EVENT_A, "WIN") == {1: 2, 2: 1, 3: 1, 4: 0}
    assert values(EVENT_A, "WON") == values(EVENT_A, "WIN")


def test_gp_primary_ranks_on_game_points() -> None:
    gp = event(4, EVENT_A.rounds, TeamScoring(primary=PrimaryScore.GAME_POINTS))
    table = compute_team_standings(gp, ["PTS", "MPvGP", "BH"])
    # GP: T1 4, T3 3.5, T2 3, T4 1.5; BH defaults to the primary score (GP).
    assert [r.team_id for r in table.rows] == [1, 3, 2, 4]
    assert table.codes == ("GPTS", "MPvGP", "BH")
    assert table.rows[0].values == (F(4), F(5), F(8))
    # SSSC with GP primary: F = ⌊R × B × W / TW⌋ = ⌊3 × 2 / 2⌋ = 3; T1 MP 5 + BH:GP 8/3
    assert values(gp, "SSSC")[1] == 5 + F(8, 3)


# Event B: a cycle among teams 1-3 (round robin of 4 teams, 3 rounds).
#   R1: 1-2 (W, W) 2-0       3-4 (W, W) 2-0
#   R2: 2-3 (W, D) 1.5-0.5   4-1 (L, L) 0-2
#   R3: 3-1 (W, D) 1.5-0.5   2-4 (W, D) 1.5-0.5
# MP: T1 2+2+0 = 4, T2 0+2+2 = 4, T3 2+0+2 = 4, T4 0.  GP: T1 4.5, T2 3, T3 4, T4 0.5.
EVENT_B = event(
    4,
    (
        TeamRound(1, (match(1, 2, W, W), match(3, 4, W, W))),
        TeamRound(2, (match(2, 3, W, D), match(4, 1, L, L))),
        TeamRound(3, (match(3, 1, W, D), match(2, 4, W, D))),
    ),
)


def test_direct_encounter_on_match_points_cannot_break_a_cycle() -> None:
    # DE:MP among {1, 2, 3}: each beat one and lost to one: 2, 2, 2 -> nobody separated (0).
    assert values(EVENT_B, "DE") == {1: 0, 2: 0, 3: 0, 4: 0}
    # DE:GP: T1 2 + 0.5 = 2.5, T2 0 + 1.5 = 1.5, T3 1.5 + 0.5 = 2 -> places 1, 3, 2
    assert values(EVENT_B, "DE:GP") == {1: 1, 2: 3, 3: 2, 4: 0}


def test_extended_direct_encounter_falls_back_on_game_points() -> None:
    # EDE (13.3): DE on MP separates nobody, so DE on GP decides: 1, then 3, then 2.
    assert values(EVENT_B, "EDE") == {1: 1, 2: 3, 3: 2, 4: 0}
    table = compute_team_standings(EVENT_B, ["MPTS", "EDE"])
    assert [r.team_id for r in table.rows] == [1, 3, 2, 4]
    assert [r.rank for r in table.rows] == [1, 2, 3, 4]


def test_top_board_results_and_bottom_board_elimination() -> None:
    # By board (board 1; board 2): T1 1+1+0 = 2; 1+1+0.5 = 2.5   T2 0+1+1 = 2; 0+0.5+0.5 = 1
    #                              T3 1+0+1 = 2; 1+0.5+0.5 = 2     T4 0; 0.5
    # TBR (12.2) among the teams on 4 MP: board 1 equal (2), board 2: T1 2.5, T3 2, T2 1.
    assert values(EVENT_B, "TBR") == {1: 1, 2: 3, 3: 2, 4: 0}
    # BBE (12.3) with two boards: board 1 alone, equal -> nobody separated.
    assert values(EVENT_B, "BBE") == {1: 0, 2: 0, 3: 0, 4: 0}
    # BC: T1 2 + 2×2.5 = 7, T2 2 + 2×1 = 4, T3 2 + 2×2 = 6, T4 0 + 2×0.5 = 1
    assert values(EVENT_B, "BC") == {1: 7, 2: 4, 3: 6, 4: 1}
    table = compute_team_standings(EVENT_B, ["MPTS", "BBE", "TBR"])
    assert [r.team_id for r in table.rows] == [1, 3, 2, 4]


# Event C: two teams drawing their only meeting, board 1 won by team 1, board 2 by team 2.
#   R1: 1-2 (W, L) 1-1
EVENT_C = event(2, (TeamRound(1, (match(1, 2, W, L),)),))


def test_ede_add_ons_separate_a_drawn_pair_on_their_match() -> None:
    # EDE: equal on MP (1-1) and on GP (1-1) -> nobody separated.
    assert values(EVENT_C, "EDE") == {1: 0, 2: 0}
    # EDEBT (13.3.2): then BC of the mutual match: T1 1×1 + 2×0 = 1, T2 1×0 + 2×1 = 2
    # (lower is better) -> T1 first.
    assert values(EVENT_C, "EDEBT") == {1: 1, 2: 2}
    # EDET: TBR of the mutual match: board 1 T1 1 > T2 0 -> T1 first.
    assert values(EVENT_C, "EDET") == {1: 1, 2: 2}
    # EDEB: BBE, all boards but the last: board 1 -> T1 first.
    assert values(EVENT_C, "EDEB") == {1: 1, 2: 2}
    assert compute_team_standings(EVENT_C, ["MPTS", "EDE"]).rows[1].rank == 1
    assert compute_team_standings(EVENT_C, ["MPTS", "EDEBB"]).rows[1].rank == 2


# Event D: unplayed rounds. 3 teams, 2 rounds.
#   R1: 1-2 (W, D) 1.5-0.5; team 3 has the PAB (TD = 1 MP, B × draw = 1 GP).
#   R2: 3-1 forfeited by team 3 (330 -+): team 1 TW = 2 MP and B × win = 2 GP; team 2 PAB.
# MP: T1 2+2 = 4, T2 0+1 = 1, T3 1+0 = 1.   GP: T1 3.5, T2 1.5, T3 1.
EVENT_D = event(
    3,
    (
        TeamRound(1, (match(1, 2, W, D),), (TeamBye(3, ByeKind.PAIRING_ALLOCATED),)),
        TeamRound(
            2,
            (TeamMatch(3, 1, forfeit=MatchForfeit.SECOND_WINS),),
            (TeamBye(2, ByeKind.PAIRING_ALLOCATED),),
        ),
    ),
)


def test_unplayed_rounds_use_the_dummy_opponent() -> None:
    # tiebreaks.md §1.1: T1 R1 v T2 (adjusted 1) + R2 forfeit win, dummy on own score 4 = 5;
    # T2 R1 v T1 (4) + PAB, dummy on own 1 = 5; T3 PAB 1 + forfeit loss 1 = 2.
    assert values(EVENT_D, "BH:MP") == {1: 5, 2: 5, 3: 2}
    # Cut-1: T1 drops 1 -> 4; T2 drops the PAB's 1 -> 4; T3: the VUR (forfeit loss, 1) is
    # worth as much as the least significant contribution (the PAB, 1), so it goes -> 1.
    assert values(EVENT_D, "BH:MP/C1") == {1: 4, 2: 4, 3: 1}
    # /P: the forfeit counts as a played match: T3's R2 is a loss, not a VUR, so its
    # adjusted score stays 1: T1 1 + 1 = 2; T3 PAB 1 + T1's 4 = 5.
    assert values(EVENT_D, "BH:MP/P") == {1: 2, 2: 5, 3: 5}
    # EMGSB: T1 adjusted MP of T2 (1) × 1.5 + dummy 4 × 2 = 9.5; T2 4 × 0.5 + 1 × 1 = 3;
    # T3 1 × 1 + 1 × 0 = 1
    assert values(EVENT_D, "EMGSB") == {1: F(19, 2), 2: 3, 3: 1}
    assert values(EVENT_D, "VUR") == {1: 0, 2: 0, 3: 1}
    assert values(EVENT_D, "REP") == {1: 2, 2: 2, 3: 1}
    # WIN counts the forfeit win, WON only the match won over the board.
    assert values(EVENT_D, "WIN") == {1: 2, 2: 0, 3: 0}
    assert values(EVENT_D, "WON") == {1: 1, 2: 0, 3: 0}
    # SSSC: F = ⌊2 × 2 / 2⌋ = 2; GP + BH/2: T1 3.5 + 2.5 = 6, T2 1.5 + 2.5 = 4, T3 1 + 1 = 2
    assert values(EVENT_D, "SSSC") == {1: 6, 2: 4, 3: 2}


def test_board_count_leaves_out_unplayed_matches_and_byes_unless_p() -> None:
    # Spec §10.3 and §14 (last paragraph): BC/TBR/BBE read played matches only; a whole
    # forfeited match only with /P, a PAB never (gacrux counts a PAB as a win on every board).
    # Played: T1 board 1 1, board 2 0.5 -> 1 + 1 = 2; T2 0, 0.5 -> 1; T3 nothing -> 0.
    assert values(EVENT_D, "BC") == {1: 2, 2: 1, 3: 0}
    # /P adds T1's forfeit win as a win on both boards: board 1 2, board 2 1.5 -> 2 + 3 = 5.
    assert values(EVENT_D, "BC/P") == {1: 5, 2: 1, 3: 0}


def test_standings_rows_share_a_rank_only_when_everything_is_equal() -> None:
    table = compute_team_standings(EVENT_A, ["MPTS", "GPTS"])
    assert [(r.rank, r.team_id, r.points) for r in table.rows] == [
        (1, 1, F(5)),
        (2, 3, F(4)),
        (3, 2, F(2)),
        (4, 4, F(1)),
    ]
    table = compute_team_standings(EVENT_D, ["EMMSB"])
    # T2 and T3 both 1 MP; EMMSB T2 4×0 + 1×1 = 1, T3 1×1 + 1×0 = 1: shared rank 2.
    assert [(r.rank, r.team_id) for r in table.rows] == [(1, 1), (2, 2), (2, 3)]
    assert table.notes()[0] == "Ranked by match points"


@pytest.mark.parametrize(
    "code",
    ["ESB", "EMGSB/M1", "BC:GP", "ARO", "WIN:GP", "BH/K3", "SSSC/C1", "XYZ", "PS/P"],
)
def test_codes_the_spec_does_not_define_are_refused(code: str) -> None:
    with pytest.raises(UnknownTiebreakError):
        parse_team_code(code)


def test_codes_are_read_in_the_trf_syntax() -> None:
    assert parse_team_code("bh:gp/c1").code == "BH:GP/C1"
    assert parse_team_code("EMGSB/C1/P").code == "EMGSB/C1/P"
    assert parse_team_code("FB:GP/P").code == "FB:GP/P"
    assert parse_team_code("BH-M1").code == "BH/M1"
    parsed = parse_team_code("SSSC/K4/F")
    assert (parsed.factor, parsed.fore) == (4, True)


def test_team_standings_render_like_individual_standings() -> None:
    table = compute_team_standings(EVENT_A, ["MPTS", "GPTS", "EMGSB"])
    text = render_text(table, "Teams")
    lines = text.splitlines()
    assert any("EMGSB" in line for line in lines)
    # Rank 1 is team 1 (5 MP, 4 GP, EMGSB 8.5).
    first = next(line for line in lines if line.lstrip().startswith("1 "))
    assert "Team 1" in first and "8.5" in first
    assert '"EMGSB": 8.5' in render_json(table)
