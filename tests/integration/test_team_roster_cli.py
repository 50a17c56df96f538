"""Roster corrections of a team event from the command line, on SQLite: a player's name, rating
and FIDE id, the roster's board order before the team has fielded a line-up (refused after,
with the reason), and players added at the end later; each one record of the log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fairpair.core.teams import TeamTournament
from fairpair.formats.team_json import load_team_event
from tests.e2e.test_director_cli import Director
from tests.integration.stores import database_url
from tests.integration.test_team_controls_cli import swiss


@pytest.fixture
def director(tmp_path: Path) -> Iterator[Director]:
    with database_url("sqlite", tmp_path) as url:
        yield Director(url)


def exported(director: Director, tmp_path: Path) -> TeamTournament:
    path = tmp_path / "event.json"
    director.run("export", str(path))
    return load_team_event(path.read_text())


def test_a_team_player_is_corrected(director: Director, tmp_path: Path) -> None:
    swiss(director, 4)
    director.run("team", "add", "Nîmes", "-p", "Garcia, Ana", "-p", "Roux, Léa")
    before = director.log_length()
    out = director.run(
        "player", "edit", "garcia", "--name", "García, Ana", "--rating", "2215",
        "--fide-id", "2201234",
    )  # fmt: skip
    assert out.startswith("edited: fide_id, name, rating")
    assert director.log_length() == before + 1
    assert "corrected player 9 Garcia, Ana (team 5): fide_id='2201234'" in director.run("log")
    director.run("player", "edit", "#2", "--team", "Nîmes", "--rating", "1990")
    t = exported(director, tmp_path)
    ana, lea = (q for q in t.players if q.id in t.team(5).roster)
    assert (ana.name, ana.rating, ana.fide_id) == ("García, Ana", 2215, "2201234")
    assert (lea.name, lea.rating) == ("Roux, Léa", 1990)
    # A name that two teams' players share is refused with the candidates and their teams.
    assert director.run("player", "edit", "1", "--rating", "2001").startswith("edited: rating")
    refused = director.run("player", "edit", "Nice", "--rating", "2000", code=2)
    assert "Nice 1 (Nice)" in refused and "Nice 2 (Nice)" in refused
    assert "nothing to change" in director.run(
        "player", "edit", "#2", "--team", "Nîmes", "--rating", "1990", code=2
    )
    director.run("undo")
    director.run("undo")
    assert exported(director, tmp_path).players[-1].rating is None


def test_the_roster_is_reordered_until_the_team_fields_a_line_up(
    director: Director, tmp_path: Path
) -> None:
    swiss(director, 5)
    director.run("team", "add", "Nîmes", "-p", "A", "-p", "B", "-p", "C")
    out = director.run("team", "reorder", "Nîmes", "#3", "A", "#2")
    assert out == "team 6 Nîmes: 1. C, 2. A, 3. B\n"
    refused = director.run("team", "reorder", "Nîmes", "#1", "#2", code=2)
    assert "name each of its 3 players once" in refused
    director.run("round", "pair")
    match = exported(director, tmp_path).rounds[0].match_of(6)
    assert match is not None
    names = {q.id: q.name for q in exported(director, tmp_path).players}
    assert [names[pid] for pid in match.lineup(6) if pid] == ["C", "A"]  # the new order
    refused = director.run("team", "reorder", "Nîmes", "#2", "#1", "#3", code=2)
    assert "Nîmes fielded a line-up in round 1 in its roster order" in " ".join(refused.split())
    assert "undo the pairing of round 1 first" in " ".join(refused.split())
    # Added at the end after the round: the line-up already fielded stays as it was.
    played = exported(director, tmp_path)
    director.run("team", "edit", "Nîmes", "--player", "D", "--rating", "1800")
    t = exported(director, tmp_path)
    assert [names.get(pid, "D") for pid in t.team(6).roster] == ["C", "A", "B", "D"]
    assert t.team(6).roster[:3] == played.team(6).roster
    assert t.rounds == played.rounds


def test_a_roster_holds_at_most_fourteen_players(director: Director) -> None:
    swiss(director, 2)
    players = [x for n in range(12) for x in ("-p", f"Player {n}")]
    director.run("team", "edit", "Nice", *players)
    refused = director.run("team", "edit", "Nice", "-p", "One more", code=2)
    assert "Nice: 15 players; a roster holds at most 14" in refused
