"""The player's own page (``/events/{id}/me``, opened by a personal code) and the director's
check-in page (``/desk/events/{id}/checkin``) of an individual event.

The player's session is its own signed cookie, one per event (``fairpair_player_{id}``,
limited to the event's ``/me`` pages), holding a digest of the player's current code: a new
code issued by the director ends it, and it never signs anyone in at the desk. The code in a
QR link is read once and taken out of the address at once. Code attempts go through the
sign-in throttle; a wrong code says only that it opens nothing. Every form carries the
session's CSRF token (:func:`fairpair.web.auth.csrf_guard`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer
from pydantic import BaseModel, Field

from fairpair.core import Player
from fairpair.core.words import counted
from fairpair.service import accounts
from fairpair.service import events as ev
from fairpair.service import players as pl
from fairpair.service.directors import Right
from fairpair.service.errors import CommandError
from fairpair.service.results import turned
from fairpair.storage import ConcurrencyError, UnknownEventError
from fairpair.web import auth, views
from fairpair.web.auth import Director
from fairpair.web.config import WebConfig
from fairpair.web.deps import desk_for, templates
from fairpair.web.desk import _access, _done, _mine, _render

router = APIRouter(include_in_schema=False)

ME = "/events/{event_id:int}/me"
SESSION_HOURS = 48
"""How long a phone stays signed in to a player's page (a weekend event)."""


def _cookie(event_id: int) -> str:
    return f"fairpair_player_{event_id}"


def _signer(request: Request) -> URLSafeTimedSerializer:
    config: WebConfig = request.app.state.config
    return URLSafeTimedSerializer(config.secret_key, salt="fairpair-player-page")


def _event(request: Request, event_id: int) -> ev.Event:
    """The individual event (404 for none, and for a team or Double-Swiss event)."""
    try:
        return ev.load(desk_for(request), event_id)
    except (UnknownEventError, CommandError):
        raise HTTPException(404, f"No event {event_id} with player pages.") from None


def _signed_in_player(request: Request, event: ev.Event) -> Player | None:
    """The player this browser's cookie names in ``event``, while their code is current."""
    value = request.cookies.get(_cookie(event.id))
    if not value:
        return None
    try:
        data = _signer(request).loads(value, max_age=SESSION_HOURS * 3600)
    except BadSignature:
        return None
    if not isinstance(data, dict) or data.get("event") != event.id:
        return None
    digest = data.get("code")
    if not isinstance(digest, str):
        return None
    return pl.player_by_digest(desk_for(request), event, digest)


class DoorView(BaseModel):
    """What a player's own page shows: their rounds and standing, their board now, and what
    they may do (check in, report, drop)."""

    event_id: int
    version: int = Field(description="The event's version this answer shows.")
    page: views.PlayerView
    current: views.PlayerRound | None = Field(
        description="The round being played (the last one paired), if the player is in it."
    )
    next_round: int = Field(description="The next round to pair.")
    more_rounds: bool = Field(description="Whether a round remains to pair.")
    withdrawn_from: int | None = Field(description="The round the player withdrew from.")
    check_in_open: bool = Field(description="Check-in is open for the next round.")
    checked_in: bool = Field(description="The player has checked in for the next round.")
    to_pair: bool = Field(description="The player is to be paired in the next round.")
    may_report: bool = Field(
        description="Self-reporting is on and the player's current board has no result yet."
    )
    my_report: str | None = Field(
        description="What the player reported for the board now, from their side when ``own_side``."
    )
    own_side: bool = Field(
        description="Results are reported with the player's own games first (a game without "
        "colours: 2-1 is a win by two games to one); otherwise White's side first (1-0)."
    )


def door_view(desk: ev.Desk, event: ev.Event, player: Player) -> DoorView:
    """``player``'s own page in ``event`` (the HTML page and the players' API alike)."""
    t = event.tournament
    door = pl.door(desk, event)
    me = views.player_view(event, player.id, views.standings_view(event))
    current = me.rounds[-1] if me.rounds and me.rounds[-1].round == len(t.rounds) else None
    own_side = not views.is_coloured(event)
    report = None
    if current is not None and current.board is not None:
        report = door.reports.get((current.round, current.board), {}).get(player.id)
        second = t.rounds[-1].games[current.board - 1].black == player.id
        if report is not None and own_side and second:
            report = turned(report)
    return DoorView(
        event_id=event.id,
        version=event.version,
        page=me,
        current=current,
        next_round=t.next_round,
        more_rounds=t.total_rounds is None or t.next_round <= t.total_rounds,
        withdrawn_from=dict(t.withdrawals).get(player.id),
        check_in_open=door.check_in_round is not None,
        checked_in=player.id in door.here_for(t.next_round),
        to_pair=player.id in t.players_to_pair(),
        may_report=door.reporting and current is not None and not current.result,
        my_report=report,
        own_side=own_side,
    )


def _me_page(
    request: Request,
    event: ev.Event,
    player: Player | None,
    *,
    message: str = "",
    error: str = "",
    status_code: int = 200,
) -> HTMLResponse:
    context: dict[str, Any] = {
        "csrf": auth.csrf_token(request),
        "event": event,
        "player": player,
        "message": message or request.session.pop("player_flash", None),
        "error": error,
    }
    if player is not None:
        mine = door_view(desk_for(request), event, player)
        context |= {
            "me": mine.page,
            "current": mine.current,
            "coloured": views.is_coloured(event),
            "next_round": mine.next_round,
            "more_rounds": mine.more_rounds,
            "withdrawn": mine.withdrawn_from,
            "check_in_open": mine.check_in_open,
            "checked_in": mine.checked_in,
            "to_pair": mine.to_pair,
            "reporting": mine.may_report,
            "reported": mine.my_report,
            "choices": ("1-0", "½-½", "0-1") if views.is_coloured(event) else (),
        }
    response = templates.TemplateResponse(
        request, "public/me.html", context, status_code=status_code
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def player_of_code(request: Request, event: ev.Event, code: str) -> Player | None:
    """The player whose code this is in ``event``, through the sign-in throttle on this
    request's address (:class:`accounts.TooManyAttemptsError`); the page and the API alike."""
    return pl.player_by_code(
        desk_for(request),
        event.id,
        code,
        address=auth.client_address(request),
        limits=request.app.state.sign_in_limits,
    )


def too_many_codes(error: accounts.TooManyAttemptsError) -> str:
    minutes = counted(-(-error.retry_after // 60), "minute")
    return f"Too many wrong codes from here lately: try again in {minutes}."


def _sign_in(request: Request, event: ev.Event, code: str) -> Response:
    """The player page of the code's player (its cookie set, the code out of the address),
    or the form again saying the code opens nothing."""
    try:
        player = player_of_code(request, event, code)
    except accounts.TooManyAttemptsError as error:
        page = _me_page(request, event, None, error=too_many_codes(error), status_code=429)
        page.headers["Retry-After"] = str(error.retry_after)
        return page
    if player is None:
        return _me_page(
            request,
            event,
            None,
            error="That code opens nothing in this event. Check it on your slip.",
            status_code=422,
        )
    config: WebConfig = request.app.state.config
    response = RedirectResponse(f"/events/{event.id}/me", status_code=303)
    digest = pl.code_digest(pl.door(desk_for(request), event).codes[player.id])
    response.set_cookie(
        _cookie(event.id),
        _signer(request).dumps({"event": event.id, "code": digest}),
        max_age=SESSION_HOURS * 3600,
        httponly=True,
        samesite="lax",
        secure=config.secure_cookies,
        path=f"/events/{event.id}/me",
    )
    return response


@router.get(ME, response_class=HTMLResponse)
def my_page(request: Request, event_id: int, code: str = "") -> Response:
    """The player's page, or the form asking for their code; ``code``: a QR slip's link."""
    event = _event(request, event_id)
    if code:
        return _sign_in(request, event, code)
    return _me_page(request, event, _signed_in_player(request, event))


@router.post(ME, response_class=HTMLResponse)
def enter_code(request: Request, event_id: int, code: Annotated[str, Form()] = "") -> Response:
    event = _event(request, event_id)
    if not code.strip():
        return _me_page(request, event, None, error="Type the code on your slip.", status_code=422)
    return _sign_in(request, event, code)


def _acting(request: Request, event_id: int) -> tuple[ev.Event, Player, ev.Desk]:
    """The event, the signed-in player and a desk acting as that player (403 without one)."""
    event = _event(request, event_id)
    player = _signed_in_player(request, event)
    if player is None:
        raise HTTPException(403, "Open your page with your code first; nothing was changed.")
    return event, player, desk_for(request, pl.self_actor(player))


def _back(request: Request, event_id: int, message: str) -> RedirectResponse:
    request.session["player_flash"] = message
    return RedirectResponse(f"/events/{event_id}/me", status_code=303)


@router.post(ME + "/checkin", response_class=HTMLResponse)
def player_check_in(request: Request, event_id: int) -> Response:
    event, player, desk = _acting(request, event_id)
    try:
        done = pl.check_in(desk, event_id, "", player_id=player.id)
    except (CommandError, ConcurrencyError) as error:
        return _me_page(request, event, player, error=str(error), status_code=409)
    return _back(request, event_id, f"You are checked in for round {done.tournament.next_round}.")


@router.post(ME + "/drop", response_class=HTMLResponse)
def player_drop(
    request: Request, event_id: int, from_round: Annotated[int, Form(alias="round")]
) -> Response:
    event, player, desk = _acting(request, event_id)
    try:
        pl.self_drop(desk, event_id, player.id, from_round)
    except (CommandError, ConcurrencyError) as error:
        return _me_page(request, event, player, error=str(error), status_code=409)
    return _back(request, event_id, f"You have withdrawn from round {from_round} on.")


@router.post(ME + "/report", response_class=HTMLResponse)
def player_report(
    request: Request,
    event_id: int,
    board: Annotated[int, Form()],
    result: Annotated[str, Form()] = "",
) -> Response:
    """The player's report of their board's result (White's side first)."""
    event, player, desk = _acting(request, event_id)
    if not result.strip():
        return _me_page(
            request, event, player, error="result: choose or type the result", status_code=422
        )
    try:
        done = pl.report_result(
            desk, event_id, player.id, board, result, own_side=not views.is_coloured(event)
        )
    except (CommandError, ConcurrencyError) as error:
        return _me_page(request, event, player, error=str(error), status_code=409)
    entered = done.tournament.rounds[-1].games[board - 1].result is not None
    said = (
        "Both players agree: the result is entered."
        if entered
        else ("Your report is in; the result is entered when your opponent reports the same.")
    )
    return _back(request, event_id, said)


@router.post(ME + "/leave")
def leave(request: Request, event_id: int) -> Response:
    """Forget this phone's player session (a shared tablet)."""
    response = RedirectResponse(f"/events/{event_id}/me", status_code=303)
    response.delete_cookie(_cookie(event_id), path=f"/events/{event_id}/me")
    return response


# --- the director's check-in page ---------------------------------------------------------


CHECKIN = "/desk/events/{event_id}/checkin"


def _checkin_page(
    request: Request,
    event: ev.Event,
    directs: bool,
    error: str = "",
    status_code: int = 200,
) -> HTMLResponse:
    """The check-in page; ``directs``: the viewer directs the event and is shown the codes,
    the reporting switch and what to do with those missing (an assistant taps names)."""
    t = event.tournament
    desk = desk_for(request)
    door = pl.door(desk, event)
    here = door.here_for(t.next_round)
    withdrawn = dict(t.withdrawals)
    self_drops = {
        r.payload["player"]
        for r in ev.history(desk, event.id)
        if r.action == "player.withdrawn" and r.actor.endswith("(self)")
    }
    rows = [
        {
            "p": p,
            "code": door.code_of(p.id) if directs else None,
            "here": p.id in here,
            "to_pair": p.id in t.players_to_pair(),
            "withdrawn": withdrawn.get(p.id),
            "self_drop": p.id in self_drops and p.id in withdrawn,
        }
        for p in sorted(t.players, key=lambda p: ev.name_key(p.name))
    ]
    context = {
        "event": event,
        "t": t,
        "directs": directs,
        "rows": rows,
        "reporting": door.reporting,
        "open": door.check_in_round is not None,
        "missing": pl.missing(desk, event),
        "error": error,
        "more_rounds": t.total_rounds is None or t.next_round <= t.total_rounds,
    }
    return _render(request, "desk/checkin.html", context, status_code)


def _at_checkin(
    request: Request, director: str, event_id: int, right: Right
) -> tuple[ev.Event, bool]:
    """The event, if the director has ``right`` on it (404 otherwise), and whether they
    direct it."""
    access = _access(request, director, event_id, right)
    return _mine(request, director, event_id, right), access.may(Right.DIRECT)


@router.get(CHECKIN, response_class=HTMLResponse)
def checkin_desk(request: Request, director: Director, event_id: int) -> HTMLResponse:
    """Check-in at a tablet (one tap per name), who is missing, and for directors the
    players' codes. Assistants may use it (the CHECK_IN right)."""
    return _checkin_page(request, *_at_checkin(request, director, event_id, Right.CHECK_IN))


def _command(
    request: Request,
    director: str,
    event_id: int,
    run: Any,
    said: str,
    right: Right = Right.DIRECT,
) -> Response:
    event, directs = _at_checkin(request, director, event_id, right)
    try:
        run(desk_for(request, director))
    except (CommandError, ConcurrencyError) as error:
        return _checkin_page(request, event, directs, str(error), 409)
    return _done(request, said, f"/desk/events/{event_id}/checkin")


@router.post(CHECKIN + "/open", response_class=HTMLResponse)
def open_check_in(request: Request, director: Director, event_id: int) -> Response:
    return _command(
        request,
        director,
        event_id,
        lambda d: pl.open_check_in(d, event_id),
        "Check-in is open.",
        Right.CHECK_IN,
    )


@router.post(CHECKIN + "/close", response_class=HTMLResponse)
def close_check_in(request: Request, director: Director, event_id: int) -> Response:
    return _command(
        request,
        director,
        event_id,
        lambda d: pl.close_check_in(d, event_id),
        "Check-in is closed.",
        Right.CHECK_IN,
    )


@router.post(CHECKIN + "/players/{player_id}", response_class=HTMLResponse)
def check_in_player(
    request: Request, director: Director, event_id: int, player_id: int
) -> Response:
    return _command(
        request,
        director,
        event_id,
        lambda d: pl.check_in(d, event_id, "", player_id=player_id),
        f"Player {player_id} checked in.",
        Right.CHECK_IN,
    )


@router.post(CHECKIN + "/missing", response_class=HTMLResponse)
def missing_out(
    request: Request, director: Director, event_id: int, how: Annotated[str, Form()] = ""
) -> Response:
    words = {"absent": "absent from the next round", "withdrawn": "withdrawn"}
    if how not in words:
        event, directs = _at_checkin(request, director, event_id, Right.DIRECT)
        return _checkin_page(request, event, directs, "how: choose absent or withdrawn", 422)
    return _command(
        request,
        director,
        event_id,
        lambda d: pl.mark_missing(d, event_id, how),
        f"Those who did not check in are {words[how]}.",
    )


@router.post(CHECKIN + "/reporting", response_class=HTMLResponse)
def switch_reporting(
    request: Request, director: Director, event_id: int, on: Annotated[str, Form()] = ""
) -> Response:
    if on not in ("yes", "no"):
        event, directs = _at_checkin(request, director, event_id, Right.DIRECT)
        return _checkin_page(request, event, directs, "on: choose yes or no", 422)
    return _command(
        request,
        director,
        event_id,
        lambda d: pl.switch_reporting(d, event_id, on=on == "yes"),
        "Players may report their results." if on == "yes" else "Only the desk enters results.",
    )


@router.post(CHECKIN + "/codes", response_class=HTMLResponse)
def issue_codes(
    request: Request, director: Director, event_id: int, player: Annotated[str, Form()] = ""
) -> Response:
    """Codes for every player who has none, or a new code for one player."""
    return _command(
        request,
        director,
        event_id,
        lambda d: pl.issue_codes(d, event_id, [player] if player else []),
        f"New code for player {player}." if player else "Every player has a code.",
    )
