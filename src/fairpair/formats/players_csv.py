"""Players from a CSV file with a header row: name, rating, title, federation, club, FIDE ID,
birth date, sex.

The delimiter is found from the header (``,``, ``;`` as Excel writes it where the decimal
separator is a comma, or a tab); a UTF-8 byte-order mark and any line endings are accepted.
Columns may come in any order and the header is matched without regard to case, accents,
spaces, underscores, dots or hyphens; common spellings are accepted (``elo`` or ``Rtg`` for
rating, ``fed`` or ``country`` for federation, ``ID FIDE`` for the FIDE ID, ``born`` or
``Birthday`` for the birth date, ``gender`` for sex), and a name may come in two columns,
last and first name ("Last, First"). Columns not listed are ignored. Only the name is
required. Players are numbered 1, 2, ... in file order. A row that cannot be read is an
error naming the file, the line and the column; nothing is read from a file with one.
"""

from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from fairpair.core import Player
from fairpair.formats import player_fields
from fairpair.formats.csv_cells import CsvWriter, read_cell
from fairpair.formats.errors import FormatError

__all__ = ["COLUMNS", "parse_players_csv", "read_players_csv", "write_players_csv"]

COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "player name", "full name", "names"),
    "rating": ("rating", "elo", "rtg", "fide rating", "fide elo", "elo fide", "rating fide"),
    "title": ("title", "fide title", "titre", "titel"),
    "federation": ("federation", "fed", "country", "nation", "nat", "federacion"),
    "club": ("club", "team"),
    "fide_id": ("fide id", "id fide", "fideid", "fide", "fide no", "fide number", "fide code"),
    "birth_date": (
        "birth date",
        "birthdate",
        "birth",
        "born",
        "birth year",
        "birthyear",
        "year of birth",
        "birthday",
        "date of birth",
        "dob",
        "yob",
    ),
    "sex": ("sex", "gender"),
}
"""Each field of :class:`~fairpair.core.Player` read here, and the headers that name it."""

NAME_PARTS: dict[str, tuple[str, ...]] = {
    "last_name": ("last name", "lastname", "surname", "family name", "nom"),
    "first_name": ("first name", "firstname", "given name", "forename", "prenom"),
}
"""A name in two columns, read as ``Last, First`` when there is no name column."""

_FIELD_BY_HEADER = {
    header: field for field, headers in (COLUMNS | NAME_PARTS).items() for header in headers
}
_DELIMITERS = (",", ";", "\t")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""What no cell of a player holds (a NUL, a line separator...): a binary or damaged file."""


def _error(
    path: str,
    message: str,
    *,
    line: int | None = None,
    field: str | None = None,
) -> FormatError:
    return FormatError(message, path=path, line=line, field=field)


def _normalised(header: str) -> str:
    """Lower case, without accents, with ``_ - .`` as spaces: ``ID_FIDE`` -> ``id fide``."""
    plain = unicodedata.normalize("NFKD", header)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    for mark in "_-.":
        plain = plain.replace(mark, " ")
    return " ".join(plain.split()).casefold()


def read_players_csv(path: str | os.PathLike[str]) -> tuple[Player, ...]:
    """Read the players of a CSV file (UTF-8, a byte-order mark is allowed).

    Raises :class:`FormatError` naming the file (and the line and field) when the file is
    missing, unreadable, empty or malformed.
    """
    name = os.fspath(path)
    try:
        text = Path(name).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise _error(name, "no such file") from None
    except UnicodeDecodeError as error:
        raise _error(name, f"not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise _error(name, error.strerror or "cannot be read") from None
    return parse_players_csv(text, name)


def _delimiter(text: str) -> str:
    """The delimiter that makes the most known columns of the header (the first line that
    is not blank); ties go to the one giving more columns, then to the comma."""
    header = next((line for line in text.splitlines() if line.strip()), "")

    def score(delimiter: str) -> tuple[int, int]:
        try:
            cells = next(csv.reader([header], delimiter=delimiter), [])
        except csv.Error:
            return (0, 0)
        known = sum(1 for cell in cells if _normalised(cell) in _FIELD_BY_HEADER)
        return (known, len(cells))

    return max(_DELIMITERS, key=lambda d: (score(d), -_DELIMITERS.index(d)))


def parse_players_csv(text: str, path: str = "<players>") -> tuple[Player, ...]:
    """Parse CSV text into players numbered 1.. in order; ``path`` only names it in errors."""
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    start = 1  # the line the row being read starts on
    try:
        header = next(reader, None)
        while header is not None and not any(cell.strip() for cell in header):
            start = reader.line_num + 1
            header = next(reader, None)
        if header is None:
            raise _error(path, "the file is empty; a header row with a name column is needed")
        columns = _columns(header, path, reader.line_num)
        players: list[Player] = []
        start = reader.line_num + 1
        for row in reader:
            if any(cell.strip() for cell in row):
                players.append(_player(row, header, columns, len(players) + 1, path, start))
            start = reader.line_num + 1
    except csv.Error as error:
        if "end of data" in str(error):
            raise _error(
                path,
                "a quote opened in this row is never closed (a name with a quote mark "
                'must be quoted, the mark doubled: "Anna ""Ann"" Lee")',
                line=start,
            ) from None
        raise _error(path, f"malformed CSV: {error}", line=reader.line_num) from None
    return tuple(players)


def _columns(header: list[str], path: str, line: int) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        field = _FIELD_BY_HEADER.get(_normalised(cell))
        if field is None:
            continue
        if field in columns:
            shown = field.replace("_", " ")
            raise _error(
                path,
                f"two columns give the {shown}",
                line=line,
                field=cell.strip(),
            )
        columns[field] = index
    if "name" not in columns and "last_name" not in columns:
        raise _error(
            path,
            f"no name column in the header (found: {', '.join(c.strip() for c in header)}); "
            "name it name, player, or give last name and first name columns",
            line=line,
            field="name",
        )
    return columns


def _player(
    row: list[str],
    header: list[str],
    columns: dict[str, int],
    number: int,
    path: str,
    line: int,
) -> Player:
    def refuse(field: str, message: str) -> FormatError:
        index = columns[field]
        named = header[index].strip() or field
        return _error(path, f"{message} (column {index + 1})", line=line, field=named)

    def cell(field: str) -> str:
        index = columns.get(field)
        value = row[index].strip() if index is not None and index < len(row) else ""
        value = read_cell(value)  # "'-Anna-" as this module writes "-Anna-"
        if "\n" in value or "\r" in value:
            # A quoted cell over two lines: a misplaced quote, never a player's data.
            raise refuse(field, f"{value!r} runs over two lines: is a quote misplaced?")
        control = _CONTROL.search(value)
        if control:
            raise refuse(field, f"{value!r} holds a control character ({control[0]!r})")
        return value

    if len(row) > len(header) and any(c.strip() for c in row[len(header) :]):
        raise _error(
            path,
            f"{len(row)} cells for {len(header)} columns: is a name with a comma or "
            "semicolon not quoted?",
            line=line,
        )
    name = cell("name")
    if not name and "name" not in columns:
        last, first = cell("last_name"), cell("first_name")
        name = f"{last}, {first}" if last and first else last or first
    if not name:
        raise _error(path, "the name is blank", line=line, field="name")
    rating_text = cell("rating")
    rating: int | None = None
    if rating_text:
        if not (rating_text.isascii() and rating_text.isdecimal()):
            raise refuse(
                "rating", f"{rating_text!r} is not a rating (a whole number, or blank if unrated)"
            )
        rating = int(rating_text)
    values: dict[str, str] = {}
    for field, read in player_fields.READERS.items():
        try:
            values[field] = read(cell(field))
        except ValueError as error:
            raise refuse(field, str(error)) from None
    return Player(
        id=number,
        name=name,
        rating=rating,
        club=cell("club"),
        title=values["title"],
        federation=values["federation"],
        fide_id=values["fide_id"],
        birth_date=values["birth_date"],
        sex=values["sex"],
    )


def write_players_csv(players: Sequence[Player]) -> str:
    """The players as CSV with a header that :func:`parse_players_csv` reads back.

    The start number comes first (``no``, a column the reader ignores); rows in the order given.
    """
    out = io.StringIO()
    writer = CsvWriter(out)
    writer.writerow(["no", *COLUMNS])
    for player in players:
        rating = "" if player.rating is None else str(player.rating)
        writer.writerow(
            [
                player.id,
                player.name,
                rating,
                player.title,
                player.federation,
                player.club,
                player.fide_id,
                player.birth_date,
                player.sex,
            ]
        )
    return out.getvalue()
