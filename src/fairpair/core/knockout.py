"""Knockout stages: brackets (single and double elimination), matches of one or more games,
and what a bracket's results decide.

A knockout stage is fixed by its :class:`KnockoutRules` and its seeds; the bracket follows from
the number of seeds alone (:func:`draw_bracket`), and who plays each later match follows from
the results (:func:`bracket_state`): nothing about the bracket is stored twice, so a corrected
result re-seats the later matches by itself.

Seeding is the standard one (seeds 1 and 2 can only meet in the final): the bracket has the
next power of two of places, round 1 pairs seed ``s`` with seed ``size + 1 - s`` in the order
``[1, 8, 4, 5, 2, 7, 3, 6]`` (for eight), and a seed above the field is a bye for its
opponent. Byes are not matches: a player with a bye waits for the next round.

Matches are numbered 1, 2, ... in an order in which they can be played (a match's players
come from matches with smaller numbers).
"""

from __future__ import annotations

import bisect
import enum
import heapq
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import InitVar, dataclass, field
from functools import lru_cache

from fairpair.core.player import PlayerId
from fairpair.core.results import Game, GameResult

__all__ = [
    "Bracket",
    "BracketKind",
    "BracketMatch",
    "BracketState",
    "FirstWhite",
    "KnockoutError",
    "KnockoutRules",
    "KnockoutStage",
    "LoserOf",
    "MatchFormat",
    "MatchGames",
    "MatchState",
    "MatchStatus",
    "NextGame",
    "Phase",
    "PhaseKind",
    "Placing",
    "Section",
    "Seed",
    "Source",
    "WinnerOf",
    "bracket_state",
    "draw_bracket",
    "placings",
    "round_name",
    "seeding_order",
]

MAX_SEEDS = 4096
"""The largest bracket drawn (a knockout of more players is not a knockout anyone runs)."""
MAX_PHASES = 10
MAX_PHASE_GAMES = 99


class KnockoutError(ValueError):
    """Results that do not fit the bracket or the match format; the message says why in an
    arbiter's words."""


# --- match formats ----------------------------------------------------------------------


class PhaseKind(enum.StrEnum):
    """How one part of a match is decided."""

    BEST_OF = "best-of"
    """Card and board games: the first to win a majority of the games; a drawn game does not
    count and another is played."""
    GAMES = "games"
    """Chess: a fixed number of games decided on points; level after them, the next phase
    (or this one again if it is the last)."""
    ARMAGEDDON = "armageddon"
    """One game that cannot be drawn: a draw counts as a win for Black."""


@dataclass(frozen=True, slots=True)
class Phase:
    """One part of a match: ``GAMES`` of 2 ``rapid`` games, a best-of-3, an Armageddon."""

    kind: PhaseKind
    games: int = 1
    name: str = ""
    """What the games are called (``classical``, ``rapid``, ``blitz``)."""

    def __post_init__(self) -> None:
        if not 1 <= self.games <= MAX_PHASE_GAMES:
            raise KnockoutError(f"a phase has 1 to {MAX_PHASE_GAMES} games, not {self.games}")
        if self.kind is PhaseKind.ARMAGEDDON and self.games != 1:
            raise KnockoutError("an Armageddon is one game")
        if self.kind is PhaseKind.BEST_OF and self.games % 2 == 0:
            raise KnockoutError(f"a best-of match has an odd number of games, not {self.games}")

    @property
    def text(self) -> str:
        if self.kind is PhaseKind.BEST_OF:
            return f"best-of-{self.games}"
        if self.kind is PhaseKind.ARMAGEDDON:
            return "armageddon"
        return f"{self.name or 'games'}:{self.games}"


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """How a match is played: one best-of-N phase (card and board games: no colours, the
    players choose to play or draw), or chess phases in order, each played only when the
    earlier ones left the match level (``classical:2,rapid:2,blitz:2,armageddon``)."""

    phases: tuple[Phase, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.phases) <= MAX_PHASES:
            raise KnockoutError(f"a match has 1 to {MAX_PHASES} phases")
        kinds = [p.kind for p in self.phases]
        if PhaseKind.BEST_OF in kinds and len(kinds) > 1:
            raise KnockoutError("a best-of match has no other phase")
        if PhaseKind.ARMAGEDDON in kinds[:-1]:
            raise KnockoutError("the Armageddon game is the last phase of a match")

    @property
    def coloured(self) -> bool:
        """Chess: each game has a White and a Black. Otherwise the players choose to play or
        draw first."""
        return self.phases[0].kind is not PhaseKind.BEST_OF

    @property
    def text(self) -> str:
        return ",".join(p.text for p in self.phases)

    @classmethod
    def parse(cls, text: str) -> MatchFormat:
        """``best-of-3`` (or ``bo3``, ``1``), or chess phases ``classical:2,rapid:2,
        blitz:2,armageddon``; :class:`KnockoutError` naming what is wrong."""
        cleaned = text.strip().casefold()
        if not cleaned:
            raise KnockoutError(
                "a match format is needed, e.g. best-of-3 or classical:2,armageddon"
            )
        single = cleaned.removeprefix("best-of-").removeprefix("bo")
        if single.isascii() and single.isdecimal():
            return cls((Phase(PhaseKind.BEST_OF, _count(single, text)),))
        phases: list[Phase] = []
        for part in cleaned.split(","):
            part = part.strip()
            if part == "armageddon":
                phases.append(Phase(PhaseKind.ARMAGEDDON, 1, "armageddon"))
                continue
            name, colon, count = part.partition(":")
            name = name.strip()
            if not colon or not name or not all(c.isascii() and c.isalpha() for c in name):
                raise KnockoutError(
                    f"{part!r} is not a phase: write NAME:GAMES (rapid:2) or armageddon"
                )
            if name == "armageddon":
                raise KnockoutError("an Armageddon is one game: write armageddon")
            phases.append(Phase(PhaseKind.GAMES, _count(count.strip(), part), name))
        return cls(tuple(phases))


def _count(text: str, where: str) -> int:
    if not (text.isascii() and text.isdecimal()):
        raise KnockoutError(f"{where!r}: the number of games must be a whole number")
    if len(text) > 3:
        raise KnockoutError(f"a phase has 1 to 99 games, not {text}")
    return int(text)


class FirstWhite(enum.StrEnum):
    """Who has White in the first game of a chess match (the colours then alternate; each
    tie-break phase starts after a new drawing of lots)."""

    SEED = "seed"
    """The higher seed."""
    LOT = "lot"
    """Drawn by lot for each match."""


class BracketKind(enum.StrEnum):
    SINGLE = "single"
    """Single elimination: one match lost and a player is out."""
    DOUBLE = "double"
    """Double elimination: the winners' bracket, the losers' bracket, the grand final."""


@dataclass(frozen=True, slots=True)
class KnockoutRules:
    """What the organiser decides for a knockout stage."""

    kind: BracketKind = BracketKind.SINGLE
    match: MatchFormat = MatchFormat((Phase(PhaseKind.BEST_OF, 1),))
    third_place: bool = False
    """Single elimination: the losing semi-finalists play for third place."""
    reset: bool = True
    """Double elimination: if the losers' bracket winner wins the grand final, a second one
    is played (each finalist then has lost once)."""
    first_white: FirstWhite = FirstWhite.SEED


# --- the bracket ------------------------------------------------------------------------


class Section(enum.StrEnum):
    WINNERS = "winners"
    """The main bracket (all of a single elimination but its third-place match)."""
    LOSERS = "losers"
    FINAL = "final"
    """Double elimination: the grand final."""
    RESET = "reset"
    """Double elimination: the second grand final, played only if the first was won by the
    losers' bracket winner."""
    THIRD = "third-place"


@dataclass(frozen=True, slots=True)
class Seed:
    seed: int


@dataclass(frozen=True, slots=True)
class WinnerOf:
    match: int


@dataclass(frozen=True, slots=True)
class LoserOf:
    match: int


Source = Seed | WinnerOf | LoserOf


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A match of the bracket: where its two players come from."""

    number: int
    section: Section
    round: int
    """The round within its section (winners 1..k, losers 1..2k-2, the others 1)."""
    top: Source
    bottom: Source


@dataclass(frozen=True, slots=True)
class Bracket:
    """The matches of a bracket of ``seeds`` players, byes left out."""

    seeds: int
    kind: BracketKind
    third_place: bool
    reset: bool
    matches: tuple[BracketMatch, ...]
    first_round: tuple[tuple[int, int | None], ...]
    """Round 1 as drawn, in bracket order: each pair of seeds, ``None`` for a bye."""
    feeds: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """For each match (``feeds[number - 1]``), the later matches whose players it decides
    (a grand-final reset is decided by the grand final too)."""

    def __post_init__(self) -> None:
        feeds: list[list[int]] = [[] for _ in self.matches]
        for m in self.matches:
            for source in (m.top, m.bottom):
                if not isinstance(source, Seed):
                    feeds[source.match - 1].append(m.number)
            if m.section is Section.RESET:
                feeds[m.number - 2].append(m.number)
        object.__setattr__(self, "feeds", tuple(tuple(sorted(set(f))) for f in feeds))

    @property
    def size(self) -> int:
        """Places in the bracket: the smallest power of two that holds every seed."""
        return len(self.first_round) * 2

    @property
    def winners_rounds(self) -> int:
        return self.size.bit_length() - 1

    def match(self, number: int) -> BracketMatch:
        if not 1 <= number <= len(self.matches):
            raise KnockoutError(
                f"there is no match {number}: the matches are 1-{len(self.matches)}"
            )
        return self.matches[number - 1]

    def section(self, section: Section) -> tuple[BracketMatch, ...]:
        return tuple(m for m in self.matches if m.section is section)

    def rounds(self, section: Section) -> list[tuple[int, tuple[BracketMatch, ...]]]:
        """The rounds of ``section`` that have matches, each with its matches in bracket order."""
        found: dict[int, list[BracketMatch]] = {}
        for m in self.section(section):
            found.setdefault(m.round, []).append(m)
        return [(r, tuple(ms)) for r, ms in sorted(found.items())]

    def counted_matches(self) -> int:
        """Matches that are always played (a grand-final reset only sometimes)."""
        return sum(1 for m in self.matches if m.section is not Section.RESET)


def seeding_order(size: int) -> list[int]:
    """The seeds in bracket order for a power-of-two ``size``: 1, 8, 4, 5, 2, 7, 3, 6 for
    eight, so that the top two seeds meet only in the final, the top four only in the
    semi-finals, and so on."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        n = 2 * len(order) + 1
        order = [x for s in order for x in (s, n - s)]
    return order


@lru_cache(maxsize=256)
def draw_bracket(
    seeds: int,
    kind: BracketKind = BracketKind.SINGLE,
    third_place: bool = False,
    reset: bool = True,
) -> Bracket:
    """The bracket of ``seeds`` players (2 to 4,096) with standard seeding, byes to the top
    seeds when ``seeds`` is not a power of two, and the matches numbered in an order of play."""
    if not 2 <= seeds <= MAX_SEEDS:
        raise KnockoutError(f"a knockout has 2 to {MAX_SEEDS} players, not {seeds}")
    size = 1 << (seeds - 1).bit_length()
    order = seeding_order(size)
    first_round = tuple(
        (order[i], order[i + 1] if order[i + 1] <= seeds else None) for i in range(0, size, 2)
    )
    builder = _Builder()
    # Winners' bracket round by round; the losers' rounds that each one feeds follow it.
    winners: list[list[_Slot]] = []
    current: list[tuple[Source | None, Source | None]] = [
        (Seed(a), None if b is None else Seed(b)) for a, b in first_round
    ]
    losers_prev: list[_Slot] = []
    lround = 0
    rounds = size.bit_length() - 1
    for r in range(1, rounds + 1):
        if kind is BracketKind.SINGLE and third_place and r == rounds and rounds >= 2:
            semis = winners[-1]
            builder.add(Section.THIRD, 1, semis[0].loser, semis[1].loser)
        slots = [builder.add(Section.WINNERS, r, top, bottom) for top, bottom in current]
        winners.append(slots)
        current = [(slots[i].winner, slots[i + 1].winner) for i in range(0, len(slots) - 1, 2)]
        if kind is BracketKind.SINGLE or rounds == 1:
            continue
        if r == 1:
            lround = 1
            losers_prev = [
                builder.add(Section.LOSERS, 1, slots[i].loser, slots[i + 1].loser)
                for i in range(0, len(slots), 2)
            ]
            continue
        # A drop round: the losers' bracket survivors meet this round's losers, in reversed
        # order every other round so that two players do not meet again at once.
        dropped = [s.loser for s in slots]
        if r % 2 == 0:
            dropped.reverse()
        lround += 1
        drop = [
            builder.add(Section.LOSERS, lround, survivor.winner, loser)
            for survivor, loser in zip(losers_prev, dropped, strict=True)
        ]
        if r < rounds:
            lround += 1
            drop = [
                builder.add(Section.LOSERS, lround, drop[i].winner, drop[i + 1].winner)
                for i in range(0, len(drop), 2)
            ]
        losers_prev = drop
    if kind is BracketKind.DOUBLE:
        champion = winners[-1][0]
        challenger = losers_prev[0].winner if losers_prev else champion.loser
        final = builder.add(Section.FINAL, 1, champion.winner, challenger)
        if reset:
            builder.add(Section.RESET, 1, final.top, final.bottom, always=True)
    return Bracket(seeds, kind, third_place, reset, tuple(builder.matches), first_round)


@dataclass(slots=True)
class _Slot:
    """A place in the bracket while it is drawn: a real match, or one a bye leaves empty
    (whose winner is the one player it has, and whose loser is no one)."""

    top: Source | None
    bottom: Source | None
    winner: Source | None
    loser: Source | None


class _Builder:
    def __init__(self) -> None:
        self.matches: list[BracketMatch] = []

    def add(
        self,
        section: Section,
        rnd: int,
        top: Source | None,
        bottom: Source | None,
        always: bool = False,
    ) -> _Slot:
        if top is None or bottom is None:
            if always:
                raise AssertionError("a grand final has two players")
            return _Slot(top, bottom, top if bottom is None else bottom, None)
        number = len(self.matches) + 1
        self.matches.append(BracketMatch(number, section, rnd, top, bottom))
        return _Slot(top, bottom, WinnerOf(number), LoserOf(number))


def round_name(bracket: Bracket, section: Section, rnd: int) -> str:
    """A round in an organiser's words: Final, Semi-finals, Quarter-finals, Round of 16;
    Losers' round 3; Grand final."""
    if section is Section.THIRD:
        return "Third-place match"
    if section is Section.FINAL:
        return "Grand final"
    if section is Section.RESET:
        return "Grand final reset"
    if section is Section.LOSERS:
        last = 2 * bracket.winners_rounds - 2
        return "Losers' final" if rnd == last else f"Losers' round {rnd}"
    left = bracket.winners_rounds - rnd  # rounds after this one
    players = 2 << left
    prefix = "Winners' " if bracket.kind is BracketKind.DOUBLE else ""
    names = {1: "final", 2: "semi-finals", 4: "quarter-finals"}
    name = names.get(players // 2, f"round of {players}")
    if prefix:
        return prefix + name
    return name[0].upper() + name[1:]


# --- the stage and its results ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchGames:
    """The games of one match so far, in the order played."""

    match: int
    games: tuple[Game, ...]


@dataclass(frozen=True, slots=True)
class KnockoutStage:
    """A knockout stage: its rules, its seeds (seed 1 first) and the games played.

    ``lot`` seeds the lots the stage draws (White in a match's first game when the rules say
    so, White in an Armageddon): drawn once when the stage starts and kept, so that every
    replay of the log draws the same."""

    rules: KnockoutRules
    seeds: tuple[PlayerId, ...]
    results: tuple[MatchGames, ...] = ()
    lot: int = 0
    _bracket: Bracket | None = field(default=None, init=False, repr=False, compare=False)
    _seed_of: dict[PlayerId, int] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _state: BracketState | None = field(default=None, init=False, repr=False, compare=False)
    _changed_from: InitVar[tuple[BracketState, int] | None] = None
    """Private: the state of the stage this one was made from by :meth:`with_games` and the
    match whose games changed, so that only what that match decides is worked out again."""

    def __post_init__(self, _changed_from: tuple[BracketState, int] | None) -> None:
        if _changed_from is not None:
            # Made by with_games from a stage that passed every check: the same seeds and
            # bracket, one match's games changed (checked when its state is worked out).
            before = _changed_from[0].stage
            object.__setattr__(self, "_seed_of", before._seed_of)
            object.__setattr__(self, "_bracket", before._bracket)
            object.__setattr__(self, "_state", _work_out(self, _changed_from))
            return
        if len(set(self.seeds)) != len(self.seeds):
            raise KnockoutError("a player is seeded twice")
        object.__setattr__(self, "_seed_of", {p: i for i, p in enumerate(self.seeds, start=1)})
        bracket = draw_bracket(
            len(self.seeds), self.rules.kind, self.rules.third_place, self.rules.reset
        )
        object.__setattr__(self, "_bracket", bracket)
        numbers = [r.match for r in self.results]
        if len(set(numbers)) != len(numbers):
            raise KnockoutError("a match has two sets of games")
        for number in numbers:
            bracket.match(number)
        # Kept in match order, so that a match's games are found by bisection.
        object.__setattr__(self, "results", tuple(sorted(self.results, key=_by_match)))
        # Games that do not fit the bracket are refused here; the state is kept, as the
        # stage never changes (a frozen stage has one state).
        object.__setattr__(self, "_state", _work_out(self))

    @property
    def bracket(self) -> Bracket:
        assert self._bracket is not None
        return self._bracket

    def games(self, match: int) -> tuple[Game, ...]:
        at = bisect.bisect_left(self.results, match, key=_by_match)
        if at < len(self.results) and self.results[at].match == match:
            return self.results[at].games
        return ()

    def seed_of(self, player: PlayerId) -> int:
        return self._seed_of[player]

    def with_games(self, match: int, games: Sequence[Game]) -> KnockoutStage:
        """The stage with the games of ``match`` replaced (none: the match not played)."""
        self.bracket.match(match)  # an unknown match refused in words
        results = self.results
        at = bisect.bisect_left(results, match, key=_by_match)
        end = at + 1 if at < len(results) and results[at].match == match else at
        made = (MatchGames(match, tuple(games)),) if games else ()
        changed = results[:at] + made + results[end:]
        return KnockoutStage(
            self.rules, self.seeds, changed, self.lot, (bracket_state(self), match)
        )


def _by_match(r: MatchGames) -> int:
    return r.match


class MatchStatus(enum.StrEnum):
    WAITING = "waiting"
    """A player is not known yet (an earlier match is not decided)."""
    READY = "ready"
    """Both players known, no game played."""
    PLAYING = "playing"
    DECIDED = "decided"
    NOT_NEEDED = "not needed"
    """A grand-final reset after the winners' bracket winner won the grand final."""


@dataclass(frozen=True, slots=True)
class NextGame:
    """The next game of a match: its number in the match, its phase, and who has White
    (chess) or who chooses to play or draw first (card and board games)."""

    number: int
    phase: Phase
    white: PlayerId | None
    chooser: PlayerId | None


@dataclass(frozen=True, slots=True)
class MatchState:
    match: BracketMatch
    top: PlayerId | None
    bottom: PlayerId | None
    games: tuple[Game, ...]
    status: MatchStatus
    winner: PlayerId | None = None
    next_game: NextGame | None = None
    score: tuple[int, int] = (0, 0)
    """Points of top and bottom in half points over all games (chess), or games won
    (card and board games)."""
    forfeited_by: PlayerId | None = None

    @property
    def loser(self) -> PlayerId | None:
        if self.winner is None:
            return None
        return self.bottom if self.winner == self.top else self.top

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(p for p in (self.top, self.bottom) if p is not None)

    @property
    def current(self) -> bool:
        """Ready or under way: a match the venue is playing now."""
        return self.status in (MatchStatus.READY, MatchStatus.PLAYING)


@dataclass(frozen=True, slots=True)
class BracketState:
    stage: KnockoutStage
    matches: tuple[MatchState, ...]

    @property
    def bracket(self) -> Bracket:
        return self.stage.bracket

    def match(self, number: int) -> MatchState:
        self.bracket.match(number)
        return self.matches[number - 1]

    @property
    def champion(self) -> PlayerId | None:
        if self.bracket.kind is BracketKind.SINGLE:
            final = self.bracket.section(Section.WINNERS)[-1]
            return self.matches[final.number - 1].winner
        final_state = next(m for m in self.matches if m.match.section is Section.FINAL)
        if final_state.winner is None:
            return None
        reset = [m for m in self.matches if m.match.section is Section.RESET]
        if reset and reset[0].status is not MatchStatus.NOT_NEEDED:
            return reset[0].winner
        return final_state.winner

    @property
    def finished(self) -> bool:
        return all(m.status in (MatchStatus.DECIDED, MatchStatus.NOT_NEEDED) for m in self.matches)

    def current(self) -> tuple[MatchState, ...]:
        return tuple(m for m in self.matches if m.current)

    def matches_of(self, player: PlayerId) -> Iterator[MatchState]:
        return (m for m in self.matches if player in (m.top, m.bottom))


def bracket_state(stage: KnockoutStage) -> BracketState:
    """Who plays each match and what its games decided (worked out once, when the stage was
    made: a stage whose games do not fit the bracket cannot be made)."""
    assert stage._state is not None
    return stage._state


def _work_out(
    stage: KnockoutStage, changed_from: tuple[BracketState, int] | None = None
) -> BracketState:
    """Who plays each match and what its games decided; :class:`KnockoutError` if the games
    recorded do not fit (games in a match whose players are not known, games after the match
    was decided, a player who is not in the match).

    With ``changed_from`` (the state of the stage before and the match whose games changed),
    only that match is worked out again, then each later match it feeds if it came out
    differently, and so on: every other match has the same players and the same games as
    before, so the same state (a result costs what it decides, not the whole bracket)."""
    states: list[MatchState] = []

    def player(source: Source) -> PlayerId | None:
        if isinstance(source, Seed):
            return stage.seeds[source.seed - 1]
        found = states[source.match - 1]
        return found.winner if isinstance(source, WinnerOf) else found.loser

    matches = stage.bracket.matches
    if changed_from is None:
        recorded = {r.match: r.games for r in stage.results}
        for m in matches:
            last = states[-1] if states else None
            states.append(_match_state(stage, m, recorded.get(m.number, ()), player, last))
        return BracketState(stage, tuple(states))
    before, changed = changed_from
    states = list(before.matches)
    # Worked out in match order (a match draws its players from earlier ones only).
    waiting = [changed]
    while waiting:
        number = heapq.heappop(waiting)
        m = matches[number - 1]
        last = states[number - 2] if number > 1 else None
        made = _match_state(stage, m, stage.games(number), player, last)
        if made != states[number - 1]:
            states[number - 1] = made
            for later in stage.bracket.feeds[number - 1]:
                if later not in waiting:
                    heapq.heappush(waiting, later)
    return BracketState(stage, tuple(states))


def _match_state(
    stage: KnockoutStage,
    m: BracketMatch,
    games: tuple[Game, ...],
    player: Callable[[Source], PlayerId | None],
    previous: MatchState | None,
) -> MatchState:
    """The state of match ``m`` (``previous``: the state of the match before it, which a
    grand-final reset follows)."""
    top, bottom = player(m.top), player(m.bottom)
    if m.section is Section.RESET:
        final = previous
        assert final is not None  # a reset follows its grand final
        if final.winner is not None and final.winner == final.top:
            if games:
                raise KnockoutError(
                    f"match {m.number} (the grand final reset) is not played: the "
                    "winners' bracket winner won the grand final"
                )
            return MatchState(m, top, bottom, (), MatchStatus.NOT_NEEDED)
        if final.winner is None:
            top = bottom = None
    if top is None or bottom is None:
        if games:
            raise KnockoutError(f"match {m.number} has games but its players are not known yet")
        return MatchState(m, top, bottom, (), MatchStatus.WAITING)
    return _decide(stage, m, top, bottom, games)


def _higher_seed(stage: KnockoutStage, a: PlayerId, b: PlayerId) -> PlayerId:
    return a if stage.seed_of(a) < stage.seed_of(b) else b


def _lot(stage: KnockoutStage, match: int, game: int, a: PlayerId, b: PlayerId) -> PlayerId:
    """A lot drawn between ``a`` and ``b`` for one game, the same on every replay."""
    return (a, b)[random.Random(f"{stage.lot}:{match}:{game}").randrange(2)]


_POINTS = {
    GameResult.WHITE_WINS: (2, 0),
    GameResult.DRAW: (1, 1),
    GameResult.BLACK_WINS: (0, 2),
}
"""Half points of White and Black for a game played."""


def _decide(
    stage: KnockoutStage,
    m: BracketMatch,
    top: PlayerId,
    bottom: PlayerId,
    games: tuple[Game, ...],
) -> MatchState:
    fmt = stage.rules.match
    phase_index = 0
    # Counted as the games go (the games of the current phase only in ``in_phase``): a
    # state of a large bracket decides every match again, so each match costs its games once.
    in_phase = 0
    phase_wins = {top: 0, bottom: 0}
    phase_halves = {top: 0, bottom: 0}
    total = {top: 0, bottom: 0}
    wins = {top: 0, bottom: 0}
    winner: PlayerId | None = None
    forfeited_by: PlayerId | None = None
    chooser = _higher_seed(stage, top, bottom)
    for number, game in enumerate(games, start=1):
        if winner is not None:
            raise KnockoutError(
                f"match {m.number} was decided after game {number - 1}: game {number} "
                "is one too many"
            )
        if {game.white, game.black} != {top, bottom}:
            raise KnockoutError(f"game {number} of match {m.number} is not between its players")
        result = game.result
        if result is None:
            raise KnockoutError(f"game {number} of match {m.number} has no result")
        if result is GameResult.DOUBLE_FORFEIT:
            raise KnockoutError(
                f"game {number} of match {m.number}: one player must go through; enter the "
                "forfeit of the one who did not play"
            )
        if not result.played:
            # A forfeited game loses the match: a knockout has no later round to make it up.
            forfeited_by = game.black if result is GameResult.WHITE_WINS_BY_FORFEIT else game.white
            winner = game.white if forfeited_by == game.black else game.black
            wins[winner] += 1
            continue
        phase = fmt.phases[phase_index]
        white_points, black_points = _POINTS[result]
        total[game.white] += white_points
        total[game.black] += black_points
        phase_halves[game.white] += white_points
        phase_halves[game.black] += black_points
        if result is not GameResult.DRAW:
            won = game.white if result is GameResult.WHITE_WINS else game.black
            wins[won] += 1
            phase_wins[won] += 1
        in_phase += 1
        if phase.kind is PhaseKind.BEST_OF:
            if result is not GameResult.DRAW:
                chooser = game.black if white_points else game.white
            for p in (top, bottom):
                if phase_wins[p] > phase.games // 2:
                    winner = p
            continue
        if phase.kind is PhaseKind.ARMAGEDDON:
            winner = game.white if result is GameResult.WHITE_WINS else game.black
            continue
        left = phase.games - in_phase
        lead = phase_halves[top] - phase_halves[bottom]
        if abs(lead) > 2 * left:
            winner = top if lead > 0 else bottom
        elif left == 0:
            # Level after the phase: the next one, or this one again if it is the last.
            phase_index = min(phase_index + 1, len(fmt.phases) - 1)
            in_phase = 0
            phase_wins = {top: 0, bottom: 0}
            phase_halves = {top: 0, bottom: 0}
    score = (total[top], total[bottom]) if fmt.coloured else (wins[top], wins[bottom])
    if winner is not None:
        return MatchState(
            m, top, bottom, games, MatchStatus.DECIDED, winner, None, score, forfeited_by
        )
    number = len(games) + 1
    phase = fmt.phases[phase_index]
    white: PlayerId | None = None
    if fmt.coloured:
        if not games:
            white = (
                _lot(stage, m.number, number, top, bottom)
                if stage.rules.first_white is FirstWhite.LOT
                else _higher_seed(stage, top, bottom)
            )
        elif in_phase == 0:
            # Each tie-break phase (the Armageddon too) starts after a new drawing of
            # colours, as FIDE's knockout regulations have it; within a phase they alternate.
            white = _lot(stage, m.number, number, top, bottom)
        else:
            white = games[-1].black
    status = MatchStatus.PLAYING if games else MatchStatus.READY
    next_game = NextGame(number, phase, white, None if fmt.coloured else chooser)
    return MatchState(m, top, bottom, games, status, None, next_game, score)


# --- placings ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Placing:
    """A player's final place in the knockout: ``first`` to ``last`` when several share it
    (the losing quarter-finalists share 5-8)."""

    player: PlayerId
    first: int
    last: int

    @property
    def text(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


def placings(state: BracketState) -> tuple[Placing, ...]:
    """The places decided so far, best first (a shared place in seed order): the winner 1,
    the finalist 2, then the players knocked out in each round, those knocked out later
    ahead; the third-place match splits 3-4."""
    bracket = state.bracket
    n = bracket.seeds
    out: list[Placing] = []
    # Each match that knocks a player out, grouped as the rounds that knock players out.
    groups: list[tuple[tuple[Section, int], list[MatchState]]] = []
    for ms in state.matches:
        section = ms.match.section
        knocks_out = (
            section is Section.WINNERS
            if bracket.kind is BracketKind.SINGLE
            else section is not Section.WINNERS
        )
        if not knocks_out or section is Section.THIRD:
            continue
        key = (section, ms.match.round)
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(ms)
    # Double elimination: the grand final and its reset decide places 1 and 2 together.
    if bracket.kind is BracketKind.DOUBLE:
        final = [g for g in groups if g[0][0] in (Section.FINAL, Section.RESET)]
        groups = [g for g in groups if g[0][0] not in (Section.FINAL, Section.RESET)]
    else:
        final = [groups.pop()]
    # Players still in after each group: the field less everyone knocked out up to then.
    remaining = n
    for _, matches in groups:
        first = remaining - len(matches) + 1
        for ms in sorted(matches, key=lambda x: _seed_key(state, x.loser)):
            if ms.loser is not None:
                out.append(Placing(ms.loser, first, remaining))
        remaining -= len(matches)
    champion = state.champion
    if champion is not None:
        finals = [ms for _, g in final for ms in g if ms.status is MatchStatus.DECIDED]
        runner_up = finals[-1].loser
        assert runner_up is not None
        out.append(Placing(runner_up, 2, 2))
        out.append(Placing(champion, 1, 1))
    third = [m for m in state.matches if m.match.section is Section.THIRD]
    if third and third[0].winner is not None:
        split = {third[0].winner: 3, third[0].loser: 4}
        out = [
            Placing(p.player, split[p.player], split[p.player]) if p.player in split else p
            for p in out
        ]
    out.sort(key=lambda p: (p.first, state.stage.seed_of(p.player)))
    return tuple(out)


def _seed_key(state: BracketState, player: PlayerId | None) -> int:
    return 0 if player is None else state.stage.seed_of(player)
