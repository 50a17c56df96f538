"""``fairpair-engine``: the bbpPairings drop-in (pair, check, generate; exit codes)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fairpair.cli.engine import run
from fairpair.core import ByeKind, Colour, Game, GameResult, Player, Round, Tournament
from fairpair.formats.trf import read_trf, write_trf
from fairpair.pairing.checker import replay
from fairpair.pairing.dutch import pair_dutch

EXAMPLE_B = Path(__file__).resolve().parents[1] / "unit" / "data" / "example-b.trf"
SRC = Path(__file__).resolve().parents[2] / "src"


def engine(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_pair_to_stdout() -> None:
    assert engine("--dutch", str(EXAMPLE_B), "-p") == (0, "4\n1 7\n2 6\n5 3\n4 0\n", "")


def test_pair_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    code, out, _ = engine("--dutch", str(EXAMPLE_B), "-p", str(target))
    assert (code, out) == (0, "")
    assert target.read_text() == "4\n1 7\n2 6\n5 3\n4 0\n"


def test_check_reports_nothing_for_a_file_paired_by_the_engine() -> None:
    assert engine("--dutch", str(EXAMPLE_B), "-c") == (0, "", "")


def test_check_prints_the_rounds_that_differ(tmp_path: Path) -> None:
    # Swap the colours of round 1, board 1 (1-4 becomes 4-1): round 1 now differs.
    text = EXAMPLE_B.read_text()
    text = text.replace("     4 w 1     3 b 1", "     4 b 1     3 b 1")
    text = text.replace("     1 b 0     5 w =", "     1 w 0     5 w =")
    changed = tmp_path / "changed.trf"
    changed.write_text(text)
    code, out, _ = engine("--dutch", str(changed), "-c")
    assert code == 6
    assert out.startswith("round 1: stored 4-1 paired 1-4")
    # The reference's checker reports and exits 0: --report-only keeps that for its callers.
    assert engine("--dutch", str(changed), "-c", "--report-only") == (0, out, "")


def test_invalid_input_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(EXAMPLE_B.read_text().replace("     5 b +", "     9 b +"))
    code, out, err = engine("--dutch", str(bad), "-p")
    assert code == 3 and out == ""
    assert f"{bad}:3:" in err


def test_missing_file_is_a_file_error(tmp_path: Path) -> None:
    code, _, err = engine("--dutch", str(tmp_path / "nothing.trf"), "-p")
    assert code == 5 and "nothing.trf" in err


def test_no_valid_pairing_exits_1(tmp_path: Path) -> None:
    players = (Player(1, "One"), Player(2, "Two"))
    played = Round(1, (Game(1, 2, GameResult.WHITE_WINS),))
    two = tmp_path / "two.trf"
    two.write_text(
        write_trf(Tournament(players, (played,), total_rounds=3, initial_colour=Colour.WHITE))
    )
    code, out, err = engine("--dutch", str(two), "-p")
    assert code == 1 and out == "" and "no valid pairing" in err


def test_unknown_flags_are_invalid_input() -> None:
    assert engine("--dutch", str(EXAMPLE_B), "-x")[0] == 3


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [10, 27, 60])
def test_generated_tournaments_pass_the_check(tmp_path: Path, seed: int, players: int) -> None:
    config = tmp_path / "config.txt"
    config.write_text(
        f"PlayersNumber={players}\nRoundsNumber=7\nDrawPercentage=25\nForfeitRate=15\n"
        "RetiredRate=60\nHalfPointByeRate=20\nZeroPointByeRate=25\n"
    )
    target = tmp_path / "random.trf"
    assert engine("--dutch", "-g", str(config), "-o", str(target), "-s", str(seed))[0] == 0
    tournament = read_trf(target).tournament()
    assert len(tournament.players) == players and len(tournament.rounds) >= 4
    assert engine("--dutch", str(target), "-c") == (0, "", "")
    assert replay(tournament, pair_dutch) == []


def test_generation_is_reproducible_from_the_seed(tmp_path: Path) -> None:
    first, second = tmp_path / "a.trf", tmp_path / "b.trf"
    assert engine("--dutch", "-g", "-o", str(first), "-s", "42")[0] == 0
    assert engine("--dutch", "-g", "-o", str(second), "-s", "42")[0] == 0
    assert first.read_text() == second.read_text()


def test_the_console_script_entry_point_exits_with_the_code() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from fairpair.cli.engine import main; main()",
            "--dutch",
            str(EXAMPLE_B),
            "-p",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "4\n1 7\n2 6\n5 3\n4 0\n")


def test_byes_announced_by_a_240_record_are_not_paired(tmp_path: Path) -> None:
    # Example B before round 3, plus a 240 record: player 3 takes a half-point bye in round 3.
    announced = tmp_path / "announced.trf"
    announced.write_text(EXAMPLE_B.read_text() + "240 H   3    3\n")
    code, out, _ = engine("--dutch", str(announced), "-p")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "3" and all("3" not in line.split() for line in lines[1:])


def player_line(pid: int, points: str, *cells: str) -> str:
    """A 001 record: start number, points column and round cells ``OOOO C R``."""
    fixed = (
        f"001 {pid:>4}      {f'Player {pid}':<33} {2400 - 10 * pid:>4}{'':28}{points:>4}{pid:>5}"
    )
    return fixed + "".join(f"  {cell}" for cell in cells) + "\n"


# Round 1 played; in round 2 every player had a requested bye (H, F, Z), so nobody was paired.
ALL_BYES_IN_ROUND_2 = (
    "012 every player took a bye in round 2\n"
    + player_line(1, "1.5", "   3 w 1", "0000 - H")
    + player_line(2, "1.5", "   4 b =", "0000 - F")
    + player_line(3, "0.0", "   1 b 0", "0000 - Z")
    + player_line(4, "1.0", "   2 w =", "0000 - H")
    + "XXR 3\nXXC white1\n"
)


def test_a_round_of_requested_byes_only_is_played_and_the_next_round_is_paired(
    tmp_path: Path,
) -> None:
    byes = tmp_path / "byes.trf"
    byes.write_text(ALL_BYES_IN_ROUND_2)
    assert read_trf(byes).tournament().rounds[1].games == ()
    # Round 3 is paired (two boards, no rematch of round 1); pairing round 2 again would
    # give no board at all, as every player is excused from it.
    assert engine("--dutch", str(byes), "-p") == (0, "2\n2 1\n3 4\n", "")
    assert engine("--burstein", str(byes), "-p")[:2] == (0, "2\n2 1\n3 4\n")


def test_the_last_column_is_the_next_rounds_byes_while_somebody_has_no_entry(
    tmp_path: Path,
) -> None:
    # Player 3 has no entry in round 2: the H/F/Z cells are byes asked for round 2.
    lines = ALL_BYES_IN_ROUND_2.splitlines(keepends=True)
    lines[3] = player_line(3, "0.0", "   1 b 0")
    announced = tmp_path / "announced.trf"
    announced.write_text("".join(lines))
    assert engine("--dutch", str(announced), "-p") == (0, "1\n3 0\n", "")


def test_check_pairs_the_round_after_a_round_of_byes_from_the_state_after_it(
    tmp_path: Path,
) -> None:
    lines = ALL_BYES_IN_ROUND_2.splitlines(keepends=True)
    third = {1: "   2 b 1", 2: "   1 w 0", 3: "   4 w =", 4: "   3 b ="}
    points = {1: "2.5", 2: "1.5", 3: "0.5", 4: "1.5"}
    for pid in range(1, 5):
        record = lines[pid]
        cells = [record[91 + 10 * k : 99 + 10 * k] for k in range(2)]
        lines[pid] = player_line(pid, points[pid], *cells, third[pid])
    stored = tmp_path / "stored.trf"
    stored.write_text("".join(lines))
    assert engine("--dutch", str(stored), "-c") == (0, "", "")
    # Swapped colours on the board 2-1 of round 3: the check names round 3 and fails.
    swapped = tmp_path / "swapped.trf"
    swapped.write_text(
        "".join(lines).replace("   2 b 1", "   2 w 1").replace("   1 w 0", "   1 b 0")
    )
    code, out, _ = engine("--dutch", str(swapped), "-c")
    assert code == 6 and out.startswith("round 3: stored 1-2 paired 2-1")


# Six players, five rounds, no XXR: round 5 has a pairing only with the last-round rules.
NO_NUMBER_OF_ROUNDS = (
    "012 random tournament\n"
    + player_line(1, "3.5", "   4 b 1", "   3 w =", "   6 b =", "   2 b =", "   5 w 1")
    + player_line(2, "3.0", "   5 w =", "   4 b 1", "   3 b 0", "   1 w =", "   6 b 1")
    + player_line(3, "3.0", "   6 b 1", "   1 b =", "   2 w 1", "   5 w =", "   4 w 0")
    + player_line(4, "2.5", "   1 w 0", "   2 w 0", "   5 b 1", "   6 w =", "   3 b 1")
    + player_line(5, "1.0", "   2 b =", "   6 w 0", "   4 w 0", "   3 b =", "   1 b 0")
    + player_line(6, "2.0", "   3 w 0", "   5 b 1", "   1 w =", "   4 b =", "   2 w 0")
    + "XXC black1\n"
)


def test_check_without_a_number_of_rounds_takes_the_rounds_played(tmp_path: Path) -> None:
    finished = tmp_path / "finished.trf"
    finished.write_text(NO_NUMBER_OF_ROUNDS)
    assert read_trf(finished).tournament().total_rounds is None
    # Round 5 is the last round, as bbpPairings' checker reads the file: it matches.
    assert engine("--dutch", str(finished), "-c") == (0, "", "")
    # Read as a round before the last, it cannot be paired at all.
    not_last = tmp_path / "not-last.trf"
    not_last.write_text(NO_NUMBER_OF_ROUNDS + "XXR 6\n")
    code, out, _ = engine("--dutch", str(not_last), "-c")
    assert code == 6 and out.startswith("round 5: the system could not pair it")


def test_pairing_needs_the_number_of_rounds(tmp_path: Path) -> None:
    finished = tmp_path / "finished.trf"
    finished.write_text(NO_NUMBER_OF_ROUNDS)
    code, out, err = engine("--dutch", str(finished), "-p")
    assert (code, out) == (3, "")
    assert str(finished) in err and "number of rounds is missing" in err


def test_pairing_refuses_a_file_whose_rounds_are_all_played(tmp_path: Path) -> None:
    finished = tmp_path / "finished.trf"
    finished.write_text(NO_NUMBER_OF_ROUNDS + "XXR 5\n")
    code, out, err = engine("--dutch", str(finished), "-p")
    assert (code, out) == (3, "")
    assert str(finished) in err and "all played" in err


def test_report_only_belongs_to_the_check() -> None:
    assert engine("--dutch", str(EXAMPLE_B), "-p", "--report-only")[0] == 3


def test_the_generator_reads_the_reference_settings(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text(
        "# bbpPairings' keys, fractional rates and a point system\n"
        "PlayersNumber=12\nRoundsNumber=5\nDrawPercentage=40\nForfeitRate=7.5\n"
        "RetiredRate=4\nHalfPointByeRate=3.5\nHighestRating=2300\nLowestRating=1800\n"
        "PointsForWin=3\nPointsForDraw=1\nPointsForLoss=0\nPointsForPAB=1.5\n"
        "PointsForForfeitLoss=0.5\n"
    )
    target = tmp_path / "random.trf"
    assert engine("--dutch", "-g", str(config), "-o", str(target), "-s", "5") == (0, "", "")
    tournament = read_trf(target).tournament()
    assert (len(tournament.players), tournament.total_rounds, len(tournament.rounds)) == (12, 5, 5)
    points = tournament.points
    assert (points.win, points.draw, points.loss, points.pairing_bye_value) == (30, 10, 0, 15)
    assert (points.forfeit_loss, points.zero_bye) == (5, 5)  # one setting for both
    assert all(1800 <= (p.rating or 0) <= 2300 for p in tournament.players)
    # One player in 3.5 (12 / 3.5 -> 3) takes half-point byes, never in the last round; one
    # in 4 (3) has zero-point byes.
    half = {b.player for r in tournament.rounds for b in r.byes if b.kind is ByeKind.HALF_POINT}
    zero = {b.player for r in tournament.rounds for b in r.byes if b.kind is ByeKind.ZERO_POINT}
    assert (len(half), len(zero)) == (3, 3)
    assert all(b.kind is not ByeKind.HALF_POINT for b in tournament.rounds[-1].byes)
    assert engine("--dutch", str(target), "-c") == (0, "", "")


@pytest.mark.parametrize(
    "line",
    ["ForfeitRate=0.5", "RetiredRate=1.5", "DrawPercentage=101", "PointsForWin=1.25", "Players=8"],
)
def test_the_generator_refuses_settings_the_reference_refuses(tmp_path: Path, line: str) -> None:
    config = tmp_path / "config.txt"
    config.write_text(f"PlayersNumber=8\n{line}\n")
    target = tmp_path / "random.trf"
    code, _, err = engine("--dutch", "-g", str(config), "-o", str(target), "-s", "1")
    assert code == 3 and str(config) in err
    assert not target.exists()


def test_the_generator_fails_without_writing_when_a_round_cannot_be_paired(
    tmp_path: Path,
) -> None:
    # Two players meet in round 1; round 2 would be a rematch.
    config = tmp_path / "config.txt"
    config.write_text(
        "PlayersNumber=2\nRoundsNumber=3\nForfeitRate=0\nRetiredRate=0\nHalfPointByeRate=0\n"
    )
    target = tmp_path / "random.trf"
    code, out, err = engine("--dutch", "-g", str(config), "-o", str(target), "-s", "3")
    assert (code, out) == (1, "")
    assert "round 2 of the generated tournament" in err
    assert not target.exists()


def test_the_engine_imports_only_what_pairing_needs() -> None:
    # Each call of the engine pays its imports; these are for other commands and systems.
    heavy = [
        "argparse",
        "typing",
        "pathlib",
        "sqlalchemy",
        "fastapi",
        "typer",
        "rich",
        "fairpair.pairing.casual",
        "fairpair.pairing.round_robin",
        "fairpair.pairing.burstein",
        "fairpair.pairing.alternatives",
        "fairpair.pairing.checker",
        "fairpair.pairing.generator",
        "fairpair.matching.blossom",
        "fairpair.service",
        "fairpair.storage",
        "fairpair.web",
    ]
    script = (
        "import io, sys\n"
        "from fairpair.cli.engine import run\n"
        f"code = run(['--dutch', {str(EXAMPLE_B)!r}, '-p'], io.StringIO(), sys.stderr)\n"
        f"print(code, [name for name in {heavy!r} if name in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        check=True,
    )
    assert done.stdout == "0 []\n"


def test_help_prints_the_usage_and_exits_0() -> None:
    code, out, _ = engine("--help")
    assert code == 0 and "fairpair-engine (--dutch | --burstein) INPUT.trf -p [OUT]" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--dutch", "A.trf"], "choose one of -p, -c and -g"),
        (["--dutch", "A.trf", "-p", "-c"], "choose one of -p, -c and -g"),
        (["A.trf", "-p"], "choose a pairing system"),
        (["--dutch", "--burstein", "A.trf", "-p"], "choose one system"),
        (["--dutch", "A.trf", "B.trf", "-p"], "one input file"),
        (["--dutch", "-g", "-o"], "-o needs a value"),
        (["--dutch", "-g", "-o", "x.trf", "-s", "seven"], "-s needs a whole number"),
        (["--dutch", "A.trf", "-p", "--swiss"], "unknown option '--swiss'"),
    ],
)
def test_wrong_arguments_are_invalid_input(argv: list[str], says: str) -> None:
    code, out, err = engine(*argv)
    assert (code, out) == (3, "") and says in err


def test_p_writes_to_the_file_named_after_it(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    code, out, _ = engine("--dutch", str(EXAMPLE_B), "-p", str(target))
    assert (code, out) == (0, "")
    assert target.read_text(encoding="utf-8") == "4\n1 7\n2 6\n5 3\n4 0\n"


def test_a_gap_in_the_pairing_numbers_is_refused_as_the_reference_does(tmp_path: Path) -> None:
    # Four players numbered 1, 2, 3, 5: is player 5 the fourth in rank (colours by rule 6.6)?
    # bbpPairings refuses such a file; with XXC rank the line order is the ranking.
    lines = [player_line(pid, "0.0") for pid in (1, 2, 3, 5)]
    gap = tmp_path / "gap.trf"
    gap.write_text("012 Gap\n" + "".join(lines) + "XXR 3\nXXC white1\n")
    code, out, err = engine("--dutch", str(gap), "-p")
    assert (code, out) == (3, "")
    assert f"{gap}:5:5: player id: pairing number 4 is missing" in err
    ranked = tmp_path / "ranked.trf"
    ranked.write_text("012 Gap\n" + "".join(lines) + "XXR 3\nXXC white1 rank\n")
    assert engine("--dutch", str(ranked), "-p") == (0, "2\n1 3\n5 2\n", "")
