"""The director's desk: sign-in and accounts, then everything a director does with an event.

Every route is thin: it checks who is signed in and that they run the event (another
director's event answers 404, as if it did not exist), calls the service and renders a page.
A change answers with a redirect to the event's desk (303, so a reload does not repeat it)
and a one-line message; a refusal re-renders the form with the message next to the field,
what was typed kept, and a 4xx status: 422 for a field, 400 for a command that does not fit
the event, 409 when another director saved first.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Mapping, Sequence, Sized
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Annotated, Any, TypeVar
from urllib.parse import urlsplit

from fastapi import APIRouter, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import URL, FormData

from fairpair.core import Pairing, Player, Tournament, format_points
from fairpair.core.double_swiss import DoubleSwissTournament
from fairpair.core.teams import TeamTournament
from fairpair.formats import printouts as sheets
from fairpair.formats.errors import FormatError
from fairpair.formats.players_csv import parse_players_csv
from fairpair.formats.trf import parse_trf
from fairpair.service import (
    accounts,
    actions,
    chess_reports,
    directors,
    double_printouts,
    entry,
    knockout_printouts,
    pairing_runs,
    players,
    printouts,
    team_printouts,
)
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.directors import Access, Right
from fairpair.service.errors import CommandError, DuplicatePlayerError, FieldErrors
from fairpair.service.results import expand_shortcut, parse_result, typed_result
from fairpair.service.settings import (
    COLOUR_MODEL_CHOICES,
    DOUBLE_SWISS_PRIMARY_CHOICES,
    FIRST_COLOURS,
    PRIMARY_CHOICES,
    REPORT_FIELDS,
    AccelerationMethod,
    EventSettings,
    Game,
    System,
    WithdrawalPolicy,
    report_fields,
)
from fairpair.storage import (
    ConcurrencyError,
    EventExistsError,
    EventInfo,
    LogRecord,
    PairingRun,
    UnknownEventError,
)
from fairpair.web import auth
from fairpair.web.auth import Director
from fairpair.web.deps import desk_for, templates
from fairpair.web.views import bye_label

router = APIRouter(prefix="/desk", include_in_schema=False)

STALE = "Someone else changed the event since you opened this page; nothing was saved. Reload."
MAX_UPLOAD = 2_000_000
"""Bytes: a players file larger than this is refused (10,000 players fit in far less)."""

_Text = Annotated[str, Form()]
PlayerEvent = ev.Event | de.DoubleEvent
"""An event whose entrants are players (see :class:`PlayerDoor`)."""


def _name_taken() -> FieldErrors:
    """The refusal of an event's name that another event has, next to the name field."""
    return FieldErrors({"name": "an event with this name exists; choose another name"})


def _render(
    request: Request, name: str, context: Mapping[str, Any], status_code: int = 200
) -> HTMLResponse:
    base = {
        "csrf": auth.csrf_token(request),
        "director": auth.current_director(request),
        "flash": request.session.pop("flash", None),
        "focus": request.session.pop("focus", None),
    }
    return templates.TemplateResponse(request, name, base | dict(context), status_code=status_code)


def _done(request: Request, message: str, to: str, focus: str = "") -> RedirectResponse:
    """To ``to`` with ``message`` shown once; ``focus``: the id of the field the keyboard
    starts in there (the next player's name after one was added)."""
    request.session["flash"] = message
    if focus:
        request.session["focus"] = focus
    return RedirectResponse(to, status_code=303)


def _safe_next(target: str) -> str:
    """Only a page of the desk, never another site, after signing in."""
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path.startswith("/desk"):
        return "/desk"
    return parts.path


# --- accounts -------------------------------------------------------------------------------


@router.get("/signin", response_class=HTMLResponse)
def signin_page(request: Request, next: str = "/desk") -> HTMLResponse:
    return _render(request, "desk/signin.html", {"next": _safe_next(next), "username": ""})


@router.post("/signin", response_class=HTMLResponse)
def signin(
    request: Request, username: _Text = "", password: _Text = "", next: _Text = "/desk"
) -> Response:
    try:
        found = auth.check_sign_in(request, username, password)
    except HTTPException as refused:
        context = {"next": _safe_next(next), "username": username, "error": refused.detail}
        page = _render(request, "desk/signin.html", context, refused.status_code)
        page.headers.update(refused.headers or {})
        return page
    if found is None:
        # The same words whether the username exists or not.
        context = {"next": _safe_next(next), "username": username, "error": _WRONG}
        return _render(request, "desk/signin.html", context, 401)
    auth.sign_in(request, found)
    answer = RedirectResponse(_safe_next(next), status_code=303)
    auth.remember_device(request, answer, found)
    return answer


_WRONG = "Wrong username or password."


@router.post("/signout")
def signout(request: Request) -> RedirectResponse:
    auth.sign_out(request)
    return RedirectResponse("/", status_code=303)


@router.post("/signout-everywhere")
def signout_everywhere(request: Request, director: Director) -> RedirectResponse:
    accounts.end_all_sessions(desk_for(request, director), director)
    auth.sign_out(request)
    return RedirectResponse("/desk/signin", status_code=303)


def _signup_open(request: Request) -> None:
    if not request.app.state.config.signup:
        raise HTTPException(404, "New accounts are made by the organiser: fairpair director add")


@router.get("/signup", response_class=HTMLResponse)
def signup_page(request: Request) -> HTMLResponse:
    _signup_open(request)
    return _render(request, "desk/signup.html", {"username": "", "errors": {}})


@router.post("/signup", response_class=HTMLResponse)
def signup(
    request: Request, username: _Text = "", password: _Text = "", password2: _Text = ""
) -> Response:
    _signup_open(request)
    errors: dict[str, str] = {}
    made = None
    try:
        if password != password2:
            errors["password2"] = "the two passwords differ"
        else:
            made = accounts.sign_up(
                desk_for(request),
                username,
                password,
                address=auth.client_address(request),
                gate=request.app.state.hash_gate,
                limits=request.app.state.sign_in_limits,
            )
    except (accounts.TooManyAttemptsError, accounts.BusyError) as error:
        context = {"username": username, "errors": {"username": str(error)}}
        headers = {"Retry-After": str(error.retry_after)}
        page = _render(request, "desk/signup.html", context, 429)
        page.headers.update(headers)
        return page
    except FieldErrors as error:
        errors.update(error.errors)
    if made is None:
        context = {"username": username, "errors": errors}
        return _render(request, "desk/signup.html", context, 422)
    auth.sign_in(request, made)
    return _done(request, f"Welcome, {made}: your account is ready.", "/desk")


# --- the director's account -----------------------------------------------------------------


def _account_page(
    request: Request,
    director: str,
    status_code: int = 200,
    errors: Mapping[str, str] | None = None,
    new_token: str = "",
) -> HTMLResponse:
    desk = desk_for(request, director)
    context = {
        "tokens": accounts.api_tokens(desk, director),
        "errors": errors or {},
        "new_token": new_token,
        "demo": director == ev.DEMO_ACCOUNT,
    }
    return _render(request, "desk/account.html", context, status_code)


@router.get("/account", response_class=HTMLResponse)
def account_page(request: Request, director: Director) -> HTMLResponse:
    return _account_page(request, director)


@router.post("/account/password", response_class=HTMLResponse)
def change_password(
    request: Request,
    director: Director,
    current: _Text = "",
    password: _Text = "",
    password2: _Text = "",
) -> Response:
    if password != password2:
        return _account_page(request, director, 422, {"password2": "the two passwords differ"})
    try:
        accounts.change_password(
            desk_for(request, director),
            director,
            current,
            password,
            address=auth.client_address(request),
            gate=request.app.state.hash_gate,
            limits=request.app.state.sign_in_limits,
            known_device=auth.known_device(request, director),
        )
    except (accounts.TooManyAttemptsError, accounts.BusyError) as error:
        page = _account_page(request, director, 429, {"current": str(error)})
        page.headers["Retry-After"] = str(error.retry_after)
        return page
    except FieldErrors as error:
        return _account_page(request, director, 422, error.errors)
    except CommandError as error:
        return _account_page(request, director, 400, {"password": str(error)})
    # Every session ended, this one too: this browser starts a new one.
    auth.sign_in(request, director)
    return _done(request, "Your password is changed; every other session has ended.", "/desk")


@router.post("/account/tokens", response_class=HTMLResponse)
def create_token(request: Request, director: Director) -> HTMLResponse:
    try:
        _record, token = accounts.create_api_token(desk_for(request, director), director)
    except CommandError as error:
        return _account_page(request, director, 400, {"tokens": str(error)})
    return _account_page(request, director, new_token=token)


@router.post("/account/tokens/{token_id}/revoke", response_class=HTMLResponse)
def revoke_token(request: Request, director: Director, token_id: int) -> Response:
    try:
        accounts.revoke_api_token(desk_for(request, director), director, token_id)
    except CommandError:
        raise HTTPException(404, f"No API token {token_id}.") from None
    return _done(request, f"API token {token_id} is revoked.", "/desk/account")


# --- my events ------------------------------------------------------------------------------


@router.get("", response_class=HTMLResponse)
def my_events(request: Request, director: Director) -> HTMLResponse:
    return _my_events(request, director)


def _my_events(
    request: Request,
    director: str,
    errors: Mapping[str, str] | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    desk = desk_for(request, director)
    context = {
        "events": directors.events_of(desk, director),
        "names": {s.value: s.label for s in System},
        "errors": errors or {},
    }
    return _render(request, "desk/events.html", context, status_code)


_NEW_FIELDS = (
    "name",
    "system",
    "game",
    "rounds",
    "points",
    "tiebreaks",
    "bye_limit",
    "withdrawal_policy",
    "acceleration",
)
_TEAM_FORM = (
    "boards",
    "match_points",
    "primary",
    "colour_model",
    "board_colours",
    "min_board_games",
    "double",
    "initial_colour",
)
"""The new-event form's settings of a team event (web/team_desk.py reads them; an
individual event refuses those it has not)."""
_DOUBLE_FORM = ("ds_colour", "bye_values", "ds_primary")
"""The new-event form's settings of a Double-Swiss (web/double_desk.py reads them)."""
_KNOCKOUT_FORM = ("bracket", "match", "third_place", "reset", "first_white")
"""The new-event form's settings of a standalone knockout (read by entry.event_settings)."""
_REPORT_FORM = tuple(field for field in REPORT_FIELDS if field != "name")
"""The rating-report fields on the new-event form and the event's "Report details" form:
lists (deputy arbiters, round dates) typed with commas."""


def _report_text(settings: EventSettings) -> dict[str, str]:
    """The report fields as a form shows them."""
    data = settings.to_data()
    return {
        field: ", ".join(data[field]) if isinstance(data[field], list) else data[field]
        for field in REPORT_FIELDS
    }


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


_CHOICES = {
    "system": [(s.value, s.label) for s in System],
    "game": [(g.value, f"{_sentence(g.label)}: {g.describe()}") for g in Game],
    "withdrawal_policy": [(w.value, _sentence(w.describe())) for w in WithdrawalPolicy],
    "initial_colour": list(FIRST_COLOURS.items()),
    "double": [("no", "No"), ("yes", "Yes")],
    "swap_last_rounds": [
        ("yes", "Swapped, as FIDE's Berger tables recommend"),
        ("no", "In table order"),
    ],
    "acceleration": [
        (AccelerationMethod.NONE.value, "None"),
        (AccelerationMethod.BAKU.value, "Baku (FIDE C.04.7): Dutch or Burstein, standard points"),
    ],
    "primary": list(PRIMARY_CHOICES),
    "colour_model": list(COLOUR_MODEL_CHOICES),
    "ds_colour": [("", "Drawn by lot when the event is created"), *FIRST_COLOURS.items()],
    "ds_primary": list(DOUBLE_SWISS_PRIMARY_CHOICES),
}
"""The settings chosen from a list, each value in words (the settings form's selects)."""


def _settings_text(settings: EventSettings) -> dict[str, str]:
    """The pairing and scoring settings as the settings form shows them."""
    p, limit = settings.points, settings.bye_limit
    points = [format_points(v) for v in (p.win, p.draw, p.loss)]
    if p.pairing_bye is not None:
        points.append(format_points(p.pairing_bye))
    keys: list[tuple[str, int | None]] = [("full", limit.full), ("half", limit.half)]
    keys += [("zero", limit.zero), ("total", limit.total)]
    keys.append(("last", limit.closed_last_rounds or None))
    return {
        "rounds": "" if settings.rounds is None else str(settings.rounds),
        "system": settings.system.value,
        "game": settings.game.value,
        "points": ",".join(points),
        "tiebreaks": ", ".join(settings.tiebreaks),
        "bye_limit": ",".join(f"{k}={v}" for k, v in keys if v is not None),
        "withdrawal_policy": settings.withdrawal_policy.value,
        "double": "yes" if settings.double else "no",
        "initial_colour": settings.initial_colour.name.lower(),
        "swap_last_rounds": "yes" if settings.swap_last_rounds else "no",
        "acceleration": settings.acceleration.value,
    }


@router.get("/events/new", response_class=HTMLResponse)
def new_event_page(request: Request, director: Director) -> HTMLResponse:
    fields = (*_NEW_FIELDS, *_TEAM_FORM, *_DOUBLE_FORM, *_KNOCKOUT_FORM, *_REPORT_FORM)
    values = dict.fromkeys(fields, "") | {
        "system": "dutch",
        "withdrawal_policy": WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST.value,
        "acceleration": AccelerationMethod.NONE.value,
        "primary": "mp",
        "colour_model": "typea",
        "double": "no",
        "initial_colour": "white",
        "ds_primary": "gp",
        "bracket": "single",
        "third_place": "no",
        "reset": "yes",
        "first_white": "seed",
    }
    return _render(request, "desk/new_event.html", _new_context(values, {}))


def _new_context(values: Mapping[str, str], errors: Mapping[str, str]) -> dict[str, Any]:
    from fairpair.web import knockout_desk  # it builds on this module's helpers

    return {
        "values": values,
        "errors": errors,
        "choices": _CHOICES | knockout_desk.CUT_CHOICES,
        "match_examples": knockout_desk.MATCH_EXAMPLES,
    }


@router.post("/events/new", response_class=HTMLResponse)
def new_event(
    request: Request,
    director: Director,
    name: _Text = "",
    system: _Text = "",
    game: _Text = "",
    rounds: _Text = "",
    points: _Text = "",
    tiebreaks: _Text = "",
    bye_limit: _Text = "",
    withdrawal_policy: _Text = "",
    acceleration: _Text = "",
    start_date: _Text = "",
    end_date: _Text = "",
    city: _Text = "",
    federation: _Text = "",
    event_type: _Text = "",
    chief_arbiter: _Text = "",
    deputy_arbiters: _Text = "",
    time_control: _Text = "",
    round_dates: _Text = "",
    boards: _Text = "",
    match_points: _Text = "",
    primary: _Text = "",
    colour_model: _Text = "",
    board_colours: _Text = "",
    min_board_games: _Text = "",
    double: _Text = "",
    initial_colour: _Text = "",
    ds_colour: _Text = "",
    bye_values: _Text = "",
    ds_primary: _Text = "",
    bracket: _Text = "",
    match: _Text = "",
    third_place: _Text = "",
    reset: _Text = "",
    first_white: _Text = "",
) -> Response:
    report = {
        "start_date": start_date,
        "end_date": end_date,
        "city": city,
        "federation": federation,
        "event_type": event_type,
        "chief_arbiter": chief_arbiter,
        "deputy_arbiters": deputy_arbiters,
        "time_control": time_control,
        "round_dates": round_dates,
    }
    values = {
        "name": name,
        "system": system,
        "game": game,
        "rounds": rounds,
        "points": points,
        "tiebreaks": tiebreaks,
        "bye_limit": bye_limit,
        "withdrawal_policy": withdrawal_policy,
        "acceleration": acceleration,
    } | report
    team = {"boards": boards, "match_points": match_points, "primary": primary}
    team |= {"colour_model": colour_model, "board_colours": board_colours}
    team |= {"min_board_games": min_board_games, "double": double}
    team |= {"initial_colour": initial_colour}
    values |= team
    values |= {"ds_colour": ds_colour, "bye_values": bye_values, "ds_primary": ds_primary}
    knockout = {"bracket": bracket, "match": match, "third_place": third_place}
    knockout |= {"reset": reset, "first_white": first_white}
    values |= knockout
    if system.strip() == System.DOUBLE_SWISS.value:
        from fairpair.web import double_desk  # it builds on this module's helpers

        made_double = double_desk.create_double_event(request, director, values, report)
        if isinstance(made_double, FieldErrors):
            context = _new_context(values, made_double.errors)
            return _render(request, "desk/new_event.html", context, 422)
        return _done(request, f"Created {made_double.info.name}.", _here(made_double.id))
    if system.strip() in (System.TEAM_SWISS.value, System.TEAM_BERGER.value):
        from fairpair.web import team_desk  # it builds on this module's helpers

        made = team_desk.create_team_event(request, director, values, report)
        if isinstance(made, FieldErrors):
            context = _new_context(values, made.errors)
            return _render(request, "desk/new_event.html", context, 422)
        return _done(request, f"Created {made.info.name}.", f"/desk/events/{made.id}")
    errors: dict[str, str] = {
        field: "for a team event only (Team Swiss or team round robin): leave empty"
        for field in ("boards", "match_points", "board_colours", "min_board_games")
        if team[field].strip()
    }
    if bye_values.strip():
        errors["bye_values"] = "for a Double-Swiss only: leave empty"
    # The knockout's choices are read for a knockout only (the form always sends its
    # selects); a match format typed for another system is refused at its field.
    staged: dict[str, Any] = {"match": match}
    if system.strip() == System.KNOCKOUT.value:
        from fairpair.web.knockout_desk import yes_no

        staged |= {"bracket": bracket, "first_white": first_white}
        staged |= {"third_place": yes_no(third_place, False), "reset": yes_no(reset, True)}
    try:
        settings = entry.event_settings(
            name,
            system,
            rounds,
            points,
            tiebreaks,
            bye_limit,
            withdrawal_policy,
            game=game,
            **staged,
        )
        settings = _accelerated(settings, acceleration)
    except FieldErrors as error:
        errors |= error.errors
    try:
        checked = report_fields(report)
    except FieldErrors as error:
        errors |= error.errors
    try:
        if errors:
            raise FieldErrors(errors)
        settings = settings.edited(checked)
        event = ev.create_event(desk_for(request, director), settings, owner=director)
    except FieldErrors as error:
        return _render(request, "desk/new_event.html", _new_context(values, error.errors), 422)
    except CommandError as error:  # a name already taken
        errors = {"name": str(error)}
        return _render(request, "desk/new_event.html", _new_context(values, errors), 422)
    except EventExistsError:
        context = _new_context(values, _name_taken().errors)
        return _render(request, "desk/new_event.html", context, 422)
    return _done(request, f"Created {event.info.name}.", f"/desk/events/{event.id}")


def _accelerated(settings: EventSettings, typed: str) -> EventSettings:
    """The new event's settings with the acceleration chosen on the form; a
    :class:`FieldErrors` at the field when the event cannot have it."""
    try:
        method = AccelerationMethod(typed.strip() or AccelerationMethod.NONE.value)
    except ValueError:
        raise FieldErrors({"acceleration": "choose none or baku"}) from None
    try:
        return dataclasses.replace(settings, acceleration=method)
    except CommandError as error:
        raise FieldErrors({"acceleration": str(error)}) from None


@router.post("/claim", response_class=HTMLResponse)
def claim(request: Request, director: Director, code: _Text = "") -> Response:
    """Take an event with the one-time code the organiser printed (fairpair event claim-code)."""
    desk = desk_for(request, director)
    try:
        info = accounts.claim_event(
            desk,
            code,
            address=auth.client_address(request),
            limits=request.app.state.sign_in_limits,
        )
    except accounts.TooManyAttemptsError as error:
        page = _my_events(request, director, {"code": str(error)}, 429)
        page.headers["Retry-After"] = str(error.retry_after)
        return page
    except CommandError as error:
        return _my_events(request, director, {"code": str(error)}, 422)
    return _done(request, f"You now run {info.name}.", f"/desk/events/{info.id}")


# --- one event ------------------------------------------------------------------------------


def _access(request: Request, director: str, event_id: int, right: Right = Right.DIRECT) -> Access:
    """The signed-in director's access to the event if their role gives them ``right``;
    404 (as for no event) otherwise. Every route of the desk comes through here."""
    try:
        return directors.access_of(desk_for(request, director), event_id, director, right)
    except UnknownEventError:
        raise HTTPException(404, f"No event {event_id}.") from None


def _owned(
    request: Request, director: str, event_id: int, right: Right = Right.DIRECT
) -> EventInfo:
    """The event's row, if the signed-in director has ``right`` on it (by default: they
    direct it); 404 (as for no event) otherwise."""
    return _access(request, director, event_id, right).info


def _team_event(request: Request, director: str, event_id: int) -> bool:
    """Whether the director's event is a team event, whose pages are web/team_desk.py's."""
    return te.is_team_event(_owned(request, director, event_id))


def _double_event(
    request: Request, director: str, event_id: int, right: Right = Right.DIRECT
) -> bool:
    """Whether the director's event is a Double-Swiss, whose round pages are
    web/double_desk.py's."""
    return de.is_double_event(_owned(request, director, event_id, right))


def _results_round(access: Access, number: int, rounds: Sized) -> None:
    """403 naming the round an assistant may enter, for another round."""
    try:
        directors.check_results_round(access, number, len(rounds))
    except CommandError as error:
        raise HTTPException(403, str(error)[0].upper() + str(error)[1:] + ".") from None


@dataclass(frozen=True, slots=True)
class KindDesk:
    """What the desk's shared routes (the event's page, undo and redo, the log, the exports)
    need of a kind of event with a desk of its own: team events (web/team_desk.py) and
    Double-Swiss events (web/double_desk.py)."""

    noun: str
    """The kind in words, e.g. "a team event"."""
    load: Callable[[Request, str, int], Any]
    """The director's event of this kind (404 otherwise)."""
    page: Callable[..., HTMLResponse]
    """Its desk page: ``page(request, event, errors=..., status_code=...)``."""
    walks: tuple[Callable[..., tuple[Any, Sequence[LogRecord]]], ...]
    """The service's undo and redo."""
    describe: Callable[[LogRecord, Sequence[LogRecord]], str]
    """A log record in words, given the log."""
    export: Callable[[Any, str], str]
    """The event written as ``trf`` or ``json``."""


def _kind_desk(request: Request, director: str, event_id: int) -> KindDesk | None:
    """The desk of the director's event if it is a team or a Double-Swiss event (None for an
    individual event)."""
    if _team_event(request, director, event_id):
        from fairpair.web import team_desk

        return team_desk.DESK
    if _double_event(request, director, event_id):
        from fairpair.web import double_desk

        return double_desk.DESK
    return None


def _mine(request: Request, director: str, event_id: int, right: Right = Right.DIRECT) -> ev.Event:
    """The individual event, if the signed-in director has ``right`` on it (by default:
    they direct it); 404 (as for no event) otherwise, and for a team or a Double-Swiss
    event, whose pages are their own."""
    info = _owned(request, director, event_id, right)
    if te.is_team_event(info) or de.is_double_event(info):
        kind = "a team event" if te.is_team_event(info) else "a Double-Swiss event"
        raise HTTPException(404, f"{info.name} is {kind}: this page is for individual events.")
    return ev.load(desk_for(request, director), event_id)


def _desk_page(
    request: Request,
    event: ev.Event,
    *,
    errors: Mapping[str, str] | None = None,
    values: Mapping[str, str] | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    t = event.tournament
    # The Undo and Redo buttons name what they would take at the page's version (read from
    # the end of the log), and carry that version, so a change made since then refuses them.
    undo_next, redo_next = ev.undo_targets(desk_for(request), event.id, event.version)
    from fairpair.web import knockout_desk as kd  # it builds on this module's helpers

    step = kd.knockout_step(event)
    cut_open = kd.cut_open(event)
    context = {
        "event": event,
        "t": t,
        "players": _player_rows(t),
        # The players' personal codes and check-in (web/player_door.py has their page).
        "door": players.door(desk_for(request), event),
        "missing": players.missing(desk_for(request), event),
        "reported": players.reported_boards(desk_for(request), event),
        "step": step or next_step(t),
        "knockout": None if t.knockout is None else {"status": step.status if step else ""},
        "cut_open": cut_open,
        "cut_ready": cut_open and next_step(t).action == "standings",
        "cut_errors": any(k.split(".")[0] == "cut" for k in errors or {}),
        "cut_choices": kd.CUT_CHOICES,
        "match_examples": kd.MATCH_EXAMPLES,
        "undo": _walk_button(undo_next, t),
        "redo": _walk_button(redo_next, t),
        "current": t.rounds[-1] if t.rounds else None,
        "swiss": not (event.settings.system.round_robin or event.settings.system.knockout),
        "staged": t.knockout is not None,
        "errors": errors or {},
        "details_open": any(k.split(".")[0] == "details" for k in errors or {}),
        "settings_open": any(k.split(".")[0] == "settings" for k in errors or {}),
        "sections_open": any(k.split(".")[0] in ("sections", "move") for k in errors or {}),
        # The report form shows what the event says, or what was typed if it was refused.
        "values": {f"details.{k}": v for k, v in _report_text(event.settings).items()}
        | {f"settings.{k}": v for k, v in _settings_text(event.settings).items()}
        | (kd.cut_values(event) if cut_open else {})
        | dict(values or {}),
        # Once the knockout has started, its bracket and match slips too, and the final
        # standings for the standings.
        "sheets": _event_sheets(event) | (knockout_printouts.KNOCKOUT_SHEETS if t.knockout else {}),
        "settings": ev.settings_lines(event),
        "system_name": event.settings.system.label,
        "choices": _CHOICES,
        "staff": staff_section(request, event.id),
        "pairing": pairing_line(request, event, partial(_results_url, event.id)),
    }
    from fairpair.web.sections_desk import sections_context
    from fairpair.web.venue_desk import venue_context  # it builds on this module's helpers

    context["sections"] = sections_context(request, event)
    venue = venue_context(event)
    context["venue_clock"] = venue["venue_clock"]
    context["values"] = venue["venue_values"] | context["values"]
    from fairpair.web.ratings_desk import ratings_context  # it builds on this module's helpers

    ratings = ratings_context(request)
    context["ratings"] = ratings
    context["values"] = ratings["values"] | context["values"]
    return _render(request, "desk/event.html", context, status_code)


def pairing_line(
    request: Request, event: Any, round_page: Callable[[int], str]
) -> dict[str, Any] | None:
    """The desk's line about the next round's pairing, while it runs or after it failed, for
    every kind of event; ``round_page``: the address of a round's page, to follow it."""
    run = ev.pairing_status(desk_for(request), event.id)
    if run is None or run.round != event.tournament.next_round:
        return None
    text = pairing_runs.describe(run, datetime.now(UTC))
    page = round_page(run.round)
    return {"round": run.round, "state": _pairing_state(run), "text": text, "page": page}


STAFF_CHOICES = tuple((role.value, role.value) for role in directors.STAFF_ROLES)
"""The roles the owner may give, for the staff form."""


def staff_section(request: Request, event_id: int) -> dict[str, Any] | None:
    """The event's staff (``members``) and the roles to give (``choices``) for its page, if
    the signed-in director may manage them (the owner); ``None`` hides the section."""
    director = auth.current_director(request)
    if director is None:
        return None
    desk = desk_for(request, director)
    try:
        directors.access_of(desk, event_id, director, Right.MANAGE)
    except UnknownEventError:
        return None
    return {"members": directors.staff_of(desk, event_id), "choices": STAFF_CHOICES}


def _log_at(request: Request, event: ev.Event | te.TeamEvent | de.DoubleEvent) -> list[LogRecord]:
    """The event's log up to the version loaded (a change saved since is not shown)."""
    return [r for r in ev.history(desk_for(request), event.id) if r.seq <= event.version]


def _walk_button(record: LogRecord | None, t: Tournament) -> dict[str, str] | None:
    """The words of an Undo or Redo button: a short label, and the whole line as its hint.

    Described without the log: the players it names are renumbered by no later change in
    effect (undo takes the latest change in effect, redo the earliest undone one after
    every change in effect)."""
    if record is None:
        return None
    return {"label": ev.headline(record, t), "hint": f"#{record.seq}: {ev.describe(record, t)}"}


@dataclass(frozen=True, slots=True)
class NextStep:
    """Where the event stands and what the director does next, first on the event's desk."""

    status: str
    """E.g. "Round 3: 5 of 12 results in"."""
    action: str
    """``results`` (enter them), ``pair`` (the next round), ``players`` (register more) or
    ``standings`` (every round is played)."""
    label: str
    """The words of the button or link that does it."""


def next_step(t: Tournament) -> NextStep:
    """The next thing to do in an event: results first, then the next pairing."""
    current = t.rounds[-1] if t.rounds else None
    if current is not None and not current.complete:
        entered = sum(1 for g in current.games if g.result is not None)
        return NextStep(
            f"Round {current.number}: {entered} of {len(current.games)} results in",
            "results",
            f"Enter results of round {current.number}",
        )
    playing = len(t.players_to_pair())
    return _between_rounds(t, len(t.players), playing, "player", "Final standings")


def _between_rounds(
    t: Tournament | TeamTournament | DoubleSwissTournament,
    entrants: int,
    playing: int,
    noun: str,
    standings: str,
) -> NextStep:
    """The next step of an event (individual or team) whose last round is complete, or before
    round 1: the ``standings`` once every round is played, else pairing the next round, or
    adding ``noun``s until two can be paired."""
    if t.total_rounds is not None and len(t.rounds) >= t.total_rounds:
        return NextStep(f"All {t.total_rounds} rounds are played", "standings", standings)
    current = t.rounds[-1] if t.rounds else None
    done = "" if current is None else f"Round {current.number} is complete; "
    to_pair = f"{playing} {noun}{'' if playing == 1 else 's'} to pair"
    if current is None and playing < 2:
        have = f"No {noun} yet" if not entrants else to_pair
        return NextStep(f"{have}: pairing needs two", f"{noun}s", f"Add {noun}s")
    return NextStep(f"{done}{to_pair}", "pair", f"Pair round {t.next_round}")


def _entrant_status(
    t: Tournament | TeamTournament | DoubleSwissTournament,
    withdrawn: Mapping[int, int],
    entrant: int,
) -> dict[str, Any]:
    """A player's or a team's line on the desk: its withdrawal and requested byes to come in
    words, and whether its withdrawal can be taken back (no round it affects paired)."""
    byes = [b for b in t.requested_byes if b.player == entrant and b.round >= t.next_round]
    status = [f"withdrawn from round {withdrawn[entrant]}"] if entrant in withdrawn else []
    status += [f"{b.kind.name.lower().replace('_', '-')} bye in round {b.round}" for b in byes]
    return {
        "status": "; ".join(status),
        "withdrawn": entrant in withdrawn,
        "returnable": withdrawn.get(entrant, 0) > len(t.rounds),
    }


def _player_rows(t: Tournament) -> list[dict[str, Any]]:
    withdrawn = dict(t.withdrawals)
    # Whoever played a game cannot be removed: found in one pass, the few others asked.
    played = {pid for rnd in t.rounds for g in rnd.games for pid in (g.white, g.black)}
    rows = []
    for p in t.players:
        removable = p.id not in played and actions.removal_refused(t, p.id) is None
        rows.append({"p": p, "removable": removable} | _entrant_status(t, withdrawn, p.id))
    return rows


def _refused(
    request: Request,
    director: str,
    event_id: int,
    error: Exception,
    form: str,
    values: Mapping[str, str] | None = None,
) -> HTMLResponse:
    """The desk again with what went wrong next to the form ``form``, nothing changed."""
    event = _mine(request, director, event_id)
    return _refusal(partial(_desk_page, request, event), error, form, values)


def _refusal(
    page: Callable[..., HTMLResponse],
    error: Exception,
    form: str,
    values: Mapping[str, str] | None = None,
) -> HTMLResponse:
    """An event's desk ``page`` (an individual or a team event's) again with what went wrong
    next to the form ``form``: 422 naming the fields, 409 when the event changed since the
    page was loaded, 400 for a command that does not fit the event."""
    if isinstance(error, FieldErrors):
        errors = {f"{form}.{field}": message for field, message in error.errors.items()}
        return page(errors=errors, values=values, status_code=422)
    if isinstance(error, ConcurrencyError):
        return page(errors={form: STALE}, values=values, status_code=409)
    return page(errors={form: str(error)}, values=values, status_code=400)


_REFUSED = (CommandError, ConcurrencyError, FormatError)


@router.get("/events/{event_id}", response_class=HTMLResponse)
def event_desk(request: Request, director: Director, event_id: int) -> HTMLResponse:
    access = _access(request, director, event_id, Right.RESULTS)
    if not access.may(Right.DIRECT):
        return _assistant_page(request, access)
    kind = _kind_desk(request, director, event_id)
    if kind is not None:
        return kind.page(request, kind.load(request, director, event_id))
    return _desk_page(request, _mine(request, director, event_id))


def _may_direct(request: Request, event_id: int) -> bool:
    """Whether the signed-in director directs the event (shown what an assistant is not)."""
    director = auth.current_director(request)
    if director is None:
        return False
    try:
        directors.access_of(desk_for(request, director), event_id, director, Right.DIRECT)
    except UnknownEventError:
        return False
    return True


def _assistant_page(request: Request, access: Access) -> HTMLResponse:
    """An assistant's page of the event: only the current round's results to enter (on an
    individual event; the results of team and Double-Swiss events stay with directors)."""
    info = access.info
    current = None
    knockout = False
    individual = not (te.is_team_event(info) or de.is_double_event(info))
    if individual:
        t = ev.load(desk_for(request), info.id).tournament
        current = len(t.rounds) or None
        knockout = t.knockout is not None
    context = {
        "info": info,
        "role": access.role.value,
        "current": current,
        "individual": individual,
        "knockout": knockout,
    }
    return _render(request, "desk/assistant.html", context)


# --- staff ----------------------------------------------------------------------------------


def _staff_refused(
    request: Request, director: str, event_id: int, error: Exception, username: str, role: str
) -> HTMLResponse:
    """The event's page again with what was wrong next to the staff form."""
    values = {"staff.username": username, "staff.role": role}
    kind = _kind_desk(request, director, event_id)
    if kind is not None:
        page = partial(kind.page, request, kind.load(request, director, event_id))
        return _refusal(page, error, "staff", values)
    return _refused(request, director, event_id, error, "staff", values)


@router.post("/events/{event_id}/staff", response_class=HTMLResponse)
def set_staff(
    request: Request, director: Director, event_id: int, username: _Text = "", role: _Text = ""
) -> Response:
    """Add a director to the staff, or change their role (the owner only)."""
    _access(request, director, event_id, Right.MANAGE)
    try:
        directors.set_staff(desk_for(request, director), event_id, username, role)
    except _REFUSED as error:
        return _staff_refused(request, director, event_id, error, username, role)
    name = username.strip().lower()
    return _done(request, f"{name} is now {role.strip().lower()} of the event.", _here(event_id))


@router.post("/events/{event_id}/staff/{username}/remove", response_class=HTMLResponse)
def remove_staff(request: Request, director: Director, event_id: int, username: str) -> Response:
    """Take a director off the staff (the owner only)."""
    _access(request, director, event_id, Right.MANAGE)
    try:
        directors.set_staff(desk_for(request, director), event_id, username, None)
    except _REFUSED as error:
        return _staff_refused(request, director, event_id, error, username, "")
    return _done(request, f"{username} is no longer on the event's staff.", _here(event_id))


def _here(event_id: int) -> str:
    return f"/desk/events/{event_id}"


@dataclass(frozen=True, slots=True)
class PlayerDoor:
    """The player routes' view of an event whose entrants are players, an individual event or
    a Double-Swiss (whose players are registered, imported, corrected, withdrawn and given
    byes in the same forms): its snapshot, the service calls that change its players and its
    desk page, to show a refusal on. One flow of forms for both kinds of events."""

    event: PlayerEvent
    register: Callable[..., tuple[PlayerEvent, Player]]
    """``(desk, event_id, name, *, missed_points, duplicate_ok, **details)``."""
    import_players: Callable[..., PlayerEvent]
    """``(desk, event_id, players, *, missed_points)``."""
    edit: Callable[[ev.Desk, int, str, Mapping[str, Any]], PlayerEvent]
    withdraw: Callable[[ev.Desk, int, str], PlayerEvent]
    return_player: Callable[[ev.Desk, int, str], PlayerEvent]
    remove: Callable[[ev.Desk, int, str], PlayerEvent]
    grant_bye: Callable[[ev.Desk, int, str, int | None, str], PlayerEvent]
    forbid: Callable[[ev.Desk, int, Sequence[str]], PlayerEvent]
    page: Callable[..., HTMLResponse]
    """The event's desk page (``errors``, ``values``, ``status_code``)."""
    withdrawn: Mapping[int, int]
    """Player -> the first round he no longer plays."""
    refusal: Callable[[int], str | None]
    """Why a player cannot be removed (None: he can)."""

    def player(self, player_id: int) -> Player | None:
        return next((p for p in self.event.tournament.players if p.id == player_id), None)

    def named(self, player_id: int) -> Player:
        """The player of that start number; 404 when the event has none."""
        found = self.player(player_id)
        if found is None:
            raise HTTPException(404, f"No player {player_id}.")
        return found


def _player_door(request: Request, director: str, event_id: int) -> PlayerDoor:
    """The player routes' door to the director's event (404 for a team event)."""
    if _double_event(request, director, event_id):
        from fairpair.web import double_desk  # it builds on this module's helpers

        return double_desk.player_door(request, director, event_id)
    event = _mine(request, director, event_id)
    t = event.tournament
    return PlayerDoor(
        event=event,
        register=ev.register_player,
        import_players=ev.import_players,
        edit=ev.edit_player,
        withdraw=ev.withdraw,
        return_player=ev.return_player,
        remove=ev.remove_player,
        grant_bye=ev.grant_bye,
        forbid=ev.forbid_pairs,
        page=partial(_desk_page, request, event),
        withdrawn=dict(t.withdrawals),
        refusal=partial(actions.removal_refused, t),
    )


def _player_refused(
    door: PlayerDoor, error: Exception, form: str, values: Mapping[str, str] | None = None
) -> HTMLResponse:
    """The event's desk again with what went wrong next to the form ``form``."""
    return _refusal(door.page, error, form, values)


@router.post("/events/{event_id}/players", response_class=HTMLResponse)
def add_player(
    request: Request,
    director: Director,
    event_id: int,
    name: _Text = "",
    rating: _Text = "",
    title: _Text = "",
    federation: _Text = "",
    club: _Text = "",
    fide_id: _Text = "",
    birth_date: _Text = "",
    sex: _Text = "",
    missed: _Text = "",
    duplicate_ok: _Text = "",
) -> Response:
    door = _player_door(request, director, event_id)
    typed = {"name": name, "rating": rating, "title": title, "federation": federation}
    typed |= {"club": club, "fide_id": fide_id, "birth_date": birth_date, "sex": sex}
    typed |= {"missed": missed}
    try:
        player = entry.player_entry(
            name,
            rating,
            title,
            federation,
            club,
            missed,
            fide_id=fide_id,
            birth_date=birth_date,
            sex=sex,
        )
        _, made = door.register(
            desk_for(request, director),
            event_id,
            player.name,
            missed_points=player.missed_points,
            duplicate_ok=duplicate_ok == "yes",
            **player.details,
        )
    except DuplicatePlayerError as error:
        # Asked, not refused: two players of one name do exist.
        context = {
            "event": door.event,
            "typed": typed,
            "match": error.match,
            "message": str(error),
        }
        return _render(request, "desk/duplicate.html", context, status_code=409)
    except _REFUSED as error:
        values = {f"player.{k}": v for k, v in typed.items()}
        return _player_refused(door, error, "player", values)
    return _done(request, f"Registered {made.id} {made.name}.", _here(event_id), "player-name")


def _upload_text(filename: str, data: bytes) -> str:
    """An uploaded file's text (UTF-8, else Latin-1), refused when none was chosen, it is
    larger than :data:`MAX_UPLOAD` or it is binary."""
    if not filename:
        raise CommandError("choose a file to import")
    if len(data) > MAX_UPLOAD:
        raise CommandError(f"{filename}: larger than {MAX_UPLOAD // 1_000_000} MB")
    if b"\0" in data:
        raise CommandError(f"{filename}: not a text file (it holds NUL bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _players_in(filename: str, text: str) -> tuple[Player, ...]:
    suffix = filename.lower().rpartition(".")[2]
    if suffix in ("trf", "txt"):
        return parse_trf(text, filename).tournament().players
    if suffix == "csv":
        return parse_players_csv(text, filename)
    raise CommandError(f"{filename}: choose a .csv file (with a header row) or a .trf file")


@router.post("/events/{event_id}/players/import", response_class=HTMLResponse)
async def import_players(
    request: Request,
    director: Director,
    event_id: int,
    file: Annotated[UploadFile | None, File()] = None,
    missed: _Text = "",
) -> Response:
    # Only the upload is read on the event loop: parsing and importing a large file is
    # seconds of work, which would stall every other request (any event's public pages).
    filename = "" if file is None else file.filename or ""
    data = b"" if not filename or file is None else await file.read(MAX_UPLOAD + 1)
    return await run_in_threadpool(
        _import_players, request, director, event_id, filename, data, missed
    )


def _import_players(
    request: Request, director: str, event_id: int, filename: str, data: bytes, missed: str
) -> Response:
    door = _player_door(request, director, event_id)
    try:
        missed_points = entry.missed_rounds(missed)
        players = _players_in(filename, _upload_text(filename, data))
        door.import_players(
            desk_for(request, director), event_id, players, missed_points=missed_points
        )
    except _REFUSED as error:
        return _player_refused(door, error, "import", {"import.missed": missed})
    return _done(request, f"Imported {len(players)} players from {filename}.", _here(event_id))


def _withdraw_page(request: Request, door: PlayerDoor, player: Player) -> HTMLResponse:
    t = door.event.tournament
    context = {
        "event": door.event,
        "player": player,
        "from_round": t.next_round,
        "withdrawn": door.withdrawn.get(player.id),
        "paired": len(t.rounds),
    }
    return _render(request, "desk/withdraw.html", context)


@router.get("/events/{event_id}/players/{player_id}/withdraw", response_class=HTMLResponse)
def withdraw_page(
    request: Request, director: Director, event_id: int, player_id: int
) -> HTMLResponse:
    """Ask before withdrawing: the player is named, with the round it takes effect."""
    door = _player_door(request, director, event_id)
    return _withdraw_page(request, door, door.named(player_id))


@router.post("/events/{event_id}/players/{player_id}/withdraw", response_class=HTMLResponse)
def withdraw(
    request: Request, director: Director, event_id: int, player_id: int, confirm: _Text = ""
) -> Response:
    """Withdraw a player once the director has confirmed (``confirm=yes``); without it,
    the question is asked first and nothing changes."""
    door = _player_door(request, director, event_id)
    player = door.player(player_id)
    if player is not None and confirm != "yes":
        return _withdraw_page(request, door, player)
    try:
        if player is None:
            raise CommandError(f"no player has start number {player_id}")
        door.withdraw(desk_for(request, director), event_id, str(player_id))
    except _REFUSED as error:
        return _player_refused(door, error, "players")
    return _done(request, f"Withdrew {player_id} {player.name}.", _here(event_id))


@router.post("/events/{event_id}/players/{player_id}/return", response_class=HTMLResponse)
def return_player(request: Request, director: Director, event_id: int, player_id: int) -> Response:
    """Take a withdrawal back (one button: undo takes it back again)."""
    door = _player_door(request, director, event_id)
    player = door.player(player_id)
    try:
        if player is None:
            raise CommandError(f"no player has start number {player_id}")
        door.return_player(desk_for(request, director), event_id, str(player_id))
    except _REFUSED as error:
        return _player_refused(door, error, "players")
    return _done(request, f"{player_id} {player.name} is back: paired again.", _here(event_id))


_PLAYER_FIELDS = (
    "name", "rating", "title", "federation", "club", "fide_id", "birth_date", "sex", "k_factor",
)  # fmt: skip


def _player_page(
    request: Request,
    door: PlayerDoor,
    player: Player,
    values: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
    status_code: int = 200,
    *,
    confirming: bool = False,
) -> HTMLResponse:
    shown = {
        f: "" if getattr(player, f) is None else str(getattr(player, f)) for f in _PLAYER_FIELDS
    }
    refusal = door.refusal(player.id)
    context = {
        "event": door.event,
        "player": player,
        "values": values or {f"edit.{k}": v for k, v in shown.items()},
        "errors": errors or {},
        "removable": refusal is None,
        "refusal": refusal,
        "confirming": confirming,
    }
    return _render(request, "desk/player.html", context, status_code=status_code)


@router.get("/events/{event_id}/players/{player_id}", response_class=HTMLResponse)
def player_page(
    request: Request, director: Director, event_id: int, player_id: int
) -> HTMLResponse:
    """A player's details to correct, and his removal while he has never been paired."""
    door = _player_door(request, director, event_id)
    return _player_page(request, door, door.named(player_id))


@router.post("/events/{event_id}/players/{player_id}/edit", response_class=HTMLResponse)
def edit_player(
    request: Request,
    director: Director,
    event_id: int,
    player_id: int,
    name: _Text = "",
    rating: _Text = "",
    title: _Text = "",
    federation: _Text = "",
    club: _Text = "",
    fide_id: _Text = "",
    birth_date: _Text = "",
    sex: _Text = "",
    k_factor: _Text = "",
) -> Response:
    """Correct the fields that differ from what the player has now."""
    door = _player_door(request, director, event_id)
    player = door.named(player_id)
    typed = {"name": name, "rating": rating, "title": title, "federation": federation}
    typed |= {"club": club, "fide_id": fide_id, "birth_date": birth_date, "sex": sex}
    typed["k_factor"] = k_factor
    values = {f"edit.{k}": v for k, v in typed.items()}
    try:
        changes: dict[str, Any] = {}
        for field, text in typed.items():
            now = getattr(player, field)
            if text.strip() == ("" if now is None else str(now)):
                continue
            if field in ("rating", "k_factor"):
                if text.strip() and not text.strip().isdecimal():
                    example = "1850" if field == "rating" else "20"
                    raise FieldErrors({field: f"a whole number, e.g. {example}"})
                changes[field] = int(text) if text.strip() else None
            else:
                changes[field] = text
        door.edit(desk_for(request, director), event_id, str(player_id), changes)
    except FieldErrors as error:
        errors = {f"edit.{f}": m for f, m in error.errors.items()}
        return _player_page(request, door, player, values, errors, 422)
    except _REFUSED as error:
        return _player_page(request, door, player, values, {"edit": str(error)}, 400)
    return _done(request, f"Corrected {player_id} {typed['name'].strip()}.", _here(event_id))


@router.post("/events/{event_id}/players/{player_id}/remove", response_class=HTMLResponse)
def remove_player(
    request: Request, director: Director, event_id: int, player_id: int, confirm: _Text = ""
) -> Response:
    """Remove a player never paired, once the director has confirmed (``confirm=yes``)."""
    door = _player_door(request, director, event_id)
    player = door.named(player_id)
    if confirm != "yes":
        return _player_page(request, door, player, confirming=True)
    try:
        door.remove(desk_for(request, director), event_id, str(player_id))
    except _REFUSED as error:
        return _player_page(request, door, player, errors={"remove": str(error)}, status_code=400)
    return _done(
        request, f"Removed {player_id} {player.name}; undo brings him back.", _here(event_id)
    )


@router.post("/events/{event_id}/byes", response_class=HTMLResponse)
def request_bye(
    request: Request,
    director: Director,
    event_id: int,
    player: _Text = "",
    round: _Text = "",
    kind: _Text = "half",
) -> Response:
    door = _player_door(request, director, event_id)
    before = set(door.event.tournament.requested_byes)
    try:
        number = _round_typed(round)
        after = door.grant_bye(desk_for(request, director), event_id, player, number, kind)
    except _REFUSED as error:
        values = {"bye.player": player, "bye.round": round, "bye.kind": kind}
        return _player_refused(door, error, "bye", values)
    # Say whom and when: the director typed part of a name and perhaps no round.
    names = {p.id: p.name for p in after.tournament.players}
    granted = [b for b in after.tournament.requested_byes if b not in before]
    said = "; ".join(f"{names[b.player]}, round {b.round}" for b in granted)
    return _done(request, f"Granted a {kind}-point bye: {said}.", _here(event_id))


@router.post("/events/{event_id}/forbidden", response_class=HTMLResponse)
def forbid(request: Request, director: Director, event_id: int, players: _Text = "") -> Response:
    door = _player_door(request, director, event_id)
    refs = [ref for ref in (part.strip() for part in players.split(",")) if ref]
    try:
        door.forbid(desk_for(request, director), event_id, refs)
    except _REFUSED as error:
        return _player_refused(door, error, "forbidden", {"forbidden.players": players})
    return _done(request, f"Kept apart: {', '.join(refs)}.", _here(event_id))


@router.post("/events/{event_id}/pair", response_class=HTMLResponse)
def pair(request: Request, director: Director, event_id: int) -> Response:
    if _team_event(request, director, event_id):
        from fairpair.web import team_desk

        return team_desk.pair(request, director, event_id)
    if _double_event(request, director, event_id):
        from fairpair.web import double_desk

        return double_desk.pair(request, director, event_id)
    _mine(request, director, event_id)
    return pair_in_background(
        request,
        partial(ev.start_pair_round, desk_for(request, director), event_id),
        partial(_refused, request, director, event_id),
        partial(_results_url, event_id),
        "boards",
    )


E = TypeVar("E")


def _results_url(event_id: int, number: int) -> str:
    """The desk's page of round ``number`` of an individual event (its results)."""
    return f"/desk/events/{event_id}/rounds/{number}/results"


def pair_in_background(
    request: Request,
    start: Callable[[], ev.BackgroundPairing[tuple[E, Pairing]]],
    refused: Callable[[Exception, str], HTMLResponse],
    round_page: Callable[[int], str],
    boards: str,
    bye_name: Callable[[E, int], str] | None = None,
) -> Response:
    """The desk's Pair, for every kind of event: ``start`` the pairing in the background and
    wait ``pair_wait_seconds`` for it; a small field's round is shown at once (its number of
    ``boards`` said, and who has the pairing-allocated bye by ``bye_name``, if given), a large
    one's progress page (``round_page`` of the round) comes after the wait. A refusal
    (``refused(error, "pair")``) comes at once, as does a failure within the wait."""
    try:
        job = start()
    except _REFUSED as error:
        return refused(error, "pair")
    page = round_page(job.round)
    if not job.finished.wait(request.app.state.config.pair_wait_seconds):
        return RedirectResponse(page, status_code=303)
    if job.failure is not None or job.paired is None:
        return refused(CommandError(job.failure or f"round {job.round} was not paired"), "pair")
    event, pairing = job.paired
    bye = ""
    if pairing.bye is not None and bye_name is not None:
        bye = f"; {bye_name(event, pairing.bye)} has the pairing-allocated bye"
    message = f"Paired round {pairing.round}: {len(pairing.boards)} {boards}{bye}."
    return _done(request, message, page)


@router.get("/events/{event_id}/pairing")
def pairing_status(request: Request, director: Director, event_id: int) -> dict[str, Any]:
    """How the pairing of the event's next round is going, for its progress page to follow:
    ``state`` is ``running``, ``failed``, ``stopped`` (its server no longer answers) or
    ``none``; ``paired``: how many rounds are paired now. Every kind of event."""
    info = _owned(request, director, event_id, Right.RESULTS)
    if te.is_team_event(info) or de.is_double_event(info):
        kind = _kind_desk(request, director, event_id)
        assert kind is not None
        event = kind.load(request, director, event_id)
    else:
        event = ev.load(desk_for(request, director), event_id)
    run = ev.pairing_status(desk_for(request, director), event_id)
    paired = len(event.tournament.rounds)
    if run is None:
        return {"state": "none", "round": None, "text": "", "paired": paired}
    return {
        "state": _pairing_state(run),
        "round": run.round,
        "text": pairing_runs.describe(run, datetime.now(UTC)),
        "paired": paired,
    }


def _pairing_state(run: PairingRun) -> str:
    if run.error is not None:
        return "failed"
    return "running" if run.running(datetime.now(UTC)) else "stopped"


def pairing_page(request: Request, director: str, event: Any, number: int) -> HTMLResponse | None:
    """Round ``number`` of ``event`` (any kind) while it is being paired, or after its pairing
    failed: the progress line, which the page follows until the round's pairings replace it;
    ``None`` when the round is not the one being paired."""
    if number != len(event.tournament.rounds) + 1:
        return None
    run = ev.pairing_status(desk_for(request, director), event.id)
    if run is None or run.round != number:
        return None
    context = {
        "event": event,
        "number": run.round,
        "state": _pairing_state(run),
        "text": pairing_runs.describe(run, datetime.now(UTC)),
    }
    return _render(request, "desk/pairing.html", context)


@router.post("/events/{event_id}/details", response_class=HTMLResponse)
def edit_details(
    request: Request,
    director: Director,
    event_id: int,
    version: _Text = "",
    name: _Text = "",
    start_date: _Text = "",
    end_date: _Text = "",
    city: _Text = "",
    federation: _Text = "",
    event_type: _Text = "",
    chief_arbiter: _Text = "",
    deputy_arbiters: _Text = "",
    time_control: _Text = "",
    round_dates: _Text = "",
) -> Response:
    """The event's name and rating-report fields (TRF 012-132), as one undoable change;
    refused (409) if the event changed since the page was loaded."""
    typed = {
        "name": name,
        "start_date": start_date,
        "end_date": end_date,
        "city": city,
        "federation": federation,
        "event_type": event_type,
        "chief_arbiter": chief_arbiter,
        "deputy_arbiters": deputy_arbiters,
        "time_control": time_control,
        "round_dates": round_dates,
    }
    return _edit_event(request, director, event_id, version, "details", typed, lambda: typed)


@router.post("/events/{event_id}/settings", response_class=HTMLResponse)
def edit_settings(
    request: Request,
    director: Director,
    event_id: int,
    version: _Text = "",
    rounds: _Text = "",
    system: _Text = "",
    game: _Text = "",
    points: _Text = "",
    tiebreaks: _Text = "",
    bye_limit: _Text = "",
    withdrawal_policy: _Text = "",
    double: _Text = "",
    initial_colour: _Text = "",
    swap_last_rounds: _Text = "",
    acceleration: _Text = "",
) -> Response:
    """The event's pairing and scoring settings, as one undoable change (the service call of
    the report details): what the rounds already paired or scored fix is refused with the
    reason; refused (409) if the event changed since the page was loaded."""
    typed = {"rounds": rounds, "system": system, "game": game, "points": points}
    typed["tiebreaks"] = tiebreaks
    typed |= {"bye_limit": bye_limit, "withdrawal_policy": withdrawal_policy}
    typed |= {"double": double, "initial_colour": initial_colour}
    typed |= {"swap_last_rounds": swap_last_rounds, "acceleration": acceleration}

    def changes() -> dict[str, Any]:
        read: dict[str, Any] = dict(typed)
        answer = double.strip().lower()
        if answer not in ("yes", "no"):
            raise FieldErrors({"double": "yes or no"})
        read["double"] = answer == "yes"
        swap = swap_last_rounds.strip().lower()
        if swap not in ("yes", "no", ""):
            raise FieldErrors({"swap_last_rounds": "yes or no"})
        if swap:
            read["swap_last_rounds"] = swap == "yes"
        else:
            del read["swap_last_rounds"]  # a form from before the setting existed
        if not acceleration.strip():
            del read["acceleration"]
        if not rounds.strip():
            del read["rounds"]  # a round robin's rounds come from its field
        if not initial_colour.strip():
            del read["initial_colour"]  # a card game's boards have no colours
        if not game.strip():
            del read["game"]  # a form from before the game was a setting
        return read

    return _edit_event(request, director, event_id, version, "settings", typed, changes)


def _edit_event(
    request: Request,
    director: str,
    event_id: int,
    version: str,
    form: str,
    typed: dict[str, str],
    changes: Callable[[], Mapping[str, Any]],
) -> Response:
    """One ``event.edited`` change from the desk form ``form`` (what was ``typed``, read into
    the changes by ``changes``, which may refuse a field): refused (409) when the event changed
    since the page was loaded, the form shown again with its errors when refused."""
    event = _mine(request, director, event_id)
    expected = _page_version(version)
    if expected is None:  # not sent by the desk's form: nothing to check against
        return _desk_page(request, event, errors={form: STALE}, status_code=409)
    try:
        edited = ev.edit_event(
            desk_for(request, director), event_id, changes(), expected_version=expected
        )
    except (*_REFUSED, EventExistsError) as error:
        if isinstance(error, EventExistsError):
            error = _name_taken()
        values = {f"{form}.{k}": v for k, v in typed.items()}
        return _refused(request, director, event_id, error, form, values)
    changed = ev.last_change(desk_for(request, director), event_id, edited.version)
    return _done(request, _sentence(ev.describe(changed, edited.tournament)) + ".", _here(event_id))


def _page_version(typed: str) -> int | None:
    """The event's version a form was loaded at (``None`` when missing or unreadable: a
    number of thousands of digits, which ``int`` refuses, is not a version either)."""
    text = typed.strip()
    return int(text) if text.isdecimal() and len(text) <= 18 else None


def _round_typed(text: str) -> int | None:
    """A round number typed in a form (empty: None, the next round)."""
    if not text.strip():
        return None
    if not text.strip().isdecimal() or len(text.strip()) > 9:
        raise FieldErrors({"round": f"{text.strip()[:20]!r} is not a round number"})
    return int(text.strip())


def _form_text(form: FormData, key: str) -> str:
    """A field of a form read by hand (a form of as many fields as boards), stripped."""
    value = form.get(key)
    return value.strip() if isinstance(value, str) else ""


@router.post("/events/{event_id}/undo", response_class=HTMLResponse)
def undo(request: Request, director: Director, event_id: int, version: _Text = "") -> Response:
    """Take back the latest change still in effect, of any kind (results before their
    round's pairing); refused (409) if the event changed since the page was loaded."""
    return _walk(request, director, event_id, version, "undo")


@router.post("/events/{event_id}/redo", response_class=HTMLResponse)
def redo(request: Request, director: Director, event_id: int, version: _Text = "") -> Response:
    """Bring back what the last undo took back, until a new change is made."""
    return _walk(request, director, event_id, version, "redo")


def _walk(request: Request, director: str, event_id: int, typed: str, verb: str) -> Response:
    kind = _kind_desk(request, director, event_id)
    if kind is not None:
        kinds_event = kind.load(request, director, event_id)
        return walk_log(
            request,
            director,
            event_id,
            typed,
            verb,
            page=partial(kind.page, request, kinds_event),
            walks=kind.walks,
            describe=lambda _changed, r, log: kind.describe(r, log),
        )
    event = _mine(request, director, event_id)
    return walk_log(
        request,
        director,
        event_id,
        typed,
        verb,
        page=partial(_desk_page, request, event),
        walks=(ev.undo, ev.redo),
        describe=lambda changed, r, log: ev.describe(r, changed.tournament, log),
    )


_Walked = TypeVar("_Walked")
"""The event an undo or a redo leaves (an individual, a team or a Double-Swiss event)."""


def walk_log(
    request: Request,
    director: str,
    event_id: int,
    typed: str,
    verb: str,
    *,
    page: Callable[..., HTMLResponse],
    walks: tuple[Callable[..., tuple[_Walked, Sequence[LogRecord]]], ...],
    describe: Callable[[_Walked, LogRecord, Sequence[LogRecord]], str],
) -> Response:
    """Undo or redo (``verb``) from an event's desk, any kind of event: ``typed`` the
    version the page was loaded at (refused, 409, if the event moved on or it is missing),
    ``page`` the event's desk page to refuse on, ``walks`` the service's undo and redo,
    ``describe`` a record in words (the event after the walk, the record, the log). Back to
    the desk saying what was taken back or brought back."""
    expected = _page_version(typed)
    if expected is None:  # not sent by the desk's button: nothing to check against
        return page(errors={"undo": STALE}, status_code=409)
    desk = desk_for(request, director)
    undo, redo = walks
    try:
        step = undo if verb == "undo" else redo
        changed, taken = step(desk, event_id, expected_version=expected)
    except _REFUSED as error:
        return _refusal(page, error, "undo")
    # The changes taken are named from the log after the earliest of them, not all of it.
    log = ev.log_since(desk, event_id, min(r.seq for r in taken))
    done = [f"#{r.seq}: {describe(changed, r, log)}" for r in taken]
    again = "Redo brings it back." if verb == "undo" else "Undo takes it back again."
    words = "Undid" if verb == "undo" else "Redid"
    return _done(request, f"{words} {'; '.join(done)}. {again}", _here(event_id))


def edit_event_details(
    request: Request,
    director: str,
    event_id: int,
    version: str,
    typed: Mapping[str, str],
    *,
    page: Callable[..., HTMLResponse],
    edit: Callable[..., object],
    describe: Callable[[LogRecord], str],
    check: Callable[[dict[str, Any]], None] | None = None,
) -> Response:
    """The details form of a team or a Double-Swiss event (its name, report fields, rounds
    and tie-breaks, as ``typed``) as one undoable change by ``edit``: ``check`` may refuse
    or adjust the changes first; refused (409) if the event changed since the page was loaded
    (``version``), else the event's desk ``page`` again with each refusal under its field."""
    values = {f"details.{k}": v for k, v in typed.items()}
    expected = _page_version(version)
    if expected is None:  # not sent by the desk's form: nothing to check against
        return page(errors={"details": STALE}, status_code=409)
    changes: dict[str, Any] = dict(typed)
    changes["tiebreaks"] = entry.tiebreak_codes(typed.get("tiebreaks", ""))
    try:
        if check is not None:
            try:
                check(changes)
            except CommandError as unknown:
                raise FieldErrors({"tiebreaks": str(unknown)}) from None
        edit(desk_for(request, director), event_id, changes, expected_version=expected)
    except EventExistsError:
        return _refusal(page, _name_taken(), "details", values)
    except (*_REFUSED, FieldErrors) as error:
        return _refusal(page, error, "details", values)
    record = desk_for(request).store.log(event_id)[-1]
    return _done(request, _sentence(describe(record)) + ".", _here(event_id))


@router.post("/events/{event_id}/boards", response_class=HTMLResponse)
def fix_board(
    request: Request, director: Director, event_id: int, white: _Text = "", black: _Text = ""
) -> Response:
    _mine(request, director, event_id)
    try:
        event = ev.set_manual_board(desk_for(request, director), event_id, white, black)
    except _REFUSED as error:
        values = {"board.white": white, "board.black": black}
        return _refused(request, director, event_id, error, "board", values)
    number = len(event.tournament.rounds)
    return _done(request, f"Changed a board of round {number}.", _here(event_id))


# --- results --------------------------------------------------------------------------------


def paired_or_404(rounds: Sized, number: int) -> None:
    """A desk page of round ``number`` of any kind of event: 404 unless it is paired."""
    if not 1 <= number <= len(rounds):
        raise HTTPException(404, f"Round {number} is not paired.")


def _results_page(
    request: Request,
    event: ev.Event,
    number: int,
    *,
    typed: Mapping[int, str] | None = None,
    errors: Mapping[int, str] | None = None,
    message: str = "",
    version: int | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    t = event.tournament
    rnd = t.rounds[number - 1]
    boards = []
    for board, game in enumerate(rnd.games, start=1):
        shown = typed_result(game.result, game.match_score)
        boards.append(
            {
                "board": board,
                "white": t.player(game.white),
                "black": t.player(game.black),
                "value": shown if typed is None else typed.get(board, shown),
                "entered": game.result is not None,
            }
        )
    # The keyboard starts where work is left: the first unreadable result, else the first
    # board without one, else (a correction) the first board.
    first_empty = next((b["board"] for b in boards if not b["value"]), 1 if boards else None)
    focus = min(errors) if errors else first_empty
    context = {
        "event": event,
        "number": number,
        "boards": boards,
        "byes": [(t.player(b.player), bye_label(b.kind)) for b in rnd.byes],
        "card_game": event.settings.card_game,
        "focus": focus,
        "errors": errors or {},
        "message": message,
        "version": event.version if version is None else version,
        "coloured": all(g.coloured for g in rnd.games),
    }
    return _render(request, "desk/results.html", context, status_code)


@router.get("/events/{event_id}/rounds/{number}/results", response_class=HTMLResponse)
def results_page(request: Request, director: Director, event_id: int, number: int) -> HTMLResponse:
    if _double_event(request, director, event_id, Right.RESULTS):
        from fairpair.web import double_desk

        return double_desk.results_page(request, director, event_id, number)
    access = _access(request, director, event_id, Right.RESULTS)
    event = _mine(request, director, event_id, Right.RESULTS)
    being_paired = pairing_page(request, director, event, number)
    if being_paired is not None:
        return being_paired
    paired_or_404(event.tournament.rounds, number)
    _results_round(access, number, event.tournament.rounds)
    return _results_page(request, event, number)


@router.post("/events/{event_id}/rounds/{number}/results", response_class=HTMLResponse)
async def save_results(
    request: Request, director: Director, event_id: int, number: int
) -> Response:
    form = await request.form()
    # The rest reads and writes the store: in the thread pool, never on the event loop.
    return await run_in_threadpool(_save_results, request, director, event_id, number, form)


def _save_results(
    request: Request, director: str, event_id: int, number: int, form: FormData
) -> Response:
    if _double_event(request, director, event_id, Right.RESULTS):
        from fairpair.web import double_desk

        return double_desk.save_results(request, director, event_id, number, form)
    return _save_game_results(request, director, event_id, number, form)


def _save_game_results(
    request: Request, director: str, event_id: int, number: int, form: FormData
) -> Response:
    access = _access(request, director, event_id, Right.RESULTS)
    event = _mine(request, director, event_id, Right.RESULTS)
    paired_or_404(event.tournament.rounds, number)
    _results_round(access, number, event.tournament.rounds)
    rnd = event.tournament.rounds[number - 1]
    typed: dict[int, str] = {}
    errors: dict[int, str] = {}
    changes: list[tuple[int, str]] = []
    corrects = False
    for board, game in enumerate(rnd.games, start=1):
        text = _form_text(form, f"r{board}")
        typed[board] = text
        if not text:
            continue  # an empty field leaves the board as it is
        try:
            entered = parse_result(expand_shortcut(text))
        except CommandError as error:
            errors[board] = str(error)
            continue
        if (entered.result, entered.match_score) != (game.result, game.match_score):
            changes.append((board, expand_shortcut(text)))
            corrects = corrects or game.result is not None
    version = _page_version(_form_text(form, "version"))

    def again(status_code: int, message: str = "") -> HTMLResponse:
        """The form as it was typed, with what went wrong; nothing was saved."""
        return _results_page(
            request,
            event,
            number,
            typed=typed,
            errors=errors,
            message=message,
            version=version,
            status_code=status_code,
        )

    if errors:
        return again(422)
    if version is None:
        return again(409, STALE)
    if not changes:
        return _done(request, f"Round {number}: nothing changed.", _here(event_id))
    desk = desk_for(request, director)
    try:
        ev.record_results(desk, event_id, number, changes, expected_version=version)
    except ConcurrencyError:
        return again(409, STALE)
    except CommandError as error:
        return again(400, str(error))
    saved = "corrected" if corrects else "saved"
    plural = "s" if len(changes) != 1 else ""
    return _done(
        request, f"Round {number}: {len(changes)} result{plural} {saved}.", _here(event_id)
    )


# --- reading: log, exports, printouts -------------------------------------------------------


@router.get("/events/{event_id}/log", response_class=HTMLResponse)
def audit_log(request: Request, director: Director, event_id: int) -> HTMLResponse:
    kind = _kind_desk(request, director, event_id)
    if kind is not None:
        kinds_event = kind.load(request, director, event_id)
        logged = _log_at(request, kinds_event)
        return _log_page(request, kinds_event, logged, lambda r: kind.describe(r, logged))
    event = _mine(request, director, event_id)
    records = _log_at(request, event)
    return _log_page(request, event, records, lambda r: ev.describe(r, event.tournament, records))


def _log_page(
    request: Request,
    event: ev.Event | te.TeamEvent | de.DoubleEvent,
    records: Sequence[LogRecord],
    describe: Callable[[LogRecord], str],
) -> HTMLResponse:
    """The audit log, latest first, each change in words and what undid it."""
    undone_by = ev.undo_history(records).undone_by
    lines = [(r, describe(r), undone_by.get(r.seq)) for r in reversed(records)]
    return _render(request, "desk/log.html", {"event": event, "lines": lines})


_EXPORTS = {
    "trf": ("text/plain; charset=utf-8", "trf"),
    "csv": ("text/csv; charset=utf-8", "csv"),
    "json": ("application/json", "json"),
}
_OWN_EXPORTS = {kind: _EXPORTS[kind] for kind in ("trf", "json")}
"""What a team or Double-Swiss event is exported as."""


@router.get("/events/{event_id}/export/{kind}")
def export(request: Request, director: Director, event_id: int, kind: str) -> Response:
    own = _kind_desk(request, director, event_id)
    if own is not None:
        kinds_event = own.load(request, director, event_id)
        if kind not in _OWN_EXPORTS:
            raise HTTPException(404, f"Export {own.noun} as trf or json, not {kind!r}.")
        return _exported(event_id, kind, _OWN_EXPORTS, lambda: own.export(kinds_event, kind))
    event = _mine(request, director, event_id)
    if kind not in _EXPORTS:
        raise HTTPException(404, f"Export as trf, csv or json, not {kind!r}.")
    return _exported(event_id, kind, _EXPORTS, lambda: ev.export(event, kind))


def _exported(
    event_id: int, kind: str, kinds: Mapping[str, tuple[str, str]], text: Callable[[], str]
) -> Response:
    """The event written as ``kind`` (one of ``kinds``: its media type and file suffix), a
    file to save; 400 for a stored value the format has no room for."""
    media, suffix = kinds[kind]
    try:
        written = text()
    except CommandError as error:
        raise HTTPException(400, str(error)) from None
    filename = f"event-{event_id}.{suffix}"
    return Response(
        written,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


_SHEETS = {
    # The sheet's address and its name on the desk's links.
    "pairings": "pairings",
    "alphabetical": "by name",
    "wall-chart": "wall chart (large type)",
    "slips": "result slips",
    "standings": "standings",
    "crosstable": "crosstable",
    "players": "players",
    "check-in": "check-in list",
    "player-codes": "player code slips",
    "rating-report": "rating report (FIDE rating change)",
    "norms": "title norms",
    "prizes": "prizes",
}

_CHESS_SHEETS = ("rating-report", "norms")
"""The sheets a chess event lists only: FIDE's rating and title rules."""


def _event_sheets(event: ev.Event) -> dict[str, str]:
    """The printouts the event's page links to (a card or Go event: not the FIDE reports)."""
    if event.settings.game is Game.CHESS:
        return _SHEETS
    return {k: v for k, v in _SHEETS.items() if k not in _CHESS_SHEETS}


_TOOLBAR = """<style>@media screen {{
body {{ margin: 1rem auto; max-width: 60rem; padding: 0 1rem; }}
.toolbar {{ font: 11pt system-ui, sans-serif; margin: 0 0 1rem; }} }}
@media print {{ .toolbar {{ display: none; }} }}</style>
<p class="toolbar"><a href="/desk/events/{event_id}">&larr; Back to the event</a> &middot;
Print this page (Ctrl+P) or take the <a href="{pdf}">PDF</a></p>
"""


def _with_toolbar(page: str, event_id: int, pdf: URL) -> str:
    """The printout as it prints, with a way back to the desk and to its PDF on the screen."""
    bar = _TOOLBAR.format(event_id=event_id, pdf=html.escape(f"{pdf.path}?{pdf.query}"))
    return page.replace("<body>", "<body>" + bar, 1)


def _team_sheet(
    request: Request, director: str, event_id: int, sheet: str, round: int | None
) -> sheets.Sheet | None:
    """A team or Double-Swiss event's sheet by the same addresses (None for an individual
    event)."""
    desk = desk_for(request, director)
    try:
        info = directors.event_of(desk, event_id, director)
    except UnknownEventError:
        raise HTTPException(404, f"No event {event_id}.") from None
    team = te.is_team_event(info)
    if team:
        names, kind = team_printouts.TEAM_SHEETS, "team"
    elif de.is_double_event(info):
        names, kind = double_printouts.DOUBLE_SHEETS, "Double-Swiss"
    else:
        return None
    if sheet not in names:
        choose = ", ".join(names)
        raise HTTPException(404, f"A {kind} event has no sheet {sheet!r}: choose {choose}.")
    try:
        if team:
            return team_printouts.team_sheet(te.load_team(desk, event_id), sheet, round)
        return double_printouts.double_sheet(de.load_double(desk, event_id), sheet, round)
    except CommandError as error:
        raise HTTPException(400, str(error)) from None


@router.get("/events/{event_id}/print/{sheet}")
def print_sheet(
    request: Request,
    director: Director,
    event_id: int,
    sheet: str,
    round: int | None = None,
    pdf: bool = False,
    paper: str = "a4",
) -> Response:
    if paper not in sheets.PAPER_SIZES:
        raise HTTPException(404, "Paper: a4 or letter.")
    # An assistant prints the current round's result slips of an individual event; nothing
    # else (the other sheets list players' private details or rounds not theirs to enter).
    access = _access(
        request, director, event_id, Right.RESULTS if sheet == "slips" else Right.DIRECT
    )
    made = None
    if access.may(Right.DIRECT):
        made = _team_sheet(request, director, event_id, sheet, round)
    if made is None:
        event = _mine(request, director, event_id, Right.RESULTS)
        if not access.may(Right.DIRECT):
            rounds = event.tournament.rounds
            _results_round(access, len(rounds) if round is None else round, rounds)
        try:
            made = knockout_printouts.knockout_sheet(event, sheet)
            if made is None:
                match sheet:
                    case "pairings":
                        made = printouts.pairings_sheet(event, round)
                    case "alphabetical":
                        made = printouts.alphabetical_sheet(event, round)
                    case "standings":
                        made = printouts.standings_sheet(event)
                    case "crosstable":
                        made = printouts.crosstable(event)
                    case "slips":
                        made = printouts.result_slips_sheet(event, round)
                    case "wall-chart":
                        made = printouts.wall_chart_sheet(event, round)
                    case "check-in":
                        made = printouts.check_in_sheet(event)
                    case "players":
                        made = printouts.players_sheet(event)
                    case "rating-report":
                        lines = chess_reports.rating_lines(event)
                        made = chess_reports.rating_sheet(event, lines)
                    case "norms":
                        checks = chess_reports.norm_checks(event, round)
                        made = chess_reports.norms_sheet(event, checks)
                    case "prizes":
                        made = printouts.prizes_sheet(event)
                    case "player-codes":
                        codes = players.door(desk_for(request), event).codes
                        site = str(request.base_url)
                        made = printouts.player_codes_sheet(event, codes, site)
                    case _:
                        choose = ", ".join(_SHEETS | knockout_printouts.KNOCKOUT_SHEETS)
                        raise HTTPException(404, f"No sheet {sheet!r}: choose {choose}.")
        except CommandError as error:
            raise HTTPException(400, str(error)) from None
    page = sheets.render_html(made, paper)
    if not pdf:
        return HTMLResponse(_with_toolbar(page, event_id, request.url.include_query_params(pdf=1)))
    from fairpair.formats.pdf import html_to_pdf

    filename = f"event-{event_id}-{sheet}.pdf"
    return Response(
        html_to_pdf(page).data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{filename}"'},
    )
