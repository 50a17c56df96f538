"""Players' CSV files as spreadsheets write them: the delimiter (``;``, ``,``, tab), a byte-order
mark, Windows line endings, the FIDE rating-report columns under their usual headers, and
broken rows refused naming the file, the line and the column."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from fairpair.core import Player
from fairpair.formats.errors import FormatError
from fairpair.formats.players_csv import parse_players_csv, read_players_csv, write_players_csv
from tests.strategies import event_players


def _write(tmp_path: Path, text: str, *, bom: bool = False, name: str = "players.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8"))
    return path


def test_excel_in_europe_semicolons_bom_and_windows_line_endings(tmp_path: Path) -> None:
    text = (
        "Nom;Prénom;Elo;Fédération;ID FIDE;Né;Sexe;Titre\r\n"
        "Vachier-Lagrave;Maxime;2730;fra;623539;21.10.1990;M;GM\r\n"
        '"Skripchenko; Almira";;2350;FRA;14101700;1976-02-17;;WGM\r\n'
        "\r\n"
    )
    # "Né" and "Sexe" are no known headers: those columns are ignored
    path = _write(tmp_path, text.replace("Né", "Birthday").replace("Sexe", "Gender"), bom=True)
    assert read_players_csv(path) == (
        Player(1, "Vachier-Lagrave, Maxime", 2730, "GM", "FRA", fide_id="623539",
               birth_date="1990/10/21", sex="m"),
        Player(2, "Skripchenko; Almira", 2350, "WGM", "FRA", fide_id="14101700",
               birth_date="1976/02/17"),
    )  # fmt: skip


def test_tab_separated_with_other_spellings(tmp_path: Path) -> None:
    text = (
        "Player\tRtg\tFideID\tbirth_year\tsex\tcountry\nDing Liren\t2780\t8603677\t1992\tm\tchn\n"
    )
    path = _write(tmp_path, text, name="players.tsv")
    assert read_players_csv(path) == (
        Player(1, "Ding Liren", 2780, federation="CHN", fide_id="8603677", birth_date="1992",
               sex="m"),
    )  # fmt: skip


@pytest.mark.parametrize(
    "header", ["fide_id", "FIDE ID", "ID FIDE", "FideID", "fide", "Fide-Id", "ÍD FÍDE"]
)
def test_the_fide_id_under_each_spelling(header: str) -> None:
    (player,) = parse_players_csv(f"name,{header}\nAnna,1503014\n")
    assert player.fide_id == "1503014"


@pytest.mark.parametrize(
    ("header", "value", "expected"),
    [
        ("birth", "1990", "1990"),
        ("born", "1990-05-17", "1990/05/17"),
        ("birth_year", "2008", "2008"),
        ("Birthday", "17/05/1990", "1990/05/17"),
        ("Birthday", "05/06/1990", "05/06/1990"),  # day or month first? kept as written
        ("date of birth", "1990/5/7", "1990/05/07"),
    ],
)
def test_birth_dates_as_a_rating_report_writes_them(header: str, value: str, expected: str) -> None:
    (player,) = parse_players_csv(f"name,{header}\nAnna,{value}\n")
    assert player.birth_date == expected


@pytest.mark.parametrize(
    ("header", "value", "expected"),
    [("sex", "F", "w"), ("Gender", "male", "m"), ("sex", "w", "w"), ("SEX", "", "")],
)
def test_sex_as_a_rating_report_writes_it(header: str, value: str, expected: str) -> None:
    (player,) = parse_players_csv(f"name,{header}\nAnna,{value}\n")
    assert player.sex == expected


def test_quoted_names_with_commas_and_semicolons() -> None:
    players = parse_players_csv('name,elo\n"Carlsen, Magnus",2830\n"So; Wesley",2760\n')
    assert [(p.name, p.rating) for p in players] == [
        ("Carlsen, Magnus", 2830),
        ("So; Wesley", 2760),
    ]
    (player,) = parse_players_csv("Name;Elo\nCarlsen, Magnus;2830\n")
    assert (player.name, player.rating) == ("Carlsen, Magnus", 2830)


@pytest.mark.parametrize(
    ("text", "line", "field", "words"),
    [
        ('name;elo\nAnna;2000\n"Boris;1900\nCarl;1800\n', 3, None, "never closed"),
        ("name;elo\nAnna;2000\n;1900\n", 3, "name", "the name is blank"),
        ("name;Elo\nAnna;2000\r\nBoris;19OO\n", 3, "Elo", "'19OO' is not a rating (a whole"),
        ("name,ID FIDE\nAnna,FRA-123\n", 2, "ID FIDE", "is not a FIDE ID"),
        ("name,sex\nAnna,x\n", 2, "sex", "write m or w"),
        ("name,fed\nAnna,France\n", 2, "fed", "a three-letter code"),
        ("name,elo\nCarlsen, Magnus,2830\n", 2, None, "not quoted?"),
    ],
)
def test_a_broken_row_names_file_line_and_column(
    tmp_path: Path, text: str, line: int, field: str | None, words: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(FormatError) as caught:
        read_players_csv(path)
    error = caught.value
    assert (error.path, error.line, error.field) == (str(path), line, field)
    assert words in str(error)
    assert str(error).startswith(f"{path}:{line}:")


def test_the_column_of_a_bad_cell_is_named() -> None:
    with pytest.raises(FormatError) as caught:
        parse_players_csv("no;name;rating\n1;Anna;x\n", "p.csv")
    assert str(caught.value) == (
        "p.csv:2: rating: 'x' is not a rating (a whole number, or blank if unrated) (column 3)"
    )


def test_first_and_last_name_columns() -> None:
    players = parse_players_csv("Last name,First name\nTal,Mikhail\nPolgar,\n,Judit\n")
    assert [p.name for p in players] == ["Tal, Mikhail", "Polgar", "Judit"]


@settings(max_examples=50, deadline=None)
@given(event_players(max_size=12, with_club=True))
def test_the_export_reads_back_with_every_field(field: tuple[Player, ...]) -> None:
    renumbered = tuple(
        Player(n, p.name.strip() or "X", p.rating, p.title, p.federation, p.club.strip(),
               p.fide_id, p.birth_date, p.sex)
        for n, p in enumerate(field, start=1)
    )  # fmt: skip
    text = write_players_csv(renumbered)
    assert text.splitlines()[0] == "no,name,rating,title,federation,club,fide_id,birth_date,sex"
    assert parse_players_csv(text) == renumbered


@pytest.mark.parametrize("breaking", ["\r", "\n", "\r\n"])
def test_a_cell_over_two_lines_is_refused(breaking: str) -> None:
    text = f'name;rating\r\n"Dupont,{breaking}Jean";2100\r\n'
    with pytest.raises(FormatError, match=r"p\.csv:2: name: .* runs over two lines"):
        parse_players_csv(text, "p.csv")
