"""Chess tie-breaks of FIDE C.07 (Handbook, 2023 edition) as written in spec tiebreaks.md §2.

Every function takes an :class:`EventView` and returns a value for every player. Unplayed
rounds follow the view's unplayed rule (spec §1); the ``@2026`` codes run the same function
on :meth:`EventView.amended_2026`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction

from fairpair.core import Colour, Game, GameResult, Outcome, PlayerId, Round
from fairpair.standings.event import Contribution, EventView, Values, cut

_WINS = frozenset(
    {
        Outcome.WIN,
        Outcome.FORFEIT_WIN,
        Outcome.UNPAIRED_FORFEIT_WIN,
        Outcome.FULL_BYE,
        Outcome.PAIRING_BYE,
    }
)


def round_half_up(value: Fraction, decimals: int = 0) -> Fraction:
    """Round to ``decimals`` places, halves up (as FIDE rounds ARO, TPR and AOB)."""
    scale = 10**decimals
    return Fraction(math.floor(value * scale + Fraction(1, 2)), scale)


# --- points --------------------------------------------------------------------------------


def points(event: EventView) -> Values:
    """PTS, FIDE C.07 (2023) points: the score in the event's own points system."""
    return {pid: event.score[pid] for pid in event.ids}


# --- Buchholz family ------------------------------------------------------------------------


def _bh_value(c: Contribution) -> Fraction:
    return c.score


def _sb_value(c: Contribution) -> Fraction:
    return c.score * c.points


def _opponent_sum(
    event: EventView, value: Callable[[Contribution], Fraction], low: int, high: int
) -> Values:
    # Sonneborn-Berger reads its own contributions: FIDE rule 4 may count forfeits as games.
    of = event.sb_contributions if value is _sb_value else event.contributions
    return {pid: cut(of(pid), value, low, high, event.rounds) for pid in event.ids}


def buchholz(event: EventView) -> Values:
    """BH, FIDE C.07 (2023) Buchholz: sum of the opponents' adjusted scores, a dummy
    opponent on the player's own score for each unplayed round (spec §2.1, §1.1)."""
    return event.memo("BH", lambda: _opponent_sum(event, _bh_value, 0, 0))


def buchholz_cut1(event: EventView) -> Values:
    """BH-C1, FIDE C.07 (2023) Buchholz Cut-1: without the least significant contribution,
    VURs cut first (spec §2.2)."""
    return _opponent_sum(event, _bh_value, 1, 0)


def buchholz_cut2(event: EventView) -> Values:
    """BH-C2, FIDE C.07 (2023) Buchholz Cut-2: two low cuts (spec §2.2)."""
    return _opponent_sum(event, _bh_value, 2, 0)


def buchholz_median1(event: EventView) -> Values:
    """BH-M1, FIDE C.07 (2023) Median Buchholz 1: one low cut, then the highest (spec §2.2)."""
    return _opponent_sum(event, _bh_value, 1, 1)


def buchholz_median2(event: EventView) -> Values:
    """BH-M2, FIDE C.07 (2023) Median Buchholz 2: two low and two high cuts (spec §2.2)."""
    return _opponent_sum(event, _bh_value, 2, 2)


def sonneborn_berger(event: EventView) -> Values:
    """SB, FIDE C.07 (2023) Sonneborn-Berger: sum of opponent score × points scored against
    him; unplayed rounds against the dummy opponent (spec §2.3)."""
    return _opponent_sum(event, _sb_value, 0, 0)


def sonneborn_berger_cut1(event: EventView) -> Values:
    """SB-C1, FIDE C.07 (2023) Sonneborn-Berger Cut-1: the contribution of the lowest-scored
    opponent removed; a VUR only if worth at least as much (spec §2.3, §1.1 rule 3)."""
    return _opponent_sum(event, _sb_value, 1, 0)


def average_of_opponents_buchholz(event: EventView) -> Values:
    """AOB, FIDE C.07 (2023) Average of Opponents' Buchholz over played games, rounded half
    up to 2/3/4/5 decimals by the number of rounds as the reference presents it (spec §2.13)."""
    bh = buchholz(event)
    r = event.rounds
    decimals = 2 if r < 9 else 3 if r <= 26 else 4 if r <= 72 else 5
    result: Values = {}
    for pid in event.ids:
        values = [bh[s.opponent] for s in event.played(pid) if s.opponent is not None]
        known = [v for v in values if v is not None]
        result[pid] = (
            round_half_up(sum(known, Fraction(0)) / len(known), decimals) if known else None
        )
    return result


def fore_buchholz(event: EventView) -> Values:
    """FB, FIDE C.07 (2023) Fore Buchholz: Buchholz after every last-round pairing with a
    named opponent is replaced by a played draw (spec §2.13)."""
    tournament = event.tournament
    if not tournament.rounds:
        return buchholz(event)
    last = tournament.rounds[-1]
    drawn = tuple(Game(g.white, g.black, GameResult.DRAW, coloured=g.coloured) for g in last.games)
    drawn_round = Round(last.number, drawn, last.byes)
    changed = tournament.with_rounds((*tournament.rounds[:-1], drawn_round))
    return buchholz(EventView(changed, event.settings))


# --- direct encounter -----------------------------------------------------------------------


def _mutual(
    event: EventView, group: Sequence[PlayerId]
) -> dict[PlayerId, dict[PlayerId, Fraction]]:
    """Average points each member scored against each other member he met over the board."""
    members = set(group)
    totals: dict[PlayerId, dict[PlayerId, list[Fraction]]] = {p: {} for p in group}
    for pid in group:
        for slot in event.played(pid):
            if slot.opponent in members:
                totals[pid].setdefault(slot.opponent, []).append(slot.points)
    return {
        pid: {opp: sum(pts, Fraction(0)) / len(pts) for opp, pts in met.items()}
        for pid, met in totals.items()
    }


def direct_encounter_score(event: EventView, group: Sequence[PlayerId]) -> Values:
    """DE points, FIDE C.07 (2023): points each member scored against the other members in
    played games (several games between two members: their average)."""
    mutual = _mutual(event, group)
    return {p: sum(mutual[p].values(), Fraction(0)) for p in group}


def _separate(event: EventView, group: Sequence[PlayerId]) -> list[list[PlayerId]]:
    """One DE separation step (spec §2.4): the group split into ordered subgroups."""
    mutual = _mutual(event, group)
    size = len(group)
    de = {p: sum(mutual[p].values(), Fraction(0)) for p in group}
    best = {p: de[p] + (size - 1 - len(mutual[p])) * event.win for p in group}
    if all(len(mutual[p]) == size - 1 for p in group):
        ordered = sorted(group, key=lambda p: (-de[p], p))
        parts: list[list[PlayerId]] = []
        for p in ordered:
            if parts and de[parts[-1][0]] == de[p]:
                parts[-1].append(p)
            else:
                parts.append([p])
        return parts
    ordered = sorted(group, key=lambda p: (-de[p], -best[p], p))
    parts = [[ordered[0]]]
    for i in range(1, size):
        if de[ordered[i - 1]] > max(best[p] for p in ordered[i:]):
            parts.append([ordered[i]])
        else:
            parts[-1].extend(ordered[i:])
            break
    return parts


def direct_encounter_places(event: EventView, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """DE, FIDE C.07 (2023) Direct Encounter inside one tie group (spec §2.4).

    0 for everyone when DE does not separate the group (or it has one member), otherwise each
    member's place in the group from 1 (lower is better, equal places still tied).
    """
    places: dict[PlayerId, int] = {}
    pending: list[tuple[int, list[PlayerId]]] = [(1, list(group))]
    while pending:
        start, members = pending.pop()
        if len(members) == 1:
            places[members[0]] = start
            continue
        parts = _separate(event, members)
        if len(parts) == 1:
            for p in members:
                places[p] = start
            continue
        offset = start
        for part in parts:
            pending.append((offset, part))
            offset += len(part)
    if len(set(places.values())) <= 1:
        return {p: 0 for p in group}
    return places


def direct_encounter(event: EventView) -> Values:
    """DE, FIDE C.07 (2023) Direct Encounter among players tied on points (spec §2.4)."""
    groups: dict[Fraction, list[PlayerId]] = {}
    for pid in event.ids:
        groups.setdefault(event.score[pid], []).append(pid)
    result: Values = {}
    for members in groups.values():
        for pid, place in direct_encounter_places(event, members).items():
            result[pid] = Fraction(place)
    return result


# --- counts ---------------------------------------------------------------------------------


def _count(event: EventView, test: Callable[[EventView, PlayerId], int]) -> Values:
    return {pid: Fraction(test(event, pid)) for pid in event.ids}


def wins(event: EventView) -> Values:
    """WIN, FIDE C.07 (2023) number of wins: rounds awarded the win value, unplayed wins
    (forfeit wins, full-point byes, a PAB worth a win) included (spec §2.5)."""
    return _count(
        event,
        lambda e, p: sum(1 for s in e.slots[p] if s.outcome in _WINS and s.points == e.win),
    )


def games_won(event: EventView) -> Values:
    """WON, FIDE C.07 (2023) number of games won over the board (spec §2.5)."""
    return _count(event, lambda e, p: sum(1 for s in e.played(p) if s.outcome is Outcome.WIN))


def black_games(event: EventView) -> Values:
    """BPG, FIDE C.07 (2023) number of games played with black (spec §2.6)."""
    return _count(event, lambda e, p: sum(1 for s in e.played(p) if s.colour is Colour.BLACK))


def black_wins(event: EventView) -> Values:
    """BWG, FIDE C.07 (2023) number of games won with black (spec §2.6)."""
    return _count(
        event,
        lambda e, p: sum(
            1 for s in e.played(p) if s.colour is Colour.BLACK and s.outcome is Outcome.WIN
        ),
    )


def voluntary_unplayed_rounds(event: EventView) -> Values:
    """VUR, FIDE C.07 (2023) number of voluntary unplayed rounds (spec §2.13)."""
    return _count(event, lambda e, p: sum(1 for s in e.slots[p] if s.voluntary))


def rounds_elected_to_play(event: EventView) -> Values:
    """REP, FIDE C.07 (2023) rounds elected to play: R minus the VURs (spec §2.13)."""
    return _count(event, lambda e, p: sum(1 for s in e.slots[p] if not s.voluntary))


def games_played(event: EventView) -> Values:
    """NUM, FIDE C.07 (2023) number of games played over the board (spec §2.13)."""
    return _count(event, lambda e, p: len(e.played(p)))


# --- progressive and Koya -------------------------------------------------------------------


def _progressive(event: EventView, cut_first: int) -> Values:
    result: Values = {}
    for pid in event.ids:
        running = Fraction(0)
        totals: list[Fraction] = []
        for slot in event.slots[pid]:
            running += slot.points
            totals.append(running)
        result[pid] = sum(totals[cut_first:], Fraction(0))
    return result


def progressive_score(event: EventView) -> Values:
    """PS, FIDE C.07 (2023) progressive (cumulative) score: sum of the running scores after
    each round, points as awarded (spec §2.7)."""
    return _progressive(event, 0)


def progressive_score_cut1(event: EventView) -> Values:
    """PS-C1, FIDE C.07 (2023) progressive score Cut-1: without the first running total."""
    return _progressive(event, 1)


def koya(event: EventView) -> Values:
    """KS, FIDE C.07 (2023) Koya system: points scored against opponents (played or forfeit)
    whose actual score reaches the limit, by default 50 % of the maximum (spec §2.8).

    The maximum is the win value times R. In a round robin (setting ``round_robin``) it is
    the win value times the games the opponent plays: R minus the rounds he sat out, the
    bye of an odd field (spec §2.8, "not verified"). We read "a player" as the opponent
    whose score is measured, so he is held to half of what he could score; once an odd
    single round robin is over that is R - 1 for everyone, as any reading gives. A round
    counts as a game when it had a scheduled opponent, so a forfeit counts and the bye
    round of a player who withdrew (an absence) does not.
    """
    per_game = event.settings.koya_limit * event.win

    def limit(opponent: PlayerId) -> Fraction:
        if not event.settings.round_robin:
            return per_game * event.rounds
        return per_game * sum(1 for s in event.slots[opponent] if s.opponent is not None)

    qualifies = {pid: event.score[pid] >= limit(pid) for pid in event.ids}
    return {
        pid: sum(
            (
                s.points
                for s in event.slots[pid]
                if s.opponent is not None and qualifies[s.opponent]
            ),
            Fraction(0),
        )
        for pid in event.ids
    }


# --- rating-based ---------------------------------------------------------------------------

_DP = (
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284,
    273, 262, 251, 240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125,
    117, 110, 102, 95, 87, 80, 72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0,
)  # fmt: skip
"""FIDE rating regulations table 8.1a: dp for p = 1.00, 0.99, …, 0.50."""

_E_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
"""FIDE table 8.1b: the largest difference giving an expected score of 0.50, 0.51, …, 0.99."""


def rating_difference(percentage: int) -> int:
    """FIDE table 8.1a: dp for a score of ``percentage`` % (0-100)."""
    if percentage >= 50:
        return _DP[100 - percentage]
    return -_DP[percentage]


def expected_hundredths(difference: int) -> int:
    """FIDE table 8.1b: expected score in hundredths for a rating difference."""
    if difference < 0:
        return 100 - expected_hundredths(-difference)
    for index, upper in enumerate(_E_UPPER):
        if difference <= upper:
            return 50 + index
    return 100


def _ratings(event: EventView) -> dict[PlayerId, int] | None:
    """Each player's rating for the rating codes, or None when they have no value at all."""
    return event.memo("ratings", lambda: _event_ratings(event))


def _event_ratings(event: EventView) -> dict[PlayerId, int] | None:
    fallback = event.settings.unrated_rating
    result: dict[PlayerId, int] = {}
    for player in event.tournament.players:
        if player.rating:
            result[player.id] = player.rating
        elif fallback is not None:
            result[player.id] = fallback
        else:
            return None
    return result


def _game_points(event: EventView, pid: PlayerId) -> list[tuple[int, Fraction]]:
    """(opponent rating, 1/½/0 result) of each played game, whatever the points system."""
    ratings = _ratings(event)
    assert ratings is not None
    score = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}
    return [
        (ratings[s.opponent], score[s.outcome]) for s in event.played(pid) if s.opponent is not None
    ]


def _aro(event: EventView, drop_lowest: bool) -> Values:
    if _ratings(event) is None:
        return dict.fromkeys(event.ids)
    result: Values = {}
    for pid in event.ids:
        ratings = sorted(r for r, _ in _game_points(event, pid))
        if drop_lowest:
            ratings = ratings[1:] if len(ratings) >= 2 else []
        result[pid] = round_half_up(Fraction(sum(ratings), len(ratings))) if ratings else None
    return result


def average_rating_of_opponents(event: EventView) -> Values:
    """ARO, FIDE C.07 (2023) Average Rating of Opponents in played games, rounded half up
    (spec §2.9)."""
    return event.memo("ARO", lambda: _aro(event, drop_lowest=False))


def average_rating_of_opponents_cut1(event: EventView) -> Values:
    """ARO-C1, FIDE C.07 (2023) ARO without the lowest-rated opponent (spec §2.9)."""
    return _aro(event, drop_lowest=True)


def performance_rating(opponent_ratings: Sequence[int], score: Fraction) -> int:
    """A performance rating: the opponents' average rating rounded half up, plus dp (table
    8.1a of the FIDE rating regulations) of the score share rounded half up to a whole
    percent; ``score`` counts 1, ½ and 0 per game. The TPR of FIDE C.07 (2023) and the
    performance of a title norm (FIDE B.01 1.48) are both this."""
    if not opponent_ratings:
        raise ValueError("a performance rating needs at least one game")
    average = round_half_up(Fraction(sum(opponent_ratings), len(opponent_ratings)))
    percentage = int(round_half_up(score / len(opponent_ratings) * 100))
    return int(average) + rating_difference(percentage)


def _tpr(event: EventView) -> Values:
    aro = average_rating_of_opponents(event)
    result: Values = {}
    for pid in event.ids:
        games = _game_points(event, pid) if aro[pid] is not None else []
        if not games:
            result[pid] = None
            continue
        score = sum((g for _, g in games), Fraction(0))
        result[pid] = Fraction(performance_rating([r for r, _ in games], score))
    return result


def tournament_performance_rating(event: EventView) -> Values:
    """TPR, FIDE C.07 (2023) Tournament Performance Rating: rounded ARO + dp(p), p the 1/½/0
    score share of played games rounded to a whole percent (spec §2.10)."""
    return event.memo("TPR", lambda: _tpr(event))


def _perfect(games: list[tuple[int, Fraction]]) -> int:
    ratings = [r for r, _ in games]
    target = sum((g for _, g in games), Fraction(0)) * 100
    if target == 0:
        return min(ratings) - 800
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:
        middle = (low + high) // 2
        if sum(expected_hundredths(middle - r) for r in ratings) >= target:
            high = middle
        else:
            low = middle + 1
    return low


def _ptp(event: EventView) -> Values:
    if _ratings(event) is None:
        return dict.fromkeys(event.ids)
    result: Values = {}
    for pid in event.ids:
        games = _game_points(event, pid)
        result[pid] = Fraction(_perfect(games)) if games else None
    return result


def perfect_tournament_performance(event: EventView) -> Values:
    """PTP, FIDE C.07 (2023) Perfect Tournament Performance: the lowest rating whose expected
    score against the opponents of played games reaches the 1/½/0 score (spec §2.11)."""
    return event.memo("PTP", lambda: _ptp(event))


def _average_of_opponents(event: EventView, values: Values) -> Values:
    result: Values = {}
    for pid in event.ids:
        known = [
            v
            for s in event.played(pid)
            if s.opponent is not None and (v := values[s.opponent]) is not None
        ]
        result[pid] = round_half_up(sum(known, Fraction(0)) / len(known)) if known else None
    return result


def average_performance_of_opponents(event: EventView) -> Values:
    """APRO, FIDE C.07 (2023) Average Performance Rating of Opponents (their TPR), played
    games only, rounded half up (spec §2.12)."""
    return _average_of_opponents(event, tournament_performance_rating(event))


def average_perfect_performance_of_opponents(event: EventView) -> Values:
    """APPO, FIDE C.07 (2023) Average Perfect Performance of Opponents (their PTP), played
    games only, rounded half up (spec §2.12)."""
    return _average_of_opponents(event, perfect_tournament_performance(event))


# --- the March 2026 amendment's plain tie-breaks ----------------------------------------------


def standard_points(event: EventView) -> Values:
    """STD, FIDE C.07 (March 2026 amendment) standard points: the score recounted as 1 for a
    win, ½ for a draw and 0 for a loss, whatever points the event gives.

    Each round counts by what it was worth under the event's points: more than a draw is a
    win's 1 (forfeit wins, full-point byes and a PAB worth a win included), exactly a draw is
    ½ (half-point byes), less is 0. An event scored 3-1-0 thus ranks by its 1-½-0 score.
    """

    def recount(points: Fraction) -> Fraction:
        if points > event.draw:
            return Fraction(1)
        return Fraction(1, 2) if points == event.draw else Fraction(0)

    return {
        pid: sum((recount(s.points) for s in event.slots[pid]), Fraction(0)) for pid in event.ids
    }


def tournament_pairing_number(event: EventView) -> Values:
    """TPN, FIDE C.07 (March 2026 amendment) tournament pairing number: the player's place
    in the initial ranking (1 for the top seed), the smaller the better; the last resort that
    replaces the drawing of lots, since no two players share it."""
    order = event.tournament.ranking_order
    return {pid: Fraction(place) for place, pid in enumerate(order, start=1) if pid in event.ids}


def rating(event: EventView) -> Values:
    """RTNG, FIDE C.07 (March 2026 amendment) rating: the player's own rating, higher is
    better; an unrated player counts with the rating the settings give unrated players, and
    without that value nobody has one (as for the other rating codes, spec §2.9)."""
    ratings = _ratings(event)
    if ratings is None:
        return dict.fromkeys(event.ids)
    return {pid: Fraction(ratings[pid]) for pid in event.ids}
