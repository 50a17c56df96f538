"""The criteria vector of a round for each pairing system, for the alternatives (issue #5).

FIDE Dutch (swiss-dutch.md §3-§4, §9): C5 first (the lowest score of the pairing-allocated
bye), then bracket by bracket from the top scoregroup down, each bracket by C6, C7, C8, C9,
C10 ... C21 with the values the Dutch engine gives a pair in that bracket (spec §9.3, computed
by :meth:`DutchRound.base_weight` itself). A pair belongs to the bracket of its lower-scored
player (the bracket that pairs it); its C8 look-ahead counts in the bracket above. C9 (the
games played by the bye's receiver, ranked among the players at the C5 score) counts in the
bracket whose next scoregroup holds that score, where the engine decides the bye.

Burstein (swiss-burstein.md §3): the bye to the lowest eligible player (§3.1), then bracket by
bracket: pairs made in the scoregroup and the scores of the floaters paired (as Dutch C6, C7),
then compatible colour preferences (the engine's colour field, as Dutch C12).

Casual Swiss (swiss-casual.md §4): rematches, the bye rule, floats, Σ (point difference)²,
the pairing style, over the whole round, exactly the costs :func:`pair_casual` minimises.
"""

from __future__ import annotations

import copy
import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fairpair.core import PlayerId, Tournament
from fairpair.pairing.alternatives import Criterion, PairingGraph, PairingSpace, Vector
from fairpair.pairing.burstein import BursteinRound, burstein_standings, compatibility
from fairpair.pairing.casual import CasualOptions, CasualRound, casual_round
from fairpair.pairing.dutch import DutchRound
from fairpair.pairing.matcher import default_matcher
from fairpair.pairing.swiss.view import swiss_round

Contribution = list[tuple[int, int]]
"""(vector index, value) pairs that a pair (or the bye) adds to the criteria vector."""


class PackedCriteria:
    """A criteria vector that is a sum over the pairs (and the bye) of a pairing.

    Each entry gets a bit field wide enough for its sum over a whole pairing, plus a guard
    bit, most significant first; an edge's weight is its contributions packed, so the
    heavier matching has the larger vector. ``compatible[u][v]`` is true when u and v may
    meet; ``kinds`` numbers the players (0, 1, 2 ...) so that players of one number have the
    same ``pair_values`` with any partner.
    """

    def __init__(
        self,
        order: Sequence[PlayerId],
        criteria: Sequence[Criterion],
        widths: Sequence[int],
        compatible: Sequence[Sequence[int]],
        pair_values: Callable[[int, int], Contribution],
        bye_values: Callable[[int], Contribution | None],
        kinds: Sequence[int] | None = None,
    ) -> None:
        self._order = tuple(order)
        self._criteria = tuple(criteria)
        self._index = {pid: i for i, pid in enumerate(self._order)}
        self._compatible = compatible
        self._pair_values = pair_values
        self._bye_values = bye_values
        # Players of one kind give the same values with any partner (u before v): the values
        # are computed once per pair of kinds (a few hundred), not per pair (500,000 at 1,000
        # players). Without kinds every player is a kind of its own.
        self._kinds = list(kinds) if kinds is not None else list(range(len(self._order)))
        if len(self._kinds) != len(self._order):
            raise ValueError("kinds: one per player to pair")
        # A pair of kinds (a, b) is the number a * span + b: cheaper to hash than a tuple.
        self._span = max(self._kinds, default=0) + 1
        self._cache: dict[int, Contribution] = {}
        self._packed: dict[int, int] = {}
        position = [0] * len(widths)
        at = 0
        for i in range(len(widths) - 1, -1, -1):
            position[i] = at
            at += widths[i] + 1
        self._position = position
        self._maximum = tuple((1 << w) - 1 for w in widths)

    @property
    def criteria(self) -> tuple[Criterion, ...]:
        return self._criteria

    def per_pair(self) -> PackedCriteria:
        """The same criteria with every player a kind of his own: each pair's values computed
        for that pair (the straightforward computation, which the kinds must agree with)."""
        plain = copy.copy(self)
        plain._kinds = list(range(len(self._order)))
        plain._span = len(self._order)
        plain._cache = {}
        plain._packed = {}
        return plain

    @property
    def order(self) -> tuple[PlayerId, ...]:
        return self._order

    def _values(self, u: int, v: int) -> Contribution:
        if u > v:
            u, v = v, u
        kinds = self._kinds
        key = kinds[u] * self._span + kinds[v]
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._pair_values(u, v)
        return found

    def vector(
        self, pairs: Sequence[tuple[PlayerId, PlayerId]], bye: PlayerId | None
    ) -> Vector | None:
        index, kinds, compatible = self._index, self._kinds, self._compatible
        try:
            us = [index[a] for a, _ in pairs]
            vs = [index[b] for _, b in pairs]
        except KeyError:  # not a player to pair
            return None
        seen = set(us)
        seen.update(vs)
        if len(seen) != 2 * len(us):  # a player paired twice, or with himself
            return None
        if not all([compatible[u][v] for u, v in zip(us, vs, strict=True)]):
            return None
        # The values of each pair of kinds are added once, times its number of pairs.
        span = self._span
        counts = Counter(
            [
                kinds[u] * span + kinds[v] if u < v else kinds[v] * span + kinds[u]
                for u, v in zip(us, vs, strict=True)
            ]
        )
        cache = self._cache
        if not cache.keys() >= counts.keys():
            for u, v in zip(us, vs, strict=True):
                self._values(u, v)
        total = [0] * len(self._criteria)
        for key, count in counts.items():
            for at, value in cache[key]:
                total[at] += value * count
        if bye is not None:
            if bye not in index or index[bye] in seen:
                return None
            values = self._bye_values(index[bye])
            if values is None:
                return None
            seen.add(index[bye])
            for at, value in values:
                total[at] += value
        if len(seen) != len(self._order):
            return None
        return tuple(total)

    def _pack(self, values: Contribution) -> int:
        position = self._position
        return sum(value << position[at] for at, value in values)

    def spaces(self) -> list[PairingSpace]:
        return [PairingSpace(self._maximum, None, self._graph)]

    def _graph(self) -> PairingGraph:
        n = len(self._order)
        edges: list[tuple[int, int, int]] = []
        kinds, packed, span = self._kinds, self._packed, self._span
        for u in range(n):
            ku = kinds[u] * span
            for v in itertools.compress(range(u + 1, n), self._compatible[u][u + 1 :]):
                key = ku + kinds[v]
                weight = packed.get(key)
                if weight is None:
                    weight = packed[key] = self._pack(self._values(u, v))
                edges.append((u, v, weight))
        vertices: list[PlayerId | None] = list(self._order)
        if n % 2 == 1:
            for u in range(n):
                values = self._bye_values(u)
                if values is not None:
                    edges.append((u, n, self._pack(values)))
            vertices.append(None)
        return PairingGraph(tuple(vertices), tuple(edges))


def _offsets(scores: Sequence[int]) -> tuple[dict[int, int], int, int]:
    """Spec §9.2 steps 2-3: each score's bit offset, the score and the count field widths."""
    counts: dict[int, int] = {}
    for s in scores:
        counts[s] = counts.get(s, 0) + 1
    offset: dict[int, int] = {}
    width = 0
    for level in sorted(counts):
        offset[level] = width
        width += counts[level].bit_length()
    return offset, width, max(counts.values(), default=0).bit_length()


@dataclass(frozen=True, slots=True)
class _Field:
    """One criterion of a bracket: where the Dutch engine keeps it in a pair's weight."""

    code: str
    text: str
    kind: str
    sign: int
    at: int
    width: int
    next_bracket: bool = False
    """A C8 field: the engine sets it for pairs of the next scoregroup."""


def dutch_criteria(tournament: Tournament) -> PackedCriteria:
    """The Dutch criteria vector of the next round (see the module docstring).

    Raises :class:`NoValidPairing` when nobody can take the bye (C2).
    """
    dutch = DutchRound(swiss_round(tournament), default_matcher)
    bye_score = dutch.settle_bye_score()
    dutch.c9 = False  # C9 is placed below, in one bracket, from the bye vertex
    lay, b, s = dutch.layout, dutch.count_width, dutch.score_width
    fields = [
        _Field("C6", "pairs in the bracket", "count", 1, lay.pairs_here, b),
        _Field("C7", "higher-scored players float down", "order", 1, lay.scores_here, s),
        _Field("C8", "pairs in the next bracket", "count", 1, lay.pairs_next, b, True),
        _Field(
            "C8",
            "higher-scored players float from the next bracket",
            "order",
            1,
            lay.scores_next,
            s,
            True,
        ),
    ]
    colour = [
        (
            "C10",
            lay.colour_a,
            "pairs giving a topscorer or his opponent a colour difference over 2",
        ),
        ("C11", lay.colour_b, "pairs giving a topscorer or his opponent a colour thrice running"),
        ("C12", lay.colour_c, "pairs where a player misses his colour preference"),
        ("C13", lay.colour_d, "pairs where a player misses his strong colour preference"),
    ]
    fields.extend(_Field(code, text, "count", -1, at, b) for code, at, text in colour)
    previous, before = "in the previous round", "two rounds before"
    floats = [
        ("C14", lay.float_d1, 1, f"players floating down again after a downfloat {previous}"),
        ("C15", lay.float_u1, 1, f"MDP opponents upfloating again after an upfloat {previous}"),
        ("C16", lay.float_d2, 2, f"players floating down again after a downfloat {before}"),
        ("C17", lay.float_u2, 2, f"MDP opponents upfloating again after an upfloat {before}"),
    ]
    fields.extend(
        _Field(code, text, "count", -1, at, b)
        for code, at, back, text in floats
        if dutch.rounds_done >= back
    )
    float_scores = [
        ("C18", lay.float_d1_score, 1, f"players who floated down {previous} float from higher"),
        ("C19", lay.float_u1_score, 1, f"players who floated up {previous} meet higher MDPs"),
        ("C20", lay.float_d2_score, 2, f"players who floated down {before} float from higher"),
        ("C21", lay.float_u2_score, 2, f"players who floated up {before} meet higher MDPs"),
    ]
    fields.extend(
        _Field(code, text, "order", 1, at, s)
        for code, at, back, text in float_scores
        if dutch.rounds_done >= back
    )

    levels = sorted(set(dutch.score), reverse=True)
    level_of = {score: i for i, score in enumerate(levels)}
    c9_level = None if bye_score is None else max(level_of[bye_score] - 1, 0)
    per_level = len(fields) + 1  # C9 follows the C8 fields of its bracket
    criteria: list[Criterion] = [
        Criterion("C5", "the bye to a player on", "points", -1, offset=dutch.top_score)
    ]
    widths = [(dutch.top_score - min(dutch.score, default=0)).bit_length() + 1]
    for level, score in enumerate(levels):
        for k, f in enumerate(fields):
            if k == 4:
                criteria.append(
                    Criterion("C9", "the bye goes to a player with more unplayed games", "order")
                )
                widths.append(b + 1 if level == c9_level else 0)
            criteria.append(Criterion(f.code, f.text, f.kind, f.sign, score))
            widths.append(f.width)
    players = dutch.players

    def slot(level: int, field: int) -> int:
        return 1 + level * per_level + field + (field >= 4)

    def pair_values(u: int, v: int) -> Contribution:
        level = level_of[dutch.score[v]]
        here = dutch.base_weight(u, v, True, False)
        ahead = dutch.base_weight(u, v, False, True)
        values: Contribution = []
        for k, f in enumerate(fields):
            if f.next_bracket:
                if level == 0:
                    continue
                value, at = (ahead >> f.at) & ((1 << f.width) - 1), slot(level - 1, k)
            else:
                value, at = (here >> f.at) & ((1 << f.width) - 1), slot(level, k)
            if value:
                values.append((at, value))
        return values

    at_bye_score = [p for p in players if p.pairing_score == bye_score]

    def bye_values(u: int) -> Contribution | None:
        player = players[u]
        if not player.pab_eligible:
            return None  # C2
        values: Contribution = [(0, dutch.top_score - player.pairing_score)]
        if c9_level is not None and player.pairing_score == bye_score:
            fewer = sum(1 for p in at_bye_score if p.played_games < player.played_games)
            values.append((1 + c9_level * per_level + 4, fewer))
        return values

    return PackedCriteria(
        [p.id for p in players],
        criteria,
        widths,
        dutch.compatible,
        pair_values,
        bye_values,
        # The engine's own kinds (C9 is off, as above): pair_values reads only what they hold.
        dutch.kinds(),
    )


def burstein_criteria(tournament: Tournament) -> PackedCriteria:
    """The Burstein criteria vector of the next round (see the module docstring)."""
    view = swiss_round(tournament)
    burstein = BursteinRound(view, burstein_standings(tournament), default_matcher)
    players = burstein.ordered
    scores = [burstein.standing[p.id].pairing_score for p in players]
    offset, s, b = _offsets(scores)
    compatible = compatibility(players, view)
    levels = sorted(set(scores), reverse=True)
    level_of = {score: i for i, score in enumerate(levels)}
    criteria: list[Criterion] = [
        Criterion("§3.1", "the bye goes to a higher-placed player", "order", 1)
    ]
    widths = [len(players).bit_length() + 1]
    for score in levels:
        criteria.extend(
            (
                Criterion("C6", "pairs in the scoregroup", "count", 1, score),
                Criterion("C7", "higher-scored players float down", "order", 1, score),
                Criterion(
                    "C12", "pairs where a player misses his colour preference", "count", -1, score
                ),
            )
        )
        widths.extend((b, s, b))

    def pair_values(u: int, v: int) -> Contribution:
        base = 1 + 3 * level_of[scores[v]]
        pu, pv = players[u].preference.colour, players[v].preference.colour
        values = [(base, 1), (base + 1, 1 << offset[scores[u]])]
        if pu is None or pv is None or pu is not pv:
            values.append((base + 2, 1))
        return values

    def bye_values(u: int) -> Contribution | None:
        if not burstein.standing[players[u].id].bye_eligible:
            return None
        return [(0, u)]

    return PackedCriteria(
        [p.id for p in players],
        criteria,
        widths,
        compatible,
        pair_values,
        bye_values,
        _numbered([(scores[i], p.preference.colour) for i, p in enumerate(players)]),
    )


def _numbered(keys: Sequence[object]) -> list[int]:
    """Equal keys, equal numbers: the kinds of players whose pair values are the same."""
    numbers: dict[object, int] = {}
    return [numbers.setdefault(key, len(numbers)) for key in keys]


_Costs = Callable[[int, int], tuple[int, int, int, int] | None]


class CasualCriteria:
    """The casual Swiss criteria vector: −rematches, −bye rank, −floats, −Σ difference²,
    −style; one pairing space per choice of the bye (the other costs depend on it)."""

    def __init__(self, casual: CasualRound) -> None:
        self.casual = casual
        self._rank = {pid: i for i, pid in enumerate(casual.bye_order)}
        self._fields: dict[PlayerId | None, tuple[tuple[PlayerId, ...], _Costs]] = {}

    @property
    def criteria(self) -> tuple[Criterion, ...]:
        return (
            Criterion("§4.2", "rematches", "count", -1),
            Criterion("§4.3", "the bye goes to a player the bye rule ranks lower", "order", 1),
            Criterion("§4.4", "floaters", "count", -1),
            Criterion("§4.5", "sum of squared point differences, in tenths²", "count", -1),
            Criterion("§4.6", "distance from the ideal pairing", "count", -1),
        )

    @property
    def order(self) -> tuple[PlayerId, ...]:
        return self.casual.order

    def _field(self, bye: PlayerId | None) -> tuple[tuple[PlayerId, ...], _Costs]:
        found = self._fields.get(bye)
        if found is None:
            found = self._fields[bye] = self.casual.field_costs(bye)
        return found

    def vector(
        self, pairs: Sequence[tuple[PlayerId, PlayerId]], bye: PlayerId | None
    ) -> Vector | None:
        order = self.casual.order
        if (bye is None) != (len(order) % 2 == 0) or (bye is not None and bye not in order):
            return None
        ids, cost = self._field(bye)
        index = {pid: i for i, pid in enumerate(ids)}
        seen: set[int] = set()
        total = [0, 0, 0, 0]
        for a, b in pairs:
            if a not in index or b not in index:
                return None
            p, q = index[a], index[b]
            if p in seen or q in seen or p == q:
                return None
            seen.update((p, q))
            c = cost(p, q)
            if c is None:
                return None
            for k in range(4):
                total[k] += c[k]
        if len(seen) != len(ids):
            return None
        rank = self._rank[bye] if bye is not None else 0
        return (-total[0], -rank, -total[1], -total[2], -total[3])

    def spaces(self) -> list[PairingSpace]:
        byes: Sequence[PlayerId | None] = self.casual.bye_order or [None]
        return [
            PairingSpace(
                (0, -self._rank[bye] if bye is not None else 0, 0, 0, 0),
                bye,
                functools.partial(self._graph, bye),
            )
            for bye in byes
        ]

    def _graph(self, bye: PlayerId | None) -> PairingGraph:
        ids, cost = self._field(bye)
        n = len(ids)
        allowed: list[tuple[int, int, tuple[int, int, int, int]]] = []
        for p in range(n):
            for q in range(p + 1, n):
                c = cost(p, q)
                if c is not None:
                    allowed.append((p, q, c))
        pairs = n // 2
        radix = [pairs * max((c[k] for _, _, c in allowed), default=0) + 1 for k in range(4)]

        def packed(c: tuple[int, int, int, int]) -> int:
            value = 0
            for k in range(4):
                value = value * radix[k] + c[k]
            return value

        costs = [packed(c) for _, _, c in allowed]
        top = max(costs, default=0) + 1
        edges = tuple((p, q, top - c) for (p, q, _), c in zip(allowed, costs, strict=True))
        return PairingGraph(tuple(ids), edges)


def casual_criteria(tournament: Tournament, options: CasualOptions) -> CasualCriteria:
    """The casual criteria of the next round with these options (the seed must be set)."""
    if options.seed is None:
        raise ValueError("the casual criteria need the seed the round was paired with")
    return CasualCriteria(casual_round(tournament, options, random.Random(options.seed)))
