"""The venue screen in the write API: the round clock and the announcement line, each one
logged change, as on the desk (``version``: refused with 409 if the event moved on)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from fairpair.service import events as ev
from fairpair.service.venue import ANNOUNCEMENT_MAX, CLOCK_MAX_MINUTES, ClockStep
from fairpair.web.api_write import _ERRORS, _mine
from fairpair.web.auth import ApiDirector
from fairpair.web.views import VenueView, venue_view
from fairpair.web.writing import answers

router = APIRouter(prefix="/api", tags=["director (write)"])


class ClockIn(BaseModel):
    """What the director does to the round clock."""

    step: Literal["start", "pause", "reset"]
    minutes: int | None = Field(
        default=None,
        ge=1,
        le=CLOCK_MAX_MINUTES,
        description="The round's length, when it changes (a first start without it: 50).",
    )
    version: int | None = Field(default=None, description="Refused (409) if not the current.")


class AnnouncementIn(BaseModel):
    """The line the venue screen shows."""

    announcement: str = Field(max_length=10 * ANNOUNCEMENT_MAX, description="Empty: none.")
    version: int | None = Field(default=None, description="Refused (409) if not the current.")


class VenueOut(BaseModel):
    """The venue screen's state after the change, and the event's version."""

    version: int
    venue: VenueView


def _out(event: ev.Event) -> VenueOut:
    return VenueOut(version=event.version, venue=venue_view(event))


@router.post("/events/{event_id}/clock", response_model=VenueOut, responses=_ERRORS)
def clock(request: Request, director: ApiDirector, event_id: int, body: ClockIn) -> VenueOut:
    """Start, pause or reset the round clock of an individual event's venue screen."""
    desk = _mine(request, director, event_id)
    with answers():
        event = ev.set_clock(
            desk, event_id, ClockStep(body.step), body.minutes, expected_version=body.version
        )
    return _out(event)


@router.post("/events/{event_id}/announcement", response_model=VenueOut, responses=_ERRORS)
def announcement(
    request: Request, director: ApiDirector, event_id: int, body: AnnouncementIn
) -> VenueOut:
    """Show a line on the venue screen (empty: none)."""
    desk = _mine(request, director, event_id)
    with answers():
        event = ev.announce(desk, event_id, body.announcement, expected_version=body.version)
    return _out(event)
