"""The FIDE Dutch Swiss system (C.04.3, 2025 rules), pairing for pairing as bbpPairings 6.

The criteria of every candidate pair are packed into one integer weight, most important
criterion in the most significant bits, and a maximum-weight matching over all players to
pair is computed (spec §9). Brackets are then settled from the top scoregroup down; each
decision of the FIDE procedure (which MDPs are paired, their opponents, the exchanges, the
transpositions) is taken by nudging the tie-break field of a few edges and solving again.
One weight table lives for the whole round and the matcher is warm-started between solves;
the players below a bracket's next scoregroup only enter it when their bracket comes near
(see :class:`DutchRound`: the reduced graph gives the same pairings).
"""

from __future__ import annotations

import copy
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fairpair.core import BoardNote, Colour, Game, Pairing, Tournament, format_points
from fairpair.matching import WeightedMatcher
from fairpair.pairing.errors import NoValidPairing, PairingError
from fairpair.pairing.matcher import Matcher, MatcherFactory, sparse_matcher
from fairpair.pairing.progress import report
from fairpair.pairing.swiss.board_order import board_key
from fairpair.pairing.swiss.colours import allocate_colours, colour_note
from fairpair.pairing.swiss.view import Float, SwissPlayer, SwissRound, swiss_round

_NO_COLOUR, _WHITE, _BLACK = 0, 1, 2
_FAR = -1
"""What :meth:`DutchRound.mate` answers for a player paired below the bracket's next
scoregroup in the reduced graph (see :class:`DutchRound`)."""


def pair_dutch(tournament: Tournament, *, matcher: MatcherFactory | None = None) -> Pairing:
    """Pair the next round of ``tournament`` by the FIDE Dutch system.

    Raises :class:`NoValidPairing` when no pairing satisfies C1-C4 (and C2 for the bye).
    """
    view = swiss_round(tournament)
    return DutchRound(view, matcher or sparse_matcher).pair()


def _colour_code(colour: Colour | None) -> int:
    if colour is None:
        return _NO_COLOUR
    return _WHITE if colour is Colour.WHITE else _BLACK


@dataclass(frozen=True, slots=True)
class _Layout:
    """Bit positions of the weight fields (spec §9.3), most significant first in the table."""

    completion: int
    pairs_here: int
    scores_here: int
    pairs_next: int
    scores_next: int
    bye_games: int
    colour_a: int
    colour_b: int
    colour_c: int
    colour_d: int
    float_d1: int
    float_u1: int
    float_d2: int
    float_u2: int
    float_d1_score: int
    float_u1_score: int
    float_d2_score: int
    float_u2_score: int


def _layout(score_width: int, count_width: int, rounds_done: int) -> _Layout:
    """Lay the fields out from the least significant; absent float fields take no room."""
    s, b = score_width, count_width
    pos = 3 * b + 1  # tie-break room (field 19) at bit 0
    one = rounds_done >= 1
    two = rounds_done >= 2

    def take(width: int, present: bool = True) -> int:
        nonlocal pos
        at = pos
        if present:
            pos += width
        return at

    float_u2_score = take(s, two)
    float_d2_score = take(s, two)
    float_u1_score = take(s, one)
    float_d1_score = take(s, one)
    float_u2 = take(b, two)
    float_d2 = take(b, two)
    float_u1 = take(b, one)
    float_d1 = take(b, one)
    colour_d = take(b)
    colour_c = take(b)
    colour_b = take(b)
    colour_a = take(b)
    bye_games = take(2 * b)
    scores_next = take(s)
    pairs_next = take(b)
    scores_here = take(s)
    pairs_here = take(b)
    completion = take(2)
    return _Layout(
        completion=completion,
        pairs_here=pairs_here,
        scores_here=scores_here,
        pairs_next=pairs_next,
        scores_next=scores_next,
        bye_games=bye_games,
        colour_a=colour_a,
        colour_b=colour_b,
        colour_c=colour_c,
        colour_d=colour_d,
        float_d1=float_d1,
        float_u1=float_u1,
        float_d2=float_d2,
        float_u2=float_u2,
        float_d1_score=float_d1_score,
        float_u1_score=float_u1_score,
        float_d2_score=float_d2_score,
        float_u2_score=float_u2_score,
    )


class DutchRound:
    """The pairing of one round by the weighted-matching method of spec §9.

    **The reduced graph.** Spec §9 keeps every pair of the round in one weighted graph. Below
    the bracket's next scoregroup (the players "far below", F) an edge only carries its initial
    weight (§9.3, "which edges are recomputed"): ``c + t(u) + t(v)`` with a constant ``c`` and
    a term ``t`` per player (fields 1 and 6, see :meth:`_player_terms`). Every matching the
    engine solves for pairs everybody (with n odd, counting the phantom of
    :func:`_with_phantom`; spec §9.4), so in a perfect matching these edges weigh, in total,
    a constant plus ``c / 2 + t(x)`` for each bracket player x paired below (the others in F
    are all paired anyway) - and minus ``c / 2 + t(y)`` plus ``lift`` if the phantom's mate y
    is in F. The weight of a perfect matching is therefore a function of its pairs inside
    the bracket B (movers, residents, next scoregroup, which keep their full weights) and of
    the set D of B-players it sends below, and a pair (B-part, D) can be completed exactly
    when F with D can all be paired (C1, C3), with one player of F left to the phantom
    when the phantom is sent below.

    So, by default (``reduced=True``), the matcher holds only B and, for each B-player, a
    private "drain" vertex joined to him alone with weight ``c / 2 + t(x)`` (for the phantom:
    ``lift - c / 2 - min t`` over F). Every perfect matching of the full graph gives a matching
    of this graph of the same weight up to one constant, so its optimum weighs at least the
    full optimum; after each solve the drains used are checked (:meth:`_completes`): if F
    with the players sent below can all be paired (a greedy pairing is found), the optimum
    of the reduced graph is a matching of the full graph of at least the full optimum's
    weight, hence optimal, and the engine's decisions (which read only the mates of B's
    players) are those of spec §9. If the greedy check fails, the full graph is built as
    spec §9 has it at that point and the round goes on there (:meth:`_leave_reduced`).
    The reduced graph has ~|B|² edges instead of ~n²/2, built bracket by bracket.
    """

    def __init__(
        self,
        view: SwissRound,
        matcher: MatcherFactory,
        *,
        reduced: bool = True,
        apart: bool = True,
    ) -> None:
        self.view = view
        self.players: tuple[SwissPlayer, ...] = view.players
        players = self.players
        self.n = n = len(players)
        self.make_matcher = matcher
        self.score = [p.pairing_score for p in players]
        self.rounds_done = view.round - 1

        # Score levels ascending with their field offsets (spec §9.2 step 2-3).
        counts: dict[int, int] = {}
        for p in players:
            counts[p.pairing_score] = counts.get(p.pairing_score, 0) + 1
        offset: dict[int, int] = {}
        width = 0
        for level in sorted(counts):
            offset[level] = width
            width += counts[level].bit_length()
        self.score_width = width
        self.count_width = max(counts.values(), default=0).bit_length()
        self.off = [offset[s] for s in self.score]
        self.top_score = max(self.score, default=0)
        self.layout = _layout(self.score_width, self.count_width, self.rounds_done)

        # Per-player attributes read by the criteria, as flat lists for speed.
        self.pref = [_colour_code(p.preference.colour) for p in players]
        self.absolute = [p.preference.absolute for p in players]
        self.strong_or_absolute = [p.preference.absolute or p.preference.strong for p in players]
        self.imbalance = [p.preference.imbalance for p in players]
        self.repeated = [_colour_code(p.preference.repeated) for p in players]
        self.down1 = [p.float_back(1) is Float.DOWN for p in players]
        self.up1 = [p.float_back(1) is Float.UP for p in players]
        self.down2 = [p.float_back(2) is Float.DOWN for p in players]
        self.up2 = [p.float_back(2) is Float.UP for p in players]
        self.compatible = self._compatibility()

        self.bye_score: int | None = None
        self.not_candidate = [True] * n
        self.bye_games_bonus = [0] * n
        self.c9 = False
        self.frozen = [False] * n
        self.pairs: list[tuple[int, int]] = []
        self.solves = 0
        """Solves of the round's matcher."""
        self.prepass_solves = 0
        """Solves of the bye pre-pass (C5), on a matcher of its own."""
        self.moved_down: dict[int, list[int]] = {}
        self.check_complete = False
        # Odd rounds: a phantom vertex (number n) makes the round even; see _with_phantom.
        self.lift = 1 << (self.layout.completion + 2) if n % 2 == 1 else 0
        self.size = n + (n % 2)
        """Vertices of the full graph: the players and, if n is odd, the phantom."""
        self.reduced = self._reduced = reduced
        self.apart = apart
        """Step 7 on the remainder alone where it applies (:meth:`_transpose_apart`)."""
        self.apart_solves = 0
        """Solves of the remainders' own matchers in step 7 (:meth:`_transpose_apart`)."""
        self.apart_misses = 0
        """Brackets whose pairs decided apart were not an optimum of the round's graph (the
        steps then ran on the round's graph)."""
        self.apart_failures = 0
        """1 if the round was paired again because step 7 apart failed its check."""
        self.fallbacks = 0
        """1 if the round left the reduced graph for the full one."""
        self.far_start = 0
        """Players ``far_start..n-1`` are below the current bracket's next scoregroup (F)."""
        self.own: list[int] = [0] * n
        self.checked: tuple[tuple[int, ...], bool] | None = None
        self.entered = [False] * n
        self.in_bracket: list[int] = []
        """The unpaired players above F (the reduced graph's players)."""
        self.compat_bits: list[int] | None = None
        self.absolute_mask = 0
        self.constant = 0
        self.matcher: Matcher = (
            matcher(2 * self.size) if reduced else _with_phantom(matcher, n, self.lift)
        )

    # --- absolute criteria ----------------------------------------------------------------

    def _compatibility(self) -> list[bytearray]:
        """C1 (no second game, no forbidden pair) and C3 (no two equal absolute preferences,
        unless a topscorer is involved) for every pair."""
        players = self.players
        index = {p.id: i for i, p in enumerate(players)}
        rows = [bytearray(b"\x01") * self.n for _ in range(self.n)]
        for i, p in enumerate(players):
            rows[i][i] = 0
            for opp in p.opponents:
                j = index.get(opp)
                if j is not None:
                    rows[i][j] = rows[j][i] = 0
        for pair in self.view.forbidden:
            members = [index[m] for m in pair if m in index]
            if len(members) == 2:
                a, b = members
                rows[a][b] = rows[b][a] = 0
        absolute = [i for i in range(self.n) if self.absolute[i] and not players[i].topscorer]
        for x, i in enumerate(absolute):
            for j in absolute[x + 1 :]:
                if self.pref[i] == self.pref[j]:
                    rows[i][j] = rows[j][i] = 0
        return rows

    # --- the weight of a pair (spec §9.3) -------------------------------------------------

    def base_weight(self, u: int, v: int, in_current: bool, in_next: bool) -> int:
        """The weight of pair {u, v}, u before v in pairing order, for the bracket step."""
        lay = self.layout
        nc = self.not_candidate
        weight = ((1 + nc[u] + nc[v]) << lay.completion) + self.lift  # C4, C2, C5: complete
        if in_current:
            weight += (1 << lay.pairs_here) + (1 << (lay.scores_here + self.off[u]))  # C6, C7
        if in_next:
            weight += (1 << lay.pairs_next) + (1 << (lay.scores_next + self.off[u]))  # C8
        if self.c9:
            weight += (self.bye_games_bonus[u] + self.bye_games_bonus[v]) << lay.bye_games  # C9
        if in_current:
            weight += self._colour_fields(u, v)
            if self.rounds_done >= 1:
                weight += self._float_fields(u, v)
        return weight

    def kinds(self) -> list[int]:
        """Each player's kind, numbered 0, 1, 2 ... in pairing order of first appearance.

        Players of one kind have the same :meth:`base_weight` with any partner, as the first
        or the second of the pair, so a bracket computes one weight per pair of kinds and
        step (a few hundred) instead of one per pair (millions at 5,000 players); the
        alternatives' criteria (:func:`fairpair.pairing.criteria.dutch_criteria`) count on
        it too. The kind holds every player attribute the weight reads as they stand now:
        C9's bonus only while C9 is active, and the bye pre-pass (C5) changes who is a bye
        candidate, so kinds taken before it are stale after it.
        """
        c9 = self.c9
        keys = list(
            zip(
                self.not_candidate,
                self.off,
                self.score,
                self.bye_games_bonus if c9 else [0] * self.n,
                self.pref,
                self.imbalance,
                self.absolute,
                self.strong_or_absolute,
                self.repeated,
                self.down1,
                self.up1,
                self.down2,
                self.up2,
                strict=True,
            )
        )
        numbers: dict[tuple[object, ...], int] = {}
        return [numbers.setdefault(key, len(numbers)) for key in keys]

    def _colour_fields(self, u: int, v: int) -> int:
        """C10-C13 as rewards on a pair."""
        lay = self.layout
        pu, pv = self.pref[u], self.pref[v]
        same = pu == pv and pu != _NO_COLOUR
        weight = 0
        # C10: no topscorer (or opponent) gets a colour difference beyond 2.
        if not (same and self.imbalance[u] >= 2 and self.imbalance[v] >= 2):
            weight += 1 << lay.colour_a
        # C11: no topscorer (or opponent) gets the same colour three times in a row.
        if not (same and self.absolute[u] and self.absolute[v] and self._third_in_a_row(u, v)):
            weight += 1 << lay.colour_b
        # C12: both get their colour preference.
        if not same:
            weight += 1 << lay.colour_c
        # C13: both get their strong colour preference.
        if (
            not self.strong_or_absolute[u]
            or not self.strong_or_absolute[v]
            or (self.absolute[u] and self.absolute[v])
            or not same
        ):
            weight += 1 << lay.colour_d
        return weight

    def _third_in_a_row(self, u: int, v: int) -> bool:
        """For two equal absolute preferences: would the loser get a colour a third time?"""
        iu, iv = self.imbalance[u], self.imbalance[v]
        if iu == iv:
            return self.repeated[u] != _NO_COLOUR and self.repeated[u] == self.repeated[v]
        loser = u if iu < iv else v
        wanted = self.pref[u]
        opposite = _BLACK if wanted == _WHITE else _WHITE
        return self.repeated[loser] == opposite

    def _float_fields(self, u: int, v: int) -> int:
        """C14-C21 as rewards on a pair (u scores at least as much as v)."""
        lay = self.layout
        weight = self._repeated_downfloat(u, v, self.down1, lay.float_d1, lay.float_d1_score)
        weight += self._repeated_upfloat(u, v, self.up1, lay.float_u1, lay.float_u1_score)
        if self.rounds_done >= 2:
            weight += self._repeated_downfloat(u, v, self.down2, lay.float_d2, lay.float_d2_score)
            weight += self._repeated_upfloat(u, v, self.up2, lay.float_u2, lay.float_u2_score)
        return weight

    def _repeated_downfloat(
        self, u: int, v: int, down: list[bool], count_at: int, score_at: int
    ) -> int:
        """C14 / C16 (how many) and C18 / C20 (at which scores): players who downfloated one
        (two) rounds before are paired here instead of floating again."""
        off = self.off
        again = down[v] + (self.score[u] <= self.score[v] and down[u])
        return (
            (again << count_at)
            + (down[v] << (score_at + off[v]))
            + (down[u] << (score_at + off[u]))
        )

    def _repeated_upfloat(
        self, u: int, v: int, up: list[bool], count_at: int, score_at: int
    ) -> int:
        """C15 / C17 (how many) and C19 / C21 (at which scores): a player who upfloated one
        (two) rounds before does not meet a higher-scored MDP again."""
        if self.score[u] > self.score[v] and up[v]:
            return 0
        return (1 << count_at) + (1 << (score_at + self.off[u]))

    # --- the matcher ----------------------------------------------------------------------

    def solve(self, start_over: bool = False, *, same_subgraph: bool = False) -> None:
        """Make the matching optimal again after a change of weights.

        The first solve of the round sees a fresh graph: the matcher starts over (asked
        directly, so that it does not first look for the vertices of the whole graph's changed
        edges). So does the solve after a bracket's weights are set (``start_over``): every
        edge of the bracket changed, and a repair would start from hundreds of exposed
        vertices, while the matcher's jump start from scratch pairs most of them at once
        (measured: the round at 1,000 players 15.8 -> 12.5 s CPU). On a large bracket the
        compiled matcher then starts sparse (see ``WeightedMatcher``), and the exchange solve
        of step 4, whose rewards change every edge of the remainder, starts over on the same
        subgraph (``same_subgraph``): from scratch on the kept edges it costs half what a
        repair costs at 10,000 players (benchmarks/NOTES.md), where on the whole graph starting
        over was slower (19.8 s against 15.8 s at 1,000 players). Every other solve follows a
        change around few vertices, where repairing the previous matching is faster than the
        matcher's own size rule (measured: 6x on round 1 of a 337-player event).
        """
        if start_over and same_subgraph:
            self.matcher.solve(warm=False, subgraph=True)
        else:
            self.matcher.solve(warm=self.solves > 0 and not start_over)
        self.solves += 1
        if self.reduced and not self._completes():
            self._leave_reduced()

    def mate(self, v: int) -> int | None:
        """The player paired with ``v`` in the current matching: None for the phantom,
        ``_FAR`` for a drain (a player below the next scoregroup)."""
        m = self.matcher.mate(v)
        if m is None or m == self.n:
            return None
        return _FAR if m >= self.size else m

    def reward(self, u: int, others: Sequence[int], bonus: int) -> None:
        """Add ``bonus`` to every edge from ``u`` to one of ``others`` that exists."""
        self.matcher.add_weights(u, others, bonus)

    def reward_by_rank(self, u: int, others: Sequence[int], least: int) -> list[tuple[int, int]]:
        """Reward the edges from ``u`` to ``others`` (in pairing order) more the earlier the
        opponent: the last one that exists gets ``least``, each one before it one more.

        Returns those edges, earliest opponent first.
        """
        row = set(self.matcher.neighbour_ids(u))
        edges = [(u, v) for v in others if v in row]
        last = len(edges) - 1
        ranks = [least + last - k for k in range(last + 1)]
        self.matcher.add_weights(u, [v for _, v in edges], ranks)
        return edges

    def unlink(self, u: int, others: Sequence[int]) -> None:
        """Remove every edge from ``u`` to one of ``others``."""
        self.matcher.remove_edges(u, others)

    def _solve_unless_best(self, v: int, edges: Sequence[tuple[int, int]]) -> None:
        """Solve after rewarding ``edges`` of ``v`` in increasing order of preference.

        If ``v`` is already matched along the most rewarded edge (the first one), the current
        matching gained the most any matching can gain and stays optimal: no solve is needed.
        """
        if edges and self.mate(v) == edges[0][1]:
            return
        self.solve()

    def freeze(self, a: int, b: int) -> None:
        """Settle a pair: both players leave the graph (their other edges are removed)."""
        self.frozen[a] = self.frozen[b] = True
        self.pairs.append((a, b))
        self.matcher.keep_only(a, b)
        self.matcher.keep_only(b, a)

    # --- C5 and C9: the bye ---------------------------------------------------------------

    def settle_bye_score(self) -> int | None:
        """C5: the lowest pairing score the pairing-allocated bye can go to (None if n is
        even), from the pre-pass of spec §9.2; raises :class:`NoValidPairing` when nobody can
        take it. Other users of the round's criteria (the alternatives) call it once."""
        if self.n % 2 == 1 and self.bye_score is None:
            self._bye_prepass()
        return self.bye_score

    def _bye_prepass(self) -> None:
        """Spec §9.2 steps 5-8: the lowest achievable bye score (C5) and the C9 set-up."""
        n = self.n
        players = self.players
        top = self.top_score
        shift_completion = self.score_width + self.count_width
        lift = 1 << (shift_completion + 2)
        # W0(u, v) = (1 + [u not eligible] + [v not eligible]) << (S + B)
        #          + (off(u) + off(v)) << B + [v in the top scoregroup], v after u:
        # a constant, one term per player and the top bit of v, i.e. a function of the
        # (eligibility, score) kinds of u and v. Each distinct weight is made once and shared.
        term = [
            ((not p.pab_eligible) << shift_completion) + (self.off[u] << self.count_width)
            for u, p in enumerate(players)
        ]
        kinds = sorted({(term[u], self.score[u] == top) for u in range(n)})
        kind = {k: i for i, k in enumerate(kinds)}
        of = [kind[(term[u], self.score[u] == top)] for u in range(n)]
        constant = (1 << shift_completion) + lift
        weights = [[constant + a + b + top_b for b, top_b in kinds] for a, _ in kinds]
        top_end = sum(1 for x in self.score if x == top)
        found = None
        if self.reduced and top_end < n:
            found = self._reduced_prepass(top_end, term, weights, of, constant, lift)
        if found is None:
            prepass = _with_phantom(self.make_matcher, n, lift)
            numbers = list(range(n))
            set_weight = prepass.set_weight
            for u in numbers:
                row = self.compatible[u]
                by_kind = weights[of[u]]
                for v in numbers[u + 1 :]:
                    if row[v]:
                        set_weight(u, v, by_kind[of[v]])
            prepass.solve(warm=False)
            self.prepass_solves += 1
            mates = [prepass.mate(v) for v in range(n)]
            mates = [None if m == n else m for m in mates]
            unmatched = [v for v in range(n) if mates[v] is None]
            if len(unmatched) != 1:
                raise NoValidPairing("no player can receive the pairing-allocated bye (C2, C4)")
            top_down = any(
                self.score[v] == top and (m := mates[v]) is not None and self.score[m] < top
                for v in range(n)
            )
            found = unmatched[0], top_down
        bye, top_down = found
        if not players[bye].pab_eligible:
            raise NoValidPairing("no player can receive the pairing-allocated bye (C2, C4)")
        unmatched = [bye]
        bye_score = self.score[unmatched[0]]
        self.bye_score = bye_score
        # C9 ranks: more played games, smaller rank; a repeated count keeps its last rank.
        counts = sorted(
            (p.played_games for p in players if p.pairing_score == bye_score), reverse=True
        )
        rank = {count: r for r, count in enumerate(counts)}
        self.bye_games_bonus = [
            rank[p.played_games] if p.pairing_score == bye_score else 0 for p in players
        ]
        self.not_candidate = [
            not (p.pab_eligible and p.pairing_score <= bye_score) for p in players
        ]
        self.c9 = bye_score >= top and not top_down

    def _reduced_prepass(
        self,
        top_end: int,
        term: list[int],
        weights: list[list[int]],
        of: list[int],
        constant: int,
        lift: int,
    ) -> tuple[int, bool] | None:
        """The pre-pass on the top scoregroup T only (the reduction of the class docstring).

        Below T a pre-pass edge weighs ``constant + term[u] + term[v]``, so the players below
        are replaced by one drain per player of T (weight ``constant / 2 + term``) and one for
        the phantom (``lift - constant / 2 - least term below``). If a greedy pairing shows that
        the players below, with those of T sent there and less one of least term if the
        phantom is sent there, can all be paired, the result is the full pre-pass's: returns
        the player left out and whether a player of T was paired below. None if the greedy
        check misses (the caller then solves the full pre-pass).
        """
        n = self.n
        size = n + 1
        phantom = n
        half = constant >> 1
        prepass = self.make_matcher(2 * size)
        set_weight = prepass.set_weight
        for u in range(top_end):
            row = self.compatible[u]
            by_kind = weights[of[u]]
            for v in range(u + 1, top_end):
                if row[v]:
                    set_weight(u, v, by_kind[of[v]])
            set_weight(u, phantom, lift)
            set_weight(u, size + u, half + term[u])
        least = min(term[top_end:])
        set_weight(phantom, size + phantom, lift - half - least)
        prepass.solve(warm=False)
        self.prepass_solves += 1
        down = [x for x in range(top_end) if prepass.mate(x) == size + x]
        self.far_start = top_end
        left = prepass.mate(phantom)
        if left == size + phantom:
            # The lowest players first: the bye usually goes there.
            for y in [y for y in range(n - 1, top_end - 1, -1) if term[y] == least][:3]:
                if self._greedy_pairing(down, y):
                    return y, bool(down)
            return None
        if left is None or left >= n or not self._greedy_pairing(down, -1):
            return None
        return left, bool(down)

    # --- the round ------------------------------------------------------------------------

    def pair(self) -> Pairing:
        if not self.apart:
            return self._pair()
        try:
            return self._pair()
        except _ApartFailed:
            # Start the round over without it (the same object: a subclass keeps its state).
            DutchRound.__init__(
                self, self.view, self.make_matcher, reduced=self._reduced, apart=False
            )
            self.apart_failures = 1
            return self._pair()

    def _pair(self) -> Pairing:
        n = self.n
        if n % 2 == 1:
            self._bye_prepass()
        else:
            self.not_candidate = [
                not (p.pab_eligible and p.pairing_score <= 0) for p in self.players
            ]
        self.own = self._player_terms()
        if not self.reduced:
            self._initial_weights()
        # With n even, the first bracket's matching (completion first) tells whether everyone
        # can be paired; solving the initial weights separately would give the same answer.
        self.check_complete = n % 2 == 0

        groups: list[list[int]] = []
        for i in range(n):
            if groups and self.score[groups[-1][0]] == self.score[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
        movers: list[int] = []
        for g, residents in enumerate(groups):
            report(g, len(groups), "bracket")
            below = groups[g + 1] if g + 1 < len(groups) else []
            self._bracket(movers, residents, below)
            movers = [x for x in (*movers, *residents) if not self.frozen[x]]
            for x in movers:
                self.moved_down.setdefault(x, []).append(self.score[residents[0]])
            self.c9 = self._c9_next(movers, below)
        if len(movers) > 1 or (movers and n % 2 == 0):
            raise NoValidPairing("the players cannot all be paired (C1, C3, C4)")
        return self._result(movers[0] if movers else None)

    def _player_terms(self) -> list[int]:
        """The initial weight of a pair (spec §9.2 step 9: fields 1 and 6, i.e.
        ``base_weight(u, v, False, False)``) is ``self.constant + own[u] + own[v]``; returns
        ``own``, the player's term (C4/C2/C5 and C9 with the first bracket's flag)."""
        lay = self.layout
        self.constant = (1 << lay.completion) + self.lift
        own = [nc << lay.completion for nc in self.not_candidate]
        if self.c9:
            bonuses = self.bye_games_bonus
            own = [t + (bonus << lay.bye_games) for t, bonus in zip(own, bonuses, strict=True)]
        return own

    def _initial_weights(self, first: int = 0) -> None:
        """Spec §9.2 step 9: every compatible pair gets fields 1 and 6 only (from
        :meth:`_player_terms`). With ``first``, only the pairs of unpaired players that reach
        a player from ``first`` on.

        The sum takes only a few distinct values, and each value is made once and shared by
        all the pairs that have it, as are the players' numbers: 500-bit ints and numbers
        above 256 are objects of their own (at 5,000 players this halves the memory of the
        full weight table).
        """
        n = self.n
        own = self.own
        terms = sorted(set(own))
        kind = [terms.index(t) for t in own]
        weights = [[self.constant + a + b for b in terms] for a in terms]
        numbers = list(range(n))
        set_weight = self.matcher.set_weight
        frozen = self.frozen
        for u in numbers:
            if frozen[u]:
                continue
            row = self.compatible[u]
            by_kind = weights[kind[u]]
            for v in numbers[max(u + 1, first) :]:
                if row[v]:
                    set_weight(u, v, by_kind[kind[v]])
        if self.lift:
            for u in numbers[first:]:
                set_weight(u, n, self.lift)

    # --- the reduced graph (see the class docstring) --------------------------------------

    def _enter(self, players: Sequence[int], far_start: int) -> None:
        """Give players who join a bracket their drain (and phantom) edges; F starts anew."""
        set_weight = self.matcher.set_weight
        half = self.constant >> 1
        size = self.size
        for y in players:
            set_weight(y, size + y, half + self.own[y])
            if self.lift:
                set_weight(y, self.n, self.lift)
        self.far_start = far_start
        self.in_bracket = [x for x in range(far_start) if not self.frozen[x]]
        if self.lift:
            phantom = self.n
            if far_start < self.n:
                least = min(self.own[far_start:])
                set_weight(phantom, size + phantom, self.lift - half - least)
            else:
                set_weight(phantom, size + phantom, 0)
        self.checked = None

    def _completes(self) -> bool:
        """Can F, with the players the matching sends below, all be paired (one of F left to
        the phantom if it is sent below, of least term)? Found by a greedy pairing: True
        is a proof, False may be a miss (the caller then goes on with the full graph)."""
        n, size = self.n, self.size
        mate = self.matcher.mate
        frozen = self.frozen
        self.in_bracket = live = [x for x in self.in_bracket if not frozen[x]]
        down = tuple(x for x in live if mate(x) == size + x)
        phantom_down = bool(self.lift) and mate(n) == size + n
        key = (down, phantom_down)
        if key == self.checked:
            return True
        far = range(self.far_start, n)
        if phantom_down:
            least = min(self.own[y] for y in far)
            # The lowest players first: the bye usually goes there.
            left_out = [y for y in reversed(far) if self.own[y] == least][:3]
        else:
            left_out = [-1]
        fits = any(self._greedy_pairing(down, y) for y in left_out)
        if fits:
            self.checked = key
        return fits

    def _greedy_pairing(self, down: Sequence[int], left_out: int) -> bool:
        """Pair F (less ``left_out``) with ``down`` greedily: the players sent below first,
        then players whose absolute colour preference restricts them, each to the first free
        compatible player of F, an absolute one if there is one."""
        bits = self._bits()
        free = self._far_mask(left_out)
        absolute = self.absolute_mask
        for x in down:
            options = bits[x] & free
            if not options:
                return False
            pick = options & absolute or options
            free ^= pick & -pick
        for kind in (absolute, -1):
            while free & kind:
                low = free & kind & -(free & kind)
                free ^= low
                options = bits[low.bit_length() - 1] & free
                if not options:
                    return False
                pick = options & absolute or options
                free ^= pick & -pick
        return True

    def _far_mask(self, left_out: int) -> int:
        mask = ((1 << self.n) - 1) ^ ((1 << self.far_start) - 1)
        return mask ^ (1 << left_out) if left_out >= 0 else mask

    def _bits(self) -> list[int]:
        """The compatibility rows as bitsets (bit v of row u: u and v may meet)."""
        if self.compat_bits is None:
            table = bytes.maketrans(b"\x00\x01", b"01")
            self.compat_bits = [int(row.translate(table)[::-1], 2) for row in self.compatible]
            self.absolute_mask = sum(
                1 << v for v in range(self.n) if self.absolute[v] and not self.players[v].topscorer
            )
        return self.compat_bits

    def _leave_reduced(self) -> None:
        """Go on with the full graph of spec §9 as it stands now: the reduced graph's edges
        between real vertices (the bracket and the settled pairs), the initial weights for the
        edges that reach F, the phantom's edges; then solve it from scratch."""
        reduced = self.matcher
        size = self.size
        self.matcher = self.make_matcher(size)
        set_weight = self.matcher.set_weight
        for u in range(size):
            for v, w in reduced.neighbours(u).items():
                if u < v < size:
                    set_weight(u, v, w)
        self._initial_weights(self.far_start)
        self.reduced = False
        self.fallbacks += 1
        self.matcher.solve(warm=False)
        self.solves += 1

    def _c9_next(self, movers: list[int], below: list[int]) -> bool:
        """Spec §9.5 step 8: is C9 active in the next bracket?"""
        if self.n % 2 == 0 or not below or self.bye_score is None:
            return False
        floor = self.score[below[0]]
        if self.bye_score < floor:
            return False
        for x in (*movers, *below):
            m = self.mate(x)
            if m is not None and (m == _FAR or self.score[m] < floor):
                return False
        return True

    def _bracket(self, movers: list[int], residents: list[int], below: list[int]) -> None:
        """One bracket step, exactly as spec §9.5."""
        resident_set = set(residents)
        below_set = set(below)
        order = [*movers, *residents, *below]
        if self.reduced:
            joining = [y for y in (*residents, *below) if not self.entered[y]]
            for y in joining:
                self.entered[y] = True
            self._enter(joining, (below or residents)[-1] + 1)
        self._set_bracket_weights(order, resident_set, below_set)
        self.solve(start_over=True)
        if self.check_complete:
            # In the reduced graph, a solve that stays there has found a complete pairing.
            if not self.reduced and any(self.mate(v) is None for v in range(self.n)):
                raise NoValidPairing("the players cannot all be paired (C1, C3, C4)")
            self.check_complete = False

        paired_movers = self._choose_paired_movers(movers, residents, resident_set)
        self._pair_movers(paired_movers, residents, len(order))
        remainder = [r for r in residents if not self.frozen[r]]
        self._pair_remainder(remainder, below)

    def _set_bracket_weights(
        self, order: list[int], resident_set: set[int], below_set: set[int]
    ) -> None:
        """Spec §9.3, "which edges are recomputed": each edge {x, y} of the bracket's players
        with y, the later one in ``order``, in the current bracket or the next scoregroup.

        A weight depends only on the kinds of x and y (:meth:`kinds`, a few dozen in a
        bracket of thousands), so each row is set from a table by kind: the bracket's kinds
        are numbered, a player stands for each, and a table is made once per kind of y (with
        its place, current or next) and shared by every y of that kind.
        """
        kind = self.kinds()
        local = array("i", [-1]) * self.n
        stand_ins: list[int] = []
        number: dict[int, int] = {}
        for x in order:
            k = number.get(kind[x])
            if k is None:
                k = number[kind[x]] = len(stand_ins)
                stand_ins.append(x)
            local[x] = k
        tables: dict[tuple[int, bool, bool], list[int]] = {}
        base_weight, compatible = self.base_weight, self.compatible
        set_weights_by_kind = self.matcher.set_weights_by_kind
        for j, y in enumerate(order):
            current, nxt = y in resident_set, y in below_set
            if not (current or nxt):
                continue
            key = (kind[y], current, nxt)
            table = tables.get(key)
            if table is None:
                table = tables[key] = [base_weight(x, y, current, nxt) for x in stand_ins]
            set_weights_by_kind(y, order[:j], compatible[y], local, table)

    def _choose_paired_movers(
        self, movers: list[int], residents: list[int], resident_set: set[int]
    ) -> list[int]:
        """Step 1: which MDPs go to S1 (the higher ranked ones), which to Limbo (C6, C7)."""
        chosen: list[int] = []
        bonus = len(residents) + 1
        start = 0
        while start < len(movers):
            level = self.score[movers[start]]
            end = start
            while end < len(movers) and self.score[movers[end]] == level:
                end += 1
            group = movers[start:end]
            start = end
            need = sum(1 for m in group if self.mate(m) in resident_set)
            left = len(group)
            for k, m in enumerate(group):
                if need == 0:
                    break
                if left <= need:
                    chosen.extend(group[k:])
                    break
                left -= 1
                if self.mate(m) not in resident_set:
                    self.reward(m, residents, 1)
                    self.solve()
                if self.mate(m) in resident_set:
                    chosen.append(m)
                    self.reward(m, residents, bonus)
                    need -= 1
        return chosen

    def _pair_movers(self, chosen: list[int], residents: list[int], size: int) -> None:
        """Step 2: each paired MDP takes the highest resident that keeps every criterion."""
        for m in chosen:
            free = [r for r in residents if not self.frozen[r]]
            edges = self.reward_by_rank(m, free, size)
            self._solve_unless_best(m, edges)
            partner = self.mate(m)
            if partner is None or partner not in residents or self.frozen[partner]:
                raise PairingError(f"internal: MDP {self.players[m].id} lost his opponent")
            self.freeze(m, partner)

    def _pair_remainder(self, rem: list[int], below: list[int]) -> None:
        """Steps 3-7: exchanges and transpositions in the (homogeneous) remainder."""
        pos = {x: i for i, x in enumerate(rem)}

        def upper(x: int) -> bool:
            m = self.mate(x)
            return m is not None and m in pos and pos[m] > pos[x]

        s1_size = sum(1 for x in rem if upper(x))
        if s1_size == 0:
            return
        b = self.count_width
        # Step 4: fewest exchanges, then the smallest BSN-sum difference. When S1 is already
        # exactly the set of upper members, the matching is optimal for those rewards too and
        # they would stay constant from here on: skip them.
        exchanges = sum(1 for x in rem[:s1_size] if not upper(x))
        if exchanges:
            _reward_exchanges(self.matcher, rem, s1_size, b)
            self.solve(start_over=True, same_subgraph=True)
            exchanges = sum(1 for x in rem[:s1_size] if not upper(x))
        if exchanges:
            # Step 5: move the highest BSNs out of S1 first.
            remaining = exchanges
            for x in reversed(rem[:s1_size]):
                if remaining == 0:
                    break
                later = rem[pos[x] + 1 :]
                if upper(x):
                    self.reward(x, later, -1)
                    self.solve()
                    if upper(x):
                        self.reward(x, later, 1)
                        continue
                self.unlink(x, later)
                remaining -= 1
            # Step 6: move the lowest BSNs of S2 into S1 first.
            remaining = exchanges
            for y in rem[s1_size:]:
                if remaining <= 1:
                    break
                if not upper(y):
                    later = rem[pos[y] + 1 :]
                    self.reward(y, later, 1)
                    self.solve()
                    became = upper(y)
                    self.reward(y, later, -1)
                    if not became:
                        continue
                self.unlink(y, rem[: pos[y]])
                self.unlink(y, below)
                remaining -= 1
        # Step 7: fix who is in S1, then transpositions: each takes the earliest S2 player.
        uppers = [x for x in rem if upper(x)]
        _unlink_for_transpositions(self.matcher, rem, uppers)
        # Every upper member stays paired inside the remainder in every later optimum: the
        # bracket's pairs are as many as possible (C6, far above the transposition bonuses),
        # and with the edges above only upper-lower pairs are left in it. His other edges (to
        # the next scoregroup, to an MDP in Limbo, below) can go: the transpositions then
        # repair a smaller graph (1,000 players: 11.8 -> 10.0 s CPU, same pairing).
        rem_set = set(rem)
        for x in uppers:
            self.unlink(x, [y for y in self.matcher.neighbour_ids(x) if y not in rem_set])
        apart = self._apart([x for x in rem if not self.frozen[x]])
        if apart is not None:
            apart.small.solve(warm=False)
            self.apart_solves += 1
            if apart.small.total_weight() == apart.expected and self._transpose_apart(
                apart, rem, uppers, pos
            ):
                return
            # Otherwise the bound is not exact (it always is, by the duals' optimality):
            # stay on the round's graph.
        for batch in self._batches(self.matcher, uppers, rem, pos):
            self._transpose(batch)
            for x, _ in batch:
                partner = self.mate(x)
                if partner is None or partner not in pos or pos[partner] < pos[x]:
                    raise PairingError(f"internal: player {self.players[x].id} lost his opponent")
                self.freeze(x, partner)

    def _apart(self, members: list[int]) -> _Apart | None:
        """The graph of a set of remainder members alone, as :class:`_Apart` describes it;
        None where it does not apply (another matcher, or a blossom of positive dual across
        the set's border)."""
        if not self.apart or not isinstance(self.matcher, WeightedMatcher):
            return None
        # The gains read the duals, which a change the engine did not solve for (a freeze,
        # the unlinks of step 7, a reward the matching already took) leaves stale.
        self.solve()
        main = self.matcher
        if not isinstance(main, WeightedMatcher):
            return None
        marks = bytearray(main.vertex_count)
        for x in members:
            marks[x] = 1
        inside = bytes(marks)
        gains = main.outer_gains(members, inside)
        if gains is None:
            return None
        paired_inside = sum(1 for x in members if (m := main.mate(x)) is not None and marks[m])
        floats = len(members) - paired_inside
        small = self.make_matcher(main.vertex_count + floats)
        if not isinstance(small, WeightedMatcher):
            return None
        small.take_inside(main, inside)
        stand_ins = list(range(main.vertex_count, main.vertex_count + floats))
        before = main.total_weight()
        expected = 0
        for x, gain in zip(members, gains, strict=True):
            if gain is not None and gain > 0:
                small.set_weights(x, stand_ins, [gain] * floats)
            m = main.mate(x)
            if m is None:
                continue
            if marks[m]:
                if x < m:
                    expected += 2 * main.weight(x, m)
            elif gain is not None and gain > 0:
                expected += gain
        sent_out = frozenset(x for x in members if (m := main.mate(x)) is None or not marks[m])
        return _Apart(small, stand_ins, before, expected, members, sent_out)

    def _settle_apart(self, apart: _Apart, decided: list[tuple[int, int]]) -> bool:
        """Settle pairs decided on a remainder's own graph in the round's graph if a matching
        of the round keeps its optimal weight with them (see :class:`_Apart`); False, with
        the round's graph as it was, if not.

        When the members sent out are the current matching's, it does: the outside's part of
        the current matching completes the decided pairs at the same weight. Otherwise the
        pairs are tried on a copy of the round's graph, kept if it passes.
        """
        main = self.matcher
        paired = {x for pair in decided for x in pair}
        sent_out = frozenset(x for x in apart.members if x not in paired)
        target = main if sent_out == apart.sent_out else copy.copy(main)
        in_bracket, checked = self.in_bracket, self.checked
        self.matcher = target
        for x, partner in decided:
            self.freeze(x, partner)
        target.solve(warm=True)
        self.solves += 1
        kept = target.total_weight() == apart.before  # type: ignore[attr-defined]
        if not kept and target is main:
            raise _ApartFailed  # cannot happen (see _Apart): pair the round again
        # On the reduced graph the weight is the round's only while F can still be paired:
        # members sent out other than the current matching's may leave F unpairable, where
        # the full graph would rank them lower (a player sent down two scoregroups).
        if kept and target is not main and self.reduced and not self._completes():
            kept = False
        if not kept:
            self.matcher = main
            for x in paired:
                self.frozen[x] = False
            del self.pairs[len(self.pairs) - len(decided) :]
            self.in_bracket, self.checked = in_bracket, checked
            self.apart_misses += 1
            return False
        if self.reduced and not self._completes():
            self._leave_reduced()
        return True

    def _transpose_apart(
        self, apart: _Apart, rem: list[int], uppers: list[int], pos: dict[int, int]
    ) -> bool:
        """Step 7 on a remainder's own graph (upper members unlinked as in the round's);
        False if its pairs are not settled (see :meth:`_settle_apart`).

        That graph is bipartite (upper members to lower members, lower members to the
        stand-ins), so each upper member, in order, takes the earliest lower member that one
        of its optima pairs with him besides the pairs settled before, found by searches in its
        graph of tight edges under the optimal duals of its one solve
        (``WeightedMatcher.prefer``): the choices of the one-by-one procedure, which reward
        the member's edges by rank and solve again, without the solves (at 10,000 players,
        1,300 solves a round).
        """
        small = apart.small
        try:
            decided = [(x, small.prefer(x, rem[pos[x] + 1 :])) for x in uppers[:1]]
        except ValueError:  # not the bipartite graph prefer needs: cannot happen (see above)
            return self._transpose_apart_by_solves(apart, rem, uppers, pos)
        decided += [(x, small.prefer(x, rem[pos[x] + 1 :])) for x in uppers[1:]]
        for x, partner in decided:
            if pos[partner] < pos[x]:
                raise PairingError(f"internal: player {self.players[x].id} lost his opponent")
        return self._settle_apart(apart, decided)

    def _transpose_apart_by_solves(
        self, apart: _Apart, rem: list[int], uppers: list[int], pos: dict[int, int]
    ) -> bool:
        """Step 7 on a remainder's own graph by rank rewards and solves, batch by batch."""
        small = apart.small
        decided: list[tuple[int, int]] = []
        for batch in self._batches(small, uppers, rem, pos):
            if _reward_batch(small, batch, unit=1):
                small.solve(warm=True)
                self.apart_solves += 1
            for x, _ in batch:
                partner = small.mate(x)
                if partner is None or partner not in pos or pos[partner] < pos[x]:
                    raise PairingError(f"internal: player {self.players[x].id} lost his opponent")
                decided.append((x, partner))
                small.keep_only(x, partner)
                small.keep_only(partner, x)
        return self._settle_apart(apart, decided)

    def _batches(
        self, matcher: Matcher, uppers: list[int], rem: list[int], pos: dict[int, int]
    ) -> Iterator[list[tuple[int, list[int]]]]:
        """Step 7's upper members in batches, each with his choices (the lower members he can
        still meet, earliest first), read from ``matcher`` when the batch is made (after the
        previous batch's pairs are settled): as many as their rank bonuses fit in the
        tie-break room beside the exchange bonuses of step 4 (see :meth:`_transpose`)."""
        room = 3 * self.count_width
        start = 0
        while start < len(uppers):
            batch: list[tuple[int, list[int]]] = []
            used = 0
            for x in uppers[start:]:
                row = set(matcher.neighbour_ids(x))
                choices = [y for y in rem[pos[x] + 1 :] if not self.frozen[y] and y in row]
                width = _rank_bits(choices)
                if batch and used + width > room:
                    break
                batch.append((x, choices))
                used += width
            start += len(batch)
            yield batch

    def _transpose(self, batch: list[tuple[int, list[int]]]) -> None:
        """Step 7 for a few upper members at once: each takes the earliest lower member that
        keeps every criterion, the first of the batch before the second, and so on.

        The one-by-one procedure rewards an upper member's edges by rank (the last lower
        member 0, each one before it one more) and solves, then settles his pair. Here the
        ranks of the first member of the batch are shifted above the sum of all the others'
        (each member's ranks take ``bit_length`` of his number of choices), so that one
        optimal matching makes, in order, the choices the one-by-one solves make: a better
        rank of an earlier member outweighs any ranks of the later ones, and a later member's
        choice is the best left by the earlier ones' (their partners are taken either way).
        The exchange bonuses of step 4 in the same field are equal in every matching that
        keeps the remainder's upper members (all of them are paired to a lower member), and
        the bonuses fit beside them: the upper members are fewer than ``2 ** (b - 1)`` with
        step-4 bonuses below ``2 ** (2b + 1)`` each, the ranks take at most ``3b`` bits, and
        the room is ``3b + 1`` bits wide (field 19). If every member of the batch is already
        matched to his first choice, the matching is still optimal and no solve is needed.
        """
        if _reward_batch(self.matcher, batch, unit=0):
            self.solve()

    # --- result ---------------------------------------------------------------------------

    def _result(self, bye: int | None) -> Pairing:
        players = self.players
        initial = self.view.initial_colour
        boards: list[tuple[tuple[int, int, int], SwissPlayer, SwissPlayer, str, int, int]] = []
        for a, b in self.pairs:
            white, black, rule = allocate_colours(players[a], players[b], initial)
            boards.append((board_key(white, black), white, black, rule, a, b))
        boards.sort(key=lambda item: item[0])
        games = tuple(Game(white.id, black.id) for _, white, black, _, _, _ in boards)
        notes: list[BoardNote] = []
        for number, (_, white, black, rule, a, b) in enumerate(boards, start=1):
            notes.append(BoardNote(number, self._note(white, black, rule, a, b)))
        bye_id = None
        if bye is not None:
            bye_id = players[bye].id
            notes.append(
                BoardNote(
                    len(boards) + 1,
                    f"{bye_id} receives the pairing-allocated bye: eligible (C2), lowest "
                    f"possible score {format_points(players[bye].pairing_score)} (C5), "
                    f"{players[bye].played_games} games played (C9)",
                )
            )
        return Pairing(round=self.view.round, boards=games, bye=bye_id, notes=tuple(notes))

    def _note(self, white: SwissPlayer, black: SwissPlayer, rule: str, a: int, b: int) -> str:
        parts = [colour_note(white, black, rule)]
        for x in (a, b):
            levels = self.moved_down.get(x)
            if levels:
                player = self.players[x]
                texts = ", ".join(format_points(s) for s in levels)
                parts.append(
                    f"{player.id} ({format_points(player.pairing_score)}) floated down from "
                    f"the scoregroup(s) {texts}: no compatible opponent there keeping C6-C21"
                )
        return "; ".join(parts)


@dataclass(slots=True)
class _Apart:
    """The remainder alone, for step 7 (see :meth:`DutchRound._apart`).

    At step 7 every optimum pairs the upper members to lower members, as many pairs inside
    the remainder as the current matching (C6 fixed the bracket's pairs, steps 1-2 the
    MDPs'), and the transpositions only reward edges inside it. The rest of the round's
    graph (the next scoregroup, the MDPs in Limbo, the drains: the outside) matters only
    through what it gives the members sent out of the remainder, and the current solve's
    optimal duals bound that: such a matching's edges out of and outside the remainder
    weigh at most a constant plus half the gains (``WeightedMatcher.outer_gains``) of the
    members it sends out, with equality for the current matching (weak duality; every
    blossom of positive dual across the border holds the whole remainder, which
    ``outer_gains`` checks). So ``small`` holds the remainder's edges (weights doubled) and
    ``stand_ins``, one vertex per member the current matching sends out, each joined to
    every member by his gain: its optima include every optimum of the round's graph, read
    on the remainder, and each solve repairs a graph of the remainder instead of growing
    trees through the next scoregroup's thousands of edges. ``expected`` is the current
    matching's weight there: the small graph's optimum must weigh as much (it may weigh
    more, by pairing more members inside; the round's graph is then kept).

    A decision taken there (the best rank among the small graph's optima) is the round's
    decision if the final arrangement is an optimum of the round's graph: that optimum makes
    the same decision, and no optimum of the round's graph makes a better one. When it sends
    out the members the current matching sends out, it is (the outside's part of the current
    matching completes it at the same weight); otherwise it is tried on a copy of the round's
    graph (:meth:`DutchRound._settle_apart`) and dropped if it loses weight there.
    """

    small: WeightedMatcher
    stand_ins: list[int]
    before: int
    expected: int
    members: list[int]
    sent_out: frozenset[int]
    """The members the current matching sends out of the remainder."""


def _reward_exchanges(matcher: Matcher, rem: list[int], s1_size: int, b: int) -> None:
    """Step 4's rewards: fewest exchanges, then the smallest BSN-sum difference."""
    for i, x in enumerate(rem):
        bonus = (((1 << (2 * b)) if i < s1_size else 0) - i) << 1
        matcher.add_weights(x, rem[i + 1 :], bonus)


def _unlink_for_transpositions(matcher: Matcher, rem: list[int], uppers: list[int]) -> None:
    """Step 7's start: only edges from an upper member to a later lower member stay."""
    upper_set = set(uppers)
    for i, x in enumerate(rem):
        later = rem[i + 1 :]
        matcher.remove_edges(x, [y for y in later if y in upper_set] if x in upper_set else later)


class _ApartFailed(Exception):
    """Pairs decided apart that send out the members the current matching sends out lost
    weight in the round's graph, which the argument of :class:`_Apart` rules out: the round
    is paired again without the remainders' graphs rather than trusted."""


def _reward_batch(matcher: Matcher, batch: list[tuple[int, list[int]]], unit: int) -> bool:
    """Add the rank bonuses of a transposition batch (see :meth:`DutchRound._transpose`),
    shifted up by ``unit`` bits; True unless every member already has his first choice."""
    shift = sum(_rank_bits(choices) for _, choices in batch) + unit
    best = True
    for x, choices in batch:
        shift -= _rank_bits(choices)
        last = len(choices) - 1
        matcher.add_weights(x, choices, [(last - k) << shift for k in range(last + 1)])
        if choices and matcher.mate(x) != choices[0]:
            best = False
    return not best


def _rank_bits(choices: Sequence[int]) -> int:
    """Bits the ranks of ``choices`` take in a transposition batch (0 for the last choice, up
    to ``len(choices) - 1`` for the first)."""
    return max(len(choices) - 1, 0).bit_length()


def _with_phantom(make_matcher: MatcherFactory, n: int, lift: int) -> Matcher:
    """A matcher for ``n`` players, with a phantom vertex ``n`` when ``lift`` is not 0.

    Used for an odd number of players, with every real edge raised by ``lift`` (the caller adds
    it) and the phantom joined to every player with weight ``lift``. Why the pairing stays the
    same: ``lift`` is above every field, so the heaviest matching of the new graph is perfect,
    and a perfect matching weighs its real part plus ``lift * (n + 1) / 2``: it is the heaviest
    one whose real part has (n - 1) / 2 pairs. The heaviest matching of the old graph has that
    many pairs too: the bye pre-pass (and, later, the current matching, which every decision
    keeps in the graph) shows that such a matching leaving a bye candidate out exists, and
    field 1 (completion) makes it outweigh every smaller one (spec §9.4). So both graphs have
    the same optimal pairs, the phantom's mate being the player left out. What it saves: with
    one vertex left exposed, the blossom method keeps growing trees from it and builds many
    blossoms; a perfect matching ends each repair quickly (odd rounds cost 2-5x even ones
    without it; see benchmarks/NOTES.md).
    """
    if not lift:
        return make_matcher(n)
    matcher = make_matcher(n + 1)
    for v in range(n):
        matcher.set_weight(v, n, lift)
    return matcher
