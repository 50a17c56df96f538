"""CSV cells a spreadsheet opens as text, never as a formula (CSV injection).

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is run as a
formula by Excel, LibreOffice and Google Sheets: a player named ``=HYPERLINK(...)`` or
``-2+3`` in an exported file would run on the organiser's machine. Following OWASP's advice,
such a cell is written with a leading ``'``, which spreadsheets show as text; a plain number
(``-1``, ``2.5``) is written as it is. :func:`read_cell` takes the ``'`` off again, so that a
file written here reads back the same.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import IO

__all__ = ["CsvWriter", "read_cell", "written_cell"]

_FORMULA_START = frozenset("=+-@\t\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def _needs_mark(text: str) -> bool:
    # A cell already starting with quote marks before a formula character gets one more, so
    # that reading takes exactly one off and the text comes back whole.
    rest = text.lstrip("'")
    return rest[:1] in _FORMULA_START and not (rest == text and _NUMBER.fullmatch(text))


def written_cell(value: object) -> object:
    """The cell as a CSV file holds it: text a spreadsheet would run is marked with ``'``."""
    if isinstance(value, str) and value and _needs_mark(value):
        return "'" + value
    return value


def read_cell(text: str) -> str:
    """A cell read from a CSV file: the ``'`` that :func:`written_cell` added taken off."""
    if text.startswith("'") and _needs_mark(text[1:]):
        return text[1:]
    return text


class CsvWriter:
    """:func:`csv.writer` (LF line endings) whose every cell goes through
    :func:`written_cell`."""

    def __init__(self, stream: IO[str]) -> None:
        self._writer = csv.writer(stream, lineterminator="\n")

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([written_cell(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)
