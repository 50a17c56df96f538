"""The director's desk for a FIDE Double-Swiss event: players, and match-rounds of two games.

The event's page, its players' forms, the pairing button, undo and redo, the audit log and
the exports keep the addresses of an individual event (``web/desk.py`` sends a Double-Swiss
here, and its player routes call this event's service through :func:`player_door`). A
round's page, ``/desk/events/{id}/rounds/{n}/results``, shows each board as a match: game 1
with the first-named player White, game 2 with the colours reversed, each game's result
chosen as on its scoresheet (White first) and the match result computed, never typed. One
submit records the round's results as one record of the audit log; a board that has a
result is corrected by choosing another. A refusal shows the page again with the message
next to the field, what was chosen kept, and a 4xx status: 422 for a field, 400 for a
command that does not fit the event, 409 when the event changed since the page was loaded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import FormData

from fairpair.core import Player
from fairpair.core.double_swiss import DoubleSwissTournament, Match
from fairpair.formats.errors import FormatError
from fairpair.formats.standings_render import format_value
from fairpair.service import double_events as de
from fairpair.service import double_printouts, entry
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import report_fields
from fairpair.storage import ConcurrencyError, EventExistsError, LogRecord
from fairpair.web.auth import Director
from fairpair.web.deps import desk_for
from fairpair.web.desk import (
    STALE,
    KindDesk,
    NextStep,
    PlayerDoor,
    _between_rounds,
    _done,
    _entrant_status,
    _form_text,
    _here,
    _name_taken,
    _owned,
    _page_version,
    _refusal,
    _render,
    _report_text,
    edit_event_details,
    pair_in_background,
    paired_or_404,
    pairing_line,
    pairing_page,
    staff_section,
)

router = APIRouter(prefix="/desk", include_in_schema=False)

_Text = Annotated[str, Form()]
_REFUSED = (CommandError, ConcurrencyError, FormatError)

GAME_CHOICES = (
    ("1-0", "1-0"),
    ("½-½", "½-½"),
    ("0-1", "0-1"),
    ("+-", "+- (Black forfeits)"),
    ("-+", "-+ (White forfeits)"),
    ("--", "-- (both forfeit)"),
    ("½-0", "½-0"),
    ("0-½", "0-½"),
    ("0-0", "0-0"),
)
"""A game's result as its scoresheet says it, White first (the round page's choices): the
usual three, the forfeits, and the odd results the Double-Swiss admits (Preface)."""

_FORM_KEYS = {"initial_colour": "ds_colour", "byes": "bye_values", "primary": "ds_primary"}
"""The service's names of those settings -> the form's fields they are typed in."""
_NOT_DOUBLE = {
    "game": "a Double-Swiss is chess: leave this empty",
    "points": "a Double-Swiss game is scored 1, ½, 0: leave this empty (its byes are below)",
    "bye_limit": "a Double-Swiss has no bye limit: leave this empty",
    "boards": "for a team event only: leave empty",
    "match_points": "for a team event only: leave empty",
    "board_colours": "for a team event only: leave empty",
    "min_board_games": "for a team event only: leave empty",
}
"""The new-event form's fields a Double-Swiss has no use for, refused when filled in."""


# --- creating an event (from the desk's new-event form) ----------------------------------------


def create_double_event(
    request: Request, director: str, typed: Mapping[str, str], report: Mapping[str, str]
) -> de.DoubleEvent | FieldErrors:
    """The new event from the form, or the fields that are wrong (all of them)."""
    errors = {field: why for field, why in _NOT_DOUBLE.items() if typed.get(field, "").strip()}
    settings = None
    try:
        settings = entry.double_event_settings(
            typed["name"],
            typed["rounds"],
            typed["tiebreaks"],
            initial_colour=typed.get("ds_colour", ""),
            byes=typed.get("bye_values", ""),
            primary=typed.get("ds_primary", ""),
        )
    except FieldErrors as error:
        errors |= {_FORM_KEYS.get(k, k): v for k, v in error.errors.items()}
    try:
        checked = report_fields(report)
    except FieldErrors as error:
        errors |= error.errors
    if errors or settings is None:
        return FieldErrors(errors)
    try:
        return de.create_double_event(
            desk_for(request, director), settings.edited(checked), owner=director
        )
    except FieldErrors as error:
        return error
    except EventExistsError:
        return _name_taken()
    except CommandError as error:
        return FieldErrors({"name": str(error)})


# --- loading --------------------------------------------------------------------------------


def double_event_of(request: Request, director: str, event_id: int) -> de.DoubleEvent:
    """The Double-Swiss event, if the signed-in director runs it; 404 (as for no event)
    otherwise."""
    if not de.is_double_event(_owned(request, director, event_id)):
        raise HTTPException(404, f"Event {event_id} is not a Double-Swiss event.")
    return de.load_double(desk_for(request, director), event_id)


def _round_page(event_id: int, number: int) -> str:
    return f"/desk/events/{event_id}/rounds/{number}/results"


def player_door(request: Request, director: str, event_id: int) -> PlayerDoor:
    """The desk's player routes on a Double-Swiss: its own service calls, its own page."""
    event = double_event_of(request, director, event_id)
    t = event.tournament
    return PlayerDoor(
        event=event,
        register=de.register_double_player,
        import_players=de.import_double_players,
        edit=de.edit_double_player,
        withdraw=de.withdraw_double_player,
        return_player=de.return_double_player,
        remove=de.remove_double_player,
        grant_bye=de.grant_double_bye,
        forbid=de.forbid_double_pairs,
        page=partial(double_page, request, event),
        withdrawn=t.withdrawn,
        refusal=partial(de.removal_refused, t),
    )


# --- what a round shows -----------------------------------------------------------------------


def _forfeit_words(match: Match, first: Player, second: Player) -> str:
    """A forfeited match in words (a player forfeited both games, spec §2.1), else empty."""
    if not match.forfeited:
        return ""
    if match.forfeited_by(match.white) and match.forfeited_by(match.black):
        return "forfeited by both players"
    winner = second if match.forfeited_by(match.white) else first
    return f"forfeited: {winner.name} wins the match"


def board_views(t: DoubleSwissTournament, number: int) -> list[dict[str, Any]]:
    """A round's boards as the pages show them: the two players (the first White in game 1),
    each game as on its scoresheet, the match result computed."""
    players = {p.id: p for p in t.players}
    views = []
    for board, match in enumerate(t.rounds[number - 1].matches, start=1):
        first, second = players[match.white], players[match.black]
        views.append(
            {
                "board": board,
                "first": first,
                "second": second,
                "game1": de.game_text(match, 1),
                "game2": de.game_text(match, 2),
                "score": de.match_score(match),
                "forfeit": _forfeit_words(match, first, second),
                "finished": match.finished,
            }
        )
    return views


def _bye_views(t: DoubleSwissTournament, number: int) -> list[tuple[Player, str]]:
    players = {p.id: p for p in t.players}
    return [(players[b.player], de.bye_words(b.kind)) for b in t.rounds[number - 1].byes]


def double_next_step(t: DoubleSwissTournament) -> NextStep:
    """The next thing to do: the current round's results first, then the next pairing."""
    current = t.rounds[-1] if t.rounds else None
    if current is not None and not all(m.finished for m in current.matches):
        done = sum(1 for m in current.matches if m.finished)
        return NextStep(
            f"Round {current.number}: {done} of {len(current.matches)} matches finished",
            "results",
            f"Enter results of round {current.number}",
        )
    return _between_rounds(t, len(t.players), len(t.to_pair()), "player", "Standings")


def _player_rows(t: DoubleSwissTournament) -> list[dict[str, Any]]:
    return [
        {"p": p, "removable": de.removal_refused(t, p.id) is None}
        | _entrant_status(t, t.withdrawn, p.id)
        for p in t.players
    ]


def _walk_button(record: LogRecord | None) -> dict[str, str] | None:
    if record is None:
        return None
    return {"label": de.describe_double(record), "hint": f"#{record.seq}"}


def _standings(event: de.DoubleEvent) -> dict[str, Any] | None:
    """The standings as text (game and match points, the tie-breaks in force), once a round
    is complete."""
    t = event.tournament
    if not any(all(m.finished for m in r.matches) for r in t.rounds):
        return None
    table = de.double_standings(event)
    rows = [
        {
            "rank": row.rank,
            "number": row.player,
            "name": row.name,
            "withdrawn": row.player in t.withdrawn,
            "game_points": de.half_points(int(row.game_points * 2)),
            "match_points": format_value(row.match_points),
            "values": [format_value(v) for v in row.values],
        }
        for row in table.rows
    ]
    return {"rounds": table.rounds, "codes": table.codes, "rows": rows, "notes": table.notes()}


def _event_text(event: de.DoubleEvent) -> dict[str, str]:
    """The name, report fields, match-rounds and tie-breaks as the details form shows them."""
    s = event.settings
    rounds = "" if s.rounds is None else str(s.rounds)
    return _report_text(s) | {"rounds": rounds, "tiebreaks": ", ".join(s.tiebreaks)}


def double_page(
    request: Request,
    event: de.DoubleEvent,
    *,
    errors: Mapping[str, str] | None = None,
    values: Mapping[str, str] | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    """The event's desk: the next step, the rounds, the standings, the players and their
    forms, the details, the files."""
    t = event.tournament
    undo_next, redo_next = ev.undo_targets(desk_for(request), event.id, event.version)
    current = t.rounds[-1] if t.rounds else None
    played = len(t.rounds)
    context = {
        "event": event,
        "t": t,
        "players": _player_rows(t),
        "step": double_next_step(t),
        "undo": _walk_button(undo_next),
        "redo": _walk_button(redo_next),
        "current": current,
        "boards": [] if current is None else board_views(t, current.number),
        "byes": [] if current is None else _bye_views(t, current.number),
        "finished": [sum(1 for m in r.matches if m.finished) for r in t.rounds],
        "standings": _standings(event),
        "swiss": True,
        "missed_rounds": "round 1" if played == 1 else f"rounds 1-{played}",
        "settings": de.double_settings_lines(event),
        "sheets": double_printouts.DOUBLE_SHEETS,
        "system_name": event.settings.system.label,
        "errors": errors or {},
        "details_open": any(k.split(".")[0] == "details" for k in errors or {}),
        # The forms show what the event says, or what was typed if it was refused.
        "values": {f"details.{k}": v for k, v in _event_text(event).items()} | dict(values or {}),
        "staff": staff_section(request, event.id),
        "pairing": pairing_line(request, event, partial(_round_page, event.id)),
    }
    return _render(request, "desk/double_event.html", context, status_code)


def _refused(
    request: Request,
    director: str,
    event_id: int,
    error: Exception,
    form: str,
    values: Mapping[str, str] | None = None,
) -> HTMLResponse:
    """The event's desk again with what went wrong next to the form ``form``."""
    event = double_event_of(request, director, event_id)
    return _refusal(partial(double_page, request, event), error, form, values)


# --- the routes desk.py sends a Double-Swiss to ---------------------------------------------


def pair(request: Request, director: str, event_id: int) -> Response:
    double_event_of(request, director, event_id)
    return pair_in_background(
        request,
        partial(de.start_pair_double_round, desk_for(request, director), event_id),
        partial(_refused, request, director, event_id),
        partial(_round_page, event_id),
        "matches",
        lambda event, bye: next(p.name for p in event.tournament.players if p.id == bye),
    )


DESK = KindDesk(
    noun="a Double-Swiss event",
    load=double_event_of,
    page=double_page,
    walks=(de.undo_double, de.redo_double),
    describe=de.describe_double,
    export=de.export_double_event,
)
"""What desk.py's shared routes (the page, undo and redo, the log, the exports) use."""


# --- the event's details ---------------------------------------------------------------------


@router.post("/events/{event_id}/double-settings", response_class=HTMLResponse)
def edit_event(
    request: Request,
    director: Director,
    event_id: int,
    version: _Text = "",
    name: _Text = "",
    rounds: _Text = "",
    tiebreaks: _Text = "",
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
    """The event's name, report fields, number of match-rounds and tie-breaks, as one
    undoable change; refused (409) if the event changed since the page was loaded."""
    event = double_event_of(request, director, event_id)
    typed = {"name": name, "rounds": rounds, "tiebreaks": tiebreaks}
    typed |= {"start_date": start_date, "end_date": end_date, "city": city}
    typed |= {"federation": federation, "event_type": event_type}
    typed |= {"chief_arbiter": chief_arbiter, "deputy_arbiters": deputy_arbiters}
    typed |= {"time_control": time_control, "round_dates": round_dates}
    return edit_event_details(
        request,
        director,
        event_id,
        version,
        typed,
        page=partial(double_page, request, event),
        edit=de.edit_double_event,
        describe=de.describe_double,
    )


# --- a round: its matches and their games ------------------------------------------------------


def round_page(
    request: Request,
    event: de.DoubleEvent,
    number: int,
    *,
    typed: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
    message: str = "",
    version: int | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    """A round's boards, each a match of two games with a result to choose per game;
    ``typed`` (field -> value) keeps a refused form as it was sent."""
    t = event.tournament
    boards = board_views(t, number)
    for view in boards:
        for game in (1, 2):
            key = f"b{view['board']}g{game}"
            view[f"field{game}"] = key
            view[f"value{game}"] = view[f"game{game}"] if typed is None else typed.get(key, "")
    context = {
        "event": event,
        "number": number,
        "boards": boards,
        "byes": _bye_views(t, number),
        "choices": GAME_CHOICES,
        "errors": errors or {},
        "message": message,
        "version": event.version if version is None else version,
        "last": number == len(t.rounds),
    }
    return _render(request, "desk/double_round.html", context, status_code)


def results_page(request: Request, director: str, event_id: int, number: int) -> HTMLResponse:
    event = double_event_of(request, director, event_id)
    being_paired = pairing_page(request, director, event, number)
    if being_paired is not None:
        return being_paired
    paired_or_404(event.tournament.rounds, number)
    return round_page(request, event, number)


_BOARD_FIELD = re.compile(r"b(\d{1,9})g([12])")
"""A game's field of the round form: ``b3g2`` is board 3, game 2."""


def save_results(
    request: Request, director: str, event_id: int, number: int, form: FormData
) -> Response:
    """The round's results, ``b{board}g{1|2}`` each game as on its scoresheet (White first):
    the boards whose two games were chosen and differ from what is recorded, saved as one
    record (a correction when any of them had a result, or the round is not the last one).
    A board left empty stays as it is; a board with one game chosen is refused, as is a field
    naming a board the round has not."""
    event = double_event_of(request, director, event_id)
    paired_or_404(event.tournament.rounds, number)
    t = event.tournament
    matches = t.rounds[number - 1].matches
    typed = {
        f"b{b}g{g}": _form_text(form, f"b{b}g{g}")
        for b in range(1, len(matches) + 1)
        for g in (1, 2)
    }
    version = _page_version(_form_text(form, "version"))

    def again(status: int, errors: Mapping[str, str], message: str = "") -> HTMLResponse:
        """The form as it was sent, with what went wrong; nothing was saved."""
        return round_page(
            request,
            event,
            number,
            typed=typed,
            errors=errors,
            message=message,
            version=version,
            status_code=status,
        )

    strangers = sorted(
        {
            int(found[1])
            for key in form
            if (found := _BOARD_FIELD.fullmatch(key)) and not 1 <= int(found[1]) <= len(matches)
        }
    )
    if strangers:
        boards = ", ".join(map(str, strangers))
        return again(
            400,
            {},
            f"Round {number} has no board {boards} (boards 1-{len(matches)}); nothing was saved.",
        )
    errors: dict[str, str] = {}
    entries: list[tuple[int, str, str]] = []
    corrects = False
    for board, match in enumerate(matches, start=1):
        texts = (typed[f"b{board}g1"], typed[f"b{board}g2"])
        if not any(texts):
            continue  # left as it is
        sheets = []
        for game, text in enumerate(texts, start=1):
            key = f"b{board}g{game}"
            if not text:
                errors[key] = f"choose game {game} too: a match is saved with both its games"
                continue
            try:
                sheets.append(de.parse_game(text, f"board {board}, game {game}"))
            except CommandError as error:
                errors[key] = str(error)
        if len(sheets) == 2 and de.match_games(sheets[0], sheets[1]) != match.games:
            entries.append((board, *texts))
            corrects = corrects or match.finished
    if errors:
        return again(422, errors, "Some results could not be read; nothing was saved.")
    if version is None:
        return again(409, {}, STALE)
    if not entries:
        return _done(request, f"Round {number}: nothing changed.", _round_page(event_id, number))
    correction = corrects or number != len(t.rounds)
    try:
        changed = de.record_double_results(
            desk_for(request, director),
            event_id,
            number if correction else None,
            entries,
            expected_version=version,
        )
    except ConcurrencyError:
        return again(409, {}, STALE)
    except CommandError as error:
        return again(400, {}, str(error))
    count = f"{len(entries)} match{'es' * (len(entries) != 1)}"
    message = f"Round {number}: {count} {'corrected' if correction else 'saved'}."
    for warning in de.later_rounds_warnings(event, changed, number):
        message += f" Warning: {warning}"
    if all(m.finished for m in changed.tournament.rounds[number - 1].matches):
        return _done(request, f"{message} Round {number} is complete.", _here(event_id))
    return _done(request, message, _round_page(event_id, number))
