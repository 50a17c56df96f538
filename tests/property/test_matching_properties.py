"""The compiled matching core against the pure-Python reference (blossom.PythonMatcher).

The compiled core is a step-for-step port, so beyond equal optimal weights and valid LP
certificates it must return the same matching: that keeps the Dutch and Burstein pairings
independent of which core runs.
"""

from __future__ import annotations

import copy
import random

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
