"""The director's pairing controls of a team event from the command line, on SQLite: teams kept
apart, a fixed match, a requested bye and a withdrawal honoured by the team Swiss, each one
record of the log and undone like any other; the same controls on a TRF-2026 team file with
``fairpair pair --fixed --forbid``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from fairpair.formats.team_json import load_team_event
from tests.e2e.test_director_cli import Director
from tests.e2e.test_team_event_cli import matches
from tests.integration.stores import database_url
from tests.integration.test_cli_team_files import example


@pytest.fixture
def director(tmp_path: Path) -> Iterator[Director]:
    with database_url("sqlite", tmp_path) as url:
        yield Director(url)


TEAMS = ["Échecs Lyon", "Nice", "Marseille", "Toulouse", "Lille", "Nantes"]


def swiss(director: Director, teams: int = 6) -> None:
    director.run(
        "event", "create", "Cup", "--system", "team-swiss", "--boards", "2", "--rounds", "5"
    )
    for index, name in enumerate(TEAMS[:teams]):
        rating = str(2400 - 50 * index)
        director.run(
            "team", "add", name, "-p", f"{name} 1", "-p", f"{name} 2",
            "--rating", rating, "--rating", rating,
        )  # fmt: skip


def met(text: str) -> set[frozenset[int]]:
    return {frozenset((first, second)) for _, first, second, _ in matches(text)}


def test_forbidden_teams_and_a_fixed_match_shape_the_round(director: Director) -> None:
    swiss(director)
    kept = director.run("team", "forbid", "echecs lyon", "NICE")  # accents and case ignored
    assert kept == "teams 1 Échecs Lyon and 2 Nice kept apart from round 1 on\n"
    warned = director.run("team", "fix", "Nice", "Échecs Lyon")
    assert "note: these teams are kept apart; the match stands as fixed (C1)" in warned
    director.run("undo")
    fixed = director.run("team", "fix", "Marseille", "1")
    assert "round 1: 3 Marseille - 1 Échecs Lyon fixed" in fixed
    shown = director.run("event", "show")
    assert "kept apart" in shown and "1 Échecs Lyon and 2 Nice, from round 1" in shown
    assert "round 1: 3 Marseille - 1 Échecs Lyon" in shown
    text = director.run("round", "pair")
    assert "fixed match" not in director.run("event", "show")  # done: no longer ahead
    listed = matches(text)
    assert listed[0][1:3] == (3, 1)  # the fixed match first, Marseille the White team
    assert frozenset((1, 2)) not in met(text)
    assert sorted(t for m in listed for t in m[1:3]) == [1, 2, 3, 4, 5, 6]
    log = director.run("log")
    assert "kept teams 1 Échecs Lyon and 2 Nice apart from round 1 on" in log
    assert "fixed the match 3 Marseille - 1 Échecs Lyon in round 1" in log


def test_each_control_is_one_record_and_is_undone(director: Director) -> None:
    swiss(director, 4)
    before = director.log_length()
    director.run("team", "fix", "Nice", "Toulouse")
    assert director.log_length() == before + 1
    text = director.run("round", "pair")
    assert met(text) == {frozenset((2, 4)), frozenset((1, 3))}
    assert matches(text)[0][1:3] == (2, 4)  # fixed: Nice the White team, listed first
    director.run("undo")  # the pairing
    director.run("undo")  # the fixed match
    assert "undid" in director.run("log").splitlines()[-1]
    text = director.run("round", "pair")
    # Without it the Swiss pairs 1-3 and 2-4 too (top half against bottom half, S1 v S2),
    # the higher-ranked team's match first and 4.3.1's colours: 2 Nice has Black.
    assert [m[1:3] for m in matches(text)] == [(1, 3), (4, 2)]


def test_refusals_name_the_teams(director: Director, tmp_path: Path) -> None:
    swiss(director, 4)
    director.run("team", "add", "Nice Côte", "-p", "A", "-p", "B")
    refused = director.run("team", "fix", "nice", "Lille", code=2)
    assert "'nice' matches 2 teams" not in refused  # "Nice" is an exact name
    refused = director.run("team", "fix", "ni", "Toulouse", code=2)
    assert "2 Nice" in refused and "5 Nice Côte" in refused
    director.run("team", "remove", "Nice Côte")
    director.run("team", "fix", "Nice", "Toulouse")
    refused = director.run("team", "fix", "Toulouse", "Marseille", code=2)
    assert "Toulouse already has a fixed match in round 1, against Nice" in refused
    refused = director.run("bye", "Nice", code=2)
    assert "Nice has a fixed match in round 1: take it back before a bye" in refused
    out = director.run("team", "unfix", "toulouse")
    assert out == "round 1: the match 2 Nice - 4 Toulouse is no longer fixed\n"
    assert "no fixed match in round 1" in director.run("team", "unfix", "Nice", code=2)
    # Kept apart from everyone: the round cannot be paired, and the refusal says why.
    director.run("team", "forbid", "1", "2", "3", "4")
    refused = director.run("round", "pair", code=2)
    assert "round 1 cannot be paired" in refused
    assert "without the forbidden pair(s) 1 Échecs Lyon - 2 Nice" in " ".join(refused.split())


def test_a_round_robin_refuses_the_swiss_controls(director: Director) -> None:
    director.run("event", "create", "League", "--system", "team-berger", "--boards", "2")
    for name in TEAMS[:4]:
        director.run("team", "add", name, "-p", f"{name} 1", "-p", f"{name} 2")
    assert "follows its schedule" in director.run("team", "forbid", "1", "2", code=2)
    assert "follows its schedule" in director.run("team", "fix", "1", "2", code=2)
    assert "follows its schedule" in director.run("bye", "1", code=2)


def test_a_requested_bye_and_a_withdrawal_are_honoured(director: Director, tmp_path: Path) -> None:
    swiss(director, 6)
    director.run("bye", "Toulouse", "--kind", "half")
    director.run("team", "withdraw", "Lille")
    text = director.run("round", "pair")
    assert sorted(t for m in matches(text) for t in m[1:3]) == [1, 2, 3, 6]
    assert "Bye: 4 Toulouse (half_point)" in text
    assert "Bye: 5 Lille (absent)" in text
    exported = tmp_path / "cup.json"
    director.run("export", str(exported))
    t = load_team_event(exported.read_text())
    assert t.rounds[0].bye_of(4) is not None and t.rounds[0].match_of(5) is None


# --- fairpair pair on a team file ---------------------------------------------------------------


def pair_file(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from fairpair.cli.app import app

    result = CliRunner().invoke(app, ["pair", *args])
    return result.exit_code, result.output


def test_pair_a_team_file_with_a_fixed_match_and_a_forbidden_pair(tmp_path: Path) -> None:
    """Spec §12.12's example pairs 1-4, 2-5 and gives 3 the PAB (team 5 was absent in round
    1). Fixing 5-1 and keeping 2 and 4 apart leaves 2 and 3 to meet, and 4 the PAB (lowest
    score, 3.4.2)."""
    file = example(tmp_path)
    code, out = pair_file(file, "--fixed", "5-1", "--forbid", "2,4", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert (data["boards"][0]["white"], data["boards"][0]["black"]) == (5, 1)
    boards = {frozenset((b["white"], b["black"])) for b in data["boards"]}
    assert frozenset((2, 4)) not in boards and len(boards) == 2
    placed = {t for pair in boards for t in pair} | {data["bye"]}
    assert placed == {1, 2, 3, 4, 5}
    code, out = pair_file(file, "--fixed", "5-1", "--explain")
    assert code == 0, out
    assert re.search(r"^\s+\d+\s+bracket", out, flags=re.MULTILINE)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fixed", "1-9"], "no team with pairing number 9"),
        (["--fixed", "1"], "expected W-B"),
        (["--forbid", "1"], "expected team pairing numbers"),
        (["--fixed", "1-2", "--system", "team-berger"], "a match cannot be fixed"),
    ],
)
def test_pair_a_team_file_refuses_bad_controls(
    tmp_path: Path, args: list[str], message: str
) -> None:
    code, out = pair_file(example(tmp_path), *args)
    assert code == 3 and message in " ".join(out.split())


def test_pair_a_team_file_without_a_legal_pairing_names_the_forbidden_pairs(
    tmp_path: Path,
) -> None:
    code, out = pair_file(example(tmp_path), "--forbid", "1,2,3,4,5")
    assert code == 1
    assert "without the forbidden pair(s) 1 Team01 - 2 Team02" in " ".join(out.split())


def test_pair_a_team_file_names_the_fixed_match_that_blocks_the_round(tmp_path: Path) -> None:
    """5-1 fixed and 2, 3, 4 kept apart: the three left cannot be paired (one PAB, two who may
    not meet); without the controls they could."""
    code, out = pair_file(example(tmp_path), "--fixed", "5-1", "--forbid", "2,3,4")
    assert code == 1
    text = " ".join(out.split())
    assert "cannot be paired around the fixed match(es) 5 Team05 - 1 Team01" in text
    assert "and the fixed match(es) 5 Team05 - 1 Team01 the round could be paired" in text
