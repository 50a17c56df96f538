"""The chess arbiter's reports of an event: the FIDE rating change of every player and the
title-norm checks, as data (JSON), sheets (text, CSV, HTML, PDF) and for the desk.

The computations are :mod:`fairpair.standings.rating` and :mod:`fairpair.standings.norms`;
this module picks the event's year, its kind of event (a Swiss or not) and lays the results
out. Reading only: nothing here changes the event.
"""

from __future__ import annotations

import datetime
import re
from fractions import Fraction
from typing import Any

from fairpair.core import Tournament
from fairpair.formats.printouts import Sheet
from fairpair.service.errors import CommandError
from fairpair.service.events import Event
from fairpair.service.printouts import event_dates
from fairpair.standings.norms import Norm, NormCheck, NormStatus, norm_report
from fairpair.standings.rating import RatingLine, TimeControl, rating_report

__all__ = [
    "event_year",
    "norm_checks",
    "norms_data",
    "norms_sheet",
    "rating_data",
    "rating_lines",
    "rating_sheet",
    "time_control",
]

_YEAR = re.compile(r"(\d{4})")


def event_year(event: Event) -> int:
    """The year the event starts (its start date), else this year: juniors' K depends on it."""
    found = _YEAR.match(event.settings.start_date.strip())
    return int(found.group(1)) if found else datetime.datetime.now(datetime.UTC).year


def time_control(text: str) -> TimeControl:
    """``standard``, ``rapid`` or ``blitz``, or a refusal naming the choices."""
    try:
        return TimeControl(text.strip().lower())
    except ValueError:
        raise CommandError(f"{text!r}: the rating list is standard, rapid or blitz") from None


def rating_lines(
    event: Event, control: TimeControl = TimeControl.STANDARD
) -> tuple[RatingLine, ...]:
    """Every player's rating change in the event (FIDE rating regulations 8)."""
    return rating_report(event.tournament, event_year(event), control)


def _number(value: Fraction | None, decimals: int = 2) -> str:
    if value is None:
        return ""
    text = f"{float(value):+.{decimals}f}" if decimals == 1 else f"{float(value):.{decimals}f}"
    return text


def _score(value: Fraction) -> str:
    return f"{float(value):g}"


def rating_data(event: Event, lines: tuple[RatingLine, ...]) -> dict[str, Any]:
    """The rating report as JSON data: per player and game, exact values as decimals."""

    def player(line: RatingLine) -> dict[str, Any]:
        return {
            "no": line.player.id,
            "name": line.player.name,
            "rating": line.player.rating or None,
            "k": line.k,
            "k_reason": line.k_reason,
            "games_counted": len(line.counted),
            "score": float(line.score),
            "expected": None if line.expected is None else float(line.expected),
            "change": None if line.change is None else float(line.change),
            "performance": line.performance,
            "initial_rating": line.initial_rating,
            "note": line.initial_note,
            "games": [
                {
                    "round": g.round,
                    "opponent": g.opponent,
                    "opponent_rating": g.opponent_rating,
                    "score": float(g.score),
                    "counted": g.counted,
                    "expected": None if g.expected is None else float(g.expected),
                    "difference": None if g.difference is None else float(g.difference),
                    "note": g.note,
                }
                for g in line.games
            ],
        }

    return {
        "event": event.tournament.name,
        "year": event_year(event),
        "rules": "FIDE Rating Regulations effective from 1 March 2024",
        "players": [player(line) for line in lines],
    }


RATING_HEADER = (
    "No", "Name", "Rtg", "K", "Games", "Opponents' ratings", "Score", "Exp", "Change", "TPR",
    "Note",
)  # fmt: skip


def rating_sheet(event: Event, lines: tuple[RatingLine, ...]) -> Sheet:
    """The rating report on paper: one line per player."""
    rows = []
    for line in lines:
        note = line.initial_note
        if line.initial_rating is not None:
            note = f"initial {line.initial_rating}: {note}"
        elif line.k is not None:
            note = line.k_reason
        rows.append(
            (
                str(line.player.id),
                line.player.name,
                str(line.player.rating or ""),
                "" if line.k is None else str(line.k),
                str(len(line.counted)),
                " ".join(str(r) for r in line.opponent_ratings),
                _score(line.score),
                _number(line.expected),
                _number(line.change, 1),
                "" if line.performance is None else str(line.performance),
                note,
            )
        )
    return Sheet(
        title=f"{event.tournament.name}: rating report after round {len(event.tournament.rounds)}",
        subtitle=event_dates(event.settings),
        header=RATING_HEADER,
        rows=tuple(rows),
        numeric=frozenset({0, 2, 3, 4, 6, 7, 8, 9}),
        notes=(
            "FIDE Rating Regulations from 1 March 2024: expected score from table 8.1b, a "
            "difference over 400 counted as 400; change = K x (score - expected).",
            "Games against unrated opponents, forfeits and games of less than one move are "
            "not counted.",
        ),
    )


def norm_checks(
    event: Event, after_round: int | None = None, everyone: bool = False
) -> tuple[NormCheck, ...]:
    """The title-norm checks after ``after_round`` (default: the last round with every
    result in, so that a round being played counts among the rounds left)."""
    t: Tournament = event.tournament
    if after_round is None:
        after_round = len(t.rounds) - (1 if t.rounds and not t.rounds[-1].complete else 0)
    if not 0 <= after_round <= len(t.rounds):
        raise CommandError(f"round {after_round} is not played: 0 to {len(t.rounds)}")
    t = t.replace(rounds=t.rounds[:after_round])
    return norm_report(t, swiss=not event.settings.system.round_robin, everyone=everyone)


def norms_data(event: Event, checks: tuple[NormCheck, ...]) -> dict[str, Any]:
    """The norm report as JSON data."""
    return {
        "event": event.tournament.name,
        "rules": "FIDE Title Regulations B.01, effective from 1 January 2024",
        "checks": [
            {
                "no": c.player.id,
                "name": c.player.name,
                "norm": c.norm.value,
                "after_round": c.after_round,
                "rounds_left": c.rounds_left,
                "games": len(c.games),
                "score": float(c.score),
                "average": c.average,
                "performance": c.performance,
                "status": c.status.value,
                "conditions": [
                    {"rule": k.rule, "met": k.met, "text": k.text} for k in c.conditions
                ],
                "missing": list(c.missing),
            }
            for c in checks
        ],
    }


NORM_HEADER = ("No", "Name", "Norm", "Games", "Score", "Avg", "Perf", "Status", "What is missing")


def norms_sheet(event: Event, checks: tuple[NormCheck, ...]) -> Sheet:
    """The norm report on paper: one line per player and norm sought."""
    rows = tuple(
        (
            str(c.player.id),
            c.player.name,
            c.norm.value,
            str(len(c.games)),
            _score(c.score),
            "" if c.average is None else str(c.average),
            "" if c.performance is None else str(c.performance),
            c.status.value,
            "; ".join(c.missing) or ("" if c.status is not NormStatus.MET else "nothing"),
        )
        for c in checks
    )
    after = checks[0].after_round if checks else len(event.tournament.rounds)
    levels = ", ".join(f"{n.value} {n.performance}/{n.minimum_average}" for n in Norm)
    return Sheet(
        title=f"{event.tournament.name}: title norms after round {after}",
        subtitle=event_dates(event.settings),
        header=NORM_HEADER,
        rows=rows,
        numeric=frozenset({0, 3, 4, 5, 6}),
        notes=(
            "FIDE Title Regulations B.01 1.4: performance / lowest average of the opponents: "
            + levels
            + ". The rounds left are reckoned against opponents like the ones met so far.",
        ),
    )
