"""The Burstein Swiss system as bbpPairings 6 implements it (``--burstein``), pairing for pairing.

bbpPairings follows an older FIDE Burstein text (C.04.4.2 before its last revision), and this
module reproduces that engine, quirks included (spec/swiss-burstein.md): a default acceleration
in rounds 1-2, tie-break values (Sonneborn-Berger, Buchholz, median) on adjusted scores with
virtual opponents for unplayed rounds, the bye chosen first and never revisited, scoregroups
formed by trial matchings, and each group paired top against bottom by priorities on one
persistent weight table.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from fairpair.core import (
    BoardNote,
    Colour,
    Entry,
    Game,
    Outcome,
    Pairing,
    PointSystem,
    Tournament,
    entries,
    format_points,
)
from fairpair.core.player import PlayerId
from fairpair.pairing.errors import NoValidPairing, PairingError
from fairpair.pairing.matcher import Matcher, MatcherFactory, default_matcher
from fairpair.pairing.progress import report
from fairpair.pairing.swiss.acceleration import BAKU_CODES, virtual_points_table
from fairpair.pairing.swiss.board_order import board_key
from fairpair.pairing.swiss.colours import colour_by_pairing_number, colour_by_preferences
from fairpair.pairing.swiss.view import SwissPlayer, SwissRound, swiss_round

T = TypeVar("T")


def pair_burstein(tournament: Tournament, *, matcher: MatcherFactory | None = None) -> Pairing:
    """Pair the next round of ``tournament`` by the Burstein system as bbpPairings 6 does.

    Raises :class:`NoValidPairing` when nobody can take the bye or the others cannot all be
    paired (the engine never tries another bye).
    """
    view = swiss_round(tournament)
    standings = burstein_standings(tournament)
    return BursteinRound(view, standings, matcher or default_matcher).pair()


# --- §1 scores and acceleration ---------------------------------------------------------------


class Category(enum.Enum):
    """The three kinds of round result the engine knows (spec §1.1)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


_WIN_OUTCOMES = frozenset(
    {
        Outcome.WIN,
        Outcome.FORFEIT_WIN,
        Outcome.FULL_BYE,
        Outcome.PAIRING_BYE,
        Outcome.UNPAIRED_FORFEIT_WIN,
    }
)
_DRAW_OUTCOMES = frozenset({Outcome.DRAW, Outcome.HALF_BYE})
_PAIRING_BYES = frozenset({Outcome.PAIRING_BYE, Outcome.UNPAIRED_FORFEIT_WIN})
"""No opponent, yet placed by the pairing: ``U`` and ``0000 - +``."""


def category(outcome: Outcome) -> Category:
    """Spec §1.1: win (``1 W + F U``), draw (``= D H``) or loss (everything else)."""
    if outcome in _WIN_OUTCOMES:
        return Category.WIN
    if outcome in _DRAW_OUTCOMES:
        return Category.DRAW
    return Category.LOSS


def round_points(outcome: Outcome, points: PointSystem) -> int:
    """Spec §1.1: the points of one round follow from its category alone.

    A pairing-allocated bye is worth U, every other win W (a requested full-point bye
    included), every draw D (a half-point bye included); a played loss L, a forfeit loss FL,
    and Z for a round without a pairing.
    """
    match category(outcome):
        case Category.WIN:
            return points.pairing_bye_value if outcome in _PAIRING_BYES else points.win
        case Category.DRAW:
            return points.draw
        case Category.LOSS:
            if outcome is Outcome.LOSS:
                return points.loss
            if outcome is Outcome.FORFEIT_LOSS:
                return points.forfeit_loss
            return points.zero_bye


def default_acceleration(tournament: Tournament) -> frozenset[PlayerId]:
    """Spec §1.2: the players who get a win's worth of virtual points in rounds 1 and 2.

    N counts the players who have no round at all or took part in the pairing of round 1.
    Walking the initial ranking, everybody met is accelerated; each counted player takes 2 off
    a counter starting at N, and the walk stops as soon as the counter is at most 1.
    """
    table = entries(tournament)
    next_round = tournament.next_round

    def counted(pid: PlayerId) -> bool:
        row = table[pid]
        if row and row[0] is not None:
            return row[0].outcome.took_part_in_pairing
        # No round-1 cell: counted only without any cell; the round being paired is in the
        # file as the byes announced for it (a request for a later round is no cell yet).
        return all(e is None for e in row) and tournament.requested_bye(pid, next_round) is None

    order = tournament.ranking_order
    flags = [counted(pid) for pid in order]
    counter = sum(flags)
    chosen: set[PlayerId] = set()
    if counter < 2:
        return frozenset()
    for pid, flag in zip(order, flags, strict=True):
        chosen.add(pid)
        if flag:
            counter -= 2
        if counter <= 1:
            break
    return frozenset(chosen)


def acceleration(tournament: Tournament) -> dict[PlayerId, int]:
    """Virtual points (tenths) of each player for the round to pair (spec §1.2, acceleration.md).

    Explicit records win, then the 192 Baku code; otherwise the Burstein default: a win for
    the players of :func:`default_acceleration` in rounds 1 and 2.
    """
    rnd = tournament.next_round
    if tournament.accelerations or tournament.system.strip() in BAKU_CODES:
        table = virtual_points_table(tournament, rnd)
        return {pid: values[rnd] for pid, values in table.items()}
    bonus = tournament.points.win if rnd <= 2 else 0
    chosen = default_acceleration(tournament) if bonus else frozenset()
    return {pid: bonus if pid in chosen else 0 for pid in tournament.player_ids}


# --- §2 tie-break values ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """What the Burstein comparison reads of a player (spec §2): his "index"."""

    pairing_score: int
    """Real score plus virtual points, tenths."""
    score: int
    """Real score, tenths (board order)."""
    sonneborn_berger: int
    """Hundredths."""
    buchholz: int
    median: int
    bye_eligible: bool
    """No earlier pairing-allocated bye and no forfeit win (spec §3.1)."""
    tpn: int = 0


def _virtual_opponent_bonus(entry: Entry, points: PointSystem) -> int:
    """Spec §2.2: ``t`` of an unplayed round, by the round's category."""
    match category(entry.outcome):
        case Category.LOSS:
            return points.win
        case Category.DRAW:
            return points.draw
        case Category.WIN:
            bye = points.pairing_bye_value
            if entry.outcome in _PAIRING_BYES and bye < points.win:
                return points.win if bye < points.draw else points.draw
            return points.forfeit_loss


def _unplayed_pairing_win(entry: Entry) -> bool:
    """A PAB or a forfeit win: placed by the pairing, a win, no game (spec §3.1)."""
    return (
        category(entry.outcome) is Category.WIN
        and not entry.played
        and entry.outcome.took_part_in_pairing
    )


def burstein_standings(tournament: Tournament) -> dict[PlayerId, Standing]:
    """Scores and the tie-break values SB, BH and MED of every player (spec §1.3, §2).

    Every unplayed round counts as a draw in the adjusted score and meets a virtual opponent;
    only the rounds a player's record has count (trailing empty cells are no rounds).
    """
    points = tournament.points
    done = tournament.rounds_played
    draw = points.draw
    virtual = acceleration(tournament)
    table = {
        pid: [e for e in row[:done] if e is not None] for pid, row in entries(tournament).items()
    }
    score = {pid: sum(round_points(e.outcome, points) for e in row) for pid, row in table.items()}
    adjusted = {
        pid: virtual[pid] + sum(round_points(e.outcome, points) if e.played else draw for e in row)
        for pid, row in table.items()
    }
    standings: dict[PlayerId, Standing] = {}
    for pid, row in table.items():
        running = (done - 1) * draw + virtual[pid]
        sb = bh = 0
        opponents: list[int] = []
        for entry in row:
            got = round_points(entry.outcome, points)
            if entry.played and entry.opponent is not None:
                value = adjusted[entry.opponent]
            else:
                value = running + _virtual_opponent_bonus(entry, points)
            running += got - draw
            opponents.append(value)
            sb += got * value
            bh += value
        median = bh - max(opponents) - min(opponents) if done > 2 and opponents else 0
        standings[pid] = Standing(
            pairing_score=score[pid] + virtual[pid],
            score=score[pid],
            sonneborn_berger=sb,
            buchholz=bh,
            median=median,
            bye_eligible=not any(
                category(e.outcome) is Category.WIN
                and not e.played
                and e.outcome.took_part_in_pairing
                for e in row
            ),
        )
    return standings


def ranks_higher(a: Standing, b: Standing) -> bool:
    """Spec §2.4: does ``a`` rank strictly higher than ``b``?

    With equal pairing scores: SB, then BH, then MED, then the smaller TPN. With different
    scores the score itself is not compared: SB, then BH times one's own score, then MED
    times it, then TPN. (Not a consistent order in general, hence the exact sort below.)
    """
    if a.pairing_score == b.pairing_score:
        key_a = (a.sonneborn_berger, a.buchholz, a.median, -a.tpn)
        key_b = (b.sonneborn_berger, b.buchholz, b.median, -b.tpn)
    else:
        sa, sb = a.pairing_score, b.pairing_score
        key_a = (a.sonneborn_berger, a.buchholz * sa, a.median * sa, -a.tpn)
        key_b = (b.sonneborn_berger, b.buchholz * sb, b.median * sb, -b.tpn)
    return key_a > key_b


def merge_sort(items: Sequence[T], better: Callable[[T, T], bool]) -> list[T]:
    """Spec §3.5 step 1: the engine's stable bottom-up merge sort, step for step.

    Elements enter a binary counter of sorted runs (sizes 1, 2, 4, ...); at the end the runs
    are merged from the smallest up. In every merge an element of the later run goes first
    only if it is strictly better, which fixes the result even for a comparison that is not
    a consistent order.
    """

    def merge(earlier: list[T], later: list[T]) -> list[T]:
        out: list[T] = []
        i = j = 0
        while i < len(earlier) and j < len(later):
            if better(later[j], earlier[i]):
                out.append(later[j])
                j += 1
            else:
                out.append(earlier[i])
                i += 1
        out.extend(earlier[i:])
        out.extend(later[j:])
        return out

    runs: list[list[T]] = []
    for item in items:
        carry = [item]
        level = 0
        while level < len(runs) and runs[level]:
            carry = merge(runs[level], carry)
            runs[level] = []
            level += 1
        if level == len(runs):
            runs.append(carry)
        else:
            runs[level] = carry
    result: list[T] = []
    for run in runs:
        if run:
            result = merge(run, result)
    return result


# --- §3 the pairing ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Fields:
    """Weight fields of spec §3.2, most significant first; none can carry into the next."""

    compatible: int
    same_group: int
    colour: int

    @classmethod
    def for_players(cls, n: int) -> _Fields:
        bits = n.bit_length()
        colour = 1 << (2 * bits + 2)  # priorities stay below about n² in any matching
        same_group = colour << (bits + 2)
        return cls(same_group << (bits + 2), same_group, colour)


class BursteinRound:
    """The pairing of one round (spec §3): bye, scoregroups, each group, colours, boards."""

    def __init__(
        self, view: SwissRound, standings: dict[PlayerId, Standing], matcher: MatcherFactory
    ) -> None:
        self.view = view
        self.make_matcher = matcher
        self.standing = {
            p.id: dataclasses.replace(standings[p.id], tpn=p.tpn) for p in view.players
        }
        players = [
            dataclasses.replace(
                p, score=standings[p.id].score, pairing_score=standings[p.id].pairing_score
            )
            for p in view.players
        ]
        # §3.1 step 1: pairing score down, then §2.4 (a consistent order for equal scores).
        players.sort(key=self._order_key)
        self.ordered = players

    def _order_key(self, player: SwissPlayer) -> tuple[int, int, int, int, int]:
        s = self.standing[player.id]
        return (-s.pairing_score, -s.sonneborn_berger, -s.buchholz, -s.median, s.tpn)

    def pair(self) -> Pairing:
        players = self.ordered
        bye: SwissPlayer | None = None
        if len(players) % 2 == 1:
            bye = self._choose_bye(players)
            players = [p for p in players if p is not bye]
        groups = _GroupPairing(players, self.standing, self.view, self.make_matcher)
        pairs = groups.pair()
        return self._result(pairs, bye, groups.floated)

    def _choose_bye(self, players: Sequence[SwissPlayer]) -> SwissPlayer:
        """Spec §3.1 step 2: the lowest eligible player, chosen first and never revisited."""
        for player in reversed(players):
            if self.standing[player.id].bye_eligible:
                return player
        raise NoValidPairing("nobody can receive the pairing-allocated bye")

    # --- §3.6 colours and §3.7 output -----------------------------------------------------

    def colours(self, first: SwissPlayer, second: SwissPlayer) -> tuple[Colour, str]:
        """Spec §3.6: the colour of ``first`` (the player processed first) and the rule."""
        settled = colour_by_preferences(first, second)
        if settled is not None:
            return settled
        wanted = first.preference.colour
        if wanted is not None:
            # Both want the same colour: the one ranking higher by §2.4 gets it.
            if ranks_higher(self.standing[first.id], self.standing[second.id]):
                return wanted, "3.6.2 (to the higher by SB, BH, MED)"
            return wanted.opposite, "3.6.2 (to the higher by SB, BH, MED)"
        # No preference at all: the smaller pairing number decides by his parity.
        lower_tpn = first if first.tpn < second.tpn else second
        colour, rule = colour_by_pairing_number(lower_tpn, self.view.initial_colour)
        return (colour if lower_tpn is first else colour.opposite), rule

    def _result(
        self,
        pairs: Sequence[tuple[SwissPlayer, SwissPlayer]],
        bye: SwissPlayer | None,
        floated: dict[PlayerId, int],
    ) -> Pairing:
        boards: list[tuple[tuple[int, int, int], SwissPlayer, SwissPlayer, str]] = []
        for first, second in pairs:
            colour, rule = self.colours(first, second)
            white, black = (first, second) if colour is Colour.WHITE else (second, first)
            boards.append((board_key(white, black), white, black, rule))
        boards.sort(key=lambda board: board[0])
        notes: list[BoardNote] = []
        for number, (_, white, black, rule) in enumerate(boards, start=1):
            parts = [f"{white.id}-{black.id}: colours by rule {rule}"]
            parts.extend(
                f"{p.id} ({format_points(p.pairing_score)}) floated down from the group of "
                f"score {format_points(floated[p.id])}"
                for p in (white, black)
                if p.id in floated
            )
            notes.append(BoardNote(number, "; ".join(parts)))
        if bye is not None:
            notes.append(
                BoardNote(
                    len(boards) + 1,
                    f"{bye.id} receives the pairing-allocated bye: the lowest player "
                    f"({format_points(bye.pairing_score)}) without an earlier bye or forfeit win",
                )
            )
        return Pairing(
            round=self.view.round,
            boards=tuple(Game(white.id, black.id) for _, white, black, _ in boards),
            bye=None if bye is None else bye.id,
            notes=tuple(notes),
        )


def compatibility(players: Sequence[SwissPlayer], view: SwissRound) -> list[bytearray]:
    """Which players may meet (1) or not (0): no second game, no forbidden pair, no two equal
    absolute preferences (spec §3.2; no topscorer exception). Rows and columns follow
    ``players``; a byte per pair (a list of bools takes 8, 800 MB at 10,000 players)."""
    n = len(players)
    index = {p.id: i for i, p in enumerate(players)}
    rows = [bytearray(b"\x01") * n for _ in range(n)]
    for i in range(n):
        rows[i][i] = 0
    for i, p in enumerate(players):
        for opponent in p.opponents:
            j = index.get(opponent)
            if j is not None:
                rows[i][j] = rows[j][i] = 0
    for pair in view.forbidden:
        members = [index[m] for m in pair if m in index]
        if len(members) == 2:
            a, b = members
            rows[a][b] = rows[b][a] = 0
    # Two equal absolute preferences: only players with an absolute preference are visited.
    absolute: dict[object, list[int]] = {}
    for i, p in enumerate(players):
        if p.preference.absolute:
            absolute.setdefault(p.preference.colour, []).append(i)
    for same in absolute.values():
        for x, i in enumerate(same):
            for j in same[x + 1 :]:
                rows[i][j] = rows[j][i] = 0
    return rows


class _GroupPairing:
    """Spec §3.2-§3.5 on the players left after the bye, ``v_0 .. v_{n-1}`` in sorted order."""

    def __init__(
        self,
        players: Sequence[SwissPlayer],
        standing: dict[PlayerId, Standing],
        view: SwissRound,
        matcher: MatcherFactory,
    ) -> None:
        self.players = list(players)
        self.n = n = len(players)
        self.standing = [standing[p.id] for p in players]
        self.score = [s.pairing_score for s in self.standing]
        self.fields = _Fields.for_players(n)
        self.compatible = self._compatibility(view)
        self.prefs = [p.preference.colour for p in players]
        self.matcher: Matcher = matcher(n)
        self.floated: dict[PlayerId, int] = {}
        """Players carried into a lower group: the pairing score where their group began."""

    def _compatibility(self, view: SwissRound) -> list[bytearray]:
        return compatibility(self.players, view)

    def base_weight(self, x: int, y: int, same_group: bool, colour_mode: bool) -> int:
        """Spec §3.2: compatible, then same group, then compatible colour preferences."""
        if not self.compatible[x][y]:
            return 0
        f = self.fields
        weight = f.compatible
        if same_group:
            weight += f.same_group
            px, py = self.prefs[x], self.prefs[y]
            if colour_mode and (px is None or py is None or px is not py):  # compatible colours
                weight += f.colour
        return weight

    def pair(self) -> list[tuple[SwissPlayer, SwissPlayer]]:
        if self.n == 0:
            return []
        bounds = self._form_groups()
        return self._pair_groups(bounds)

    # --- §3.3-§3.4 scoregroups ------------------------------------------------------------

    def _valid(self, bounds: list[int]) -> bool:
        """Spec §3.3 step 4: the trial matching leaves no group with too many players out."""
        mate = self.matcher.mate
        if any(mate(v) is None for v in range(bounds[-2])):
            return False
        for g, h in itertools.pairwise(bounds):
            if g == h:
                continue
            out = 0
            for v in range(g, h):
                m = mate(v)
                if m is None or not g <= m < h:
                    out += 1
            if out > (2 if h % 2 else 1):
                return False
        return True

    def _form_groups(self) -> list[int]:
        """Spec §3.3 (main pass) and §3.4 (merging upwards); returns the boundaries."""
        n, score, set_weights = self.n, self.score, self.matcher.set_weights
        base_weight = self.base_weight
        bounds = [0, 0]
        valid = True
        while bounds[-1] < n:
            bounds.append(bounds[-1])
            while True:
                start = bounds[-1]
                pprev, prev = bounds[-3], bounds[-2]
                while True:  # step 2: grow by one score group
                    x = bounds[-1]
                    ys = range(pprev, x)
                    set_weights(x, ys, [base_weight(x, y, y >= prev, False) for y in ys])
                    bounds[-1] = x + 1
                    if x + 1 == n or score[x + 1] != score[start]:
                        break
                last = bounds[-1]
                if last % 2 == 1:  # step 3: a virtual opponent for the odd player out
                    set_weights(last, range(prev, last), [self.fields.compatible] * (last - prev))
                self.matcher.solve()
                valid = self._valid(bounds)
                if valid or last >= n:
                    break
            last = bounds[-1]
            if last < n and last % 2 == 0:
                bounds.append(last)
        while len(bounds) > 3 and not valid:
            bounds.pop()
            lower = bounds.pop()
            upper = bounds.pop()
            top = bounds[-1]
            ys = range(lower, n)
            for x in range(top, lower):
                set_weights(x, ys, [base_weight(x, y, x >= upper, False) for y in ys])
            bounds.extend((upper, n))
            self.matcher.solve()
            valid = self._valid(bounds)
        if not valid:
            raise NoValidPairing("the players cannot all be paired")
        return bounds

    # --- §3.5 each group ------------------------------------------------------------------

    def _better(self, x: int, y: int) -> bool:
        return ranks_higher(self.standing[x], self.standing[y])

    def _fix(self, x: int, y: int) -> None:
        """Settle a pair: its weight becomes 1, every other edge of the two players 0."""
        matcher = self.matcher
        for v in (x, y):
            # In vertex order, as one set_weight(v, w, 0) per edge would: the matcher's
            # tie-breaks follow the order of its changes.
            matcher.remove_edges(v, sorted(matcher.neighbour_ids(v)))
        matcher.set_weight(x, y, 1)

    def _pair_groups(self, bounds: list[int]) -> list[tuple[SwissPlayer, SwissPlayer]]:
        set_weights, mate = self.matcher.set_weights, self.matcher.mate
        paired = [False] * self.n
        pairs: list[tuple[int, int]] = []
        floater: int | None = None
        for g, h in itertools.pairwise(bounds):
            if g == h:
                continue
            report(bounds.index(g), len(bounds) - 1, "bracket")
            members = list(range(g, h))
            if floater is not None:
                members.append(floater)
                floater = None
            members = merge_sort(members, self._better)
            base_weight = self.base_weight
            for i, x in enumerate(members):
                later = members[i + 1 :]
                set_weights(x, later, [base_weight(x, y, True, True) for y in later])
            for i, x in enumerate(members):
                if paired[x]:
                    continue
                row = self.compatible[x]
                ys = [y for y in members[i + 1 :] if not paired[y] and row[y]]
                weights = [base_weight(x, y, True, True) + p for p, y in enumerate(ys, 1)]
                set_weights(x, ys, weights)
                self.matcher.solve()
                m = mate(x)
                if m is None:
                    raise PairingError(f"internal: player {self.players[x].id} is left unpaired")
                if m >= h:
                    floater = x
                    self.floated[self.players[x].id] = self.score[g]
                    continue
                self._fix(x, m)
                paired[x] = paired[m] = True
                pairs.append((x, m))
        if not all(paired):
            raise NoValidPairing("the players cannot all be paired")
        return [(self.players[x], self.players[y]) for x, y in pairs]
