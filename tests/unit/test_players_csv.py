"""Reading players from a CSV file, and the errors that name file, line and field."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given, settings

from fairpair.core import Player
from fairpair.formats.errors import FormatError
from fairpair.formats.players_csv import parse_players_csv, read_players_csv
from tests.strategies import players


def _write(tmp_path: Path, text: str, name: str = "players.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_reads_every_column_in_any_order(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "Club,Born,NAME,Elo,Fed,Title\n"
        "Hastings CC,1990/05/01,Alice Smith,2310,ENG,IM\n"
        "Riga,1936/11/09,Mikhail Tal,,LAT,GM\n",
    )
    assert read_players_csv(path) == (
        Player(1, "Alice Smith", 2310, "IM", "ENG", "Hastings CC", birth_date="1990/05/01"),
        Player(2, "Mikhail Tal", None, "GM", "LAT", "Riga", birth_date="1936/11/09"),
    )


@pytest.mark.parametrize(
    ("header", "field", "value"),
    [
        ("rating", "rating", 1800),
        ("ELO", "rating", 1800),
        ("federation", "federation", "X"),
        ("fed", "federation", "X"),
        ("club", "club", "X"),
        ("Team", "club", "X"),
        ("birth date", "birth_date", "X"),
        ("Birth_Date", "birth_date", "X"),
        ("birthdate", "birth_date", "X"),
        ("born", "birth_date", "X"),
        ("title", "title", "X"),
    ],
)
def test_common_header_spellings(header: str, field: str, value: object) -> None:
    (player,) = parse_players_csv(f"Name,{header}\nAnna,{value}\n")
    assert getattr(player, field) == value


def test_numbers_in_file_order_skipping_blank_lines_and_unknown_columns() -> None:
    text = "\ufeffname,notes\nB,first\n\n , \nA,second\nC,\n"
    assert [(p.id, p.name) for p in parse_players_csv(text)] == [(1, "B"), (2, "A"), (3, "C")]


def test_quoted_names_with_commas() -> None:
    (player,) = parse_players_csv('name,rating\n"Carlsen, Magnus", 2830 \n')
    assert (player.name, player.rating) == ("Carlsen, Magnus", 2830)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nobody.csv"
    with pytest.raises(FormatError) as caught:
        read_players_csv(path)
    assert caught.value.path == str(path)
    assert caught.value.line is None
    assert str(caught.value) == f"{path}: no such file"


@pytest.mark.parametrize("text", ["", "\n\n", " , \n"])
def test_empty_file(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(FormatError, match="empty") as caught:
        read_players_csv(path)
    assert caught.value.path == str(path)


def test_no_name_column(tmp_path: Path) -> None:
    path = _write(tmp_path, "player_id,rating\n1,2000\n")
    with pytest.raises(FormatError) as caught:
        read_players_csv(path)
    error = caught.value
    assert (error.path, error.line, error.field) == (str(path), 1, "name")
    assert "no name column" in str(error)
    assert str(error).startswith(f"{path}:1: name: ")


@pytest.mark.parametrize("rating", ["abc", "1850.5", "-100", "²"])
def test_bad_rating_names_line_and_field(tmp_path: Path, rating: str) -> None:
    path = _write(tmp_path, f"name,rating\nAnna,2000\n\nBoris,{rating}\n")
    with pytest.raises(FormatError) as caught:
        read_players_csv(path)
    error = caught.value
    assert (error.line, error.field) == (4, "rating")
    assert str(error).startswith(f"{path}:4: rating: ")
    assert rating in str(error)
    assert isinstance(error, ValueError)


def test_blank_name_names_line_and_field(tmp_path: Path) -> None:
    path = _write(tmp_path, "rating,name\n2000,Anna\n1900,  \n")
    with pytest.raises(FormatError) as caught:
        read_players_csv(path)
    assert (caught.value.line, caught.value.field) == (3, "name")
    assert str(caught.value) == f"{path}:3: name: the name is blank"


def test_short_row_means_blank_name(tmp_path: Path) -> None:
    path = _write(tmp_path, "rating,name\n2000\n")
    with pytest.raises(FormatError, match="blank"):
        read_players_csv(path)


def test_two_columns_for_the_same_field() -> None:
    with pytest.raises(FormatError, match="two columns give the rating") as caught:
        parse_players_csv("name,rating,elo\nA,1,2\n", "x.csv")
    assert caught.value.field == "elo"


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes("name\nJosé\n".encode("latin-1"))
    with pytest.raises(FormatError, match="not UTF-8"):
        read_players_csv(path)


def test_a_directory_is_not_a_players_file(tmp_path: Path) -> None:
    with pytest.raises(FormatError) as caught:
        read_players_csv(tmp_path)
    assert caught.value.path == str(tmp_path)


@settings(max_examples=30, deadline=None)
@given(players(max_size=20))
def test_any_written_field_reads_back(field: tuple[Player, ...]) -> None:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Name", "Rating"])
    for player in field:
        writer.writerow([player.name, "" if player.rating is None else player.rating])
    read = parse_players_csv(out.getvalue())
    assert [(p.id, p.name, p.rating) for p in read] == [(p.id, p.name, p.rating) for p in field]
