"""The desk's "Venue screen" section: the round clock (start, pause, reset, the round's length
in minutes) and the announcement line, each form one logged change, refused with the reason
next to its field, or as a whole when the event changed since the page was loaded."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.venue import ClockStep
from fairpair.storage import ConcurrencyError
from fairpair.web.auth import Director
from fairpair.web.deps import desk_for
from fairpair.web.desk import (
    _REFUSED,
    _done,
    _here,
    _mine,
    _page_version,
    _refused,
    _Text,
)
from fairpair.web.screen import ClockShown

router = APIRouter(prefix="/desk", include_in_schema=False)

FORM = "venue"
"""The desk form's name: its errors are ``venue`` (the whole form) and ``venue.FIELD``."""


def venue_context(event: ev.Event) -> dict[str, Any]:
    """What the desk's section shows: the clock now, and the fields filled as stored."""
    venue = event.settings.venue
    clock = venue.clock
    shown = None if clock is None else ClockShown(clock.left(datetime.now(UTC)), clock.running)
    minutes = "" if clock is None else str(clock.seconds // 60)
    return {
        "venue_clock": shown,
        "venue_values": {"venue.minutes": minutes, "venue.announcement": venue.announcement},
    }


def _change(
    request: Request,
    director: str,
    event_id: int,
    version: str,
    typed: dict[str, str],
    command: Callable[[int], ev.Event],
    said: Callable[[ev.Event], str],
) -> Response:
    event = _mine(request, director, event_id)
    values = {f"{FORM}.{k}": v for k, v in typed.items()}
    expected = _page_version(version)
    if expected is None:  # not sent by the desk's form: nothing to check against
        stale = ConcurrencyError(event.info.name, 0, event.version)
        return _refused(request, director, event_id, stale, FORM, values)
    try:
        changed = command(expected)
    except _REFUSED as error:
        return _refused(request, director, event_id, error, FORM, values)
    return _done(request, said(changed), _here(event_id) + "#venue-h")


@router.post("/events/{event_id}/clock", response_class=HTMLResponse)
def clock(
    request: Request,
    director: Director,
    event_id: int,
    version: _Text = "",
    step: _Text = "",
    minutes: _Text = "",
) -> Response:
    """Start, pause or reset the round clock (the button pressed is ``step``)."""
    desk = desk_for(request, director)
    typed = {"minutes": minutes}

    def command(expected: int) -> ev.Event:
        try:
            chosen = ClockStep(step)
        except ValueError:
            raise CommandError("press Start, Pause or Reset") from None
        return ev.set_clock(desk, event_id, chosen, minutes, expected_version=expected)

    def said(event: ev.Event) -> str:
        record = ev.last_change(desk, event_id, event.version)
        text = ev.describe(record, event.tournament)
        return text[0].upper() + text[1:] + "."

    return _change(request, director, event_id, version, typed, command, said)


@router.post("/events/{event_id}/announcement", response_class=HTMLResponse)
def announcement(
    request: Request, director: Director, event_id: int, version: _Text = "", text: _Text = ""
) -> Response:
    """The line the venue screen shows (empty: none)."""
    desk = desk_for(request, director)

    def command(expected: int) -> ev.Event:
        return ev.announce(desk, event_id, text, expected_version=expected)

    def said(event: ev.Event) -> str:
        line = event.settings.venue.announcement
        return f"The screen shows: {line}" if line else "The screen shows no announcement."

    return _change(request, director, event_id, version, {"announcement": text}, command, said)
