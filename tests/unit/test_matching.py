"""Tests of fairpair.matching against networkx and against its own from-scratch solve.

Every solve is also checked with ``check_optimality``, which verifies the dual certificate
(feasible duals, tight matched and blossom edges, exposed vertices at dual 0): a wrong matching
cannot pass it, and a right matching with a broken warm-start state is caught early.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.matching import WeightedMatcher, max_weight_matching

Edges = list[tuple[int, int, int]]


def networkx_weight(n: int, edges: Edges) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v, w in edges:
        if w:
            graph.add_edge(u, v, weight=w)
    pairs = nx.max_weight_matching(graph, maxcardinality=False)
    return sum(graph[u][v]["weight"] for u, v in pairs)


def brute_force_weight(n: int, edges: Edges) -> int:
    weight = {(min(u, v), max(u, v)): w for u, v, w in edges if w}

    def best(free: tuple[int, ...]) -> int:
        if len(free) < 2:
            return 0
        first, rest = free[0], free[1:]
        result = best(rest)  # first stays unmatched
        for i, other in enumerate(rest):
            w = weight.get((first, other))
            if w:
                result = max(result, w + best(rest[:i] + rest[i + 1 :]))
        return result

    return best(tuple(range(n)))


def assert_valid(matcher: WeightedMatcher) -> None:
    """A matching (symmetric mates) using only existing edges, with a correct total."""
    mates = matcher.mates()
    assert len(mates) == matcher.vertex_count
    total = 0
    for v, m in enumerate(mates):
        if m is None:
            continue
        assert mates[m] == v
        assert matcher.weight(v, m) > 0
        if v < m:
            total += matcher.weight(v, m)
    assert total == matcher.total_weight()
    matcher.check_optimality()


def build(n: int, edges: Edges) -> WeightedMatcher:
    matcher = WeightedMatcher(n)
    for u, v, w in edges:
        matcher.set_weight(u, v, w)
    return matcher


def random_edges(rng: random.Random, n: int, density: float, top: int) -> Edges:
    return [
        (u, v, rng.randint(1, top))
        for u in range(n)
        for v in range(u + 1, n)
        if rng.random() < density
    ]


def check_all_ways(n: int, edges: Edges) -> int:
    """Solve warm and from scratch, compare with networkx; return the optimum."""
    expected = networkx_weight(n, edges)
    warm = build(n, edges)
    warm.solve(warm=True)  # repair from the all-zero state, whatever the size
    assert_valid(warm)
    assert warm.total_weight() == expected
    cold = build(n, edges)
    cold.solve_from_scratch()
    assert_valid(cold)
    assert cold.total_weight() == expected
    mates = max_weight_matching(n, edges)
    weights = {(min(u, v), max(u, v)): w for u, v, w in edges}
    assert sum(weights[(v, m)] for v, m in enumerate(mates) if m is not None and v < m) == expected
    return expected


# ---------------------------------------------------------------- edge cases


def test_empty_graph() -> None:
    matcher = WeightedMatcher(0)
    matcher.solve()
    assert matcher.mates() == []
    assert matcher.total_weight() == 0
    assert max_weight_matching(0, []) == []


def test_single_vertex_and_no_edges() -> None:
    for n in (1, 2, 7):
        matcher = WeightedMatcher(n)
        matcher.solve()
        assert matcher.mates() == [None] * n
        assert matcher.total_weight() == 0


def test_single_edge_and_its_removal() -> None:
    matcher = WeightedMatcher(2)
    matcher.set_weight(0, 1, 5)
    matcher.solve()
    assert matcher.mates() == [1, 0]
    matcher.set_weight(1, 0, 0)
    matcher.solve()
    assert matcher.mates() == [None, None]
    assert matcher.weight(0, 1) == 0
    assert_valid(matcher)


def test_max_weight_is_not_max_cardinality() -> None:
    # Path 0-1-2-3: the middle edge alone outweighs the two outer ones.
    matcher = build(4, [(0, 1, 2), (1, 2, 5), (2, 3, 2)])
    matcher.solve()
    assert matcher.mates() == [None, 2, 1, None]
    assert matcher.total_weight() == 5


def test_triangle_and_five_cycle_need_blossoms() -> None:
    assert check_all_ways(3, [(0, 1, 4), (1, 2, 4), (0, 2, 4)]) == 4
    five = [(i, (i + 1) % 5, 10) for i in range(5)]
    assert check_all_ways(5, five) == 20
    # A pendant edge on a 5-cycle: the cycle's vertex 0 is best matched outside.
    assert check_all_ways(6, [*five, (0, 5, 11)]) == 31


def test_nested_blossoms() -> None:
    # Classic cases from the literature: blossoms inside blossoms, expanded as T-blossoms,
    # relabelled and augmented through.
    cases: list[tuple[int, Edges]] = [
        (6, [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7), (0, 5, 5), (3, 4, 6)]),
        (7, [(0, 1, 9), (0, 2, 9), (1, 2, 10), (1, 3, 8), (2, 4, 8), (3, 4, 10), (4, 5, 6)]),
        (
            8,
            [
                (0, 1, 23),
                (0, 4, 22),
                (0, 5, 15),
                (1, 2, 25),
                (2, 3, 22),
                (3, 4, 25),
                (3, 7, 14),
                (4, 6, 13),
            ],
        ),
        (
            8,
            [
                (0, 1, 19),
                (0, 2, 20),
                (0, 7, 8),
                (1, 2, 25),
                (1, 3, 18),
                (2, 4, 18),
                (3, 4, 13),
                (3, 6, 7),
                (4, 5, 7),
            ],
        ),
        (
            10,
            [
                (0, 1, 45),
                (0, 4, 45),
                (1, 2, 50),
                (2, 3, 45),
                (3, 4, 50),
                (0, 5, 30),
                (2, 8, 35),
                (3, 7, 35),
                (4, 6, 26),
                (8, 9, 5),
            ],
        ),
        (
            10,
            [
                (0, 1, 45),
                (0, 4, 45),
                (1, 2, 50),
                (2, 3, 45),
                (3, 4, 50),
                (0, 5, 30),
                (2, 8, 35),
                (3, 7, 26),
                (4, 6, 40),
                (8, 9, 5),
            ],
        ),
        (
            11,
            [
                (0, 1, 40),
                (0, 2, 40),
                (1, 2, 60),
                (1, 3, 55),
                (2, 4, 55),
                (3, 4, 50),
                (0, 7, 15),
                (4, 6, 30),
                (6, 5, 10),
                (7, 9, 10),
                (3, 8, 30),
                (5, 10, 4),
            ],
        ),
    ]
    for n, edges in cases:
        assert check_all_ways(n, edges) == brute_force_weight(n, edges)


def test_disconnected_components() -> None:
    edges = [(0, 1, 3), (1, 2, 3), (0, 2, 3), (3, 4, 7), (5, 6, 1), (6, 7, 9), (7, 8, 1)]
    assert check_all_ways(10, edges) == 3 + 7 + 9


def test_all_equal_weights() -> None:
    for n in range(1, 12):
        edges = [(u, v, 1) for u, v in itertools.combinations(range(n), 2)]
        assert check_all_ways(n, edges) == n // 2


def test_huge_weights_are_exact() -> None:
    # Differences far below float resolution decide the answer.
    big = 2**300
    edges = [(0, 1, big + 1), (1, 2, big), (2, 3, big + 1), (0, 3, big), (0, 2, big + 2)]
    # {0,1},{2,3} = 2big+2 beats {0,2} + nothing and {1,2},{0,3} = 2big.
    assert check_all_ways(4, edges) == 2 * big + 2
    matcher = build(4, edges)
    matcher.solve()
    assert matcher.mates() == [1, 0, 3, 2]
    matcher.add_weight(1, 2, 3)  # now {1,2},{0,3} = 2big+3 wins by one unit
    matcher.solve(warm=True)
    assert matcher.mates() == [3, 2, 1, 0]
    assert matcher.total_weight() == 2 * big + 3


def test_invalid_arguments() -> None:
    matcher = WeightedMatcher(3)
    with pytest.raises(ValueError):
        matcher.set_weight(1, 1, 4)
    with pytest.raises(ValueError):
        matcher.set_weight(0, 1, -1)
    with pytest.raises(IndexError):
        matcher.set_weight(0, 3, 1)
    with pytest.raises(ValueError):
        WeightedMatcher(-1)
    matcher.set_weight(0, 1, 2)
    with pytest.raises(ValueError):
        matcher.add_weight(0, 1, -3)
    assert matcher.weight(1, 0) == 2


def test_solve_count() -> None:
    matcher = build(4, [(0, 1, 1)])
    matcher.solve()
    matcher.solve()
    matcher.solve_from_scratch()
    matcher.solve(warm=False)
    assert matcher.solve_count == 4


# ---------------------------------------------------------------- random one-shot graphs


def test_exhaustive_small_graphs_against_brute_force() -> None:
    """Every graph on up to 5 vertices with weights in {0, 1, 2}."""
    for n in range(6):
        pairs = list(itertools.combinations(range(n), 2))
        options = itertools.product(range(3), repeat=len(pairs))
        if n == 5:
            # 3**10 graphs is too many for the quick run; take a fixed spread of them.
            options = itertools.islice(options, 0, None, 7)
        for weights in options:
            edges = [(u, v, w) for (u, v), w in zip(pairs, weights, strict=True) if w]
            matcher = build(n, edges)
            matcher.solve()
            matcher.check_optimality()
            assert matcher.total_weight() == brute_force_weight(n, edges)


@pytest.mark.parametrize("seed", range(8))
def test_random_graphs_against_networkx(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        n = rng.randint(0, 14)
        top = rng.choice([1, 2, 3, 10, 1000, 2**200, 2**400])
        check_all_ways(n, random_edges(rng, n, rng.choice([0.1, 0.3, 0.6, 1.0]), top))


@pytest.mark.parametrize("seed", range(4))
def test_larger_random_graphs_against_networkx(seed: int) -> None:
    rng = random.Random(1000 + seed)
    for _ in range(3):
        n = rng.randint(20, 60)
        top = rng.choice([3, 10**6, 2**300])
        check_all_ways(n, random_edges(rng, n, rng.choice([0.05, 0.2, 1.0]), top))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, Edges]:
    n = draw(st.integers(0, 12))
    top = draw(st.sampled_from([1, 3, 50, 2**200 + 7, 2**400]))
    pairs = list(itertools.combinations(range(n), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    edges = [(u, v, draw(st.integers(1, top))) for u, v in chosen]
    return n, edges


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_property_matches_networkx(graph: tuple[int, Edges]) -> None:
    check_all_ways(*graph)


# ---------------------------------------------------------------- incremental re-solves


def apply_random_change(rng: random.Random, matcher: WeightedMatcher, top: int) -> None:
    """One of the changes the Swiss engines make between two solves."""
    n = matcher.vertex_count
    v = rng.randrange(n)
    kind = rng.randrange(6)
    if kind == 0:  # recompute all edges of one vertex
        for x in range(n):
            if x != v and rng.random() < 0.7:
                matcher.set_weight(v, x, rng.choice([0, rng.randint(1, top)]))
    elif kind == 1:  # a bonus on all edges of one vertex
        bonus = rng.randint(1, top)
        for x in matcher.neighbours(v):
            matcher.add_weight(v, x, bonus)
    elif kind == 2:  # remove a vertex from the graph
        for x in matcher.neighbours(v):
            matcher.set_weight(x, v, 0)
    elif kind == 3:  # lower its current pair, as a probe does
        m = matcher.mate(v)
        if m is not None:
            matcher.add_weight(v, m, -rng.randint(0, matcher.weight(v, m)))
    elif kind == 4:  # raise a non-matching edge
        x = rng.randrange(n)
        if x != v and matcher.mate(v) != x:
            matcher.add_weight(v, x, rng.randint(1, top))
    else:  # a few vertices at once, edges given in both orders
        for _ in range(rng.randint(1, 3)):
            a, b = rng.randrange(n), rng.randrange(n)
            if a != b:
                matcher.set_weight(a, b, rng.randint(0, top))


@pytest.mark.parametrize("seed", range(10))
def test_incremental_sequences(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        n = rng.randint(2, 16)
        top = rng.choice([2, 5, 100, 2**300])
        matcher = build(n, random_edges(rng, n, rng.choice([0.2, 0.5, 1.0]), top))
        matcher.solve()
        for _ in range(20):
            apply_random_change(rng, matcher, top)
            matcher.solve(warm=True)
            assert_valid(matcher)
            edges = list(matcher.edges())
            expected = networkx_weight(n, edges)
            assert matcher.total_weight() == expected
            fresh = build(n, edges)
            fresh.solve_from_scratch()
            assert fresh.total_weight() == expected


@pytest.mark.parametrize("seed", range(3))
def test_incremental_on_larger_graphs(seed: int) -> None:
    rng = random.Random(500 + seed)
    n = rng.randint(30, 60)
    top = rng.choice([7, 2**300])
    matcher = build(n, random_edges(rng, n, rng.choice([0.1, 1.0]), top))
    matcher.solve()
    for _ in range(12):
        apply_random_change(rng, matcher, top)
        matcher.solve(warm=rng.choice([True, None]))
        assert_valid(matcher)
        assert matcher.total_weight() == networkx_weight(n, list(matcher.edges()))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_property_incremental(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 10))
    top = data.draw(st.sampled_from([1, 4, 2**256]))
    pairs = list(itertools.combinations(range(n), 2))
    weight = st.integers(0, top)
    matcher = WeightedMatcher(n)
    for u, v in pairs:
        matcher.set_weight(u, v, data.draw(weight))
    matcher.solve()
    for _ in range(data.draw(st.integers(1, 6))):
        v = data.draw(st.integers(0, n - 1))
        for x in data.draw(st.lists(st.sampled_from([x for x in range(n) if x != v]))):
            matcher.set_weight(v, x, data.draw(weight))
        matcher.solve(warm=True)
        assert_valid(matcher)
        assert matcher.total_weight() == networkx_weight(n, list(matcher.edges()))


def test_swiss_like_usage_pattern() -> None:
    """Bracket-step pattern of the Dutch engine: probe a vertex, keep or undo, freeze pairs."""
    rng = random.Random(7)
    n = 24
    base = 2**250
    matcher = build(
        n, [(u, v, base + rng.randrange(2**40)) for u, v in itertools.combinations(range(n), 2)]
    )
    matcher.solve(warm=True)
    free = list(range(n))
    while len(free) > 1:
        v = free[0]
        # Probe: a small bonus on v's edges to the later free players, re-solve, undo.
        for x in free[1:]:
            matcher.add_weight(v, x, 1)
        matcher.solve(warm=True)
        assert matcher.total_weight() == networkx_weight(n, list(matcher.edges()))
        for x in free[1:]:
            matcher.add_weight(v, x, -1)
        matcher.solve(warm=True)
        assert matcher.total_weight() == networkx_weight(n, list(matcher.edges()))
        # Freeze v with its current mate: every other edge of both goes to 0.
        m = matcher.mate(v)
        assert m is not None
        for x in free:
            if x not in (v, m):
                matcher.set_weight(v, x, 0)
                matcher.set_weight(m, x, 0)
        matcher.solve(warm=True)
        assert_valid(matcher)
        assert matcher.mate(v) == m
        free = [x for x in free if x not in (v, m)]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_long_incremental_runs(seed: int) -> None:
    """Long warm sequences on up to 90 vertices, sparse to complete, many ties or huge weights."""
    rng = random.Random(10_000 + seed)
    for _ in range(3):
        n = rng.randint(30, 90)
        density = rng.choice([0.03, 0.06, 0.15, 1.0])
        top = rng.choice([2, 3, 2**200])
        matcher = build(n, random_edges(rng, n, density, top))
        matcher.solve()
        for _ in range(30):
            apply_random_change(rng, matcher, top)
            matcher.solve(warm=True)
            assert_valid(matcher)
            assert matcher.total_weight() == networkx_weight(n, list(matcher.edges()))
