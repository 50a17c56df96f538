"""A small library interface in the spirit of Perl's Algorithm::Pair::Swiss (swiss-casual.md §7).

Give the parties (any objects that sort; the sort order is the ranking, best first), exclude
the pairs that may not meet (for instance every pair of the earlier rounds), ask for the pairs
of the next round. With an odd number of parties the lowest-ranked party that has not yet had
the bye gets it, returned as ``(party, None)``; the next time the next lowest. Unlike the Perl
module the answer is optimal (a maximum-weight matching), not the first acceptable one found:
fewest byes first, then the lowest-ranked bye, then parties as close in the ranking as possible
(least Σ (rank distance)²).

Its sibling :func:`best_pairing` takes the caller's own weight function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from fairpair.matching import max_weight_matching


class _Sortable(Protocol):
    def __lt__(self, other: Any, /) -> bool: ...


T = TypeVar("T")
S = TypeVar("S", bound=_Sortable)


def best_pairing(
    parties: Sequence[T],
    weight: Callable[[T, T], int | None],
    *,
    bye_weight: Callable[[T], int | None] | None = None,
) -> list[tuple[T, T | None]]:
    """A maximum-weight pairing of everybody (all but one, who gets the bye, if odd).

    ``weight(a, b)`` is called once per pair with ``a`` before ``b`` in ``parties``; ``None``
    forbids the pair. With an odd number of parties ``bye_weight(x)`` (default 0; ``None``
    forbids) is the weight of leaving ``x`` out. Among the pairings with the most pairs the one
    of greatest total weight is returned (ties: whatever the solver finds, the same every
    time), pairs in the order of their first party, the bye last as ``(x, None)``.
    Raises ``ValueError`` when no such complete pairing exists.
    """
    n = len(parties)
    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        for j in range(i + 1, n):
            w = weight(parties[i], parties[j])
            if w is not None:
                edges.append((i, j, w))
    vertices = n
    if n % 2 == 1:
        vertices = n + 1
        for i in range(n):
            w = bye_weight(parties[i]) if bye_weight is not None else 0
            if w is not None:
                edges.append((i, n, w))
    if not edges:
        if n <= 1:
            return [(parties[0], None)] if n == 1 else []
        raise ValueError("no pair is allowed")
    low = min(w for _, _, w in edges)
    span = max(w for _, _, w in edges) - low + 1
    # Every pair is worth more than any sum of weight differences: most pairs first.
    base = (vertices // 2 + 1) * span + 1
    mates = max_weight_matching(vertices, [(i, j, base + w - low + 1) for i, j, w in edges])
    if any(m is None for m in mates):
        raise ValueError("the excluded pairs leave no complete pairing")
    result: list[tuple[T, T | None]] = []
    bye: T | None = None
    for i in range(n):
        m = mates[i]
        if m == n:
            bye = parties[i]
        elif m is not None and i < m:
            result.append((parties[i], parties[m]))
    if bye is not None:
        result.append((bye, None))
    return result


class SwissPairer(Generic[S]):
    """Pairs sortable parties round after round, remembering who had the bye.

    >>> pairer = SwissPairer([4, 1, 3, 2, 5])
    >>> pairer.pairs()
    [(1, 2), (3, 4), (5, None)]
    >>> pairer.exclude_pairs([(1, 2), (3, 4)])
    >>> pairer.pairs()
    [(1, 3), (2, 5), (4, None)]
    """

    def __init__(self, parties: Iterable[S]) -> None:
        self._parties: list[S] = sorted(parties)
        self._excluded: set[tuple[int, int]] = set()
        self._byes = [0] * len(self._parties)

    @property
    def parties(self) -> list[S]:
        """The parties in ranking order (best first)."""
        return list(self._parties)

    def _rank(self, party: S) -> int:
        for index, known in enumerate(self._parties):
            if known == party:
                return index
        raise ValueError(f"{party!r} is not one of the parties")

    def exclude(self, a: S, b: S) -> None:
        """Forbid ``a`` and ``b`` to meet (from now on, in every round)."""
        i, j = sorted((self._rank(a), self._rank(b)))
        if i == j:
            raise ValueError(f"{a!r} cannot be paired with itself")
        self._excluded.add((i, j))

    def exclude_pairs(self, pairs: Iterable[tuple[S, S | None]]) -> None:
        """Forbid every given pair; ``(x, None)`` entries (byes) are ignored."""
        for a, b in pairs:
            if b is not None:
                self.exclude(a, b)

    def pairs(self) -> list[tuple[S, S | None]]:
        """The optimal pairs of the next round (see the module docstring); records the bye.

        The pairs are not excluded automatically: call :meth:`exclude_pairs` with them once
        the round is played, if they must not meet again.
        """
        n = len(self._parties)
        ranks = list(range(n))
        # Bye rule first: fewest byes so far, then lowest rank; each step outweighs all
        # possible closeness costs together.
        closeness = n * n * n + 1
        order = sorted(ranks, key=lambda r: (self._byes[r], -r))
        badness = {r: k for k, r in enumerate(order)}

        def weight(i: int, j: int) -> int | None:
            if (i, j) in self._excluded:
                return None
            return -((j - i) ** 2)

        def bye_weight(i: int) -> int:
            return -badness[i] * closeness

        found = best_pairing(ranks, weight, bye_weight=bye_weight)
        result: list[tuple[S, S | None]] = []
        for i, j in found:
            if j is None:
                self._byes[i] += 1
                result.append((self._parties[i], None))
            else:
                result.append((self._parties[i], self._parties[j]))
        return result
