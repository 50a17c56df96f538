"""Players from a CSV file with a header row: name, rating, title, federation, club, birth date.

Columns may come in any order and the header is matched without regard to case, spaces,
underscores or hyphens; common spellings are accepted (``elo`` for rating, ``fed`` for
federation, ``team`` for club, ``born`` for birth date). Columns not listed are ignored. Only
the name is required. Players are numbered 1, 2, ... in file order.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from pathlib import Path

from fairpair.core import Player
from fairpair.formats.errors import FormatError

__all__ = ["COLUMNS", "parse_players_csv", "read_players_csv", "write_players_csv"]

COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "player name"),
    "rating": ("rating", "elo"),
    "title": ("title",),
    "federation": ("federation", "fed"),
    "club": ("club", "team"),
    "birth_date": ("birth date", "birthdate", "born", "date of birth"),
}
"""Each field of :class:`~fairpair.core.Player` read here, and the headers that name it."""

_FIELD_BY_HEADER = {header: field for field, headers in COLUMNS.items() for header in headers}


def _error(
    path: str, message: str, *, line: int | None = None, field: str | None = None
) -> FormatError:
    return FormatError(message, path=path, line=line, field=field)


def _normalised(header: str) -> str:
    return " ".join(header.replace("_", " ").replace("-", " ").split()).casefold()


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


def parse_players_csv(text: str, path: str = "<players>") -> tuple[Player, ...]:
    """Parse CSV text into players numbered 1.. in order; ``path`` only names it in errors."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    try:
        header = next(reader, None)
        while header is not None and not any(cell.strip() for cell in header):
            header = next(reader, None)
        if header is None:
            raise _error(path, "the file is empty; a header row with a name column is needed")
        columns = _columns(header, path, reader.line_num)
        players: list[Player] = []
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            players.append(_player(row, columns, len(players) + 1, path, reader.line_num))
    except csv.Error as error:
        raise _error(path, f"malformed CSV: {error}", line=reader.line_num) from None
    return tuple(players)


def _columns(header: list[str], path: str, line: int) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        field = _FIELD_BY_HEADER.get(_normalised(cell))
        if field is None:
            continue
        if field in columns:
            raise _error(path, f"two columns give the {field}", line=line, field=cell.strip())
        columns[field] = index
    if "name" not in columns:
        raise _error(
            path,
            f"no name column in the header (found: {', '.join(c.strip() for c in header)})",
            line=line,
            field="name",
        )
    return columns


def _player(row: list[str], columns: dict[str, int], number: int, path: str, line: int) -> Player:
    def cell(field: str) -> str:
        index = columns.get(field)
        return row[index].strip() if index is not None and index < len(row) else ""

    name = cell("name")
    if not name:
        raise _error(path, "the name is blank", line=line, field="name")
    rating_text = cell("rating")
    rating: int | None = None
    if rating_text:
        if not (rating_text.isascii() and rating_text.isdigit()):
            raise _error(
                path,
                f"{rating_text!r} is not a rating (a whole number, or blank if unrated)",
                line=line,
                field="rating",
            )
        rating = int(rating_text)
    return Player(
        id=number,
        name=name,
        rating=rating,
        title=cell("title"),
        federation=cell("federation"),
        club=cell("club"),
        birth_date=cell("birth_date"),
    )


def write_players_csv(players: Sequence[Player]) -> str:
    """The players as CSV with a header that :func:`parse_players_csv` reads back.

    The start number comes first (``no``, a column the reader ignores); rows in the order given.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
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
                player.birth_date,
            ]
        )
    return out.getvalue()
