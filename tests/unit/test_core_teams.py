"""The team core: what a round was for a team (spec §1.5-1.8), checked on matches built by hand."""

from __future__ import annotations

import pytest

from fairpair.core import (
    Board,
    ByeKind,
    Colour,
    MatchForfeit,
    Player,
    Team,
    TeamBye,
    TeamMatch,
    TeamOutcome,
    TeamRound,
    TeamScoring,
    TeamTournament,
    team_entries,
    team_scores,
)
from fairpair.core.results import GameResult

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


DEFAULT = TeamScoring()


def event(rounds: tuple[TeamRound, ...], scoring: TeamScoring = DEFAULT) -> TeamTournament:
    """Three teams of two boards: team t has players 2t-1 and 2t."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 7))
    teams = tuple(Team(t, f"Team {t}", (2 * t - 1, 2 * t)) for t in range(1, 4))
    return TeamTournament(teams, players, boards=2, rounds=rounds, total_rounds=3, scoring=scoring)


def test_a_match_is_won_on_game_points_and_gives_board_one_colour() -> None:
    match = TeamMatch(1, 2, (Board(1, 3, W), Board(2, 4, D)))
    t = event((TeamRound(1, (match,), (TeamBye(3, ByeKind.PAIRING_ALLOCATED),)),))
    rows = team_entries(t)
    first, second, bye = rows[1][0], rows[2][0], rows[3][0]
    assert (first.outcome, first.match_points, first.game_points) == (TeamOutcome.WON, 20, 15)
    assert (second.outcome, second.match_points, second.game_points) == (TeamOutcome.LOST, 0, 5)
    assert first.colour is Colour.WHITE and second.colour is Colour.BLACK
    assert first.played and second.opponent == 1
    # The PAB is worth a drawn match: TD and B x draw (C.04.6 1.4).
    assert (bye.outcome, bye.match_points, bye.game_points) == (TeamOutcome.PAIRING_BYE, 10, 10)
    assert team_scores(t) == {1: (20, 15), 2: (0, 5), 3: (10, 10)}


def test_an_empty_board_is_a_forfeit_and_a_match_of_forfeits_is_unplayed() -> None:
    forfeits = TeamMatch(
        1,
        2,
        (
            Board(1, None, GameResult.WHITE_WINS_BY_FORFEIT),
            Board(None, 4, GameResult.BLACK_WINS_BY_FORFEIT),
        ),
    )
    rows = team_entries(event((TeamRound(1, (forfeits,)),)))
    assert rows[1][0].outcome is TeamOutcome.DRAWN and not rows[1][0].played
    assert rows[1][0].colour is None and rows[1][0].game_points == 10
    with pytest.raises(ValueError, match="empty board"):
        Board(1, None, W)


def test_whole_match_forfeits_score_by_the_event_values() -> None:
    scoring = TeamScoring(win=30, draw=10, loss=0)
    rounds = (
        TeamRound(1, (TeamMatch(1, 2, forfeit=MatchForfeit.SECOND_WINS),)),
        TeamRound(2, (TeamMatch(3, 1, forfeit=MatchForfeit.DOUBLE),)),
    )
    rows = team_entries(event(rounds, scoring))
    assert rows[2][0].outcome is TeamOutcome.FORFEIT_WIN
    assert (rows[2][0].match_points, rows[2][0].game_points) == (30, 20)
    assert (rows[1][0].match_points, rows[1][0].game_points) == (0, 0)
    assert rows[3][1].outcome is TeamOutcome.FORFEIT_LOSS and rows[1][1].match_points == 0
    assert rows[2][1].outcome is TeamOutcome.ABSENT


def test_a_player_on_another_teams_board_is_refused() -> None:
    wrong = TeamMatch(1, 2, (Board(3, 1, W),))
    with pytest.raises(ValueError, match="not on its roster"):
        event((TeamRound(1, (wrong,)),))
