"""The Double-Swiss match (spec double-swiss.md §1-§2): results from two games, forfeits, byes,
scores; and the TRF encoding's errors (§9), which name file, line, column and field."""

from __future__ import annotations

import pytest

from fairpair.core import Colour, Player
from fairpair.core.double_swiss import (
    ByeValues,
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
    RequestedMatchBye,
    match_entries,
    match_points,
    scores,
)
from fairpair.formats.double_json import dump_double_event, load_double_event
from fairpair.formats.event_json import EventJsonError
from fairpair.formats.trf import TrfError
from fairpair.formats.trf_double import parse_double_trf, write_double_trf
from fairpair.pairing.double_swiss import player_states

W, D, L, FW, FL = Mark.WIN, Mark.DRAW, Mark.LOSS, Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS


def test_a_match_sums_its_two_games_in_halves() -> None:
    match = Match(1, 2, ((W, L), (D, D)))
    assert (match.points(1), match.points(2)) == (3, 1)  # 1½-½
    assert match.played and match.has_colour and not match.forfeited
    assert match.colour(1) is Colour.WHITE and match.colour(2) is Colour.BLACK


@pytest.mark.parametrize(
    ("games", "points"),
    [
        (((D, L), (W, L)), (3, 0)),  # ½-0 then 1-0: 1½-0
        (((L, L), (L, L)), (0, 0)),  # two 0-0 games
        (((D, L), (L, D)), (1, 1)),  # ½-0, 0-½: ½-½
    ],
)
def test_the_odd_results_of_the_preface(
    games: tuple[tuple[Mark, Mark], tuple[Mark, Mark]], points: tuple[int, int]
) -> None:
    match = Match(1, 2, games)
    assert (match.points(1), match.points(2)) == points
    assert match.played and match.has_colour


def test_a_single_forfeited_game_leaves_a_played_match() -> None:
    match = Match(1, 2, ((FW, FL), (D, D)))
    assert match.played and match.has_colour and not match.forfeited
    assert (match.points(1), match.points(2)) == (3, 1)


def test_a_double_forfeit_is_a_forfeited_match() -> None:
    match = Match(1, 2, ((FL, FW), (FL, FW)))
    assert match.forfeited and not match.played and not match.has_colour
    assert match.won_by_forfeit(2) and not match.won_by_forfeit(1)
    assert (match.points(1), match.points(2)) == (0, 4)


def test_a_cross_forfeit_is_played_without_a_colour() -> None:
    # spec §11 R1: each player forfeits one game - a meeting, but no game over the board.
    match = Match(1, 2, ((FW, FL), (FL, FW)))
    assert match.played and not match.has_colour and not match.won_by_forfeit(1)


def test_impossible_game_results_are_refused() -> None:
    with pytest.raises(ValueError, match="not a result"):
        Match(1, 2, ((W, W), (D, D)))
    with pytest.raises(ValueError, match="against himself"):
        Match(3, 3)


def _event() -> DoubleSwissTournament:
    players = tuple(Player(i, f"P{i}") for i in range(1, 6))
    rounds = (
        DoubleRound(
            1,
            (Match(1, 2, ((FL, FW), (FL, FW))), Match(3, 4, ((W, L), (W, L)))),
            (MatchBye(5, MatchByeKind.PAIRING_ALLOCATED),),
        ),
        DoubleRound(
            2,
            (Match(2, 3, ((D, D), (D, D))), Match(4, 5, ((W, L), (L, W)))),
            (MatchBye(1, MatchByeKind.HALF_POINT),),
        ),
    )
    return DoubleSwissTournament(
        players,
        rounds,
        total_rounds=4,
        initial_colour=Colour.WHITE,
        requested_byes=(RequestedMatchBye(3, 4, MatchByeKind.FULL_POINT),),
    )


def test_scores_byes_and_pab_eligibility() -> None:
    t = _event()
    assert scores(t) == {1: 2, 2: 6, 3: 6, 4: 2, 5: 5}
    states = player_states(t)
    assert states[2].pab_barred and states[5].pab_barred  # forfeit win, PAB ([C2])
    assert not states[1].pab_barred  # a forfeit loss and a half-point bye do not bar
    assert states[1].met == frozenset() and states[2].met == {3}  # a forfeit is no meeting
    assert states[2].colours == (Colour.WHITE,)  # the forfeited match gave no colour
    assert t.to_pair() == (1, 2, 3, 5)
    assert [match_points(e) for e in match_entries(t)[3]] == [2, 1]
    assert ByeValues().of(MatchByeKind.PAIRING_ALLOCATED) == 3


def test_a_snapshot_writes_and_reads_back_the_same() -> None:
    t = _event()
    assert parse_double_trf(write_double_trf(t)).tournament() == t


_HEAD = "012 x\n142 8\n152 W\n192 FIDE_DOUBLESWISS\n"
_P1 = "001    1      A                                 2000                             0.0    1"
_P2 = "001    2      B                                 2000                             0.0    1"


@pytest.mark.parametrize(
    ("cells1", "cells2", "where", "field"),
    [
        ("     2 w 1", "     1 b 0", ":5:92:", "match 1"),  # one column of the match
        ("     2 w 1     2 w 0", "     1 b 0     1 w 1", ":5:", "match 1"),  # colours not reversed
        ("  0000 - U  0000 - H", "  0000 - U  0000 - U", ":5:92:", "match 1"),  # mixed bye
        ("     2 w 1     2 b 1", "     1 b 1     1 w 0", ":5:99:", "match 1 result"),
    ],
)
def test_bad_matches_are_refused_with_their_place(
    cells1: str, cells2: str, where: str, field: str
) -> None:
    text = _HEAD + _P1 + cells1 + "\n" + _P2 + cells2 + "\n"
    with pytest.raises(TrfError) as error:
        parse_double_trf(text, "event.trf")
    message = str(error.value)
    assert message.startswith("event.trf" + where)
    assert f" {field}" in message


def test_a_file_without_the_double_swiss_type_is_refused() -> None:
    with pytest.raises(TrfError, match="192 record FIDE_DOUBLESWISS"):
        parse_double_trf("012 x\n142 8\n" + _P1 + "\n", "e.trf")


def test_the_142_record_counts_two_columns_per_match() -> None:
    with pytest.raises(TrfError, match=r"e\.trf:2:5: total rounds"):
        parse_double_trf("012 x\n142 7\n192 FIDE_DOUBLESWISS\n" + _P1 + "\n", "e.trf")


def test_json_errors_name_the_path() -> None:
    text = dump_double_event(_event()).replace('"=:="', '"=:x"', 1)
    with pytest.raises(EventJsonError, match=r"e\.json: \$\.rounds\[1\]\.matches\[0\]\.games\[0\]"):
        load_double_event(text, "e.json")
    assert load_double_event(dump_double_event(_event())) == _event()
