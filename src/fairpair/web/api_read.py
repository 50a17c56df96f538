"""The read side of the JSON API: events, rounds, standings and players, for anyone.

The responses are the views of :mod:`fairpair.web.views` (the objects the public pages
render), so ``/api/openapi.json`` documents exactly what is sent. Points and tie-break values
are decimal strings (``"2.5"``); field names are stable. Errors are ``{"detail": ...}`` with
the HTTP status (404 for an unknown event, round or player).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response

from fairpair.service import events as ev
from fairpair.web import double_api, team_api, views
from fairpair.web import double_views as dv
from fairpair.web import team_views as tv
from fairpair.web.deps import desk_for
from fairpair.web.reading import conditional, events_tag, respond

router = APIRouter(prefix="/api", tags=["read"])

EVENT = "/events/{event_id:int}"
_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": views.ErrorDetail, "description": "No such event, round or player."}
}


def _json(view: views.View | list[views.EventSummary]) -> JSONResponse:
    if isinstance(view, list):
        return JSONResponse([v.model_dump(mode="json") for v in view])
    return JSONResponse(view.model_dump(mode="json"))


def _event_json(event: ev.Event, key: str, view: Callable[[], views.View]) -> Response:
    """A view of the event as JSON, encoded once per version of the event: the body of a
    10,000-player event's standings takes longer to encode than to send."""
    body = event.memo("json " + key, lambda: _json(view()).body)
    return Response(body, media_type="application/json")


@router.get("/events", response_model=list[views.EventSummary])
def list_events(request: Request) -> Response:
    """Every event, the most recently changed first."""
    infos = sorted(
        ev.list_events(desk_for(request)), key=lambda e: (e.updated_at, e.id), reverse=True
    )
    return conditional(
        request, events_tag(infos), lambda: _json([views.event_summary(i) for i in infos])
    )


@router.get(
    EVENT,
    response_model=views.EventDetail | tv.TeamEventDetail | dv.DoubleEventDetail,
    responses=_NOT_FOUND,
)
def event_detail(request: Request, event_id: int) -> Response:
    """An event: settings, players (by start number) and the rounds paired so far; a team
    event (``kind``: team): its settings in words, teams with their rosters, rounds; a
    Double-Swiss event (``kind``: double-swiss): its settings in words, players, rounds."""
    return respond(
        request,
        event_id,
        lambda e: _event_json(e, "detail", lambda: views.event_detail(e)),
        team=team_api.detail_json,
        double=partial(double_api.detail_json, request),
    )


@router.get(
    EVENT + "/rounds/{number:int}",
    response_model=views.RoundView | tv.TeamRoundView | dv.DoubleRoundView,
    responses=_NOT_FOUND,
)
def round_pairings(request: Request, event_id: int, number: int) -> Response:
    """A round: boards in order with points before the round and results, then byes; in a
    round robin also a round not paired yet, as scheduled (``scheduled``: true). A team
    event's round: its matches (table, teams, MP and GP, each board) and the teams' byes. A
    Double-Swiss round: each board's two games (game 1 with the first-named player White,
    game 2 reversed), their results and the match result, then the byes."""

    def render(event: ev.Event) -> Response:
        try:
            view = views.round_view(event, number)
        except IndexError:
            raise HTTPException(404, f"Round {number} is not paired or scheduled.") from None
        return _event_json(event, f"round {number}", lambda: view)

    return respond(
        request,
        event_id,
        render,
        team=team_api.round_json(number),
        double=double_api.round_json(number),
    )


@router.get(
    EVENT + "/rounds/{number:int}/why",
    response_model=views.RoundReasonsView,
    responses=_NOT_FOUND,
)
def round_reasons(request: Request, event_id: int, number: int) -> Response:
    """Why each board of a paired round is as it is, in words: why the two met, why these
    colours, and which rule ruled out the board the rules would try first (the pairing
    system's own reasons: the round is paired again from the event as it stood before it; a
    board paired by hand says so). Individual events; 404 for a round not paired."""

    def render(event: ev.Event) -> Response:
        try:
            view = views.round_reasons_view(event, number)
        except IndexError:
            raise HTTPException(404, f"Round {number} is not paired.") from None
        return _event_json(event, f"why {number}", lambda: view)

    return respond(request, event_id, render)


@router.get(
    EVENT + "/standings",
    response_model=views.StandingsView | tv.TeamStandingsView | dv.DoubleStandingsView,
    responses=_NOT_FOUND,
)
def standings(request: Request, event_id: int) -> Response:
    """The standings after the last complete round, with the event's tie-breaks in order
    (a team event: MP, GP and the team tie-breaks; a Double-Swiss event: game points, match
    points and its tie-breaks)."""
    return respond(
        request,
        event_id,
        lambda e: _event_json(e, "standings", lambda: views.standings_view(e)),
        team=team_api.standings_json,
        double=partial(double_api.standings_json, request),
    )


@router.get(
    EVENT + "/players/{player_id:int}",
    response_model=views.PlayerView | dv.DoublePlayerView,
    responses=_NOT_FOUND,
)
def player(request: Request, event_id: int, player_id: int) -> Response:
    """A player: rank, points, tie-break values and every round (opponent, colour, result);
    a Double-Swiss player's rounds give both games and the match."""

    def render(event: ev.Event) -> Response:
        if not event.tournament.has_player(player_id):
            raise HTTPException(404, f"There is no player {player_id} in this event.")
        return _json(views.player_view(event, player_id, views.standings_view(event)))

    return respond(request, event_id, render, double=double_api.player_json(request, player_id))
