"""The write API: JSON for platforms that run events through fairpair.

Authenticated with HTTP Basic (a director's username and password) or the desk's session
cookie plus the ``X-CSRF-Token`` header. Like the pages, a director reaches only the events
they run (another's answers 404). Errors are JSON: ``{"detail": ...}`` with a message, or,
for input, a list of ``{"loc": [...], "msg": ...}`` naming each field, in the same shape as
FastAPI's own validation errors: 401 unauthenticated, 404 no such event (for this director),
409 another director saved first, 400 a command that does not fit the event, 422 bad input.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from fairpair.service import directors, entry
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.directors import Access, Right
from fairpair.service.results import expand_shortcut, typed_result
from fairpair.service.settings import AccelerationMethod, WithdrawalPolicy
from fairpair.storage import LogRecord
from fairpair.web import double_api, team_api
from fairpair.web.auth import ApiDirector
from fairpair.web.deps import desk_for
from fairpair.web.writing import ChangeOut, EventOut, answers, error_responses, event_out, walked

router = APIRouter(prefix="/api", tags=["director (write)"])

SystemName = Literal["berger", "rotation", "dutch", "burstein", "casual"]


_ERRORS = error_responses(
    (400, "The command does not fit the event as it stands; nothing changed."),
    (401, "No director signed in (HTTP Basic or session + X-CSRF-Token)."),
    (404, "No such event among the director's events."),
    (
        409,
        "Another director changed the event first, or a result would replace one "
        "already entered without saying it is a correction; nothing changed.",
    ),
)


class NewEvent(BaseModel):
    """A new event, as on the desk's form."""

    name: str = Field(min_length=1, max_length=200)
    system: SystemName | None = Field(
        default=None, description="Empty: dutch for chess, casual for cards and go."
    )
    game: Literal["chess", "cards", "go"] | None = Field(
        default=None,
        description="What is played; it chooses the usual points and tie-breaks. chess: "
        "1,0.5,0, FIDE tie-breaks, colours; cards: 3,1,0 match points, OMW, GW, OGW, no "
        "colours; go: 1,0.5,0, McMahon score then SOS, SOSOS. Empty: cards for a casual "
        "Swiss or 3,1,0 points, chess otherwise.",
    )
    colours: bool = Field(
        default=False, description="Boards have colours (chess points unless given)."
    )
    rounds: int | None = Field(default=None, ge=1, le=99, description="Required for a Swiss.")
    points: str = Field(
        default="", description="win,draw,loss e.g. 1,0.5,0 (empty: the game's usual)."
    )
    tiebreaks: list[str] = Field(default_factory=list, description="Codes in order, e.g. BH.")
    bye_limit: str = Field(
        default="",
        description="Byes a player may request (Swiss), e.g. half=2,last=2 (empty: no limit).",
    )
    withdrawal_policy: WithdrawalPolicy = Field(
        default=WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST,
        description="Round robin: how the games of a player who withdraws count. "
        "keep_played_forfeit_rest: games played count, the others are forfeit wins for the "
        "opponents; annul_if_under_half: all his results are deleted from the ranking if he "
        "played fewer than half of his games, otherwise as keep_played_forfeit_rest. "
        "A Swiss takes only keep_played_forfeit_rest.",
    )
    acceleration: AccelerationMethod = Field(
        default=AccelerationMethod.NONE,
        description="Dutch or Burstein Swiss: baku for FIDE's Baku acceleration (C.04.7).",
    )


class NewPlayer(BaseModel):
    """A player to register with the next start number."""

    name: str = Field(min_length=1, max_length=200)
    rating: int | None = Field(default=None, ge=0, le=4000)
    title: str = Field(default="", max_length=3)
    federation: str = Field(default="", max_length=3)
    club: str = ""
    fide_id: str = Field(default="", max_length=11, description="Digits only.")
    birth_date: str = Field(default="", description="YYYY/MM/DD (or -, .), or the year.")
    sex: str = Field(default="", description="m or w.")
    missed: str = Field(
        default="",
        description="A late entry's points for the rounds already paired: 0.5 for each, or "
        "one value per round (0,0.5); each the worth of a zero, half or full-point bye.",
    )
    duplicate_ok: bool = Field(
        default=False,
        description="Register even if a player of the same name (ignoring case and accents) "
        "or FIDE ID is registered already (otherwise 409, naming the match).",
    )


class PlayerChanges(BaseModel):
    """A correction of a player's details: only the fields given change."""

    name: str | None = Field(default=None, min_length=1, max_length=200)
    rating: int | None = Field(default=None, ge=0, le=4000)
    title: str | None = Field(default=None, max_length=3)
    federation: str | None = Field(default=None, max_length=3)
    club: str | None = None
    fide_id: str | None = Field(default=None, max_length=11)
    birth_date: str | None = None
    sex: str | None = None
    k_factor: int | None = Field(
        default=None,
        ge=0,
        le=100,
        description="FIDE K-factor for the rating report; 0: the one rating and age give.",
    )


class EventChanges(BaseModel):
    """What to change of an event: only the fields given, as one undoable change. What the
    rounds already paired or scored fix (the system, the first colour, a round robin's
    schedule, the points once results are in, fewer rounds than paired) is refused (400)
    with the reason."""

    version: int | None = Field(
        default=None, description="The event's version the caller saw (409 if it changed)."
    )
    name: str | None = Field(default=None, min_length=1, max_length=200)
    start_date: str | None = None
    end_date: str | None = None
    city: str | None = None
    federation: str | None = None
    event_type: str | None = None
    chief_arbiter: str | None = None
    deputy_arbiters: list[str] | None = None
    time_control: str | None = None
    round_dates: list[str] | None = None
    rounds: int | None = Field(default=None, ge=1, le=99)
    system: SystemName | None = None
    game: Literal["chess", "cards", "go"] | None = Field(
        default=None,
        description="What is played (before round 1); the points follow when they were the "
        "old game's usual ones.",
    )
    points: str | None = Field(
        default=None,
        description="win,draw,loss[,bye], e.g. 3,1,0; match points make a card game, other "
        "points make a card game chess (unless the game is changed too).",
    )
    tiebreaks: list[str] | None = None
    bye_limit: str | None = Field(default=None, description="e.g. half=2,last=2; empty: none.")
    withdrawal_policy: WithdrawalPolicy | None = None
    double: bool | None = None
    initial_colour: Literal["white", "black"] | None = None
    swap_last_rounds: bool | None = Field(
        default=None,
        description="Double round robin: the first cycle's last two rounds swapped (FIDE).",
    )
    acceleration: AccelerationMethod | None = Field(
        default=None, description="none or baku (Dutch or Burstein, before round 1)."
    )


class Withdrawal(BaseModel):
    """The first round a withdrawn player is not paired in."""

    round: int | None = Field(default=None, ge=1, description="Default: the next round.")


class PlayerOut(BaseModel):
    """A registered player and the event's version after registering."""

    id: int
    name: str
    rating: int | None
    title: str
    federation: str
    club: str
    fide_id: str
    birth_date: str
    sex: str
    version: int


class BoardOut(BaseModel):
    board: int
    white: int
    black: int
    result: str | None = Field(description="As typed: 1-0, 0-1, 1/2, +-, -+, --, or 2-1-0.")


class RoundOut(BaseModel):
    """A round's boards (start numbers), its pairing-allocated bye and the event's version."""

    round: int
    boards: list[BoardOut]
    bye: int | None
    version: int


class ResultIn(BaseModel):
    board: int = Field(ge=1)
    result: str = Field(
        min_length=1, description="1-0, 0-1, 1/2 (or =), +-, -+, --, 2-1; or 1, 0, 5, +, -."
    )
    correction: bool = Field(
        default=False,
        description="This board already has a result and this one replaces it.",
    )


class Results(BaseModel):
    """Results of one round, saved all or none."""

    round: int | None = Field(default=None, ge=1, description="Default: the last paired round.")
    version: int | None = Field(
        default=None,
        description="The event's version the results were typed at: refused (409) if another "
        "change came in between. Without it, a result over one already entered is refused "
        "(409) unless the board, or the request, says it is a correction.",
    )
    correction: bool = Field(
        default=False, description="Every board given corrects a result already entered."
    )
    results: list[ResultIn] = Field(min_length=1)


def _access(request: Request, director: str, event_id: int, right: Right = Right.DIRECT) -> Access:
    """The director's access to the event if their role gives them ``right``; 404 (as for
    no event) otherwise. Every write route comes through here."""
    with answers():
        return directors.access_of(desk_for(request, director), event_id, director, right)


def _mine(
    request: Request,
    director: str,
    event_id: int,
    teams: bool = False,
    double: bool = False,
    right: Right = Right.DIRECT,
) -> ev.Desk:
    """The director's desk on an event where they have ``right`` (by default: they direct
    it); a team event only where ``teams``, a Double-Swiss event only where ``double`` (the
    routes that answer those kinds too), else 400 naming the routes that do."""
    desk = desk_for(request, director)
    info = _access(request, director, event_id, right).info
    if not teams and te.is_team_event(info):
        raise HTTPException(400, team_api.individual_only(info.name))
    if not double and de.is_double_event(info):
        raise HTTPException(
            400,
            f"{info.name!r} is a Double-Swiss event: this route is an individual event's; its "
            "results go through /double-results, each board with its two games",
        )
    return desk


def _round_out(event: ev.Event, number: int) -> RoundOut:
    rnd = event.tournament.rounds[number - 1]
    return RoundOut(
        round=number,
        boards=[
            BoardOut(
                board=index,
                white=g.white,
                black=g.black,
                result=typed_result(g.result, g.match_score) or None,
            )
            for index, g in enumerate(rnd.games, start=1)
        ],
        bye=rnd.pairing_bye,
        version=event.version,
    )


@router.post("/events", status_code=201, response_model=EventOut, responses=_ERRORS)
def create_event(request: Request, director: ApiDirector, body: NewEvent) -> EventOut:
    """Create an event run by the calling director."""
    with answers():
        settings = entry.event_settings(
            body.name,
            body.system or "",
            body.rounds,
            body.points,
            ",".join(body.tiebreaks),
            body.bye_limit,
            body.withdrawal_policy,
            game=body.game or "",
            colours=body.colours,
        )
        settings = dataclasses.replace(settings, acceleration=body.acceleration)
        event = ev.create_event(desk_for(request, director), settings, owner=director)
    return event_out(event)


@router.post(
    "/events/{event_id}/players", status_code=201, response_model=PlayerOut, responses=_ERRORS
)
def add_player(
    request: Request, director: ApiDirector, event_id: int, body: NewPlayer
) -> PlayerOut:
    """Register a player with the next start number (a Double-Swiss event's too)."""
    desk = _mine(request, director, event_id, double=True)
    double = double_api.is_double(request, event_id)
    with answers():
        typed = entry.player_entry(
            body.name,
            body.rating,
            body.title,
            body.federation,
            body.club,
            body.missed,
            fide_id=body.fide_id,
            birth_date=body.birth_date,
            sex=body.sex,
        )
        register = de.register_double_player if double else ev.register_player
        changed, player = register(
            desk,
            event_id,
            typed.name,
            missed_points=typed.missed_points,
            duplicate_ok=body.duplicate_ok,
            **typed.details,
        )
    return PlayerOut(
        id=player.id,
        name=player.name,
        rating=player.rating,
        title=player.title,
        federation=player.federation,
        club=player.club,
        fide_id=player.fide_id,
        birth_date=player.birth_date,
        sex=player.sex,
        version=changed.version,
    )


@router.post("/events/{event_id}/settings", response_model=EventOut, responses=_ERRORS)
def edit_event(
    request: Request, director: ApiDirector, event_id: int, body: EventChanges
) -> EventOut:
    """Change the event's report fields and settings (only those given), as one change."""
    desk = _mine(request, director, event_id, double=True)
    changes = body.model_dump(exclude_none=True, mode="json")
    expected = changes.pop("version", None)
    if double_api.is_double(request, event_id):
        # A Double-Swiss event: its report fields, rounds and tie-breaks (the service says
        # which of the rest cannot change).
        with answers():
            edited = de.edit_double_event(desk, event_id, changes, expected_version=expected)
        return event_out(edited)
    with answers():
        event = ev.edit_event(desk, event_id, changes, expected_version=expected)
    return event_out(event)


@router.post("/events/{event_id}/players/{number}/edit", response_model=EventOut, responses=_ERRORS)
def edit_player(
    request: Request, director: ApiDirector, event_id: int, number: int, body: PlayerChanges
) -> EventOut:
    """Correct a player's details (only the fields given)."""
    desk = _mine(request, director, event_id, double=True)
    changes = body.model_dump(exclude_none=True)
    if "k_factor" in changes:
        changes["k_factor"] = changes["k_factor"] or None
    if double_api.is_double(request, event_id):
        with answers():
            return event_out(de.edit_double_player(desk, event_id, str(number), changes))
    with answers():
        event = ev.edit_player(desk, event_id, str(number), changes)
    return event_out(event)


@router.post(
    "/events/{event_id}/players/{number}/remove", response_model=EventOut, responses=_ERRORS
)
def remove_player(request: Request, director: ApiDirector, event_id: int, number: int) -> EventOut:
    """Remove a player registered by mistake, never paired and without a bye (400 with the
    reason otherwise); the players after him move up one start number; undo brings him back."""
    desk = _mine(request, director, event_id, double=True)
    if double_api.is_double(request, event_id):
        with answers():
            return event_out(de.remove_double_player(desk, event_id, str(number)))
    with answers():
        event = ev.remove_player(desk, event_id, str(number))
    return event_out(event)


@router.post(
    "/events/{event_id}/players/{number}/withdraw", response_model=EventOut, responses=_ERRORS
)
def withdraw(
    request: Request,
    director: ApiDirector,
    event_id: int,
    number: int,
    body: Withdrawal | None = None,
) -> EventOut:
    """Withdraw a player from a round on (default: the next round)."""
    desk = _mine(request, director, event_id, double=True)
    first = (body or Withdrawal()).round
    if double_api.is_double(request, event_id):
        with answers():
            return event_out(de.withdraw_double_player(desk, event_id, str(number), first))
    with answers():
        event = ev.withdraw(desk, event_id, str(number), first)
    return event_out(event)


@router.post(
    "/events/{event_id}/players/{number}/return", response_model=EventOut, responses=_ERRORS
)
def return_player(request: Request, director: ApiDirector, event_id: int, number: int) -> EventOut:
    """Take a withdrawal back while the round it starts from is not paired."""
    desk = _mine(request, director, event_id, double=True)
    if double_api.is_double(request, event_id):
        with answers():
            return event_out(de.return_double_player(desk, event_id, str(number)))
    with answers():
        event = ev.return_player(desk, event_id, str(number))
    return event_out(event)


@router.post(
    "/events/{event_id}/pair",
    response_model=RoundOut | team_api.TeamRoundOut | double_api.DoubleRoundOut,
    responses=_ERRORS,
)
def pair(
    request: Request, director: ApiDirector, event_id: int
) -> RoundOut | team_api.TeamRoundOut | double_api.DoubleRoundOut:
    """Pair the next round (a team event: its matches, a Double-Swiss event: its two-game
    matches, as the round's read view)."""
    desk = _mine(request, director, event_id, teams=True, double=True)
    if team_api.is_team(request, event_id):
        return team_api.pair(desk, event_id)
    if double_api.is_double(request, event_id):
        return double_api.pair(desk, event_id)
    with answers():
        event, pairing = ev.pair_round(desk, event_id)
    return _round_out(event, pairing.round)


@router.post("/events/{event_id}/results", response_model=RoundOut, responses=_ERRORS)
def results(request: Request, director: ApiDirector, event_id: int, body: Results) -> RoundOut:
    """Enter results of the round being played, or correct any round's, all or none. An
    assistant of the event may enter and correct the current round's only."""
    access = _access(request, director, event_id, Right.RESULTS)
    desk = _mine(request, director, event_id, right=Right.RESULTS)
    if not access.may(Right.DIRECT):
        current = len(ev.load(desk, event_id).tournament.rounds)
        with answers(["round"]):
            directors.check_results_round(access, body.round or current, current)
    entries = [(item.board, expand_shortcut(item.result)) for item in body.results]
    with answers():
        event = ev.record_results(
            desk,
            event_id,
            body.round,
            entries,
            expected_version=body.version,
            correcting={i.board for i in body.results if i.correction or body.correction},
        )
    number = body.round or len(event.tournament.rounds)
    return _round_out(event, number)


class Walk(BaseModel):
    """How far to undo or redo, and the version the caller saw (all optional)."""

    steps: int = Field(default=1, ge=1, le=1000, description="How many changes, latest first.")
    version: int | None = Field(
        default=None,
        description="The event's version the caller saw: refused (409) if another change "
        "came in between.",
    )


class WalkOut(EventOut):
    """The event after an undo or redo, and the changes it took back or brought back."""

    changes: list[ChangeOut] = Field(description="Latest first.")
    undo_next: ChangeOut | None = Field(description="What undo would take back now.")
    redo_next: ChangeOut | None = Field(description="What redo would bring back now.")


def _walk_out(desk: ev.Desk, event: ev.Event, taken: Sequence[LogRecord]) -> WalkOut:
    def describe(record: LogRecord, log: Sequence[LogRecord]) -> str:
        return ev.describe(record, event.tournament, log)

    return WalkOut(**event_out(event).model_dump(), **walked(desk, event, taken, describe))


@router.post(
    "/events/{event_id}/undo",
    response_model=WalkOut | team_api.TeamWalkOut | double_api.DoubleWalkOut,
    responses=_ERRORS,
)
def undo(
    request: Request, director: ApiDirector, event_id: int, body: Walk | None = None
) -> WalkOut | team_api.TeamWalkOut | double_api.DoubleWalkOut:
    """Take back the latest changes still in effect, of any kind (a round's results before
    its pairing; never the creation of the event). Nothing is deleted: the log records the
    undo, and redo brings the changes back until a new change is made."""
    desk = _mine(request, director, event_id, teams=True, double=True)
    walk = body or Walk()
    if team_api.is_team(request, event_id):
        return team_api.walk(desk, event_id, walk.steps, walk.version, undo=True)
    if double_api.is_double(request, event_id):
        return double_api.walk(desk, event_id, walk.steps, walk.version, undo=True)
    with answers():
        event, taken = ev.undo(desk, event_id, walk.steps, expected_version=walk.version)
    return _walk_out(desk, event, taken)


@router.post(
    "/events/{event_id}/redo",
    response_model=WalkOut | team_api.TeamWalkOut | double_api.DoubleWalkOut,
    responses=_ERRORS,
)
def redo(
    request: Request, director: ApiDirector, event_id: int, body: Walk | None = None
) -> WalkOut | team_api.TeamWalkOut | double_api.DoubleWalkOut:
    """Bring back the changes the latest undos took back, the latest undone first; refused
    (400) once a new change has been made since."""
    desk = _mine(request, director, event_id, teams=True, double=True)
    walk = body or Walk()
    if team_api.is_team(request, event_id):
        return team_api.walk(desk, event_id, walk.steps, walk.version, undo=False)
    if double_api.is_double(request, event_id):
        return double_api.walk(desk, event_id, walk.steps, walk.version, undo=False)
    with answers():
        event, taken = ev.redo(desk, event_id, walk.steps, expected_version=walk.version)
    return _walk_out(desk, event, taken)


# --- staff ----------------------------------------------------------------------------------


RoleName = Literal["co-director", "assistant"]


class StaffIn(BaseModel):
    """A director to add to the event's staff, or whose role changes."""

    username: str = Field(min_length=1, max_length=40, description="A director's username.")
    role: RoleName = Field(
        description="co-director: all the owner's rights but giving the event away and "
        "managing staff; assistant: the current round's results (and check-in)."
    )


class StaffMemberOut(BaseModel):
    username: str
    role: str = Field(description="owner, co-director or assistant.")


class StaffOut(BaseModel):
    """Who runs the event: the owner first, then the staff by username."""

    event_id: int
    version: int
    staff: list[StaffMemberOut]


def _staff_out(request: Request, director: str, event_id: int) -> StaffOut:
    desk = desk_for(request, director)
    info = desk.store.event(event_id)
    owner = [] if info.owner is None else [StaffMemberOut(username=info.owner, role="owner")]
    members = [
        StaffMemberOut(username=m.username, role=m.role.value)
        for m in directors.staff_of(desk, event_id)
    ]
    return StaffOut(event_id=event_id, version=info.version, staff=owner + members)


@router.get("/events/{event_id}/staff", response_model=StaffOut, responses=_ERRORS)
def staff(request: Request, director: ApiDirector, event_id: int) -> StaffOut:
    """The event's owner and staff, for its directors (the owner and co-directors)."""
    _access(request, director, event_id, Right.DIRECT)
    return _staff_out(request, director, event_id)


@router.post("/events/{event_id}/staff", response_model=StaffOut, responses=_ERRORS)
def set_staff(request: Request, director: ApiDirector, event_id: int, body: StaffIn) -> StaffOut:
    """Add a director to the staff, or change their role: the owner only; logged."""
    _access(request, director, event_id, Right.MANAGE)
    with answers():
        directors.set_staff(desk_for(request, director), event_id, body.username, body.role)
    return _staff_out(request, director, event_id)


@router.delete("/events/{event_id}/staff/{username}", response_model=StaffOut, responses=_ERRORS)
def remove_staff(request: Request, director: ApiDirector, event_id: int, username: str) -> StaffOut:
    """Take a director off the staff: the owner only; logged."""
    _access(request, director, event_id, Right.MANAGE)
    with answers(["username"]):
        directors.set_staff(desk_for(request, director), event_id, username, None)
    return _staff_out(request, director, event_id)
