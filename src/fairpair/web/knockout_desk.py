"""The director's desk for a knockout stage: the cut after a Swiss or round robin, the start of
a standalone knockout, and the bracket page with each match's games.

A knockout is part of an individual event (``web/desk.py`` shows the cut form and the next
step on the event's page, and sends the undo and redo buttons through the event's log as for
every change). The bracket page, ``/desk/events/{id}/bracket``, draws the bracket (the
current matches highlighted) and has a form for each match being played or decided: one row
per game, its White (chess) or who chooses to play or draw (card games) shown, a result chosen
for each; saving records the match's games so far and the page comes back with the next
game's row while the match is undecided (no script needed). A decided match is corrected in
the same form. Every form carries the version of the event it was loaded at: a stale form is
refused (409) and nothing is saved; a refusal shows the page again with the service's
message at the field, what was chosen kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from fairpair.core import PlayerId
from fairpair.core.knockout import MatchState, MatchStatus, round_name
from fairpair.formats.bracket import bracket_svg, score_text
from fairpair.formats.errors import FormatError
from fairpair.service import directors, knockout_printouts
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.service.directors import Right
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import KNOCKOUT_BRACKETS, KNOCKOUT_FIRST_WHITE, KnockoutSettings
from fairpair.storage import ConcurrencyError
from fairpair.web.auth import Director
from fairpair.web.deps import desk_for
from fairpair.web.desk import (
    STALE,
    NextStep,
    _access,
    _between_rounds,
    _done,
    _form_text,
    _may_direct,
    _mine,
    _page_version,
    _refusal,
    _render,
    _walk_button,
)
from fairpair.web.knockout_views import (
    CARD_RESULTS,
    CHESS_RESULTS,
    GameLine,
    game_lines,
    phase_words,
)
from fairpair.web.views import PlayerRef

router = APIRouter(prefix="/desk", include_in_schema=False)

_Text = Annotated[str, Form()]
_REFUSED = (CommandError, ConcurrencyError, FormatError)

MAX_GAMES = 200
"""Game rows read from a match's form (a match of more games is not a match anyone plays)."""

CUT_CHOICES: dict[str, list[tuple[str, str]]] = {
    "bracket": list(KNOCKOUT_BRACKETS),
    "first_white": list(KNOCKOUT_FIRST_WHITE),
    "third_place": [("no", "No: the losing semi-finalists share third place"), ("yes", "Yes")],
    "reset": [
        ("yes", "Yes: played again if the losers' bracket winner wins the grand final"),
        ("no", "No: one grand final"),
    ],
}
"""The knockout settings chosen from a list (the cut form and the new-event form)."""

CHESS_EXAMPLE = "classical:2,rapid:2,blitz:2,armageddon"
MATCH_EXAMPLES = "e.g. 1 (one game), best-of-3, or chess: classical:2,rapid:2,blitz:2,armageddon"

CHESS_WORDS = {
    "1-0": "1-0",
    "½-½": "½-½",
    "0-1": "0-1",
    "+-": "+- (Black forfeits)",
    "-+": "-+ (White forfeits)",
}
"""A chess game's result choices in words, White first."""


def bracket_url(event_id: int) -> str:
    return f"/desk/events/{event_id}/bracket"


def yes_no(text: str, default: bool) -> bool:
    """A yes-or-no select of a form (empty: ``default``)."""
    answer = text.strip().casefold()
    return default if not answer else answer in ("yes", "on", "true", "1")


def knockout_settings(typed: Mapping[str, str]) -> KnockoutSettings:
    """The knockout settings of a form (``bracket``, ``match``, ``third_place``, ``reset``,
    ``first_white``); :class:`FieldErrors` naming each wrong field."""
    return KnockoutSettings.parse(
        bracket=typed.get("bracket", ""),
        match=typed.get("match", ""),
        third_place=yes_no(typed.get("third_place", ""), False),
        reset=yes_no(typed.get("reset", ""), True),
        first_white=typed.get("first_white", ""),
    )


# --- the event's desk: the next step, the cut form ---------------------------------------------


def knockout_step(event: ev.Event) -> NextStep | None:
    """The next step of an event in its knockout stage, or of a standalone knockout not
    started; None for a Swiss or round robin before its cut."""
    t = event.tournament
    if t.knockout is not None:
        state = ko.bracket(event)
        if state.finished:
            names = {p.id: p.name for p in t.players}
            champion = "" if state.champion is None else f": {names[state.champion]} wins"
            return NextStep(f"The knockout is over{champion}", "bracket", "See the bracket")
        playing = len(state.current())
        noun = "match" if playing == 1 else "matches"
        return NextStep(
            f"Knockout: {playing} {noun} to play", "bracket", "Enter the knockout results"
        )
    if not event.settings.system.knockout:
        return None
    step = _between_rounds(t, len(t.players), len(t.players_to_pair()), "player", "")
    if step.action == "players":
        return step
    seeded = len(t.players_to_pair())
    return NextStep(f"{seeded} players to seed by rating", "start", "Start the knockout")


def cut_open(event: ev.Event) -> bool:
    """Whether the desk offers the cut: a Swiss or round robin whose last round paired is
    complete, not cut yet."""
    t = event.tournament
    return (
        t.knockout is None
        and not event.settings.system.knockout
        and bool(t.rounds)
        and t.rounds[-1].complete
    )


CUT_FIELDS = ("top", "players", "bracket", "match", "third_place", "reset", "first_white")


def cut_values(event: ev.Event) -> dict[str, str]:
    """What the cut form shows first: the top 8 (or fewer), one game a match for a card
    game, best-of-1 for chess."""
    players = len(event.tournament.players_to_pair())
    top = min(8, 1 << max(1, players.bit_length() - 1)) if players >= 2 else 2
    return {
        "cut.top": str(top),
        "cut.players": "",
        "cut.bracket": "single",
        "cut.match": "best-of-3" if event.settings.card_game else CHESS_EXAMPLE,
        "cut.third_place": "no",
        "cut.reset": "yes",
        "cut.first_white": "seed",
    }


@router.post("/events/{event_id}/cut", response_class=HTMLResponse)
def cut(
    request: Request,
    director: Director,
    event_id: int,
    version: _Text = "",
    top: _Text = "",
    players: _Text = "",
    bracket: _Text = "",
    match: _Text = "",
    third_place: _Text = "",
    reset: _Text = "",
    first_white: _Text = "",
) -> Response:
    """Start the knockout stage of a Swiss or round robin: the top N of its standings or the
    players named, seeded in standings order, as one undoable change."""
    from fairpair.web.desk import _desk_page

    event = _mine(request, director, event_id)
    typed = {"top": top, "players": players, "bracket": bracket, "match": match}
    typed |= {"third_place": third_place, "reset": reset, "first_white": first_white}
    values = {f"cut.{k}": v for k, v in typed.items()}

    def page(**kwargs: Any) -> HTMLResponse:
        return _desk_page(request, event, **kwargs)

    expected = _page_version(version)
    if expected is None:
        return page(errors={"cut": STALE}, values=values, status_code=409)
    errors: dict[str, str] = {}
    number: int | None = None
    refs = [ref.strip() for ref in players.split(",") if ref.strip()]
    if top.strip():
        if not top.strip().isdecimal() or len(top.strip()) > 5:
            errors["top"] = f"{top.strip()[:20]!r} is not a number of players, e.g. 8"
        else:
            number = int(top.strip())
    if number is not None and refs:
        errors["players"] = "give the top N or the players to seed, not both"
    if number is None and not refs and "top" not in errors:
        errors["top"] = "how many players go through, e.g. 8 (or name them below)"
    settings = None
    try:
        settings = knockout_settings(typed)
    except FieldErrors as error:
        errors |= error.errors
    if errors or settings is None:
        return _refusal(page, FieldErrors(errors), "cut", values)
    try:
        cut_event = ko.cut(
            desk_for(request, director),
            event_id,
            top=number,
            players=refs,
            rules=settings.rules,
            expected_version=expected,
        )
    except _REFUSED as error:
        return _refusal(page, _at_field(error, "players" if refs else "top"), "cut", values)
    return _done(request, _last_change(request, cut_event), bracket_url(event_id))


def _at_field(error: Exception, field: str) -> Exception:
    """A refusal of the cut by the service: at the field it is about when it names the
    players or their number (the form's other fields are checked before), else at the form."""
    if type(error) is CommandError:
        text = str(error).casefold()
        about = ("player", "top", "seed")
        if any(word in text for word in about) and "round" not in text:
            return FieldErrors({field: str(error)})
    return error


def _last_change(request: Request, event: ev.Event) -> str:
    """The change just made, in the log's words, as the desk's message after it."""
    record = ev.last_change(desk_for(request), event.id, event.version)
    text = ev.describe(record, event.tournament)
    return text[:1].upper() + text[1:] + "."


@router.post("/events/{event_id}/knockout/start", response_class=HTMLResponse)
def start(request: Request, director: Director, event_id: int, version: _Text = "") -> Response:
    """Start a standalone knockout: every player seeded by rating into the bracket its
    settings describe, as one undoable change."""
    from fairpair.web.desk import _desk_page

    event = _mine(request, director, event_id)

    def page(**kwargs: Any) -> HTMLResponse:
        return _desk_page(request, event, **kwargs)

    expected = _page_version(version)
    if expected is None:
        return page(errors={"pair": STALE}, status_code=409)
    try:
        started = ko.cut(desk_for(request, director), event_id, expected_version=expected)
    except _REFUSED as error:
        return _refusal(page, error, "pair")
    return _done(request, _last_change(request, started), bracket_url(event_id))


# --- the bracket page ------------------------------------------------------------------------


def _players(event: ev.Event) -> dict[PlayerId, str]:
    return {p.id: p.name for p in event.tournament.players}


def _match_view(
    event: ev.Event,
    ms: MatchState,
    typed: Sequence[tuple[str, str]] | None,
    errors: Mapping[str, str],
) -> dict[str, Any]:
    """A match's form: a row per game recorded (or typed, when the form comes back), then
    the next game's row while the match is undecided."""
    state = ko.bracket(event)
    stage = state.stage
    names = _players(event)

    def ref(pid: PlayerId) -> PlayerRef:
        return PlayerRef(id=pid, name=names[pid])

    assert ms.top is not None and ms.bottom is not None
    recorded: list[GameLine] = game_lines(stage, ms, ref, choosers=True)
    rows: list[dict[str, Any]] = []
    for line in recorded:
        rows.append(
            {
                "number": line.number,
                "phase": line.phase,
                "white": None if line.white is None else line.white.id,
                "chooser": line.chooser,
                "value": line.result,
            }
        )
    ng = ms.next_game
    if ng is not None:
        rows.append(
            {
                "number": ng.number,
                "phase": phase_words(ng.phase),
                "white": ng.white,
                "chooser": None if ng.chooser is None else ref(ng.chooser),
                "value": "",
                "next": True,
            }
        )
    if typed is not None:
        # The form as it was sent: its results and Whites over the rows it had.
        for index, (value, white) in enumerate(typed):
            if index < len(rows):
                rows[index]["value"] = value
                if white.isdecimal() and int(white) in (ms.top, ms.bottom):
                    rows[index]["white"] = int(white)
            else:
                extra = {"number": index + 1, "phase": "", "white": None, "chooser": None}
                rows.append(extra | {"value": value})
    m = ms.match
    return {
        "number": m.number,
        "round_name": round_name(state.bracket, m.section, m.round),
        "top": ref(ms.top),
        "bottom": ref(ms.bottom),
        "top_seed": stage.seed_of(ms.top),
        "bottom_seed": stage.seed_of(ms.bottom),
        "status": ms.status.value,
        "decided": ms.status is MatchStatus.DECIDED,
        "winner": None if ms.winner is None else names[ms.winner],
        "score": score_text(state, ms),
        "rows": rows,
        "error": errors.get(f"m{m.number}", ""),
        "errors": {
            int(k.rpartition(".")[2]): v
            for k, v in errors.items()
            if k.startswith(f"m{m.number}.") and k.rpartition(".")[2].isdecimal()
        },
    }


def bracket_page(
    request: Request,
    event: ev.Event,
    *,
    typed: Mapping[int, Sequence[tuple[str, str]]] | None = None,
    errors: Mapping[str, str] | None = None,
    version: int | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    """The bracket drawn, and a form for each match being played or decided (current
    first); ``typed``: a match's rows as its form sent them, shown again with ``errors``."""
    t = event.tournament
    if t.knockout is None:
        raise HTTPException(404, f"{event.info.name} has no knockout stage yet.")
    state = ko.bracket(event)
    names = _players(event)
    errors = errors or {}
    typed = typed or {}
    current = [m for m in state.matches if m.current]
    decided = [m for m in state.matches if m.status is MatchStatus.DECIDED]
    decided.reverse()  # the latest first: a correction is usually of a match just played
    undo_next, redo_next = ev.undo_targets(desk_for(request), event.id, event.version)
    context = {
        "event": event,
        "svg": bracket_svg(state, names, highlight_current=True),
        "coloured": state.stage.rules.match.coloured,
        "current": [_match_view(event, m, typed.get(m.match.number), errors) for m in current],
        "decided": [_match_view(event, m, typed.get(m.match.number), errors) for m in decided],
        "champion": None if state.champion is None else names[state.champion],
        "results": CHESS_RESULTS if state.stage.rules.match.coloured else CARD_RESULTS,
        "chess_words": CHESS_WORDS,
        "errors": errors,
        "version": event.version if version is None else version,
        "undo": _walk_button(undo_next, t),
        "redo": _walk_button(redo_next, t),
        "format": state.stage.rules.match.text,
        "sheets": knockout_printouts.KNOCKOUT_SHEETS,
        # An assistant sees the matches being played, without undo, printouts or corrections.
        "directing": _may_direct(request, event.id),
    }
    return _render(request, "desk/bracket.html", context, status_code)


@router.get("/events/{event_id}/bracket", response_class=HTMLResponse)
def bracket(request: Request, director: Director, event_id: int) -> HTMLResponse:
    return bracket_page(request, _mine(request, director, event_id, Right.RESULTS))


@router.post("/events/{event_id}/bracket/matches/{number}", response_class=HTMLResponse)
async def save_match(request: Request, director: Director, event_id: int, number: int) -> Response:
    form = await request.form()
    return await run_in_threadpool(_save_match, request, director, event_id, number, form)


def _save_match(
    request: Request, director: str, event_id: int, number: int, form: FormData
) -> Response:
    """Record a match's games as its form lists them (rows left empty at the end are games
    not played yet), replacing what was recorded: one more game carries the match on, another
    result corrects it."""
    access = _access(request, director, event_id, Right.RESULTS)
    event = _mine(request, director, event_id, Right.RESULTS)
    if event.tournament.knockout is None:
        raise HTTPException(404, f"{event.info.name} has no knockout stage yet.")
    state = ko.bracket(event)
    try:
        ms = state.match(number)
    except CommandError:
        raise HTTPException(404, f"No match {number}.") from None
    except ValueError:
        raise HTTPException(404, f"No match {number}.") from None
    try:
        directors.check_match(access, number, ms.current)
    except CommandError as error:
        raise HTTPException(403, str(error)[0].upper() + str(error)[1:] + ".") from None
    typed: list[tuple[str, str]] = []
    for index in range(1, MAX_GAMES + 1):
        key = f"m{number}g{index}"
        if key not in form:
            break
        typed.append((_form_text(form, key), _form_text(form, f"m{number}w{index}")))
    version = _page_version(_form_text(form, "version"))
    errors: dict[str, str] = {}
    games: list[tuple[str, str | None]] = []
    last = max((i for i, (value, _) in enumerate(typed) if value), default=-1)
    for index, (value, white) in enumerate(typed[: last + 1]):
        if not value:
            errors[f"m{number}.{index + 1}"] = (
                f"choose the result of game {index + 1}, or empty the games after it"
            )
            continue
        coloured = state.stage.rules.match.coloured
        games.append((value, white or None if coloured else None))

    def again(status_code: int, found: Mapping[str, str]) -> HTMLResponse:
        return bracket_page(
            request,
            event,
            typed={number: typed},
            errors=found,
            version=version,
            status_code=status_code,
        )

    if ms.top is None or ms.bottom is None:
        return again(400, {f"m{number}": f"Match {number}: its players are not known yet."})
    if errors:
        return again(422, errors)
    if version is None:
        return again(409, {f"m{number}": STALE})
    try:
        changed = ko.record_match(
            desk_for(request, director), event_id, number, games, expected_version=version
        )
    except ConcurrencyError:
        return again(409, {f"m{number}": STALE})
    except FieldErrors as error:
        return again(422, _game_errors(number, error))
    except _REFUSED as error:
        return again(400, _game_refused(number, str(error), len(games)))
    to = bracket_url(event_id) + f"#match-{number}"
    return _done(request, _last_change(request, changed), to)


_GAME_NAMED = re.compile(r"\bgame (\d+)(?::| is one too many)")


def _game_refused(number: int, message: str, games: int) -> dict[str, str]:
    """The service's refusal of a match's games: at the row of the game it names (its
    result unreadable, one game too many), else at the match's form."""
    found = _GAME_NAMED.search(message)
    if found and 1 <= int(found[1]) <= games:
        return {f"m{number}.{found[1]}": message}
    return {f"m{number}": message}


def _game_errors(number: int, error: FieldErrors) -> dict[str, str]:
    """The service's refusal of a match's games at the rows it names (``games.N`` or a game
    number), else at the match's form."""
    found: dict[str, str] = {}
    for key, message in error.errors.items():
        game = key.rpartition(".")[2]
        if game.isdecimal():
            found[f"m{number}.{game}"] = message
        else:
            found[f"m{number}"] = message
    return found
