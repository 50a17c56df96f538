"""Temporary adapter: maximum-weight matching until ``fairpair.matching`` ships its solver.

It offers exactly the interface that branch is building (``max_weight_matching(n, edges)``,
a list of mates, ``None`` for an unmatched vertex), so that swapping the import is the only
change needed when it is merged. networkx is exact for integer weights; it is slow for large
graphs, which is why the casual pairer keeps its matchings small (see ``casual.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int | None]:
    """Mates of a maximum-weight matching of vertices ``0..n-1`` (``None``: unmatched).

    Weights are Python ints (exact). Edges are added in the order given, so the result is the
    same on every machine for the same input.
    """
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v, w in edges:
        if u == v:
            raise ValueError(f"loop at vertex {u}")
        graph.add_edge(u, v, weight=w)
    mates: list[int | None] = [None] * n
    for u, v in nx.max_weight_matching(graph, maxcardinality=False):
        mates[u] = v
        mates[v] = u
    return mates
