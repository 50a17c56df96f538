"""A six-player round robin in which a player withdraws after round 2, run through the
`fairpair` command under each withdrawal policy (spec round-robin.md §6.3)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_director_cli import Director
from tests.integration.stores import SQL_BACKENDS, database_url

NAMES = ["Anna", "Boris", "Carla", "Dmitri", "Elena", "Farid"]

# The Berger table for six (spec §1.5): R1 1-6 2-5 3-4, R2 6-4 5-3 1-2, R3 2-6 3-1 4-5,
# R4 6-5 1-4 2-3, R5 3-6 4-2 5-1. White wins every game played. Carla (3) withdraws after
# round 2: her games 3-1 (R3, board 2), 2-3 (R4, board 3) and 3-6 (R5, board 1) are not
# played, so those boards already have their result when the round is paired.
OPEN_BOARDS = {1: (1, 2, 3), 2: (1, 2, 3), 3: (1, 3), 4: (1, 2), 5: (2, 3)}


@pytest.fixture(params=SQL_BACKENDS)
def director(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Director]:
    with database_url(request.param, tmp_path) as url:
        yield Director(url)


def run_event(director: Director, policy: str) -> None:
    director.run("event", "create", "Club", "--system", "berger", "--withdrawal-policy", policy)
    for name in NAMES:
        director.run("player", "add", name)
    for number in range(1, 6):
        if number == 3:
            assert "withdrawn from round 3 on" in director.run("player", "withdraw", "carla")
        director.run("round", "pair")
        results = [x for board in OPEN_BOARDS[number] for x in (str(board), "1-0")]
        assert "complete" in director.run("result", *results)


def standings(director: Director) -> list[tuple[int, int, str, str, bool]]:
    rows = json.loads(director.run("event", "standings", "--format", "json"))["standings"]
    return [
        (
            r["rank"],
            r["start_rank"],
            str(r["points"]),
            str(r["tiebreaks"]["SB"]),
            r.get("annulled", False),
        )
        for r in rows
    ]


def test_keep_played_forfeit_rest(director: Director) -> None:
    run_event(director, "keep_played_forfeit_rest")
    # Points: Anna 1+1+1(+ Carla)+1+0 = 4; Boris 1+0+1+1(+ Carla)+0 = 3; Carla 1+0+0+0+0 = 1;
    # Dmitri 0+0+1+0+1 = 2; Elena 0+1+0+0+1 = 2; Farid 0+1+0+1+1(+ Carla) = 3.
    # SB, forfeits counted as games against Carla (1 point, FIDE rule 4):
    # Boris 2 (Elena) + 3 (Farid) + 1 (Carla) = 6 > Farid 2 (Dmitri) + 2 (Elena) + 1 = 5;
    # Dmitri 2 (Elena) + 3 (Boris) = 5 = Elena 1 (Carla) + 4 (Anna) = 5, Dmitri beat Elena (DE);
    # Anna 3 + 3 + 1 + 2 = 9; Carla 2 (Dmitri).
    assert standings(director) == [
        (1, 1, "4", "9", False),
        (2, 2, "3", "6", False),
        (3, 6, "3", "5", False),
        (4, 4, "2", "5", False),
        (5, 5, "2", "5", False),
        (6, 3, "1", "2", False),
    ]
    shown = director.run("event", "show")
    assert "withdrawals:    games played count" in shown and "keep_played" not in shown
    assert "Withdrawals: games played count" in director.run("event", "standings")


def test_annul_if_under_half(director: Director) -> None:
    run_event(director, "annul_if_under_half")
    # Carla played 2 of her 5 games (< half): all her results are deleted.
    # Anna 1+1+0+1+0 = 3; Boris 1+0+1+0+0 = 2; Dmitri 0+0+1+0+1 = 2; Elena 0+0+0+0+1 = 1;
    # Farid 0+1+0+1+0 = 2. Boris, Dmitri and Farid: SB 1+2 = 2+1 = 2+1 = 3 each, each beat
    # one of the others (a cycle, DE does not separate), two wins each (WON): one shared rank.
    # Anna's SB 2+2+2 = 6; Elena's 3 (beat Anna). Carla is listed last, annulled.
    assert standings(director) == [
        (1, 1, "3", "6", False),
        (2, 2, "2", "3", False),
        (2, 4, "2", "3", False),
        (2, 6, "2", "3", False),
        (5, 5, "1", "3", False),
        (6, 3, "0", "0", True),
    ]
    crosstable = director.run("event", "crosstable")
    carla = next(line for line in crosstable.splitlines() if "Carla" in line)
    assert "Carla (annulled)" in carla and carla.count("(") == 1 + 5  # her name and 5 rounds
    assert "Withdrawals: all results of a player who withdrew" in crosstable
    assert crosstable.splitlines()[2].split()[:4] == ["No", "Name", "1", "2"]  # the grid, unrated
    shown = director.run("event", "show")
    assert "are annulled" in shown and "annul_if_under_half" not in shown


def test_the_policy_is_refused_for_a_swiss(director: Director) -> None:
    error = director.run(
        "event",
        "create",
        "Open",
        "--rounds",
        "5",
        "--withdrawal-policy",
        "annul_if_under_half",
        code=2,
    )
    assert "--withdrawal-policy is for round robins" in error
