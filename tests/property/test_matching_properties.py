"""The compiled matching core against the pure-Python reference (blossom.PythonMatcher).

The compiled core is a step-for-step port, so beyond equal optimal weights and valid LP
certificates it must return the same matching: that keeps the Dutch and Burstein pairings
independent of which core runs.
"""

from __future__ import annotations

import copy
import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.matching import WeightedMatcher, compiled_core_available
from tests.strategies import WeightedEdges, weighted_graphs

pytestmark = pytest.mark.skipif(
    not compiled_core_available(), reason="compiled matching core not built"
)


def both(n: int, edges: WeightedEdges) -> tuple[WeightedMatcher, WeightedMatcher]:
    compiled = WeightedMatcher(n, backend="c")
    python = WeightedMatcher(n, backend="python")
    for u, v, w in edges:
        compiled.set_weight(u, v, w)
        python.set_weight(u, v, w)
    return compiled, python


def assert_same_optimum(compiled: WeightedMatcher, python: WeightedMatcher) -> None:
    compiled.check_optimality()
    python.check_optimality()
    assert compiled.total_weight() == python.total_weight()
    assert compiled.mates() == python.mates()
    assert sorted(compiled.edges()) == sorted(python.edges())


@settings(max_examples=300, deadline=None)
@given(weighted_graphs())
def test_compiled_core_equals_python_core(
    graph: tuple[int, WeightedEdges, list[WeightedEdges]],
) -> None:
    n, edges, changes = graph
    compiled, python = both(n, edges)
    compiled.solve_from_scratch()
    python.solve_from_scratch()
    assert_same_optimum(compiled, python)
    for i, batch in enumerate(changes):
        for u, v, w in batch:
            compiled.set_weight(u, v, w)
            python.set_weight(u, v, w)
        # Warm repairs, the default (repair or start over by size) and from scratch.
        warm = (True, None, False)[i % 3]
        compiled.solve(warm=warm)
        python.solve(warm=warm)
        assert_same_optimum(compiled, python)


@settings(max_examples=100, deadline=None)
@given(weighted_graphs(max_vertices=40))
def test_compiled_core_on_larger_graphs(
    graph: tuple[int, WeightedEdges, list[WeightedEdges]],
) -> None:
    n, edges, changes = graph
    compiled, python = both(n, edges)
    compiled.solve()
    python.solve()
    assert_same_optimum(compiled, python)
    for batch in changes:
        for u, v, w in batch:
            compiled.add_weight(u, v, w)
            python.add_weight(u, v, w)
        compiled.solve(warm=True)
        python.solve(warm=True)
        assert_same_optimum(compiled, python)


def test_weights_grow_past_the_current_width() -> None:
    """A weight wider than all before widens every stored number (limbs) without loss."""
    compiled, python = both(4, [(0, 1, 5), (1, 2, 6), (2, 3, 5)])
    compiled.solve()
    python.solve()
    assert_same_optimum(compiled, python)
    big = 2**1000
    for matcher in (compiled, python):
        matcher.set_weight(1, 2, big)
        matcher.set_weight(0, 3, big - 1)
        matcher.solve(warm=True)
    assert_same_optimum(compiled, python)
    assert compiled.total_weight() == 2 * big - 1
    assert compiled.weight(2, 1) == big


def test_compiled_core_rejects_bad_input_like_python() -> None:
    for backend in ("c", "python"):
        matcher = WeightedMatcher(3, backend=backend)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            matcher.set_weight(1, 1, 4)
        with pytest.raises(ValueError):
            matcher.set_weight(0, 1, -1)
        with pytest.raises(IndexError):
            matcher.set_weight(0, 3, 1)
        matcher.set_weight(0, 1, 2)
        with pytest.raises(ValueError):
            matcher.add_weight(0, 1, -3)
        assert matcher.weight(1, 0) == 2
    with pytest.raises(ValueError):
        WeightedMatcher(-1, backend="c")


@settings(max_examples=60, deadline=None)
@given(weighted_graphs(max_vertices=20))
def test_copies_are_independent_and_repair_alike(
    graph: tuple[int, WeightedEdges, list[WeightedEdges]],
) -> None:
    """copy.deepcopy (the alternatives of a Dutch round rebuild matchers so) copies the whole
    state: a copy repairs exactly as the original would, and changing one leaves the other."""
    n, edges, changes = graph
    compiled, python = both(n, edges)
    compiled.solve()
    python.solve()
    for batch in changes:
        copies = (copy.deepcopy(compiled), copy.deepcopy(python))
        before = compiled.mates()
        for matcher in copies:
            for u, v, w in batch:
                matcher.set_weight(u, v, w)
            matcher.solve(warm=True)
        assert_same_optimum(*copies)
        assert compiled.mates() == before  # the originals did not move
        compiled.solve()  # nothing pending: a no-op
        assert compiled.mates() == before
        for matcher in (compiled, python):
            for u, v, w in batch:
                matcher.set_weight(u, v, w)
            matcher.solve(warm=True)
        assert compiled.mates() == copies[0].mates()
        assert_same_optimum(compiled, python)


def test_compiled_core_past_16384_vertices() -> None:
    """The compiled core once kept an n x n table of edge positions and was not used past
    16,384 vertices (1 GiB of table); its edge index now follows the edges. A sparse graph of
    20,000 vertices, with edges added, changed and removed between solves, gets the Python
    core's matching."""
    import random

    n = 20_000
    rng = random.Random(20)
    edges = [(v, (v + rng.randrange(1, 60)) % n, rng.randrange(1, 1 << 70)) for v in range(n)]
    edges += [(rng.randrange(n), rng.randrange(n), rng.randrange(1, 1000)) for _ in range(n)]
    edges = [(u, v, w) for u, v, w in edges if u != v]
    compiled, python = both(n, edges)
    assert compiled.backend == "c"
    compiled.solve()
    python.solve()
    assert_same_optimum(compiled, python)
    for u, v, _ in rng.sample(edges, 3000):
        w = rng.choice((0, 0, rng.randrange(1, 1 << 72)))
        compiled.set_weight(u, v, w)
        python.set_weight(u, v, w)
    compiled.solve(warm=True)
    python.solve(warm=True)
    assert_same_optimum(compiled, python)
    assert sum(1 for m in compiled.mates() if m is not None) > n // 2


def test_compiled_core_memory_follows_the_edges() -> None:
    """Past 16,384 vertices the compiled core is still the default, and what it allocates
    grows with the edges, not with the square of the vertices (the old table of positions
    took 4 n^2 bytes: 1.6 GB here)."""
    import tracemalloc

    n = 20_000
    assert WeightedMatcher(n).backend == "c"
    tracemalloc.start()
    try:
        matcher = WeightedMatcher(n, backend="c")
        for v in range(0, n - 1, 2):
            matcher.set_weight(v, v + 1, 1 << 80)
        matcher.solve()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert matcher.mate(0) == 1
    assert peak < 64 * 2**20


@settings(max_examples=150, deadline=None)
@given(weighted_graphs(max_vertices=30))
def test_row_operations_equal_edge_by_edge_changes(
    graph: tuple[int, WeightedEdges, list[WeightedEdges]],
) -> None:
    """``add_weights``, ``remove_edges`` and ``neighbour_ids`` (one call for a player's row)
    change and list exactly the edges that ``set_weight`` one by one would, on both cores,
    and the repaired matchings stay equal and optimal."""
    n, edges, changes = graph
    compiled, python = both(n, edges)
    compiled.solve()
    python.solve()
    for i, batch in enumerate(changes):
        if not batch:
            continue
        u = batch[0][0]
        others = [v for _, v, _ in batch if v != u]
        expected = {v: python.weight(u, v) for v in range(n) if v != u}
        if i % 2:
            deltas = [w % 97 + 1 for _, v, w in batch if v != u]
            for matcher in (compiled, python):
                matcher.add_weights(u, others, deltas)
            for v, d in zip(others, deltas, strict=True):
                if expected[v]:
                    expected[v] += d
        else:
            for matcher in (compiled, python):
                matcher.remove_edges(u, others)
            for v in others:
                expected[v] = 0
        for matcher in (compiled, python):
            assert {v: matcher.weight(u, v) for v in expected} == expected
            assert sorted(matcher.neighbour_ids(u)) == sorted(v for v, w in expected.items() if w)
        compiled.solve(warm=True)
        python.solve(warm=True)
        assert_same_optimum(compiled, python)


@settings(max_examples=80, deadline=None)
@given(weighted_graphs(max_vertices=30))
def test_set_weights_equals_set_weight_one_by_one(
    graph: tuple[int, WeightedEdges, list[WeightedEdges]],
) -> None:
    """``set_weights`` (a row in one call) leaves both cores as ``set_weight`` would."""
    n, edges, changes = graph
    compiled, python = both(n, edges)
    compiled.solve()
    python.solve()
    for batch in changes:
        if not batch:
            continue
        u = batch[0][0]
        row = [(v, w) for _, v, w in batch if v != u]
        compiled.set_weights(u, [v for v, _ in row], [w for _, w in row])
        for v, w in row:
            python.set_weight(u, v, w)
        assert sorted(compiled.edges()) == sorted(python.edges())
        compiled.solve(warm=True)
        python.solve(warm=True)
        assert_same_optimum(compiled, python)


def _all_matchings(n: int, weight: dict[tuple[int, int], int]) -> list[list[tuple[int, int]]]:
    """Every matching of the graph (small graphs only), as lists of pairs (u < v)."""
    found: list[list[tuple[int, int]]] = []

    def extend(v: int, used: set[int], pairs: list[tuple[int, int]]) -> None:
        if v == n:
            found.append(list(pairs))
            return
        extend(v + 1, used, pairs)  # v stays alone (or is already used)
        if v in used:
            return
        for u in range(v + 1, n):
            if u not in used and (v, u) in weight:
                used |= {v, u}
                pairs.append((v, u))
                extend(v + 1, used, pairs)
                pairs.pop()
                used -= {v, u}

    extend(0, set(), [])
    return found


@settings(max_examples=200, deadline=None)
@given(weighted_graphs(max_vertices=9), st.integers(0, 2**16))
def test_outer_gains_bound_every_matching_with_as_many_pairs_inside(
    graph: tuple[int, WeightedEdges, list[WeightedEdges]], seed: int
) -> None:
    n, edges, changes = graph
    compiled, python = both(n, edges)
    compiled.solve()
    python.solve()
    for u, v, w in changes[0] if changes else []:
        compiled.set_weight(u, v, w)
        python.set_weight(u, v, w)
    compiled.solve(warm=True)  # a repair leaves blossoms of its own
    python.solve(warm=True)
    rng = random.Random(seed)
    inside = bytes(rng.random() < 0.5 for _ in range(n))
    members = [v for v in range(n) if inside[v]]
    gains = compiled.outer_gains(members, inside)
    assert gains == python.outer_gains(members, inside)

    mates, dual, _, children, _ = compiled._impl.state()

    def leaves(b: int) -> set[int]:
        return {b} if b < n else set().union(*(leaves(c) for c in children[b]))

    crossing = any(
        children[b]
        and dual[b] > 0
        and (leaves(b) & set(members)) not in (set(), leaves(b))
        and not set(members) <= leaves(b)
        for b in range(n, 2 * n)
    )
    assert (gains is None) == crossing
    if gains is None:
        return
    gain = dict(zip(members, gains, strict=True))
    weight = {(u, v): w for u, v, w in compiled.edges()}

    def outer_value(pairs: list[tuple[int, int]]) -> tuple[int, int]:
        """(pairs inside the set, doubled weight out of it less the gains of its vertices
        paired outwards)."""
        held, value = 0, 0
        for u, v in pairs:
            if inside[u] and inside[v]:
                held += 1
                continue
            value += 2 * weight[(u, v)]
            for x in (u, v):
                if inside[x]:
                    g = gain[x]
                    assert g is not None  # it has an edge out of the set
                    value -= g
        return held, value

    current = [(v, m) for v, m in enumerate(mates) if m is not None and v < m]
    held, bound = outer_value(current)
    for pairs in _all_matchings(n, weight):
        other_held, value = outer_value(pairs)
        if other_held == held:
            assert value <= bound


# --- sparse starts (compiled core): a subgraph first, then pricing ---------------------------


@st.composite
def kind_graphs(draw: st.DrawFn) -> tuple[int, WeightedEdges, list[WeightedEdges]]:
    """A graph whose weights come from a few kinds of vertex, as in a pairing round (one weight
    per pair of kinds, some pairs missing, some odd weights), and batches of changes."""
    n = draw(st.integers(2, 40))
    rng = random.Random(draw(st.integers(0, 2**32)))
    kinds = [rng.randrange(draw(st.integers(1, 4))) for _ in range(n)]
    high = 1 << draw(st.sampled_from([8, 70, 300]))
    table = {(a, b): high + rng.randrange(1, 50) for a in range(4) for b in range(a, 4)}
    density = draw(st.sampled_from([0.5, 0.9, 1.0]))
    edges: WeightedEdges = []
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                a, b = sorted((kinds[u], kinds[v]))
                w = table[(a, b)] if rng.random() < 0.9 else rng.randrange(1, 2 * high)
                edges.append((u, v, w))
    changes: list[WeightedEdges] = []
    for _ in range(draw(st.integers(0, 6))):
        batch = []
        for _ in range(rng.randint(1, 6)):
            u, v = rng.sample(range(n), 2)
            w = rng.choice([0, rng.randrange(1, 2 * high), high + rng.randrange(100)])
            batch.append((u, v, w))
        changes.append(batch)
    return n, edges, changes


@settings(max_examples=300, deadline=None)
@given(kind_graphs(), st.integers(1, 3), st.sampled_from([True, None, False]))
def test_a_sparse_start_finds_a_maximum_weight_matching_of_the_whole_graph(
    graph: tuple[int, WeightedEdges, list[WeightedEdges]], keep: int, warm: bool | None
) -> None:
    """Started from scratch on a subgraph (forced: ``sparse_edges=0``) and priced, the compiled
    core's matching weighs what the Python core's does and its duals prove optimality over
    every edge (inactive ones too), after the first solve and after each batch of changes."""
    n, edges, changes = graph
    sparse = WeightedMatcher(n, backend="c", sparse_edges=0, sparse_keep=keep)
    python = WeightedMatcher(n, backend="python")
    for u, v, w in edges:
        sparse.set_weight(u, v, w)
        python.set_weight(u, v, w)
    sparse.solve_from_scratch()
    python.solve_from_scratch()
    for batch in [[], *changes]:
        for u, v, w in batch:
            sparse.set_weight(u, v, w)
            python.set_weight(u, v, w)
        sparse.solve(warm=warm)
        python.solve(warm=warm)
        sparse.check_optimality()
        assert sparse.total_weight() == python.total_weight()
        assert sorted(sparse.edges()) == sorted(python.edges())
        copy.copy(sparse).check_optimality()


def test_pricing_brings_back_the_edges_a_sparse_start_left_out() -> None:
    """One edge kept per vertex and weight, on a complete graph of three weights: the subgraph
    lacks edges the optimum needs, the pricing brings them in, and the result is optimal."""
    n = 40
    matcher = WeightedMatcher(n, backend="c", sparse_edges=0, sparse_keep=1)
    reference = WeightedMatcher(n, backend="python")
    rng = random.Random(0)
    for u in range(n):
        for v in range(u + 1, n):
            w = 10 + 5 * ((u % 2) != (v % 2)) + rng.randrange(2)
            matcher.set_weight(u, v, w)
            reference.set_weight(u, v, w)
    matcher.solve_from_scratch()
    reference.solve_from_scratch()
    passes, activated, inactive = matcher.pricing
    assert passes >= 2 and activated > 0 and inactive > 0
    assert activated + inactive < n * (n - 1) // 2, "the start was not sparse"
    matcher.check_optimality()
    assert matcher.total_weight() == reference.total_weight()


def test_starts_are_sparse_only_when_asked_and_large() -> None:
    """By default never (the Burstein engine, the alternatives); with ``sparse_edges`` only
    from that many edges on: below, the compiled core stays the Python core's port."""
    n = 460  # 105,570 edges
    for threshold, expect_sparse in ((None, False), (200_000, False), (100_000, True)):
        matcher = WeightedMatcher(n, backend="c", sparse_edges=threshold)
        for u in range(n):
            matcher.set_weights(
                u, list(range(u + 1, n)), [1 + (u + v) % 3 for v in range(u + 1, n)]
            )
        matcher.solve_from_scratch()
        assert (matcher.pricing[0] > 0) == expect_sparse
        matcher.check_optimality()


@settings(max_examples=150, deadline=None)
@given(weighted_graphs(max_vertices=30), st.booleans())
def test_keep_only_and_rows_by_kind_equal_edge_by_edge_changes(
    graph: tuple[int, WeightedEdges, list[WeightedEdges]], sparse: bool
) -> None:
    """``keep_only`` (a settled pair: every other edge of u goes) and ``set_weights_by_kind``
    (a row from a table by kind) leave the compiled core as ``set_weight`` one by one leaves
    the Python core, on a dense or a sparse start, and both stay optimal."""
    n, edges, changes = graph
    compiled = WeightedMatcher(n, backend="c", sparse_edges=0 if sparse else -1, sparse_keep=1)
    python = WeightedMatcher(n, backend="python")
    for u, v, w in edges:
        compiled.set_weight(u, v, w)
        python.set_weight(u, v, w)
    compiled.solve()
    python.solve()
    for i, batch in enumerate(changes):
        u = batch[0][0]
        if i % 2:
            keep = batch[-1][1] if batch[-1][1] != u else -1
            compiled.keep_only(u, keep)
            for v in range(n):
                if v not in (u, keep):
                    python.set_weight(u, v, 0)
        else:
            kinds = array("i", [v % 3 for v in range(n)])
            mask = bytes(1 if (v * 7 + i) % 4 else 0 for v in range(n))
            table = [w for _, _, w in batch[:3]] + [0, 0, 0]
            others = [v for v in range(n) if v != u]
            compiled.set_weights_by_kind(u, others, mask, kinds, table)
            for v in others:
                if mask[v]:
                    python.set_weight(u, v, table[kinds[v]])
        assert sorted(compiled.edges()) == sorted(python.edges())
        compiled.solve(warm=True)
        python.solve(warm=True)
        compiled.check_optimality()
        assert compiled.total_weight() == python.total_weight()


def test_add_weights_keeps_big_and_negative_deltas_exact() -> None:
    """The compiled ``add_weights`` adds on its stored numbers: deltas wider than every weight
    (the core widens), negative ones, one per vertex, a sum of 0 (the edge goes) and a negative
    sum (refused) behave as the Python core's ``set_weight(u, v, w + d)``."""
    for backend in ("c", "python"):
        m = WeightedMatcher(5, backend=backend)  # type: ignore[arg-type]
        m.set_weights(0, [1, 2, 3, 4], [5, 5, 7, 9])
        m.add_weights(0, [1, 2, 3], 1 << 300)
        assert [m.weight(0, v) for v in (1, 2, 3, 4)] == [5 + (1 << 300)] * 2 + [7 + (1 << 300), 9]
        m.add_weights(0, [1, 2, 3, 4], [-(1 << 300), -(1 << 300) - 5, -(1 << 300), -4])
        assert [m.weight(0, v) for v in (1, 2, 3, 4)] == [5, 0, 7, 5]
        assert sorted(m.neighbour_ids(0)) == [1, 3, 4]
        with pytest.raises(ValueError):
            m.add_weights(0, [4], -6)
        m.solve()
        m.check_optimality()
        assert m.total_weight() == 7


# --- prefer: the transpositions of step 7 by searches in the tight graph ---------------------


@st.composite
def remainders(draw: st.DrawFn) -> tuple[int, list[int], list[int], dict[tuple[int, int], int]]:
    """A bipartite graph shaped like a Dutch remainder's own graph: upper members joined to
    lower members, lower members to a few stand-ins, weights from kinds with ties."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    uppers = draw(st.integers(1, 8))
    lowers = uppers + draw(st.integers(0, 6))
    stand_ins = draw(st.integers(0, 3))
    n = uppers + lowers + stand_ins
    kinds = [rng.randrange(3) for _ in range(n)]
    low_bits = 1 << 20
    upper = list(range(uppers))
    lower = list(range(uppers, uppers + lowers))
    edges: dict[tuple[int, int], int] = {}
    for u in upper:
        for v in lower:
            if rng.random() < 0.8:
                edges[(u, v)] = (50 + kinds[u] + kinds[v] + rng.choice([0, 0, 1])) * low_bits
    for v in lower:
        for s in range(uppers + lowers, n):
            if rng.random() < 0.7:
                edges[(v, s)] = (10 + kinds[v]) * low_bits
    return n, upper, lower, edges


@settings(max_examples=300, deadline=None)
@given(remainders(), st.sampled_from(["c", "python"]), st.booleans())
def test_prefer_makes_the_choices_of_rank_rewards_and_solves(
    graph: tuple[int, list[int], list[int], dict[tuple[int, int], int]],
    backend: str,
    sparse: bool,
) -> None:
    """Each upper member in order takes, by ``prefer``, the partner that the one-by-one
    procedure gives him: his edges rewarded by rank (earliest lower member most), a solve,
    his pair settled (edges of both removed), on the Python core. Both cores, dense or sparse
    starts; the matching left by ``prefer`` is still optimal for the unchanged weights."""
    n, upper, lower, edges = graph
    if backend == "c" and not compiled_core_available():
        return
    options = {"sparse_edges": 0 if sparse else -1, "sparse_keep": 1} if backend == "c" else {}
    fast = WeightedMatcher(n, backend=backend, **options)  # type: ignore[arg-type]
    slow = WeightedMatcher(n, backend="python")
    for (u, v), w in edges.items():
        fast.set_weight(u, v, w)
        slow.set_weight(u, v, w)
    fast.solve_from_scratch()
    slow.solve_from_scratch()
    if any(fast.mate(u) is None for u in upper):
        return  # the setting of step 7: every upper member paired
    expected = []
    for x in upper:
        choices = [y for y in lower if (x, y) in edges and y not in expected]
        last = len(choices) - 1
        slow.add_weights(x, choices, [last - k for k in range(last + 1)])
        slow.solve()
        partner = slow.mate(x)
        assert partner is not None
        expected.append(partner)
        slow.keep_only(x, partner)
        slow.keep_only(partner, x)
        slow.solve()
    weight = fast.total_weight()
    chosen = [fast.prefer(x, [y for y in lower if (x, y) in edges]) for x in upper]
    assert chosen == expected
    assert fast.total_weight() == weight
    fast.check_optimality()


def test_prefer_refuses_what_it_cannot_decide() -> None:
    """A triangle is not bipartite; changed weights need a solve first; the partner must be
    among the candidates."""
    for backend in ("c", "python"):
        triangle = WeightedMatcher(3, backend=backend)  # type: ignore[arg-type]
        for u, v in ((0, 1), (1, 2), (0, 2)):
            triangle.set_weight(u, v, 5)
        triangle.solve()
        x = next(u for u in range(3) if triangle.mate(u) is not None)
        with pytest.raises(ValueError, match="bipartite"):
            triangle.prefer(x, [u for u in range(3) if u != x])
        path = WeightedMatcher(4, backend=backend)  # type: ignore[arg-type]
        path.set_weights(1, [0, 2], [4, 4])
        path.set_weight(2, 3, 4)
        path.solve()
        assert path.mate(0) == 1
        with pytest.raises(ValueError, match="partner"):
            path.prefer(0, [])
        path.set_weight(0, 1, 5)
        with pytest.raises(ValueError, match="solve"):
            path.prefer(0, [1])
        path.solve()
        assert path.prefer(0, [1]) == 1
