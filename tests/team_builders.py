"""Team events written the way the spec's worked examples write them: matches as game points,
the White team first."""

from __future__ import annotations

from collections.abc import Sequence

from fairpair.core import ByeKind, Colour, GameResult, Player
from fairpair.core.teams import (
    Board,
    ColourModel,
    MatchForfeit,
    Team,
    TeamBye,
    TeamMatch,
    TeamRound,
    TeamScoring,
    TeamTournament,
)
from fairpair.core.tournament import RequestedBye

MatchSpec = tuple[int, int, float]
"""(White team, Black team, the White team's game points); the rest go to the Black team."""


def players_of(team: int, boards: int) -> tuple[int, ...]:
    return tuple((team - 1) * boards + b for b in range(1, boards + 1))


def boards_for(first: int, second: int, first_points: float, boards: int) -> tuple[Board, ...]:
    """Boards giving the first team ``first_points`` game points (wins first, then a draw)."""
    halves = round(first_points * 2)
    made: list[Board] = []
    for a, b in zip(players_of(first, boards), players_of(second, boards), strict=True):
        if halves >= 2:
            result, halves = GameResult.WHITE_WINS, halves - 2
        elif halves == 1:
            result, halves = GameResult.DRAW, 0
        else:
            result = GameResult.BLACK_WINS
        made.append(Board(a, b, result))
    return tuple(made)


def team_event(
    teams: int,
    rounds: Sequence[Sequence[MatchSpec]],
    *,
    boards: int = 2,
    total_rounds: int,
    model: ColourModel = ColourModel.TYPE_A,
    byes: Sequence[Sequence[tuple[int, ByeKind]]] = (),
    forfeits: Sequence[tuple[int, int, int, MatchForfeit]] = (),
    absent_next: Sequence[int] = (),
    scoring: TeamScoring | None = None,
    initial: Colour = Colour.WHITE,
) -> TeamTournament:
    """A snapshot before round ``len(rounds) + 1``. ``forfeits`` adds (round, first, second,
    kind) whole-match forfeits; ``absent_next`` announces zero-point byes for the next round."""
    players = tuple(
        Player(pid, f"Team{t:02d} Board{b}")
        for t in range(1, teams + 1)
        for b, pid in enumerate(players_of(t, boards), start=1)
    )
    made: list[TeamRound] = []
    for number, matches in enumerate(rounds, start=1):
        team_matches = [
            TeamMatch(w, b, boards_for(w, b, points, boards)) for w, b, points in matches
        ]
        team_matches.extend(
            TeamMatch(w, b, forfeit=kind) for rnd, w, b, kind in forfeits if rnd == number
        )
        round_byes = byes[number - 1] if number - 1 < len(byes) else ()
        made.append(
            TeamRound(
                number,
                tuple(team_matches),
                tuple(TeamBye(team, kind) for team, kind in round_byes),
            )
        )
    next_round = len(rounds) + 1
    return TeamTournament(
        teams=tuple(Team(t, f"Team{t:02d}", players_of(t, boards)) for t in range(1, teams + 1)),
        players=players,
        boards=boards,
        rounds=tuple(made),
        total_rounds=total_rounds,
        scoring=scoring or TeamScoring(),
        colour_model=model,
        initial_colour=initial,
        requested_byes=tuple(
            RequestedBye(next_round, team, ByeKind.ZERO_POINT) for team in absent_next
        ),
    )
