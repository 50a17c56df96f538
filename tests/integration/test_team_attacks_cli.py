"""Team events from the command line with the inputs a careless user or an attacker types: each
is refused with an error naming what is wrong (exit 2, never a traceback), and nothing is
logged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_director_cli import Director
from tests.integration.stores import database_url


@pytest.fixture
def director(tmp_path: Path) -> Iterator[Director]:
    with database_url("sqlite", tmp_path) as url:
        yield Director(url)


def team_swiss(director: Director) -> None:
    director.run("event", "create", "Cup", "--system", "team-swiss", "--rounds", "3")


@pytest.mark.parametrize("system", ["team-swiss", "dutch"])
@pytest.mark.parametrize("rounds", ["0", "-1", "100", "999999999999"])
def test_a_number_of_rounds_outside_1_to_99_is_refused(
    director: Director, system: str, rounds: str
) -> None:
    # They were stored: a Swiss of 0 rounds, of -1 (refused with a message about byes), or
    # of 999999999999 rounds (the desk's form allows 1 to 99).
    refused = director.run("event", "create", "X", "--system", system, "--rounds", rounds, code=2)
    assert f"the number of rounds is a whole number from 1 to 99, not {rounds}" in refused
    assert "X" not in director.run("event", "list")


def test_a_team_round_robin_counts_its_own_rounds(director: Director) -> None:
    # `--rounds 2` on a six-team round robin was kept, and the event stopped after round 2;
    # the desk's form and `event edit` already refused it.
    refused = director.run(
        "event", "create", "X", "--system", "team-berger", "--rounds", "2", code=2
    )
    assert "a team round robin counts its own rounds from its teams" in refused


@pytest.mark.parametrize("rating", ["-5", "4001", "99999999"])
def test_a_team_players_rating_is_between_0_and_4000(director: Director, rating: str) -> None:
    # 99999999 was stored, and every TRF export of the event failed afterwards.
    team_swiss(director)
    director.run("team", "add", "Lyon", "-p", "A", "-p", "B")
    before = director.log_length()
    refused = director.run(
        "team", "add", "Nice", "-p", "C", "-p", "D", "--rating", "2000", "--rating", rating,
        code=2,
    )  # fmt: skip
    assert f"Nice: D: a rating between 0 and 4000, not {rating}" in refused
    refused = director.run("team", "edit", "Lyon", "-p", "E", "--rating", rating, code=2)
    assert f"Lyon: E: a rating between 0 and 4000, not {rating}" in refused
    assert director.log_length() == before


def test_team_edit_refuses_a_player_without_a_name(director: Director) -> None:
    team_swiss(director)
    director.run("team", "add", "Lyon", "-p", "A")
    before = director.log_length()
    assert "Lyon: a player needs a name" in director.run("team", "edit", "Lyon", "-p", " ", code=2)
    assert director.log_length() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x00\x01garbage\xff", "t.csv: not a CSV file: it holds NUL bytes"),
        (b"team,name\n\x00\x00\n", "t.csv: not a CSV file: it holds NUL bytes"),
        (b"team,name,board\nLyon,A,\xc2\xb2\n", "t.csv:2:3: board: '\u00b2' is not a board"),
        (b"team,name,rating\nLyon,A,\xc2\xb2\n", "t.csv:2:3: rating: '\u00b2' is not a rating"),
    ],
)
def test_a_binary_teams_file_or_odd_digits_are_refused(
    director: Director, tmp_path: Path, content: bytes, message: str
) -> None:
    # Each of these was a Python traceback (UnicodeDecodeError; int('²') after isdigit()).
    team_swiss(director)
    before = director.log_length()
    path = tmp_path / "t.csv"
    path.write_bytes(content)
    refused = director.run("team", "import", str(path), code=2)
    assert message in refused and "Traceback" not in refused
    assert director.log_length() == before


def test_a_missing_teams_file_is_named(director: Director, tmp_path: Path) -> None:
    team_swiss(director)
    refused = director.run("team", "import", str(tmp_path / "none.csv"), code=2)
    assert "none.csv: No such file or directory" in refused


def test_a_latin1_teams_file_is_read_as_the_desk_reads_it(
    director: Director, tmp_path: Path
) -> None:
    # A spreadsheet's Latin-1 CSV was a UnicodeDecodeError traceback here, and read at the desk.
    team_swiss(director)
    path = tmp_path / "t.csv"
    path.write_bytes("team,name\nNîmes,Jérôme\n".encode("latin-1"))
    assert "imported 1 teams (1 players)" in director.run("team", "import", str(path))
    assert "Jérôme" in director.run("team", "list")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("result", "²", "1-0"), "'²': name a match (3) or a board of a match (3.2)"),
        (("result", "1.²", "1-0"), "'1.²': name a match (3) or a board of a match (3.2)"),
        (("lineup", "²", "A1"), "no team matches '²'"),
        (("team", "withdraw", "²"), "no team matches '²'"),
        (("lineup", "Lyon", "#²"), "no player of Lyon's roster matches '#²'"),
        (("event", "standings", "--event", "²"), "no event '²'"),
    ],
)
def test_a_number_in_other_digits_is_refused_as_a_reference(
    director: Director, args: tuple[str, ...], message: str
) -> None:
    # str.isdigit() takes '²', and int('²') is a ValueError: each was a traceback. The checks
    # ask isdecimal() now, whose digits int() reads.
    team_swiss(director)
    director.run("team", "add", "Lyon", "-p", "A1", "-p", "A2")
    director.run("team", "add", "Nice", "-p", "B1", "-p", "B2")
    director.run("round", "pair")
    before = director.log_length()
    assert message in director.run(*args, code=2)
    assert director.log_length() == before
