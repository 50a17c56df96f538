"""Every distinct pairing of a small field, lazily (to list the K best alternatives, to check).

A pairing of ``n`` players is a perfect matching (``n`` even) or, for odd ``n``, a perfect
matching of all but one player, who has the bye. There are ``(n−1)!!`` of the first kind
(105 for 8 players, 135,135 for 14) and ``n·(n−2)!!`` of the second.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class FieldPairing(Generic[T]):
    """One way to pair a field: pairs in order of their first player, and the bye if any."""

    pairs: tuple[tuple[T, T], ...]
    bye: T | None = None


def count_pairings(n: int) -> int:
    """How many distinct pairings :func:`pairings` yields for ``n`` players."""
    if n < 0:
        raise ValueError(f"a field cannot have {n} players")
    if n % 2 == 1:
        return n * count_pairings(n - 1)
    count = 1
    for odd in range(n - 1, 0, -2):
        count *= odd
    return count


def pairings(players: Sequence[T]) -> Iterator[FieldPairing[T]]:
    """Yield every distinct pairing of ``players`` once, lazily.

    The first player left is paired with each of the others in turn (so no pairing repeats:
    two pairings first differ in that player's opponent). For an odd field each player in turn
    takes the bye, the others being paired in every way. Players are taken as distinct by
    position; the order of the output follows the order of ``players``.
    """
    items = list(players)
    if len(items) % 2 == 1:
        for index, bye in enumerate(items):
            rest = items[:index] + items[index + 1 :]
            for pairs in _perfect(rest):
                yield FieldPairing(tuple(pairs), bye)
    else:
        for pairs in _perfect(items):
            yield FieldPairing(tuple(pairs))


def _perfect(items: list[T]) -> Iterator[list[tuple[T, T]]]:
    if not items:
        yield []
        return
    first = items[0]
    for index in range(1, len(items)):
        rest = items[1:index] + items[index + 1 :]
        for tail in _perfect(rest):
            yield [(first, items[index]), *tail]
