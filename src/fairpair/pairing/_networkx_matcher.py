"""A temporary matcher over ``networkx.max_weight_matching`` (exact with ints, but slow).

It re-solves from scratch on every call; it stands in until ``fairpair.matching`` lands.
"""

from __future__ import annotations

import networkx as nx


class NetworkxMatcher:
    """:class:`fairpair.pairing.matcher.Matcher` over networkx."""

    def __init__(self, n: int) -> None:
        self._n = n
        self._weights: dict[tuple[int, int], int] = {}
        self._mate: list[int | None] = [None] * n
        self._dirty = True
        self.solve_count = 0

    @staticmethod
    def _key(u: int, v: int) -> tuple[int, int]:
        return (u, v) if u < v else (v, u)

    def set_weight(self, u: int, v: int, weight: int) -> None:
        key = self._key(u, v)
        if weight > 0:
            if self._weights.get(key) != weight:
                self._weights[key] = weight
                self._dirty = True
        elif self._weights.pop(key, None) is not None:
            self._dirty = True

    def weight(self, u: int, v: int) -> int:
        return self._weights.get(self._key(u, v), 0)

    def add_weight(self, u: int, v: int, delta: int) -> None:
        self.set_weight(u, v, self.weight(u, v) + delta)

    def solve(self) -> None:
        self.solve_count += 1
        if not self._dirty:
            return
        graph = nx.Graph()
        graph.add_nodes_from(range(self._n))
        for (u, v), w in self._weights.items():
            graph.add_edge(u, v, weight=w)
        mate: list[int | None] = [None] * self._n
        for u, v in nx.max_weight_matching(graph, maxcardinality=False):
            mate[u] = v
            mate[v] = u
        self._mate = mate
        self._dirty = False

    def mate(self, v: int) -> int | None:
        return self._mate[v]
