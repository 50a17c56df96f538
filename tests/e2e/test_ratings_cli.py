"""Rating lists through the `fairpair` command only, on SQLite and on PostgreSQL: import
(plain, zipped as FIDE publishes it, a national CSV with --map), list, search, register a
player from a list, update an event's ratings before round 1 and undo it."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_director_cli import Director
from tests.integration.stores import SQL_BACKENDS, database_url

DATA = Path(__file__).parent.parent / "data" / "ratings"


@pytest.fixture(params=SQL_BACKENDS)
def director(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Director]:
    with database_url(request.param, tmp_path) as url:
        yield Director(url)


def test_lists_are_imported_listed_and_searched(director: Director, tmp_path: Path) -> None:
    said = director.run(
        "ratings", "import", str(DATA / "players_list_foa.txt"), "--name", "FIDE 2026-11"
    )
    assert said.strip() == "imported 'FIDE 2026-11': 5 players from players_list_foa.txt"
    zipped = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.write(DATA / "players_list_xml.xml", "players_list_xml_foa.xml")
    said = director.run("ratings", "import", str(zipped), "--name", "FIDE XML")
    assert "imported 'FIDE XML': 3 players" in said
    said = director.run(
        "ratings",
        "import",
        str(DATA / "national.csv"),
        "--map",
        "id=NatID,surname=Nachname,first_name=Vorname,rating=DWZ,fide_id=FIDE-ID",
    )
    assert "imported 'national': 3 players" in said
    listed = director.run("ratings", "lists")
    for line in ("FIDE 2026-11", "FIDE XML", "national"):
        assert line in listed
    found = director.run("ratings", "search", "müll", "--list", "national")
    assert "Müller, Jonas" in found and "1850" in found and "Schröder" not in found
    found = director.run("ratings", "search", "JOSE", "--list", "FIDE XML")
    assert "Ørsted-Müller, José" in found and "2212345" in found
    found = director.run("ratings", "search", "1503", "--list", "FIDE 2026-11")
    assert "Carlsen, Magnus" in found and "2823" in found
    assert "matches" in director.run("ratings", "search", "zzz", "--list", "FIDE XML", code=1)
    said = director.run("ratings", "remove", "FIDE XML")
    assert said.strip() == "removed 'FIDE XML' (3 players)"
    assert "FIDE XML" not in director.run("ratings", "lists")
    assert "no rating list named 'FIDE XML'" in director.run(
        "ratings", "search", "jose", "--list", "FIDE XML", code=2
    )


def test_a_bad_file_is_refused_naming_line_and_field_and_the_old_list_stays(
    director: Director, tmp_path: Path
) -> None:
    director.run("ratings", "import", str(DATA / "players_list_foa.txt"), "--name", "FIDE")
    bad = tmp_path / "players_list_foa.txt"
    bad.write_bytes((DATA / "players_list_foa.txt").read_bytes().replace(b"UKR F", b"UKR X"))
    error = director.run("ratings", "import", str(bad), "--name", "FIDE", code=2)
    assert "players_list_foa.txt:3: Sex: 'X': FIDE writes M or F" in error
    assert "Muzychuk" in director.run("ratings", "search", "muz", "--list", "FIDE")
    assert "5" in director.run("ratings", "lists")
    error = director.run("ratings", "import", str(DATA / "national.csv"), code=2)
    assert "--map" in error


def test_players_come_from_the_list_and_their_ratings_are_updated_then_undone(
    director: Director,
) -> None:
    director.run("ratings", "import", str(DATA / "players_list_foa.txt"), "--name", "FIDE 2026-11")
    director.run("event", "create", "Open", "--rounds", "5")
    said = director.run("player", "add", "--from-list", "1503014")
    assert said.strip() == "registered 1 Carlsen, Magnus"
    director.run("player", "add", "Smith, Anna", "--fide-id", "4100018", "--rating", "1900")
    director.run("player", "add", "--from-list", "13300474", "--rating", "2499")
    players = director.run("player", "list")
    assert re.search(r"1  Carlsen, Magnus\s+2823\s+GM\s+NOR", players)
    assert re.search(r"3  Muzychuk, Mariya\s+2499\s+GM\s+UKR", players)
    updated = director.run("event", "update-ratings", "--list", "FIDE 2026-11")
    assert "updated 2 players" in updated
    assert "Smith, Anna" in updated and "1987" in updated and "1900" in updated
    assert "ratings.updated" in director.run("log")
    assert "1987" in director.run("player", "list")
    director.run("undo")
    assert "1987" not in director.run("player", "list")
    director.run("round", "pair")
    error = director.run("event", "update-ratings", code=2)
    assert "round 1 is paired" in error
    error = director.run("player", "add", "--from-list", "999", code=2)
    assert "no player has ID '999'" in error


def test_importing_a_list_under_a_name_in_use_says_it_replaces_it(director: Director) -> None:
    from typer.testing import CliRunner

    file = str(DATA / "players_list_foa.txt")
    first = CliRunner().invoke(director.app, ["ratings", "import", file, "--db", director.db])
    assert first.exit_code == 0 and "replaces" not in first.stderr
    again = CliRunner().invoke(director.app, ["ratings", "import", file, "--db", director.db])
    assert again.exit_code == 0
    assert "it replaces the list of that name imported" in again.stderr
    assert "(5 players); give another --name to keep both" in again.stderr
    assert director.run("ratings", "lists").count("players_list_foa.txt") == 1
