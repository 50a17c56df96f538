"""``fairpair-engine --double-swiss -g``: random Double-Swiss events paired round by round by
C.04.5, written in the two-columns-per-match TRF (spec double-swiss.md §9)."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from fairpair.cli.engine import run
from fairpair.core.double_swiss import Mark, MatchByeKind, MatchOutcome, match_entries, scores
from fairpair.formats.trf_double import read_double_trf
from fairpair.pairing.double_generator import generate_double_swiss
from fairpair.pairing.double_swiss import pair_double_swiss, replay_double_swiss
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.generator import GeneratorConfig

BUSY = """\
# every kind of round a Double-Swiss can have, often
PlayersNumber=23
RoundsNumber=7
ForfeitRate=6
OddResultRate=5
ForfeitedMatchRate=6
HalfPointByeRate=3
RetiredRate=4
ZeroPointByeRate=15
"""


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def _generate(tmp_path: Path, seed: int, config: str | None = None) -> Path:
    target = tmp_path / f"event-{seed}.trf"
    options = ["-g"]
    if config is not None:
        settings = tmp_path / "settings.txt"
        settings.write_text(config)
        options.append(str(settings))
    code, out, err = _run("--double-swiss", *options, "-o", str(target), "-s", str(seed))
    assert (code, out, err) == (0, "", "")
    return target


def test_the_default_event_has_the_size_asked_and_passes_the_check(tmp_path: Path) -> None:
    target = _generate(tmp_path, 11)
    event = read_double_trf(target).tournament()
    assert len(event.players) == 40 and event.total_rounds == 9 and len(event.rounds) == 9
    assert "142 18\n" in target.read_text()
    assert _run("--double-swiss", str(target), "-c") == (0, "", "")


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_busy_event_has_every_kind_of_result_and_passes_the_check(
    tmp_path: Path, seed: int
) -> None:
    target = _generate(tmp_path, seed, BUSY)
    event = read_double_trf(target).tournament()  # valid per formats/trf_double
    assert len(event.players) == 23 and event.total_rounds == 7 and len(event.rounds) == 7
    assert _run("--double-swiss", str(target), "-c") == (0, "", "")
    assert replay_double_swiss(event) == []
    # The 001 points are the match-summed scores the results give.
    totals = scores(event)
    for line in target.read_text().splitlines():
        if line.startswith("001"):
            assert float(line[80:84]) == totals[int(line[4:8])] / 2


def test_the_busy_events_hold_odd_results_forfeits_and_byes(tmp_path: Path) -> None:
    games: set[tuple[Mark, Mark]] = set()
    byes: set[MatchByeKind] = set()
    outcomes: set[MatchOutcome] = set()
    single_forfeits = 0
    for seed in range(1, 6):
        event = read_double_trf(_generate(tmp_path, seed, BUSY)).tournament()
        for rnd in event.rounds:
            byes |= {b.kind for b in rnd.byes}
            for match in rnd.matches:
                assert match.games is not None
                games |= set(match.games)
                forfeited = [
                    g for g in match.games if Mark.FORFEIT_LOSS in g and Mark.FORFEIT_WIN in g
                ]
                if match.played and forfeited:
                    single_forfeits += 1
        outcomes |= {e.outcome for rows in match_entries(event).values() for e in rows}
    assert {(Mark.DRAW, Mark.LOSS), (Mark.LOSS, Mark.DRAW), (Mark.LOSS, Mark.LOSS)} <= games
    assert (Mark.FORFEIT_LOSS, Mark.FORFEIT_LOSS) in games
    assert single_forfeits > 0
    assert {MatchOutcome.FORFEIT_WIN, MatchOutcome.FORFEIT_LOSS, MatchOutcome.BYE} <= outcomes
    assert {
        MatchByeKind.PAIRING_ALLOCATED,
        MatchByeKind.HALF_POINT,
        MatchByeKind.ZERO_POINT,
    } <= byes


def test_the_same_seed_gives_the_same_file(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = _generate(tmp_path / "a", 99, BUSY)
    second = _generate(tmp_path / "b", 99, BUSY)
    assert first.read_bytes() == second.read_bytes()
    other = _generate(tmp_path / "a", 100, BUSY)
    assert other.read_text().splitlines()[6:] != first.read_text().splitlines()[6:]


def test_settings_a_double_swiss_cannot_have_are_refused(tmp_path: Path) -> None:
    settings = tmp_path / "settings.txt"
    settings.write_text("PointsForWin=3\n")
    code, _, err = _run("--double-swiss", "-g", str(settings), "-o", str(tmp_path / "x.trf"))
    assert code == 3 and "scores every game 1, ½ or 0" in err
    settings.write_text("OddResultRate=0.5\n")
    code, _, err = _run("--double-swiss", "-g", str(settings), "-o", str(tmp_path / "x.trf"))
    assert code == 3 and "OddResultRate must be 0 (never) or at least 1" in err
    assert not (tmp_path / "x.trf").exists()


def test_a_pab_value_is_written_in_the_162_record(tmp_path: Path) -> None:
    target = _generate(tmp_path, 5, "PlayersNumber=9\nRoundsNumber=3\nPointsForPAB=1\n")
    assert "P 1.0" in target.read_text()
    assert read_double_trf(target).tournament().byes.pairing_allocated == 2


def test_a_round_that_cannot_be_paired_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    # Four players cannot play five rounds without a rematch.
    with pytest.raises(NoValidPairing, match="round 4 of the generated event"):
        generate_double_swiss(
            GeneratorConfig(
                players=4,
                rounds=5,
                forfeited_match_rate=0,
                forfeit_rate=0,
                half_point_bye_rate=0,
                retired_rate=0,
            ),
            random.Random(1),
            pair_double_swiss,
        )
    settings = tmp_path / "settings.txt"
    settings.write_text("PlayersNumber=4\nRoundsNumber=5\nForfeitedMatchRate=0\nForfeitRate=0\n")
    code, _, err = _run("--double-swiss", "-g", str(settings), "-o", str(tmp_path / "x.trf"))
    assert code == 1 and "round 4 of the generated event" in err
    assert not (tmp_path / "x.trf").exists()


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("PlayersNumber=99999999999", "PlayersNumber can be at most 100,000, got 99,999,999,999"),
        ("RoundsNumber=5000", "RoundsNumber can be at most 999, got 5,000"),
    ],
)
def test_an_absurd_size_is_refused_at_once(tmp_path: Path, line: str, words: str) -> None:
    # Without the limit the generator would build 10^11 players before failing or finishing.
    settings = tmp_path / "settings.txt"
    settings.write_text(line + "\n")
    code, _, err = _run("--double-swiss", "-g", str(settings), "-o", str(tmp_path / "x.trf"))
    assert code == 3 and words in err
    code, _, err = _run("--dutch", "-g", str(settings), "-o", str(tmp_path / "x.trf"))
    assert code == 3 and words in err
    assert not (tmp_path / "x.trf").exists()
