"""Random team events: each round paired by a team system, the board results drawn from the
players' ratings (``fairpair-engine --team -g``), with the settings of
:class:`~fairpair.pairing.generator.GeneratorConfig` (``TeamsNumber``, ``BoardsNumber``,
``RoundsNumber``, ``DrawPercentage``, ``ForfeitRate`` for a board, ``ZeroPointByeRate`` for a
team's announced absence, ratings and the board point system).

The teams get their pairing numbers by average rating, the strongest first; rosters hold
exactly the boards' players, strongest on board 1.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from fairpair.core import ByeKind, Colour, GameResult, Pairing, Player, RequestedBye
from fairpair.core.teams import (
    Board,
    ColourModel,
    Team,
    TeamMatch,
    TeamScoring,
    TeamTournament,
)
from fairpair.pairing.generator import GeneratorConfig, _draw_result
from fairpair.pairing.team_replay import with_paired_round

_FLIPPED = {
    "1-0": "0-1",
    "0-1": "1-0",
    "+:-": "-:+",
    "-:+": "+:-",
}


def generate_team_event(
    config: GeneratorConfig,
    rng: random.Random,
    pair: Callable[[TeamTournament], Pairing],
    *,
    name: str = "",
    colour_model: ColourModel = ColourModel.TYPE_A,
) -> TeamTournament:
    """A team event of ``config.rounds`` rounds, each paired by ``pair``; raises
    :class:`~fairpair.pairing.errors.NoValidPairing` when a round cannot be paired."""
    count, boards = config.teams, config.boards
    ratings = sorted(
        (rng.randint(config.lowest_rating, config.highest_rating) for _ in range(count * boards)),
        reverse=True,
    )
    rng.shuffle(ratings)
    rosters = [sorted(ratings[i::count], reverse=True) for i in range(count)]
    rosters.sort(key=lambda roster: -sum(roster) / len(roster))
    players: list[Player] = []
    teams: list[Team] = []
    for tpn, roster in enumerate(rosters, start=1):
        ids: list[int] = []
        for rating in roster:
            pid = len(players) + 1
            players.append(Player(pid, f"Player{pid:04d}", rating if config.has_rating else None))
            ids.append(pid)
        teams.append(Team(tpn, f"Team{tpn:03d}", tuple(ids), nickname=f"T{tpn:03d}"))
    event = TeamTournament(
        teams=tuple(teams),
        players=tuple(players),
        boards=boards,
        total_rounds=config.rounds,
        scoring=TeamScoring(games=config.point_system()),
        colour_model=colour_model,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        name=name,
    )
    by_id = {p.id: p for p in players}
    for number in range(1, config.rounds + 1):
        absent = [
            tpn
            for tpn in event.team_ids
            if config.zero_point_bye_rate and rng.random() * config.zero_point_bye_rate < 1
        ]
        state = dataclasses.replace(
            event,
            requested_byes=tuple(RequestedBye(number, t, ByeKind.ZERO_POINT) for t in absent),
        )
        added = with_paired_round(state, pair(state))
        played = added.rounds[-1]
        matches = tuple(_played(added, match, config, rng, by_id) for match in played.matches)
        event = dataclasses.replace(
            added,
            rounds=(*added.rounds[:-1], dataclasses.replace(played, matches=matches)),
        )
    return event


def _played(
    t: TeamTournament,
    match: TeamMatch,
    config: GeneratorConfig,
    rng: random.Random,
    by_id: dict[int, Player],
) -> TeamMatch:
    results: list[Board] = []
    for index, board in enumerate(match.boards, start=1):
        if board.first is None or board.second is None:
            results.append(board)
            continue
        first_white = t.board_colour(index, True) is Colour.WHITE
        white, black = (board.first, board.second) if first_white else (board.second, board.first)
        result = _draw_result(by_id[white], by_id[black], config, rng)
        if not first_white:
            result = GameResult(_FLIPPED.get(result.value, result.value))
        results.append(dataclasses.replace(board, result=result))
    return dataclasses.replace(match, boards=tuple(results))
