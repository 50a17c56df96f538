"""Abnormal points of a team event (TRF-2026 ``299``; spec team-swiss.md §1.6 and §12.9) read
from a team file and applied to the scores the pairing and the standings read.

§12.9: "col 5 kind (W D L F H Z + -, blank = bonus/penalty), 8-11 MP ([-]11.5), 14-17 GP, 20-22
round (000/blank = all rounds), TPNs from 24-27, every 5 columns. A kind replaces the points a
team gets for that kind of result (listed teams and rounds); without teams and rounds it
redefines the event default; a blank kind adds its (possibly negative) points."

The values below are worked by hand on the spec's own example (§12.12, Example B of §15 before
round 2): round 1 was 1-3 won by team 1 (1½-½ on the boards), 2-4 won by team 4 (0-2), team 5
absent (240 Z); so without 299 records MP 2, 0, 0, 2, 0 and GP 1.5, 0, 0.5, 2, 0 (TW 2, §1.5).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import GameResult
from fairpair.core.teams import (
    Board,
    PointOverride,
    TeamMatch,
    TeamOutcome,
    TeamRound,
    team_entries,
    team_scores,
)
from fairpair.formats.team_json import dump_team_event, load_team_event
from fairpair.formats.trf import TrfError
from fairpair.formats.trf_team import parse_team_trf, write_team_trf
from fairpair.pairing.team_swiss import pair_team_swiss
from fairpair.standings.team import compute_team_standings
from tests.team_builders import team_event
from tests.unit.test_trf_team import SPEC_EXAMPLE

register(app)


def record(
    kind: str = " ",
    mp: str = "",
    gp: str = "",
    rnd: str = "",
    teams: tuple[int, ...] = (),
) -> str:
    """A 299 line with each field at the columns §12.9 gives it (points end at columns 11 and
    17; a minus sign of 11.5 takes the column before)."""
    line = f"299 {kind} {mp:>5} {gp:>5}  {rnd:>3}"
    if teams:
        line += " " + " ".join(f"{tpn:4d}" for tpn in teams)
    return line.rstrip()


def example(*records: str) -> str:
    """The spec example with 299 records after its 240 record."""
    head, _, rest = SPEC_EXAMPLE.partition("001    1")
    return head + "".join(r + "\n" for r in records) + "001    1" + rest


def scores(*records: str) -> dict[int, tuple[int, int]]:
    return team_scores(parse_team_trf(example(*records), "e.trf").tournament())


PLAIN = {1: (20, 15), 2: (0, 0), 3: (0, 5), 4: (20, 20), 5: (0, 0)}


def test_without_299_the_example_scores_by_the_match_points() -> None:
    assert scores() == PLAIN


def test_a_kind_without_teams_or_round_redefines_the_event_default() -> None:
    """ "W 3.0": every won match is worth 3 MP; its GP stay (the field is blank)."""
    assert scores(record("W", "3.0")) == PLAIN | {1: (30, 15), 4: (30, 20)}


def test_a_kind_for_listed_teams_and_a_round() -> None:
    """Team 5's absence (240 Z, kind Z) in round 1 made worth 1 MP and 1 GP; team 4's won
    match of round 2 (not played yet) changes nothing."""
    found = scores(record("Z", "1.0", "1.0", "001", (5,)), record("W", "5.0", "", "002", (4,)))
    assert found == PLAIN | {5: (10, 10)}


def test_the_most_specific_record_wins_whatever_the_order() -> None:
    default, own = record("W", "3.0"), record("W", "4.0", "", "000", (1,))
    for order in ((default, own), (own, default)):
        assert scores(*order) == PLAIN | {1: (40, 15), 4: (30, 20)}


def test_a_blank_kind_adds_a_bonus_or_a_penalty_once() -> None:
    """-1 MP to team 4 and +0.5 GP to team 2, both for every round (000): counted once."""
    found = scores(record(" ", "-1.0", "", "000", (4,)), record(" ", "", "0.5", "", (2,)))
    assert found == PLAIN | {4: (10, 20), 2: (0, 5)}
    # In an event of three rounds a penalty of round 2 counts in round 2, once.
    event = team_event(4, [[(1, 2, 2.0), (3, 4, 2.0)]] * 3, total_rounds=5)
    fined = dataclasses.replace(event, point_overrides=(PointOverride(None, -10, None, 2, (1,)),))
    assert team_scores(fined)[1] == (50, 60)  # 3 wins of 2 MP, less 1; GP 3 x 2
    assert [e.match_points for e in team_entries(fined)[1]] == [20, 10, 20]
    forever = dataclasses.replace(event, point_overrides=(PointOverride(None, -10, None),))
    before = team_scores(event)
    assert {tpn: mp for tpn, (mp, _) in team_scores(forever).items()} == {
        tpn: mp - 10 for tpn, (mp, _) in before.items()
    }


def test_forfeit_kinds_replace_a_whole_match_forfeit() -> None:
    """ "+ 1.0 0.0": a match won by forfeit gives 1 MP and no GP instead of TW and B x win."""
    event = team_event(2, [[]], total_rounds=3)
    empty = tuple(Board(pid, None, GameResult.WHITE_WINS_BY_FORFEIT) for pid in (1, 2))
    forfeited = TeamRound(1, (TeamMatch(1, 2, boards=empty),))
    event = dataclasses.replace(event, rounds=(forfeited,))
    assert team_entries(event)[1][0].outcome is TeamOutcome.FORFEIT_WIN
    rule = PointOverride(TeamOutcome.FORFEIT_WIN, 10, 0)
    assert team_scores(dataclasses.replace(event, point_overrides=(rule,)))[1] == (10, 0)


def test_the_pairing_reads_the_overridden_scores() -> None:
    """Example B's round 2 is 1-4, 2-5 and the PAB to team 3 (§12.12). A bonus of 1 MP for
    team 3 lifts it from the lowest score: the PAB goes to the team of lowest score (3.4.2)
    with most matches played (3.4.3), team 2 (team 5 played none). Then 1 and 4 (2 MP) meet,
    and 3 (1 MP) takes 5 (0 MP) as the only team left; 3 played Black in round 1, so its
    preference for White is the only one, granted (4.3.2)."""
    bonus = record(" ", "1.0", "", "001", (3,))
    event = parse_team_trf(example(bonus), "e.trf").tournament()
    pairing = pair_team_swiss(event)
    assert [(g.white, g.black) for g in pairing.boards] == [(1, 4), (3, 5)]
    assert pairing.bye == 2


def test_fairpair_pair_and_the_engine_read_299(tmp_path: Path) -> None:
    path = tmp_path / "b.trf"
    path.write_text(example(record(" ", "1.0", "", "001", (3,))))
    result = CliRunner().invoke(app, ["pair", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["bye"] == 2
    import io

    from fairpair.cli.engine import run

    out = tmp_path / "out.txt"
    assert run(["--team", str(path), "-p", str(out)], io.StringIO(), io.StringIO()) == 0
    # As §12.12 writes its expected output: the number of pairs (the PAB too), then each.
    assert out.read_text().split("\n")[:4] == ["3", "1 4", "3 5", "2 0"]


def test_the_standings_read_the_overridden_scores() -> None:
    event = parse_team_trf(example(record(" ", "-2.0", "", "", (1,))), "e.trf").tournament()
    table = compute_team_standings(event, ("MPvGP",))
    first = table.rows[0]
    assert (first.team_id, first.points) == (4, 2)
    assert next(row.points for row in table.rows if row.team_id == 1) == 0


@pytest.mark.parametrize(
    ("line", "where"),
    [
        (record("X", "1.0"), r"e\.trf:8:5: abnormal points kind"),
        (record("W"), r"e\.trf:8:8: abnormal points"),
        (record("W", "1.0", "", "001", (9,)), r"e\.trf:8:24: abnormal points team"),
        (record("W", "x"), r"e\.trf:8:7: abnormal match points"),
    ],
)
def test_a_bad_299_record_is_refused_with_line_and_column(line: str, where: str) -> None:
    with pytest.raises(TrfError, match=where):
        parse_team_trf(example(line), "e.trf").tournament()


def test_299_records_are_written_back_and_kept_by_json() -> None:
    rules = (
        record("W", "3.0"),
        record("Z", "1.0", "1.0", "001", (5,)),
        record(" ", "-11.5", "", "000", (2, 4)),
    )
    document = parse_team_trf(example(*rules), "e.trf")
    event = document.tournament()
    assert len(event.point_overrides) == 3
    assert write_team_trf(event, like=document) == document.to_text()
    fresh = write_team_trf(event)
    assert parse_team_trf(fresh, "fresh.trf").tournament() == event
    assert load_team_event(dump_team_event(event)) == event


def test_fairpair_standings_of_a_team_file_count_299(tmp_path: Path) -> None:
    """A penalty of 2 MP (blank kind) takes team 1's won match back: 0 MP, second on GP."""
    path = tmp_path / "b.trf"
    path.write_text(example(record(" ", "-2.0", "", "", (1,))))
    result = CliRunner().invoke(app, ["standings", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["standings"]
    assert [(row["start_rank"], row["points"]) for row in rows[:2]] == [(4, 2), (1, 0)]
    refused = CliRunner().invoke(app, ["standings", str(path), "-t", "NOPE"])
    assert refused.exit_code != 0 and "unknown team tie-break" in refused.output
