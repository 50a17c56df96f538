"""Maximum-weight matching of a general graph, kept warm between solves.

The solver is the primal-dual blossom algorithm of Edmonds as described in Galil's survey
("Efficient algorithms for finding maximum matching in graphs", 1986), written for exact
integer arithmetic and for *re-solving*: the matching, the dual solution and the blossoms
survive between calls to :meth:`PythonMatcher.solve`, and only the neighbourhood of the
vertices whose weights changed is repaired.

Conventions (all values are Python ints, never floats):

* ``slack(i, j) = dual[i] + dual[j] - 2 * w(i, j) + 2 * sum(dual[B] for blossoms B ∋ i, j)``.
  The LP dual of the textbook is ``dual[v] / 2`` for vertices and ``dual[B]`` for blossoms; this
  scaling keeps every dual change integral.
* Optimality (complementary slackness): every slack is >= 0, every dual is >= 0, matched edges
  and the cycle edges of every blossom have slack 0, and every *exposed* vertex has dual 0
  (maximum weight, not maximum cardinality).

Generalisation used for the warm start: the exposed vertices need not share one dual value.
A stage grows alternating trees from every exposed vertex with a positive dual (a "root").
When a non-root S-vertex reaches dual 0 its tree path is flipped, so that the root becomes
matched and that vertex becomes exposed with dual 0.  Integrality of ``slack / 2`` for S-S
edges needs all roots of a stage to have duals of equal parity, which the warm start
establishes (every S-vertex is linked to its root by tight edges, which preserve parity).

One stage serves several roots (up to ``_STAGE_ROOTS``, see ``_run_stages``): a tree that
augments (or flips) is *retired* (its labels are removed, its vertices become free) and the
other trees keep their labels and go on growing,
as in Kolmogorov's Blossom V. The textbook stage ends at its first augmentation and the next
one labels every remaining root again and rescans its edges, which costs ~n^3 when a repair
starts with hundreds of roots (the Dutch bracket set-up). The least-slack edges that the heaps
keep are then only lower bounds (their S-end may have retired): each is checked against the
true slack when it reaches the top of its heap, and recomputed if it is stale.

The repair before the stages, for a vertex cover ("dirty" vertices) of the changed edges:

1. Dissolve every blossom that contains a dirty vertex, top-level first: add the blossom's z
   to the duals of all its vertices and drop it. Slacks inside stay equal, slacks leaving it
   grow by z, so only the base's pair may stop being tight; it is split.
2. Each dirty vertex v is now trivial, so its slacks have no blossom term. Its dual is set to
   the least value keeping all its edges feasible; if its pair can be made tight at or above
   that value it is kept (this is the common case of a probe), otherwise it is split.
3. Every vertex left exposed with a positive dual is "settled": if trivial, its dual is
   lowered to the least feasible value and it is paired with an exposed neighbour over a tight
   edge when there is one. Odd roots are made even (dissolving their blossoms if needed).

Every step keeps dual feasibility and tight matched/blossom edges, so the stage that follows
end with an optimum. A solve from scratch uses step 3 as its jump start (each vertex starts at
its heaviest edge).

During a stage dual steps are lazy (a labelled blossom owes its vertices the total step since
it was labelled) and the four kinds of step are taken from heaps, so a step costs O(log n)
and a repair touches only the trees it grows.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence

_FREE = 0
_S = 1
_T = 2
_NO_MATE = -1
# Roots per stage, the same as STAGE_ROOTS in _blossom.c (see _run_stages).
_STAGE_ROOTS = 8
# solve() repairs in place while at most 1/_WARM_LIMIT of the vertices are dirty.
_WARM_LIMIT = 8

Edge = tuple[int, int]


class PythonMatcher:
    """Maximum-weight matching of a general graph with non-negative integer weights.

    The pure-Python reference: :class:`fairpair.matching.WeightedMatcher` uses the compiled
    port of this class (``_blossom.c``) when it is built, and this class otherwise.
    The matching, the duals and the blossoms are kept between solves.

    Vertices are ``0 .. vertex_count - 1``. A weight of 0 means "no edge". Change weights with
    :meth:`set_weight` / :meth:`add_weight`, then call :meth:`solve`; the matching then has the
    maximum total weight (not necessarily maximum cardinality) for the current weights.
    """

    solve_count: int

    def __init__(self, vertex_count: int) -> None:
        if vertex_count < 0:
            raise ValueError("vertex_count must be >= 0")
        n = vertex_count
        self._n = n
        self._adj: list[dict[int, int]] = [{} for _ in range(n)]
        # Vertices are 0..n-1, nontrivial blossoms take the ids n..2n-1.
        self._mate = [_NO_MATE] * n
        self._dual = [0] * (2 * n)
        self._parent = [-1] * (2 * n)
        self._children: list[list[int]] = [[] for _ in range(2 * n)]
        # _cycle[b][i] = (x, y): x in _children[b][i], y in _children[b][i + 1] (cyclically).
        self._cycle: list[list[Edge]] = [[] for _ in range(2 * n)]
        self._base = list(range(n)) + [-1] * n
        self._top = list(range(n))
        self._unused_ids = list(range(2 * n - 1, n - 1, -1))
        # Edges whose weight changed since the last solve.
        self._changed: list[Edge] = []
        # Vertices whose pair the current repair split (possible roots).
        self._split: list[int] = []
        self.solve_count = 0
        # prefer(): the vertices it settled since the last solve; the graph's two sides.
        self._settled: set[int] = set()
        self._sides: list[int] | None = None
        # Per-stage state.
        self._label = [_FREE] * (2 * n)
        # For a labelled top-level blossom b: (p, q) with q in b and p in its tree parent.
        self._label_edge: list[Edge | None] = [None] * (2 * n)
        # Least-slack edge (x, v) from an S-vertex x to the non-S vertex v.
        self._best_to_s: list[Edge | None] = [None] * n
        # For a top-level S-blossom: least-slack edge to another S-blossom, and the candidates.
        self._best_ss: list[Edge | None] = [None] * (2 * n)
        self._best_ss_list: list[list[Edge] | None] = [None] * (2 * n)
        # Best edges are compared by keys that stay fixed while the duals move: an S-vertex
        # dual plus the stage's total dual change so far (_shift) never changes.
        self._best_to_s_key = [0] * n
        self._best_ss_key = [0] * (2 * n)
        self._shift = 0
        # The alternating trees of the stage: the root vertex of each labelled top-level
        # blossom, and for each root the blossoms labelled in its tree (may hold stale ids).
        self._tree = [-1] * (2 * n)
        self._members: dict[int, list[int]] = {}
        # Dual steps are applied lazily: a labelled top-level blossom b owes its vertices and
        # itself the change (_shift - _since[b]), with the sign of its label, until _flush(b).
        self._since = [0] * (2 * n)
        # Bumped when a vertex becomes free again or a blossom is labelled: older heap entries
        # for it are stale.
        self._stamp = [0] * (2 * n)
        # Candidates for the four kinds of dual step, as heaps with lazy deletion. Their keys
        # stay fixed while the duals move (slack or dual plus a multiple of _shift).
        self._heap_s_dual: list[tuple[int, int]] = []
        self._heap_s_free: list[tuple[int, int, int]] = []
        self._heap_s_s: list[tuple[int, int, Edge]] = []
        self._heap_t_blossom: list[tuple[int, int, int]] = []
        self._queue: list[int] = []

    # ------------------------------------------------------------------ public API

    @property
    def vertex_count(self) -> int:
        """Number of vertices."""
        return self._n

    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Set the weight of edge {u, v}; 0 removes the edge."""
        self._check_pair(u, v)
        if weight < 0:
            raise ValueError("weights must be >= 0")
        old = self._adj[u].get(v, 0)
        if old == weight:
            return
        if weight == 0:
            del self._adj[u][v]
            del self._adj[v][u]
        else:
            self._adj[u][v] = weight
            self._adj[v][u] = weight
        self._changed.append((u, v))

    def weight(self, u: int, v: int) -> int:
        """Current weight of edge {u, v} (0 if there is no edge)."""
        self._check_pair(u, v)
        return self._adj[u].get(v, 0)

    def add_weight(self, u: int, v: int, delta: int) -> None:
        """Add ``delta`` to the weight of {u, v}; the result must stay >= 0."""
        self.set_weight(u, v, self.weight(u, v) + delta)

    def neighbours(self, v: int) -> dict[int, int]:
        """A copy of the edges of ``v`` as {neighbour: weight}."""
        return dict(self._adj[v])

    def neighbour_ids(self, v: int) -> list[int]:
        """The neighbours of ``v``, in adjacency order."""
        return list(self._adj[v])

    def add_weights(self, u: int, vs: Sequence[int], delta: int | Sequence[int]) -> None:
        """Add ``delta`` (or ``delta[i]`` to the i-th edge) to each edge {u, v} that exists."""
        deltas = [delta] * len(vs) if isinstance(delta, int) else list(delta)
        if len(deltas) != len(vs):
            raise ValueError("one delta per vertex")
        row = self._adj[u]
        for v, d in zip(vs, deltas, strict=True):
            self._check_pair(u, v)
            w = row.get(v)
            if w:
                self.set_weight(u, v, w + d)

    def set_weights(self, u: int, vs: Sequence[int], ws: Sequence[int]) -> None:
        """``set_weight(u, vs[i], ws[i])`` for each i."""
        if len(vs) != len(ws):
            raise ValueError("one weight per vertex")
        for v, w in zip(vs, ws, strict=True):
            self.set_weight(u, v, w)

    def remove_edges(self, u: int, vs: Sequence[int]) -> None:
        """Remove each edge {u, v} that exists."""
        row = self._adj[u]
        for v in vs:
            self._check_pair(u, v)
            if v in row:
                self.set_weight(u, v, 0)

    def keep_only(self, u: int, v: int) -> None:
        """Remove every edge of ``u`` but {u, v} (``v`` = -1: all of them)."""
        if not (0 <= u < self._n and -1 <= v < self._n):
            raise IndexError("vertex out of range")
        self.remove_edges(u, [x for x in self._adj[u] if x != v])

    def set_weights_by_kind(
        self,
        u: int,
        vs: Sequence[int],
        mask: bytes | bytearray,
        kinds: Sequence[int],
        table: Sequence[int],
    ) -> None:
        """For each v of ``vs`` with ``mask[v]`` nonzero: ``set_weight(u, v, table[kinds[v]])``."""
        for v in vs:
            if mask[v]:
                self.set_weight(u, v, table[kinds[v]])

    def edges(self) -> Iterator[tuple[int, int, int]]:
        """All edges as (u, v, weight) with u < v."""
        for u, row in enumerate(self._adj):
            for v, w in row.items():
                if u < v:
                    yield u, v, w

    def solve(self, *, warm: bool | None = None) -> None:
        """Make the matching maximum-weight again for the current weights.

        By default the previous matching, duals and blossoms are repaired around the vertices
        whose edges changed, unless so many changed that starting over is faster. ``warm=True``
        always repairs, ``warm=False`` always starts over (as :meth:`solve_from_scratch`).
        """
        if warm is False:
            self.solve_from_scratch()
            return
        self.solve_count += 1
        self._settled.clear()
        self._sides = None
        if not self._changed:
            return
        dirty = self._cover_changed_edges()
        self._changed.clear()
        if warm is None and len(dirty) * _WARM_LIMIT > self._n:
            # Repairs cost about one stage per dirty vertex: past this many, starting over with
            # the greedy jump start is faster (measured on complete graphs, n = 200 and 400).
            self._reset()
        else:
            self._run_stages(self._prepare_warm_start(dirty))
            return
        self._run_stages(range(self._n))

    def solve_from_scratch(self) -> None:
        """Forget the previous matching and duals and solve anew (the reference for the tests)."""
        self.solve_count += 1
        self._settled.clear()
        self._sides = None
        self._changed.clear()
        self._reset()
        self._run_stages(range(self._n))

    # ------------------------------------------------------------------ preferences

    def prefer(self, x: int, candidates: Sequence[int]) -> int:
        """Settle ``x`` with the first of ``candidates`` that a maximum-weight matching keeping
        every pair settled by ``prefer`` since the last solve pairs with ``x`` (see
        :meth:`fairpair.matching.WeightedMatcher.prefer`); returns it.

        After a solve the duals are optimal, and a matching is maximum-weight exactly when its
        edges are tight and it covers every vertex of positive dual (complementary slackness;
        a bipartite graph has no blossom duals). With x-y put in and the pairs of x and y taken
        out, such a matching exists exactly when each vertex left alone that must be covered
        can be, by an alternating path of tight edges avoiding the settled vertices that ends
        at a free vertex or at one of dual zero (left alone): the augmenting path theorem, one
        vertex at a time. The duals stay optimal, so preferences cost searches, not solves.
        """
        if self._changed:
            raise ValueError("prefer needs a solve after the last change of weights")
        if self._sides is None:
            self._sides = self._bipartite_sides()
        if self._sides is None:
            raise ValueError("prefer needs a solved bipartite graph without blossoms")
        mate, settled = self._mate, self._settled
        if not all(0 <= v < self._n for v in (x, *candidates)):
            raise IndexError("vertex out of range")
        partner = mate[x]
        if x in settled or partner == _NO_MATE:
            raise ValueError("prefer: x must be matched and not settled yet")
        if partner not in candidates:
            raise ValueError("prefer: x's partner must be among the candidates")
        for y in candidates:
            if y == partner:
                break
            if y in settled or not self._tight(x, y):
                continue
            log: list[tuple[int, int]] = []
            other = mate[y]
            for v, m in ((partner, _NO_MATE), (other, _NO_MATE), (x, y), (y, x)):
                if v != _NO_MATE:
                    log.append((v, mate[v]))
                    mate[v] = m
            settled.update((x, y))
            alone = [v for v in (partner, other) if v != _NO_MATE]
            if all(mate[v] != _NO_MATE or not self._dual[v] or self._cover(v, log) for v in alone):
                return y
            settled.difference_update((x, y))
            for v, m in reversed(log):
                mate[v] = m
        settled.update((x, partner))
        return partner

    def _tight(self, u: int, v: int) -> bool:
        w = self._adj[u].get(v, 0)
        return w > 0 and self._dual[u] + self._dual[v] == 2 * w

    def _cover(self, s: int, log: list[tuple[int, int]]) -> bool:
        """Cover the free vertex s again (see :meth:`prefer`); True if it could be."""
        mate, settled, dual = self._mate, self._settled, self._dual
        came_from: dict[int, int] = {s: _NO_MATE}
        seen = {s}
        queue = [s]
        for u in queue:
            for v in self._adj[u]:
                if v in settled or v in seen or v == mate[u] or not self._tight(u, v):
                    continue
                seen.add(v)
                w = mate[v]
                if w != _NO_MATE and (w in settled or dual[w]):
                    if w not in settled and w not in seen:
                        seen.add(w)
                        came_from[w] = u
                        queue.append(w)
                    continue
                if w != _NO_MATE:
                    log.append((w, mate[w]))
                    mate[w] = _NO_MATE
                while True:
                    before = mate[u]
                    log.extend(((u, mate[u]), (v, mate[v])))
                    mate[u], mate[v] = v, u
                    if u == s:
                        return True
                    u, v = came_from[u], before
        return False

    def _bipartite_sides(self) -> list[int] | None:
        """A side (0 or 1) per vertex, or None if the graph is not bipartite or holds a
        blossom."""
        if any(self._top[v] != v for v in range(self._n)):
            return None
        side = [-1] * self._n
        for root in range(self._n):
            if side[root] >= 0 or not self._adj[root]:
                continue
            side[root] = 0
            queue = [root]
            for u in queue:
                for v in self._adj[u]:
                    if side[v] < 0:
                        side[v] = 1 - side[u]
                        queue.append(v)
                    elif side[v] == side[u]:
                        return None
        return side

    def mate(self, v: int) -> int | None:
        """The vertex matched to ``v``, or None."""
        m = self._mate[v]
        return None if m == _NO_MATE else m

    def mates(self) -> list[int | None]:
        """For every vertex its mate, or None."""
        return [None if m == _NO_MATE else m for m in self._mate]

    def total_weight(self) -> int:
        """Total weight of the current matching."""
        return sum(self._adj[v].get(m, 0) for v, m in enumerate(self._mate) if m > v)

    def take_inside(self, source: PythonMatcher, inside: bytes) -> None:
        """See :meth:`fairpair.matching.WeightedMatcher.take_inside`."""
        if source._n > self._n:
            raise ValueError("the source has more vertices")
        if len(inside) < source._n:
            raise ValueError("inside must have a byte per vertex")
        for u in range(source._n):
            if inside[u]:
                for v, w in source._adj[u].items():
                    if v > u and inside[v]:
                        self.set_weight(u, v, 2 * w)

    def outer_gains(self, vs: Sequence[int], inside: bytes) -> list[int | None] | None:
        """See :meth:`fairpair.matching.WeightedMatcher.outer_gains`."""
        n = self._n
        if len(inside) < n:
            raise ValueError("inside must have a byte per vertex")
        dual, parent = self._dual, self._parent
        count: dict[int, int] = {}
        size: dict[int, int] = {}
        for v in range(n):
            b = parent[v]
            while b != -1:
                size[b] = size.get(b, 0) + 1
                if inside[v]:
                    count[b] = count.get(b, 0) + 1
                b = parent[b]
        members = sum(1 for v in range(n) if inside[v])
        encloses: set[int] = set()
        for b, held in count.items():
            if dual[b] <= 0:
                continue
            if held == members and size[b] > members:
                encloses.add(b)
            elif held != size[b]:
                return None
        gains: list[int | None] = []
        for v in vs:
            if not (0 <= v < n and inside[v]):
                raise IndexError("vertex out of range or outside the set")
            out = []
            for o, w in self._adj[v].items():
                if inside[o]:
                    continue
                z = 0
                b = parent[o]
                while b != -1:
                    if b in encloses:
                        z += dual[b]
                    b = parent[b]
                out.append(2 * w - dual[o] - 2 * z)
            gains.append(max(out) if out else None)
        return gains

    # ------------------------------------------------------------------ warm start

    def _check_pair(self, u: int, v: int) -> None:
        if u == v:
            raise ValueError("no loops: u must differ from v")
        if not (0 <= u < self._n and 0 <= v < self._n):
            raise IndexError("vertex out of range")

    def _cover_changed_edges(self) -> list[int]:
        """A small vertex cover of the changed edges: repairing those vertices suffices."""
        count: dict[int, int] = {}
        for u, v in self._changed:
            count[u] = count.get(u, 0) + 1
            count[v] = count.get(v, 0) + 1
        cover: list[int] = []
        chosen: set[int] = set()
        for u, v in sorted(self._changed, key=lambda e: -max(count[e[0]], count[e[1]])):
            if u in chosen or v in chosen:
                continue
            pick = u if count[u] >= count[v] else v
            chosen.add(pick)
            cover.append(pick)
        return cover

    def _reset(self) -> None:
        n = self._n
        self._mate = [_NO_MATE] * n
        self._parent = [-1] * (2 * n)
        self._children = [[] for _ in range(2 * n)]
        self._cycle = [[] for _ in range(2 * n)]
        self._base = list(range(n)) + [-1] * n
        self._top = list(range(n))
        self._unused_ids = list(range(2 * n - 1, n - 1, -1))
        # Each vertex at its heaviest edge is dual feasible; settling the vertices one by one
        # then lowers the duals and pairs greedily along tight edges, which saves many stages.
        dual = [0] * (2 * n)
        for v, row in enumerate(self._adj):
            if row:
                dual[v] = max(row.values())
        self._dual = dual
        for v in range(n):
            if self._mate[v] == _NO_MATE and dual[v] > 0:
                self._settle(v)
        self._make_roots_even(range(n))

    def _prepare_warm_start(self, dirty: list[int]) -> list[int]:
        """Restore dual feasibility and tight matched edges after the weights of ``dirty`` changed.

        Afterwards every exposed vertex with a positive dual becomes a root of the next stage.
        Returns the vertices that may be such roots: after a solve every exposed vertex has
        dual 0, so only the vertices split off here can be (this keeps the repair independent
        of the size of the graph).
        """
        dual = self._dual
        mate = self._mate
        adj = self._adj
        self._split = list(dirty)
        # A changed edge may lie inside a blossom: dissolve every blossom around a dirty vertex.
        for v in dirty:
            while self._top[v] != v:
                self._dissolve(self._top[v])
        # Each dirty vertex is now a trivial top-level blossom, so its slacks carry no blossom
        # term. Set its dual to the least feasible value, keeping its pair when that edge can stay
        # tight. Only this vertex's dual changes, so the edges fixed before stay feasible.
        for v in dirty:
            m = mate[v]
            need = 0
            for x, w in adj[v].items():
                if x != m:
                    lack = 2 * w - dual[x]
                    if lack > need:
                        need = lack
            if m != _NO_MATE:
                w_m = adj[v].get(m, 0)
                tight = 2 * w_m - dual[m]
                if w_m > 0 and tight >= need:
                    dual[v] = tight
                    continue
                mate[v] = mate[m] = _NO_MATE
                self._split.append(m)
            dual[v] = need
        # Give every new root the chance to pair up over a tight edge before any stage runs.
        candidates = list(dict.fromkeys(self._split))
        for v in candidates:
            if mate[v] == _NO_MATE and dual[v] > 0 and self._top[v] == v:
                self._settle(v)
        self._make_roots_even(candidates)
        return candidates

    def _settle(self, v: int) -> None:
        """Lower the dual of the exposed trivial vertex v to its least feasible value and pair v
        with an exposed neighbour whose edge is then tight, if there is one.

        Only v's dual changes and every edge of v stays feasible, so the invariants hold; a pair
        made here removes one or two roots and no stage ever has to find it.
        """
        dual = self._dual
        mate = self._mate
        need = 0
        partner = _NO_MATE
        for x, w in self._adj[v].items():
            lack = 2 * w - dual[x]
            if lack > need:
                need = lack
                partner = x if mate[x] == _NO_MATE else _NO_MATE
            elif lack == need and partner == _NO_MATE and mate[x] == _NO_MATE:
                partner = x
        dual[v] = need
        if partner != _NO_MATE:
            mate[v] = partner
            mate[partner] = v

    def _make_roots_even(self, candidates: Iterable[int]) -> None:
        """All roots must have even duals (see the module docstring).

        An odd root inside a blossom cannot simply be raised, so its blossoms are dissolved.
        """
        dual = self._dual
        mate = self._mate
        for v in candidates:
            if mate[v] == _NO_MATE and dual[v] & 1:
                while self._top[v] != v:
                    self._dissolve(self._top[v])
                if dual[v] & 1:
                    dual[v] += 1

    def _dissolve(self, b: int) -> None:
        """Expand the top-level blossom b outside a stage, moving its dual into its vertices.

        Raising each vertex of b by z and dropping z keeps every slack inside b; edges leaving b
        gain z. The pair of the base then stops being tight if z > 0, so it is split.
        """
        z = self._dual[b]
        if z:
            dual = self._dual
            for v in self._leaves(b):
                dual[v] += z
            base = self._base[b]
            m = self._mate[base]
            # The base ends exposed with a positive dual, even if it was exposed before.
            self._split.append(base)
            if m != _NO_MATE:
                self._mate[base] = self._mate[m] = _NO_MATE
                self._split.append(m)
        self._expand_plain(b)

    # ------------------------------------------------------------------ blossom helpers

    def _leaves(self, b: int) -> Iterator[int]:
        if b < self._n:
            yield b
            return
        stack = [b]
        children = self._children
        n = self._n
        while stack:
            c = stack.pop()
            if c < n:
                yield c
            else:
                stack.extend(children[c])

    def _expand_plain(self, b: int) -> None:
        """Make the children of top-level blossom b top-level and release b (no labels)."""
        top = self._top
        for c in self._children[b]:
            self._parent[c] = -1
            for v in self._leaves(c):
                top[v] = c
        self._release(b)

    def _release(self, b: int) -> None:
        self._children[b] = []
        self._cycle[b] = []
        self._base[b] = -1
        self._dual[b] = 0
        self._label[b] = _FREE
        self._label_edge[b] = None
        self._best_ss[b] = None
        self._best_ss_list[b] = None
        self._unused_ids.append(b)

    def _child_containing(self, b: int, v: int) -> int:
        c = v
        parent = self._parent
        while parent[c] != b:
            c = parent[c]
        return c

    def _rotate(self, b0: int, v0: int) -> None:
        """Make vertex v0 the base of blossom b0 by flipping the even path to the old base.

        The caller sets the mate of v0 itself. Works iteratively so that deep nesting cannot
        exhaust Python's recursion limit; the sub-blossoms touched are disjoint.
        """
        n = self._n
        work = [(b0, v0)]
        while work:
            b, v = work.pop()
            c = self._child_containing(b, v)
            if c >= n:
                work.append((c, v))
            children = self._children[b]
            cycle = self._cycle[b]
            k = len(children)
            i = children.index(c)
            if i:
                # Even-length path from child i to child 0: backwards if i is even, else forwards.
                # Its edges alternate matched/unmatched; flip them in pairs.
                j = i
                if i % 2 == 0:
                    while j:
                        x, y = cycle[j - 2]  # becomes matched; cycle[j - 1] becomes unmatched
                        j -= 2
                        self._match_inside(b, x, y, work)
                else:
                    while j != k:
                        x, y = cycle[(j + 1) % k]
                        j += 2
                        self._match_inside(b, x, y, work)
                self._children[b] = children[i:] + children[:i]
                self._cycle[b] = cycle[i:] + cycle[:i]
            self._base[b] = v

    def _match_inside(self, b: int, x: int, y: int, work: list[tuple[int, int]]) -> None:
        n = self._n
        cx = self._child_containing(b, x)
        cy = self._child_containing(b, y)
        if cx >= n:
            work.append((cx, x))
        if cy >= n:
            work.append((cy, y))
        self._mate[x] = y
        self._mate[y] = x

    # ------------------------------------------------------------------ stages

    def _slack(self, x: int, y: int) -> int:
        """Slack of an edge between two different top-level blossoms (during a stage)."""
        return self._actual_dual(x) + self._actual_dual(y) - 2 * self._adj[x][y]

    def _actual_dual(self, v: int) -> int:
        b = self._top[v]
        lab = self._label[b]
        if lab == _S:
            return self._dual[v] - (self._shift - self._since[b])
        if lab == _T:
            return self._dual[v] + (self._shift - self._since[b])
        return self._dual[v]

    def _flush(self, b: int) -> None:
        """Apply the dual change the labelled top-level blossom b still owes."""
        lab = self._label[b]
        owed = self._shift - self._since[b]
        self._since[b] = self._shift
        if lab == _FREE or not owed:
            return
        dual = self._dual
        if lab == _T:
            owed = -owed
        # S: vertices fall, the blossom rises; T: the reverse.
        if b < self._n:
            dual[b] -= owed
        else:
            dual[b] += owed
            for v in self._leaves(b):
                dual[v] -= owed

    def _run_stages(self, candidates: Iterable[int]) -> None:
        """Run stages from the exposed vertices with a positive dual among ``candidates``.

        The roots go smallest dual first (ties by vertex), at most ``_STAGE_ROOTS`` per stage:
        one stage growing hundreds of trees makes every new blossom's list of S-neighbours
        long (benchmarks/NOTES.md). Exposed vertices outside a stage keep their duals and are
        met as free vertices; a stage ends with its roots matched or at dual 0 and no stage
        raises an exposed vertex's dual, so the result stays optimal. The compiled core
        takes the same order and batches, hence the same matching.
        """
        mate = self._mate
        dual = self._dual
        roots = sorted(
            (v for v in candidates if mate[v] == _NO_MATE and dual[v] > 0),
            key=lambda v: (dual[v], v),
        )
        for i in range(0, len(roots), _STAGE_ROOTS):
            batch = [v for v in roots[i : i + _STAGE_ROOTS] if mate[v] == _NO_MATE and dual[v] > 0]
            if batch:
                self._stage(batch)

    def _stage(self, roots: list[int]) -> None:
        """Grow one alternating tree per root until every tree has augmented.

        A tree that augments (or whose S-vertex reaches dual 0) is retired: its blossoms are
        unlabelled and the search goes on with the other trees, which keep their labels. The
        textbook stage ends at its first augmentation instead, and the next one labels and
        scans every remaining root again: with hundreds of roots that costs ~n^3.
        """
        n = self._n
        self._label = [_FREE] * (2 * n)
        self._label_edge = [None] * (2 * n)
        self._best_to_s = [None] * n
        self._best_ss = [None] * (2 * n)
        self._best_ss_list = [None] * (2 * n)
        self._shift = 0
        self._since = [0] * (2 * n)
        self._stamp = [0] * (2 * n)
        self._tree = [-1] * (2 * n)
        self._members = {}
        self._heap_s_dual = []
        self._heap_s_free = []
        self._heap_s_s = []
        self._heap_t_blossom = []
        self._queue = []
        for r in roots:
            self._assign_label(r, _S, None)
        while self._members:
            self._grow()
            if not self._members:
                break
            self._adjust_duals()

    def _assign_label(self, v: int, label: int, p: int | None) -> None:
        """Label the top-level blossom of v, entered from vertex p over edge (p, v)."""
        b = self._top[v]
        self._flush(b)
        self._label[b] = label
        self._stamp[b] += 1
        if p is None:
            root = v
            self._members[root] = [b]
        else:
            root = self._tree[self._top[p]]
            self._members[root].append(b)
        self._tree[b] = root
        self._label_edge[b] = None if p is None else (p, v)
        self._best_ss[b] = None
        self._best_ss_list[b] = None
        if label == _S:
            self._queue.extend(self._leaves(b))
        else:
            if b >= self._n:
                heapq.heappush(
                    self._heap_t_blossom, (self._dual[b] + self._shift, b, self._stamp[b])
                )
            base = self._base[b]
            self._assign_label(self._mate[base], _S, base)

    def _grow(self) -> None:
        """Scan the edges of the queued S-vertices (those of retired trees are skipped)."""
        queue = self._queue
        adj = self._adj
        dual = self._dual
        top = self._top
        label = self._label
        best_to_s = self._best_to_s
        best_to_s_key = self._best_to_s_key
        best_ss = self._best_ss
        best_ss_key = self._best_ss_key
        since = self._since
        heap_s_free = self._heap_s_free
        heap_s_s = self._heap_s_s
        stamp = self._stamp
        shift = self._shift  # no dual step happens while scanning
        while queue:
            x = queue.pop()
            bx = top[x]
            if label[bx] != _S:
                continue
            dx = dual[x] - (shift - since[bx])
            fixed_x = dx + shift  # constant while x is S
            heapq.heappush(self._heap_s_dual, (fixed_x, x))
            for y, w in adj[x].items():
                by = top[y]
                if bx == by:
                    continue
                w2 = 2 * w
                lab = label[by]
                if lab == _S:
                    # Kept for S-vertices too: should y's tree retire, y is free again and
                    # this is a candidate (a lower bound if x has retired meanwhile).
                    key = fixed_x - w2
                    if best_to_s[y] is None or key < best_to_s_key[y]:
                        best_to_s[y] = (x, y)
                        best_to_s_key[y] = key
                    slack = dx + dual[y] - (shift - since[by]) - w2
                    if slack == 0:
                        if self._tight_edge(x, y):
                            break  # x's tree augmented and was retired
                        bx = top[x]
                    else:
                        key = slack + 2 * shift
                        if best_ss[bx] is None or key < best_ss_key[bx]:
                            best_ss[bx] = (x, y)
                            best_ss_key[bx] = key
                            heapq.heappush(heap_s_s, (key, bx, (x, y)))
                else:
                    key = fixed_x - w2
                    better = best_to_s[y] is None or key < best_to_s_key[y]
                    if better:
                        best_to_s[y] = (x, y)
                        best_to_s_key[y] = key
                    if lab == _FREE:
                        # The slack key of a free vertex: its dual is not moving.
                        if better:
                            heapq.heappush(heap_s_free, (key + dual[y], y, stamp[y]))
                        if dx + dual[y] == w2:
                            if self._tight_edge(x, y):
                                break
                            bx = top[x]

    def _tight_edge(self, x: int, y: int) -> bool:
        """Use the tight edge from S-vertex x to y (not in the same blossom); True on augment."""
        by = self._top[y]
        lab = self._label[by]
        if lab == _FREE:
            if self._mate[self._base[by]] == _NO_MATE:
                root = self._tree[self._top[x]]
                self._augment(x, y)
                self._retire(root)
                return True
            self._assign_label(y, _T, x)
            return False
        if lab == _S:
            bx = self._top[x]
            lca = self._common_ancestor(bx, by)
            if lca is None:
                roots = (self._tree[bx], self._tree[by])
                self._augment(x, y)
                for root in roots:
                    self._retire(root)
                return True
            self._add_blossom(lca, x, y)
        return False

    def _tree_parent(self, b: int) -> int | None:
        """The S-blossom above the S-blossom b in its tree, or None at a root."""
        le = self._label_edge[b]
        if le is None:
            return None
        t = self._top[le[0]]
        le_t = self._label_edge[t]
        assert le_t is not None
        return self._top[le_t[0]]

    def _common_ancestor(self, bx: int, by: int) -> int | None:
        seen: set[int] = set()
        a: int | None = bx
        b: int | None = by
        while a is not None or b is not None:
            if a is not None:
                if a in seen:
                    return a
                seen.add(a)
                a = self._tree_parent(a)
            a, b = b, a
        return None

    def _path_up(self, b: int, stop: int) -> list[int]:
        """Blossoms from S-blossom b up to (excluding) its ancestor stop, alternating S, T."""
        path = []
        while b != stop:
            path.append(b)
            le = self._label_edge[b]
            assert le is not None
            b = self._top[le[0]]
        return path

    def _add_blossom(self, lca: int, x: int, y: int) -> None:
        """Shrink the odd cycle closed by the tight S-S edge (x, y) into a new S-blossom."""
        top = self._top
        label_edge = self._label_edge
        path_x = self._path_up(top[x], lca)
        path_y = self._path_up(top[y], lca)
        children = [lca, *reversed(path_x), *path_y]
        cycle: list[Edge] = []
        for c in reversed(path_x):
            le = label_edge[c]
            assert le is not None
            cycle.append(le)
        cycle.append((x, y))
        for c in path_y:
            le = label_edge[c]
            assert le is not None
            cycle.append((le[1], le[0]))
        for c in children:
            self._flush(c)
        b = self._unused_ids.pop()
        self._since[b] = self._shift
        self._children[b] = children
        self._cycle[b] = cycle
        self._base[b] = self._base[lca]
        self._dual[b] = 0
        self._parent[b] = -1
        self._label[b] = _S
        root = self._tree[lca]
        self._tree[b] = root
        self._members[root].append(b)
        self._label_edge[b] = label_edge[lca]
        for c in children:
            self._parent[c] = b
            for v in self._leaves(c):
                top[v] = b
        # T-vertices turn S: they have never scanned their edges.
        for c in children:
            if self._label[c] == _T:
                self._queue.extend(self._leaves(c))
        # Least-slack edges from the new blossom to the other S-blossoms, compared by their
        # fixed keys (slack + 2 * shift); every child has just been flushed.
        best_to: dict[int, tuple[int, Edge]] = {}
        label = self._label
        dual = self._dual
        since = self._since
        adj = self._adj
        shift = self._shift
        for c in children:
            candidates = self._best_ss_list[c]
            if candidates is None:
                candidates = [(v, u) for v in self._leaves(c) for u in adj[v]]
            for e in candidates:
                v, u = e
                bu = top[u]
                if bu != b and label[bu] == _S:
                    key = dual[v] + shift + dual[u] + since[bu] - 2 * adj[v][u]
                    cur = best_to.get(bu)
                    if cur is None or key < cur[0]:
                        best_to[bu] = (key, e)
            self._best_ss_list[c] = None
            self._best_ss[c] = None
        self._best_ss_list[b] = [e for _, e in best_to.values()]
        if best_to:
            best_key, best = min(best_to.values())
            self._best_ss[b] = best
            self._best_ss_key[b] = best_key
            heapq.heappush(self._heap_s_s, (best_key, b, best))
        else:
            self._best_ss[b] = None

    def _augment(self, x: int, y: int) -> None:
        """Augment over the edge (x, y) joining two trees (or a tree and an exposed blossom)."""
        self._flip_path(x, y)
        self._flip_path(y, x)

    def _flip_path(self, s: int, partner: int) -> None:
        """Match s to partner and flip the alternating path from s up to its tree root.

        With partner == _NO_MATE, s ends exposed and the root of its tree gets matched.
        """
        top = self._top
        n = self._n
        while True:
            bs = top[s]
            if bs >= n:
                self._rotate(bs, s)
            self._mate[s] = partner
            le = self._label_edge[bs]
            if le is None:
                return
            bt = top[le[0]]
            le_t = self._label_edge[bt]
            assert le_t is not None
            p, q = le_t
            if bt >= n:
                self._rotate(bt, q)
            self._mate[q] = p
            s, partner = p, q

    def _adjust_duals(self) -> None:
        """Take the largest safe dual step and act on its event.

        The step itself only moves _shift; the four candidates come from heaps whose stale
        entries are dropped on the way. Keys are lower bounds of the true values: an entry
        whose S-end left its tree (retired) or changed is replaced by a recomputed one.
        """
        shift = self._shift
        label = self._label
        top = self._top
        parent = self._parent
        dual = self._dual
        since = self._since
        adj = self._adj
        # delta1: an S-vertex dual reaches 0.
        heap1 = self._heap_s_dual
        while True:
            key1, v1 = heap1[0]
            b1 = top[v1]
            if label[b1] == _S and dual[v1] + since[b1] == key1:
                break
            heapq.heappop(heap1)
        kind, delta, arg = 1, key1 - shift, v1
        arg_edge: Edge | None = None
        # delta2: an edge from an S-vertex to a free vertex becomes tight.
        heap = self._heap_s_free
        stamp = self._stamp
        best_to_s = self._best_to_s
        best_to_s_key = self._best_to_s_key
        while heap:
            key, y, st = heap[0]
            if st != stamp[y] or label[top[y]] != _FREE:
                heapq.heappop(heap)
                continue
            e = best_to_s[y]
            if e is None or key != best_to_s_key[y] + dual[y]:
                heapq.heappop(heap)  # superseded by a better edge of y (or none left)
                continue
            x = e[0]
            bx = top[x]
            if label[bx] != _S or dual[x] + since[bx] - 2 * adj[x][y] != best_to_s_key[y]:
                heapq.heappop(heap)
                self._recompute_best_to_s(y)
                continue
            if key - shift < delta:
                kind, delta, arg_edge = 2, key - shift, e
            break
        # delta3: an edge between two S-blossoms becomes tight.
        heap3 = self._heap_s_s
        best_ss = self._best_ss
        while heap3:
            key, b, e = heap3[0]
            if parent[b] != -1 or label[b] != _S or top[e[0]] != b:
                heapq.heappop(heap3)
                continue
            by = top[e[1]]
            if by == b:
                heapq.heappop(heap3)
                continue
            if (
                label[by] != _S
                or dual[e[0]] + since[b] + dual[e[1]] + since[by] - 2 * adj[e[0]][e[1]] != key
            ):
                heapq.heappop(heap3)
                if best_ss[b] == e and self._best_ss_key[b] == key:
                    self._recompute_best_ss(b)
                continue
            d = key - 2 * shift
            assert d % 2 == 0, "S-S slack must be even"
            if d // 2 < delta:
                kind, delta, arg_edge = 3, d // 2, e
            break
        # delta4: a T-blossom dual reaches 0.
        heap4 = self._heap_t_blossom
        while heap4:
            key, b, st = heap4[0]
            if st != stamp[b] or parent[b] != -1 or label[b] != _T or not self._children[b]:
                heapq.heappop(heap4)
                continue
            if key - shift < delta:
                kind, delta, arg = 4, key - shift, b
            break
        assert delta >= 0
        self._shift = shift + delta
        if kind == 1:
            root = self._tree[top[arg]]
            self._flip_path(arg, _NO_MATE)
            self._retire(root)
        elif kind in (2, 3):
            assert arg_edge is not None
            self._tight_edge(*arg_edge)
        else:
            self._expand_t_blossom(arg)

    def _recompute_best_to_s(self, y: int) -> None:
        """Least-slack edge from an S-vertex to the free vertex y, by scanning y's edges."""
        top = self._top
        label = self._label
        dual = self._dual
        since = self._since
        ty = top[y]
        best: Edge | None = None
        best_key = 0
        for x, w in self._adj[y].items():
            bx = top[x]
            if bx != ty and label[bx] == _S:
                key = dual[x] + since[bx] - 2 * w
                if best is None or key < best_key:
                    best, best_key = (x, y), key
        self._best_to_s[y] = best
        self._best_to_s_key[y] = best_key
        if best is not None:
            heapq.heappush(self._heap_s_free, (best_key + dual[y], y, self._stamp[y]))

    def _recompute_best_ss(self, b: int) -> None:
        """Least-slack edge from the S-blossom b to another S-blossom, from b's candidates.

        Every S-S edge is known to the side that was scanned last, so b's own candidates
        (its edges when trivial, else the list made when it was formed) are enough.
        """
        top = self._top
        label = self._label
        dual = self._dual
        since = self._since
        adj = self._adj
        candidates: Iterable[Edge]
        listed = self._best_ss_list[b]
        if b < self._n:
            candidates = [(b, u) for u in adj[b]]
        elif listed is None:
            candidates = [(v, u) for v in self._leaves(b) for u in adj[v]]
        else:
            candidates = listed
        best: Edge | None = None
        best_key = 0
        for e in candidates:
            x, y = e
            by = top[y]
            if by != b and label[by] == _S:
                key = dual[x] + since[b] + dual[y] + since[by] - 2 * adj[x][y]
                if best is None or key < best_key:
                    best, best_key = e, key
        self._best_ss[b] = best
        self._best_ss_key[b] = best_key
        if best is not None:
            heapq.heappush(self._heap_s_s, (best_key, b, best))

    def _retire(self, root: int) -> None:
        """Unlabel the tree of ``root`` after it augmented; the other trees go on growing.

        Its blossoms owe their duals the steps since they were labelled; S-blossoms left at
        dual 0 are expanded (as at the end of a textbook stage). Its vertices are free now:
        their least-slack edges from the remaining S-vertices are found by scanning.
        """
        n = self._n
        label = self._label
        parent = self._parent
        tree = self._tree
        freed: list[int] = []
        stack: list[int] = []
        for b in dict.fromkeys(self._members.pop(root)):
            if parent[b] != -1 or label[b] == _FREE or tree[b] != root:
                continue
            if b >= n and not self._children[b]:
                continue
            self._flush(b)
            was_s = label[b] == _S
            self._unlabel(b)
            freed.extend(self._leaves(b))
            if was_s and b >= n and self._dual[b] == 0:
                stack.append(b)
        while stack:
            b = stack.pop()
            children = self._children[b]
            self._expand_plain(b)
            for c in children:
                self._unlabel(c)
                if c >= n and self._dual[c] == 0:
                    stack.append(c)
        # Every S-vertex that scanned y left its edge in best_to_s[y] (checked when used).
        dual = self._dual
        stamp = self._stamp
        best_to_s = self._best_to_s
        best_to_s_key = self._best_to_s_key
        heap = self._heap_s_free
        for y in freed:
            stamp[y] += 1
            if best_to_s[y] is not None:
                heapq.heappush(heap, (best_to_s_key[y] + dual[y], y, stamp[y]))

    def _unlabel(self, b: int) -> None:
        self._label[b] = _FREE
        self._since[b] = self._shift
        self._stamp[b] += 1
        self._tree[b] = -1
        self._label_edge[b] = None
        self._best_ss[b] = None
        self._best_ss_list[b] = None

    def _expand_t_blossom(self, b: int) -> None:
        """Expand a T-blossom whose dual reached 0, keeping the tree alternating."""
        le = self._label_edge[b]
        assert le is not None
        p, q = le
        children = self._children[b]
        cycle = self._cycle[b]
        label = self._label
        self._flush(b)
        self._expand_plain(b)
        for c in children:
            label[c] = _FREE
            self._since[c] = self._shift
            self._label_edge[c] = None
            self._best_ss[c] = None
            self._best_ss_list[c] = None
        k = len(children)
        j = children.index(self._top[q])
        # Walk the even path from the entry child to the base child, labelling T, S, T, ...
        step = 1 if j % 2 else -1
        entry: Edge = (p, q)
        while j % k:
            self._assign_label(entry[1], _T, entry[0])
            j += step
            nxt = (j + step) % k
            if step == 1:
                x, y = cycle[j % k]
            else:
                y, x = cycle[nxt]
            entry = (x, y)
            j += step
        base_child = children[0]
        label[base_child] = _T
        self._stamp[base_child] += 1
        root = self._tree[b]
        self._tree[base_child] = root
        self._members[root].append(base_child)
        self._label_edge[base_child] = entry
        if base_child >= self._n:
            heapq.heappush(
                self._heap_t_blossom,
                (self._dual[base_child] + self._shift, base_child, self._stamp[base_child]),
            )
        # Children off the path are free again: their vertices' best edges from S-vertices
        # become candidates (tight ones show up as a dual step of 0).
        for c in children:
            if label[c] == _FREE:
                for v in self._leaves(c):
                    self._stamp[v] += 1
                    if self._best_to_s[v] is not None:
                        heapq.heappush(
                            self._heap_s_free,
                            (self._best_to_s_key[v] + self._dual[v], v, self._stamp[v]),
                        )

    # ------------------------------------------------------------------ checking

    def check_optimality(self) -> None:
        """Raise AssertionError unless matching, duals and blossoms prove optimality."""
        check_certificate(
            list(self.edges()), self.mates(), self._dual, self._parent, self._children, self._base
        )


def check_certificate(
    edges: Iterable[tuple[int, int, int]],
    mates: Sequence[int | None],
    dual: Sequence[int],
    parent: Sequence[int],
    children: Sequence[Sequence[int]],
    base: Sequence[int],
) -> None:
    """Raise AssertionError unless the matching, duals and blossoms prove optimality.

    Vertices are ``0..n-1`` (n = ``len(mates)``), blossoms ``n..2n-1``; ``dual``, ``parent``,
    ``children`` and ``base`` are indexed by both, with the scaling of the module docstring.
    Shared by the Python and the compiled matcher, whose states have the same layout.
    """
    n = len(mates)
    weight: dict[tuple[int, int], int] = {}
    for u, v, w in edges:
        weight[(u, v)] = weight[(v, u)] = w

    def leaves(b: int) -> list[int]:
        found, stack = [], [b]
        while stack:
            c = stack.pop()
            if c < n:
                found.append(c)
            else:
                stack.extend(children[c])
        return found

    def inside(v: int, b: int) -> bool:
        c = v
        while c != -1:
            if c == b:
                return True
            c = parent[c]
        return False

    for v in range(n):
        m = mates[v]
        if m is not None:
            assert mates[m] == v, f"mate not symmetric at {v}"
            assert weight.get((v, m), 0) > 0, f"matched non-edge {v}-{m}"
        else:
            assert dual[v] == 0, f"exposed vertex {v} has dual {dual[v]}"
        assert dual[v] >= 0
    ancestors: list[set[int]] = []
    for v in range(n):
        chain = set()
        b = parent[v]
        while b != -1:
            chain.add(b)
            b = parent[b]
        ancestors.append(chain)
    for (u, v), w in weight.items():
        if u > v:
            continue
        common = ancestors[u] & ancestors[v]
        s = dual[u] + dual[v] - 2 * w + 2 * sum(dual[b] for b in common)
        assert s >= 0, f"negative slack on {u}-{v}"
        if mates[u] == v:
            assert s == 0, f"matched edge {u}-{v} not tight"
    for b in range(n, 2 * n):
        if not children[b]:
            continue
        assert dual[b] >= 0
        members = leaves(b)
        assert len(members) % 2 == 1
        inner = 0
        for v in members:
            m = mates[v]
            if m is not None and inside(m, b):
                inner += 1
        assert inner == len(members) - 1, f"blossom {b} not full"
        assert base[b] in members
        m = mates[base[b]]
        assert m is None or not inside(m, b)
