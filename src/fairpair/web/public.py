"""Public pages (no sign-in, read-only): the event list and each event's pages."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from fairpair.service import events as ev
from fairpair.web.deps import desk_for, templates

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
def event_list(request: Request) -> HTMLResponse:
    """Every event, newest change first."""
    infos = sorted(
        ev.list_events(desk_for(request)), key=lambda e: (e.updated_at, e.id), reverse=True
    )
    return templates.TemplateResponse(request, "public/events.html", {"events": infos})
