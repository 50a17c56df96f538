"""The maximum-weight matching a pairing system needs, seen through one small interface.

The Dutch engine only talks to a :class:`Matcher`; which implementation solves the matching
is chosen by :func:`default_matcher`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

TYPE_CHECKING = False  # typing stays unloaded at run time: fairpair-engine pays each import
if TYPE_CHECKING:
    from array import array
    from typing import Protocol
else:
    Protocol = object


class Matcher(Protocol):
    """A maximum-weight (not maximum-cardinality) matching on vertices ``0..n-1``.

    Weights are exact Python ints; an edge of weight 0 is no edge. ``solve`` may reuse the
    previous solution and repair only around the vertices whose edges changed.
    """

    solve_count: int

    def set_weight(self, u: int, v: int, weight: int) -> None: ...

    def weight(self, u: int, v: int) -> int: ...

    def add_weight(self, u: int, v: int, delta: int) -> None: ...

    def neighbours(self, v: int) -> dict[int, int]:
        """A copy of the edges of ``v`` as {neighbour: weight} (one call instead of one
        :meth:`weight` call per vertex when a pairing system walks a player's edges)."""
        ...

    def neighbour_ids(self, v: int) -> list[int]:
        """The neighbours of ``v`` (without their weights: cheaper than :meth:`neighbours`)."""
        ...

    def add_weights(self, u: int, vs: Sequence[int], delta: int | Sequence[int]) -> None:
        """Add ``delta`` (or ``delta[i]`` to the i-th edge) to each edge {u, v} that exists."""
        ...

    def remove_edges(self, u: int, vs: Sequence[int]) -> None:
        """Remove each edge {u, v} that exists."""
        ...

    def set_weights(self, u: int, vs: Sequence[int], ws: Sequence[int]) -> None:
        """``set_weight(u, vs[i], ws[i])`` for each i."""
        ...

    def keep_only(self, u: int, v: int) -> None:
        """Remove every edge of ``u`` but {u, v} (``v`` = -1: all of them)."""
        ...

    def prefer(self, x: int, candidates: Sequence[int]) -> int:
        """Settle ``x`` with the first candidate an optimum keeping the pairs settled before
        allows (bipartite graphs, after a solve; see ``WeightedMatcher.prefer``)."""
        ...

    def set_weights_by_kind(
        self,
        u: int,
        vs: Sequence[int],
        mask: bytes | bytearray,
        kinds: array[int],
        table: Sequence[int],
    ) -> None:
        """For each v of ``vs`` with ``mask[v]`` nonzero: ``set_weight(u, v, table[kinds[v]])``
        (``kinds``: ``array('i')``, a kind per vertex)."""
        ...

    def solve(self, *, warm: bool | None = None, subgraph: bool = False) -> None:
        """Maximise the weight; ``warm=True`` repairs the previous solution around the
        changed vertices, ``False`` starts over, ``None`` lets the matcher choose.
        ``subgraph=True`` with ``warm=False``: a matcher that started sparse starts over on the
        same subgraph (others ignore it)."""
        ...

    def mate(self, v: int) -> int | None: ...


MatcherFactory = Callable[[int], Matcher]
"""Builds a matcher for ``n`` vertices."""


def default_matcher(n: int) -> Matcher:
    """The matcher used when the caller does not inject one."""
    from fairpair.matching import WeightedMatcher

    return WeightedMatcher(n)


SPARSE_FROM = 100_000
"""Edges from which :func:`sparse_matcher` starts on a subgraph."""


def sparse_matcher(n: int) -> Matcher:
    """A matcher whose starts from scratch on :data:`SPARSE_FROM` edges or more are sparse
    (``WeightedMatcher``, "Sparse starts"): the Dutch engine's. A Dutch bracket of thousands
    is a near-clique of few distinct weights, solved from scratch once or twice and then
    repaired around few vertices, which is what sparse starts are for. The Burstein engine
    keeps the default: it changes many weights between hundreds of solves, and every solve
    then prices many edges (1,000 players: 0.65 s dense, 1.35 s sparse; benchmarks/NOTES.md).
    """
    from fairpair.matching import WeightedMatcher

    return WeightedMatcher(n, sparse_edges=SPARSE_FROM)
