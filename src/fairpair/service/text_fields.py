"""What any text a director or a file gives may hold, whatever the door (desk, API, CLI).

Every text that goes into an event's log (player names, clubs, the event's name, city,
arbiters, titles...) is one line of at most :data:`LONGEST` characters of real text:

- no control character (NUL, tab, CR, LF...) and no line or paragraph separator: a line
  break in a name would start a new record in a TRF file, and PostgreSQL refuses a NUL;
- no bidirectional embedding, override or isolate (U+202A-U+202E, U+2066-U+2069): one in
  a name makes what follows it on a pairing sheet or a standings line read in another order
  (a name that hides or reverses its neighbour's);
- no lone surrogate (what Python makes of bytes that are not UTF-8, e.g. a JSON
  ``"\\ud800"``): no database can store it and no file can be written with it.

:func:`check_texts` is called once on each new log record's payload, so no command can
forget it; it refuses with :class:`FieldErrors` naming the field (or, for a list of players,
a :class:`CommandError` naming the player and the field).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from typing import Any

from fairpair.service.errors import CommandError, FieldErrors

__all__ = ["LONGEST", "check_texts", "text_problem"]

LONGEST = 200
"""Characters in any one text field: the longest name or title a report needs, with room."""

_BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""Embeddings, overrides and isolates (not the plain marks U+200E/U+200F, which names in
right-to-left scripts may need)."""

_NOT_CHECKED = frozenset({"before"})
"""Payload keys holding values already stored (an edit's values before the change)."""


def text_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a one-line text field, or ``None``."""
    for char in text:
        kind = unicodedata.category(char)
        if kind == "Cs":
            return "holds a character that is not text (a lone surrogate: is the file UTF-8?)"
        if char == "\0":
            return "holds a NUL character"
        if kind in ("Cc", "Zl", "Zp"):
            return f"is one line of text: no line break or control character ({char!r})"
        if char in _BIDI_CONTROLS:
            return (
                f"holds a character that changes the reading direction of what follows "
                f"(U+{ord(char):04X}); type the text as it reads"
            )
    if len(text) > LONGEST:
        return f"at most {LONGEST} characters, not {len(text)}"
    return None


def _texts(value: Any, field: str, row: int | None) -> Iterator[tuple[str, int | None, str]]:
    """(field, row, problem) for each text within ``value`` that is wrong; ``row`` numbers
    the item of a list of several records (players of an import), from 1."""
    if isinstance(value, str):
        problem = text_problem(value)
        if problem is not None:
            yield field, row, problem
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if key not in _NOT_CHECKED:
                yield from _texts(item, key if isinstance(key, str) else field, row)
    elif isinstance(value, list | tuple):
        several = len(value) > 1 and all(isinstance(item, Mapping) for item in value)
        for index, item in enumerate(value, start=1):
            yield from _texts(item, field, index if several else row)


def check_texts(payload: Mapping[str, Any], actor: str | None = None) -> None:
    """Refuse the record if any of its texts (or the acting director's name) is not a
    one-line text of at most :data:`LONGEST` characters; nothing is stored."""
    found = list(_texts(dict(payload, actor=actor) if actor is not None else payload, "", None))
    if not found:
        return
    rows = [(field, row, problem) for field, row, problem in found if row is not None]
    if rows:
        field, row, problem = rows[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise CommandError(f"player {row}: {field}: {problem}{more}")
    errors: dict[str, str] = {}
    for field, _, problem in found:
        errors.setdefault(field, problem)
    raise FieldErrors(errors)
