"""The TRF-2026 team reader (formats/trf_team.py): the spec's complete example (team-swiss.md
§12.12), each team record, and errors that name the line and column of a bad record."""

from __future__ import annotations

import dataclasses

import pytest

from fairpair.core import ByeKind, Colour, GameResult, RequestedBye
from fairpair.core.teams import (
    Board,
    ColourModel,
    MatchForfeit,
    PrimaryScore,
    TeamAcceleration,
    TeamBye,
    TeamMatch,
    team_scores,
)
from fairpair.formats.trf import TrfError
from fairpair.formats.trf_team import is_team_trf, parse_team_trf, team_system, write_team_trf

# team-swiss.md §12.12, verbatim: Example B of §15 (5 teams x 2 boards) before round 2.
SPEC_EXAMPLE = """\
012 x
142 5
152 W
192 FIDE_TEAM_TYPEA_MP_GP
352 WB
362 TW 2.0   TD 1.0   TL 0.0
240 Z 001    5
001    1      Team01 Board1                     2000                             1.0    1     5 w 1
001    2      Team01 Board2                     2000                             0.5    2     6 b =
001    3      Team02 Board1                     2000                             0.0    3     7 b 0
001    4      Team02 Board2                     2000                             0.0    4     8 w 0
001    5      Team03 Board1                     2000                             0.0    5     1 b 0
001    6      Team03 Board2                     2000                             0.5    6     2 w =
001    7      Team04 Board1                     2000                             1.0    7     3 w 1
001    8      Team04 Board2                     2000                             1.0    8     4 b 1
001    9      Team05 Board1                     2000                             0.0    9  0000 - Z
001   10      Team05 Board2                     2000                             0.0   10  0000 - Z
310   1 Team01                                                              1    2
310   2 Team02                                                              3    4
310   3 Team03                                                              5    6
310   4 Team04                                                              7    8
310   5 Team05                                                              9   10
"""


def player(pid: int, cells: str = "", points: str = "0.0") -> str:
    return f"001 {pid:4d}      {'P' + str(pid):<33} 2000{'':28}{points:>4} {pid:4d}{cells}"


def team(tpn: int, players: list[int], name: str = "") -> str:
    head = f"310 {tpn:3d} {name or f'Team{tpn:02d}':<32} {'':5} {'':6} {'':6} {'':6} {'':3}  "
    return head + " ".join(f"{p:4d}" for p in players)


def test_the_spec_example_reads_as_round_one_of_example_b() -> None:
    event = parse_team_trf(SPEC_EXAMPLE, "example.trf").tournament()
    assert event.boards == 2
    assert event.total_rounds == 5
    assert event.initial_colour is Colour.WHITE
    assert event.colour_model is ColourModel.TYPE_A
    assert event.scoring.primary is PrimaryScore.MATCH_POINTS
    assert event.scoring.secondary_used
    assert [t.roster for t in event.teams] == [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]
    (first,) = event.rounds
    assert first.matches == (
        TeamMatch(1, 3, (Board(1, 5, GameResult.WHITE_WINS), Board(2, 6, GameResult.DRAW))),
        TeamMatch(4, 2, (Board(7, 3, GameResult.WHITE_WINS), Board(8, 4, GameResult.WHITE_WINS))),
    )
    assert first.byes == (TeamBye(5, ByeKind.ZERO_POINT),)
    assert event.requested_byes == ()
    # 1 beat 3 by 1.5-0.5 and 4 beat 2 by 2-0 (§15 Example B: MP 2, 0, 0, 2, 0).
    assert team_scores(event) == {1: (20, 15), 2: (0, 0), 3: (0, 5), 4: (20, 20), 5: (0, 0)}
    assert event.to_pair() == (1, 2, 3, 4, 5)


def test_a_240_for_the_round_to_be_paired_is_an_announced_absence() -> None:
    text = SPEC_EXAMPLE.replace("240 Z 001    5\n", "240 Z 001    5\n240 H 002    3    1\n")
    event = parse_team_trf(text).tournament()
    assert event.requested_byes == (
        RequestedBye(2, 3, ByeKind.HALF_POINT),
        RequestedBye(2, 1, ByeKind.HALF_POINT),
    )
    assert event.to_pair() == (2, 4, 5)


def test_a_bye_requested_for_a_round_played_is_written_once() -> None:
    # The event as the service keeps it: the request of team 5 stays beside its round's bye.
    event = parse_team_trf(SPEC_EXAMPLE).tournament()
    kept = dataclasses.replace(event, requested_byes=(RequestedBye(1, 5, ByeKind.ZERO_POINT),))
    text = write_team_trf(kept)
    (line,) = [x for x in text.splitlines() if x.startswith("240")]
    assert line.split() == ["240", "Z", "1", "5"]
    assert parse_team_trf(text).tournament().rounds == event.rounds


@pytest.mark.parametrize(
    ("code", "model", "primary", "secondary", "baku"),
    [
        ("FIDE_TEAM", ColourModel.TYPE_A, PrimaryScore.MATCH_POINTS, True, False),
        ("FIDE_TEAM_BAKU", ColourModel.TYPE_A, PrimaryScore.MATCH_POINTS, True, True),
        ("FIDE_TEAM_TYPEB_GP_MP", ColourModel.TYPE_B, PrimaryScore.GAME_POINTS, True, False),
        ("FIDE_TEAM_TYPEA_MP_BAKU", ColourModel.TYPE_A, PrimaryScore.MATCH_POINTS, False, True),
        ("FIDE_TEAM_GP", ColourModel.NONE, PrimaryScore.GAME_POINTS, False, False),
        ("FIDE_TEAM_MP_GP", ColourModel.NONE, PrimaryScore.MATCH_POINTS, True, False),
    ],
)
def test_the_192_codes_of_the_table(
    code: str, model: ColourModel, primary: PrimaryScore, secondary: bool, baku: bool
) -> None:
    system = team_system(code)
    assert system is not None
    assert (system.colour_model, system.primary, system.secondary_used, system.baku) == (
        model,
        primary,
        secondary,
        baku,
    )
    assert team_system("FIDE_DUTCH_2025") is None
    assert team_system("FIDE_TEAM_ROUNDROBIN") is None


def test_points_pab_forfeits_acceleration_and_prohibited_pairs() -> None:
    lines = [
        "012 records",
        "142 3",
        "162  W 3.0    D 1.0    L 0.0",
        "192 FIDE_TEAM_GP",
        "352 W",
        "362 TW 3.0   TD 1.0   TL 0.0",
        "320  1.0  2.0   3   0",
        "330 -+   2   1   2",
        "250  2.0  1.0 001 002    1    2",
        "260 001 003 001 002",
        player(1, "     2 w 1     2 b +"),
        player(2, "     1 b 0     1 w -"),
        player(3, "  0000 - U"),
        team(1, [1]),
        team(2, [2]),
        team(3, [3]),
    ]
    event = parse_team_trf("\n".join(lines) + "\n").tournament()
    assert event.scoring.win == 30
    assert event.scoring.games.win == 30
    assert event.scoring.primary is PrimaryScore.GAME_POINTS
    assert event.scoring.pab_values(1) == (10, 20)
    one, two = event.rounds
    assert one.byes == (TeamBye(3, ByeKind.PAIRING_ALLOCATED),)
    assert two.matches == (
        TeamMatch(1, 2, (Board(1, 2, GameResult.WHITE_WINS_BY_FORFEIT),), MatchForfeit.SECOND_WINS),
    )
    # 330 is authoritative: team 2 won the match by forfeit whatever the board says.
    assert team_scores(event) == {1: (30, 30), 2: (30, 30), 3: (10, 20)}
    assert TeamAcceleration(2, 2, 20, 10) in event.accelerations
    assert len(event.accelerations) == 4
    assert event.forbidden_pairs(2) == frozenset({frozenset((1, 2))})


def test_an_empty_board_and_a_line_up_out_of_roster_order() -> None:
    lines = [
        "012 boards",
        "352 WBW",
        player(1, "     5 w 1"),
        player(2, "     4 b ="),
        player(3, "  0000 - +"),
        player(4, "     2 w ="),
        player(5, "     1 b 0"),
        player(6),
        team(1, [1, 2, 3]),
        team(2, [4, 5, 6]),
        "300 001 002 001    5    4 0000",
    ]
    event = parse_team_trf("\n".join(lines) + "\n").tournament()
    (match,) = event.rounds[0].matches
    assert match.boards == (
        Board(1, 5, GameResult.WHITE_WINS),
        Board(2, 4, GameResult.DRAW),
        Board(3, None, GameResult.WHITE_WINS_BY_FORFEIT),
    )
    assert team_scores(event) == {1: (20, 25), 2: (0, 5)}


def test_legacy_013_rosters_take_their_pairing_numbers_from_the_file_order() -> None:
    lines = [player(1), player(2), "013 First                            2", "013 Second     1"]
    lines[2] = f"013 {'First':<32}   2"
    lines[3] = f"013 {'Second':<32}   1"
    event = parse_team_trf("\n".join(lines) + "\n").tournament()
    assert [(t.id, t.name, t.roster) for t in event.teams] == [
        (1, "First", (2,)),
        (2, "Second", (1,)),
    ]


def test_a_team_file_is_recognised_by_its_team_records() -> None:
    assert is_team_trf(SPEC_EXAMPLE)
    assert not is_team_trf("012 x\n" + player(1) + "\n")


def error(text: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        parse_team_trf(text, "bad.trf")
    return caught.value


def replaced(old: str, new: str) -> str:
    assert old in SPEC_EXAMPLE
    return SPEC_EXAMPLE.replace(old, new)


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


@pytest.mark.parametrize(
    ("old", "new", "start", "column", "words"),
    [
        ("   9   10\n", "  99   10\n", "310   5", 74, "there is no player 99"),
        ("   9   10\n", "   9    1\n", "310   5", 79, "already on the roster of team 1"),
        ("352 WB\n", "352 WX\n", "352", 6, "expected W or B for board 2"),
        ("362 TW 2.0   TD 1.0   TL 0.0\n", "362 TW 2.0   TX 1.0\n", "362", 14, "TW, TD or TL"),
        ("240 Z 001    5\n", "240 Z 001    5\n330 +-   1   1   9\n", "330", 16, "no team 9"),
        ("240 Z 001    5\n", "240 Z 001    7\n", "240", 11, "no team 7"),
        ("240 Z 001    5\n", "240 Z 001    1\n", "001    5", 92, "team 1 has a Z bye"),
        ("192 FIDE_TEAM_TYPEA_MP_GP\n", "192 x\n330 ++   1   1   3\n", "330", 5, "+-, -+ or --"),
        ("   5     1 b 0\n", "   5     1 b 1\n", "001    1", 99, "contradicts result '1'"),
        ("   5     1 b 0\n", "   5     8 b 0\n", "001    1", 92, "has player 8 as opponent"),
        ("   2     6 b =\n", "   2     8 b =\n", "001    2", 92, "meets team 4, his team-mate"),
        # 250: the rounds in 15-17 to 19-21, the teams in 23-26 to 28-31, first to last.
        ("240 Z 001    5\n", "240 Z 001    5\n250  1.0  1.0 001 001    3    2\n", "250", 23,
         "acceleration teams: bad team range 3-2"),
        ("240 Z 001    5\n", "240 Z 001    5\n250  1.0  1.0 002 001    1    2\n", "250", 15,
         "acceleration rounds: bad round range 2-1"),
        ("240 Z 001    5\n", "240 Z 001    5\n250  1.0  1.0 001 001         2\n", "250", 23,
         "acceleration first team"),
    ],
)  # fmt: skip
def test_bad_records_are_named_by_line_and_column(
    old: str, new: str, start: str, column: int, words: str
) -> None:
    text = replaced(old, new)
    found = error(text)
    assert found.path == "bad.trf"
    assert (found.line, found.column) == (line_of(text, start), column), str(found)
    assert words in str(found)  # the field's name and the message
