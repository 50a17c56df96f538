"""The FIDE Double-Swiss Pairing System (C.04.5, applied from 1 February 2026).

A pure function of a :class:`~fairpair.core.double_swiss.DoubleSwissTournament` snapshot: the
next match-round as the common :class:`~fairpair.core.Pairing`, each board
``Game(white of game 1, black of game 1)`` (game 2 reverses the colours), the
pairing-allocated bye as ``bye``. The rules are those of ``spec/double-swiss.md`` with the
readings of its §11; article numbers below are C.04.5's.

Outline (3.3): the PAB first (3.4); then bracket by bracket from the top scoregroup, the
residents take the fewest and best upfloaters (3.5: C4, C5, C6, C7, then the order of the
sets) and the bracket is paired by the smallest C8 count, then the first identifier (3.6);
last the colours of game 1 (Art. 4) and the board order (C.04.2). There is no colour criterion
in the pairing and no downfloater. The bracket machinery is the team Swiss's
(:mod:`fairpair.pairing.lexicographic`): no bracket's pairings are enumerated; the first
identifier among the best pairings is one exact minimum-weight perfect matching.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from fairpair.core import BoardNote, Colour, Game, Pairing, PlayerId
from fairpair.core.double_swiss import (
    DoubleRound,
    DoubleSwissTournament,
    Match,
    MatchBye,
    MatchByeKind,
    MatchOutcome,
    match_entries,
)
from fairpair.core.words import counted
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.lexicographic import (
    Conflicts,
    UpfloaterChoice,
    brackets_from_the_top,
    first_pairing_by_identifier,
    first_pairing_fewest_costly,
    has_perfect_matching,
    upfloater_choice,
)

__all__ = [
    "DoubleBracket",
    "PlayerState",
    "baku_virtual_points",
    "c8_floaters_facing_upfloaters",
    "colour_of_game_one",
    "double_swiss_brackets",
    "pab_order_key",
    "pair_double_swiss",
    "player_states",
    "replay_double_swiss",
    "virtual_points",
    "with_paired_round",
]


def _half(halves: int) -> str:
    whole, half = divmod(halves, 2)
    return f"{whole}{'½' if half else ''}" if whole or not half else "½"


@dataclass(frozen=True, slots=True)
class PlayerState:
    """What the pairing of round r needs to know of one player (spec §2)."""

    tpn: PlayerId
    score: int
    """Pairing score in halves before round r: the score (1.2.1, spec §1.3) plus the virtual
    points of round r (spec §10)."""
    played: int
    """Played matches (spec §2.2), byes excluded (3.4.3, §11 R8)."""
    colours: tuple[Colour, ...]
    """Game-1 colours of the matches with a game played over the board (1.6, spec §2.3)."""
    floated: bool
    """Met a player of another pairing score in a played match of round r-1 (1.5, spec §2.5,
    §10)."""
    met: frozenset[PlayerId]
    """Opponents of played matches (C1)."""
    pab_barred: bool
    """Had the PAB, a full-point bye or won a match by forfeit ([C2], spec §2.7)."""
    parity_number: int
    """The TPN as 4.3.1 counts it: the number among the players who have arrived (§11 R13)."""
    virtual: int = 0
    """The virtual points of round r in ``score`` (spec §10); 0 without acceleration."""

    @property
    def real(self) -> int:
        """The score without virtual points: colours (4.2) and board order (§8) use it."""
        return self.score - self.virtual

    @property
    def whites(self) -> int:
        return sum(1 for c in self.colours if c is Colour.WHITE)


BAKU_SUFFIX = "_BAKU"
"""A ``192`` code ending so (``FIDE_DOUBLESWISS_BAKU``) asks for Baku acceleration."""


def baku_virtual_points(t: DoubleSwissTournament, player: PlayerId, round_number: int) -> int:
    """Virtual points (halves) of the Baku method (C.04.7) in a Double-Swiss (spec §10, §11
    R10): Group A is the first 2·⌈N/4⌉ players by TPN (N registered players); with R
    match-rounds the first A = ⌈R/2⌉ are accelerated, Group A carrying a match won 2-0 (2
    points) in the first ⌈A/2⌉ of them and a drawn match (1 point) in the rest."""
    if t.total_rounds is None:
        raise PairingInputError("Baku acceleration needs the number of rounds (TRF 142)")
    group_a = t.player_ids[: 2 * -(-len(t.player_ids) // 4)]
    accelerated = -(-t.total_rounds // 2)
    if player not in group_a or round_number > accelerated:
        return 0
    return 4 if round_number <= -(-accelerated // 2) else 2


def virtual_points(t: DoubleSwissTournament, player: PlayerId, round_number: int) -> int:
    """The player's virtual points (halves) in a match-round (spec §10): the explicit ``250``
    / ``XXA`` records when the event has any, else the Baku table when the ``192`` code asks
    for it, else none."""
    if t.accelerations:
        return t.virtual_points(player, round_number)
    if t.system.strip().upper().endswith(BAKU_SUFFIX):
        return baku_virtual_points(t, player, round_number)
    return 0


def player_states(t: DoubleSwissTournament) -> dict[PlayerId, PlayerState]:
    """The state of every player before round ``t.next_round`` (spec §2, §10)."""
    rows = match_entries(t)
    r = t.next_round
    before: dict[PlayerId, list[int]] = {}
    for pid, entries in rows.items():
        running = [0]
        for entry in entries:
            running.append(running[-1] + entry.points)
        before[pid] = running  # before[pid][k - 1] = score before round k
    to_pair = set(t.to_pair(r))
    arrived = 0
    states: dict[PlayerId, PlayerState] = {}
    for pid in t.player_ids:
        entries = rows[pid]
        played = [e for e in entries if e.outcome is MatchOutcome.PLAYED]
        # §11 R13: 4.3.1 counts the players who have arrived: paired before, or now.
        if pid in to_pair or any(e.match is not None or e.bye is _PAB for e in entries):
            arrived += 1
        floated = False
        if r >= 2 and entries:
            last = entries[r - 2]
            if last.outcome is MatchOutcome.PLAYED and last.opponent is not None:
                # Under acceleration the pairing scores of round r-1 are compared (§2.5, §10).
                floated = before[pid][r - 2] + virtual_points(t, pid, r - 1) != before[
                    last.opponent
                ][r - 2] + virtual_points(t, last.opponent, r - 1)
        barred = any(
            e.outcome is MatchOutcome.FORFEIT_WIN or (e.bye is not None and e.bye.bars_pab)
            for e in entries
        )
        virtual = virtual_points(t, pid, r)
        states[pid] = PlayerState(
            tpn=pid,
            score=before[pid][-1] + virtual,
            played=len(played),
            colours=tuple(e.colour for e in entries if e.colour is not None),
            floated=floated,
            met=frozenset(e.opponent for e in played if e.opponent is not None),
            pab_barred=barred,
            parity_number=arrived,
            virtual=virtual,
        )
    return states


_PAB = MatchByeKind.PAIRING_ALLOCATED


# --- criteria --------------------------------------------------------------------------------


def pab_order_key(player: PlayerState) -> tuple[int, int, int]:
    """The PAB candidates' order (3.4.2-3.4.4): lowest score, most played matches, largest
    TPN."""
    return (player.score, -player.played, -player.tpn)


def c7_floated_upfloater(player: PlayerState, applies: bool) -> bool:
    """C7 (2.3.4): an upfloater who was a floater in round r-1 (not in the last round)."""
    return applies and player.floated


def c8_floaters_facing_upfloaters(
    a: PlayerState, b: PlayerState, resident_score: int, applies: bool
) -> int:
    """C8 (2.3.5): the residents of a pair who face an upfloater and themselves floated in
    round r-1 (not in the last round)."""
    if not applies:
        return 0
    return int(a.score < resident_score and b.score == resident_score and b.floated) + int(
        b.score < resident_score and a.score == resident_score and a.floated
    )


def higher_ranked(a: PlayerState, b: PlayerState) -> PlayerState:
    """The pair's higher-ranked player (4.2): higher score, then smaller TPN (the real score:
    virtual points are for pairing only, spec §10)."""
    return a if (-a.real, a.tpn) <= (-b.real, b.tpn) else b


def colour_of_game_one(
    a: PlayerState, b: PlayerState, initial: Colour | None
) -> tuple[PlayerId, PlayerId, str]:
    """(White of game 1, Black of game 1, the rule that decided) by 4.3.1-4.3.5, the first
    that applies to the higher-ranked player (HRP)."""
    hrp = higher_ranked(a, b)
    other = b if hrp is a else a

    def give(colour: Colour, rule: str) -> tuple[PlayerId, PlayerId, str]:
        if colour is Colour.WHITE:
            return (hrp.tpn, other.tpn, rule)
        return (other.tpn, hrp.tpn, rule)

    if not hrp.colours and not other.colours:
        if initial is None:
            raise PairingInputError("the initial colour (C.04.5 4.1, TRF 152) is not known")
        return give(initial if hrp.parity_number % 2 else initial.opposite, "4.3.1")
    if hrp.whites != other.whites:
        return give(Colour.WHITE if hrp.whites < other.whites else Colour.BLACK, "4.3.2")
    for mine, theirs in zip(reversed(hrp.colours), reversed(other.colours), strict=False):
        if mine is not theirs:
            return give(mine.opposite, "4.3.3")
    if hrp.colours:
        return give(hrp.colours[-1].opposite, "4.3.4")
    return give(other.colours[-1], "4.3.5")


def board_key(a: PlayerState, b: PlayerState) -> tuple[int, int, int]:
    """Board order (C.04.2, spec §8): the HRP's score descending, the other's descending, the
    HRP's TPN ascending (real scores, spec §10)."""
    hrp = higher_ranked(a, b)
    other = b if hrp is a else a
    return (-hrp.real, -other.real, hrp.tpn)


# --- the procedure -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DoubleBracket:
    """A bracket as it was paired (3.5-3.6): the residents, their upfloaters and the pairs
    (top member, bottom member)."""

    score: int
    residents: tuple[PlayerId, ...]
    upfloaters: tuple[PlayerId, ...]
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    why: UpfloaterChoice | None = None
    """Why these upfloaters (3.5), for the notes."""
    c8: int = 0
    """Residents facing an upfloater who floated in the previous round (C8), the fewest any
    pairing of the bracket allows."""


class _Round:
    """One round's pairing under way."""

    def __init__(self, t: DoubleSwissTournament, states: dict[PlayerId, PlayerState]) -> None:
        if t.total_rounds is None:
            raise PairingInputError(
                "C.04.5 needs the number of rounds (TRF 142): C7 and C8 lapse in the last round"
            )
        self.states = states
        self.r = t.next_round
        self.floats_apply = self.r < t.total_rounds  # spec §2.8, §11 R14
        self.players = list(t.to_pair(self.r))
        conflicts: dict[PlayerId, set[PlayerId]] = {
            pid: set(states[pid].met) for pid in self.players
        }
        for pair in t.forbidden_pairs(self.r):
            x, y = tuple(pair)
            if x in conflicts and y in conflicts:
                conflicts[x].add(y)
                conflicts[y].add(x)
        self.conflicts: Conflicts = conflicts
        self.score_of = {pid: states[pid].score for pid in self.players}
        # §2.6, §11 R3: the following scoregroup is fixed at the start of the round.
        self.round_scores = sorted(set(self.score_of.values()), reverse=True)

    def perfect(self, members: Sequence[PlayerId]) -> bool:
        return has_perfect_matching(members, self.conflicts)

    def choose_pab(self) -> PlayerId | None:
        """The PAB (3.4): the first C2-eligible player in the order of 3.4.2-3.4.4 whose
        absence leaves the others pairable (3.4.1)."""
        if len(self.players) % 2 == 0:
            if not self.perfect(self.players):
                raise NoValidPairing("the players of the round cannot all be paired (C1, C3)")
            return None
        candidates = sorted(
            (self.states[pid] for pid in self.players if not self.states[pid].pab_barred),
            key=pab_order_key,
        )
        for player in candidates:
            if self.perfect([pid for pid in self.players if pid != player.tpn]):
                return player.tpn
        raise NoValidPairing("no player can receive the pairing-allocated bye (C2, 3.4.1)")

    def next_bracket(self, unpaired: list[PlayerId]) -> DoubleBracket:
        """The top scoregroup's bracket with its upfloaters (3.5), paired (3.6)."""
        score = max(self.score_of[pid] for pid in unpaired)
        residents = [pid for pid in unpaired if self.score_of[pid] == score]
        lower = [s for s in self.round_scores if s < score]
        states = self.states
        choice = upfloater_choice(
            residents,
            unpaired,
            self.score_of,
            self.perfect,
            lower[0] if lower else None,
            (lambda pid: c7_floated_upfloater(states[pid], True)) if self.floats_apply else None,
        )
        if choice is None:
            raise NoValidPairing(
                f"the scoregroup {_half(score)} cannot be paired with any upfloaters (C1, C3)"
            )
        members = sorted({*residents, *choice.upfloaters})

        def criteria(x: int, y: int) -> tuple[int]:
            return (c8_floaters_facing_upfloaters(states[x], states[y], score, self.floats_apply),)

        # C8 touches only the upfloaters' pairs with residents who floated: a search over the
        # few upfloaters spares the weighted matching and its wide weights.
        floated = {r for r in residents if states[r].floated} if self.floats_apply else set()
        costly = {u: floated for u in choice.upfloaters}
        pairs = first_pairing_fewest_costly(members, self.conflicts, costly)
        if pairs is None:
            pairs = first_pairing_by_identifier(members, self.conflicts, criteria)
        if pairs is None:  # excluded by the legality test of the set
            raise NoValidPairing("a bracket found pairable could not be paired")
        c8 = sum(criteria(x, y)[0] for x, y in pairs) if choice.upfloaters else 0
        return DoubleBracket(score, tuple(residents), choice.upfloaters, pairs, choice, c8)


def _pair_brackets(
    t: DoubleSwissTournament, states: dict[PlayerId, PlayerState]
) -> tuple[PlayerId | None, tuple[DoubleBracket, ...]]:
    """Steps 1-2 of 3.3: the PAB, then the brackets from the top, each decision final."""
    rnd = _Round(t, states)
    pab = rnd.choose_pab()
    unpaired = [pid for pid in rnd.players if pid != pab]
    return pab, brackets_from_the_top(unpaired, rnd.next_bracket, rnd.score_of)


def double_swiss_brackets(
    t: DoubleSwissTournament,
) -> tuple[PlayerId | None, tuple[DoubleBracket, ...]]:
    """The PAB and the brackets of the next round, before colours (for checks and notes)."""
    return _pair_brackets(t, player_states(t))


_RULE_TEXT = {
    "4.3.1": "neither has had a colour: the initial colour by the higher-ranked player's number",
    "4.3.2": "White to the player with fewer Whites",
    "4.3.3": "alternation from the latest match where their colours differed",
    "4.3.4": "the higher-ranked player alternates his last colour",
    "4.3.5": "the other player alternates his last colour",
}


_FAILED = {
    "C1": "cannot be paired inside the bracket, C1",
    "C3": "leaves the players below unpairable, C3",
    "C6": "leaves the following scoregroup unpairable, C6",
    "C7": "more of them floated in the previous round, C7",
}


def _plural(count: int, word: str) -> str:
    return counted(count, word, word + "es" if word.endswith("ch") else None)


def bracket_note(bracket: DoubleBracket, states: dict[PlayerId, PlayerState]) -> str:
    """An arbiter's account of a bracket (3.5-3.6): its residents, the upfloaters and the
    criteria that chose them, and C8 in its pairing."""
    text = f"bracket {_half(bracket.score)} ({_plural(len(bracket.residents), 'resident')}"
    if any(states[pid].virtual for pid in bracket.residents):
        text += ", a pairing score with virtual points, spec §10"
    text += ")"
    why = bracket.why
    if not bracket.upfloaters or why is None:
        return text + " paired among themselves"
    count = len(bracket.upfloaters)
    listed = ", ".join(f"{u} ({_half(states[u].score)})" for u in bracket.upfloaters)
    head = f"{text} with {'upfloater' if count == 1 else 'upfloaters'} {listed}: "
    if count > why.fewest:
        parts = [f"{head}{count} needed, no fewer let the bracket and the rest be paired (C4)"]
    else:
        parts = [f"{head}{_plural(count, 'upfloater')}, the fewest its residents allow (C4)"]
    if why.better_scores:
        tried = "; ".join(", ".join(_half(s) for s in profile) for profile in why.better_scores)
        parts.append(f"the best scores possible (C5; none legal with {tried})")
    else:
        parts.append("the best scores below (C5)")
    parts.append(
        "the following scoregroup can still be paired (C6)"
        if why.c6_kept
        else "no choice lets the following scoregroup be paired as C6 asks"
    )
    if why.c7:
        parts.append(f"{why.c7} of them floated in the previous round, no fewer possible (C7)")
    order = "the first such set in the order of 3.5.4"
    if why.passed_over:
        skipped = "; ".join(
            f"{', '.join(str(u) for u in upfloaters)} {_FAILED[reason]}"
            for upfloaters, reason in why.passed_over
        )
        order += f" (before it: {skipped})"
    parts.append(order)
    if bracket.c8:
        parts.append(
            f"{_plural(bracket.c8, 'resident')} who floated in the previous round "
            f"{'meets' if bracket.c8 == 1 else 'meet'} an upfloater, the fewest any pairing of "
            "the bracket allows (C8)"
        )
    return "; ".join(parts)


_NOTED_PAB = 5
"""How many players a PAB note names before the one who has it."""


def pab_note(t: DoubleSwissTournament, states: dict[PlayerId, PlayerState], pab: PlayerId) -> str:
    """Why the player has the PAB (3.4): eligible, then lowest score, most matches played,
    largest TPN; who came before him in that order and why not."""
    chosen = states[pab]
    text = (
        f"player {pab} receives the pairing-allocated bye: eligible (C2), lowest score "
        f"{_half(chosen.score)}, {_plural(chosen.played, 'match')} played, then the largest "
        "number (3.4)"
    )
    ahead = sorted(
        (states[pid] for pid in t.to_pair() if pab_order_key(states[pid]) < pab_order_key(chosen)),
        key=pab_order_key,
    )
    barred = [str(s.tpn) for s in ahead if s.pab_barred]
    blocked = [str(s.tpn) for s in ahead if not s.pab_barred]
    if barred:
        text += (
            f"; before him {', '.join(barred[:_NOTED_PAB])} had a PAB, a full-point bye or a "
            "match won by forfeit (C2)"
        )
    if blocked:
        text += f"; {', '.join(blocked[:_NOTED_PAB])} would leave the others unpairable (3.4.1, C3)"
    return text


def pair_double_swiss(t: DoubleSwissTournament) -> Pairing:
    """Pair match-round ``t.next_round`` by C.04.5: PAB, brackets, colours of game 1, boards.

    Raises :class:`NoValidPairing` when no pairing satisfies C1-C3 (the engine's exit 1) and
    :class:`PairingInputError` when the snapshot lacks what the rules need.
    """
    states = player_states(t)
    pab, brackets = _pair_brackets(t, states)
    boards: list[tuple[tuple[int, int, int], Game, str]] = []
    for bracket in brackets:
        why = bracket_note(bracket, states)
        for x, y in bracket.pairs:
            white, black, rule = colour_of_game_one(states[x], states[y], t.initial_colour)
            text = f"{why}; colours {rule}: {_RULE_TEXT[rule]}"
            boards.append((board_key(states[x], states[y]), Game(white, black), text))
    boards.sort(key=lambda item: item[0])
    notes = [BoardNote(number, note) for number, (_, _, note) in enumerate(boards, start=1)]
    if pab is not None:
        notes.append(BoardNote(len(boards) + 1, pab_note(t, states, pab)))
    return Pairing(
        round=t.next_round,
        boards=tuple(game for _, game, _ in boards),
        bye=pab,
        notes=tuple(notes),
    )


def with_paired_round(t: DoubleSwissTournament, pairing: Pairing) -> DoubleSwissTournament:
    """The event with match-round ``pairing.round`` added, its matches to be played: each
    board a match (``white`` has White in game 1), the byes announced for the round and the
    PAB; the requests of that round leave ``requested_byes``."""
    if pairing.round != t.next_round:
        raise ValueError(f"the next match-round is {t.next_round}, not {pairing.round}")
    r = pairing.round
    byes = [
        MatchBye(pid, kind)
        for pid in t.player_ids
        if (kind := t.absence(pid, r)) is not None and t.withdrawn.get(pid, r + 1) > r
    ]
    if pairing.bye is not None:
        byes.append(MatchBye(pairing.bye, MatchByeKind.PAIRING_ALLOCATED))
    matches = tuple(Match(g.white, g.black) for g in pairing.boards)
    return replace(
        t,
        rounds=(*t.rounds, DoubleRound(r, matches, tuple(byes))),
        requested_byes=tuple(b for b in t.requested_byes if b.round != r),
    )


def replay_double_swiss(t: DoubleSwissTournament) -> list[str]:
    """Re-pair every stored round from the event as it stood before it (spec §9.3) and list
    the rounds whose pairs (game-1 colours included) or PAB differ, one line each."""
    differences: list[str] = []
    for rnd in t.rounds:
        stored = {(m.white, m.black) for m in rnd.matches}
        stored_pab = next(
            (b.player for b in rnd.byes if b.kind is MatchByeKind.PAIRING_ALLOCATED), None
        )
        try:
            pairing = pair_double_swiss(t.before_round(rnd.number))
        except NoValidPairing as error:
            differences.append(f"round {rnd.number}: no valid pairing ({error})")
            continue
        ours = {(g.white, g.black) for g in pairing.boards}
        if ours == stored and pairing.bye == stored_pab:
            continue
        parts: list[str] = []
        missing = sorted(stored - ours)
        extra = sorted(ours - stored)
        if missing:
            parts.append("stored " + ", ".join(f"{w}-{b}" for w, b in missing))
        if extra:
            parts.append("C.04.5 pairs " + ", ".join(f"{w}-{b}" for w, b in extra))
        if pairing.bye != stored_pab:
            parts.append(f"PAB stored {stored_pab or 'none'}, C.04.5 {pairing.bye or 'none'}")
        differences.append(f"round {rnd.number}: " + "; ".join(parts))
    return differences
