"""A player's rating-report fields as a FIDE report (TRF 001) holds them: one reading for every
door a player comes in by (CSV import, the director's CLI and desk, corrections).

Each function takes what was typed and returns the field as stored, or raises ``ValueError``
with a message that says what is expected; the caller names the file, line or form field.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping

WIDTH = {"title": 3, "federation": 3, "fide_id": 11, "birth_date": 10, "name": 33}
"""The columns of a TRF player record each field is written in."""

SEXES = {"m": "m", "male": "m", "man": "m", "h": "m", "w": "w", "f": "w", "female": "w"}
SEXES |= {"woman": "w"}

_YEAR = re.compile(r"(\d{4})")
_YEAR_FIRST = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")
_DAY_FIRST = re.compile(r"(\d{1,2})([./-])(\d{1,2})\2(\d{4})")


def _fits(field: str, value: str, hint: str = "") -> str:
    if len(value) > WIDTH[field]:
        raise ValueError(
            f"{value!r} is longer than a rating report takes ({WIDTH[field]} characters){hint}"
        )
    return value


def title(text: str) -> str:
    """``GM``, ``wim``... upper-cased; at most 3 letters."""
    value = text.strip().upper()
    if len(value) > WIDTH["title"]:
        raise ValueError(f"{value!r}: a title is at most 3 letters (GM, IM, WFM...)")
    return value


def federation(text: str) -> str:
    """A three-letter federation code, upper-cased (``fra`` -> ``FRA``)."""
    value = text.strip().upper()
    if len(value) > WIDTH["federation"]:
        raise ValueError(f"{value!r}: a federation is a three-letter code, e.g. FRA")
    return value


def fide_id(text: str) -> str:
    """Digits only, at most 11."""
    value = text.strip()
    if value and not (value.isascii() and value.isdecimal()):
        raise ValueError(f"{value!r} is not a FIDE ID (digits only)")
    return _fits("fide_id", value)


def sex(text: str) -> str:
    """``m`` or ``w`` (also read: male, female, man, woman, f, h)."""
    value = text.strip()
    if not value:
        return ""
    if value.casefold() not in SEXES:
        raise ValueError(f"{value!r}: write m or w (or male, female)")
    return SEXES[value.casefold()]


def birth_date(text: str) -> str:
    """A birth date as a rating report writes it: ``YYYY/MM/DD``, or the year alone.

    Read from a year, ``YYYY-MM-DD`` (or with ``/`` or ``.``), ``DD.MM.YYYY`` and, when the
    day is over 12, ``DD/MM/YYYY``; anything else that fits is kept as written.
    """
    value = text.strip()
    if _YEAR.fullmatch(value):
        return value
    found = _YEAR_FIRST.fullmatch(value)
    if found:
        year, month, day = found.groups()
        return _date(value, year, month, day)
    found = _DAY_FIRST.fullmatch(value)
    if found:
        day, mark, month, year = found.groups()
        if mark == "." or int(day) > 12:
            return _date(value, year, month, day)
    return _fits("birth_date", value, ": write YYYY/MM/DD or the year")


def _date(text: str, year: str, month: str, day: str) -> str:
    """``YYYY/MM/DD``, or ``ValueError`` for a day the calendar has not; a month or day of 0
    is kept (rating reports write an unknown day or month as 00)."""
    m, d = int(month), int(day)
    if m or d:
        try:
            datetime.date(int(year), m or 1, d or 1)
        except ValueError:
            raise ValueError(f"{text!r} is not a date: write YYYY/MM/DD or the year") from None
    return f"{year}/{m:02d}/{d:02d}"


READERS = {
    "title": title,
    "federation": federation,
    "fide_id": fide_id,
    "sex": sex,
    "birth_date": birth_date,
}
"""The report fields by their name on :class:`~fairpair.core.Player`."""


def read(typed: Mapping[str, str], errors: dict[str, str]) -> dict[str, str]:
    """The report fields among ``typed`` (by their names in :data:`READERS`), read; what cannot
    be read goes into ``errors`` by field, for a form to show them all at once."""
    fields: dict[str, str] = {}
    for field, text in typed.items():
        try:
            fields[field] = READERS[field](text)
        except ValueError as error:
            errors[field] = str(error)
    return fields
