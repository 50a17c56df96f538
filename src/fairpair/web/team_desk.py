"""The director's desk for a team event: teams and their rosters, line-ups, board results.

The event's page, undo and redo, the pairing button, the audit log and the exports keep the
addresses of an individual event (``web/desk.py`` sends a team event here); the rest are the
team's own: ``/desk/events/{id}/teams...`` for the teams and their requested byes,
``/desk/events/{id}/rounds/{n}/matches`` for a round's matches with their line-ups and
results. Every change is one call of :mod:`fairpair.service.team_events` (one record of the
audit log); a refusal shows the page again with the message next to the form or field it is
about, what was typed kept, and a 4xx status (422 a field, 400 a command that does not fit the
event, 409 when the event changed since the page was loaded).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from fairpair.core import Player, format_points
from fairpair.core.teams import Team, TeamMatch, TeamTournament
from fairpair.formats.errors import FormatError
from fairpair.formats.standings_render import format_value
from fairpair.formats.teams_csv import read_teams_csv
from fairpair.service import entry, team_printouts
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.results import expand_shortcut, format_result, parse_result, typed_result
from fairpair.service.settings import EventSettings, report_fields
from fairpair.storage import (
    ConcurrencyError,
    EventExistsError,
    LogRecord,
)
from fairpair.web.auth import Director
from fairpair.web.deps import desk_for
from fairpair.web.desk import (
    _TEAM_FORM,
    MAX_UPLOAD,
    STALE,
    KindDesk,
    NextStep,
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
    _round_typed,
    _upload_text,
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

MATCH_FORFEITS = (
    ("", "Played (the boards' results count)"),
    ("+-", "Forfeit: the first team wins the whole match"),
    ("-+", "Forfeit: the second team wins the whole match"),
    ("--", "Forfeit by both teams"),
)
"""A whole match not played, as the result form offers it (first team first)."""


# --- creating a team event (from the desk's new-event form) -------------------------------------


def create_team_event(
    request: Request, director: str, typed: Mapping[str, str], report: Mapping[str, str]
) -> te.TeamEvent | FieldErrors:
    """The new event's settings from the form, or the fields that are wrong (all of them)."""
    errors: dict[str, str] = {}
    settings: EventSettings | None = None
    try:
        settings = entry.team_event_settings(
            typed["name"],
            typed["system"],
            typed["rounds"],
            typed["points"],
            typed["tiebreaks"],
            **{k: typed.get(k, "") for k in _TEAM_FORM},
        )
    except FieldErrors as error:
        errors |= error.errors
    try:
        checked = report_fields(report)
    except FieldErrors as error:
        errors |= error.errors
    for field in ("game", "bye_limit"):
        if typed.get(field, "").strip():
            errors[field] = "a team event is chess with its own byes: leave this empty"
    if errors or settings is None:
        return FieldErrors(errors)
    try:
        made = te.create_team_event(
            desk_for(request, director), settings.edited(checked), owner=director
        )
    except FieldErrors as error:
        return error
    except EventExistsError:
        return _name_taken()
    except CommandError as error:
        return FieldErrors({"name": str(error)})
    return made


# --- loading --------------------------------------------------------------------------------


def team_event_of(request: Request, director: str, event_id: int) -> te.TeamEvent:
    """The team event, if the signed-in director runs it; 404 (as for no event) otherwise."""
    if not te.is_team_event(_owned(request, director, event_id)):
        raise HTTPException(404, f"Event {event_id} is not a team event.")
    return te.load_team(desk_for(request, director), event_id)


def _round_page(event_id: int, number: int, match: int | None = None) -> str:
    anchor = "" if match is None else f"#match-{match}"
    return f"/desk/events/{event_id}/rounds/{number}/matches{anchor}"


# --- the event's page -----------------------------------------------------------------------


def team_next_step(t: TeamTournament) -> NextStep:
    """The next thing to do in a team event: results first, then the next pairing."""
    current = t.rounds[-1] if t.rounds else None
    if current is not None and not all(m.finished for m in current.matches):
        done = sum(1 for m in current.matches if m.finished)
        return NextStep(
            f"Round {current.number}: {done} of {len(current.matches)} matches finished",
            "results",
            f"Line-ups and results of round {current.number}",
        )
    return _between_rounds(t, len(t.teams), len(t.to_pair()), "team", "Standings")


def _team_rows(t: TeamTournament) -> list[dict[str, Any]]:
    withdrawn = dict(t.withdrawals)
    paired = {x for r in t.rounds for x in r.participants()}
    players = {p.id: p for p in t.players}
    rows = []
    for team in t.teams:
        roster = [players[pid] for pid in team.roster]
        rated = [p.rating for p in roster[: t.boards] if p.rating]
        rows.append(
            {
                "team": team,
                "roster": roster,
                "average": round(sum(rated) / len(rated)) if rated else None,
                "removable": team.id not in paired,
            }
            | _entrant_status(t, withdrawn, team.id)
        )
    return rows


def _player_name(names: Mapping[int, str], pid: int | None) -> str:
    return "(empty board)" if pid is None else names[pid]


def match_views(t: TeamTournament, number: int) -> list[dict[str, Any]]:
    """A round's matches as the pages show them: teams, computed result, each board."""
    rnd = t.rounds[number - 1]
    names = {p.id: p.name for p in t.players}
    shown = []
    for index, match in enumerate(rnd.matches, start=1):
        result = te.match_result(t, number, index)
        boards = []
        for board_number, board in enumerate(match.boards, start=1):
            boards.append(
                {
                    "number": board_number,
                    "first": _player_name(names, board.first),
                    "second": _player_name(names, board.second),
                    "first_colour": te.board_colour_letter(t, board_number, True),
                    "second_colour": te.board_colour_letter(t, board_number, False),
                    "result": "" if board.result is None else format_result(board.result),
                    "typed": typed_result(board.result),
                    "empty": board.first is None or board.second is None,
                }
            )
        mp1, gp1 = result.first_points
        mp2, gp2 = result.second_points
        shown.append(
            {
                "number": index,
                "match": match,
                "first": result.first,
                "second": result.second,
                "boards": boards,
                "finished": result.finished,
                "forfeit": "" if match.forfeit is None else match.forfeit.value,
                "game_points": f"{format_points(gp1)}-{format_points(gp2)}",
                "match_points": f"{format_points(mp1)}-{format_points(mp2)}"
                if result.finished
                else "",
            }
        )
    return shown


def _bye_views(t: TeamTournament, number: int) -> list[tuple[Team, str]]:
    words = {"U": "pairing-allocated bye", "F": "full-point bye", "H": "half-point bye"}
    words |= {"Z": "zero-point bye"}
    return [(t.team(b.team), words.get(b.kind.value, "bye")) for b in t.rounds[number - 1].byes]


def _walk_button(record: LogRecord | None) -> dict[str, str] | None:
    if record is None:
        return None
    return {"label": te.describe_team(record), "hint": f"#{record.seq}"}


def _standings(event: te.TeamEvent) -> dict[str, Any] | None:
    """The team standings and the boards' results, as text, once a round is complete."""
    t = event.tournament
    if not any(all(m.finished for m in r.matches) for r in t.rounds):
        return None
    table = te.team_standings(event)
    gone = {x for x, _ in t.withdrawals}
    rows = [
        {
            "rank": row.rank,
            "team_id": row.team_id,
            "name": row.name,
            "withdrawn": row.team_id in gone,
            "points": format_value(row.points),
            "secondary": format_value(row.secondary),
            "values": [format_value(v) for v in row.values],
        }
        for row in table.rows
    ]
    boards = [
        {
            "board": standing.board,
            "lines": [
                {
                    "rank": line.rank or "",
                    "name": line.name,
                    "team": t.team(line.team_id).name,
                    "points": format_value(line.points),
                    "games": line.games,
                    "percentage": format_value(line.percentage, 1),
                }
                for line in standing.lines
            ],
        }
        for standing in te.board_standings(event)
    ]
    return {
        "rounds": table.rounds,
        "score": table.score,
        "secondary": "GP" if table.score == "MP" else "MP",
        "codes": table.codes,
        "rows": rows,
        "boards": boards,
    }


def team_page(
    request: Request,
    event: te.TeamEvent,
    *,
    errors: Mapping[str, str] | None = None,
    values: Mapping[str, str] | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    t = event.tournament
    undo_next, redo_next = ev.undo_targets(desk_for(request), event.id, event.version)
    current = t.rounds[-1] if t.rounds else None
    context = {
        "event": event,
        "t": t,
        "teams": _team_rows(t),
        "step": team_next_step(t),
        "undo": _walk_button(undo_next),
        "redo": _walk_button(redo_next),
        "current": current,
        "matches": [] if current is None else match_views(t, current.number),
        "byes": [] if current is None else _bye_views(t, current.number),
        "swiss": not event.settings.system.team_round_robin,
        "over": t.total_rounds is not None and len(t.rounds) >= t.total_rounds,
        "sheets": team_printouts.TEAM_SHEETS,
        "errors": errors or {},
        "settings": te.team_settings_lines(event),
        "system_name": event.settings.system.label,
        "standings": _standings(event),
        "finished": [sum(1 for m in r.matches if m.finished) for r in t.rounds],
        "apart": [
            (", ".join(t.team(x).name for x in rule.players), rule.first_round)
            for rule in t.forbidden
        ],
        "fixed": [
            (m, t.team(m.first).name, t.team(m.second).name)
            for m in t.fixed
            if m.round >= t.next_round
        ],
        "details_open": any(k.split(".")[0] == "details" for k in errors or {}),
        # The form shows what the event says, or what was typed if it was refused.
        "values": {f"details.{k}": v for k, v in _event_text(event.settings).items()}
        | dict(values or {}),
        "staff": staff_section(request, event.id),
        "pairing": pairing_line(request, event, partial(_round_page, event.id)),
    }
    return _render(request, "desk/team_event.html", context, status_code)


def refused(
    request: Request,
    director: str,
    event_id: int,
    error: Exception,
    form: str,
    values: Mapping[str, str] | None = None,
) -> HTMLResponse:
    """The team desk again with what went wrong next to the form ``form``, nothing changed."""
    event = team_event_of(request, director, event_id)
    return _refusal(partial(team_page, request, event), error, form, values)


# --- the routes desk.py sends a team event to -----------------------------------------------


def pair(request: Request, director: str, event_id: int) -> Response:
    team_event_of(request, director, event_id)
    return pair_in_background(
        request,
        partial(te.start_pair_team_round, desk_for(request, director), event_id),
        partial(refused, request, director, event_id),
        partial(_round_page, event_id),
        "matches",
        lambda event, bye: event.tournament.team(bye).name,
    )


DESK = KindDesk(
    noun="a team event",
    load=team_event_of,
    page=team_page,
    walks=(te.undo_team, te.redo_team),
    describe=te.describe_team,
    export=te.export_team_event,
)
"""What desk.py's shared routes (the page, undo and redo, the log, the exports) use."""


# --- the event's details ---------------------------------------------------------------------


def _event_text(settings: EventSettings) -> dict[str, str]:
    """The name, report fields, rounds and tie-breaks as the details form shows them."""
    rounds = "" if settings.rounds is None else str(settings.rounds)
    return _report_text(settings) | {"rounds": rounds, "tiebreaks": ", ".join(settings.tiebreaks)}


@router.post("/events/{event_id}/team-settings", response_class=HTMLResponse)
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
    """The team event's name, report fields, rounds (a team Swiss) and team tie-breaks, as
    one undoable change; refused (409) if the event changed since the page was loaded."""
    event = team_event_of(request, director, event_id)
    typed = {"name": name, "rounds": rounds, "tiebreaks": tiebreaks}
    typed |= {"start_date": start_date, "end_date": end_date, "city": city}
    typed |= {"federation": federation, "event_type": event_type}
    typed |= {"chief_arbiter": chief_arbiter, "deputy_arbiters": deputy_arbiters}
    typed |= {"time_control": time_control, "round_dates": round_dates}

    def check(changes: dict[str, Any]) -> None:
        if event.settings.system.team_round_robin and not rounds.strip():
            del changes["rounds"]  # a round robin counts its own
        te.check_team_tiebreaks(changes["tiebreaks"])

    return edit_event_details(
        request,
        director,
        event_id,
        version,
        typed,
        page=partial(team_page, request, event),
        edit=te.edit_team_event,
        check=check,
        describe=te.describe_team,
    )


# --- teams ----------------------------------------------------------------------------------


@router.post("/events/{event_id}/teams", response_class=HTMLResponse)
def add_team(
    request: Request,
    director: Director,
    event_id: int,
    name: _Text = "",
    captain: _Text = "",
    players: _Text = "",
) -> Response:
    """A team with its players in board order, one a line: ``name, rating``."""
    team_event_of(request, director, event_id)
    values = {"team.name": name, "team.captain": captain, "team.players": players}
    try:
        errors: dict[str, str] = {}
        if not name.strip():
            errors["name"] = "give the team a name"
        roster: tuple[Player, ...] = ()
        try:
            roster = entry.roster_lines(players)
        except FieldErrors as error:
            errors |= error.errors
        if errors:
            raise FieldErrors(errors)
        new = te.NewTeam(name, roster, captain.strip())
        _, made = te.register_team(desk_for(request, director), event_id, new)
    except _REFUSED as error:
        return refused(request, director, event_id, error, "team", values)
    count = len(made.roster)
    message = f"Registered team {made.id} {made.name} ({count} player{'s' * (count != 1)})."
    return _done(request, message, _here(event_id), "team-name")


@router.post("/events/{event_id}/teams/import", response_class=HTMLResponse)
async def import_teams(
    request: Request,
    director: Director,
    event_id: int,
    file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    """Teams and their rosters from a CSV (``formats.teams_csv``): all or none."""
    filename = "" if file is None else file.filename or ""
    data = b"" if not filename or file is None else await file.read(MAX_UPLOAD + 1)
    return await run_in_threadpool(_import_teams, request, director, event_id, filename, data)


def _import_teams(
    request: Request, director: str, event_id: int, filename: str, data: bytes
) -> Response:
    team_event_of(request, director, event_id)
    try:
        rows = read_teams_csv(_upload_text(filename, data), filename)
        teams = [te.NewTeam(r.name, r.players, r.captain) for r in rows]
        te.import_teams(desk_for(request, director), event_id, teams)
    except _REFUSED as error:
        return refused(request, director, event_id, error, "import")
    players = sum(len(x.players) for x in teams)
    message = f"Imported {len(teams)} teams ({players} players) from {filename}."
    return _done(request, message, _here(event_id))


@router.post("/events/{event_id}/teams/byes", response_class=HTMLResponse)
def team_bye(
    request: Request,
    director: Director,
    event_id: int,
    team: _Text = "",
    round: _Text = "",
    kind: _Text = "half",
) -> Response:
    """A requested team bye (full, half or zero point) in a team Swiss."""
    team_event_of(request, director, event_id)
    values = {"bye.team": team, "bye.round": round, "bye.kind": kind}
    try:
        if not team.strip():
            raise FieldErrors({"team": "choose the team"})
        number = _round_typed(round)
        event = te.grant_team_bye(desk_for(request, director), event_id, team, number, kind)
    except _REFUSED as error:
        return refused(request, director, event_id, error, "bye", values)
    granted = event.tournament.requested_byes[-1]
    name = event.tournament.team(granted.player).name
    message = f"{name}: {kind}-point bye in round {granted.round}."
    return _done(request, message, _here(event_id))


@router.post("/events/{event_id}/teams/apart", response_class=HTMLResponse)
def keep_apart(
    request: Request, director: Director, event_id: int, teams: _Text = "", round: _Text = ""
) -> Response:
    """Teams never paired with each other from a round on (two teams of one club)."""
    team_event_of(request, director, event_id)
    values = {"apart.teams": teams, "apart.round": round}
    try:
        refs = [ref.strip() for ref in teams.split(",") if ref.strip()]
        if len(refs) < 2:
            raise FieldErrors({"teams": "name two teams or more, separated by commas"})
        event = te.forbid_teams(desk_for(request, director), event_id, refs, _round_typed(round))
    except (*_REFUSED, FieldErrors) as error:
        return refused(request, director, event_id, error, "apart", values)
    rule = event.tournament.forbidden[-1]
    names = ", ".join(event.tournament.team(x).name for x in rule.players)
    return _done(request, f"{names}: kept apart from round {rule.first_round} on.", _here(event_id))


@router.post("/events/{event_id}/teams/fixed", response_class=HTMLResponse)
def fix_match(
    request: Request,
    director: Director,
    event_id: int,
    first: _Text = "",
    second: _Text = "",
    round: _Text = "",
) -> Response:
    """A match of a round not yet paired fixed by the director, the first team White."""
    team_event_of(request, director, event_id)
    values = {"fixed.first": first, "fixed.second": second, "fixed.round": round}
    try:
        missing = {k: "choose the team" for k, v in (("first", first), ("second", second)) if not v}
        if missing:
            raise FieldErrors(missing)
        if first == second:
            raise FieldErrors({"second": "a team cannot meet itself"})
        event = te.fix_match(
            desk_for(request, director), event_id, first, second, _round_typed(round)
        )
    except (*_REFUSED, FieldErrors) as error:
        return refused(request, director, event_id, error, "fixed", values)
    made = event.tournament.fixed[-1]
    t = event.tournament
    message = f"Round {made.round}: {t.team(made.first).name} - {t.team(made.second).name} fixed."
    return _done(request, message, _here(event_id))


@router.post(
    "/events/{event_id}/teams/fixed/{round_number}/{tpn}/undo", response_class=HTMLResponse
)
def unfix_match(
    request: Request, director: Director, event_id: int, round_number: int, tpn: int
) -> Response:
    """Take a fixed match back before its round is paired."""
    team_event_of(request, director, event_id)
    try:
        te.unfix_match(desk_for(request, director), event_id, str(tpn), round_number)
    except _REFUSED as error:
        return refused(request, director, event_id, error, "fixed")
    return _done(request, f"Round {round_number}: the fixed match is taken back.", _here(event_id))


def _team_in(event: te.TeamEvent, tpn: int) -> Team:
    if not event.tournament.has_team(tpn):
        raise HTTPException(404, f"No team {tpn}.")
    return event.tournament.team(tpn)


def _edit_page(
    request: Request,
    event: te.TeamEvent,
    team: Team,
    values: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    row = next(r for r in _team_rows(event.tournament) if r["team"].id == team.id)
    context = {
        "event": event,
        "row": row,
        "team": team,
        "values": values or {"edit.name": team.name, "edit.captain": team.captain},
        "errors": errors or {},
    }
    return _render(request, "desk/team_edit.html", context, status_code)


@router.get("/events/{event_id}/teams/{tpn}", response_class=HTMLResponse)
def team_edit_page(request: Request, director: Director, event_id: int, tpn: int) -> Response:
    """A team's name and captain to correct, players to add to its roster, its removal."""
    event = team_event_of(request, director, event_id)
    return _edit_page(request, event, _team_in(event, tpn))


@router.post("/events/{event_id}/teams/{tpn}", response_class=HTMLResponse)
def edit_team(
    request: Request,
    director: Director,
    event_id: int,
    tpn: int,
    name: _Text = "",
    captain: _Text = "",
    players: _Text = "",
) -> Response:
    event = team_event_of(request, director, event_id)
    team = _team_in(event, tpn)
    values = {"edit.name": name, "edit.captain": captain, "edit.players": players}
    changes: dict[str, str] = {}
    try:
        if not name.strip():
            raise FieldErrors({"name": "give the team a name"})
        if " ".join(name.split()) != team.name:
            changes["name"] = " ".join(name.split())
        if captain.strip() != team.captain:
            changes["captain"] = captain.strip()
        added = entry.roster_lines(players)
        if not changes and not added:
            raise FieldErrors({"name": "nothing to change: the team already says so"})
        te.edit_team(desk_for(request, director), event_id, str(tpn), changes, added)
    except FieldErrors as error:
        errors = {f"edit.{k}": v for k, v in error.errors.items()}
        return _edit_page(request, event, team, values, errors, 422)
    except _REFUSED as error:
        status = 409 if isinstance(error, ConcurrencyError) else 400
        return _edit_page(request, event, team, values, {"edit": str(error)}, status)
    return _done(request, f"Saved team {tpn} {changes.get('name', team.name)}.", _here(event_id))


def _one_team(
    request: Request,
    director: str,
    event_id: int,
    tpn: int,
    call: Callable[[te.TeamEvent, Team], str],
) -> Response:
    event = team_event_of(request, director, event_id)
    team = _team_in(event, tpn)
    try:
        message = call(event, team)
    except _REFUSED as error:
        return refused(request, director, event_id, error, "teams")
    return _done(request, message, _here(event_id))


@router.post("/events/{event_id}/teams/{tpn}/remove", response_class=HTMLResponse)
def remove_team(request: Request, director: Director, event_id: int, tpn: int) -> Response:
    """Take off a team registered by mistake (never paired)."""

    def call(event: te.TeamEvent, team: Team) -> str:
        te.remove_team(desk_for(request, director), event_id, str(team.id))
        return f"Removed team {team.id} {team.name}."

    return _one_team(request, director, event_id, tpn, call)


@router.post("/events/{event_id}/teams/{tpn}/withdraw", response_class=HTMLResponse)
def withdraw_team(
    request: Request, director: Director, event_id: int, tpn: int, round: _Text = ""
) -> Response:
    """The team is not paired from the round given (empty: the next) on."""

    def call(event: te.TeamEvent, team: Team) -> str:
        number = int(round) if round.strip().isdecimal() else None
        if round.strip() and number is None:
            raise CommandError(f"{round.strip()!r} is not a round number")
        changed = te.withdraw_team(desk_for(request, director), event_id, str(team.id), number)
        since = dict(changed.tournament.withdrawals)[team.id]
        return f"Withdrew team {team.id} {team.name} from round {since} on."

    return _one_team(request, director, event_id, tpn, call)


@router.post("/events/{event_id}/teams/{tpn}/return", response_class=HTMLResponse)
def return_team(request: Request, director: Director, event_id: int, tpn: int) -> Response:
    """Take a withdrawal back while no round it affects is paired."""

    def call(event: te.TeamEvent, team: Team) -> str:
        te.return_team(desk_for(request, director), event_id, str(team.id))
        return f"Team {team.id} {team.name} is back: paired again."

    return _one_team(request, director, event_id, tpn, call)


# --- a round: line-ups and results ----------------------------------------------------------


def _lineup_choices(t: TeamTournament, team: Team) -> list[tuple[str, str]]:
    players = {p.id: p for p in t.players}
    choices = []
    for position, pid in enumerate(team.roster, start=1):
        p = players[pid]
        rating = f" ({p.rating})" if p.rating else ""
        choices.append((f"#{position}", f"{position}. {p.name}{rating}"))
    return choices


def _lineup_values(t: TeamTournament, team: Team, lineup: Sequence[int | None]) -> list[str]:
    position = {pid: index for index, pid in enumerate(team.roster, start=1)}
    return ["" if pid is None else f"#{position[pid]}" for pid in lineup]


def round_page(
    request: Request,
    event: te.TeamEvent,
    number: int,
    *,
    errors: Mapping[str, str] | None = None,
    typed: Mapping[str, Any] | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    """A round's matches: per match both line-ups (one select per board from the roster)
    and each board's result, the match result computed; ``typed`` keeps a refused form."""
    t = event.tournament
    rnd = t.rounds[number - 1]
    shown = match_views(t, number)
    for view, match in zip(shown, rnd.matches, strict=True):
        sides = []
        for team_id in (match.first, match.second):
            team = t.team(team_id)
            key = f"lineup-{view['number']}-{team_id}"
            values = _lineup_values(t, team, match.lineup(team_id))
            if typed is not None and key in typed:
                values = typed[key]
            sides.append(
                {
                    "team": team,
                    "key": key,
                    "choices": _lineup_choices(t, team),
                    "values": values,
                }
            )
        view["sides"] = sides
        results_key = f"results-{view['number']}"
        if typed is not None and results_key in typed:
            view["typed"] = typed[results_key]
        else:
            view["typed"] = {
                "forfeit": view["forfeit"],
                **{f"b{b['number']}": b["typed"] for b in view["boards"]},
            }
    context = {
        "event": event,
        "t": t,
        "number": number,
        "matches": shown,
        "byes": _bye_views(t, number),
        "errors": errors or {},
        "forfeits": MATCH_FORFEITS,
        "last": number == len(t.rounds),
    }
    return _render(request, "desk/team_round.html", context, status_code)


@router.get("/events/{event_id}/rounds/{number}/matches", response_class=HTMLResponse)
def matches_page(request: Request, director: Director, event_id: int, number: int) -> Response:
    event = team_event_of(request, director, event_id)
    being_paired = pairing_page(request, director, event, number)
    if being_paired is not None:
        return being_paired
    paired_or_404(event.tournament.rounds, number)
    return round_page(request, event, number)


def _match_of(
    request: Request, director: str, event_id: int, number: int, match: int
) -> tuple[te.TeamEvent, TeamMatch]:
    """The team event and the match ``match`` of its round ``number`` (404 if not paired)."""
    event = team_event_of(request, director, event_id)
    paired_or_404(event.tournament.rounds, number)
    if not 1 <= match <= len(event.tournament.rounds[number - 1].matches):
        raise HTTPException(404, f"Round {number} has no match {match}.")
    return event, event.tournament.rounds[number - 1].matches[match - 1]


@router.post(
    "/events/{event_id}/rounds/{number}/matches/{match}/lineup", response_class=HTMLResponse
)
async def save_lineup(
    request: Request, director: Director, event_id: int, number: int, match: int
) -> Response:
    form = await request.form()
    return await run_in_threadpool(_save_lineup, request, director, event_id, number, match, form)


def _save_lineup(
    request: Request, director: str, event_id: int, number: int, match: int, form: FormData
) -> Response:
    """One team's line-up for its match: ``b1``...``bB`` roster positions (``#2``), empty for
    an empty board (the lowest ones); the roster order is the service's to enforce."""
    event, played = _match_of(request, director, event_id, number, match)
    t = event.tournament
    team_text = _form_text(form, "team")
    if not team_text.isdecimal() or int(team_text) not in (played.first, played.second):
        raise HTTPException(400, "Choose one of the two teams of the match.")
    tpn = int(team_text)
    key = f"lineup-{match}-{tpn}"
    chosen = [_form_text(form, f"b{b}") for b in range(1, t.boards + 1)]
    typed = {key: chosen}

    def again(status: int, errors: Mapping[str, str]) -> HTMLResponse:
        return round_page(request, event, number, errors=errors, typed=typed, status_code=status)

    refs = [c for c in chosen if c]
    for board, value in enumerate(chosen, start=1):
        if not value and any(chosen[board:]):
            below = board + next(i for i, c in enumerate(chosen[board:], start=1) if c)
            message = (
                f"board {board} is empty but board {below} is not: a team leaves its lowest "
                "boards empty"
            )
            return again(422, {f"{key}-b{board}": message, key: message})
    version = _page_version(_form_text(form, "version"))
    if version is None:
        return again(409, {key: STALE})
    try:
        te.set_lineup(
            desk_for(request, director),
            event_id,
            str(tpn),
            refs,
            number,
            expected_version=version,
        )
    except ConcurrencyError:
        return again(409, {key: STALE})
    except CommandError as error:
        return again(400, {key: str(error)})
    empty = t.boards - len(refs)
    note = f"; {empty} empty board{'s' * (empty != 1)}, lost by forfeit" if empty else ""
    message = f"Round {number}: line-up of {t.team(tpn).name} saved{note}."
    return _done(request, message, _round_page(event_id, number, match))


@router.post(
    "/events/{event_id}/rounds/{number}/matches/{match}/results", response_class=HTMLResponse
)
async def save_match_results(
    request: Request, director: Director, event_id: int, number: int, match: int
) -> Response:
    form = await request.form()
    return await run_in_threadpool(_save_results, request, director, event_id, number, match, form)


def _save_results(
    request: Request, director: str, event_id: int, number: int, match: int, form: FormData
) -> Response:
    """A match's results: ``b1``...``bB`` each board's result (as on the individual result
    form: ``1``, ``0``, ``=``, ``+``, ``-``, or written out), or ``forfeit`` for a match not
    played as a whole; a board already with a result is a correction."""
    event, played = _match_of(request, director, event_id, number, match)
    t = event.tournament
    key = f"results-{match}"
    boards = {f"b{b}": _form_text(form, f"b{b}") for b in range(1, len(played.boards) + 1)}
    forfeit = _form_text(form, "forfeit")
    typed = {key: {"forfeit": forfeit, **boards}}
    errors: dict[str, str] = {}
    entries: list[tuple[str, str]] = []
    corrects = False
    allowed = {value for value, _ in MATCH_FORFEITS}
    if forfeit not in allowed:
        errors[f"{key}-forfeit"] = "choose played, or who forfeits the match"
    elif forfeit:
        if played.forfeit is None or played.forfeit.value != forfeit:
            entries.append((str(match), forfeit))
            # Over results already given (a forfeit, or boards played): a correction.
            corrects = played.forfeit is not None or any(
                b.result is not None and b.first is not None and b.second is not None
                for b in played.boards
            )
    else:
        for board_number, board in enumerate(played.boards, start=1):
            text = boards[f"b{board_number}"]
            if not text or board.first is None or board.second is None:
                continue  # left as it is; an empty board's forfeit is fixed
            try:
                entered = parse_result(expand_shortcut(text))
                if entered.match_score is not None:
                    raise CommandError(f"{text!r}: a board is one game (1-0, ½-½, 0-1, +-, -+)")
            except CommandError as error:
                errors[f"{key}-b{board_number}"] = str(error)
                continue
            if entered.result != board.result:
                entries.append((f"{match}.{board_number}", expand_shortcut(text)))
                # Board results instead of a whole-match forfeit correct it too.
                corrects = corrects or board.result is not None or played.forfeit is not None

    def again(status: int, more: Mapping[str, str]) -> HTMLResponse:
        return round_page(
            request, event, number, errors=errors | dict(more), typed=typed, status_code=status
        )

    if errors:
        return again(422, {key: "Some results could not be read; nothing was saved."})
    version = _page_version(_form_text(form, "version"))
    if version is None:
        return again(409, {key: STALE})
    if not entries:
        return _done(
            request, f"Match {match}: nothing changed.", _round_page(event_id, number, match)
        )
    correction = corrects or number != len(t.rounds)
    try:
        changed = te.record_team_results(
            desk_for(request, director),
            event_id,
            number if correction else None,
            entries,
            expected_version=version,
        )
    except ConcurrencyError:
        return again(409, {key: STALE})
    except CommandError as error:
        return again(400, {key: str(error)})
    result = te.match_result(changed.tournament, number, match)
    verb = "Corrected" if correction else "Saved"
    message = f"{verb} round {number}, {result.describe()}."
    rnd = changed.tournament.rounds[number - 1]
    if all(m.finished for m in rnd.matches):
        return _done(request, f"{message} Round {number} is complete.", _here(event_id))
    return _done(request, message, _round_page(event_id, number, match))
