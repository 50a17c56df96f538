"""Board standings of a team event (spec team-swiss.md §11.2), values worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.core import Board, Player, Team, TeamMatch, TeamRound, TeamTournament
from fairpair.core.results import GameResult
from fairpair.standings.boards import (
    BoardAssignment,
    BoardPrizeBasis,
    BoardStandingsSettings,
    board_standings,
)

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS
F = Fraction


def match(first: int, second: int, one: GameResult, two: GameResult) -> TeamMatch:
    return TeamMatch(
        first,
        second,
        (Board(2 * first - 1, 2 * second - 1, one), Board(2 * first, 2 * second, two)),
    )


# Four teams of two boards, a round robin (team t: players 2t-1 on board 1, 2t on board 2):
#   R1: 1-2 (W, W)  3-4 (W, W)     R2: 2-3 (W, D)  4-1 (L, L)     R3: 3-1 (W, D)  2-4 (W, D)
# Board 1: player 1 beat 3 and 7, lost to 5: 2/3.  Player 3 lost to 1, beat 5 and 7: 2/3.
#          player 5 beat 7, lost to 3, beat 1: 2/3.  Player 7: 0/3.
# Board 2: player 2 W, W, D: 2.5/3.  Player 4 L, D, D: 1/3.  Player 6 W, D, D: 2/3.
#          player 8 L, L, D: 0.5/3.
ROUNDS = (
    TeamRound(1, (match(1, 2, W, W), match(3, 4, W, W))),
    TeamRound(2, (match(2, 3, W, D), match(4, 1, L, L))),
    TeamRound(3, (match(3, 1, W, D), match(2, 4, W, D))),
)
RATINGS = {1: 2400, 3: 2300, 5: 2200, 7: 2100}


def tournament(rated: bool = True) -> TeamTournament:
    players = tuple(
        Player(i, f"P{i}", RATINGS.get(i, 2000) if rated else None) for i in range(1, 9)
    )
    teams = tuple(Team(t, f"Team {t}", (2 * t - 1, 2 * t)) for t in range(1, 5))
    return TeamTournament(teams, players, boards=2, rounds=ROUNDS)


def test_board_one_ties_on_percentage_are_broken_by_performance() -> None:
    board1 = board_standings(tournament(), BoardStandingsSettings(min_games=3))[0]
    assert board1.board == 1
    # Performance (tiebreaks.md §2.10): rounded ARO + dp(67 %) = ARO + 125.
    #   player 1: opponents 3, 7, 5 -> (2300 + 2100 + 2200) / 3 = 2200 -> 2325
    #   player 3: opponents 1, 5, 7 -> 6700 / 3 = 2233.33 -> 2233 -> 2358
    #   player 5: opponents 7, 3, 1 -> 6800 / 3 = 2266.67 -> 2267 -> 2392
    #   player 7: 0 %, dp -800: opponents 5, 1, 3 -> 2300 -> 1500
    lines = [(x.rank, x.player_id, x.games, x.points, x.performance) for x in board1.lines]
    assert lines == [
        (1, 5, 3, F(2), 2392),
        (2, 3, 3, F(2), 2358),
        (3, 1, 3, F(2), 2325),
        (4, 7, 3, F(0), 1500),
    ]
    assert board1.lines[0].percentage == F(200, 3)


def test_without_ratings_equal_players_share_the_rank() -> None:
    board1, board2 = board_standings(tournament(rated=False), BoardStandingsSettings(3))
    # Equal percentage and games, no performance: the lot is the arbiter's, the rank shared.
    assert [(x.rank, x.player_id) for x in board1.lines] == [(1, 1), (1, 3), (1, 5), (4, 7)]
    # Board 2: 2.5/3, 2/3, 1/3, 0.5/3.
    assert [(x.rank, x.player_id, x.points) for x in board2.lines] == [
        (1, 2, F(5, 2)),
        (2, 6, F(2)),
        (3, 4, F(1)),
        (4, 8, F(1, 2)),
    ]


def test_players_below_the_minimum_are_listed_unranked() -> None:
    board1 = board_standings(tournament(), BoardStandingsSettings(min_games=4))[0]
    assert all(not line.eligible for line in board1.lines)
    assert len(board1.lines) == 4


def test_performance_basis() -> None:
    settings = BoardStandingsSettings(3, basis=BoardPrizeBasis.PERFORMANCE)
    board2 = board_standings(tournament(), settings)[1]
    # Board-2 players are rated 2000; each performance is 2000 + dp(p):
    #   player 2 83 % (+273), player 6 67 % (+125), player 4 33 % (-125), player 8 17 % (-273).
    assert [(x.player_id, x.performance) for x in board2.lines] == [
        (2, 2273),
        (6, 2125),
        (4, 1875),
        (8, 1727),
    ]


# A reserve: team 1 lists players 1, 2, 3; team 2 players 4, 5.
#   R1: 1 v 4 (W), 2 v 5 (D)          R2: 2 v 4 (D), 3 v 5 (W)   (player 1 rests)
#   R3: 1 v 4 (D), empty board 2 for team 2: player 2 wins by forfeit.
def reserve_event() -> TeamTournament:
    players = tuple(Player(i, f"P{i}") for i in range(1, 6))
    teams = (Team(1, "One", (1, 2, 3)), Team(2, "Two", (4, 5)))
    rounds = (
        TeamRound(1, (TeamMatch(1, 2, (Board(1, 4, W), Board(2, 5, D))),)),
        TeamRound(2, (TeamMatch(1, 2, (Board(2, 4, D), Board(3, 5, W))),)),
        TeamRound(
            3,
            (TeamMatch(1, 2, (Board(1, 4, D), Board(2, None, GameResult.WHITE_WINS_BY_FORFEIT))),),
        ),
    )
    return TeamTournament(teams, players, boards=2, rounds=rounds)


def test_game_board_and_roster_board() -> None:
    by_game = board_standings(reserve_event(), BoardStandingsSettings(1))
    # game_board: player 2 played board 2 in R1 (½) and board 1 in R2 (½); his R3 win is a
    # forfeit, not counted. Board 1: 1 (1.5/2), 4 (1/3: L, D, D), 2 (0.5/1).
    board1 = {x.player_id: (x.games, x.points) for x in by_game[0].lines}
    assert board1 == {1: (2, F(3, 2)), 2: (1, F(1, 2)), 4: (3, F(1))}
    board2 = {x.player_id: (x.games, x.points) for x in by_game[1].lines}
    assert board2 == {2: (1, F(1, 2)), 3: (1, F(1)), 5: (2, F(1, 2))}
    by_roster = board_standings(
        reserve_event(), BoardStandingsSettings(1, assignment=BoardAssignment.ROSTER_BOARD)
    )
    # roster_board: player 2's games count on board 2, the reserve's on board 3.
    assert [s.board for s in by_roster] == [1, 2, 3]
    board2 = {x.player_id: (x.games, x.points) for x in by_roster[1].lines}
    assert board2 == {2: (2, F(1)), 5: (2, F(1, 2))}
    assert [(x.player_id, x.games) for x in by_roster[2].lines] == [(3, 1)]


def test_forfeits_count_only_when_the_setting_says_so() -> None:
    settings = BoardStandingsSettings(1, count_forfeits=True)
    board2 = board_standings(reserve_event(), settings)[1]
    # Player 2 on board 2: R1 draw and R3 forfeit win -> 2 games, 1.5 points.
    assert {x.player_id: (x.games, x.points) for x in board2.lines}[2] == (2, F(3, 2))


def test_a_negative_minimum_is_refused() -> None:
    with pytest.raises(ValueError, match="board_min_games"):
        BoardStandingsSettings(-1)
