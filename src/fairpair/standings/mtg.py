"""Magic: The Gathering tie-breakers of the Magic Tournament Rules, Appendix C (spec §3).

Match points 3/1/0, a bye is a match win counted as 2-0 in games; MWP and GWP are floored at
``settings.mtg_floor`` (0.33 as the MTR prints it, or an exact third).
"""

from __future__ import annotations

from fractions import Fraction

from fairpair.core import Outcome, PlayerId
from fairpair.standings.event import EventView, Slot, Values

_MATCH_WIN = frozenset(
    {
        Outcome.WIN,
        Outcome.FORFEIT_WIN,
        Outcome.UNPAIRED_FORFEIT_WIN,
        Outcome.PAIRING_BYE,
        Outcome.FULL_BYE,
    }
)
_MATCH_DRAW = frozenset({Outcome.DRAW, Outcome.HALF_BYE})
_NOT_IN_EVENT = frozenset({Outcome.ABSENT, Outcome.ZERO_BYE, Outcome.PENDING})
"""Rounds a player did not take part in (not paired, dropped): outside his MWP."""


def _taken_part(slot: Slot) -> bool:
    """A round the player took part in (a round annulled by a withdrawal is not one)."""
    return slot.outcome not in _NOT_IN_EVENT and not slot.annulled


def _match_points(outcome: Outcome) -> int:
    if outcome in _MATCH_WIN:
        return 3
    return 1 if outcome in _MATCH_DRAW else 0


def match_points(event: EventView) -> Values:
    """MP, MTR Appendix C: 3 per match win (a bye included), 1 per draw, 0 per loss."""
    return {
        pid: Fraction(sum(_match_points(s.outcome) for s in event.slots[pid] if _taken_part(s)))
        for pid in event.ids
    }


def _match_win_percentages(event: EventView) -> dict[PlayerId, Fraction]:
    floor = event.settings.mtg_floor
    result: dict[PlayerId, Fraction] = {}
    for pid in event.ids:
        taken = [s for s in event.slots[pid] if _taken_part(s)]
        if not taken:
            result[pid] = floor
            continue
        won = sum(_match_points(s.outcome) for s in taken)
        result[pid] = max(floor, Fraction(won, 3 * len(taken)))
    return result


def _game_records(event: EventView) -> dict[PlayerId, list[tuple[int, int, int]]]:
    """(games won, lost, drawn) of each round a player took part in.

    Without a recorded match score a win counts as 2-0 and a loss as 0-2 (so do forfeits and
    byes, as the MTR counts a bye); a draw without score as 1-1.
    """
    records: dict[PlayerId, list[tuple[int, int, int]]] = {pid: [] for pid in event.ids}
    scored: dict[tuple[int, PlayerId], tuple[int, int, int]] = {}
    for rnd in event.tournament.rounds:
        for game in rnd.games:
            score = game.match_score
            if score is None or game.result is None or not game.result.played:
                continue
            scored[(rnd.number, game.white)] = (score.first_wins, score.second_wins, score.draws)
            scored[(rnd.number, game.black)] = (score.second_wins, score.first_wins, score.draws)
    for pid in event.ids:
        for slot in event.slots[pid]:
            if not _taken_part(slot):
                continue
            known = scored.get((slot.round, pid))
            if known is not None:
                records[pid].append(known)
            elif slot.outcome in _MATCH_WIN:
                records[pid].append((2, 0, 0))
            elif slot.outcome in _MATCH_DRAW:
                records[pid].append((1, 1, 0))
            else:
                records[pid].append((0, 2, 0))
    return records


def _game_win_percentages(event: EventView) -> dict[PlayerId, Fraction | None]:
    floor = event.settings.mtg_floor
    result: dict[PlayerId, Fraction | None] = {}
    for pid, rows in _game_records(event).items():
        games = sum(w + lost + d for w, lost, d in rows)
        gained = sum(3 * w + d for w, _, d in rows)
        result[pid] = max(floor, Fraction(gained, 3 * games)) if games else None
    return result


def _opponents_average(event: EventView, values: dict[PlayerId, Fraction | None]) -> Values:
    result: Values = {}
    for pid in event.ids:
        known = [
            v
            for s in event.slots[pid]
            if s.opponent is not None and (v := values[s.opponent]) is not None
        ]
        result[pid] = sum(known, Fraction(0)) / len(known) if known else None
    return result


def match_win_percentage(event: EventView) -> Values:
    """MWP, MTR Appendix C: match points over 3 × rounds taken part in, bye rounds included,
    floored (information; OMW averages it)."""
    return dict(_match_win_percentages(event))


def opponents_match_win_percentage(event: EventView) -> Values:
    """OMW, MTR Appendix C: average of the opponents' (floored) match-win percentages; bye
    rounds have no opponent and are skipped, dropped opponents still count."""
    return _opponents_average(event, dict(_match_win_percentages(event)))


def game_win_percentage(event: EventView) -> Values:
    """GW, MTR Appendix C: game points over 3 × games played, floored; a bye is 2-0."""
    if not event.settings.mtg_game_wins:
        return dict.fromkeys(event.ids)
    return dict(_game_win_percentages(event))


def opponents_game_win_percentage(event: EventView) -> Values:
    """OGW, MTR Appendix C: average of the opponents' (floored) game-win percentages."""
    if not event.settings.mtg_game_wins:
        return dict.fromkeys(event.ids)
    return _opponents_average(event, _game_win_percentages(event))
