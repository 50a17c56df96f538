"""The core model: invariants that every other layer relies on."""

from __future__ import annotations

import pytest

from fairpair.core import (
    CHESS,
    MATCH_POINTS,
    Bye,
    ByeKind,
    Colour,
    ForbiddenPairs,
    Game,
    GameResult,
    Outcome,
    Player,
    PointSystem,
    RequestedBye,
    Round,
    Tournament,
    entries,
    format_points,
    points_from_text,
    scores,
)


def _players(n: int) -> tuple[Player, ...]:
    return tuple(Player(i, f"Player {i}") for i in range(1, n + 1))


def test_points_parse_and_format_in_tenths() -> None:
    assert points_from_text("2.5") == 25
    assert points_from_text(" 3 ") == 30
    assert points_from_text("0.0") == 0
    assert format_points(25) == "2.5"
    assert format_points(30) == "3"
    assert format_points(-5) == "-0.5"
    with pytest.raises(ValueError):
        points_from_text("0.25")


def test_point_system_defaults_follow_win_and_draw() -> None:
    system = PointSystem(win=30, draw=10, loss=0)
    assert system.pairing_bye_value == 30
    assert system.forfeit_win_value == 30
    assert system.full_bye_value == 30
    assert system.half_bye_value == 10
    with pytest.raises(ValueError):
        PointSystem(win=5, draw=10)


@pytest.mark.parametrize(
    ("result", "white", "black"),
    [
        (GameResult.WHITE_WINS, Outcome.WIN, Outcome.LOSS),
        (GameResult.BLACK_WINS, Outcome.LOSS, Outcome.WIN),
        (GameResult.DRAW, Outcome.DRAW, Outcome.DRAW),
        (GameResult.WHITE_WINS_BY_FORFEIT, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
        (GameResult.BLACK_WINS_BY_FORFEIT, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
        (GameResult.DOUBLE_FORFEIT, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
        (None, Outcome.PENDING, Outcome.PENDING),
    ],
)
def test_game_outcomes_for_each_side(
    result: GameResult | None, white: Outcome, black: Outcome
) -> None:
    game = Game(3, 7, result)
    assert game.outcome_for(3) is white
    assert game.outcome_for(7) is black
    assert game.opponent_of(3) == 7
    assert game.colour_of(7) is Colour.BLACK
    with pytest.raises(ValueError):
        game.outcome_for(4)


def test_only_over_the_board_results_are_played() -> None:
    assert [r for r in GameResult if r.played] == [
        GameResult.WHITE_WINS,
        GameResult.DRAW,
        GameResult.BLACK_WINS,
    ]
    assert not Outcome.FORFEIT_WIN.played
    assert not Outcome.PAIRING_BYE.played
    assert Outcome.PAIRING_BYE.took_part_in_pairing
    assert not Outcome.HALF_BYE.took_part_in_pairing


def test_a_round_rejects_a_player_twice_and_two_pairing_byes() -> None:
    with pytest.raises(ValueError, match="twice"):
        Round(1, (Game(1, 2), Game(2, 3)))
    with pytest.raises(ValueError, match="more than one"):
        Round(1, (), (Bye(1, ByeKind.PAIRING_ALLOCATED), Bye(2, ByeKind.PAIRING_ALLOCATED)))
    with pytest.raises(ValueError):
        Game(4, 4)


def test_tournament_rejects_duplicate_ids_and_unknown_players() -> None:
    with pytest.raises(ValueError, match="two players"):
        Tournament((Player(1, "A"), Player(1, "B")))
    with pytest.raises(ValueError, match="not registered"):
        Tournament(_players(2), (Round(1, (Game(1, 3),)),))
    with pytest.raises(ValueError, match="numbered"):
        Tournament(_players(2), (Round(2, (Game(1, 2),)),))


def _three_rounds() -> Tournament:
    r1 = Round(
        1,
        (Game(1, 3, GameResult.WHITE_WINS), Game(4, 2, GameResult.WHITE_WINS_BY_FORFEIT)),
        (Bye(5, ByeKind.PAIRING_ALLOCATED),),
    )
    r2 = Round(
        2,
        (Game(4, 1, GameResult.DRAW), Game(2, 5, GameResult.BLACK_WINS)),
        (Bye(3, ByeKind.HALF_POINT),),
    )
    r3 = Round(3, (Game(5, 1), Game(3, 4)), (Bye(2, ByeKind.ZERO_POINT),))
    return Tournament(_players(5), (r1, r2, r3), total_rounds=5)


def test_entries_and_scores_follow_the_point_system() -> None:
    t = _three_rounds()
    table = entries(t)
    assert table[1][0] is not None and table[1][0].outcome is Outcome.WIN
    assert table[2][0] is not None and table[2][0].outcome is Outcome.FORFEIT_LOSS
    assert table[5][0] is not None and table[5][0].outcome is Outcome.PAIRING_BYE
    assert table[3][1] is not None and table[3][1].points == 5
    assert scores(t) == {1: 15, 2: 0, 3: 5, 4: 15, 5: 20}
    assert scores(t, through_round=1) == {1: 10, 2: 0, 3: 0, 4: 10, 5: 10}
    three_one = t.replace(points=MATCH_POINTS)
    assert scores(three_one) == {1: 40, 2: 0, 3: 10, 4: 40, 5: 60}
    assert t.points is CHESS


def test_before_round_keeps_announced_byes_as_requests() -> None:
    t = _three_rounds()
    before3 = t.before_round(3)
    assert before3.rounds_played == 2
    assert before3.requested_byes == (RequestedBye(3, 2, ByeKind.ZERO_POINT),)
    assert before3.players_to_pair() == (1, 3, 4, 5)
    before2 = t.before_round(2)
    assert before2.players_to_pair() == (1, 2, 4, 5)
    with pytest.raises(ValueError):
        t.before_round(5)


def test_forbidden_pairs_apply_to_their_rounds() -> None:
    t = Tournament(_players(4), forbidden=(ForbiddenPairs((1, 2, 3), 2, 3),))
    assert t.forbidden_pairs(1) == frozenset()
    assert t.forbidden_pairs(2) == {frozenset((1, 2)), frozenset((1, 3)), frozenset((2, 3))}
    assert t.forbidden_pairs(4) == frozenset()


def test_requested_byes_must_be_requestable() -> None:
    with pytest.raises(ValueError):
        RequestedBye(2, 1, ByeKind.PAIRING_ALLOCATED)


def test_before_round_keeps_byes_announced_in_advance_without_doubling_them() -> None:
    t = _three_rounds().replace(
        requested_byes=(
            RequestedBye(4, 1, ByeKind.HALF_POINT),
            RequestedBye(3, 2, ByeKind.ZERO_POINT),
        )
    )
    before4 = t.before_round(4)
    assert before4.requested_bye(1, 4) == RequestedBye(4, 1, ByeKind.HALF_POINT)
    assert 1 not in before4.players_to_pair()
    before3 = t.before_round(3)
    assert [b for b in before3.requested_byes if b.round == 3] == [
        RequestedBye(3, 2, ByeKind.ZERO_POINT)
    ]
