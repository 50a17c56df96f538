"""Casual Swiss: card-game store nights, Go and board-game clubs, casual chess (swiss-casual.md).

The pairing is one lexicographic optimisation (spec §4). For a pair of players the criteria
are packed into one integer cost, most important field highest, and the pairing minimises the
total cost (a maximum-weight matching of ``2·BIG − cost``):

1. no forbidden pair (no edge at all), fixed boards as given (removed before matching);
2. rematches;
3. the bye (§3): chosen before the rest, see below;
4. floats: a pair counts once for every point-group boundary it crosses (a player who floats
   two groups down counts twice, so that rule 5 can prefer two small gaps to one big one);
5. the sum of squared point differences;
6. the pairing style, the distance from the *ideal pairing* (below) in places of the standings:
   ``adjacent``: ``(places between a and b)² − 1``; ``fold``: ``(pos(b) − pos(ideal partner of
   a))² + (pos(a) − pos(ideal partner of b))²``. Squares, like rule 5, make one long jump cost
   more than two short ones; a sum keeps the weights small (a strictly lexicographic order of
   deviations, top player first, would need weights of n·log n bits), so this is our precise
   reading of "the smallest deviation from the ideal order".

The ideal pairing pairs the standings order (bye removed) bracket by bracket: a player who
floats down from the group above meets the top of the next group, the rest of a group is
paired ``adjacent`` (1-2, 3-4, …) or ``fold`` (top half against bottom half), and the lowest
player of an odd group floats down. It crosses each boundary with an odd number of players
above it exactly once, between neighbouring groups, so it attains the lower bounds of rules 4
and 5 (parity forces one float over such a boundary; a pair over two boundaries costs
``(g1 + g2)² > g1² + g2²``) and costs 0 in rule 6: it is the *unique* optimum when rematches and
forbidden pairs are ignored. Hence, when it contains no rematch and no forbidden pair, it is
the optimum of the real problem too (the fast path).

Otherwise the field is solved exactly on a *window*: the pairs of players at most ``W`` places
from each other (``adjacent``) or from the ideal partner (``fold``), ``W = 8`` first. Every pair
outside the window costs at least ``(W+1)² − 1`` in style, so the window's optimum is the
optimum of the whole field as soon as it has no rematch, meets the lower bounds of rules 4 and
5 (parity of each group boundary and, for small top and bottom groups, how many pairs they can
form among themselves) and its total style is below that price (:func:`_proof_width`).
Otherwise ``W`` doubles (or jumps to the width that price calls for), up to the complete graph,
which is exact by definition. (For fields
above 3,000 players the widening stops at 512 places with a note saying so.)

The bye (rule 3): the best candidate by the bye rule is tried first; when the rest can then be
paired without a rematch, no other choice can do better on rules 2 and 3. Otherwise an exact
matching over everybody chooses the bye (fewest rematches, then the bye rule).
"""

from __future__ import annotations

import dataclasses
import enum
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fairpair.core import (
    BoardNote,
    ByeKind,
    Colour,
    Game,
    Pairing,
    PlayerId,
    Tournament,
    entries,
    scores,
)
from fairpair.matching import max_weight_matching
from fairpair.pairing.progress import report
from fairpair.pairing.swiss.colours import colour_note, colours_of_ranked_pair
from fairpair.pairing.swiss.view import ColourPreference, colour_preference, played_colours


class TieOrder(enum.Enum):
    """How players with equal points are ordered (spec §1)."""

    RANDOM = "random"
    """A fresh seeded shuffle every round (the card-game habit)."""
    SEED = "seed"
    """Registration (initial-ranking) order."""
    RATING = "rating"
    """Rating descending (unrated last), then seed."""


class GroupStyle(enum.Enum):
    """How a point group is paired (spec §1, §4.6)."""

    ADJACENT = "adjacent"
    """1-2, 3-4, … in the tie order."""
    FOLD = "fold"
    """Top half against bottom half, in order."""


@dataclass(frozen=True, slots=True)
class CasualOptions:
    """Settings of the casual Swiss system."""

    tie_order: TieOrder = TieOrder.RANDOM
    style: GroupStyle = GroupStyle.ADJACENT
    seed: int | None = None
    """Seed of the tie-order shuffle and of the initial colour; ``None``: drawn from the
    generator passed to :func:`pair_casual`."""
    colours: bool = False
    """Give colours by swiss-dutch §6 (see :func:`pair_casual`). Off for card games, whose
    boards list the higher-ranked player first."""
    fixed_boards: tuple[tuple[PlayerId, PlayerId], ...] = ()
    """Boards fixed by the director, paired as given (first boards, in this order); with
    colours on, their colours too follow swiss-dutch §6."""
    forbidden_pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    """Pairs that may not meet this round, on top of the snapshot's forbidden pairs."""
    separate_by_club: bool = False
    """Forbid pairs of players with the same (non-empty) club."""


class NoValidPairing(ValueError):
    """The forbidden pairs leave no way to pair everybody (all but one with an odd count)."""


@dataclass(frozen=True, slots=True)
class _Event:
    """What the pairing needs to know about the event, built once per round."""

    round: int
    points: dict[PlayerId, int]
    met: dict[PlayerId, set[PlayerId]]
    """Opponents met (membership tests only; never iterated, so hash order cannot leak)."""
    forbidden: dict[PlayerId, set[PlayerId]]
    club: dict[PlayerId, str]
    byes: dict[PlayerId, int]
    """Pairing-allocated byes so far (and unpaired forfeit wins, which count as such)."""

    def allowed(self, a: PlayerId, b: PlayerId) -> bool:
        if b in self.forbidden.get(a, ()):
            return False
        club = self.club[a]
        return not (club and club == self.club[b])

    def rematch(self, a: PlayerId, b: PlayerId) -> bool:
        return b in self.met.get(a, ())


def _met_each_other(game: Game) -> bool:
    """Players met if they sat at the board: a game played, or still without a result."""
    return game.result is None or game.result.played


def _build_event(tournament: Tournament, options: CasualOptions) -> _Event:
    rnd = tournament.next_round
    met: dict[PlayerId, set[PlayerId]] = {}
    byes: dict[PlayerId, int] = {}
    for past in tournament.rounds:
        for game in past.games:
            if _met_each_other(game):
                met.setdefault(game.white, set()).add(game.black)
                met.setdefault(game.black, set()).add(game.white)
        for bye in past.byes:
            if bye.kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FORFEIT_WIN):
                byes[bye.player] = byes.get(bye.player, 0) + 1
    forbidden: dict[PlayerId, set[PlayerId]] = {}
    pairs = [(a, b) for a, b in options.forbidden_pairs]
    # The snapshot's pairs only fill membership sets, so their (hash) order cannot matter.
    pairs.extend((min(pair), max(pair)) for pair in tournament.forbidden_pairs(rnd))
    for a, b in pairs:
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    club = {p.id: (p.club if options.separate_by_club else "") for p in tournament.players}
    return _Event(rnd, scores(tournament), met, forbidden, club, byes)


def tie_order(tournament: Tournament, options: CasualOptions, rng: random.Random) -> list[PlayerId]:
    """Every player in the tie order of the round to pair (§1), points aside.

    It orders players with equal points, and it numbers the players for the colour rule 6.6
    (see :func:`pair_casual`) as the initial ranking numbers them in the Dutch system.
    """
    rnd = tournament.next_round
    seed = _event_seed(options, rng)
    ranking = list(tournament.ranking_order)
    if options.tie_order is TieOrder.RANDOM:
        # A string seed is hashed with SHA-512 by ``random``: the same on every machine.
        random.Random(f"fairpair-casual:{seed}:{rnd}").shuffle(ranking)
    elif options.tie_order is TieOrder.RATING:
        seed_index = {pid: i for i, pid in enumerate(ranking)}
        ranking.sort(key=lambda pid: (-(tournament.player(pid).rating or -1), seed_index[pid]))
    return ranking


def standings_order(
    tournament: Tournament, options: CasualOptions, rng: random.Random
) -> list[PlayerId]:
    """Every player, top first: points descending, then the tie order of this round (§1)."""
    points = scores(tournament)
    # ``sorted`` is stable: equal points keep the tie order.
    return sorted(tie_order(tournament, options, rng), key=lambda pid: -points[pid])


def _event_seed(options: CasualOptions, rng: random.Random) -> int:
    return options.seed if options.seed is not None else rng.getrandbits(64)


# --- the field of one matching: players in standings order, bye removed ----------------------


@dataclass(slots=True)
class _Field:
    """Players to pair (even count) in standings order, their groups and the ideal pairing."""

    event: _Event
    ids: list[PlayerId]
    style: GroupStyle
    score: list[int] = field(init=False)
    group: list[int] = field(init=False)
    ideal: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.score = [self.event.points[pid] for pid in self.ids]
        self.group = []
        level = -1
        for i, s in enumerate(self.score):
            if i == 0 or s != self.score[i - 1]:
                level += 1
            self.group.append(level)
        self.ideal = _ideal_pairing(self.group, self.style)

    def __len__(self) -> int:
        return len(self.ids)

    def allowed(self, p: int, q: int) -> bool:
        return self.event.allowed(self.ids[p], self.ids[q])

    def rematch(self, p: int, q: int) -> bool:
        return self.event.rematch(self.ids[p], self.ids[q])

    def style_cost(self, p: int, q: int) -> int:
        """Rule 6: how far a pair is from the ideal, in places of the standings, squared.

        ``adjacent``: ``(distance)² − 1``, so neighbours cost nothing and one long jump costs
        more than two short ones; ``fold``: ``(q − ideal(p))² + (p − ideal(q))²``.
        Both are ≥ 0 and give 0 in total exactly for the ideal pairing.
        """
        if self.style is GroupStyle.ADJACENT:
            return (q - p) ** 2 - 1
        ideal = self.ideal
        return (q - ideal[p]) ** 2 + (p - ideal[q]) ** 2

    @property
    def centre(self) -> list[int]:
        """Where a player's cheap partners are: ``style_cost(p, q) ≥ (q − centre[p])² − 1``.

        An involution (the identity, or the ideal pairing), so it is its own inverse.
        """
        return list(range(len(self.ids))) if self.style is GroupStyle.ADJACENT else self.ideal

    def cost(self, p: int, q: int) -> tuple[int, int, int, int]:
        """(rematch, floats, squared point difference, style) of a pair: rules 2, 4, 5, 6."""
        return (
            1 if self.rematch(p, q) else 0,
            abs(self.group[p] - self.group[q]),
            (self.score[p] - self.score[q]) ** 2,
            self.style_cost(p, q),
        )

    def lower_bounds(self, small_side: int = 0) -> tuple[int, int]:
        """Lower bounds on the floats and on Σ(point difference)² of any rematch-free pairing.

        Every pair crosses the group boundaries between its players: floats = Σ over
        boundaries of the pairs crossing it, and Σ(difference)² ≥ Σ over boundaries of
        crossings × gap² (a square of a sum is at least the sum of the squares). A boundary
        with an odd number of players above it is crossed at least once (parity).

        With ``small_side``, the top groups up to that many players (and the bottom ones) are
        bounded exactly instead: the least cost of the pairs touching them, when each of their
        players either meets another of them without a rematch or a forbidden pair, or floats
        out to the nearest group beyond (the cheapest partner possible there).
        """
        n = len(self.ids)
        starts = [i for i in range(1, n) if self.group[i] != self.group[i - 1]]
        top = max((i for i in starts if i <= small_side), default=0)
        bottom = min((i for i in starts if n - i <= small_side and i > top), default=n)
        floats = squares = 0
        for i in starts:
            if top < i < bottom:
                crossings = i % 2
                floats += crossings
                squares += crossings * (self.score[i - 1] - self.score[i]) ** 2
        for side, edge in ((range(0, top), top), (range(bottom, n), bottom - 1)):
            if side:
                f, sq = self._side_bound(side, edge)
                floats += f
                squares += sq
        return floats, squares

    def _side_bound(self, side: range, outside: int) -> tuple[int, int]:
        """Least (floats, Σ difference²) of the pairs touching a top or bottom block of groups.

        ``outside`` is the nearest position beyond the block. Leaving the block costs each
        player his cost against that position; so the bound is Σ of those minus the heaviest
        matching with weights ``out(p) + out(q) − cost(p, q)`` inside the block.
        """
        members = list(side)

        def cost(p: int, q: int) -> tuple[int, int]:
            return abs(self.group[p] - self.group[q]), (self.score[p] - self.score[q]) ** 2

        out = [cost(p, outside) for p in members]
        radix = 2 * sum(d for _, d in out) + 1  # above any Σ of squares that can occur
        packed_out = [f * radix + d for f, d in out]
        edges: list[tuple[int, int, int]] = []
        for i, p in enumerate(members):
            for j in range(i + 1, len(members)):
                q = members[j]
                if self.allowed(p, q) and not self.rematch(p, q):
                    f, d = cost(p, q)
                    gain = packed_out[i] + packed_out[j] - (f * radix + d)
                    if gain > 0:
                        edges.append((i, j, gain))
        mates = max_weight_matching(len(members), edges)
        weight = {(i, j): w for i, j, w in edges}
        saved = sum(weight[(i, m)] for i, m in enumerate(mates) if m is not None and i < m)
        total = sum(packed_out) - saved
        return divmod(total, radix)


def _ideal_pairing(group: Sequence[int], style: GroupStyle) -> list[int]:
    """The ideal partner of every position (see the module docstring)."""
    n = len(group)
    partner = [-1] * n
    carried: int | None = None
    start = 0
    while start < n:
        end = start
        while end < n and group[end] == group[start]:
            end += 1
        rest = list(range(start, end))
        if carried is not None:
            top = rest.pop(0)
            partner[carried], partner[top] = top, carried
            carried = None
        if len(rest) % 2 == 1:
            carried = rest.pop()
        half = len(rest) // 2
        for k in range(half):
            if style is GroupStyle.ADJACENT:
                a, b = rest[2 * k], rest[2 * k + 1]
            else:
                a, b = rest[k], rest[k + half]
            partner[a], partner[b] = b, a
        start = end
    if carried is not None:
        raise ValueError("the ideal pairing needs an even number of players")
    return partner


def _pack(costs: Sequence[tuple[int, ...]], pairs: int) -> list[int]:
    """Pack cost tuples into integers that compare like the tuples summed over ``pairs`` pairs.

    Each field gets room for ``pairs`` times its largest value, so no sum carries over.
    """
    if not costs:
        return []
    width = len(costs[0])
    radix = [pairs * max(c[k] for c in costs) + 1 for k in range(width)]
    packed = []
    for c in costs:
        value = 0
        for k in range(width):
            value = value * radix[k] + c[k]
        packed.append(value)
    return packed


def _min_cost_perfect(
    vertices: Sequence[int], edges: Sequence[tuple[int, int]], costs: Sequence[tuple[int, ...]]
) -> dict[int, int] | None:
    """A perfect matching of ``vertices`` of least total (lexicographic) cost, or None."""
    if len(vertices) % 2:
        raise ValueError("a perfect matching needs an even number of vertices")
    if not vertices:
        return {}
    if not edges:
        return None
    index = {v: i for i, v in enumerate(vertices)}
    pairs = len(vertices) // 2
    packed = _pack(costs, pairs)
    big = pairs * max(packed) + 1
    mates = max_weight_matching(
        len(vertices),
        ((index[u], index[v], 2 * big - c) for (u, v), c in zip(edges, packed, strict=True)),
    )
    if any(m is None for m in mates):
        return None
    return {vertices[i]: vertices[m] for i, m in enumerate(mates) if m is not None}


def _window_edges(fld: _Field, width: int) -> tuple[list[tuple[int, int]], bool]:
    """Allowed pairs within ``width`` places of a player's centre; and whether that is all."""
    n = len(fld)
    centre = fld.centre
    complete = width >= n
    seen: set[tuple[int, int]] = set()
    edges: list[tuple[int, int]] = []
    for p in range(n):
        lo, hi = (0, n) if complete else (max(0, centre[p] - width), min(n, centre[p] + width + 1))
        for q in range(lo, hi):
            pair = (p, q) if p < q else (q, p)
            if q != p and pair not in seen and fld.allowed(p, q):
                seen.add(pair)
                edges.append(pair)
    edges.sort()  # the solver's input order must not depend on how the window was walked
    return edges, complete


def _solve_window(fld: _Field, width: int) -> tuple[list[int] | None, bool]:
    """Least-cost pairing (rules 2, 4, 5, 6) using only the pairs of a window around the ideal.

    Returns the mates (None if the window admits no complete pairing) and whether the window
    was the complete graph.
    """
    edges, complete = _window_edges(fld, width)
    costs = [fld.cost(p, q) for p, q in edges]
    found = _min_cost_perfect(list(range(len(fld))), edges, costs)
    if found is None:
        return None, complete
    return [found[p] for p in range(len(fld))], complete


def _proof_width(fld: _Field, mate: Sequence[int]) -> int | None:
    """The narrowest window for which ``mate``, if optimal inside it, is optimal overall.

    A pair outside a window of width ``W`` costs at least ``(W+1)² − 1`` in style (rule 6).
    If ``mate`` has no rematch and meets the lower bounds of rules 4 and 5
    (:meth:`_Field.lower_bounds`), a better pairing must tie it on rules 2, 4 and 5 and have
    less total style; when ``mate``'s total style is below that price, such a pairing uses no
    pair outside the window, and inside the window ``mate`` is optimal. None when ``mate`` has
    a rematch or misses the bounds (then only the complete graph decides).

    The optimum of a wider window costs at most ``mate``'s total (``mate`` is in it), so it
    meets the bounds too and the width returned here proves it as well.
    """
    totals = [0, 0, 0, 0]
    for p in range(len(fld)):
        q = mate[p]
        if p < q:
            for k, value in enumerate(fld.cost(p, q)):
                totals[k] += value
    rematches, floats, squares, style = totals
    if rematches:
        return None
    reached = (floats, squares)
    if reached != fld.lower_bounds() and reached != fld.lower_bounds(_SMALL_SIDE):
        return None
    return math.isqrt(style + 1)  # the least W with (W+1)² − 1 > style


_SMALL_SIDE = 128
"""Largest group side whose pairing capacity is computed exactly for the float bounds."""

_FIRST_WINDOW = 8
_COMPLETE_LIMIT = 3000
"""Above this many players the window stops widening at :data:`_WIDEST` places."""
_WIDEST = 512


def _pair_field(fld: _Field) -> tuple[list[int], bool, bool]:
    """Optimal pairing of a field (bye already removed).

    Returns the mates, whether they include a rematch, and whether optimality is proven (it is
    not only when a field above :data:`_COMPLETE_LIMIT` would need a window wider than
    :data:`_WIDEST` places).
    """
    n = len(fld)
    ideal = fld.ideal
    conflicts = any(
        p < ideal[p] and (not fld.allowed(p, ideal[p]) or fld.rematch(p, ideal[p]))
        for p in range(n)
    )
    if not conflicts:
        return list(ideal), False, True  # the fast path: the unique optimum of the relaxation
    width = _FIRST_WINDOW
    best: list[int] | None = None
    # Windows double up to the field (or to _WIDEST): how many there are at most, for progress.
    widest = n if n <= _COMPLETE_LIMIT else min(n, max(_WIDEST, 2 * _FIRST_WINDOW))
    windows = (-(-widest // _FIRST_WINDOW) - 1).bit_length() + 1
    tried = 0
    while True:
        report(min(tried, windows - 1), windows, "search window")
        tried += 1
        mate, complete = _solve_window(fld, width)
        needed: int | None = None
        if mate is not None:
            best = mate
            needed = None if complete else _proof_width(fld, mate)
            if complete or (needed is not None and needed <= width):
                return mate, any(fld.rematch(p, mate[p]) for p in range(n)), True
        elif complete:
            raise NoValidPairing("the forbidden pairs leave no complete pairing")
        if n > _COMPLETE_LIMIT and width >= _WIDEST and best is not None:
            return best, any(fld.rematch(p, best[p]) for p in range(n)), False
        # Jump straight to the width that proves the next solution when it is known.
        width = max(2 * width, needed or 0)
        if n > _COMPLETE_LIMIT:
            width = min(width, max(_WIDEST, 2 * _FIRST_WINDOW))


def _choose_bye_exactly(
    event: _Event, order: Sequence[PlayerId], bye_rank: dict[PlayerId, int]
) -> PlayerId:
    """Rules 1–3 over everybody: fewest rematches, then the best bye by the bye rule."""
    n = len(order)
    worst = n  # bye ranks are 0..n-1; the matched players' ranks are summed
    radix = n * worst + 1
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(order):
        for j in range(i + 1, n):
            b = order[j]
            if event.allowed(a, b):
                rematch = 1 if event.rematch(a, b) else 0
                cost = rematch * radix + (2 * worst - bye_rank[a] - bye_rank[b])
                edges.append((i, j, cost))
    pairs = n // 2
    big = pairs * (radix + 2 * worst) + 1
    mates = max_weight_matching(n, [(i, j, 2 * big - c) for i, j, c in edges])
    alone = [order[i] for i, m in enumerate(mates) if m is None]
    if len(alone) != 1:
        raise NoValidPairing("the forbidden pairs leave no pairing of all but one player")
    return alone[0]


# --- the pairing system ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CasualRound:
    """The round as the casual criteria see it (rules 1-6), shared by :func:`pair_casual` and
    the alternatives: the players to pair and the costs of their pairs."""

    event: _Event
    options: CasualOptions
    """The options with the seed drawn."""
    ties: tuple[PlayerId, ...]
    """Every player in this round's tie order (:func:`tie_order`)."""
    standings: tuple[PlayerId, ...]
    """Every player, top first (§1)."""
    order: tuple[PlayerId, ...]
    """The players to pair (fixed boards left out), in standings order."""
    bye_order: tuple[PlayerId, ...]
    """With an odd ``order``, its players by the bye rule (§3), best first; else empty."""

    def field_costs(
        self, bye: PlayerId | None
    ) -> tuple[tuple[PlayerId, ...], Callable[[int, int], tuple[int, int, int, int] | None]]:
        """The players paired when ``bye`` has the bye, in standings order, and the cost of
        a pair of them by position: (rematch, floats, squared point difference, style) as
        rules 2, 4, 5, 6 count them, None for a forbidden pair (rule 1)."""
        fld = _Field(self.event, [pid for pid in self.order if pid != bye], self.options.style)

        def cost(p: int, q: int) -> tuple[int, int, int, int] | None:
            return fld.cost(p, q) if fld.allowed(p, q) else None

        return tuple(fld.ids), cost


def casual_round(tournament: Tournament, options: CasualOptions, rng: random.Random) -> CasualRound:
    """The :class:`CasualRound` of the next round (``rng`` is read only without a seed).

    Raises ``ValueError`` for inconsistent fixed boards.
    """
    seed = _event_seed(options, rng)
    seeded = dataclasses.replace(options, seed=seed)
    event = _build_event(tournament, seeded)
    present = set(tournament.players_to_pair(tournament.next_round))
    fixed_players: set[PlayerId] = set()
    for a, b in seeded.fixed_boards:
        for pid in (a, b):
            if pid not in present:
                raise ValueError(f"fixed board {a}-{b}: player {pid} is not to be paired")
            if pid in fixed_players:
                raise ValueError(f"player {pid} is on two fixed boards")
            fixed_players.add(pid)
    ties = tie_order(tournament, seeded, rng)
    # ``sorted`` is stable: equal points keep the tie order.
    standings = sorted(ties, key=lambda pid: -event.points[pid])
    position = {pid: i for i, pid in enumerate(standings)}
    order = [pid for pid in standings if pid in present and pid not in fixed_players]
    by_rule: list[PlayerId] = []
    if len(order) % 2 == 1:
        # Best bye first: fewest pairing byes, then lowest in the standings.
        by_rule = sorted(order, key=lambda pid: (event.byes.get(pid, 0), -position[pid]))
    return CasualRound(event, seeded, tuple(ties), tuple(standings), tuple(order), tuple(by_rule))


def pair_casual(tournament: Tournament, options: CasualOptions, rng: random.Random) -> Pairing:
    """Pair the next round of a casual Swiss event (swiss-casual.md).

    Pure: the result depends only on the snapshot, the options and the generator (which is
    only read when ``options.seed`` is None). Raises :class:`NoValidPairing` when the forbidden
    pairs make a complete pairing impossible, ``ValueError`` for inconsistent fixed boards.

    With colours on (§5), the boards are chosen first, ignoring colours, and each board then
    gets its colours by the rules of swiss-dutch §6 exactly as the Dutch system gives them
    (:func:`~fairpair.pairing.swiss.colours.colours_of_ranked_pair`): preferences from the
    games played over the board, the higher-ranked player being the one higher in the
    standings order, his pairing number (rule 6.6) his place in this round's tie order among
    the players to pair, and the initial colour drawn from the seed (:func:`initial_colour`).
    As the pairing ignores colours, two players with the same absolute preference can meet
    (the Dutch criterion C3 does not apply); rules 6.2-6.5 then decide which of them gets it.
    A note per board names the colour rule that decided.
    """
    rnd = tournament.next_round
    casual = casual_round(tournament, options, rng)
    event, seeded, order = casual.event, casual.options, list(casual.order)
    assert seeded.seed is not None
    seed = seeded.seed
    present = set(tournament.players_to_pair(rnd))
    ties = casual.ties
    position = {pid: i for i, pid in enumerate(casual.standings)}

    bye: PlayerId | None = None
    if len(order) % 2 == 1:
        by_rule = casual.bye_order
        bye_rank = {pid: i for i, pid in enumerate(by_rule)}
        bye = by_rule[0]
        fld = _Field(event, [pid for pid in order if pid != bye], seeded.style)
        try:
            mate, rematches, proven = _pair_field(fld)
        except NoValidPairing:
            rematches, mate, proven = True, [], True
        if rematches:
            # Another bye might avoid a rematch (rule 2 before rule 3): decide exactly.
            chosen = _choose_bye_exactly(event, order, bye_rank)
            if chosen != bye:
                bye = chosen
                fld = _Field(event, [pid for pid in order if pid != bye], seeded.style)
                mate, _, proven = _pair_field(fld)
            elif not mate:
                raise NoValidPairing("the forbidden pairs leave no complete pairing")
    else:
        fld = _Field(event, order, seeded.style)
        mate, _, proven = _pair_field(fld)

    pairs = [(fld.ids[p], fld.ids[q]) for p, q in enumerate(mate) if p < q]
    pairs.sort(key=lambda ab: min(position[ab[0]], position[ab[1]]))
    boards: list[tuple[PlayerId, PlayerId]] = list(seeded.fixed_boards) + [
        (a, b) if position[a] < position[b] else (b, a) for a, b in pairs
    ]
    seats: dict[PlayerId, _ColourSeat] = {}
    if seeded.colours:
        seats = _colour_seats(tournament, [pid for pid in ties if pid in present])
    initial = initial_colour(seed)
    games: list[Game] = []
    notes: list[BoardNote] = []
    for number, (a, b) in enumerate(boards, start=1):
        fixed = number <= len(seeded.fixed_boards)
        problems = []
        if event.rematch(a, b):
            problems.append("a rematch")
        if not event.allowed(a, b):
            problems.append("a forbidden pair")
        parts = []
        if problems:
            what = " and ".join(problems)
            parts.append(f"fixed board is {what}" if fixed else f"{what}: no pairing avoids it")
        if seeded.colours:
            higher, lower = (a, b) if position[a] < position[b] else (b, a)
            white, black, rule = colours_of_ranked_pair(seats[higher], seats[lower], initial)
            games.append(Game(white.id, black.id))
            parts.append(colour_note(white, black, rule))
        else:
            games.append(Game(a, b, coloured=False))
        if parts:
            notes.append(BoardNote(number, "; ".join(parts)))
    if not proven:
        notes.append(BoardNote(0, f"optimal among pairs within {_WIDEST} places; not proven"))
    return Pairing(round=rnd, boards=tuple(games), bye=bye, notes=tuple(notes))


# --- colours (only when switched on) -----------------------------------------------------------


def initial_colour(seed: int) -> Colour:
    """The initial colour of an event, drawn from its seed (§5): the colour rule 6.6 gives to
    an odd pairing number when neither player of a board has a colour preference."""
    coin = random.Random(f"fairpair-colour:{seed}").random()
    return Colour.WHITE if coin < 0.5 else Colour.BLACK


@dataclass(frozen=True, slots=True)
class _ColourSeat:
    """A player as the colour rules of swiss-dutch §6 read him (a ``ColourParty``)."""

    id: PlayerId
    tpn: int
    """His place in the tie order among the players to pair this round (rule 6.6)."""
    colours: tuple[Colour, ...]
    preference: ColourPreference


def _colour_seats(
    tournament: Tournament, numbered: Sequence[PlayerId]
) -> dict[PlayerId, _ColourSeat]:
    """The colour view of the players to pair, given in the tie order that numbers them."""
    table = entries(tournament)
    seats = {}
    for number, pid in enumerate(numbered, start=1):
        colours = played_colours(table[pid])
        seats[pid] = _ColourSeat(pid, number, colours, colour_preference(colours))
    return seats


def rematch_count(tournament: Tournament, pairing: Pairing) -> int:
    """How many boards of a pairing are rematches (a helper for checkers and reports)."""
    met = _build_event(tournament, CasualOptions()).met
    return sum(1 for g in pairing.boards if g.black in met.get(g.white, ()))
