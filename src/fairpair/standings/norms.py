"""FIDE title norms (GM, IM, WGM, WIM): the conditions of the Title Regulations (B.01,
effective from 1 January 2024) checked for one player after any round, and what is missing.

What is read here (B.01 article 1.4):

* games (1.41): at least 9 games played over the board (forfeits and byes are not games);
  8 games suffice when the player also had one unrequested unplayed round (a
  pairing-allocated bye or a forfeit win); fewer in the team championships the regulations
  name (``min_games``).
* titled opponents (1.44): at least half of the opponents hold a title (GM, IM, FM, WGM, WIM,
  WFM; not CM or WCM); at least a third, and at least 3, hold the norm's title or one above
  it (GM norm: GM; IM: GM or IM; WGM: GM, IM or WGM; WIM: GM, IM, WGM or WIM).
* federations (1.42-1.43): opponents from at least 2 federations other than the player's,
  at most 3/5 of them from the player's federation and at most 2/3 from any one federation.
  A Swiss event with at least 20 FIDE-rated players from at least 3 federations, at least 10
  of them GM, IM, WGM or WIM, is exempt.
* rated opponents (1.45): at most a fifth of the opponents unrated; an unrated opponent
  counts as 1400.
* average rating (1.46): the lowest-rated opponent (one only) is raised to the rating floor
  (GM 2200, IM 2050, WGM 2000, WIM 1850); the average, rounded half up, must reach GM 2380,
  IM 2230, WGM 2180, WIM 2030.
* performance (1.48): the average plus dp (rating regulations table 8.1a) of the percentage
  score, rounded half up, reaches GM 2600, IM 2450, WGM 2400, WIM 2250.

Counts of opponents are counts of games (an opponent met twice counts twice).
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.core import ByeKind, GameResult, Player, PlayerId, Tournament
from fairpair.standings.chess import performance_rating

UNRATED_AS = 1400
"""B.01 1.45: the rating an unrated opponent counts with."""

TITLED = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
"""B.01 1.44: the titles that make an opponent a title holder (not CM, WCM)."""

_SCORE = {
    GameResult.WHITE_WINS: (Fraction(1), Fraction(0)),
    GameResult.DRAW: (Fraction(1, 2), Fraction(1, 2)),
    GameResult.BLACK_WINS: (Fraction(0), Fraction(1)),
}


class Norm(enum.StrEnum):
    """A title norm and its numbers (B.01 1.44, 1.46, 1.48)."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"

    @property
    def performance(self) -> int:
        """The performance the norm asks for."""
        return {"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250}[self.value]

    @property
    def minimum_average(self) -> int:
        """The lowest average rating of the opponents."""
        return {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}[self.value]

    @property
    def floor(self) -> int:
        """The rating the lowest-rated opponent is raised to."""
        return {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}[self.value]

    @property
    def titles(self) -> frozenset[str]:
        """The opponents' titles that count towards the third of 1.44."""
        return frozenset(
            {"GM": {"GM"}, "IM": {"GM", "IM"}, "WGM": {"GM", "IM", "WGM"}}.get(
                self.value, {"GM", "IM", "WGM", "WIM"}
            )
        )

    @property
    def women(self) -> bool:
        """A norm for a woman's title."""
        return self in (Norm.WGM, Norm.WIM)


_RANK = {"GM": 0, "IM": 1, "WGM": 2, "WIM": 3}


def norms_to_seek(player: Player) -> tuple[Norm, ...]:
    """The norms a player may still seek: those above their title (women's norms for women)."""
    title = player.title.strip().upper()
    held = _RANK.get(title)
    if title == "GM":
        return ()
    found: list[Norm] = []
    for norm in Norm:
        if norm.women and player.sex != "w":
            continue
        if held is not None and _RANK[norm.value] >= held:
            continue
        if title == "IM" and norm.women:
            continue
        found.append(norm)
    return tuple(found)


@dataclass(frozen=True, slots=True)
class NormGame:
    """A game that counts for the norm."""

    round: int
    opponent: Player
    score: Fraction


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition of the regulations, met or not, in plain words."""

    rule: str
    met: bool
    text: str


class NormStatus(enum.StrEnum):
    """Where a player stands."""

    MET = "met"
    """Every condition is met over the games so far."""
    POSSIBLE = "possible"
    """Not met yet; the rounds left can still bring it."""
    OUT_OF_REACH = "out of reach"


@dataclass(frozen=True, slots=True)
class NormCheck:
    """A player's norm check after ``after_round``."""

    player: Player
    norm: Norm
    after_round: int
    rounds_left: int
    games: tuple[NormGame, ...]
    score: Fraction
    average: int | None
    """The opponents' average rating, floor applied, rounded half up."""
    performance: int | None
    conditions: tuple[Condition, ...]
    status: NormStatus
    missing: tuple[str, ...]
    """What is still missing, in plain words."""


def _points(value: Fraction) -> str:
    """Half points as people write them: 5.5, 6, 0.5."""
    return f"{float(value):g}"


def norm_ratings(opponent_ratings: Sequence[int | None], norm: Norm) -> list[int]:
    """The opponents' ratings as the norm counts them (B.01 1.45-1.46): unrated as 1400, the
    lowest one raised to the norm's floor."""
    ratings = sorted(UNRATED_AS if r is None else r for r in opponent_ratings)
    if ratings and ratings[0] < norm.floor:
        ratings[0] = norm.floor
    return ratings


def norm_average(opponent_ratings: Sequence[int | None], norm: Norm) -> int:
    """The average rating of the opponents for a norm (B.01 1.46), rounded half up."""
    ratings = norm_ratings(opponent_ratings, norm)
    total, count = sum(ratings), len(ratings)
    return (2 * total + count) // (2 * count)


def required_score(average: int, games: int, norm: Norm) -> Fraction | None:
    """The least score (in half points) over ``games`` whose performance against ``average``
    reaches the norm's (B.01 1.48), or None when even a full score does not."""

    def enough(halves: int) -> bool:
        return performance_rating([average] * games, Fraction(halves, 2)) >= norm.performance

    if not enough(2 * games):
        return None
    low, high = 0, 2 * games  # the performance grows with the score: halve the range
    while low < high:
        middle = (low + high) // 2
        if enough(middle):
            high = middle
        else:
            low = middle + 1
    return Fraction(low, 2)


def swiss_exempt(tournament: Tournament) -> bool:
    """B.01 1.43: a Swiss event with at least 20 FIDE-rated players from at least 3
    federations, at least 10 of them GM, IM, WGM or WIM, is exempt from the federation
    conditions."""
    rated = [p for p in tournament.players if p.rating]
    federations = {p.federation for p in rated if p.federation}
    strong = sum(1 for p in rated if p.title.upper() in {"GM", "IM", "WGM", "WIM"})
    return len(rated) >= 20 and len(federations) >= 3 and strong >= 10


def _norm_games(tournament: Tournament) -> dict[PlayerId, tuple[list[NormGame], int]]:
    """Per player the games that count and the number of unrequested unplayed rounds
    (pairing-allocated byes, forfeit wins), in one pass over the rounds."""
    found: dict[PlayerId, tuple[list[NormGame], int]] = {p.id: ([], 0) for p in tournament.players}
    forfeits = (GameResult.WHITE_WINS_BY_FORFEIT, GameResult.BLACK_WINS_BY_FORFEIT)
    for rnd in tournament.rounds:
        for game in rnd.games:
            if game.result in _SCORE and game.rated:
                white, black = _SCORE[game.result]
                found[game.white][0].append(
                    NormGame(rnd.number, tournament.player(game.black), white)
                )
                found[game.black][0].append(
                    NormGame(rnd.number, tournament.player(game.white), black)
                )
            elif game.result in forfeits:
                winner = game.white if game.result is forfeits[0] else game.black
                games, unplayed = found[winner]
                found[winner] = (games, unplayed + 1)
        for bye in rnd.byes:
            if bye.kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FORFEIT_WIN):
                games, unplayed = found[bye.player]
                found[bye.player] = (games, unplayed + 1)
    return found


def check_norm(
    tournament: Tournament,
    player: PlayerId,
    norm: Norm,
    *,
    swiss: bool = True,
    min_games: int = 9,
) -> NormCheck:
    """The norm conditions of FIDE B.01 1.4 for ``player`` over the rounds played so far, and
    what the rounds left (``tournament.total_rounds``) must still bring."""
    games, unplayed = _norm_games(tournament)[player]
    exempt = swiss and swiss_exempt(tournament)
    return _check(tournament, player, norm, min_games, games, unplayed, exempt)


def _check(
    tournament: Tournament,
    player: PlayerId,
    norm: Norm,
    min_games: int,
    games: list[NormGame],
    unplayed: int,
    exempt: bool,
) -> NormCheck:
    who = tournament.player(player)
    done = len(tournament.rounds)
    left = max(0, (tournament.total_rounds or done) - done)
    n = len(games)
    final = n + left
    score = sum((g.score for g in games), Fraction(0))
    conditions: list[Condition] = []
    missing: list[str] = []
    impossible = False

    enough = n >= min_games or (n == min_games - 1 and unplayed >= 1)
    conditions.append(Condition("1.41", enough, f"{n} games (at least {min_games})"))
    if not enough:
        short = min_games - n - (1 if unplayed else 0)
        if short > left:
            impossible = True
            missing.append(f"needs {short} more games, only {left} round(s) left")

    titled = sum(1 for g in games if g.opponent.title.upper() in TITLED)
    need_titled = math.ceil(max(n, min_games) / 2)
    conditions.append(
        Condition("1.44", titled >= need_titled, f"{titled} titled opponents (need {need_titled})")
    )
    high = sum(1 for g in games if g.opponent.title.upper() in norm.titles)
    need_high = max(3, math.ceil(max(n, min_games) / 3))
    label = "/".join(sorted(norm.titles, key=_RANK.__getitem__))
    conditions.append(
        Condition("1.44", high >= need_high, f"{high} {label} opponents (need {need_high})")
    )
    for have, need, what in (
        (titled, math.ceil(max(final, min_games) / 2), "titled opponent"),
        (high, max(3, math.ceil(max(final, min_games) / 3)), f"{label} opponent"),
    ):
        if have < need:
            more = need - have
            missing.append(f"needs {more} more {what}{'s' if more > 1 else ''}")
            impossible |= more > left

    own = who.federation
    home = own or "the player's federation"
    federations = Counter(g.opponent.federation or "?" for g in games)
    if exempt:
        conditions.append(Condition("1.43", True, "federations: exempt (a strong Swiss)"))
    else:
        others = {f for f in federations if f != own and f != "?"}
        conditions.append(
            Condition(
                "1.42",
                len(others) >= 2,
                f"{len(others)} federations other than {home}",
            )
        )
        if len(others) < 2:
            more = 2 - len(others)
            missing.append(
                f"needs opponents from {more} more federation{'s' if more > 1 else ''} "
                f"other than {home}"
            )
            impossible |= more > left
        from_own = federations.get(own, 0) if own else 0
        top, top_count = federations.most_common(1)[0] if federations else ("", 0)
        limit_own = 3 * max(n, min_games) // 5
        limit_one = 2 * max(n, min_games) // 3
        conditions.append(
            Condition(
                "1.42",
                from_own <= limit_own,
                f"{from_own} from {home} (at most {limit_own})",
            )
        )
        conditions.append(
            Condition(
                "1.42",
                top_count <= limit_one,
                f"{top_count} from {top or 'any one federation'} (at most {limit_one})",
            )
        )
        if from_own > 3 * max(final, min_games) // 5:
            impossible = True
            missing.append(f"too many opponents from {own}")
        elif top_count > 2 * max(final, min_games) // 3:
            impossible = True
            missing.append(f"too many opponents from {top}")

    unrated = sum(1 for g in games if not g.opponent.rating)
    limit_unrated = max(n, min_games) // 5
    conditions.append(
        Condition("1.45", unrated <= limit_unrated, f"{unrated} unrated (at most {limit_unrated})")
    )
    if unrated > max(final, min_games) // 5:
        impossible = True
        missing.append("too many unrated opponents")

    average = norm_average([g.opponent.rating or None for g in games], norm) if games else None
    performance = None
    if average is not None:
        conditions.append(
            Condition(
                "1.46",
                average >= norm.minimum_average,
                f"average rating {average} (at least {norm.minimum_average})",
            )
        )
        if average < norm.minimum_average:
            impossible |= left == 0
            missing.append(
                f"needs stronger opponents: average {average}, {norm.minimum_average} asked"
            )
        ratings = norm_ratings([g.opponent.rating or None for g in games], norm)
        performance = performance_rating(ratings, score)
        conditions.append(
            Condition(
                "1.48",
                performance >= norm.performance,
                f"performance {performance} (at least {norm.performance})",
            )
        )
        if final > n or performance < norm.performance:
            target = required_score(average, max(final, min_games), norm)
            if target is None:
                impossible = True
                missing.append(
                    f"no score reaches {norm.performance} against an average of {average}"
                )
            elif target - score > left:
                impossible = True
                missing.append(
                    f"needs {_points(target)} of {max(final, min_games)} against an average of "
                    f"{average}: {_points(target - score)} from the last {left} round(s)"
                )
            elif target > score:
                missing.append(
                    f"needs {_points(target - score)} from the last {left} round(s) against "
                    f"opponents averaging {average}"
                )
    elif left == 0:
        impossible = True

    met = all(c.met for c in conditions) and average is not None
    status = (
        NormStatus.MET if met else NormStatus.OUT_OF_REACH if impossible else NormStatus.POSSIBLE
    )
    if met:
        missing = [m for m in missing if not m.startswith("needs ")]
    return NormCheck(
        who, norm, done, left, tuple(games), score, average, performance,
        tuple(conditions), status, tuple(missing),
    )  # fmt: skip


def norm_report(
    tournament: Tournament, *, swiss: bool = True, min_games: int = 9, everyone: bool = False
) -> tuple[NormCheck, ...]:
    """Every player's checks for the norms they may seek (:func:`norms_to_seek`); without
    ``everyone``, only the norms met or still possible."""
    played = _norm_games(tournament)
    exempt = swiss and swiss_exempt(tournament)
    checks = [
        _check(tournament, p.id, norm, min_games, *played[p.id], exempt)
        for p in tournament.players
        for norm in norms_to_seek(p)
    ]
    if everyone:
        return tuple(checks)
    return tuple(c for c in checks if c.status is not NormStatus.OUT_OF_REACH)
