"""The FIDE Swiss Team Pairing System (C.04.6, applied from 1 February 2026).

A pure function of a :class:`~fairpair.core.teams.TeamTournament` snapshot: the next round's
pairing with team pairing numbers (TPNs) in place of player ids, the White team first. The
rules are those of ``spec/team-swiss.md`` §§2-8 with the readings of its §14; article numbers
below are C.04.6's.

Outline (3.1-3.3): the pairing-allocated bye first (3.4), then bracket by bracket from the top
scoregroup: choose the upfloaters (3.5: C4, C5, then C6, C7 and the order of the sets), pair the
bracket (3.6: C8, C9, C10 sums, then the first identifier), and last the colours (Art. 4) and
the board order (GHR 3.6). There are no downfloaters: a bracket that cannot be paired takes more
upfloaters. The upfloater and identifier machinery is shared with the Double-Swiss in
:mod:`fairpair.pairing.lexicographic`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.core import BoardNote, Colour, Game, Pairing, format_points
from fairpair.core.teams import (
    ColourModel,
    PrimaryScore,
    TeamEntry,
    TeamId,
    TeamOutcome,
    TeamTournament,
    team_entries,
)
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.lexicographic import (
    Conflicts,
    brackets_from_the_top,
    choose_upfloaters,
    first_pairing_by_identifier,
    has_perfect_matching,
)

__all__ = [
    "ColourPreference",
    "TeamBracket",
    "TeamState",
    "allocate_colours",
    "baku_virtual_points",
    "colour_preference",
    "pair_team_swiss",
    "team_states",
    "team_swiss_brackets",
]

_C2_BARRED = (TeamOutcome.PAIRING_BYE, TeamOutcome.FULL_BYE, TeamOutcome.FORFEIT_WIN)


@dataclass(frozen=True, slots=True)
class ColourPreference:
    """A team's colour preference (1.7): a colour or none, strong only under Type B."""

    colour: Colour | None = None
    strong: bool = False


NO_PREFERENCE = ColourPreference()


@dataclass(frozen=True, slots=True)
class TeamState:
    """What the pairing of round r needs to know of one team (spec §2)."""

    tpn: TeamId
    score: int
    """Pairing score (2.2): primary score after rounds 1..r-1 plus virtual points of round r."""
    primary: int
    """Real primary score (first-team, 4.2.1)."""
    secondary: int
    played: int
    """Matches played over the board (3.4.3)."""
    colours: tuple[Colour, ...]
    """Board-1 colours of the played matches in order (1.6, GHR 3.4)."""
    floated: bool
    """Played a team of another pairing score in round r-1 (1.5)."""
    met: frozenset[TeamId]
    """Opponents of played matches (C1, GHR 3.5)."""
    pab_barred: bool
    """Had the PAB, a full-point bye or won an unplayed match (C2)."""
    parity_number: int
    """The TPN as 4.3.1 counts it (spec §2.1, §14 Q7)."""
    preference: ColourPreference = NO_PREFERENCE

    @property
    def cd(self) -> int:
        """Colour difference (1.6): Whites minus Blacks."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


def colour_preference(
    colours: Sequence[Colour], model: ColourModel, last_round: bool
) -> ColourPreference:
    """A team's colour preference (1.7.1 Type A, 1.7.2 Type B, or none).

    Type A: White for CD <= -2 or CD in {0, -1} after BB; Black for CD >= 2 or CD in {0, 1}
    after WW. Type B adds strength: those are strong; CD -1 / +1 is mild White / Black; CD 0 is
    mild for the opposite of the last colour, except in the last round (none; rows 2-3 first,
    §14 Q8).
    """
    if model is ColourModel.NONE or not colours:
        return NO_PREFERENCE
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last2 = tuple(colours[-2:]) if len(colours) >= 2 else ()
    strong = model is ColourModel.TYPE_B
    if cd <= -2 or (cd in (0, -1) and last2 == (Colour.BLACK, Colour.BLACK)):
        return ColourPreference(Colour.WHITE, strong)
    if cd >= 2 or (cd in (0, 1) and last2 == (Colour.WHITE, Colour.WHITE)):
        return ColourPreference(Colour.BLACK, strong)
    if model is ColourModel.TYPE_A:
        return NO_PREFERENCE
    if cd == -1:
        return ColourPreference(Colour.WHITE)
    if cd == 1:
        return ColourPreference(Colour.BLACK)
    if last_round:
        return NO_PREFERENCE
    return ColourPreference(colours[-1].opposite)


def _primary(entry: TeamEntry, primary: PrimaryScore) -> int:
    return entry.match_points if primary is PrimaryScore.MATCH_POINTS else entry.game_points


def baku_virtual_points(t: TeamTournament, tpn: TeamId, round_number: int) -> int:
    """Virtual match points of the Baku method for teams (C.04.7; spec §7): Group A is the
    first 2·⌈N/4⌉ teams by TPN; rounds 1..⌈R/2⌉ are accelerated, Group A carrying ``TW`` in the
    first ⌈⌈R/2⌉/2⌉ of them and ``TD`` in the rest. Match points primary only (C.04.7 1.4.4)."""
    if t.scoring.primary is not PrimaryScore.MATCH_POINTS:
        raise PairingInputError(
            "Baku acceleration of a team Swiss needs match points primary (C.04.7 1.4.4)"
        )
    if t.total_rounds is None:
        raise PairingInputError("Baku acceleration needs the number of rounds (TRF 142)")
    group_a = 2 * -(-len(t.teams) // 4)
    accelerated = -(-t.total_rounds // 2)
    if tpn > group_a or round_number > accelerated:
        return 0
    return t.scoring.win if round_number <= -(-accelerated // 2) else t.scoring.draw


def _virtual(t: TeamTournament, tpn: TeamId, round_number: int) -> int:
    """Virtual points of the pairing score (2.2, spec §7): TRF 250 records when the event has
    them, otherwise the Baku method when the 192 code asks for it."""
    if not t.accelerations and t.system.strip().upper().endswith("_BAKU"):
        return baku_virtual_points(t, tpn, round_number)
    mp, gp = t.virtual_points(tpn, round_number)
    return mp if t.scoring.primary is PrimaryScore.MATCH_POINTS else gp


def team_states(
    t: TeamTournament, *, skip_absent_newcomers: bool = False
) -> dict[TeamId, TeamState]:
    """The state of every team before round r = ``t.next_round`` (spec §2, §1.8).

    ``skip_absent_newcomers``: by default every assigned TPN keeps its parity for 4.3.1, as
    1.1.1 and 1.1.3 read (a TPN once given stays), as gacrux does and as the reference
    corpus's ``A-tpn-compaction`` verdict says. ``True`` takes the other reading (spec §2.1,
    §14 Q7, from a reported SPP answer on GHR 2.4): a team never paired and absent now holds no
    number, and the teams below it change parity.
    """
    r = t.next_round
    entries = team_entries(t)
    primary_kind = t.scoring.primary
    last_round = t.total_rounds is not None and r >= t.total_rounds

    def score_before(tpn: TeamId, round_number: int) -> int:
        """Pairing score when round ``round_number`` was paired."""
        rows = entries[tpn][: round_number - 1]
        return sum(_primary(e, primary_kind) for e in rows) + _virtual(t, tpn, round_number)

    to_pair = set(t.to_pair(r))
    parity: dict[TeamId, int] = {}
    number = 0
    for tpn in t.team_ids:
        took_part = any(
            e.outcome.is_match or e.outcome is TeamOutcome.PAIRING_BYE for e in entries[tpn]
        )
        # §2.1 / §14 Q7: a team never paired and absent now holds no number for 4.3.1.
        if took_part or tpn in to_pair or not skip_absent_newcomers:
            number += 1
            parity[tpn] = number
    states: dict[TeamId, TeamState] = {}
    for tpn in t.team_ids:
        rows = entries[tpn]
        played_rows = [e for e in rows if e.played]
        colours = tuple(e.colour for e in played_rows if e.colour is not None)
        floated = False
        if r >= 2 and rows:
            last = rows[r - 2]
            if last.played and last.opponent is not None:
                floated = score_before(tpn, r - 1) != score_before(last.opponent, r - 1)
        real = sum(_primary(e, primary_kind) for e in rows)
        secondary = sum(_primary(e, primary_kind.other) for e in rows)
        states[tpn] = TeamState(
            tpn=tpn,
            score=real + _virtual(t, tpn, r),
            primary=real,
            secondary=secondary,
            played=len(played_rows),
            colours=colours,
            floated=floated,
            met=frozenset(e.opponent for e in played_rows if e.opponent is not None),
            pab_barred=c2_barred_from_pab(rows),
            parity_number=parity.get(tpn, tpn),
            preference=colour_preference(colours, t.colour_model, last_round),
        )
    return states


# --- criteria ------------------------------------------------------------------------------


def c2_barred_from_pab(rows: Sequence[TeamEntry]) -> bool:
    """C2 (2.1.2): a team that had the PAB, a full-point bye or won a match by forfeit (an
    unplayed match won) gets no PAB; half- and zero-point byes and lost forfeits do not bar."""
    return any(e.outcome in _C2_BARRED for e in rows)


def c8_same_preference(a: TeamState, b: TeamState) -> int:
    """C8 (2.3.5): 1 when both teams prefer the same colour (one of them will not get it)."""
    pa, pb = a.preference.colour, b.preference.colour
    return int(pa is not None and pa is pb)


def c9_same_strong_preference(a: TeamState, b: TeamState) -> int:
    """C9 (2.3.6, Type B only): 1 when both have a strong preference for the same colour."""
    return int(c8_same_preference(a, b) == 1 and a.preference.strong and b.preference.strong)


def c10_upfloater_meets_floater(
    a: TeamState, b: TeamState, resident_score: int, applies: bool
) -> int:
    """C10 (2.3.7): members that are upfloaters (below the residents' score) whose partner
    floated in round r-1; a pair of two upfloaters can count 2 (§14 Q15). Off in the last two
    rounds (§6)."""
    if not applies:
        return 0
    return int(a.score < resident_score and b.floated) + int(b.score < resident_score and a.floated)


def pab_order_key(team: TeamState) -> tuple[int, int, int]:
    """The PAB candidates' order (3.4.2-3.4.4): lowest score, most matches played, largest
    TPN."""
    return (team.score, -team.played, -team.tpn)


def first_team(a: TeamState, b: TeamState, secondary_used: bool) -> TeamState:
    """The first-team of a pair (4.2): higher real primary score (4.2.1), higher secondary
    score when the event uses it (4.2.2), smaller TPN (4.2.3)."""

    def key(s: TeamState) -> tuple[int, int, int]:
        return (-s.primary, -s.secondary if secondary_used else 0, s.tpn)

    return a if key(a) <= key(b) else b


def allocate_colours(
    a: TeamState,
    b: TeamState,
    *,
    model: ColourModel,
    initial: Colour,
    secondary_used: bool,
) -> tuple[TeamState, TeamState, str]:
    """(White team, Black team, the rule that decided) by 4.3.1-4.3.9, first that applies."""
    first = first_team(a, b, secondary_used)
    other = b if first is a else a

    def give(team: TeamState, colour: Colour, rule: str) -> tuple[TeamState, TeamState, str]:
        mate = other if team is first else first
        return (team, mate, rule) if colour is Colour.WHITE else (mate, team, rule)

    if not first.colours and not other.colours:
        colour = initial if first.parity_number % 2 else initial.opposite
        return give(first, colour, "4.3.1")
    pf, po = first.preference, other.preference
    if (pf.colour is None) != (po.colour is None):
        chosen = first if pf.colour is not None else other
        assert chosen.preference.colour is not None
        return give(chosen, chosen.preference.colour, "4.3.2")
    if pf.colour is not None and po.colour is not None and pf.colour is not po.colour:
        return give(first, pf.colour, "4.3.3")
    if model is ColourModel.TYPE_B and pf.colour is not None and pf.strong != po.strong:
        chosen = first if pf.strong else other
        assert chosen.preference.colour is not None
        return give(chosen, chosen.preference.colour, "4.3.4")
    if first.cd != other.cd:
        lower = first if first.cd < other.cd else other
        return give(lower, Colour.WHITE, "4.3.5")
    for cf, co in zip(reversed(first.colours), reversed(other.colours), strict=False):
        if cf is not co:
            return give(first, co, "4.3.6")
    if pf.colour is not None:
        return give(first, pf.colour, "4.3.7")
    if first.colours:
        return give(first, first.colours[-1].opposite, "4.3.8")
    return give(other, other.colours[-1].opposite, "4.3.9")


# --- the procedure -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamBracket:
    """A bracket as it was paired (3.2, 3.5-3.6): the top scoregroup's residents, the
    upfloaters it took from lower scores, and its pairs (top member, bottom member)."""

    score: int
    residents: tuple[TeamId, ...]
    upfloaters: tuple[TeamId, ...]
    pairs: tuple[tuple[TeamId, TeamId], ...]


class _Round:
    """One round's pairing under way: the teams still unpaired and the decisions so far."""

    def __init__(self, t: TeamTournament, states: dict[TeamId, TeamState]) -> None:
        self.t = t
        self.r = t.next_round
        self.states = states
        total = t.total_rounds
        if total is None:
            raise PairingInputError(
                "C.04.6 needs the number of rounds (TRF 142): C7, C10 and the last-round "
                "preferences depend on it"
            )
        # §6: C7 and C10 are not applied in the last two rounds.
        self.floats_apply = self.r < total - 1
        self.teams = sorted(t.to_pair(self.r))
        forbidden = t.forbidden_pairs(self.r)
        conflicts: dict[TeamId, set[TeamId]] = {tpn: set(states[tpn].met) for tpn in self.teams}
        for pair in forbidden:
            x, y = tuple(pair)
            if x in conflicts and y in conflicts:
                conflicts[x].add(y)
                conflicts[y].add(x)
        self.conflicts: Conflicts = conflicts
        # 4.4: S' is taken from the scores of every team of the round, fixed at its start.
        self.round_scores = sorted({states[tpn].score for tpn in self.teams}, reverse=True)

    def perfect(self, members: Sequence[TeamId]) -> bool:
        return has_perfect_matching(members, self.conflicts)

    def choose_pab(self) -> TeamId | None:
        """The PAB (3.4): among the C2-eligible teams in the order of 3.4.2-3.4.4, the first
        whose absence leaves the others pairable (3.4.1)."""
        if len(self.teams) % 2 == 0:
            return None
        candidates = sorted(
            (self.states[tpn] for tpn in self.teams if not self.states[tpn].pab_barred),  # C2
            key=pab_order_key,
        )
        for team in candidates:
            rest = [tpn for tpn in self.teams if tpn != team.tpn]
            if self.perfect(rest):
                return team.tpn
        raise NoValidPairing("no team can receive the pairing-allocated bye (C2, 3.4.1)")

    def next_bracket(self, unpaired: list[TeamId]) -> TeamBracket:
        """The bracket of the top scoregroup with its upfloaters (3.5: C4, C5, C6, C7, then the
        order of 3.5.3-3.5.4, shared with the Double-Swiss), paired (3.6)."""
        states = self.states
        score = max(states[tpn].score for tpn in unpaired)
        residents = [tpn for tpn in unpaired if states[tpn].score == score]
        # 4.4: the following scoregroup is the next score of the round, fixed at its start.
        lower = [s for s in self.round_scores if s < score]
        upfloaters = choose_upfloaters(
            residents,
            unpaired,
            {tpn: states[tpn].score for tpn in unpaired},
            self.perfect,
            lower[0] if lower else None,
            (lambda tpn: states[tpn].floated) if self.floats_apply else None,  # C7
        )
        if upfloaters is None:
            raise NoValidPairing(
                f"the scoregroup {format_points(score)} cannot be paired with any upfloaters "
                "(C1, C3)"
            )
        members = sorted(set(residents).union(upfloaters))
        pairs = self.pair_bracket(members, score)
        return TeamBracket(score, tuple(residents), upfloaters, pairs)

    def pair_bracket(
        self, members: Sequence[TeamId], resident_score: int
    ) -> tuple[tuple[TeamId, TeamId], ...]:
        """The bracket's pairing (3.6.4): smallest C8, C9, C10 sums, then first identifier."""
        states = self.states
        type_b = self.t.colour_model is ColourModel.TYPE_B

        def criteria(x: int, y: int) -> tuple[int, int, int]:
            a, b = states[x], states[y]
            return (
                c8_same_preference(a, b),
                c9_same_strong_preference(a, b) if type_b else 0,
                c10_upfloater_meets_floater(a, b, resident_score, self.floats_apply),
            )

        pairs = first_pairing_by_identifier(members, self.conflicts, criteria)
        if pairs is None:  # excluded by the legality test of the set
            raise NoValidPairing("a bracket found pairable could not be paired")
        return pairs


def _pair_brackets(
    t: TeamTournament, states: dict[TeamId, TeamState]
) -> tuple[TeamId | None, tuple[TeamBracket, ...]]:
    """Steps 1-2 of 3.3: the PAB, then the brackets from the top, each decision final."""
    rnd = _Round(t, states)
    pab = rnd.choose_pab()
    unpaired = [tpn for tpn in rnd.teams if tpn != pab]
    scores = {tpn: states[tpn].score for tpn in unpaired}
    return pab, brackets_from_the_top(unpaired, rnd.next_bracket, scores)


def team_swiss_brackets(
    t: TeamTournament, *, skip_absent_newcomers: bool = False
) -> tuple[TeamId | None, tuple[TeamBracket, ...]]:
    """The PAB and the brackets of the next round, before colours (for checks and notes)."""
    return _pair_brackets(t, team_states(t, skip_absent_newcomers=skip_absent_newcomers))


def _initial_colour(t: TeamTournament, states: dict[TeamId, TeamState]) -> Colour:
    """The initial colour (4.1, TRF 152), or as spec §5.1 infers it from a played round-1
    match: its first-team (the smaller TPN) had it if its TPN is odd."""
    if t.initial_colour is not None:
        return t.initial_colour
    if t.rounds:
        for match in t.rounds[0].matches:
            if match.played:
                low = min(match.first, match.second)
                had = Colour.WHITE if low == match.first else Colour.BLACK
                return had if states[low].parity_number % 2 else had.opposite
    raise PairingInputError("the initial colour (C.04.6 4.1, TRF 152) is not known")


def board_key(a: TeamState, b: TeamState) -> tuple[int, int, int]:
    """Board order (GHR 3.6, spec §8): the higher-ranked team's score descending, the sum of
    the scores descending, the higher-ranked team's TPN ascending (pairing scores)."""
    high = min(a, b, key=lambda s: (-s.score, s.tpn))
    return (-high.score, -(a.score + b.score), high.tpn)


def pair_team_swiss(t: TeamTournament, *, skip_absent_newcomers: bool = False) -> Pairing:
    """Pair round ``t.next_round`` by C.04.6 (spec §4): PAB, brackets, colours, board order.

    ``skip_absent_newcomers`` chooses the TPN parity reading of 4.3.1 (:func:`team_states`).

    Raises :class:`NoValidPairing` when no pairing satisfies C1-C3 (the engine's exit 1) and
    :class:`PairingInputError` when the snapshot lacks what the rules need (rounds, initial
    colour).
    """
    states = team_states(t, skip_absent_newcomers=skip_absent_newcomers)
    pab, brackets = _pair_brackets(t, states)
    initial = _initial_colour(t, states) if any(b.pairs for b in brackets) else Colour.WHITE
    boards: list[tuple[tuple[int, int, int], Game, str]] = []
    for bracket in brackets:
        for x, y in bracket.pairs:
            white, black, rule = allocate_colours(
                states[x],
                states[y],
                model=t.colour_model,
                initial=initial,
                secondary_used=t.scoring.secondary_used,
            )
            boards.append(
                (board_key(white, black), Game(white.tpn, black.tpn), _note(bracket, rule))
            )
    boards.sort(key=lambda item: item[0])
    notes = [BoardNote(number, note) for number, (_, _, note) in enumerate(boards, start=1)]
    if pab is not None:
        notes.append(
            BoardNote(
                len(boards) + 1,
                f"team {pab} receives the pairing-allocated bye: eligible (C2), lowest score "
                f"{format_points(states[pab].score)}, {states[pab].played} matches played "
                f"(3.4)",
            )
        )
    return Pairing(
        round=t.next_round,
        boards=tuple(game for _, game, _ in boards),
        bye=pab,
        notes=tuple(notes),
    )


_RULE_TEXT = {
    "4.3.1": "neither team has played: the initial colour by the first-team's number",
    "4.3.2": "the only preference is granted",
    "4.3.3": "opposite preferences, both granted",
    "4.3.4": "the strong preference is granted",
    "4.3.5": "the lower colour difference gets White",
    "4.3.6": "alternation from the latest round where their colours differed",
    "4.3.7": "the first-team's preference",
    "4.3.8": "the first-team alternates its last colour",
    "4.3.9": "the other team alternates its last colour",
}


def _note(bracket: TeamBracket, rule: str) -> str:
    """An arbiter's explanation of a board: its bracket, the upfloaters, the colour rule."""
    text = f"bracket {format_points(bracket.score)}"
    if bracket.upfloaters:
        text += " with upfloater(s) " + ", ".join(str(u) for u in bracket.upfloaters)
        text += " (fewest, best scores, C4-C7, first in order 3.5.3-3.5.5)"
    return f"{text}; colours {rule}: {_RULE_TEXT[rule]}"
