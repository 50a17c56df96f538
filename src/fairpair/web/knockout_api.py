"""The JSON API of knockout stages: the bracket and the final standings for anyone; the cut,
the start of a standalone knockout and a match's games for the director who runs the event.

Reads answer with the views of :mod:`fairpair.web.knockout_views` (what the bracket pages
render), revalidated by the event's version (ETag, 304) as every read is. Writes are one
service call of :mod:`fairpair.service.knockout_events` each (one audit-log record), with the
rights and the error shapes of the other write routes (:mod:`fairpair.web.writing`): 401, 404
(not the caller's event), 409 (another change came first), 400 for a command that does not
fit the event, 422 naming the body field. Undo and redo are the event's ``/undo`` and
``/redo``.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from fairpair.core.knockout import KnockoutRules
from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.service.directors import Right
from fairpair.service.settings import KnockoutSettings
from fairpair.web import knockout_views as kv
from fairpair.web import views
from fairpair.web.api_write import _access, _mine
from fairpair.web.auth import ApiDirector
from fairpair.web.reading import respond
from fairpair.web.writing import answers, error_responses

read_router = APIRouter(prefix="/api", tags=["read"])
write_router = APIRouter(prefix="/api", tags=["director (write)"])

EVENT = "/events/{event_id:int}"
_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": views.ErrorDetail, "description": "No such event, or it has no knockout."}
}
_ERRORS = error_responses(
    (400, "The command does not fit the event as it stands; nothing changed."),
    (401, "No director signed in (HTTP Basic, a Bearer token, or session + X-CSRF-Token)."),
    (404, "No such event among the director's events (or no such match)."),
    (409, "Another change came first (the version given is not the event's); nothing changed."),
    (422, "A body field is wrong (its location names it); nothing changed."),
)


def _staged(event: ev.Event) -> None:
    if event.tournament.knockout is None:
        raise HTTPException(404, f"{event.info.name!r} has no knockout stage (yet).")


def _json(view: views.View) -> Response:
    return JSONResponse(view.model_dump(mode="json"))


# --- reading ---------------------------------------------------------------------------------


@read_router.get(EVENT + "/bracket", response_model=kv.BracketView, responses=_NOT_FOUND)
def bracket(request: Request, event_id: int) -> Response:
    """The knockout bracket: its rules, the seeds, and every match (where its players come
    from, who they are once known, the games, the status, the winner and the next game: who
    has White, or who chooses to play or draw)."""

    def render(event: ev.Event) -> Response:
        _staged(event)
        return _json(kv.bracket_view(event))

    return respond(request, event_id, render)


@read_router.get(
    EVENT + "/final-standings", response_model=kv.FinalStandingsView, responses=_NOT_FOUND
)
def final_standings(request: Request, event_id: int) -> Response:
    """The final standings of a staged event: the knockout's places (1, 2, shared 3-4 or a
    third-place match's, 5-8, ...), then the players below the cut in their standings order."""

    def render(event: ev.Event) -> Response:
        _staged(event)
        return _json(kv.final_standings_view(event))

    return respond(request, event_id, render)


# --- writing ---------------------------------------------------------------------------------


class KnockoutRulesIn(BaseModel):
    """How the knockout is played (each as on the desk's form)."""

    bracket: Literal["single", "double"] = "single"
    match: str = Field(
        default="1",
        max_length=200,
        description="best-of-3 (or bo3, 1) for card games, or chess phases in order: "
        "classical:2,rapid:2,blitz:2,armageddon.",
    )
    third_place: bool = Field(default=False, description="Single elimination only.")
    reset: bool = Field(
        default=True,
        description="Double elimination: a second grand final if the losers' bracket winner "
        "wins the first.",
    )
    first_white: Literal["seed", "lot"] = Field(
        default="seed", description="White in a chess match's first game."
    )


class Cut(KnockoutRulesIn):
    """The knockout stage of a Swiss or round robin: the top N of the standings, or the
    players named (start numbers or names), seeded in standings order."""

    top: int | None = Field(default=None, ge=2, le=4096)
    players: list[str] = Field(default_factory=list, max_length=4096)
    version: int | None = Field(
        default=None, description="The event's version the caller saw (409 if it changed)."
    )


class Start(BaseModel):
    version: int | None = Field(
        default=None, description="The event's version the caller saw (409 if it changed)."
    )


class GameIn(BaseModel):
    result: str = Field(
        min_length=1,
        max_length=10,
        description="Chess: White first as on the scoresheet (1-0, 0-1, ½-½ or = or "
        "1/2-1/2, +-, -+). Card and board games: the match's first-named (top) player "
        "first (1-0, 0-1, = a drawn game).",
    )
    white: str | None = Field(
        default=None,
        max_length=200,
        description="Chess: who had White (start number or name); null: the scheduled White.",
    )


class MatchGamesIn(BaseModel):
    """A match's games so far, in order: they replace what was recorded (one more game
    carries the match on, other results correct it; an empty list clears it)."""

    games: list[GameIn] = Field(max_length=200)
    version: int | None = Field(
        default=None, description="The event's version the caller saw (409 if it changed)."
    )


def _rules(body: KnockoutRulesIn) -> KnockoutRules:
    with answers():
        return KnockoutSettings.parse(
            bracket=body.bracket,
            match=body.match,
            third_place=body.third_place,
            reset=body.reset,
            first_white=body.first_white,
        ).rules


@write_router.post("/events/{event_id}/cut", response_model=kv.BracketView, responses=_ERRORS)
def cut(request: Request, director: ApiDirector, event_id: int, body: Cut) -> Response:
    """Cut a Swiss or round robin to a knockout (one undoable change): the bracket drawn."""
    desk = _mine(request, director, event_id)
    rules = _rules(body)
    with answers():
        event = ko.cut(
            desk,
            event_id,
            top=body.top,
            players=body.players,
            rules=rules,
            expected_version=body.version,
        )
    return _json(kv.bracket_view(event))


@write_router.post(
    "/events/{event_id}/knockout/start", response_model=kv.BracketView, responses=_ERRORS
)
def start(
    request: Request, director: ApiDirector, event_id: int, body: Start | None = None
) -> Response:
    """Start a standalone knockout event: its players seeded by rating into the bracket its
    settings describe (one undoable change)."""
    desk = _mine(request, director, event_id)
    with answers():
        event = ko.cut(desk, event_id, expected_version=(body or Start()).version)
    return _json(kv.bracket_view(event))


@write_router.post(
    "/events/{event_id}/matches/{number}", response_model=kv.BracketView, responses=_ERRORS
)
def record_match(
    request: Request, director: ApiDirector, event_id: int, number: int, body: MatchGamesIn
) -> Response:
    """Record a match's games so far (one undoable change): the bracket after them (the
    next game of the match, or who goes through)."""
    access = _access(request, director, event_id, Right.RESULTS)
    desk = _mine(request, director, event_id, right=Right.RESULTS)
    if not access.may(Right.DIRECT):
        with answers():
            playing = ko.bracket(ev.load(desk, event_id)).match(number).current
            directors.check_match(access, number, playing)
    games = [(g.result, g.white) for g in body.games]
    with answers():
        event = ko.record_match(desk, event_id, number, games, expected_version=body.version)
    return _json(kv.bracket_view(event))
