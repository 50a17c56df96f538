"""The FIDE rating change of an event, player by player and game by game.

We follow the FIDE Rating Regulations effective from 1 March 2024 (chapter 8: the rating
calculation). The rating-difference tables (8.1a, 8.1b) are the ones the tie-breaks already
use, in :mod:`fairpair.standings.chess`; the performance rating is the tie-break TPR.

A game counts for rating when it was played over the board (forfeits and byes are not
games), was not marked unrated, and both players have a rating. The report gives per game
the expected score and the difference, and per player K, the change (exact, as FIDE's own
player pages show it, with decimals) and the performance rating.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.core import GameResult, Player, PlayerId, Tournament
from fairpair.standings.chess import expected_hundredths, performance_rating

RATING_DIFFERENCE_CAP = 400
"""FIDE rating regulations 8.3.1: a difference of more than 400 counts as 400."""

K_CAP = 700
"""FIDE rating regulations 8.3.3: K times the games of a period is at most 700."""

INITIAL_RATING_CAP = 2200
"""FIDE rating regulations 8.2: an initial rating is at most 2200."""

RATING_FLOOR = 1400
"""FIDE rating regulations: the lowest rating published."""

INITIAL_RATING_GAMES = 5
"""FIDE rating regulations 8.2: games against rated opponents an initial rating needs."""

HYPOTHETICAL_OPPONENT = 1800
"""FIDE rating regulations 8.2: the two hypothetical opponents (both games drawn) added to an
unrated player's results for the initial rating."""

_SCORE = {
    GameResult.WHITE_WINS: (Fraction(1), Fraction(0)),
    GameResult.DRAW: (Fraction(1, 2), Fraction(1, 2)),
    GameResult.BLACK_WINS: (Fraction(0), Fraction(1)),
}
_YEAR = re.compile(r"(\d{4})")


class TimeControl(enum.StrEnum):
    """Which rating list an event is rated for: the K-factors differ (8.3.3)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game of a player, as the rating report shows it."""

    round: int
    opponent: PlayerId
    opponent_rating: int | None
    score: Fraction
    """1, ½ or 0 whatever the event's points."""
    counted: bool
    expected: Fraction | None = None
    """The expected score (table 8.1b, the 400-point rule applied); counted games only."""
    note: str = ""
    """Why a game does not count, in plain words."""

    @property
    def difference(self) -> Fraction | None:
        """Score minus expected score (8.3.2), counted games of a rated player."""
        return None if self.expected is None else self.score - self.expected


@dataclass(frozen=True, slots=True)
class RatingLine:
    """One player's line of the rating report."""

    player: Player
    games: tuple[RatedGame, ...]
    k: int | None
    """K used (after the 700 cap); None for an unrated player."""
    k_reason: str
    score: Fraction
    """Score in counted games."""
    expected: Fraction | None
    """Sum of the expected scores of the counted games (rated players)."""
    change: Fraction | None
    """K times (score - expected), exact; None for an unrated player."""
    performance: int | None
    """The performance rating (TPR) over the counted games."""
    initial_rating: int | None = None
    """For an unrated player: the rating these games alone would give (8.2)."""
    initial_note: str = ""

    @property
    def counted(self) -> tuple[RatedGame, ...]:
        """The games that count for rating."""
        return tuple(g for g in self.games if g.counted)

    @property
    def opponent_ratings(self) -> tuple[int, ...]:
        """Ratings of the opponents of the counted games."""
        return tuple(g.opponent_rating for g in self.counted if g.opponent_rating is not None)


def expected_score(rating: int, opponent_rating: int) -> Fraction:
    """The expected score of a game (FIDE rating regulations 8.3.1, table 8.1b), a rating
    difference of more than 400 counted as 400."""
    difference = max(-RATING_DIFFERENCE_CAP, min(RATING_DIFFERENCE_CAP, rating - opponent_rating))
    return Fraction(expected_hundredths(difference), 100)


def birth_year(player: Player) -> int | None:
    """The year of ``player.birth_date`` when it gives one."""
    found = _YEAR.match(player.birth_date.strip())
    return int(found.group(1)) if found else None


def k_factor(
    player: Player, year: int | None, time_control: TimeControl = TimeControl.STANDARD
) -> tuple[int, str]:
    """K and why (FIDE rating regulations 8.3.3), before the 700 cap.

    The K the director set on the player wins (a player new to the list keeps 40 until 30
    games, which only the rating list knows). Otherwise: 20 for rapid and blitz; 10 from a
    rating of 2400; 40 until the end of the year of the 18th birthday while under 2300
    (``year`` is the event's, the birth year from the player's birth date); else 20.
    """
    if player.k_factor is not None:
        return player.k_factor, "set by the director"
    if time_control is not TimeControl.STANDARD:
        return 20, f"{time_control.value} rating"
    rating = player.rating or 0
    if rating >= 2400:
        return 10, "rated 2400 or more"
    born = birth_year(player)
    if year is not None and born is not None and year - born <= 18 and rating < 2300:
        return 40, "junior under 2300"
    return 20, "rated under 2400"


def capped_k(k: int, games: int) -> int:
    """K after the cap of FIDE rating regulations 8.3.3: when K times the number of games
    exceeds 700, K is the largest whole number whose product with the games is at most 700."""
    if games and k * games > K_CAP:
        return K_CAP // games
    return k


def initial_rating(opponent_ratings: Sequence[int], score: Fraction) -> int | None:
    """The rating an unrated player's games against rated opponents give (FIDE rating
    regulations 8.2): two draws against hypothetical 1800 opponents are added, then the
    performance rating of it all, at most 2200. None when the player scored nothing (a zero
    score in a first event is disregarded) or has no game against a rated opponent."""
    if not opponent_ratings or score == 0:
        return None
    ratings = [*opponent_ratings, HYPOTHETICAL_OPPONENT, HYPOTHETICAL_OPPONENT]
    return min(INITIAL_RATING_CAP, performance_rating(ratings, score + 1))


def _games(tournament: Tournament, player: Player) -> tuple[RatedGame, ...]:
    rated = bool(player.rating)
    games: list[RatedGame] = []
    for rnd in tournament.rounds:
        for game in rnd.games:
            if not game.involves(player.id) or game.result is None:
                continue
            if game.result not in _SCORE:
                continue  # a forfeit is not a game (8.1: only games played are rated)
            opponent = tournament.player(game.opponent_of(player.id))
            white, black = _SCORE[game.result]
            score = white if game.white == player.id else black
            theirs = opponent.rating or None
            note = ""
            if not game.rated:
                note = "not rated (less than one move played)"
            elif theirs is None:
                note = "opponent unrated"
            if note:
                games.append(RatedGame(rnd.number, opponent.id, theirs, score, False, note=note))
                continue
            assert theirs is not None
            expected = expected_score(player.rating or 0, theirs) if rated else None
            games.append(RatedGame(rnd.number, opponent.id, theirs, score, True, expected))
    return tuple(games)


def rating_line(
    tournament: Tournament,
    player: Player,
    year: int | None = None,
    time_control: TimeControl = TimeControl.STANDARD,
) -> RatingLine:
    """One player's rating change in ``tournament`` (FIDE rating regulations 8.2 and 8.3)."""
    games = _games(tournament, player)
    counted = [g for g in games if g.counted]
    score = sum((g.score for g in counted), Fraction(0))
    ratings = [g.opponent_rating for g in counted if g.opponent_rating is not None]
    performance = performance_rating(ratings, score) if ratings else None
    if not player.rating:
        found = initial_rating(ratings, score)
        if not ratings:
            note = "no game against a rated opponent"
        elif found is None:
            note = "no points against rated opponents: the event is disregarded (8.2)"
        elif len(ratings) < INITIAL_RATING_GAMES:
            note = f"{len(ratings)} of the {INITIAL_RATING_GAMES} games against rated opponents"
            note += " an initial rating needs"
        elif found < RATING_FLOOR:
            note = f"under the floor of {RATING_FLOOR}: not published"
        else:
            note = "initial rating if these are the player's first rated games"
        return RatingLine(
            player, games, None, "unrated", score, None, None, performance, found, note
        )
    base, reason = k_factor(player, year, time_control)
    k = capped_k(base, len(counted))
    if k != base:
        reason += f"; {base} capped to {k} ({K_CAP} / {len(counted)} games)"
    expected = sum((g.expected for g in counted if g.expected is not None), Fraction(0))
    change = k * (score - expected)
    return RatingLine(player, games, k, reason, score, expected, change, performance)


def rating_report(
    tournament: Tournament,
    year: int | None = None,
    time_control: TimeControl = TimeControl.STANDARD,
) -> tuple[RatingLine, ...]:
    """Every player's rating change, in start-number order (FIDE rating regulations 8)."""
    return tuple(rating_line(tournament, p, year, time_control) for p in tournament.players)
