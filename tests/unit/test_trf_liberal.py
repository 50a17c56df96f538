"""What the TRF reader takes from real files, and the few things it refuses (spec/trf.md)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.core import EventDetails, PointSystem, scores
from fairpair.formats.trf import TrfError, parse_trf, trf_date, write_trf

# spec/trf.md §5 without the points column's help: two players, one game.
TWO = (
    f"{'001    1      Player 1':<48}2000{'':<28} 1.0    1     2 w 1\n"
    f"{'001    2      Player 2':<48}1900{'':<28} 0.0    2     1 b 0\n"
)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2025/07/21", datetime.date(2025, 7, 21)),
        ("2025-07-21", datetime.date(2025, 7, 21)),
        ("2025.07.21", datetime.date(2025, 7, 21)),
        (" 2025/7/1 ", datetime.date(2025, 7, 1)),
        ("21/07/2025", datetime.date(2025, 7, 21)),  # no month 21: day first
        ("07/21/2025", datetime.date(2025, 7, 21)),  # month first, read the same way
        ("21.07.2025", datetime.date(2025, 7, 21)),
        ("05/05/2025", datetime.date(2025, 5, 5)),  # both readings agree
        ("May 10, 2020", datetime.date(2020, 5, 10)),
        ("September 3 2021", datetime.date(2021, 9, 3)),
        ("10 May 2020", datetime.date(2020, 5, 10)),
        ("10-May-2020", datetime.date(2020, 5, 10)),
        ("98/01/02", datetime.date(1998, 1, 2)),  # 98 cannot be a day
    ],
)
def test_trf_date_reads_what_has_one_meaning(text: str, day: datetime.date) -> None:
    assert trf_date(text) == day


@pytest.mark.parametrize(
    "text",
    ["", "   ", "25/08/08", "03/04/2025", "2025/02/30", "31/31/2025", "Mai 10, 2020", "soon"],
)
def test_trf_date_is_none_when_it_would_guess(text: str) -> None:
    assert trf_date(text) is None


def test_report_fields_are_kept_verbatim_whatever_their_form() -> None:
    text = (
        "012 Summer Open\n022 Malmo \n032 SWE\n042 21/07/2025\n052 \n092 Individual: Swiss\n"
        "102 IA Berg, Anna\n112 FA Holm, Lars\n112 NA Ek, Sara\n122 90'/40+30'+30\"\n"
        + "132"
        + " " * 88
        + "25/07/21            25/07/23\n"
        + TWO
    )
    details = parse_trf(text).tournament().details
    assert details == EventDetails(
        city="Malmo",
        federation="SWE",
        start_date="21/07/2025",
        end_date="",
        event_type="Individual: Swiss",
        chief_arbiter="IA Berg, Anna",
        deputy_arbiters=("FA Holm, Lars", "NA Ek, Sara"),
        time_control="90'/40+30'+30\"",
        round_dates=("25/07/21", "", "25/07/23"),
    )


def test_round_dates_written_after_the_code_are_read_as_words() -> None:
    t = parse_trf("132 25/07/21 25/07/22  25/07/23\n" + TWO).tournament()
    assert t.details.round_dates == ("25/07/21", "25/07/22", "25/07/23")


@pytest.mark.parametrize("date", ["21/07/2025", "25/08/08", "May 10, 2020", "", "next week"])
def test_any_start_or_end_date_is_read(date: str) -> None:
    t = parse_trf(f"042 {date}\n052 {date}\n" + TWO).tournament()
    assert (t.details.start_date, t.details.end_date) == (date, date)


@pytest.mark.parametrize(
    "record",
    [
        "162  W 3.0    D 1.0    L 0.0    Z 0.0",  # Z for A
        "162  W 3.0    D 1.0    L 0.0    A 0.0",
        "162 W 3.0 D 1.0 L 0.0 Z 0.0",  # loose columns
        "162  W 3    D 1",
        "162  W 3,0    D 1,0",  # decimal comma
        "162 W=3.0 D=1.0",  # as JaVaFo's XXS
    ],
)
def test_point_system_spellings(record: str) -> None:
    text = TWO.replace(" 1.0    1 ", " 3.0    1 ") + record + "\n"
    t = parse_trf(text).tournament()
    assert t.points == PointSystem(win=30, draw=10)
    assert scores(t) == {1: 30, 2: 0}


def test_z_in_162_sets_the_zero_bye_and_forfeit_loss() -> None:
    t = parse_trf(TWO + "162  Z 0.5\n").tournament()
    assert (t.points.zero_bye, t.points.forfeit_loss) == (5, 5)


@pytest.mark.parametrize("record", ["BBW 2.0", "BBW  2.0", "BBW   2", "BBW\t2.0", "BBW 2,0  "])
def test_bb_values_in_any_column(record: str) -> None:
    text = TWO.replace(" 1.0    1 ", " 2.0    1 ") + record + "\n"
    assert parse_trf(text).tournament().points.win == 20


def test_x_in_162_is_a_warning_not_an_error() -> None:
    doc = parse_trf(TWO + "162  W 1.0    X 0.5\n", "x.trf")
    assert doc.warnings == (
        "x.trf:3:15: point system: the value of X (unknown result) is not used",
    )


def test_unknown_records_blank_lines_and_comments_are_kept() -> None:
    text = "### by hand\n\n013 Team    1    2\n299 odd\nQQQ what\n   \n" + TWO + "\n### end"
    doc = parse_trf(text)
    assert doc.to_text() == text
    assert len(doc.tournament().players) == 2


def test_tiebreak_codes_known_and_skipped_with_their_place() -> None:
    doc = parse_trf(TWO + "202 BH/C1, BH, SB,DE\n212 KS\n", "tb.trf")
    codes, skipped = doc.tiebreak_codes({"BH", "SB", "DE", "KS"})
    assert codes == ("BH", "SB", "DE")
    assert skipped == ("tb.trf:3:5: tie-break 'BH/C1' is not known, skipped",)
    assert parse_trf(TWO + "212 KS\n").tiebreak_codes({"KS"}) == (("KS",), ())


def test_a_missing_pairing_number_is_refused() -> None:
    text = TWO.replace("001    2", "001     ")
    with pytest.raises(TrfError) as caught:
        parse_trf(text, "f.trf")
    assert str(caught.value) == (
        "f.trf:2:5: player id: the pairing number (columns 5-8) is missing"
    )


def test_a_points_column_that_contradicts_the_results_is_refused() -> None:
    text = TWO.replace(" 0.0    2 ", " 0.5    2 ")
    with pytest.raises(TrfError) as caught:
        parse_trf(text, "f.trf")
    assert str(caught.value).startswith(
        "f.trf:2:81: points: 0.5 contradicts the results, which give 0.0 under the file's "
        "point system"
    )


def test_a_points_column_too_large_for_any_result_is_refused_not_a_crash() -> None:
    # Four digits without a point read as 7800 points: the message must still be written.
    text = TWO.replace(" 0.0    2 ", "7800    2 ")
    with pytest.raises(TrfError, match=r"f\.trf:2:81: points: 7800\.0 contradicts the results"):
        parse_trf(text, "f.trf")


def test_the_points_column_is_checked_under_the_files_point_system() -> None:
    with pytest.raises(TrfError, match=r"1\.0 contradicts the results, which give 3\.0"):
        parse_trf(TWO + "162  W 3.0    D 1.0\n")


def test_a_blank_points_column_is_not_checked() -> None:
    text = TWO.replace(" 1.0    1 ", "        1 ")
    assert parse_trf(text).players[0].points is None


def test_the_points_column_may_hold_virtual_points_of_the_round_to_pair() -> None:
    # Round 2 is paired next: player 1 has 1.0 + 1.0 virtual points, player 2 0.0 + 0.5.
    text = TWO.replace(" 1.0    1 ", " 2.0    1 ").replace(" 0.0    2 ", " 0.5    2 ")
    t = parse_trf(text + "XXR 5\nXXA    1       1.0\nXXA    2       0.5\n").tournament()
    assert scores(t) == {1: 10, 2: 0}
    with pytest.raises(TrfError, match=r"2:81: points: 0\.5 contradicts"):
        parse_trf(text + "XXR 5\nXXA    1       1.0\nXXA    2  0.5\n")  # round 1's, not 2's


def test_the_points_column_may_count_a_pre_set_bye_of_the_round_to_pair() -> None:
    # Round 2 holds only a half-point bye announced for player 2: with or without it.
    with_bye = TWO.replace(" 0.0    2     1 b 0", " 0.5    2     1 b 0  0000 - H")
    without = TWO.replace("1 b 0", "1 b 0  0000 - H")
    assert scores(parse_trf(with_bye).tournament()) == {1: 10, 2: 5}
    assert scores(parse_trf(without).tournament()) == {1: 10, 2: 5}
    # ... but not once round 2 has been paired: then the bye is history like any other.
    paired = with_bye.replace("2 w 1\n", "2 w 1  0000 - U\n")
    with pytest.raises(TrfError, match=r"1:81: points: 1\.0 contradicts the results, which give"):
        parse_trf(paired)


def test_standings_fall_back_to_the_default_when_no_code_is_known(tmp_path: Path) -> None:
    path = tmp_path / "f.trf"
    path.write_text(TWO + "202 BH/C1\n")
    app = typer.Typer()
    commands.register(app)
    result = CliRunner().invoke(app, ["standings", str(path)])
    assert result.exit_code == 0
    assert result.stderr == (
        f"fairpair standings: warning: {path}:3:5: tie-break 'BH/C1' is not known, skipped\n"
    )
    assert "Pts  BH-C1  BH  DE  WON" in result.stdout
    quiet = CliRunner().invoke(app, ["standings", str(path), "-t", "BH"])
    assert (quiet.exit_code, quiet.stderr) == (0, "")


def test_the_points_column_may_count_a_bye_announced_by_a_240_record() -> None:
    text = TWO.replace(" 0.0    2 ", " 0.5    2 ")
    assert parse_trf(text + "240 H 002 0002\n").tournament().requested_byes
    with pytest.raises(TrfError, match=r"2:81: points: 0\.5 contradicts"):
        parse_trf(text + "240 H 003 0002\n")  # a bye of round 3 is not round 2's


@pytest.mark.parametrize("rank", ["  1.", " =1 ", "  - ", "1/2 "])
def test_a_rank_column_that_is_not_a_number_is_kept_not_refused(rank: str) -> None:
    text = TWO.replace(" 1.0    1 ", f" 1.0 {rank} ", 1)
    doc = parse_trf(text, "f.trf")
    assert doc.players[0].rank is None and doc.players[1].rank == 2
    assert doc.to_text() == text
    assert write_trf(doc.tournament(), like=doc) == text
