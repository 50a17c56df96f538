"""Teams with their rosters from CSV: one row per player, with his team and board order.

Columns (header names, any order, case ignored): ``team`` and ``name`` are required; ``board``
(the player's place on the roster, 1 first; default: the order of the rows), ``rating``,
``title``, ``federation``, ``fide_id`` and ``captain`` (on any row of the team) are optional.
The separator is found from the header (``,``, ``;`` or tab). Errors name file, line and column.
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass
from pathlib import Path

from fairpair.core import Player
from fairpair.formats.errors import FormatError

__all__ = [
    "TeamRow",
    "TeamsCsvError",
    "read_teams_csv",
    "read_teams_csv_file",
    "teams_csv_text",
]

_COLUMNS = ("team", "name", "board", "rating", "title", "federation", "fide_id", "captain")


class TeamsCsvError(FormatError):
    """A teams CSV that cannot be read."""


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team as the file lists it: its name, captain and players in roster order."""

    name: str
    players: tuple[Player, ...]
    captain: str = ""


def read_teams_csv_file(path: str | os.PathLike[str]) -> list[TeamRow]:
    """The teams of a CSV file; :class:`TeamsCsvError` naming the file when it is missing,
    unreadable or binary (see :func:`teams_csv_text`)."""
    name = os.fspath(path)
    try:
        data = Path(name).read_bytes()
    except OSError as error:
        raise TeamsCsvError(error.strerror or "cannot be read", path=name) from None
    return read_teams_csv(teams_csv_text(data, name), name)


def teams_csv_text(data: bytes, path: str = "<string>") -> str:
    """The text of a teams CSV: UTF-8 (a byte-order mark allowed), else Latin-1 as older
    spreadsheets save it (as a TRF file is read); :class:`TeamsCsvError` for a binary file."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if "\0" in text:
        raise TeamsCsvError("not a CSV file: it holds NUL bytes (a binary file?)", path=path)
    return text


def _number(text: str) -> int | None:
    """A whole number written in ASCII digits (``isdigit`` alone also takes ``²``)."""
    return int(text) if text.isascii() and text.isdecimal() else None


def read_teams_csv(text: str, path: str = "<string>") -> list[TeamRow]:
    """The teams of the file in the order they first appear, each roster in board order."""
    text = text.removeprefix("\ufeff")
    first = text.splitlines()[0] if text.strip() else ""
    if not first:
        raise TeamsCsvError(
            "the file is empty: give a header line (team,name,board,...)", path=path
        )
    delimiter = max(",;\t", key=first.count)
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    header = [h.strip().lower().replace(" ", "_") for h in rows[0]]
    for column, name in enumerate(header, start=1):
        if name not in _COLUMNS:
            raise TeamsCsvError(
                f"unknown column {name!r} (columns: {', '.join(_COLUMNS)})",
                path=path,
                line=1,
                column=column,
            )
    for needed in ("team", "name"):
        if needed not in header:
            raise TeamsCsvError(f"the header has no {needed!r} column", path=path, line=1)
    index = {name: i for i, name in enumerate(header)}
    teams: dict[str, list[tuple[int, int, Player]]] = {}
    captains: dict[str, str] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise TeamsCsvError(
                f"{len(row)} fields, the header has {len(header)}", path=path, line=number
            )

        def cell(name: str, row: list[str] = row) -> str:
            return row[index[name]].strip() if name in index else ""

        def error(name: str, message: str, line: int = number) -> TeamsCsvError:
            return TeamsCsvError(message, path=path, line=line, column=index[name] + 1, field=name)

        team, name = " ".join(cell("team").split()), cell("name")
        if not team:
            raise error("team", "the player's team is empty")
        if not name:
            raise error("name", "the player's name is empty")
        board = len(teams.get(team, ())) + 1
        if cell("board"):
            given = _number(cell("board"))
            if given is None or given < 1:
                raise error("board", f"{cell('board')!r} is not a board order (1, 2, ...)")
            board = given
        if any(b == board for b, _, _ in teams.get(team, ())):
            raise error("board", f"{team} has two players with board order {board}")
        rating = None
        if cell("rating"):
            rating = _number(cell("rating"))
            if rating is None or rating > 4000:
                raise error("rating", f"{cell('rating')!r} is not a rating (0-4000)")
        player = Player(
            id=1,
            name=name,
            rating=rating,
            title=cell("title"),
            federation=cell("federation").upper(),
            fide_id=cell("fide_id"),
        )
        teams.setdefault(team, []).append((board, number, player))
        if cell("captain"):
            captains[team] = cell("captain")
    if not teams:
        raise TeamsCsvError("the file has no players", path=path)
    return [
        TeamRow(name, tuple(p for _, _, p in sorted(members)), captains.get(name, ""))
        for name, members in teams.items()
    ]
