"""The JSON API of FIDE Double-Swiss events: reads for anyone, writes for the director who runs
the event.

Reads: the routes of :mod:`fairpair.web.api_read` (event, round, standings, player) and the
crosstable answer a Double-Swiss event with the views of :mod:`fairpair.web.double_views`; the
list of players is this module's own route. Writes: create a Double-Swiss event and enter the
results of boards, each board with its two games; registering, correcting, removing,
withdrawing and returning players, and ``/pair``, ``/undo`` and ``/redo``, are the individual
write API's routes, which answer a Double-Swiss event through here. Each is one service call
of :mod:`fairpair.service.double_events` (one audit-log record), with the rights and the error
shapes of the other write routes (:mod:`fairpair.web.writing`): 401, 404 (not the caller's
event), 409, 400 for a command that does not fit the event, 422 naming the body field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from fairpair.service import directors, entry
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import (
    EventSettings,
)
from fairpair.storage import UnknownEventError
from fairpair.web import double_views as dv
from fairpair.web import views
from fairpair.web.auth import ApiDirector
from fairpair.web.deps import desk_for, store_of
from fairpair.web.double_public import standings_of
from fairpair.web.reading import respond
from fairpair.web.writing import (
    ChangeOut,
    EventOut,
    answers,
    error_responses,
    event_out,
    walked,
)

read_router = APIRouter(prefix="/api", tags=["read"])
write_router = APIRouter(prefix="/api", tags=["director (write)"])

EVENT = "/events/{event_id:int}"
WRITE = "/events/{event_id}"
"""The write routes' event, as :mod:`fairpair.web.api_write` spells it."""
_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": views.ErrorDetail, "description": "No such Double-Swiss event or round."}
}


def _json(view: views.View) -> Response:
    return JSONResponse(view.model_dump(mode="json"))


# --- reading: the hooks of api_read and the Double-Swiss-only route ----------------------------


def detail_json(request: Request, event: de.DoubleEvent) -> Response:
    return _json(dv.double_event_detail(event, standings_of(request, event)))


def round_json(number: int) -> Callable[[de.DoubleEvent], Response]:
    def render(event: de.DoubleEvent) -> Response:
        try:
            return _json(dv.double_round_view(event, number))
        except IndexError:
            raise HTTPException(404, f"Round {number} is not paired.") from None

    return render


def standings_json(request: Request, event: de.DoubleEvent) -> Response:
    return _json(standings_of(request, event))


def crosstable_json(request: Request, event: de.DoubleEvent) -> Response:
    return _json(dv.double_crosstable_view(event, standings_of(request, event)))


def player_json(request: Request, player_id: int) -> Callable[[de.DoubleEvent], Response]:
    def render(event: de.DoubleEvent) -> Response:
        if player_id not in event.tournament.player_ids:
            raise HTTPException(404, f"There is no player {player_id} in this event.")
        return _json(dv.double_player_view(event, player_id, standings_of(request, event)))

    return render


@read_router.get(EVENT + "/players", response_model=list[views.PlayerDetail], responses=_NOT_FOUND)
def players(request: Request, event_id: int) -> Response:
    """A Double-Swiss event's players by start number (TPN)."""

    def render(event: de.DoubleEvent) -> Response:
        detail = dv.double_event_detail(event, standings_of(request, event))
        return JSONResponse([p.model_dump(mode="json") for p in detail.players])

    return respond(request, event_id, None, double=render)


# --- writing ----------------------------------------------------------------------------------

_ERRORS = error_responses(
    (400, "The command does not fit the event as it stands; nothing changed."),
    (401, "No director signed in (HTTP Basic, a Bearer token, or session + X-CSRF-Token)."),
    (404, "No such Double-Swiss event among the director's events."),
    (409, "Another director changed the event first; nothing changed."),
    (422, "A body field is wrong (its location names it); nothing changed."),
)


def is_double(request: Request, event_id: int) -> bool:
    """Whether the event is a Double-Swiss event (False for no event: the caller answers
    404)."""
    try:
        return de.is_double_event(store_of(request).event(event_id))
    except UnknownEventError:
        return False


def _double_event_of(request: Request, director: str, event_id: int) -> ev.Desk:
    """The director's desk on one of their Double-Swiss events; 404 for another's or an
    unknown event, 400 for an event of another kind."""
    desk = desk_for(request, director)
    with answers():
        info = directors.event_of(desk, event_id, director)
        if not de.is_double_event(info):
            raise CommandError(
                f"{info.name!r} is not a Double-Swiss event: its results go through /results "
                "(or /team-results)"
            )
    return desk


class NewDoubleEvent(BaseModel):
    """A new FIDE Double-Swiss event (C.04.5): every round a match of two games."""

    name: str = Field(min_length=1, max_length=200)
    rounds: int = Field(ge=1, le=99, description="Match-rounds (each of two games).")
    byes: str = Field(
        default="",
        max_length=40,
        description="What the pairing-allocated, half-point and full-point byes are worth, "
        "once per match, e.g. 1.5/1/2 (empty: 1.5/1/2).",
    )
    primary: Literal["GP", "MP"] = Field(
        default="GP",
        description="The score that ranks the standings: game points (GP) or match points "
        "(MP); pairing is always on game points.",
    )
    tiebreaks: list[str] = Field(
        default_factory=list, max_length=20, description="Tie-break codes in order, e.g. BH."
    )
    initial_colour: Literal["white", "black"] | None = Field(
        default=None,
        description="The top seed's colour in game 1 of round 1; null: drawn by lot.",
    )


def _settings(body: NewDoubleEvent) -> EventSettings:
    """The settings of the body, read as the desk's form is read (each refusal under its
    field's name, which is the body's)."""
    with answers():
        return entry.double_event_settings(
            body.name,
            str(body.rounds),
            ",".join(body.tiebreaks),
            initial_colour=body.initial_colour or "",
            byes=body.byes,
            primary=body.primary.lower(),
        )


@write_router.post("/double-events", status_code=201, response_model=EventOut, responses=_ERRORS)
def create_double_event(request: Request, director: ApiDirector, body: NewDoubleEvent) -> EventOut:
    """Create a FIDE Double-Swiss event run by the calling director."""
    settings = _settings(body)
    with answers():
        event = de.create_double_event(desk_for(request, director), settings, owner=director)
    return event_out(event)


GameResult = Literal[
    "1-0",
    "0-1",
    "½-½",
    "1/2",
    "1/2-1/2",
    "0.5-0.5",
    "=",
    "+-",
    "-+",
    "--",
    "½-0",
    "0-½",
    "1/2-0",
    "0-1/2",
    "0-0",
]


class BoardGames(BaseModel):
    """A board's two games, each as on its scoresheet: White's score first."""

    board: int = Field(ge=1, le=10000)
    game1: GameResult = Field(
        description="Game 1, the first-named player White: 1-0, 0-1, ½-½ (or 1/2, =), +-, "
        "-+ (forfeit), -- (both forfeit), ½-0, 0-½, 0-0."
    )
    game2: GameResult = Field(
        description="Game 2, the second-named player White; the same results."
    )


class DoubleResults(BaseModel):
    """Results of boards of one match-round, saved all or none; the match results follow."""

    round: int | None = Field(
        default=None,
        ge=1,
        le=99,
        description="A round to correct; default: the last paired round, entering results on "
        "boards without one (a board with a result is refused there: correct it by naming "
        "its round).",
    )
    version: int | None = Field(
        default=None,
        description="The event's version the results were typed at: refused (409) if another "
        "change came in between.",
    )
    results: list[BoardGames] = Field(min_length=1, max_length=10000)


class DoubleRoundOut(dv.DoubleRoundView):
    """The match-round after the change, and the event's version."""

    version: int
    warnings: list[str] = Field(
        default_factory=list,
        description="What the change left for the director to know, in words: a correction "
        "of a round whose later rounds were already paired on the old scores names them.",
    )


def round_out(event: de.DoubleEvent, number: int, warnings: Sequence[str] = ()) -> DoubleRoundOut:
    view = dv.double_round_view(event, number)
    return DoubleRoundOut(**view.model_dump(), version=event.version, warnings=list(warnings))


@write_router.post(WRITE + "/double-results", response_model=DoubleRoundOut, responses=_ERRORS)
def double_results(
    request: Request, director: ApiDirector, event_id: int, body: DoubleResults
) -> DoubleRoundOut:
    """Enter boards' results of the last match-round, each as its two games; with ``round``,
    correct that round's. The match results are computed from the games."""
    desk = _double_event_of(request, director, event_id)
    entries = [(r.board, r.game1, r.game2) for r in body.results]
    with answers():
        before = de.load_double(desk, event_id)
        event = de.record_double_results(
            desk, event_id, body.round, entries, expected_version=body.version
        )
    number = body.round or len(event.tournament.rounds)
    return round_out(event, number, de.later_rounds_warnings(before, event, number))


# --- the hooks of api_write: players, pair, undo, redo -----------------------------------------


def pair(desk: ev.Desk, event_id: int) -> DoubleRoundOut:
    """Pair the next match-round of a Double-Swiss event."""
    with answers():
        event, pairing = de.pair_double_round(desk, event_id)
    return round_out(event, pairing.round)


class DoubleWalkOut(EventOut):
    """The event after an undo or redo, and the changes it took back or brought back."""

    changes: list[ChangeOut] = Field(description="Latest first.")
    undo_next: ChangeOut | None
    redo_next: ChangeOut | None


def walk(
    desk: ev.Desk, event_id: int, steps: int, version: int | None, undo: bool
) -> DoubleWalkOut:
    """Undo or redo ``steps`` changes of a Double-Swiss event; 409 if it is no longer at
    ``version``."""
    with answers():
        step = de.undo_double if undo else de.redo_double
        event, taken = step(desk, event_id, steps, expected_version=version)
    return DoubleWalkOut(
        **event_out(event).model_dump(), **walked(desk, event, taken, de.describe_double)
    )
