"""The matcher fairpair uses: the compiled core when it is built, the Python reference otherwise.

``_blossom.c`` is a step-for-step port of :class:`~fairpair.matching.blossom.PythonMatcher`
with exact fixed-width integers (as many 64-bit limbs as the largest weight needs): 20-30x
faster on complete graphs (``benchmarks/bench_matching.py``), ~10x on a whole Dutch round.
It is built by the package's own build (``setup.py``); without a C compiler the build says
so and the package falls back to the Python core, which gives the same results. The one
departure from the port: large graphs started from scratch are solved on a subgraph first
and priced (see :class:`WeightedMatcher`, "Sparse starts"), which finds a maximum-weight
matching as well, though not always the same one among equal optima.
``FAIRPAIR_MATCHER=python`` (or ``backend="python"``) selects the Python core explicitly,
``FAIRPAIR_MATCHER=c`` insists on the compiled one.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterable, Iterator, Sequence

# typing stays unloaded at run time: fairpair-engine pays each import.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from array import array
    from typing import Literal

    # Loaded when used: a program pairing with the compiled core never compiles the
    # 1,100 lines of the Python core (part of each call's start-up, fairpair-engine).
    from fairpair.matching.blossom import PythonMatcher

_Core: type[Core] | None
try:
    from fairpair.matching._blossom import Core

    _Core = Core
except ImportError:  # not built (no compiler at install): the Python core is used
    _Core = None

if TYPE_CHECKING:
    Backend = Literal["c", "python"]
else:
    Backend = str
_ENV = "FAIRPAIR_MATCHER"


def compiled_core_available() -> bool:
    """True when the compiled matching core was built and can be imported."""
    return _Core is not None


def default_backend() -> Backend:
    """The backend ``WeightedMatcher`` uses: ``$FAIRPAIR_MATCHER``, else ``c`` when built."""
    chosen = os.environ.get(_ENV, "").strip().lower()
    if chosen == "python":
        return "python"
    if chosen in ("c", "compiled"):
        return "c"
    if chosen:
        raise ValueError(f"{_ENV}={chosen!r}: expected 'c' or 'python'")
    return "c" if _Core is not None else "python"


class WeightedMatcher:
    """Maximum-weight matching of a general graph with non-negative integer weights.

    The matching, the duals and the blossoms are kept between solves.

    Vertices are ``0 .. vertex_count - 1``. A weight of 0 means "no edge". Change weights with
    :meth:`set_weight` / :meth:`add_weight`, then call :meth:`solve`; the matching then has the
    maximum total weight (not necessarily maximum cardinality) for the current weights.
    Weights are exact Python ints of any size. ``backend`` picks the core (see the module
    docstring); both give the same matchings on graphs below ``sparse_edges``.

    **Sparse starts** (compiled core). A start from scratch on a graph of at least
    ``sparse_edges`` edges (default -1: never; the Dutch engine asks for 100,000) solves a
    subgraph first: for each vertex and each distinct weight among its edges, ``sparse_keep``
    of them (default 4),
    spread over the neighbours of that weight. The other edges stay in the graph but out of
    the algorithm's sight until a pricing pass after each solve finds one whose slack against
    the optimal duals (blossom duals included) is negative; such edges join the subgraph and
    the matching is repaired, until none is left. The result is a maximum-weight matching of
    the whole graph, proved by its duals (:meth:`check_optimality`), but among several optima
    it may be another one than the Python core's. A Dutch bracket of 2,000 players (2.2
    million edges, a few dozen distinct weights) is solved on some 40,000 of them
    (``benchmarks/NOTES.md``, "Sparse starts").
    """

    backend: Backend

    def __init__(
        self,
        vertex_count: int,
        *,
        backend: Backend | None = None,
        sparse_edges: int | None = None,
        sparse_keep: int | None = None,
    ) -> None:
        chosen = backend or default_backend()
        impl: Core | PythonMatcher
        if chosen == "c":
            if _Core is None:
                raise ImportError(
                    "the compiled matching core (fairpair.matching._blossom) is not built: "
                    "reinstall fairpair with a C compiler, or use FAIRPAIR_MATCHER=python"
                )
            if vertex_count < 0:
                raise ValueError("vertex_count must be >= 0")
            impl = _Core(vertex_count)
            if sparse_edges is not None:
                impl.sparse_edges = sparse_edges
            if sparse_keep is not None:
                impl.sparse_keep = sparse_keep
        elif chosen == "python":
            from fairpair.matching.blossom import PythonMatcher

            impl = PythonMatcher(vertex_count)
        else:
            raise ValueError(f"unknown matcher backend {chosen!r}")
        self._bind(impl, chosen)

    def _bind(self, impl: Core | PythonMatcher, backend: Backend) -> None:
        self.backend = backend
        self._impl = impl
        # The engines call these millions of times: bind them to the core, without a wrapper.
        self.set_weight = impl.set_weight  # type: ignore[method-assign,assignment]
        self.weight = impl.weight  # type: ignore[method-assign,assignment]
        self.add_weight = impl.add_weight  # type: ignore[method-assign,assignment]
        self.mate = impl.mate  # type: ignore[method-assign,assignment]
        self.neighbour_ids = impl.neighbour_ids  # type: ignore[method-assign,assignment]
        self.add_weights = impl.add_weights  # type: ignore[method-assign,assignment]
        self.remove_edges = impl.remove_edges  # type: ignore[method-assign,assignment]
        self.set_weights = impl.set_weights  # type: ignore[method-assign,assignment]
        self.keep_only = impl.keep_only  # type: ignore[method-assign,assignment]
        self.prefer = impl.prefer  # type: ignore[method-assign,assignment]
        self.set_weights_by_kind = impl.set_weights_by_kind  # type: ignore[method-assign,assignment]

    def __deepcopy__(self, memo: dict[int, object]) -> WeightedMatcher:
        """An independent copy: weights, pending changes, matching, duals and blossoms."""
        clone = WeightedMatcher.__new__(WeightedMatcher)
        memo[id(self)] = clone
        clone._bind(copy.deepcopy(self._impl, memo), self.backend)
        return clone

    def __copy__(self) -> WeightedMatcher:
        """The same as a deep copy: two matchers never share their state."""
        return self.__deepcopy__({})

    @property
    def solve_count(self) -> int:
        """Number of solves so far."""
        return self._impl.solve_count

    @solve_count.setter
    def solve_count(self, value: int) -> None:
        self._impl.solve_count = value

    @property
    def vertex_count(self) -> int:
        """Number of vertices."""
        return self._impl.vertex_count

    @property
    def pricing(self) -> tuple[int, int, int]:
        """Sparse starts so far (see the class docstring): pricing passes, edges they brought
        into the subgraph, edges outside it now. All 0 for the Python core."""
        return self._impl.pricing if self.backend == "c" else (0, 0, 0)  # type: ignore[union-attr]

    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Set the weight of edge {u, v}; 0 removes the edge."""
        self._impl.set_weight(u, v, weight)

    def weight(self, u: int, v: int) -> int:
        """Current weight of edge {u, v} (0 if there is no edge)."""
        return self._impl.weight(u, v)

    def add_weight(self, u: int, v: int, delta: int) -> None:
        """Add ``delta`` to the weight of {u, v}; the result must stay >= 0."""
        self._impl.add_weight(u, v, delta)

    def neighbours(self, v: int) -> dict[int, int]:
        """A copy of the edges of ``v`` as {neighbour: weight}."""
        return self._impl.neighbours(v)

    def neighbour_ids(self, v: int) -> list[int]:
        """The neighbours of ``v``, in adjacency order (cheaper than :meth:`neighbours`)."""
        return self._impl.neighbour_ids(v)

    def add_weights(self, u: int, vs: Sequence[int], delta: int | Sequence[int]) -> None:
        """Add ``delta`` (or ``delta[i]`` to the i-th edge) to each edge {u, v} that exists;
        the others are left alone. One call for a player's row instead of one per edge."""
        self._impl.add_weights(u, vs, delta)

    def remove_edges(self, u: int, vs: Sequence[int]) -> None:
        """Remove each edge {u, v} that exists."""
        self._impl.remove_edges(u, vs)

    def set_weights(self, u: int, vs: Sequence[int], ws: Sequence[int]) -> None:
        """``set_weight(u, vs[i], ws[i])`` for each i, in one call."""
        self._impl.set_weights(u, vs, ws)

    def keep_only(self, u: int, v: int) -> None:
        """Remove every edge of ``u`` but {u, v} (``v`` = -1: all of them)."""
        self._impl.keep_only(u, v)

    def prefer(self, x: int, candidates: Sequence[int]) -> int:
        """Settle ``x`` with the first of ``candidates`` that some maximum-weight matching
        pairs with ``x`` among those that keep every pair ``prefer`` settled since the last
        solve, and return it; the matching becomes one such (the weights and duals do not
        change). ``x`` must be matched, its partner among ``candidates``.

        This is what rewarding x's edges by rank (the first candidate most) and solving again
        would choose, without the solve: after a solve the duals are optimal, and the search
        for alternating paths of tight edges decides it (``blossom.PythonMatcher.prefer``).
        For a bipartite graph without blossoms, solved since its last change (ValueError
        otherwise): the graph of a Dutch remainder at its transpositions.
        """
        return self._impl.prefer(x, candidates)

    def set_weights_by_kind(
        self,
        u: int,
        vs: Sequence[int],
        mask: bytes | bytearray,
        kinds: array[int],
        table: Sequence[int],
    ) -> None:
        """For each v of ``vs`` with ``mask[v]`` nonzero, ``set_weight(u, v, table[kinds[v]])``.

        ``mask`` has a byte per vertex, ``kinds`` a C int per vertex (``array('i')``). Rows
        whose weights come from a few kinds of vertex (a Dutch bracket: one weight per pair of
        kinds of player) are set without a Python list of weights, each entry of ``table``
        read once.
        """
        self._impl.set_weights_by_kind(u, vs, mask, kinds, table)

    def edges(self) -> Iterator[tuple[int, int, int]]:
        """All edges as (u, v, weight) with u < v."""
        return iter(self._impl.edges())

    def solve(self, *, warm: bool | None = None, subgraph: bool = False) -> None:
        """Make the matching maximum-weight again for the current weights.

        By default the previous matching, duals and blossoms are repaired around the vertices
        whose edges changed, unless so many changed that starting over is faster. ``warm=True``
        always repairs, ``warm=False`` always starts over (as :meth:`solve_from_scratch`).
        ``subgraph=True`` with ``warm=False``: start over on the subgraph of the last sparse
        start (with the edges pricing added since) instead of choosing one anew.
        """
        if subgraph and self.backend == "c":
            self._impl.solve(warm=warm, subgraph=True)  # type: ignore[call-arg]
        else:
            self._impl.solve(warm=warm)

    def solve_from_scratch(self) -> None:
        """Forget the previous matching and duals and solve anew."""
        self._impl.solve(warm=False)

    def mate(self, v: int) -> int | None:
        """The vertex matched to ``v``, or None."""
        return self._impl.mate(v)

    def mates(self) -> list[int | None]:
        """For every vertex its mate, or None."""
        return self._impl.mates()

    def total_weight(self) -> int:
        """Total weight of the current matching."""
        return self._impl.total_weight()

    def take_inside(self, source: WeightedMatcher, inside: bytes) -> None:
        """Add the edges of ``source`` (same backend, no more vertices) with both ends in the
        set marked by ``inside`` (a byte per vertex), their weights doubled: the units of the
        source's duals and of :meth:`outer_gains`."""
        if source.backend != self.backend:
            raise ValueError("both matchers must have the same backend")
        self._impl.take_inside(source._impl, inside)  # type: ignore[arg-type]

    def outer_gains(self, vs: Sequence[int], inside: bytes) -> list[int | None] | None:
        """What the vertices ``vs`` of a set can gain out of it, read from the optimal duals
        of the last solve (in their doubled units, those of :meth:`check_optimality`).

        The set S is marked by ``inside`` (a byte per vertex, nonzero inside). For each v of
        ``vs`` (in S): the largest ``2 w(v, o) - dual(o) - 2 z(o)`` over its neighbours o
        outside S, where z(o) sums the duals of the blossoms that hold all of S and o; None
        when v has no edge out of S. The whole answer is None when a blossom of positive
        dual holds part of S and vertices outside it.

        What it is for (weak duality): take any matching that pairs the same number of pairs
        inside S as the current one. Its edges out of S and outside S weigh, doubled, at most
        the sum of these gains over the vertices of S it pairs outwards, plus a constant; the
        current matching makes that bound exact. An engine can then solve S alone, each
        vertex joined to stand-ins for the outside by its gain (pairing/dutch.py, step 7).
        """
        return self._impl.outer_gains(vs, inside)

    def check_optimality(self) -> None:
        """Raise AssertionError unless matching, duals and blossoms prove optimality."""
        from fairpair.matching.blossom import PythonMatcher, check_certificate

        impl = self._impl
        if isinstance(impl, PythonMatcher):
            impl.check_optimality()
            return
        mates, dual, parent, children, base = impl.state()
        check_certificate(impl.edges(), mates, dual, parent, children, base)


def max_weight_matching(
    vertex_count: int, edges: Iterable[tuple[int, int, int]]
) -> list[int | None]:
    """One-shot convenience: the mates of a maximum-weight matching of the given graph."""
    matcher = WeightedMatcher(vertex_count)
    for u, v, w in edges:
        matcher.set_weight(u, v, w)
    matcher.solve_from_scratch()
    return matcher.mates()
