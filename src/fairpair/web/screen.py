"""The venue screen (``/events/{id}/screen``): for the TV in the hall, the current round's
pairings by name in large type, scrolling by themselves when longer than the screen, the
round clock the director runs from the desk and the announcement line.

It is rendered afresh at each request (never a 304): the time left is worked out from the
stored clock at that moment, so the page is right at each reload without JavaScript;
``static/screen.js`` counts down between reloads, and ``static/live.js`` swaps in a new page
when the event changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from fairpair.formats.printouts import Sheet
from fairpair.service import double_events as de
from fairpair.service import printouts
from fairpair.service import team_events as te
from fairpair.service.venue import time_text
from fairpair.storage import UnknownEventError
from fairpair.web.deps import store_of, templates
from fairpair.web.reading import event_or_404

router = APIRouter()

SCROLL_FROM_ROWS = 16
"""More rows than a TV shows in large type: the list scrolls by itself."""


@dataclass(frozen=True, slots=True)
class ClockShown:
    """The clock as the screen shows it at the moment of the request."""

    left: int
    """Whole seconds left."""
    running: bool

    @property
    def text(self) -> str:
        return time_text(self.left)


@router.api_route(
    "/events/{event_id:int}/screen", methods=["GET", "HEAD"], response_class=HTMLResponse
)
def screen(request: Request, event_id: int) -> Response:
    """The venue screen of an individual event (Swiss, round robin, knockout)."""
    try:
        info = store_of(request).event(event_id)
    except UnknownEventError:
        raise HTTPException(404, f"There is no event {event_id}.") from None
    if te.is_team_event(info) or de.is_double_event(info):
        raise HTTPException(
            404, f"Event {event_id} has no venue screen yet (team events and Double-Swiss events)."
        )
    event = event_or_404(request, event_id)
    number = len(event.tournament.rounds)
    sheet: Sheet | None = None
    if number:
        sheet = event.memo("wall_chart", lambda: printouts.wall_chart_sheet(event))
    venue = event.settings.venue
    clock = None
    if venue.clock is not None:
        clock = ClockShown(venue.clock.left(datetime.now(UTC)), venue.clock.running)
    context = {
        "event_id": event.id,
        "name": event.info.name,
        "version": event.version,
        "round": number,
        "sheet": sheet,
        "scrolls": sheet is not None and len(sheet.rows) > SCROLL_FROM_ROWS,
        "clock": clock,
        "announcement": venue.announcement,
    }
    response = templates.TemplateResponse(request, "public/screen.html", context)
    response.headers["Cache-Control"] = "no-store"
    return response
