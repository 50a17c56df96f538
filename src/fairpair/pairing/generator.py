"""Random tournament generator: each round is paired by a fairpair system and the results are
drawn from the ratings, with forfeits, half-point byes and withdrawals at configurable rates.

The keys follow bbpPairings' (and JaVaFo's) random-tournament generator. Rates are "one in N"
chances (0 switches the event off): ``ForfeitRate=20`` forfeits one game in 20,
``HalfPointByeRate=30`` lets each player ask for a half-point bye in one round in 30, and
``RetiredRate=100`` makes each player withdraw (for the rest of the event) in one round in 100.
``ZeroPointByeRate`` (a fairpair addition, default 0) announces one-round absences the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields

from fairpair.core import (
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Pairing,
    Player,
    RequestedBye,
    Round,
    Tournament,
)
from fairpair.pairing.errors import NoValidPairing

_KEYS = {
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "DrawPercentage": "draw_percentage",
    "ForfeitRate": "forfeit_rate",
    "RetiredRate": "retired_rate",
    "HalfPointByeRate": "half_point_bye_rate",
    "ZeroPointByeRate": "zero_point_bye_rate",
    "HasRating": "has_rating",
    "HighestRating": "highest_rating",
    "LowestRating": "lowest_rating",
}


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """What kind of tournament to generate."""

    players: int = 40
    rounds: int = 9
    draw_percentage: int = 30
    forfeit_rate: int = 40
    retired_rate: int = 200
    half_point_bye_rate: int = 60
    zero_point_bye_rate: int = 0
    has_rating: bool = True
    highest_rating: int = 2600
    lowest_rating: int = 1400

    def __post_init__(self) -> None:
        if self.players < 2 or self.rounds < 1:
            raise ValueError("a tournament needs at least 2 players and 1 round")
        if not 0 <= self.draw_percentage <= 100:
            raise ValueError("DrawPercentage must be between 0 and 100")
        rates = (
            self.forfeit_rate,
            self.retired_rate,
            self.half_point_bye_rate,
            self.zero_point_bye_rate,
        )
        if min(rates) < 0:
            raise ValueError("rates cannot be negative")
        if self.lowest_rating > self.highest_rating:
            raise ValueError("LowestRating is above HighestRating")

    @classmethod
    def from_text(cls, text: str) -> GeneratorConfig:
        """Read ``Key=Value`` lines (``#`` starts a comment); unknown keys are errors."""
        values: dict[str, object] = {}
        types = {f.name: f.type for f in fields(cls)}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, value = line.partition("=")
            key, value = key.strip(), value.strip()
            if not sep or key not in _KEYS:
                raise ValueError(f"line {number}: expected one of {', '.join(_KEYS)} = value")
            name = _KEYS[key]
            try:
                if types[name] in (bool, "bool"):
                    values[name] = value.lower() in ("1", "true", "yes")
                else:
                    values[name] = int(value)
            except ValueError:
                raise ValueError(f"line {number}: {key} needs a whole number") from None
        return cls(**values)  # type: ignore[arg-type]


def _draw_result(
    white: Player, black: Player, config: GeneratorConfig, rng: random.Random
) -> GameResult:
    if config.forfeit_rate and rng.randrange(config.forfeit_rate) == 0:
        return rng.choice((GameResult.WHITE_WINS_BY_FORFEIT, GameResult.BLACK_WINS_BY_FORFEIT))
    rw = white.rating if white.rating is not None else 1500
    rb = black.rating if black.rating is not None else 1500
    expected = 1 / (1 + 10 ** ((rb - rw) / 400))
    draw = config.draw_percentage / 100
    white_wins = max(0.0, expected - draw / 2)
    roll = rng.random()
    if roll < white_wins:
        return GameResult.WHITE_WINS
    if roll < white_wins + draw:
        return GameResult.DRAW
    return GameResult.BLACK_WINS


def generate(
    config: GeneratorConfig,
    rng: random.Random,
    system: Callable[[Tournament], Pairing],
    name: str = "random tournament",
) -> Tournament:
    """A tournament of ``config.rounds`` rounds, each paired by ``system``.

    If a round cannot be paired (possible late in a small event), the rounds so far are kept.
    """
    ratings = [
        rng.randint(config.lowest_rating, config.highest_rating) if config.has_rating else None
        for _ in range(config.players)
    ]
    ratings.sort(key=lambda r: -(r or 0))
    players = tuple(
        Player(i, f"Player {i:04d}", rating) for i, rating in enumerate(ratings, start=1)
    )
    by_id = {p.id: p for p in players}
    tournament = Tournament(
        players,
        total_rounds=config.rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        name=name,
    )
    retired: set[int] = set()
    for number in range(1, config.rounds + 1):
        requests: list[RequestedBye] = []
        for player in players:
            pid = player.id
            if (
                pid not in retired
                and config.retired_rate
                and rng.randrange(config.retired_rate) == 0
            ):
                retired.add(pid)
            if pid in retired:
                requests.append(RequestedBye(number, pid, ByeKind.ZERO_POINT))
            elif config.half_point_bye_rate and rng.randrange(config.half_point_bye_rate) == 0:
                requests.append(RequestedBye(number, pid, ByeKind.HALF_POINT))
            elif config.zero_point_bye_rate and rng.randrange(config.zero_point_bye_rate) == 0:
                requests.append(RequestedBye(number, pid, ByeKind.ZERO_POINT))
        state = tournament.replace(requested_byes=tuple(requests))
        try:
            pairing = system(state)
        except NoValidPairing:
            break
        games = tuple(
            Game(g.white, g.black, _draw_result(by_id[g.white], by_id[g.black], config, rng))
            for g in pairing.boards
        )
        byes = [Bye(r.player, r.kind) for r in requests]
        if pairing.bye is not None:
            byes.append(Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED))
        tournament = tournament.with_round(Round(number, games, tuple(byes)))
    return tournament
