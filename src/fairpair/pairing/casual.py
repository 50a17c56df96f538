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

Otherwise only the conflicts are repaired: each conflicting pair, with the ideal pairs around
it, forms a region that is solved exactly on its complete graph; outside the regions the ideal
pairs stay. The result is accepted only with a proof of optimality for the whole field
(:func:`_certify`): it has no rematch and meets the lower bounds of rules 4 and 5, and no
alternating cycle can lower rule 6 (potentials that are feasible for every possible pair,
checked explicitly near each player and by a bound far away). Failing that, the regions are
widened (doubled) until they cover everybody, which is the exact solve of the whole field.

The bye (rule 3): the best candidate by the bye rule is tried first; when the rest can then be
paired without a rematch, no other choice can do better on rules 2 and 3. Otherwise an exact
matching over everybody chooses the bye (fewest rematches, then the bye rule).
"""

from __future__ import annotations

import enum
import math
import random
from collections import deque
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
    scores,
)
from fairpair.pairing._matching import max_weight_matching


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
    """Give colours (white = the first player of a board). Off for card games."""
    fixed_boards: tuple[tuple[PlayerId, PlayerId], ...] = ()
    """Boards fixed by the director, paired as given (first boards, in this order)."""
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


def standings_order(
    tournament: Tournament, options: CasualOptions, rng: random.Random
) -> list[PlayerId]:
    """Every player, top first: points descending, then the tie order of this round (§1)."""
    rnd = tournament.next_round
    seed = _event_seed(options, rng)
    ranking = list(tournament.ranking_order)
    if options.tie_order is TieOrder.RANDOM:
        # A string seed is hashed with SHA-512 by ``random``: the same on every machine.
        random.Random(f"fairpair-casual:{seed}:{rnd}").shuffle(ranking)
    elif options.tie_order is TieOrder.RATING:
        seed_index = {pid: i for i, pid in enumerate(ranking)}
        ranking.sort(key=lambda pid: (-(tournament.player(pid).rating or -1), seed_index[pid]))
    tie = {pid: i for i, pid in enumerate(ranking)}
    points = scores(tournament)
    return sorted(ranking, key=lambda pid: (-points[pid], tie[pid]))


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


def _solve_region(fld: _Field, region: Sequence[int]) -> dict[int, int] | None:
    """Exact optimum of rules 2, 4, 5, 6 among the players of a region (complete graph)."""
    edges: list[tuple[int, int]] = []
    costs: list[tuple[int, int, int, int]] = []
    for i, p in enumerate(region):
        for q in region[i + 1 :]:
            if fld.allowed(p, q):
                edges.append((p, q))
                costs.append(fld.cost(p, q))
    return _min_cost_perfect(region, edges, costs)


# --- regions around conflicts and the certificate ------------------------------------------


def _regions(fld: _Field, conflicts: Sequence[int], padding: int) -> list[list[int]]:
    """Groups of ideal pairs around the conflicting ones, each closed under ideal partners."""
    n = len(fld)
    ideal = fld.ideal
    parent = list(range(n))  # union-find over positions, keyed by the lower of an ideal pair

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    chosen = [False] * n
    for p in conflicts:
        root = find(min(p, ideal[p]))
        for end in (p, ideal[p]):
            for r in range(max(0, end - padding), min(n, end + padding + 1)):
                key = min(r, ideal[r])
                chosen[key] = True
                other = find(key)
                if other != root:
                    parent[other] = root
        chosen[min(p, ideal[p])] = True
    groups: dict[int, list[int]] = {}
    for key in range(n):
        if chosen[key] and key == min(key, ideal[key]):
            members = groups.setdefault(find(key), [])
            members.extend((key, ideal[key]))
    return [sorted(members) for _, members in sorted(groups.items())]


def _certify(fld: _Field, mate: Sequence[int]) -> bool:
    """Prove that ``mate`` is an optimal pairing of the whole field, or return False.

    ``mate`` is optimal unless some alternating cycle (new pairs in, old pairs out) lowers the
    total cost. Costs are compared with two corrections that do not change the sign of any
    cycle's gain:

    * for every group boundary with an odd number of players above it that ``mate`` crosses
      exactly once, its float and squared gap are subtracted from the cost of every pair
      crossing it: a cycle keeps the parity of the crossings of each boundary, so it cannot
      remove that single crossing without adding one, and the cycle's true gain is at most its
      corrected gain;
    * the cycles are searched as closed walks in the digraph with an arc ``x → mate(y)`` of
      cost ``c(x, y) − c(y, mate(y))`` for every allowed pair ``{x, y}`` not in ``mate``. No
      negative closed walk exists when the shortest-path potentials ``φ`` (virtual source, all
      ≤ 0) are feasible on every arc. Arcs near each player (``|y − centre(x)| ≤ W``) and every
      arc into a player whose old pair still costs more than style after the correction are
      relaxed explicitly; any other arc costs at least ``(W+1)² − 1 − (largest such old
      style)`` (its style alone is that large), so it is feasible for every player whose
      potential is above minus that; players below it have all their arcs relaxed.
    """
    n = len(fld)
    if n == 0:
        return True
    groups = fld.group[-1] + 1
    crossing = [0] * (groups + 1)
    for p in range(n):
        q = mate[p]
        if p < q:
            crossing[fld.group[p]] += 1
            crossing[fld.group[q]] -= 1
    first = [0] * groups  # first position of each group
    for p in range(n - 1, -1, -1):
        first[fld.group[p]] = p
    kept_float = [0] * groups  # prefix counts over boundaries 0..g-1 (boundary g: below group g)
    kept_square = [0] * groups
    running = 0
    for g in range(groups - 1):
        running += crossing[g]
        single = running == 1 and first[g + 1] % 2 == 1
        gap = fld.score[first[g]] - fld.score[first[g + 1]]
        kept_float[g + 1] = kept_float[g] + (1 if single else 0)
        kept_square[g + 1] = kept_square[g] + (gap * gap if single else 0)
    top = max(2 * n * n, (fld.score[0] - fld.score[-1]) ** 2, groups, 1)
    base = 4 * n * top + 1

    def cost(p: int, q: int) -> int:
        rematch, floats, square, style = fld.cost(p, q)
        lo, hi = sorted((fld.group[p], fld.group[q]))
        floats -= kept_float[hi] - kept_float[lo]
        square -= kept_square[hi] - kept_square[lo]
        return ((rematch * base + floats) * base + square) * base + style

    old = [cost(p, mate[p]) for p in range(n)]
    heavy = [y for y in range(n) if old[y] >= base]
    light_worst = max((old[y] for y in range(n) if old[y] < base), default=0)
    if not heavy and light_worst == 0:
        return True
    width = max(2, math.isqrt(4 * light_worst) + 1)
    far = (width + 1) ** 2 - 1 - light_worst
    return _feasible_potentials(fld, mate, old, heavy, cost, width, far)


def _feasible_potentials(
    fld: _Field,
    mate: Sequence[int],
    old: Sequence[int],
    heavy: Sequence[int],
    cost: Callable[[int, int], int],
    width: int,
    far: int,
    budget: int = 60_000_000,
) -> bool:
    """Bellman–Ford (queue-based) from a virtual source; False on a negative cycle.

    A player's arcs are relaxed near his centre (``|y − centre(x)| ≤ width``) and into
    every heavy player; any other arc costs at least ``far``, so it is feasible while
    ``φ(x) ≥ −far``. A player whose potential falls below ``−far`` has all his arcs relaxed.
    ``budget`` caps the work (arc evaluations); running out counts as failure.
    """
    n = len(fld)
    centre = fld.centre
    dist: dict[int, int] = {}
    length: dict[int, int] = {}
    queue: deque[int] = deque()
    is_heavy = [False] * n
    for y in heavy:
        is_heavy[y] = True
    work = 0

    def relax(x: int, y: int, start: int, steps: int) -> None:
        if y == x or y == mate[x] or not fld.allowed(x, y):
            return
        z = mate[y]
        value = start + cost(x, y) - old[y]
        if value < dist.get(z, 0):
            dist[z] = value
            length[z] = steps + 1
            queue.append(z)

    # Every player starts at 0; only arcs into a player whose old pair costs something can be
    # negative, so those are relaxed first.
    for y in range(n):
        if old[y] > 0:
            if is_heavy[y]:
                work += n
                for x in range(n):
                    relax(x, y, 0, 0)
            else:
                for w in range(max(0, y - width), min(n, y + width + 1)):
                    relax(centre[w], y, 0, 0)
    while queue:
        x = queue.popleft()
        start, steps = dist[x], length[x]
        if steps > n:
            return False  # a negative cycle
        if start < -far:
            targets: Sequence[int] = range(n)
        else:
            targets = [
                *range(max(0, centre[x] - width), min(n, centre[x] + width + 1)),
                *heavy,
            ]
        work += len(targets)
        if work > budget:
            return False
        for y in targets:
            relax(x, y, start, steps)
    return True


def _pair_field(fld: _Field) -> tuple[list[int], bool]:
    """Optimal pairing of a field (bye already removed): mates, and whether it has a rematch."""
    n = len(fld)
    ideal = fld.ideal
    conflicts = [
        p
        for p in range(n)
        if p < ideal[p] and (not fld.allowed(p, ideal[p]) or fld.rematch(p, ideal[p]))
    ]
    if not conflicts:
        return list(ideal), False  # the fast path: the unique optimum of the relaxation
    padding = 4
    while True:
        regions = _regions(fld, conflicts, padding)
        whole = len(regions) == 1 and len(regions[0]) == n
        mate = list(ideal)
        solved = True
        for region in regions:
            local = _solve_region(fld, region)
            if local is None:
                solved = False
                break
            for p, q in local.items():
                mate[p] = q
        if solved and (whole or _certify(fld, mate)):
            rematches = any(fld.rematch(p, mate[p]) for p in range(n))
            return mate, rematches
        if whole:
            raise NoValidPairing("the forbidden pairs leave no complete pairing")
        padding *= 2


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


def pair_casual(tournament: Tournament, options: CasualOptions, rng: random.Random) -> Pairing:
    """Pair the next round of a casual Swiss event (swiss-casual.md).

    Pure: the result depends only on the snapshot, the options and the generator (which is
    only read when ``options.seed`` is None). Raises :class:`NoValidPairing` when the forbidden
    pairs make a complete pairing impossible, ``ValueError`` for inconsistent fixed boards.
    """
    rnd = tournament.next_round
    seed = _event_seed(options, rng)
    seeded = CasualOptions(
        tie_order=options.tie_order,
        style=options.style,
        seed=seed,
        colours=options.colours,
        fixed_boards=options.fixed_boards,
        forbidden_pairs=options.forbidden_pairs,
        separate_by_club=options.separate_by_club,
    )
    event = _build_event(tournament, seeded)
    to_pair = tournament.players_to_pair(rnd)
    present = set(to_pair)
    fixed_players: set[PlayerId] = set()
    for a, b in seeded.fixed_boards:
        for pid in (a, b):
            if pid not in present:
                raise ValueError(f"fixed board {a}-{b}: player {pid} is not to be paired")
            if pid in fixed_players:
                raise ValueError(f"player {pid} is on two fixed boards")
            fixed_players.add(pid)
    standings = standings_order(tournament, seeded, rng)
    position = {pid: i for i, pid in enumerate(standings)}
    order = [pid for pid in standings if pid in present and pid not in fixed_players]

    bye: PlayerId | None = None
    if len(order) % 2 == 1:
        # Best bye first: fewest pairing byes, then lowest in the standings.
        by_rule = sorted(order, key=lambda pid: (event.byes.get(pid, 0), -position[pid]))
        bye_rank = {pid: i for i, pid in enumerate(by_rule)}
        bye = by_rule[0]
        fld = _Field(event, [pid for pid in order if pid != bye], seeded.style)
        try:
            mate, rematches = _pair_field(fld)
        except NoValidPairing:
            rematches, mate = True, []
        if rematches:
            chosen = _choose_bye_exactly(event, order, bye_rank)
            if chosen != bye:
                bye = chosen
                fld = _Field(event, [pid for pid in order if pid != bye], seeded.style)
                mate, _ = _pair_field(fld)
            elif not mate:
                raise NoValidPairing("the forbidden pairs leave no complete pairing")
    else:
        fld = _Field(event, order, seeded.style)
        mate, _ = _pair_field(fld)

    pairs = [(fld.ids[p], fld.ids[q]) for p, q in enumerate(mate) if p < q]
    pairs.sort(key=lambda ab: min(position[ab[0]], position[ab[1]]))
    boards: list[tuple[PlayerId, PlayerId]] = list(seeded.fixed_boards) + [
        (a, b) if position[a] < position[b] else (b, a) for a, b in pairs
    ]
    notes: list[BoardNote] = []
    for number, (a, b) in enumerate(boards, start=1):
        fixed = number <= len(seeded.fixed_boards)
        problems = []
        if event.rematch(a, b):
            problems.append("a rematch")
        if not event.allowed(a, b):
            problems.append("a forbidden pair")
        if problems:
            what = " and ".join(problems)
            text = f"fixed board is {what}" if fixed else f"{what}: no pairing avoids it"
            notes.append(BoardNote(number, text))
    games = tuple(
        _game(tournament, a, b, number, seed, seeded.colours)
        for number, (a, b) in enumerate(boards, start=1)
    )
    return Pairing(round=rnd, boards=games, bye=bye, notes=tuple(notes))


# --- colours (only when switched on) -----------------------------------------------------------


def _colour_history(tournament: Tournament, pid: PlayerId) -> list[Colour]:
    history: list[Colour] = []
    for past in tournament.rounds:
        for game in past.games:
            if game.coloured and game.involves(pid) and _met_each_other(game):
                colour = game.colour_of(pid)
                if colour is not None:
                    history.append(colour)
    return history


def _game(
    tournament: Tournament, a: PlayerId, b: PlayerId, board: int, seed: int, colours: bool
) -> Game:
    """The board, ``a`` being the higher-ranked player.

    With colours on (§5, a simplified swiss-dutch §6): fewer whites gets white; equal, the
    player who had black more recently gets white (alternation); equal histories, the
    higher-ranked player gets the initial colour (drawn from the seed) on odd boards.
    """
    if not colours:
        return Game(a, b, coloured=False)
    ha, hb = _colour_history(tournament, a), _colour_history(tournament, b)
    wa, wb = ha.count(Colour.WHITE), hb.count(Colour.WHITE)
    if wa != wb:
        return Game(a, b) if wa < wb else Game(b, a)
    for ca, cb in zip(reversed(ha), reversed(hb), strict=False):
        if ca != cb:
            return Game(a, b) if ca is Colour.BLACK else Game(b, a)
    coin = random.Random(f"fairpair-colour:{seed}").random()
    initial = Colour.WHITE if coin < 0.5 else Colour.BLACK
    top_white = (initial is Colour.WHITE) == (board % 2 == 1)
    return Game(a, b) if top_white else Game(b, a)


def rematch_count(tournament: Tournament, pairing: Pairing) -> int:
    """How many boards of a pairing are rematches (a helper for checkers and reports)."""
    met = _build_event(tournament, CasualOptions()).met
    return sum(1 for g in pairing.boards if g.black in met.get(g.white, ()))
