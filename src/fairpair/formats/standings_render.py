"""Standings as an arbiter posts them: a text table, JSON, CSV and a small HTML page.

Formats do not import :mod:`fairpair.standings` (they are sibling layers); they read any
object with the shape of :class:`StandingsTable`, which ``fairpair.standings.Standings`` has.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Protocol

from fairpair.formats.csv_cells import CsvWriter

__all__ = [
    "StandingsColumn",
    "StandingsLine",
    "StandingsTable",
    "format_value",
    "points_heading",
    "rated",
    "render_csv",
    "render_html",
    "render_json",
    "render_text",
    "shown_columns",
]

_MAX_DECIMALS = 6
"""Decimals shown for a value that has no short exact decimal."""


class StandingsColumn(Protocol):
    """A tie-break column: its code and how many decimals to show (None: exact)."""

    @property
    def code(self) -> str: ...

    @property
    def decimals(self) -> int | None: ...


class StandingsLine(Protocol):
    """One player's line."""

    @property
    def rank(self) -> int: ...

    @property
    def start_rank(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def rating(self) -> int | None: ...

    @property
    def points(self) -> Fraction: ...

    @property
    def values(self) -> tuple[Fraction | None, ...]: ...


class StandingsTable(Protocol):
    """Standings in order, with their tie-break columns and the rules they follow."""

    @property
    def columns(self) -> Sequence[StandingsColumn]: ...

    @property
    def rows(self) -> Sequence[StandingsLine]: ...

    @property
    def score(self) -> str:
        """The code of the score shown as the points: PTS, MMS (McMahon) or MP."""
        ...

    def notes(self) -> Sequence[str]: ...


def _exact_decimals(value: Fraction) -> int | None:
    """Decimals of the exact decimal form of a value, or None if it has none that is short."""
    for decimals in range(_MAX_DECIMALS + 1):
        if (value * 10**decimals).denominator == 1:
            return decimals
    return None


def format_value(value: Fraction | None, decimals: int | None = None) -> str:
    """``Fraction(5, 2)`` -> ``"2.5"``, ``38`` -> ``"38"``; fixed decimals when asked;
    an empty string for no value."""
    if value is None:
        return ""
    return _formatted(value, decimals)


@lru_cache(maxsize=8192)
def _formatted(value: Fraction, decimals: int | None) -> str:
    # Kept: a large event's standings repeat a few hundred values thousands of times.
    places = decimals if decimals is not None else _exact_decimals(value)
    if places is None:
        places = _MAX_DECIMALS
    scaled = value * 10**places
    whole = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    sign = "-" if whole < 0 else ""
    digits = str(abs(whole)).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def _number(value: Fraction | None, decimals: int | None = None) -> int | float | None:
    """A JSON number: an integer when whole, else the shown decimal."""
    if value is None:
        return None
    if value.denominator == 1:
        return int(value)
    return float(format_value(value, decimals))


def _shared_decimals(values: Sequence[Fraction | None], fixed: int | None) -> int | None:
    """Decimals for a whole column, so that its points line up: ``6.0`` above ``5.5``."""
    if fixed is not None:
        return fixed
    needed = [_exact_decimals(v) for v in values if v is not None]
    return None if not needed or None in needed else max(d for d in needed if d is not None)


_SCORES = frozenset({"PTS", "MP", "GP", "MMS", "MPTS", "GPTS"})
"""Codes of a primary score: as a tie-break column they repeat the points when equal to them."""


_HEADINGS = {"MMS": "MMS", "MP": "MP", "GP": "GP"}
"""The points column's heading by the score it shows; the event's own points are "Pts"."""


def points_heading(table: StandingsTable) -> str:
    """The heading of the points column, named by what it is: "MMS" when a Go event ranks
    by McMahon score, "Pts" for the event's points."""
    return _HEADINGS.get(table.score, "Pts")


def shown_columns(table: StandingsTable) -> list[int]:
    """The tie-break columns worth a column: not one that repeats the points on every line
    (MP in a 3-1-0 event, MMS in a Go Swiss)."""
    rows = list(table.rows)
    return [
        i
        for i, column in enumerate(table.columns)
        if column.code not in _SCORES or any(row.values[i] != row.points for row in rows)
    ]


def rated(table: StandingsTable) -> bool:
    """Whether anyone has a rating: an event without ratings has no empty rating column."""
    return any(row.rating is not None for row in table.rows)


def _cells(table: StandingsTable, *, rating: bool | None = None) -> list[list[str]]:
    rows = list(table.rows)
    shown = shown_columns(table)
    with_rating = rated(table) if rating is None else rating
    points = _shared_decimals([row.points for row in rows], None)
    places = {
        i: _shared_decimals([row.values[i] for row in rows], table.columns[i].decimals)
        for i in shown
    }
    return [
        [
            str(row.rank),
            str(row.start_rank),
            row.name,
            *(["" if row.rating is None else str(row.rating)] if with_rating else []),
            format_value(row.points, points),
            *(format_value(row.values[i], places[i]) for i in shown),
        ]
        for row in rows
    ]


def _header(table: StandingsTable, *, rating: bool | None = None) -> list[str]:
    with_rating = rated(table) if rating is None else rating
    codes = [table.columns[i].code for i in shown_columns(table)]
    return ["Rk", "SNo", "Name", *(["Rtg"] if with_rating else []), points_heading(table), *codes]


def render_text(table: StandingsTable, title: str = "") -> str:
    """A plain table for the wall: numbers right-aligned, names left-aligned, then the rule
    each tie-break follows."""
    header = _header(table)
    body = _cells(table)
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(width) if index == 2 else cell.rjust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    out = [title, ""] if title else []
    out.append(line(header))
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(cells) for cells in body)
    notes = list(table.notes())
    if notes:
        out.append("")
        out.extend(notes)
    return "\n".join(out) + "\n"


def render_json(table: StandingsTable) -> str:
    """``{"standings": [{"rank", "start_rank", "name", "points", "tiebreaks": {...}}]}``;
    a player whose results a round-robin withdrawal annulled also has ``"annulled": true``."""
    standings = [
        {
            "rank": row.rank,
            "start_rank": row.start_rank,
            "name": row.name,
            "points": _number(row.points),
            "tiebreaks": {
                column.code: _number(value, column.decimals)
                for column, value in zip(table.columns, row.values, strict=True)
            },
        }
        | ({"annulled": True} if getattr(row, "annulled", False) else {})
        for row in table.rows
    ]
    return json.dumps({"standings": standings}, indent=2, ensure_ascii=False) + "\n"


def render_csv(table: StandingsTable) -> str:
    """CSV with a header line: rank, start_rank, name, rating, points, one column per code.

    The rating column stays when no one has a rating, so that a script reading the file
    finds the same columns in every event; a column repeating the points does not."""
    stream = io.StringIO()
    writer = CsvWriter(stream)
    header = _header(table, rating=True)
    writer.writerow(["rank", "start_rank", "name", "rating", "points", *header[5:]])
    writer.writerows(_cells(table, rating=True))
    return stream.getvalue()


_STYLE = (
    "body{font-family:sans-serif;margin:2em}"
    "table{border-collapse:collapse}"
    "th,td{padding:.2em .6em;border-bottom:1px solid #ccc;text-align:right}"
    "td.name,th.name{text-align:left}"
    "tbody tr:nth-child(even){background:#f4f4f4}"
    "p.note{font-size:.85em;color:#555;margin:.2em 0}"
)


def render_html(table: StandingsTable, title: str = "Standings") -> str:
    """A self-contained HTML page (no external files); every text is escaped."""
    esc = html.escape
    head = "".join(
        f'<th class="name">{esc(h)}</th>' if i == 2 else f"<th>{esc(h)}</th>"
        for i, h in enumerate(_header(table))
    )
    rows = "\n".join(
        "<tr>"
        + "".join(
            f'<td class="name">{esc(c)}</td>' if i == 2 else f"<td>{esc(c)}</td>"
            for i, c in enumerate(cells)
        )
        + "</tr>"
        for cells in _cells(table)
    )
    notes = "\n".join(f'<p class="note">{esc(n)}</p>' for n in table.notes())
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{esc(title)}</h1>\n<table>\n<thead><tr>{head}</tr></thead>\n"
        f"<tbody>\n{rows}\n</tbody>\n</table>\n{notes}\n</body>\n</html>\n"
    )
