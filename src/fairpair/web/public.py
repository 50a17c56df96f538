"""Public pages (no sign-in, read-only): the event list and each event's pages.

Every page renders a view of :mod:`fairpair.web.views` (the objects the JSON API returns), is
revalidated by the event's version (:mod:`fairpair.web.reading`) and works without JavaScript;
``static/filter.js`` only narrows the pairings as one types.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from fairpair.formats import standings_render
from fairpair.formats.printouts import Sheet
from fairpair.service import events as ev
from fairpair.service import printouts, sections
from fairpair.service.pairing import scheduled_rounds
from fairpair.storage import UnknownEventError
from fairpair.web import double_public, team_public, views
from fairpair.web.deps import desk_for, templates
from fairpair.web.reading import conditional, events_tag, paired_rounds, respond

router = APIRouter()

page = partial(router.api_route, methods=["GET", "HEAD"], response_class=HTMLResponse)
"""A public page's route: GET, and HEAD for uptime monitors and link checkers."""

EVENT = "/events/{event_id:int}"


@dataclass(frozen=True, slots=True)
class EventNav:
    """The header every page of an event shows: its name and links to its rounds."""

    id: int
    name: str
    rounds: int
    """Rounds paired; the last is the current one."""
    planned: int
    """Rounds paired and, in a round robin, scheduled after them."""
    active: str
    """Which link is the page itself: ``event``, ``round-N``, ``standings``, ``crosstable``
    (a team event also ``boards``; a knockout ``bracket`` and ``final``)."""
    team: bool = False
    """A team event: its pages link the board prizes too."""
    knockout: bool = False
    """The event has a knockout stage: its pages link the bracket and the final standings."""
    version: int = 0
    """The event's version the page shows: ``static/live.js`` fetches the page again when
    the event's live stream announces another."""


def _nav(event: ev.Event, active: str) -> EventNav:
    paired = len(event.tournament.rounds)
    planned = paired + len(scheduled_rounds(event.tournament, event.settings))
    staged = event.tournament.knockout is not None
    return EventNav(
        event.id, event.info.name, paired, planned, active, knockout=staged, version=event.version
    )


def _page(
    request: Request, name: str, event: ev.Event, active: str, context: dict[str, Any]
) -> HTMLResponse:
    return templates.TemplateResponse(
        request, f"public/{name}.html", {"nav": _nav(event, active), **context}
    )


@page("/")
def event_list(request: Request) -> Response:
    """Every event, newest change first."""
    infos = sorted(
        ev.list_events(desk_for(request)), key=lambda e: (e.updated_at, e.id), reverse=True
    )
    return conditional(
        request,
        events_tag(infos),
        lambda: templates.TemplateResponse(
            request, "public/events.html", {"events": [views.event_summary(i) for i in infos]}
        ),
    )


@page(EVENT)
def event_overview(request: Request, event_id: int) -> Response:
    """The event: its settings, the current round first, every round, the players."""

    def render(event: ev.Event) -> Response:
        from fairpair.web.knockout_views import bracket_view

        staged = None if event.tournament.knockout is None else bracket_view(event)
        context = {
            "event": views.event_detail(event),
            "knockout": staged,
            "sections": sections.sections(desk_for(request), event.id),
        }
        return _page(request, "event", event, "event", context)

    return respond(
        request,
        event_id,
        render,
        team=partial(team_public.overview, request),
        double=partial(double_public.overview, request),
        also=_sections_tag(request, event_id),
    )


def _sections_tag(request: Request, event_id: int) -> str:
    """A tag of the open's sections as they stand (names and versions), for the pages that
    show them: a section added, or a player registered in another section, changes it."""
    try:
        found = sections.sections(desk_for(request), event_id)
    except UnknownEventError:
        return ""
    return events_tag([s.info for s in found]) if found else ""


@page(EVENT + "/register")
def register(request: Request, event_id: int) -> Response:
    """The open's one register: every player of every section, by name, with the section."""

    def render(event: ev.Event) -> Response:
        desk = desk_for(request)
        context = {
            "rows": sections.register(desk, event.id),
            "sections": sections.sections(desk, event.id),
        }
        return _page(request, "register", event, "register", context)

    return respond(request, event_id, render, also=_sections_tag(request, event_id))


@page(EVENT + "/rounds/current")
def current_round(request: Request, event_id: int, q: str = "") -> Response:
    """The round being played (the last paired): one address for the wall, a QR code or a
    bookmark that follows the event; the event's page while no round is paired."""
    rounds = paired_rounds(request, event_id)
    target = f"/events/{event_id}/rounds/{rounds}" if rounds else f"/events/{event_id}"
    if q and rounds:
        target += "?" + urlencode({"q": q})
    return RedirectResponse(target, status_code=302, headers={"Cache-Control": "no-cache"})


@page(EVENT + "/rounds/{number:int}")
def round_pairings(request: Request, event_id: int, number: int, q: str = "") -> Response:
    """A round's pairings; ``q`` keeps only the boards of players whose name matches."""

    def render(event: ev.Event) -> Response:
        try:
            pairings = views.round_view(event, number)
        except IndexError:
            raise HTTPException(404, f"Round {number} is not paired or scheduled.") from None
        # Every row is sent; those that do not match ``q`` are hidden, so the script can
        # widen the filter again without a reload and the page reads the same without it.
        boards = [
            (b, _key(b.white.name, b.black.name), views.matches(q, (b.white.name, b.black.name)))
            for b in pairings.boards
        ]
        byes = [(b, _key(b.player.name), views.matches(q, (b.player.name,))) for b in pairings.byes]
        shown = sum(1 for *_, hit in boards + byes if hit)
        context = {
            "pairings": pairings,
            "boards": boards,
            "byes": byes,
            "q": q,
            "shown": shown,
            "total": len(boards) + len(byes),
            # A paired round of a Swiss or round robin: each board links to its reasons.
            "why": not pairings.scheduled and not event.settings.system.knockout,
        }
        return _page(request, "round", event, f"round-{number}", context)

    team = partial(team_public.round_pairings, request, number=number, q=q)
    double = partial(double_public.round_pairings, request, number=number, q=q)
    return respond(request, event_id, render, team=team, double=double)


@page(EVENT + "/rounds/{number:int}/why")
def round_reasons(request: Request, event_id: int, number: int) -> Response:
    """Why each board of a round is as it is, in words: the page each board's "Why?" opens
    (at its board's anchor)."""

    def render(event: ev.Event) -> Response:
        try:
            reasons = views.round_reasons_view(event, number)
        except IndexError:
            raise HTTPException(404, f"Round {number} is not paired.") from None
        return _page(request, "why", event, f"round-{number}", {"why": reasons})

    return respond(request, event_id, render)


def _key(*names: str) -> str:
    """The row's names as the filter script compares them, ``|`` between players."""
    return "|".join(views.search_key(n).replace("|", " ") for n in names)


@page(EVENT + "/standings")
def standings(request: Request, event_id: int) -> Response:
    """The standings with the event's tie-breaks."""

    def render(event: ev.Event) -> Response:
        table = ev.standings(event)
        context = {
            "table": views.standings_view(event),
            # As on paper: no empty rating column, no column repeating the points, the
            # points headed by what they are.
            "rated": standings_render.rated(table),
            "points_heading": standings_render.points_heading(table),
            "shown": {table.columns[i].code for i in standings_render.shown_columns(table)},
        }
        return _page(request, "standings", event, "standings", context)

    return respond(
        request,
        event_id,
        render,
        team=partial(team_public.standings, request),
        double=partial(double_public.standings, request),
    )


@page(EVENT + "/crosstable")
def crosstable(request: Request, event_id: int) -> Response:
    """Round robin: the grid of results; Swiss: each round's opponent, colour and result."""

    def render(event: ev.Event) -> Response:
        sheet: Sheet
        # Built once per version of the event, as the standings are.
        if event.settings.system.round_robin:
            grid = event.memo("crosstable_grid", lambda: printouts.crosstable_grid_sheet(event))
            sheet, number_column = grid, 0
        else:
            rows = event.memo("crosstable", lambda: printouts.crosstable_sheet(event))
            sheet, number_column = rows, 1
        rounds = event.tournament.rounds
        context = {
            "sheet": sheet,
            "rows": views.sheet_rows_html(sheet, number_column, f"/events/{event.id}"),
            "grid": number_column == 0,
            "in_progress": bool(rounds) and not rounds[-1].complete,
        }
        return _page(request, "crosstable", event, "crosstable", context)

    return respond(
        request,
        event_id,
        render,
        team=partial(team_public.crosstable, request),
        double=partial(double_public.crosstable, request),
    )


@page(EVENT + "/players/{player_id:int}")
def player(request: Request, event_id: int, player_id: int) -> Response:
    """A player's games round by round, score and tie-breaks."""

    def render(event: ev.Event) -> Response:
        if not event.tournament.has_player(player_id):
            raise HTTPException(404, f"There is no player {player_id} in this event.")
        table = views.standings_view(event)
        context = {
            "player": views.player_view(event, player_id, table),
            "columns": table.columns,
            "coloured": views.is_coloured(event),
        }
        return _page(request, "player", event, "", context)

    double = partial(double_public.player, request, player_id=player_id)
    return respond(request, event_id, render, double=double)
