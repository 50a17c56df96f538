"""Numbers in words as messages say them: "1 round", "2 rounds", "3 matches"."""

from __future__ import annotations

__all__ = ["counted"]


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one (``plural``
    when the plural is not the noun and an s: ``match``, ``matches``)."""
    if count == 1:
        return f"1 {noun}"
    return f"{count} {plural if plural is not None else noun + 's'}"
