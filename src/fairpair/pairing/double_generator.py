"""Random Double-Swiss events (``fairpair-engine --double-swiss -g``): each match-round paired
by a Double-Swiss system, the two games of every match drawn from the players' ratings.

The settings are the generator's (:class:`~fairpair.pairing.generator.GeneratorConfig`):
``PlayersNumber``, ``RoundsNumber`` (match-rounds), ratings, ``DrawPercentage``,
``ForfeitRate`` (a single game forfeited inside a played match; one in eight of those is
forfeited by both players), ``RetiredRate`` and ``HalfPointByeRate`` (zero- and half-point
byes for whole matches, planned as for the other systems), ``ZeroPointByeRate`` (one-round
absences), and the two Double-Swiss rates: ``OddResultRate`` (a game ending ½-0, 0-½ or 0-0,
the Preface's odd results) and ``ForfeitedMatchRate`` (a player, now and then both, missing
both games: a forfeited match, spec §2.1). A Double-Swiss scores every game 1, ½, 0, so the
point settings must be chess's; ``PointsForPAB`` is the value of the pairing-allocated bye for
the match (default 1½, spec §2.4).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from fairpair.core import Colour, GameResult, Pairing, Player
from fairpair.core.double_swiss import (
    ByeValues,
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
    RequestedMatchBye,
)
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.generator import (
    GeneratorConfig,
    _draw_result,
    _planned_byes,
    random_players,
    round_requests,
)

__all__ = ["double_swiss_bye_values", "generate_double_swiss"]

Game = tuple[Mark, Mark]
"""The marks of one game: (White's, Black's)."""

_MARKS: dict[GameResult, Game] = {
    GameResult.WHITE_WINS: (Mark.WIN, Mark.LOSS),
    GameResult.DRAW: (Mark.DRAW, Mark.DRAW),
    GameResult.BLACK_WINS: (Mark.LOSS, Mark.WIN),
    GameResult.WHITE_WINS_BY_FORFEIT: (Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS),
    GameResult.BLACK_WINS_BY_FORFEIT: (Mark.FORFEIT_LOSS, Mark.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (Mark.FORFEIT_LOSS, Mark.FORFEIT_LOSS),
}
_ODD_GAMES: tuple[Game, ...] = (
    (Mark.DRAW, Mark.LOSS),
    (Mark.LOSS, Mark.DRAW),
    (Mark.LOSS, Mark.LOSS),
)
_MISSED: Game = (Mark.FORFEIT_LOSS, Mark.FORFEIT_WIN)
"""A game missed by the first player (White's mark first)."""


def double_swiss_bye_values(config: GeneratorConfig) -> ByeValues:
    """The bye values of the generated event (halves); :class:`ValueError` for settings a
    Double-Swiss cannot have (games worth other than 1, ½, 0, a PAB of a tenth)."""
    chess = (10, 5, 0, 0, 0)
    given = (
        config.points_for_win,
        config.points_for_draw,
        config.points_for_loss,
        config.points_for_forfeit_loss,
        config.points_for_zero_bye,
    )
    if given != chess:
        raise ValueError(
            "a Double-Swiss scores every game 1, ½ or 0 (PointsForWin 1, PointsForDraw 0.5, "
            "PointsForLoss, PointsForForfeitLoss and PointsForZPB 0)"
        )
    default = ByeValues()
    if config.points_for_pab is None:
        return default
    if config.points_for_pab % 5:
        raise ValueError("PointsForPAB: a bye is worth a whole or half number of points")
    return dataclasses.replace(default, pairing_allocated=config.points_for_pab // 5)


def _game(white: Player, black: Player, config: GeneratorConfig, rng: random.Random) -> Game:
    """One game's marks (White's first): an odd result now and then, else as any game."""
    if config.odd_result_rate and rng.random() * config.odd_result_rate < 1:
        return rng.choice(_ODD_GAMES)
    marks = _MARKS[_draw_result(white, black, config, rng)]
    if Mark.FORFEIT_WIN in marks and rng.randrange(8) == 0:
        return _MARKS[GameResult.DOUBLE_FORFEIT]
    return marks


def _match(white: Player, black: Player, config: GeneratorConfig, rng: random.Random) -> Match:
    """A finished match: ``white`` has White in game 1, ``black`` in game 2 (4.4)."""
    if config.forfeited_match_rate and rng.random() * config.forfeited_match_rate < 1:
        absent = rng.randrange(5)  # 0: both players stay away; else one of them
        if absent == 0:
            games = (_MARKS[GameResult.DOUBLE_FORFEIT],) * 2
        elif absent % 2:
            games = (_MISSED, _MISSED)
        else:
            games = ((_MISSED[1], _MISSED[0]),) * 2
        return Match(white.id, black.id, (games[0], games[1]))
    first = _game(white, black, config, rng)
    second = _game(black, white, config, rng)  # marks of (black, white): game 2's colours
    return Match(white.id, black.id, (first, (second[1], second[0])))


def generate_double_swiss(
    config: GeneratorConfig,
    rng: random.Random,
    pair: Callable[[DoubleSwissTournament], Pairing],
    *,
    name: str = "",
) -> DoubleSwissTournament:
    """A Double-Swiss event of ``config.rounds`` match-rounds, each paired by ``pair``.

    Raises :class:`NoValidPairing` naming the round when one cannot be paired, and
    :class:`ValueError` for settings a Double-Swiss cannot have."""
    byes = double_swiss_bye_values(config)
    players = random_players(config, rng)
    by_id = {p.id: p for p in players}
    event = DoubleSwissTournament(
        players,
        total_rounds=config.rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        byes=byes,
        name=name,
    )
    planned = _planned_byes(config, rng)
    for number in range(1, config.rounds + 1):
        requests = tuple(
            RequestedMatchBye(r.round, r.player, MatchByeKind(r.kind.value))
            for r in round_requests(config, rng, players, number, planned)
        )
        try:
            pairing = pair(dataclasses.replace(event, requested_byes=requests))
        except NoValidPairing as error:
            raise NoValidPairing(
                f"round {number} of the generated event cannot be paired: {error}"
            ) from None
        matches = tuple(_match(by_id[g.white], by_id[g.black], config, rng) for g in pairing.boards)
        round_byes = [MatchBye(r.player, r.kind) for r in requests]
        if pairing.bye is not None:
            round_byes.append(MatchBye(pairing.bye, MatchByeKind.PAIRING_ALLOCATED))
        event = dataclasses.replace(
            event, rounds=(*event.rounds, DoubleRound(number, matches, tuple(round_byes)))
        )
    return event
