"""The FIDE Double-Swiss (C.04.5, 2026): every pairing is a match of two games between the same
two players, game 2 with the colours of game 1 reversed; byes apply to whole matches.

Points are integers in **half points** (a game won = 2, a game drawn = 1), as the spec
(``spec/double-swiss.md``) counts them; :func:`fairpair.core.format_points` shows them after
multiplying by five (tenths).

A player's *score* is the sum of his game points over the earlier matches plus his bye values
(spec §1.3): the Double-Swiss pairs on game points. *Match points* (a match won, drawn or lost
on its game points) are kept for standings that want them (:func:`match_points`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from fairpair.core.player import Player, PlayerId
from fairpair.core.results import Colour
from fairpair.core.tournament import Acceleration, ForbiddenPairs

__all__ = [
    "ByeValues",
    "DoubleRound",
    "DoubleSwissTournament",
    "Mark",
    "Match",
    "MatchBye",
    "MatchByeKind",
    "MatchEntry",
    "MatchOutcome",
    "RequestedMatchBye",
    "iter_matches",
    "match_entries",
    "match_points",
    "scores",
]


class Mark(enum.Enum):
    """One player's result of one game (the TRF result codes of spec §9.1)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"

    @property
    def points(self) -> int:
        """Game points in halves: a win or forfeit win 2, a draw 1, a loss 0 (spec §1.2)."""
        return {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0}[self.value]

    @property
    def over_the_board(self) -> bool:
        """Played over the board (not a forfeit)."""
        return self in (Mark.WIN, Mark.DRAW, Mark.LOSS)


_PLAYED_GAMES = {
    (Mark.WIN, Mark.LOSS),
    (Mark.LOSS, Mark.WIN),
    (Mark.DRAW, Mark.DRAW),
    # The Preface's odd results: 1/2-0 and 0-0 (both flags fall, an arbiter's decision).
    (Mark.DRAW, Mark.LOSS),
    (Mark.LOSS, Mark.DRAW),
    (Mark.LOSS, Mark.LOSS),
}
_FORFEITED_GAMES = {
    (Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS),
    (Mark.FORFEIT_LOSS, Mark.FORFEIT_WIN),
    (Mark.FORFEIT_LOSS, Mark.FORFEIT_LOSS),
}


def valid_game(first: Mark, second: Mark) -> bool:
    """Whether two players' marks of one game go together (a win against a loss, ...)."""
    return (first, second) in _PLAYED_GAMES or (first, second) in _FORFEITED_GAMES


@dataclass(frozen=True, slots=True)
class Match:
    """A match of two games (spec §1.1): ``white`` has White in game 1 and Black in game 2.

    ``games`` holds, for game 1 and game 2, the marks of (``white``, ``black``) - the two
    players of the match in that order whatever their colour in the game; ``None`` while the
    match is not finished.
    """

    white: PlayerId
    black: PlayerId
    games: tuple[tuple[Mark, Mark], tuple[Mark, Mark]] | None = None

    def __post_init__(self) -> None:
        if self.white == self.black:
            raise ValueError(f"player {self.white} cannot play a match against himself")
        if self.games is not None:
            for number, (a, b) in enumerate(self.games, start=1):
                if not valid_game(a, b):
                    raise ValueError(
                        f"game {number} of {self.white}-{self.black}: {a.value} against "
                        f"{b.value} is not a result"
                    )

    @property
    def players(self) -> tuple[PlayerId, PlayerId]:
        return (self.white, self.black)

    def opponent(self, player: PlayerId) -> PlayerId:
        return self.black if player == self.white else self.white

    def marks(self, player: PlayerId) -> tuple[Mark, Mark]:
        """The player's marks of game 1 and game 2."""
        if self.games is None:
            raise ValueError(f"the match {self.white}-{self.black} has no result")
        side = 0 if player == self.white else 1
        return (self.games[0][side], self.games[1][side])

    @property
    def finished(self) -> bool:
        return self.games is not None

    def forfeited_by(self, player: PlayerId) -> bool:
        """The player forfeited both games (spec §2.1)."""
        return self.games is not None and all(m is Mark.FORFEIT_LOSS for m in self.marks(player))

    @property
    def forfeited(self) -> bool:
        """A forfeited match (Preface, spec §2.1): at least one player forfeited both games.
        The pair has not met, nobody had a colour, nobody floated."""
        return self.forfeited_by(self.white) or self.forfeited_by(self.black)

    @property
    def played(self) -> bool:
        """A played match (spec §2.2): finished and not forfeited, even with a single game
        forfeited (or one game forfeited by each player, §11 R1)."""
        return self.finished and not self.forfeited

    @property
    def has_colour(self) -> bool:
        """A game of it was played over the board (1.6, spec §2.3)."""
        return self.games is not None and any(
            a.over_the_board and b.over_the_board for a, b in self.games
        )

    def won_by_forfeit(self, player: PlayerId) -> bool:
        """The opponent forfeited both games and the player did not (spec §2.1, [C2])."""
        return self.forfeited_by(self.opponent(player)) and not self.forfeited_by(player)

    def points(self, player: PlayerId) -> int:
        """The player's game points of the match in halves (0 while unfinished)."""
        if self.games is None:
            return 0
        return sum(m.points for m in self.marks(player))

    def colour(self, player: PlayerId) -> Colour:
        """The player's colour in game 1 (game 2 is the opposite, 4.4)."""
        return Colour.WHITE if player == self.white else Colour.BLACK


class MatchByeKind(enum.Enum):
    """A whole match without an opponent (spec §2.4); the values are the TRF codes."""

    PAIRING_ALLOCATED = "U"
    HALF_POINT = "H"
    FULL_POINT = "F"
    ZERO_POINT = "Z"

    @property
    def requested(self) -> bool:
        return self is not MatchByeKind.PAIRING_ALLOCATED

    @property
    def bars_pab(self) -> bool:
        """[C2] (spec §2.7): a PAB or a full-point bye bars a later PAB."""
        return self in (MatchByeKind.PAIRING_ALLOCATED, MatchByeKind.FULL_POINT)


@dataclass(frozen=True, slots=True)
class ByeValues:
    """What a bye is worth, once per match, in halves (spec §2.4, §11 R9; TRF 162 P, H, F)."""

    pairing_allocated: int = 3
    half_point: int = 2
    full_point: int = 4
    zero_point: int = 0

    def __post_init__(self) -> None:
        # A match is two games: a bye cannot be worth more than winning both, nor less than 0.
        for kind in MatchByeKind:
            if not 0 <= self.of(kind) <= 4:
                raise ValueError(
                    f"a {kind.name.lower().replace('_', '-')} bye is worth 0 to 2 points"
                )

    def of(self, kind: MatchByeKind) -> int:
        return {
            MatchByeKind.PAIRING_ALLOCATED: self.pairing_allocated,
            MatchByeKind.HALF_POINT: self.half_point,
            MatchByeKind.FULL_POINT: self.full_point,
            MatchByeKind.ZERO_POINT: self.zero_point,
        }[kind]


@dataclass(frozen=True, slots=True)
class MatchBye:
    """A player's bye for a whole match."""

    player: PlayerId
    kind: MatchByeKind


@dataclass(frozen=True, slots=True)
class RequestedMatchBye:
    """A bye asked for (or an absence announced) before round ``round`` is paired."""

    round: int
    player: PlayerId
    kind: MatchByeKind

    def __post_init__(self) -> None:
        if self.kind is MatchByeKind.PAIRING_ALLOCATED:
            raise ValueError("the pairing-allocated bye is given by the pairing, not requested")


@dataclass(frozen=True, slots=True)
class DoubleRound:
    """One match-round: its matches in board order and its byes."""

    number: int
    matches: tuple[Match, ...]
    byes: tuple[MatchBye, ...] = ()

    def __post_init__(self) -> None:
        seen: set[PlayerId] = set()
        for pid in [p for m in self.matches for p in m.players] + [b.player for b in self.byes]:
            if pid in seen:
                raise ValueError(f"player {pid} appears twice in round {self.number}")
            seen.add(pid)

    def match_of(self, player: PlayerId) -> Match | None:
        for match in self.matches:
            if player in match.players:
                return match
        return None

    def bye_of(self, player: PlayerId) -> MatchBye | None:
        for bye in self.byes:
            if bye.player == player:
                return bye
        return None


@dataclass(frozen=True, slots=True)
class DoubleSwissTournament:
    """A Double-Swiss event as it stands: players by TPN, the match-rounds so far, what is
    known of the rounds to come (requested byes, withdrawals), forbidden pairs."""

    players: tuple[Player, ...]
    rounds: tuple[DoubleRound, ...] = ()
    total_rounds: int | None = None
    """Declared number of match-rounds (TRF ``142`` / 2)."""
    initial_colour: Colour | None = None
    """Drawn by lot before round 1 (4.1, TRF ``152``)."""
    byes: ByeValues = field(default_factory=ByeValues)
    requested_byes: tuple[RequestedMatchBye, ...] = ()
    withdrawn: Mapping[PlayerId, int] = field(default_factory=dict)
    """Player -> the first round he no longer plays."""
    forbidden: tuple[ForbiddenPairs, ...] = ()
    """Players kept apart by the arbiter (absolute, like C1), rounds counted in matches."""
    name: str = ""
    system: str = "FIDE_DOUBLESWISS"
    """The TRF ``192`` code; ``FIDE_DOUBLESWISS_BAKU`` asks for Baku acceleration (spec §10)."""
    accelerations: tuple[Acceleration, ...] = ()
    """Virtual points for pairing, each for one player in one match-round, in **halves** as
    every Double-Swiss number (TRF ``250``/``XXA``, spec §10). Any record, a zero one
    included, replaces the Baku table of the ``192`` code."""

    def __post_init__(self) -> None:
        ids = [p.id for p in self.players]
        if len(set(ids)) != len(ids):
            raise ValueError("a player id is given twice")
        for number, rnd in enumerate(self.rounds, start=1):
            if rnd.number != number:
                raise ValueError(f"round {rnd.number} is stored as round {number}")
            for pid in [p for m in rnd.matches for p in m.players] + [b.player for b in rnd.byes]:
                if pid not in set(ids):
                    raise ValueError(f"round {number} names player {pid}, who is not registered")
        named = {
            "a requested bye": [b.player for b in self.requested_byes],
            "a withdrawal": list(self.withdrawn),
            "a forbidden pair": [x for group in self.forbidden for x in group.players],
            "an acceleration": [a.player for a in self.accelerations],
        }
        for what, pids in named.items():
            for pid in pids:
                if pid not in set(ids):
                    raise ValueError(f"{what} names player {pid}, who is not registered")
        if self.total_rounds is not None and self.total_rounds < 1:
            raise ValueError(f"an event has at least 1 round, not {self.total_rounds}")

    @property
    def player_ids(self) -> tuple[PlayerId, ...]:
        return tuple(sorted(p.id for p in self.players))

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def absence(self, player: PlayerId, round_number: int) -> MatchByeKind | None:
        """The announced absence of a player from round ``round_number``, if any (spec §1.6)."""
        since = self.withdrawn.get(player)
        if since is not None and round_number >= since:
            return MatchByeKind.ZERO_POINT
        for bye in self.requested_byes:
            if bye.round == round_number and bye.player == player:
                return bye.kind
        return None

    def to_pair(self, round_number: int | None = None) -> tuple[PlayerId, ...]:
        """Who is paired in the round (spec §1.6): everybody without an announced absence."""
        r = self.next_round if round_number is None else round_number
        return tuple(pid for pid in self.player_ids if self.absence(pid, r) is None)

    def before_round(self, round_number: int) -> DoubleSwissTournament:
        """The event as it stood before round ``round_number`` was paired (spec §9.3): the
        earlier rounds; of that round and the later ones only the absences announced (requested
        byes and zero-point byes) remain, as requests."""
        kept = self.rounds[: round_number - 1]
        requested = [b for b in self.requested_byes if b.round >= round_number]
        for rnd in self.rounds[round_number - 1 :]:
            requested.extend(
                RequestedMatchBye(rnd.number, bye.player, bye.kind)
                for bye in rnd.byes
                if bye.kind.requested
            )
        requested.sort(key=lambda b: (b.round, b.player))
        return replace(self, rounds=kept, requested_byes=tuple(requested))

    def virtual_points(self, player: PlayerId, round_number: int) -> int:
        """The player's virtual points (halves) of the explicit records for that match-round."""
        return sum(
            a.points for a in self.accelerations if a.player == player and a.round == round_number
        )

    def forbidden_pairs(self, round_number: int) -> frozenset[frozenset[PlayerId]]:
        """The pairs kept apart in round ``round_number``."""
        return frozenset(
            frozenset((a, b))
            for group in self.forbidden
            if group.applies_to(round_number)
            for i, a in enumerate(group.players)
            for b in group.players[i + 1 :]
            if a != b
        )


class MatchOutcome(enum.Enum):
    """What a round was for one player."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    BYE = "bye"
    ABSENT = "absent"


@dataclass(frozen=True, slots=True)
class MatchEntry:
    """One player's round, as the pairing and the standings see it."""

    round: int
    outcome: MatchOutcome
    points: int
    """Game points in halves (the bye's value for a bye)."""
    opponent: PlayerId | None = None
    colour: Colour | None = None
    """Game-1 colour of a match with a game played over the board (spec §2.3)."""
    bye: MatchByeKind | None = None
    match: Match | None = None


def _entry(
    t: DoubleSwissTournament,
    rnd: DoubleRound,
    pid: PlayerId,
    matches: Mapping[PlayerId, Match],
    byes: Mapping[PlayerId, MatchBye],
) -> MatchEntry:
    match = matches.get(pid)
    if match is not None:
        points = match.points(pid)
        opponent = match.opponent(pid)
        colour = match.colour(pid) if match.has_colour else None
        if match.won_by_forfeit(pid):
            outcome = MatchOutcome.FORFEIT_WIN
        elif match.forfeited:
            outcome = MatchOutcome.FORFEIT_LOSS
        else:
            outcome = MatchOutcome.PLAYED
        return MatchEntry(rnd.number, outcome, points, opponent, colour, None, match)
    bye = byes.get(pid)
    if bye is not None:
        return MatchEntry(rnd.number, MatchOutcome.BYE, t.byes.of(bye.kind), bye=bye.kind)
    return MatchEntry(rnd.number, MatchOutcome.ABSENT, 0)


def match_entries(t: DoubleSwissTournament) -> dict[PlayerId, tuple[MatchEntry, ...]]:
    """Every player's rounds so far, oldest first."""
    rows: dict[PlayerId, list[MatchEntry]] = {pid: [] for pid in t.player_ids}
    for rnd in t.rounds:
        matches = {pid: m for m in rnd.matches for pid in m.players}
        byes = {b.player: b for b in rnd.byes}
        for pid, row in rows.items():
            row.append(_entry(t, rnd, pid, matches, byes))
    return {pid: tuple(row) for pid, row in rows.items()}


def scores(t: DoubleSwissTournament, before_round: int | None = None) -> dict[PlayerId, int]:
    """Each player's score in halves (1.2.1, spec §1.3): game points of the earlier matches plus
    bye values, over rounds ``1 .. before_round - 1`` (all rounds by default)."""
    last = len(t.rounds) if before_round is None else before_round - 1
    return {pid: sum(e.points for e in rows[:last]) for pid, rows in match_entries(t).items()}


def match_points(entry: MatchEntry) -> int:
    """Match points of one round: 2 for a match won on game points, 1 drawn, 0 lost; a bye
    counts as the match its value stands for (a PAB of 1½ wins, a half-point bye draws).
    A match forfeited by both players is lost by both (0-0 on games is no drawn match: a
    double forfeit, as C.04.6 scores a team match forfeited by both teams)."""
    if entry.outcome is MatchOutcome.FORFEIT_LOSS:
        return 0
    if entry.match is not None:
        assert entry.opponent is not None
        mine, opponent_points = entry.points, entry.match.points(entry.opponent)
        return 2 if mine > opponent_points else 1 if mine == opponent_points else 0
    if entry.outcome is MatchOutcome.BYE:
        return 2 if entry.points > 2 else 1 if entry.points == 2 else 0
    return 0


def iter_matches(t: DoubleSwissTournament) -> Iterator[tuple[int, Match]]:
    """Every match of the event with its round number."""
    for rnd in t.rounds:
        for match in rnd.matches:
            yield rnd.number, match
