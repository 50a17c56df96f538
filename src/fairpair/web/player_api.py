"""The players' own actions in the JSON API, and the director's side of them.

A player's call carries their personal code in the ``X-Player-Code`` header (the code on
their slip; case, spaces and dashes ignored). It opens that player's own page and actions in
that one event and nothing else, and every attempt goes through the sign-in throttle, as the
code form of the page does: a wrong code is 401 without saying more, too many wrong ones 429
with ``Retry-After``. A header a browser never sends by itself needs no CSRF token.

The director's side (check-in, the self-reporting switch, the codes, the boards players
reported on) answers to the event's staff with the rights of the desk's check-in page:
opening check-in and checking players in for the whole staff (CHECK_IN), the flagged boards
for whoever enters results (RESULTS), the rest for directors (DIRECT).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from fairpair.core import Player
from fairpair.service import accounts
from fairpair.service import events as ev
from fairpair.service import players as pl
from fairpair.service.directors import Right
from fairpair.service.errors import CommandError
from fairpair.storage import UnknownEventError
from fairpair.web import views
from fairpair.web.api_write import _ERRORS, _mine
from fairpair.web.auth import ApiDirector
from fairpair.web.deps import desk_for
from fairpair.web.player_door import DoorView, door_view, player_of_code, too_many_codes
from fairpair.web.writing import answers, error_responses

player_router = APIRouter(prefix="/api/events/{event_id}/me", tags=["player"])
director_router = APIRouter(prefix="/api/events/{event_id}", tags=["director (write)"])

CODE_HEADER = "X-Player-Code"

_PLAYER_ERRORS = error_responses(
    (400, "The action does not fit the event as it stands; nothing changed."),
    (401, f"No {CODE_HEADER} header, or a code that opens nothing in this event."),
    (404, "No individual event with this id."),
    (409, "The event changed since the version given; nothing changed."),
    (429, "Too many wrong codes from here lately: wait (Retry-After) and try again."),
)

PlayerCode = Annotated[
    str,
    Header(
        alias=CODE_HEADER,
        description="The player's personal code, from their slip.",
        max_length=64,
    ),
]


def _event(request: Request, event_id: int) -> ev.Event:
    try:
        return ev.load(desk_for(request), event_id)
    except (UnknownEventError, CommandError):
        raise HTTPException(404, f"no individual event with id {event_id}") from None


def _player(request: Request, event: ev.Event, code: str) -> Player:
    """The code's player (401 if none, 429 when throttled)."""
    if not code.strip():
        raise HTTPException(
            401,
            f"send the player's code in the {CODE_HEADER} header",
            headers={"WWW-Authenticate": "Code"},
        )
    try:
        player = player_of_code(request, event, code)
    except accounts.TooManyAttemptsError as error:
        raise HTTPException(
            429, too_many_codes(error), headers={"Retry-After": str(error.retry_after)}
        ) from None
    if player is None:
        raise HTTPException(
            401, "that code opens nothing in this event", headers={"WWW-Authenticate": "Code"}
        )
    return player


def _acting(request: Request, event_id: int, code: str) -> tuple[ev.Event, Player, ev.Desk]:
    """The event, the code's player and a desk acting as that player."""
    event = _event(request, event_id)
    player = _player(request, event, code)
    return event, player, desk_for(request, pl.self_actor(player))


@player_router.get("", response_model=DoorView, responses=_PLAYER_ERRORS)
def my_page(request: Request, event_id: int, code: PlayerCode = "") -> DoorView:
    """The player's own page: their rounds and standing, their board now, what they may do."""
    event = _event(request, event_id)
    return door_view(desk_for(request), event, _player(request, event, code))


class Since(BaseModel):
    version: int | None = Field(
        default=None, description="The event's version the player saw: 409 if it moved on."
    )


@player_router.post("/checkin", response_model=DoorView, responses=_PLAYER_ERRORS)
def check_in(
    request: Request, event_id: int, code: PlayerCode = "", body: Since | None = None
) -> DoorView:
    """Check in for the next round, while the director has check-in open."""
    _, player, desk = _acting(request, event_id, code)
    with answers():
        done = pl.check_in(
            desk,
            event_id,
            "",
            player_id=player.id,
            expected_version=body.version if body else None,
        )
    return door_view(desk, done, player)


class Report(BaseModel):
    """The result of the player's board in the round being played."""

    board: int = Field(ge=1, description="The player's board in the current round.")
    result: str = Field(
        min_length=1,
        max_length=20,
        description='With colours, White\'s side first as the desk types it: "1-0", "½-½" '
        '(or "1/2"), "0-1". Without (the page\'s ``own_side``), the player\'s own games '
        'first: "2-1" they won two games to one, "0-2" they lost, "1-1-1" with a draw.',
    )
    version: int | None = Field(
        default=None, description="The event's version the player saw: 409 if it moved on."
    )


class ReportOut(DoorView):
    entered: bool = Field(
        description="Both players reported the same: the result is entered. Otherwise the "
        "report waits for the opponent's, and the desk sees any disagreement."
    )


@player_router.post("/report", response_model=ReportOut, responses=_PLAYER_ERRORS)
def report(request: Request, event_id: int, body: Report, code: PlayerCode = "") -> ReportOut:
    """Report the result of one's own board (refused for another board, when the director
    has self-reporting off, and once the board has a result)."""
    event, player, desk = _acting(request, event_id, code)
    with answers():
        done = pl.report_result(
            desk,
            event_id,
            player.id,
            body.board,
            body.result,
            own_side=not views.is_coloured(event),
            expected_version=body.version,
        )
    games = done.tournament.rounds[-1].games
    entered = games[body.board - 1].result is not None
    view = door_view(desk, done, player)
    return ReportOut(**view.model_dump(), entered=entered)


class Drop(BaseModel):
    round: int = Field(
        ge=1, description="The next round to pair (the one the player's page shows)."
    )
    version: int | None = Field(
        default=None, description="The event's version the player saw: 409 if it moved on."
    )


@player_router.post("/drop", response_model=DoorView, responses=_PLAYER_ERRORS)
def drop(request: Request, event_id: int, body: Drop, code: PlayerCode = "") -> DoorView:
    """Withdraw from ``round`` on: refused once that round is paired (the director can)."""
    _, player, desk = _acting(request, event_id, code)
    with answers(["round"]):
        done = pl.self_drop(desk, event_id, player.id, body.round, expected_version=body.version)
    return door_view(desk, done, player)


# --- the director's side ---------------------------------------------------------------------


class ReportedOut(BaseModel):
    player: int
    name: str
    result: str = Field(
        description="The result the player reported, the first-listed player's side first "
        "(as the desk types results, whichever side the player typed it from)."
    )


class FlaggedBoard(BaseModel):
    board: int
    first: int = Field(description="The player listed first on the board (White).")
    second: int
    reports: list[ReportedOut]
    disagree: bool = Field(description="Two reports that differ (else one report alone).")


class CheckInOut(BaseModel):
    """Check-in for the next round and self-reporting, as the desk's check-in page shows."""

    version: int
    next_round: int
    open: bool = Field(description="Check-in is open for the next round.")
    checked_in: list[int] = Field(description="Players checked in for the next round.")
    missing: list[int] = Field(
        description="Players to pair who have not checked in (once check-in was opened)."
    )
    reporting: bool = Field(description="Players may report their own results.")
    flagged: list[FlaggedBoard] = Field(
        description="Boards of the round being played that players reported on without a "
        "result yet: reports that disagree, or one alone."
    )


def _check_in_out(desk: ev.Desk, event: ev.Event) -> CheckInOut:
    door = pl.door(desk, event)
    t = event.tournament
    here = door.here_for(t.next_round)
    return CheckInOut(
        version=event.version,
        next_round=t.next_round,
        open=door.check_in_round is not None,
        checked_in=sorted(here),
        missing=[p.id for p in pl.missing(desk, event)],
        reporting=door.reporting,
        flagged=[
            FlaggedBoard(
                board=b.board,
                first=b.first.id,
                second=b.second.id,
                reports=[ReportedOut(player=p.id, name=p.name, result=r) for p, r in b.reports],
                disagree=b.disagree,
            )
            for b in pl.reported_boards(desk, event)
        ],
    )


def _run(
    request: Request,
    director: str,
    event_id: int,
    right: Right,
    command: Callable[[ev.Desk], ev.Event],
) -> CheckInOut:
    desk = _mine(request, director, event_id, right=right)
    with answers():
        event = command(desk)
    return _check_in_out(desk, event)


@director_router.get("/checkin", response_model=CheckInOut, responses=_ERRORS)
def check_in_state(request: Request, director: ApiDirector, event_id: int) -> CheckInOut:
    """Who has checked in, who is missing, self-reporting and the boards it flags."""
    desk = _mine(request, director, event_id, right=Right.CHECK_IN)
    with answers():
        event = ev.load(desk, event_id)
    return _check_in_out(desk, event)


class CheckInStep(BaseModel):
    step: Literal["open", "close"]
    version: int | None = Field(default=None, description="Refused (409) if not the current.")


@director_router.post("/checkin", response_model=CheckInOut, responses=_ERRORS)
def open_or_close(
    request: Request, director: ApiDirector, event_id: int, body: CheckInStep
) -> CheckInOut:
    """Open check-in for the next round, or close it (pairing the round closes it too)."""
    step = pl.open_check_in if body.step == "open" else pl.close_check_in
    return _run(
        request,
        director,
        event_id,
        Right.CHECK_IN,
        lambda d: step(d, event_id, expected_version=body.version),
    )


class Version(BaseModel):
    version: int | None = Field(default=None, description="Refused (409) if not the current.")


@director_router.post("/checkin/players/{player_id}", response_model=CheckInOut, responses=_ERRORS)
def check_in_player(
    request: Request,
    director: ApiDirector,
    event_id: int,
    player_id: int,
    body: Version | None = None,
) -> CheckInOut:
    """Check a player in at the desk."""
    return _run(
        request,
        director,
        event_id,
        Right.CHECK_IN,
        lambda d: pl.check_in(
            d, event_id, str(player_id), expected_version=body.version if body else None
        ),
    )


class Missing(BaseModel):
    as_: Literal["absent", "withdrawn"] = Field(
        alias="as",
        description="absent: a zero-point bye in the next round; withdrawn: from it on.",
    )
    version: int | None = Field(default=None, description="Refused (409) if not the current.")


@director_router.post("/checkin/missing", response_model=CheckInOut, responses=_ERRORS)
def missing_out(
    request: Request, director: ApiDirector, event_id: int, body: Missing
) -> CheckInOut:
    """Everyone not checked in for the next round becomes absent from it, or withdrawn."""
    return _run(
        request,
        director,
        event_id,
        Right.DIRECT,
        lambda d: pl.mark_missing(d, event_id, body.as_, expected_version=body.version),
    )


class Reporting(BaseModel):
    on: bool = Field(description="Players may report their own results.")
    version: int | None = Field(default=None, description="Refused (409) if not the current.")


@director_router.post("/reporting", response_model=CheckInOut, responses=_ERRORS)
def switch_reporting(
    request: Request, director: ApiDirector, event_id: int, body: Reporting
) -> CheckInOut:
    """Let players report their results, or leave results to the desk."""
    return _run(
        request,
        director,
        event_id,
        Right.DIRECT,
        lambda d: pl.switch_reporting(d, event_id, body.on, expected_version=body.version),
    )


class CodesOut(BaseModel):
    """The players' codes, to hand or send to them: keep them private."""

    version: int
    codes: dict[int, str] = Field(description="By player number.")


def _codes_out(desk: ev.Desk, event: ev.Event) -> JSONResponse:
    codes = pl.door(desk, event).codes
    out = CodesOut(version=event.version, codes=dict(sorted(codes.items())))
    return JSONResponse(out.model_dump(mode="json"), headers={"Cache-Control": "no-store"})


@director_router.get(
    "/codes", response_model=CodesOut, responses=_ERRORS, response_class=JSONResponse
)
def codes(request: Request, director: ApiDirector, event_id: int) -> JSONResponse:
    """Every player's code."""
    desk = _mine(request, director, event_id)
    with answers():
        event = ev.load(desk, event_id)
    return _codes_out(desk, event)


class NewCodes(BaseModel):
    players: list[str] = Field(
        default_factory=list,
        max_length=10_000,
        description="Players (numbers or names) to give a new code (their old one stops "
        "working); empty: a code for every player without one.",
    )
    version: int | None = Field(default=None, description="Refused (409) if not the current.")


@director_router.post(
    "/codes", response_model=CodesOut, responses=_ERRORS, response_class=JSONResponse
)
def new_codes(
    request: Request, director: ApiDirector, event_id: int, body: NewCodes
) -> JSONResponse:
    """Give codes; the answer lists every player's code."""
    desk = _mine(request, director, event_id)
    with answers(["players"]):
        event = pl.issue_codes(desk, event_id, body.players, expected_version=body.version)
    return _codes_out(desk, event)
