"""Public pages of a knockout stage (no sign-in, read-only): the bracket drawn as a picture,
the current matches highlighted and listed, and the final standings of a staged event (the
knockout's placings, then the players below the cut in their standings order).

Like every public page they render a view of :mod:`fairpair.web.knockout_views` (what the JSON
API returns), are revalidated by the event's version (ETag, 304) and work without scripts.
The bracket sits in a box that scrolls sideways: a phone of 360 px scrolls the picture, never
the page.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from fairpair.core.knockout import MatchStatus
from fairpair.formats.bracket import bracket_svg, match_line
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.web import knockout_views as kv
from fairpair.web.public import EVENT, _page, page
from fairpair.web.reading import respond

router = APIRouter()


def _staged(event: ev.Event) -> None:
    if event.tournament.knockout is None:
        raise HTTPException(404, f"{event.info.name} has no knockout stage (yet).")


@page(EVENT + "/bracket")
def bracket(request: Request, event_id: int) -> Response:
    """The bracket: the picture, then the matches being played and the decided ones in
    words (what a screen reader reads, and what a phone reads without zooming)."""

    def render(event: ev.Event) -> Response:
        _staged(event)
        state = ko.bracket(event)
        names = {p.id: p.name for p in event.tournament.players}
        svg = event.memo("bracket_svg", lambda: bracket_svg(state, names, highlight_current=True))
        lines = [(ms.match.number, match_line(state, ms, names)) for ms in state.matches]
        context = {
            "bracket": kv.bracket_view(event),
            "svg": svg,
            "current": [line for line, ms in zip(lines, state.matches, strict=True) if ms.current],
            "decided": [
                line
                for line, ms in zip(lines, state.matches, strict=True)
                if ms.status is MatchStatus.DECIDED
            ],
        }
        return _page(request, "bracket", event, "bracket", context)

    return respond(request, event_id, render)


@page(EVENT + "/final-standings")
def final_standings(request: Request, event_id: int) -> Response:
    """The final standings: the knockout's places, then those below the cut."""

    def render(event: ev.Event) -> Response:
        _staged(event)
        context = {"table": kv.final_standings_view(event), "bracket": kv.bracket_view(event)}
        return _page(request, "final_standings", event, "final", context)

    return respond(request, event_id, render)
