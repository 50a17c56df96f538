"""Board standings of a team event: the players of each board number ranked for board prizes.

Spec team-swiss.md §11.2. Every board game of a team match is also an individual game; for
each board number the players who played there are listed with their games, points and
percentage, and those with at least the required number of games are ranked.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from fairpair.core import TENTHS, Outcome, PlayerId
from fairpair.core.teams import TeamId, TeamTournament, board_points
from fairpair.standings.chess import performance_rating


class BoardPrizeBasis(enum.StrEnum):
    """What ranks the eligible players of a board (setting ``board_prize_basis``)."""

    PERCENTAGE = "percentage"
    """Percentage, then more games, then performance rating on the board, then lot."""
    PERFORMANCE = "performance"
    """Performance rating on the board (as at the Olympiad), then percentage, then games."""


class BoardAssignment(enum.StrEnum):
    """On which board a player's games count (setting ``board_assignment``)."""

    GAME_BOARD = "game_board"
    """Each game on the board of that round's line-up: a player may appear on several boards."""
    ROSTER_BOARD = "roster_board"
    """Every game on the player's roster position (reserves below the last board)."""


@dataclass(frozen=True, slots=True)
class BoardStandingsSettings:
    """The settings of the board standings (spec §11.2); ``min_games`` has no FIDE default."""

    min_games: int
    basis: BoardPrizeBasis = BoardPrizeBasis.PERCENTAGE
    assignment: BoardAssignment = BoardAssignment.GAME_BOARD
    count_forfeits: bool = False
    """Board forfeits, an empty board opposite included, count as games (setting
    ``board_count_forfeits``)."""
    unrated_rating: int | None = None
    """Rating of unrated opponents for the performance; None: no performance if any is unrated."""

    def __post_init__(self) -> None:
        if self.min_games < 0:
            raise ValueError(f"board_min_games must be 0 or more, got {self.min_games}")


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One player on one board: games, points (whole points), percentage and performance."""

    rank: int | None
    """None for a player below the minimum number of games."""
    player_id: PlayerId
    name: str
    team_id: TeamId
    games: int
    points: Fraction
    performance: int | None

    @property
    def percentage(self) -> Fraction:
        """Points per game × 100 (0 without games)."""
        return self.points * 100 / self.games if self.games else Fraction(0)

    @property
    def eligible(self) -> bool:
        return self.rank is not None


@dataclass(frozen=True, slots=True)
class BoardStanding:
    """The ranking of one board number: eligible players in order, then the others."""

    board: int
    lines: tuple[BoardLine, ...]


@dataclass(slots=True)
class _Record:
    games: int = 0
    points: int = 0
    scored: list[tuple[PlayerId, Fraction]] = field(default_factory=list)
    """(opponent, 1/½/0) of each game played over the board, for the performance."""


_SCORE = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


def _performance(
    tournament: TeamTournament, games: list[tuple[PlayerId, Fraction]], unrated: int | None
) -> int | None:
    """TPR of the games on a board (tiebreaks.md §2.10): rounded ARO + dp(p), p the 1/½/0
    share rounded to a whole percent; None without games or with an unrated opponent."""
    if not games:
        return None
    ratings: list[int] = []
    for opponent, _ in games:
        rating = tournament_rating(tournament, opponent) or unrated
        if rating is None:
            return None
        ratings.append(rating)
    return performance_rating(ratings, sum((score for _, score in games), Fraction(0)))


def tournament_rating(tournament: TeamTournament, player: PlayerId) -> int | None:
    return tournament.player(player).rating or None


def board_standings(
    tournament: TeamTournament, settings: BoardStandingsSettings
) -> tuple[BoardStanding, ...]:
    """The board standings of every board number with at least one player (spec §11.2)."""
    games = tournament.scoring.games
    roster_board = {
        pid: index for team in tournament.teams for index, pid in enumerate(team.roster, start=1)
    }
    records: dict[tuple[int, PlayerId], _Record] = {}
    for rnd in tournament.rounds:
        for match in rnd.matches:
            if match.forfeit is not None:
                continue
            for index, board in enumerate(match.boards, start=1):
                if board.result is None:
                    continue
                for first, player, opponent in (
                    (True, board.first, board.second),
                    (False, board.second, board.first),
                ):
                    if player is None:
                        continue
                    if not board.played and not settings.count_forfeits:
                        continue
                    number = (
                        roster_board.get(player, index)
                        if settings.assignment is BoardAssignment.ROSTER_BOARD
                        else index
                    )
                    record = records.setdefault((number, player), _Record())
                    record.games += 1
                    record.points += board_points(board, first, games)
                    outcome = board.outcome(first)
                    if board.played and opponent is not None:
                        record.scored.append((opponent, _SCORE[outcome]))
    by_board: dict[int, list[BoardLine]] = {}
    for (number, pid), record in records.items():
        by_board.setdefault(number, []).append(
            BoardLine(
                None,
                pid,
                _name(tournament, pid),
                tournament.team_of(pid) or 0,
                record.games,
                Fraction(record.points, TENTHS),
                _performance(tournament, record.scored, settings.unrated_rating),
            )
        )
    return tuple(
        BoardStanding(number, _rank(by_board[number], settings)) for number in sorted(by_board)
    )


def _name(tournament: TeamTournament, player: PlayerId) -> str:
    return tournament.player(player).name


def _rank(lines: list[BoardLine], settings: BoardStandingsSettings) -> tuple[BoardLine, ...]:
    """Eligible lines ranked (equal keys share a rank; the lot that would separate them is the
    arbiter's: they are listed by player id), the others after them by percentage."""

    def key(line: BoardLine) -> tuple[Fraction, ...]:
        performance = Fraction(-line.performance if line.performance is not None else 10**6)
        if settings.basis is BoardPrizeBasis.PERFORMANCE:
            return (performance, -line.percentage, Fraction(-line.games))
        return (-line.percentage, Fraction(-line.games), performance)

    eligible = sorted(
        (line for line in lines if line.games >= settings.min_games and line.games > 0),
        key=lambda line: (key(line), line.player_id),
    )
    others = sorted(
        (line for line in lines if line not in eligible),
        key=lambda line: (-line.percentage, -line.games, line.player_id),
    )
    ranked: list[BoardLine] = []
    for index, line in enumerate(eligible):
        same = index > 0 and key(line) == key(eligible[index - 1])
        rank = ranked[-1].rank if same else index + 1
        ranked.append(
            BoardLine(
                rank,
                line.player_id,
                line.name,
                line.team_id,
                line.games,
                line.points,
                line.performance,
            )
        )
    return (*ranked, *others)
