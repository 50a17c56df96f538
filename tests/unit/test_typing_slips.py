"""Typing slips a director makes under time pressure are refused, naming what is wrong, rather
than read as something else: a tie-break given twice, a player named twice in --forbid, digits
of another script where a start number goes, a birth date the calendar has not. Counts read as
words ("1 round", not "1 rounds")."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.core import Player, Tournament
from fairpair.core.words import counted
from fairpair.formats.player_fields import birth_date
from fairpair.formats.trf import write_trf
from fairpair.service.errors import CommandError
from fairpair.service.events import check_tiebreaks


def run(*args: str) -> tuple[int, str]:
    app = typer.Typer()
    commands.register(app)
    done = CliRunner().invoke(app, list(args))
    return done.exit_code, done.output


@pytest.mark.parametrize("codes", [("BH", "BH"), ("BH", "SB", "bh"), ("DE", "WON", "DE")])
def test_a_tiebreak_given_twice_is_refused(codes: tuple[str, ...]) -> None:
    with pytest.raises(CommandError, match="is given twice"):
        check_tiebreaks(codes)


def test_different_tiebreaks_pass() -> None:
    check_tiebreaks(("BH-C1", "BH", "SB", "DE"))


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("1987-05-09", "1987/05/09"),
        ("29.02.2000", "2000/02/29"),
        ("1990/00/00", "1990/00/00"),  # rating reports write an unknown day and month as 00
        ("1990", "1990"),
    ],
)
def test_birth_dates_that_exist_are_kept(typed: str, kept: str) -> None:
    assert birth_date(typed) == kept


@pytest.mark.parametrize("typed", ["2020-13-45", "2001-02-29", "31.04.1999", "1990/02/30"])
def test_a_birth_date_the_calendar_has_not_is_refused(typed: str) -> None:
    with pytest.raises(ValueError, match="is not a date"):
        birth_date(typed)


def test_counts_read_as_words() -> None:
    assert counted(1, "round") == "1 round"
    assert counted(0, "round") == "0 rounds"
    assert counted(7, "round") == "7 rounds"
    assert counted(2, "match", "matches") == "2 matches"


@pytest.fixture
def trf(tmp_path: Path) -> str:
    players = tuple(Player(id=i, name=f"Player {i}", rating=2000 - i) for i in range(1, 7))
    path = tmp_path / "six.trf"
    path.write_text(write_trf(Tournament(players, (), total_rounds=5)))
    return str(path)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--forbid", "1,1", "a player is named twice"),
        ("--forbid", "2,3,2", "a player is named twice"),
        ("--forbid", "\u0661,\u0662", "expected start numbers"),  # Arabic-Indic 1 and 2
        ("--fixed", "\u0661-\u0662", "expected W-B"),
    ],
)
def test_pair_options_refuse_slips(trf: str, option: str, value: str, message: str) -> None:
    code, output = run("pair", trf, option, value)
    assert code != 0
    assert message in output


def test_event_create_refuses_a_tiebreak_twice_and_says_one_round(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    code, output = run(
        "event", "create", "Twice", "--rounds", "5", "--tiebreaks", "BH,BH", "--db", db
    )
    assert code == 2 and "given twice" in output
    code, output = run("event", "create", "Short", "--rounds", "1", "--db", db)
    assert code == 0 and ", 1 round;" in output
