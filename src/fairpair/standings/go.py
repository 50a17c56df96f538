"""Go tie-breaks: McMahon score and the SOS family, EGF conventions (spec tiebreaks.md §4).

A Go Swiss is McMahon with every start at 0 (the default of ``mcmahon_start``).
"""

from __future__ import annotations

from fractions import Fraction

from fairpair.core import Outcome, PlayerId
from fairpair.standings.event import EventView, Slot, Values

_WIN = frozenset({Outcome.WIN, Outcome.FORFEIT_WIN, Outcome.UNPAIRED_FORFEIT_WIN, Outcome.FULL_BYE})
_HALF = frozenset({Outcome.DRAW, Outcome.HALF_BYE})


def _result(event: EventView, slot: Slot) -> Fraction:
    if slot.annulled:
        return Fraction(0)
    if slot.outcome is Outcome.PAIRING_BYE:
        return event.settings.go_bye_value
    if slot.outcome in _WIN:
        return Fraction(1)
    return Fraction(1, 2) if slot.outcome in _HALF else Fraction(0)


def _mms(event: EventView) -> dict[PlayerId, Fraction]:
    return {
        pid: event.settings.start_mms(pid)
        + sum((_result(event, s) for s in event.slots[pid]), Fraction(0))
        for pid in event.ids
    }


def mcmahon_score(event: EventView) -> Values:
    """MMS, EGF McMahon system: start MMS (after bar and floor) + 1 per win, ½ per jigo,
    the bye value for a pairing-allocated bye."""
    return dict(event.memo("MMS", lambda: _mms(event)))


def _sos_parts(event: EventView, pid: PlayerId) -> list[Fraction]:
    """One SOS part per round: the opponent's final MMS for a played game, the player's own
    starting MMS for a round without a game (EGF convention)."""
    mms = event.memo("MMS", lambda: _mms(event))
    own = event.settings.start_mms(pid)
    return [
        mms[s.opponent] if s.played and s.opponent is not None else own for s in event.slots[pid]
    ]


def _sos(event: EventView, drop: int) -> Values:
    return {pid: sum(sorted(_sos_parts(event, pid))[drop:], Fraction(0)) for pid in event.ids}


def sum_of_opponents_scores(event: EventView) -> Values:
    """SOS, EGF: sum of the opponents' McMahon scores; own start MMS for a round without a game."""
    return event.memo("SOS", lambda: _sos(event, 0))


def sum_of_opponents_scores_cut1(event: EventView) -> Values:
    """SOS-1, EGF: SOS without its lowest part."""
    return _sos(event, 1)


def sum_of_opponents_scores_cut2(event: EventView) -> Values:
    """SOS-2, EGF: SOS without its two lowest parts."""
    return _sos(event, 2)


def sum_of_opponents_sos(event: EventView) -> Values:
    """SOSOS, EGF: sum of the real opponents' SOS (rounds without a game add nothing)."""
    sos = sum_of_opponents_scores(event)
    return {
        pid: sum(
            (sos[s.opponent] or Fraction(0) for s in event.played(pid) if s.opponent is not None),
            Fraction(0),
        )
        for pid in event.ids
    }


def sum_of_defeated_opponents_scores(event: EventView) -> Values:
    """SODOS, EGF: sum of the McMahon scores of the opponents beaten (half for a jigo)."""
    mms = event.memo("MMS", lambda: _mms(event))
    return {
        pid: sum(
            (
                mms[s.opponent] * _result(event, s)
                for s in event.played(pid)
                if s.opponent is not None
            ),
            Fraction(0),
        )
        for pid in event.ids
    }
