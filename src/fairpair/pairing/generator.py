"""Random tournament generator: each round is paired by a fairpair system and the results are
drawn from the ratings, with forfeits, half-point byes and zero-point byes at configurable rates.

The settings are those of bbpPairings' generator (``-g CONFIG``), one ``Key=Value`` a line,
with the same meaning:

===================== =====================================================================
PlayersNumber         players (default 40)
RoundsNumber          rounds, also the number of rounds written to the file (default 9)
DrawPercentage        0-100: the share of played games drawn, at most what the rating gap
                      allows (default 30)
ForfeitRate           one game in N is forfeited (N >= 1, may be fractional; default 40)
RetiredRate           one player in N has zero-point byes, in one or more rounds (at most
                      rounds - 2 each; N >= 2, fractional allowed; default 200)
HalfPointByeRate      one player in N takes a half-point bye, never in the last round
                      (N >= 1, fractional allowed; default 60); ``HalfPointByteRate`` too
HighestRating,        the ratings are drawn between them (default 2600 and 1400)
LowestRating
PointsForWin,         the point system, with one decimal (``1.5``; default chess: 1, 0.5, 0,
PointsForDraw,        nothing for a zero-point bye or a forfeit loss); the pairing-allocated
PointsForLoss,        bye is worth a win unless ``PointsForPAB`` is given;
PointsForZPB,         ``PointsForForfeitLoss`` sets the zero-point bye too (a later
PointsForForfeitLoss, ``PointsForZPB`` line changes it again), as for the reference
PointsForPAB
===================== =====================================================================

bbpPairings draws the settings it is not given at random; fairpair takes the defaults above
so that a configuration file and a seed say everything. fairpair additions: a rate of ``0``
switches the event off, ``HasRating=0`` generates unrated players, ``ZeroPointByeRate=N``
announces one-round absences (each player in each round, one chance in N). The reference
reads ``PointsForWin`` as also setting the PAB even after a ``PointsForPAB`` line; fairpair
keeps an explicit ``PointsForPAB`` whatever the order of the lines. For team events
(:mod:`fairpair.pairing.team_generator`) ``TeamsNumber`` and ``BoardsNumber`` (default 10 and 4)
take the place of ``PlayersNumber``; the board results follow the settings above. For a
Double-Swiss (:mod:`fairpair.pairing.double_generator`) each game of a match is drawn as a game
above (``ForfeitRate`` forfeits single games) and two more rates apply: ``OddResultRate=N``,
one game played in N ends with an odd result (½-0, 0-½ or 0-0; default 50), and
``ForfeitedMatchRate=N``, one match in N is forfeited by a player who misses both games
(default 40).
"""

from __future__ import annotations

import math
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
    PointSystem,
    RequestedBye,
    Round,
    Tournament,
    points_from_text,
)
from fairpair.pairing.errors import NoValidPairing

_KEYS = {
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "DrawPercentage": "draw_percentage",
    "ForfeitRate": "forfeit_rate",
    "RetiredRate": "retired_rate",
    "HalfPointByeRate": "half_point_bye_rate",
    "HalfPointByteRate": "half_point_bye_rate",  # the reference's reader accepts this spelling
    "ZeroPointByeRate": "zero_point_bye_rate",
    "HasRating": "has_rating",
    "HighestRating": "highest_rating",
    "LowestRating": "lowest_rating",
    "PointsForWin": "points_for_win",
    "PointsForDraw": "points_for_draw",
    "PointsForLoss": "points_for_loss",
    "PointsForZPB": "points_for_zero_bye",
    "PointsForForfeitLoss": "points_for_forfeit_loss",
    "PointsForPAB": "points_for_pab",
    "OddResultRate": "odd_result_rate",
    "ForfeitedMatchRate": "forfeited_match_rate",
    "TeamsNumber": "teams",
    "BoardsNumber": "boards",
}
_RATES = {
    "forfeit_rate": 1,
    "retired_rate": 2,
    "half_point_bye_rate": 1,
    "odd_result_rate": 1,
    "forfeited_match_rate": 1,
}
"""The lowest rate the reference accepts for each (0, switching it off, is fairpair's)."""


_MOST_PLAYERS = 100_000
_MOST_ROUNDS = 999
_MOST_BOARDS = 100


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """What kind of tournament to generate (points in tenths)."""

    players: int = 40
    rounds: int = 9
    draw_percentage: int = 30
    forfeit_rate: float = 40
    retired_rate: float = 200
    half_point_bye_rate: float = 60
    zero_point_bye_rate: float = 0
    has_rating: bool = True
    highest_rating: int = 2600
    lowest_rating: int = 1400
    points_for_win: int = 10
    points_for_draw: int = 5
    points_for_loss: int = 0
    points_for_zero_bye: int = 0
    points_for_forfeit_loss: int = 0
    points_for_pab: int | None = None
    """None: the value of a win."""
    odd_result_rate: float = 50
    """Double-Swiss only: one game played in N ends ½-0, 0-½ or 0-0 (0: never)."""
    forfeited_match_rate: float = 40
    """Double-Swiss only: one match in N is forfeited, both games missed (0: never)."""
    teams: int = 10
    """Team events only (``fairpair-engine --team -g``): teams, and boards per match."""
    boards: int = 4

    def __post_init__(self) -> None:
        if self.players < 2 or self.rounds < 1:
            raise ValueError("a tournament needs at least 2 players and 1 round")
        if self.teams < 2 or self.boards < 1:
            raise ValueError("a team event needs at least 2 teams and 1 board")
        # Upper limits far above any real event, so that a typing slip is refused at once
        # rather than generating for hours.
        for key, value, most in (
            ("PlayersNumber", self.players, _MOST_PLAYERS),
            ("RoundsNumber", self.rounds, _MOST_ROUNDS),
            ("TeamsNumber", self.teams, _MOST_PLAYERS),
            ("BoardsNumber", self.boards, _MOST_BOARDS),
        ):
            if value > most:
                raise ValueError(f"{key} can be at most {most:,}, got {value:,}")
        if not 0 <= self.draw_percentage <= 100:
            raise ValueError("DrawPercentage must be between 0 and 100")
        for name, lowest in _RATES.items():
            rate = getattr(self, name)
            if rate != 0 and not rate >= lowest:  # also refuses NaN
                key = next(k for k, v in _KEYS.items() if v == name)
                raise ValueError(f"{key} must be 0 (never) or at least {lowest}")
        if not self.zero_point_bye_rate >= 0:
            raise ValueError("ZeroPointByeRate cannot be negative")
        if self.lowest_rating > self.highest_rating:
            raise ValueError("LowestRating is above HighestRating")
        self.point_system()  # refuses an impossible point system now, not after the rounds

    def point_system(self) -> PointSystem:
        """The points of the generated event."""
        return PointSystem(
            win=self.points_for_win,
            draw=self.points_for_draw,
            loss=self.points_for_loss,
            forfeit_loss=self.points_for_forfeit_loss,
            zero_bye=self.points_for_zero_bye,
            pairing_bye=self.points_for_pab,
        )

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
            kind = str(types[name])
            try:
                if kind == "bool":
                    values[name] = value.lower() in ("1", "true", "yes")
                elif kind == "float":
                    values[name] = float(value)
                elif name.startswith("points_for_"):
                    values[name] = _tenths(value)
                else:
                    values[name] = int(value)
            except ValueError:
                raise ValueError(f"line {number}: {key} needs a number, found {value!r}") from None
            if key == "PointsForForfeitLoss":  # as for the reference: the zero-point bye too
                values["points_for_zero_bye"] = values[name]
        return cls(**values)  # type: ignore[arg-type]


def _tenths(text: str) -> int:
    """Points written with at most one decimal (``1``, ``0.5``), in tenths, never negative."""
    tenths = points_from_text(text)
    if tenths < 0:
        raise ValueError(text)
    return tenths


def _players_with(rate: float, players: int) -> int:
    """How many players of ``players`` one in ``rate`` is (0 for a rate of 0)."""
    return 0 if rate == 0 else min(players, math.floor(players / rate))


def _planned_byes(config: GeneratorConfig, rng: random.Random) -> dict[tuple[int, int], ByeKind]:
    """The byes each player will ask for, by (round, player index): as the reference plans
    them, a number of players given by the rate, each bye in a round chosen at random (at
    most ``rounds - 2`` zero-point byes a player; half-point byes in the rounds left, never
    in the last round)."""
    rounds, players = config.rounds, config.players
    zero_limit = 0 if rounds < 2 else 1 if rounds < 3 else rounds - 2
    zero = [0] * players
    half = [0] * players
    left = [zero_limit] * players

    def spread(counts: list[int], wanted: int) -> None:
        # Pick free bye slots at random until ``wanted`` players have at least one.
        while wanted and sum(left):
            slot = rng.randrange(sum(left))
            index = 0
            while slot >= left[index]:
                slot -= left[index]
                index += 1
            left[index] -= 1
            counts[index] += 1
            if counts[index] == 1:
                wanted -= 1

    if zero_limit:
        spread(zero, _players_with(config.retired_rate, players))
    if rounds > 2:
        left = [n + 1 for n in left]
    spread(half, _players_with(config.half_point_bye_rate, players))
    planned: dict[tuple[int, int], ByeKind] = {}
    for index in range(players):
        before_last = list(range(1, rounds))
        half_rounds = rng.sample(before_last, min(half[index], len(before_last)))
        free = [r for r in range(1, rounds + 1) if r not in half_rounds]
        zero_rounds = rng.sample(free, min(zero[index], len(free)))
        planned.update(((r, index), ByeKind.HALF_POINT) for r in half_rounds)
        planned.update(((r, index), ByeKind.ZERO_POINT) for r in zero_rounds)
    return planned


def _draw_result(
    white: Player, black: Player, config: GeneratorConfig, rng: random.Random
) -> GameResult:
    if config.forfeit_rate and rng.random() * config.forfeit_rate < 1:
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


def round_requests(
    config: GeneratorConfig,
    rng: random.Random,
    players: tuple[Player, ...],
    number: int,
    planned: dict[tuple[int, int], ByeKind],
) -> list[RequestedBye]:
    """The byes asked for round ``number``: the planned half- and zero-point byes
    (:func:`_planned_byes`), and the random one-round absences of ``ZeroPointByeRate``."""
    requests: list[RequestedBye] = []
    for index, player in enumerate(players):
        kind = planned.get((number, index))
        absent = config.zero_point_bye_rate and rng.random() * config.zero_point_bye_rate < 1
        if kind is None and absent:
            kind = ByeKind.ZERO_POINT
        if kind is not None:
            requests.append(RequestedBye(number, player.id, kind))
    return requests


def random_players(config: GeneratorConfig, rng: random.Random) -> tuple[Player, ...]:
    """``config.players`` players with ratings drawn between the lowest and the highest,
    numbered by rating, the strongest first."""
    ratings = [
        rng.randint(config.lowest_rating, config.highest_rating) if config.has_rating else None
        for _ in range(config.players)
    ]
    ratings.sort(key=lambda r: -(r or 0))
    return tuple(Player(i, f"Player {i:04d}", rating) for i, rating in enumerate(ratings, start=1))


def generate(
    config: GeneratorConfig,
    rng: random.Random,
    system: Callable[[Tournament], Pairing],
    name: str = "random tournament",
    *,
    keep_partial: bool = True,
) -> Tournament:
    """A tournament of ``config.rounds`` rounds, each paired by ``system``.

    If a round cannot be paired (possible late in a small event), ``keep_partial`` keeps the
    rounds so far (what property tests want: any event the generator reaches); without it
    :class:`NoValidPairing` names the round, as the reference's generator fails.
    """
    players = random_players(config, rng)
    by_id = {p.id: p for p in players}
    tournament = Tournament(
        players,
        total_rounds=config.rounds,
        points=config.point_system(),
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        name=name,
    )
    planned = _planned_byes(config, rng)
    for number in range(1, config.rounds + 1):
        requests = round_requests(config, rng, players, number, planned)
        state = tournament.replace(requested_byes=tuple(requests))
        try:
            pairing = system(state)
        except NoValidPairing as error:
            if keep_partial:
                break
            raise NoValidPairing(
                f"round {number} of the generated tournament cannot be paired: {error}"
            ) from None
        games = tuple(
            Game(g.white, g.black, _draw_result(by_id[g.white], by_id[g.black], config, rng))
            for g in pairing.boards
        )
        byes = [Bye(r.player, r.kind) for r in requests]
        if pairing.bye is not None:
            byes.append(Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED))
        tournament = tournament.with_round(Round(number, games, tuple(byes)))
    return tournament
