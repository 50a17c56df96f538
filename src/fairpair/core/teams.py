"""Team events: teams with their rosters, matches made of boards, and what a round was for a team.

A team is a competitor made of players. Its id is its team pairing number (TPN), and wherever the
pairing layer speaks of competitors (a :class:`~fairpair.core.pairing.Pairing`, forbidden pairs,
requested byes) a team event puts TPNs where an individual event puts player ids. The players
themselves are ordinary :class:`~fairpair.core.player.Player` records (TRF ``001`` lines); a
team's roster lists their ids in board order.

Points are integers in tenths as everywhere in fairpair: match points (MP) by the event's
:class:`TeamScoring`, game points (GP) by its board point system. What a round was for a team is
derived once, by :func:`team_entries` (rules of C.04.6 Art. 1 and GHR 3, as the spec's §1.5-1.8
and §12.11 state them), and read by the pairing system and the standings alike.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass, field

from fairpair.core.history import outcome_points
from fairpair.core.player import Player, PlayerId
from fairpair.core.points import CHESS, PointSystem
from fairpair.core.results import ByeKind, Colour, GameResult, Outcome, side_outcome
from fairpair.core.tournament import EventDetails, ForbiddenPairs, RequestedBye

TeamId = int
"""A team's pairing number (TPN), 1-based, unique in an event."""

MAX_ROSTER = 14
"""The most players a TRF-2026 ``310`` record can list."""


class ColourModel(enum.Enum):
    """How a team's colour preference is found (C.04.6 1.7)."""

    TYPE_A = "A"
    """Preferences without strength (1.7.1); the default."""
    TYPE_B = "B"
    """Strong and mild preferences (1.7.2)."""
    NONE = "none"
    """No preferences: C8 and C9 never count."""


class PrimaryScore(enum.Enum):
    """The score that ranks and pairs the teams (C.04.6 1.2)."""

    MATCH_POINTS = "MP"
    GAME_POINTS = "GP"

    @property
    def other(self) -> PrimaryScore:
        if self is PrimaryScore.MATCH_POINTS:
            return PrimaryScore.GAME_POINTS
        return PrimaryScore.MATCH_POINTS


@dataclass(frozen=True, slots=True)
class TeamScoring:
    """What a match is worth: match points for the team result, game points for the boards.

    Defaults: match points 2 / 1 / 0 (TRF ``362``), boards 1 / ½ / 0 (TRF ``162``), match points
    primary and game points secondary, used for colours (4.2.2). The pairing-allocated bye is
    worth a drawn match: ``TD`` match points and B × draw game points unless the event says
    otherwise (TRF ``320``; C.04.6 1.4).
    """

    win: int = 20
    draw: int = 10
    loss: int = 0
    games: PointSystem = CHESS
    """Points of one board game (a forfeit win counts as a win, an empty board 0)."""
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    secondary_used: bool = True
    """Whether the secondary score decides the first-team of a pair (4.2.2)."""
    pab_match_points: int | None = None
    """MP of a pairing-allocated bye; ``None`` means ``draw``."""
    pab_game_points: int | None = None
    """GP of a pairing-allocated bye; ``None`` means the number of boards × a board draw."""

    def __post_init__(self) -> None:
        if not self.loss <= self.draw <= self.win:
            raise ValueError(
                f"match points need loss <= draw <= win, got {self.win}/{self.draw}/{self.loss}"
            )

    def pab_values(self, boards: int) -> tuple[int, int]:
        """(MP, GP) of a pairing-allocated bye in an event of ``boards`` boards."""
        mp = self.draw if self.pab_match_points is None else self.pab_match_points
        gp = boards * self.games.draw if self.pab_game_points is None else self.pab_game_points
        return mp, gp


class MatchForfeit(enum.Enum):
    """A match not played as a whole (TRF ``330``), written first team first."""

    FIRST_WINS = "+-"
    SECOND_WINS = "-+"
    DOUBLE = "--"


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a team match, the first team's player first.

    ``first`` or ``second`` is ``None`` for an empty board, which is lost by forfeit (C.04.6 §1.3
    of the spec): the result must then be the other side's forfeit win, or a double forfeit when
    both are empty. ``result`` reads first team's player first (``1-0``: the first team's player
    won), whichever colour he had; ``None`` while the game is unfinished.
    """

    first: PlayerId | None
    second: PlayerId | None
    result: GameResult | None = None
    rated: bool = True
    """False for a result given after less than one move (TRF ``W``/``D``/``L``)."""

    def __post_init__(self) -> None:
        if self.first is not None and self.first == self.second:
            raise ValueError(f"player {self.first} cannot play himself")
        if self.first is None and self.second is None:
            allowed: tuple[GameResult | None, ...] = (GameResult.DOUBLE_FORFEIT,)
        elif self.first is None:
            allowed = (GameResult.BLACK_WINS_BY_FORFEIT, GameResult.DOUBLE_FORFEIT)
        elif self.second is None:
            allowed = (GameResult.WHITE_WINS_BY_FORFEIT, GameResult.DOUBLE_FORFEIT)
        else:
            return
        if self.result not in allowed:
            raise ValueError("an empty board is lost by forfeit")

    @property
    def played(self) -> bool:
        """A game played over the board."""
        return self.result is not None and self.result.played

    def outcome(self, first_side: bool) -> Outcome:
        """The board's outcome for the first team's side (or the second's)."""
        return side_outcome(self.result, first_side)


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """Two teams meeting in a round. ``first`` is the White team (its board-1 player has White)
    when the event has colours; boards follow the event's board-colour sequence.

    ``boards`` is empty until the line-ups are known; ``forfeit`` marks a match not played as a
    whole (one team absent, or both).
    """

    first: TeamId
    second: TeamId
    boards: tuple[Board, ...] = ()
    forfeit: MatchForfeit | None = None

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError(f"team {self.first} cannot meet itself")

    def involves(self, team: TeamId) -> bool:
        return team in (self.first, self.second)

    def opponent_of(self, team: TeamId) -> TeamId:
        if team == self.first:
            return self.second
        if team == self.second:
            return self.first
        raise ValueError(f"team {team} is not in match {self.first}-{self.second}")

    @property
    def played(self) -> bool:
        """At least one board played over the board (spec §1.6)."""
        return self.forfeit is None and any(board.played for board in self.boards)

    @property
    def finished(self) -> bool:
        """Every board has its result (or the match was forfeited as a whole)."""
        if self.forfeit is not None:
            return True
        return bool(self.boards) and all(board.result is not None for board in self.boards)

    def lineup(self, team: TeamId) -> tuple[PlayerId | None, ...]:
        """The team's players board by board (``None`` for an empty board)."""
        first = team == self.first
        if not first and team != self.second:
            raise ValueError(f"team {team} is not in match {self.first}-{self.second}")
        return tuple(board.first if first else board.second for board in self.boards)


@dataclass(frozen=True, slots=True)
class TeamBye:
    """A team without an opponent in a round: the PAB, a requested bye or an absence."""

    team: TeamId
    kind: ByeKind


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One round of a team event: its matches in board order and the teams' byes."""

    number: int
    matches: tuple[TeamMatch, ...] = ()
    byes: tuple[TeamBye, ...] = ()

    def participants(self) -> tuple[TeamId, ...]:
        teams = [t for match in self.matches for t in (match.first, match.second)]
        teams.extend(bye.team for bye in self.byes)
        return tuple(teams)

    def match_of(self, team: TeamId) -> TeamMatch | None:
        for match in self.matches:
            if match.involves(team):
                return match
        return None

    def bye_of(self, team: TeamId) -> TeamBye | None:
        for bye in self.byes:
            if bye.team == team:
                return bye
        return None


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its pairing number, its name and its roster in board order (the captain may be
    one of them)."""

    id: TeamId
    name: str
    roster: tuple[PlayerId, ...] = ()
    nickname: str = ""
    captain: str = ""
    strength: str = ""
    """The TRF ``310`` strength factor, kept as written."""

    def __post_init__(self) -> None:
        if self.id < 1:
            raise ValueError(f"team pairing numbers start at 1, got {self.id}")
        if len(set(self.roster)) != len(self.roster):
            raise ValueError(f"team {self.id} lists a player twice")


@dataclass(frozen=True, slots=True)
class TeamAcceleration:
    """Virtual points a team carries for pairing in one round (TRF ``250``; C.04.7 Baku)."""

    team: TeamId
    round: int
    match_points: int
    game_points: int = 0


@dataclass(frozen=True, slots=True)
class FixedMatch:
    """A match the director fixes before its round is paired: ``first`` is the White team.

    The pairing system pairs the other teams around it (:mod:`fairpair.pairing.team_controls`);
    a fixed match that repeats a meeting or a forbidden pair stands as the director's decision.
    """

    round: int
    first: TeamId
    second: TeamId

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError(f"team {self.first} cannot meet itself")


@dataclass(frozen=True, slots=True)
class PointOverride:
    """Abnormal points (TRF-2026 ``299``; spec team-swiss.md §1.6, §12.9).

    With an ``outcome`` it replaces the points a team gets for that kind of round: the match
    points, the game points, or both (``None`` keeps the usual value); for the listed teams
    (none: every team) in ``round`` (``None``: every round). Without teams or round it
    redefines the event's default. Without an outcome it is a bonus or a penalty: its
    (possibly negative) points are added once to each listed team, in ``round`` (``None``:
    from the first round on).
    """

    outcome: TeamOutcome | None
    match_points: int | None = None
    game_points: int | None = None
    round: int | None = None
    teams: tuple[TeamId, ...] = ()

    @property
    def specificity(self) -> int:
        """How narrowly it is aimed: a team and round record beats a team or round one,
        which beats a new default."""
        return int(bool(self.teams)) + int(self.round is not None)

    def covers(self, team: TeamId, round_number: int) -> bool:
        return (not self.teams or team in self.teams) and self.round in (None, round_number)


def alternating_colours(boards: int) -> tuple[Colour, ...]:
    """The default board-colour sequence of the White team: W, B, W, B, ... (TRF ``352``)."""
    return tuple(Colour.WHITE if b % 2 == 0 else Colour.BLACK for b in range(boards))


@dataclass(frozen=True, slots=True)
class TeamTournament:
    """An immutable snapshot of a team event.

    Pairing systems pair round ``len(rounds) + 1``; a team with a :class:`RequestedBye` for that
    round (its ``player`` field holds the TPN) or a withdrawal in force is not paired.
    """

    teams: tuple[Team, ...]
    players: tuple[Player, ...] = ()
    boards: int = 4
    rounds: tuple[TeamRound, ...] = ()
    total_rounds: int | None = None
    scoring: TeamScoring = TeamScoring()
    colour_model: ColourModel = ColourModel.TYPE_A
    board_colours: tuple[Colour, ...] = ()
    """The White team's colour board by board (TRF ``352``); empty means W, B, W, B, ..."""
    initial_colour: Colour | None = None
    """Drawn before round 1 (C.04.6 4.1; TRF ``152``)."""
    requested_byes: tuple[RequestedBye, ...] = ()
    forbidden: tuple[ForbiddenPairs, ...] = ()
    withdrawals: tuple[tuple[TeamId, int], ...] = ()
    """``(team, first round not played)``."""
    accelerations: tuple[TeamAcceleration, ...] = ()
    fixed: tuple[FixedMatch, ...] = ()
    """Matches the director fixed for rounds not yet paired."""
    point_overrides: tuple[PointOverride, ...] = ()
    """Abnormal points (TRF ``299``), applied by :func:`team_entries`."""
    system: str = ""
    """Encoded tournament type (TRF-2026 record 192), e.g. ``FIDE_TEAM_TYPEA_MP_GP``."""
    name: str = ""
    details: EventDetails = EventDetails()  # noqa: RUF009 (frozen, shared safely)
    _by_id: dict[TeamId, Team] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise ValueError(f"a team match needs at least one board, got {self.boards}")
        if self.board_colours and len(self.board_colours) != self.boards:
            raise ValueError(
                f"the board colours name {len(self.board_colours)} boards, the event has "
                f"{self.boards}"
            )
        by_id: dict[TeamId, Team] = {}
        for team in self.teams:
            if team.id in by_id:
                raise ValueError(f"two teams have the pairing number {team.id}")
            by_id[team.id] = team
        object.__setattr__(self, "_by_id", by_id)
        players = {p.id for p in self.players}
        if len(players) != len(self.players):
            raise ValueError("two players have the same id")
        owner: dict[PlayerId, TeamId] = {}
        for team in self.teams:
            for pid in team.roster:
                if pid not in players:
                    raise ValueError(f"team {team.id} lists player {pid}, who is not registered")
                if pid in owner:
                    raise ValueError(
                        f"player {pid} is on the rosters of teams {owner[pid]} and {team.id}"
                    )
                owner[pid] = team.id
        for index, rnd in enumerate(self.rounds, start=1):
            if rnd.number != index:
                raise ValueError(f"round {index} is numbered {rnd.number}")
            seen: set[TeamId] = set()
            for tid in rnd.participants():
                if tid not in by_id:
                    raise ValueError(f"round {index} names team {tid}, which is not registered")
                if tid in seen:
                    raise ValueError(f"team {tid} appears twice in round {index}")
                seen.add(tid)
            for match in rnd.matches:
                if len(match.boards) > self.boards:
                    raise ValueError(
                        f"round {index}: match {match.first}-{match.second} has "
                        f"{len(match.boards)} boards, the event has {self.boards}"
                    )
                for board in match.boards:
                    sides = ((match.first, board.first), (match.second, board.second))
                    for side, player in sides:
                        if player is not None and owner.get(player) != side:
                            raise ValueError(
                                f"round {index}: player {player} plays for team {side} but is "
                                f"not on its roster"
                            )

    # --- look-ups -------------------------------------------------------------------------

    def team(self, team_id: TeamId) -> Team:
        try:
            return self._by_id[team_id]
        except KeyError:
            raise KeyError(f"no team with pairing number {team_id}") from None

    def has_team(self, team_id: TeamId) -> bool:
        return team_id in self._by_id

    @property
    def team_ids(self) -> tuple[TeamId, ...]:
        return tuple(sorted(self._by_id))

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The White team's colour on each board (the default alternation when not given)."""
        return self.board_colours or alternating_colours(self.boards)

    def board_colour(self, board: int, first_team: bool) -> Colour:
        """The colour on ``board`` (1-based) of the first (White) team's player, or the other's."""
        colour = self.colours[board - 1]
        return colour if first_team else colour.opposite

    def team_of(self, player: PlayerId) -> TeamId | None:
        for team in self.teams:
            if player in team.roster:
                return team.id
        return None

    def requested_bye(self, team_id: TeamId, round_number: int) -> RequestedBye | None:
        for bye in self.requested_byes:
            if bye.player == team_id and bye.round == round_number:
                return bye
        return None

    def withdrawn_in(self, team_id: TeamId, round_number: int) -> bool:
        return any(t == team_id and first <= round_number for t, first in self.withdrawals)

    def to_pair(self, round_number: int | None = None) -> tuple[TeamId, ...]:
        """The teams the pairing of ``round_number`` (default: the next round) places: neither
        withdrawn nor with an announced bye or absence (GHR 3.2, 3.3)."""
        rnd = self.next_round if round_number is None else round_number
        return tuple(
            tid
            for tid in self.team_ids
            if not self.withdrawn_in(tid, rnd) and self.requested_bye(tid, rnd) is None
        )

    def forbidden_pairs(self, round_number: int) -> frozenset[frozenset[TeamId]]:
        """Pairs of teams the director keeps apart in that round (TRF ``260``)."""
        pairs: set[frozenset[TeamId]] = set()
        for rule in self.forbidden:
            last = rule.last_round if rule.last_round is not None else round_number
            if rule.first_round <= round_number <= last:
                teams = rule.players
                pairs.update(frozenset((a, b)) for i, a in enumerate(teams) for b in teams[i + 1 :])
        return frozenset(pairs)

    def fixed_matches(self, round_number: int | None = None) -> tuple[FixedMatch, ...]:
        """The matches fixed for ``round_number`` (default: the next round), in the order
        the director fixed them."""
        rnd = self.next_round if round_number is None else round_number
        return tuple(m for m in self.fixed if m.round == rnd)

    def virtual_points(self, team_id: TeamId, round_number: int) -> tuple[int, int]:
        """(MP, GP) of acceleration the team carries when round ``round_number`` is paired."""
        for acc in self.accelerations:
            if acc.team == team_id and acc.round == round_number:
                return acc.match_points, acc.game_points
        return 0, 0


class TeamOutcome(enum.Enum):
    """What a round was for a team."""

    WON = "W"
    DRAWN = "D"
    LOST = "L"
    FORFEIT_WIN = "+"
    """The opponent did not come (an unplayed match won)."""
    FORFEIT_LOSS = "-"
    """The team did not come, or a double forfeit."""
    PAIRING_BYE = "U"
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    ABSENT = " "
    PENDING = "?"
    """Paired, result not yet known."""

    @property
    def is_match(self) -> bool:
        """The team met an opponent (the match may be unplayed)."""
        return self in (
            TeamOutcome.WON,
            TeamOutcome.DRAWN,
            TeamOutcome.LOST,
            TeamOutcome.FORFEIT_WIN,
            TeamOutcome.FORFEIT_LOSS,
            TeamOutcome.PENDING,
        )


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """One team's round: its opponent, colour, result and the points it gave.

    ``played`` follows spec §1.6 (a board played over the board); ``colour`` is the board-1
    colour of a played match only (C.04.6 1.6).
    """

    round: int
    outcome: TeamOutcome
    match_points: int
    game_points: int
    opponent: TeamId | None = None
    colour: Colour | None = None
    played: bool = False
    first: bool = False
    """The team was listed first (the White team) in its match."""


_BYE_OUTCOMES = {
    ByeKind.PAIRING_ALLOCATED: TeamOutcome.PAIRING_BYE,
    ByeKind.FULL_POINT: TeamOutcome.FULL_BYE,
    ByeKind.HALF_POINT: TeamOutcome.HALF_BYE,
    ByeKind.ZERO_POINT: TeamOutcome.ZERO_BYE,
    ByeKind.ABSENT: TeamOutcome.ABSENT,
    ByeKind.FORFEIT_WIN: TeamOutcome.FORFEIT_WIN,
}


def boards_from_lineups(
    first: Sequence[PlayerId | None], second: Sequence[PlayerId | None]
) -> tuple[Board, ...]:
    """The boards of a match from the two line-ups, board by board (``None``: an empty board,
    lost by forfeit at once, spec team-swiss.md §1.3; both empty: a double forfeit)."""
    boards = []
    for a, b in zip(first, second, strict=True):
        result = None
        if a is None and b is None:
            result = GameResult.DOUBLE_FORFEIT
        elif a is None:
            result = GameResult.BLACK_WINS_BY_FORFEIT
        elif b is None:
            result = GameResult.WHITE_WINS_BY_FORFEIT
        boards.append(Board(a, b, result))
    return tuple(boards)


def board_points(board: Board, first_side: bool, games: PointSystem) -> int:
    """Game points one side scored on a board (an empty board scores nothing)."""
    return outcome_points(board.outcome(first_side), games)


def match_entries(
    tournament: TeamTournament, round_number: int, match: TeamMatch
) -> tuple[TeamEntry, TeamEntry]:
    """The entries of both teams of a match, first team first (spec §1.5-1.6)."""
    scoring = tournament.scoring
    boards = tournament.boards
    win_gp = boards * scoring.games.forfeit_win_value
    if match.forfeit is MatchForfeit.FIRST_WINS:
        return (
            TeamEntry(
                round_number, TeamOutcome.FORFEIT_WIN, scoring.win, win_gp, match.second, first=True
            ),
            TeamEntry(round_number, TeamOutcome.FORFEIT_LOSS, scoring.loss, 0, match.first),
        )
    if match.forfeit is MatchForfeit.SECOND_WINS:
        return (
            TeamEntry(
                round_number, TeamOutcome.FORFEIT_LOSS, scoring.loss, 0, match.second, first=True
            ),
            TeamEntry(round_number, TeamOutcome.FORFEIT_WIN, scoring.win, win_gp, match.first),
        )
    if match.forfeit is MatchForfeit.DOUBLE:
        return (
            TeamEntry(
                round_number, TeamOutcome.FORFEIT_LOSS, scoring.loss, 0, match.second, first=True
            ),
            TeamEntry(round_number, TeamOutcome.FORFEIT_LOSS, scoring.loss, 0, match.first),
        )
    if not match.finished:
        return (
            TeamEntry(round_number, TeamOutcome.PENDING, 0, 0, match.second, first=True),
            TeamEntry(round_number, TeamOutcome.PENDING, 0, 0, match.first),
        )
    games = scoring.games
    gp_first = sum(board_points(b, True, games) for b in match.boards)
    gp_second = sum(board_points(b, False, games) for b in match.boards)
    played = match.played
    # The team colour is board 1's: the first team is the White team (spec §1.4, §2.6).
    first_colour = Colour.WHITE if played else None
    second_colour = Colour.BLACK if played else None
    won, lost = (
        (TeamOutcome.WON, TeamOutcome.LOST)
        if played
        # Every board forfeited: the result stands, but the teams did not meet (§1.6).
        else (TeamOutcome.FORFEIT_WIN, TeamOutcome.FORFEIT_LOSS)
    )
    if gp_first > gp_second:
        outcomes, mps = (won, lost), (scoring.win, scoring.loss)
    elif gp_first < gp_second:
        outcomes, mps = (lost, won), (scoring.loss, scoring.win)
    else:
        outcomes, mps = (TeamOutcome.DRAWN, TeamOutcome.DRAWN), (scoring.draw, scoring.draw)
    return (
        TeamEntry(
            round_number,
            outcomes[0],
            mps[0],
            gp_first,
            match.second,
            first_colour,
            played,
            first=True,
        ),
        TeamEntry(round_number, outcomes[1], mps[1], gp_second, match.first, second_colour, played),
    )


def bye_entry(tournament: TeamTournament, round_number: int, bye: TeamBye) -> TeamEntry:
    """The entry of a team's bye (spec §1.7)."""
    scoring = tournament.scoring
    boards = tournament.boards
    outcome = _BYE_OUTCOMES[bye.kind]
    if outcome is TeamOutcome.PAIRING_BYE:
        mp, gp = scoring.pab_values(boards)
    elif outcome in (TeamOutcome.FULL_BYE, TeamOutcome.FORFEIT_WIN):
        mp, gp = scoring.win, boards * scoring.games.win
    elif outcome is TeamOutcome.HALF_BYE:
        mp, gp = scoring.draw, boards * scoring.games.draw
    else:
        mp, gp = 0, 0
    return TeamEntry(round_number, outcome, mp, gp)


_OVERRIDE_OUTCOMES = {
    TeamOutcome.ABSENT: TeamOutcome.ZERO_BYE,  # the TRF writes both as Z (spec §1.7)
}


def _overridden(entry: TeamEntry, team: TeamId, overrides: tuple[PointOverride, ...]) -> TeamEntry:
    """The entry with the points of the most specific ``299`` record for its kind of round
    (the later of two as specific), then the bonuses and penalties of its round."""
    kind = _OVERRIDE_OUTCOMES.get(entry.outcome, entry.outcome)
    chosen: PointOverride | None = None
    for rule in overrides:
        if (
            rule.outcome is kind
            and rule.covers(team, entry.round)
            and (chosen is None or rule.specificity >= chosen.specificity)
        ):
            chosen = rule
    mp, gp = entry.match_points, entry.game_points
    if chosen is not None:
        mp = mp if chosen.match_points is None else chosen.match_points
        gp = gp if chosen.game_points is None else chosen.game_points
    for rule in overrides:
        # A bonus counts once: in its round, or in round 1 when it names none.
        if (
            rule.outcome is None
            and rule.covers(team, entry.round)
            and (rule.round or 1) == entry.round
        ):
            mp += rule.match_points or 0
            gp += rule.game_points or 0
    if (mp, gp) == (entry.match_points, entry.game_points):
        return entry
    return dataclasses.replace(entry, match_points=mp, game_points=gp)


def team_entries(tournament: TeamTournament) -> dict[TeamId, list[TeamEntry]]:
    """For each team, one entry per round (an absence where the round does not name it), with
    the event's abnormal points (``299``) applied."""
    table: dict[TeamId, list[TeamEntry]] = {tid: [] for tid in tournament.team_ids}
    for rnd in tournament.rounds:
        seen: set[TeamId] = set()
        for match in rnd.matches:
            first, second = match_entries(tournament, rnd.number, match)
            table[match.first].append(first)
            table[match.second].append(second)
            seen.update((match.first, match.second))
        for bye in rnd.byes:
            table[bye.team].append(bye_entry(tournament, rnd.number, bye))
            seen.add(bye.team)
        for tid in table:
            if tid not in seen:
                table[tid].append(TeamEntry(rnd.number, TeamOutcome.ABSENT, 0, 0))
    overrides = tournament.point_overrides
    if overrides:
        for tid, rows in table.items():
            rows[:] = [_overridden(entry, tid, overrides) for entry in rows]
    return table


def team_scores(tournament: TeamTournament) -> dict[TeamId, tuple[int, int]]:
    """(MP, GP) of every team after the rounds of the snapshot."""
    return {
        tid: (sum(e.match_points for e in rows), sum(e.game_points for e in rows))
        for tid, rows in team_entries(tournament).items()
    }
