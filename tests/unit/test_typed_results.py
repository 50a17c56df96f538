"""Results as typed at the keyboard: one-key shortcuts, and results shown back as typed."""

from __future__ import annotations

import pytest

from fairpair.core import GameResult, MatchScore
from fairpair.service.errors import CommandError
from fairpair.service.results import expand_shortcut, parse_result, turned, typed_result


@pytest.mark.parametrize(
    ("key", "result"),
    [
        ("1", GameResult.WHITE_WINS),
        ("0", GameResult.BLACK_WINS),
        ("5", GameResult.DRAW),
        ("=", GameResult.DRAW),
        ("+", GameResult.WHITE_WINS_BY_FORFEIT),
        ("-", GameResult.BLACK_WINS_BY_FORFEIT),
        ("--", GameResult.DOUBLE_FORFEIT),
        (" 1 ", GameResult.WHITE_WINS),
    ],
)
def test_one_key_stands_for_a_result(key: str, result: GameResult) -> None:
    assert parse_result(expand_shortcut(key)).result is result


def test_what_is_not_a_shortcut_is_kept() -> None:
    assert expand_shortcut("2-1") == "2-1"
    assert expand_shortcut("10") == "10"


@pytest.mark.parametrize("result", list(GameResult))
def test_every_result_reads_back_as_it_is_shown(result: GameResult) -> None:
    shown = typed_result(result)
    assert parse_result(shown).result is result
    assert parse_result(shown).match_score is None


@pytest.mark.parametrize("score", [MatchScore(2, 1, 0), MatchScore(1, 1, 1), MatchScore(0, 2, 0)])
def test_a_match_score_reads_back_as_it_is_shown(score: MatchScore) -> None:
    result = parse_result(typed_result(GameResult.DRAW, score))
    assert result.match_score == score


def test_no_result_is_an_empty_field() -> None:
    assert typed_result(None) == ""


@pytest.mark.parametrize(
    ("mine", "first_listed"),
    [
        ("2-1", "1-2"),
        ("0-2", "2-0"),
        ("1-1-1", "1-1-1"),
        ("2-0-1", "0-2-1"),
        ("1-0", "0-1"),
        ("½-½", "1/2"),
        ("+-", "-+"),
        ("--", "--"),
    ],
)
def test_a_result_seen_from_the_other_side_of_the_board(mine: str, first_listed: str) -> None:
    assert turned(mine) == first_listed
    assert parse_result(turned(turned(mine))) == parse_result(mine)


def test_what_is_no_result_cannot_be_turned() -> None:
    with pytest.raises(CommandError, match="not a result"):
        turned("2:1")
