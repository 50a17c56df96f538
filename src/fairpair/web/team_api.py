"""The JSON API of team events: reads for anyone, writes for the director who runs the event.

Reads: the routes of :mod:`fairpair.web.api_read` (event, round, standings) answer a team
event with the team views of :mod:`fairpair.web.team_views`; the board standings, the
crosstable and the teams are this module's own routes. Writes: create a team event, register
a team with its roster, set a line-up, enter board results or a whole match's forfeit,
withdraw or return a team; ``/pair``, ``/undo`` and ``/redo`` of the write API answer a team
event through here. Each is one service call of :mod:`fairpair.service.team_events` (one
audit-log record), with the rights and the error shapes of the individual write API
(:mod:`fairpair.web.api_write`): 401, 404 (not the caller's event), 409, 400 for a command that
does not fit the event, 422 naming the body field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field, model_validator

from fairpair.core import Player
from fairpair.core.teams import TeamTournament
from fairpair.service import directors, entry, team_actions
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import (
    EventSettings,
)
from fairpair.storage import UnknownEventError
from fairpair.web import double_api, views
from fairpair.web import double_views as dv
from fairpair.web import team_views as tv
from fairpair.web.auth import ApiDirector
from fairpair.web.deps import desk_for, store_of
from fairpair.web.reading import respond
from fairpair.web.writing import ChangeOut, answers, error_responses, field_error, walked

read_router = APIRouter(prefix="/api", tags=["read"])
write_router = APIRouter(prefix="/api", tags=["director (write)"])

EVENT = "/events/{event_id:int}"
WRITE = "/events/{event_id}"
"""The write routes' event, as :mod:`fairpair.web.api_write` spells it."""
_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": views.ErrorDetail, "description": "No such team event, round or team."}
}


def _json(view: views.View) -> Response:
    return JSONResponse(view.model_dump(mode="json"))


# --- reading: the hooks of api_read and the team-only routes ----------------------------------


def detail_json(event: te.TeamEvent) -> Response:
    return _json(tv.team_event_detail(event))


def round_json(number: int) -> Callable[[te.TeamEvent], Response]:
    def render(event: te.TeamEvent) -> Response:
        try:
            return _json(tv.team_round_view(event, number))
        except IndexError:
            raise HTTPException(404, f"Round {number} is not paired.") from None

    return render


def standings_json(event: te.TeamEvent) -> Response:
    return _json(tv.team_standings_view(event))


@read_router.get(EVENT + "/boards", response_model=tv.BoardPrizesView, responses=_NOT_FOUND)
def board_standings(request: Request, event_id: int) -> Response:
    """A team event's board standings for the board prizes: per board its players with
    games, points, percentage and performance, ranked when they played the minimum."""
    return respond(request, event_id, None, team=lambda e: _json(tv.board_prizes_view(e)))


@read_router.get(
    EVENT + "/crosstable",
    response_model=tv.TeamCrosstableView | dv.DoubleCrosstableView,
    responses=_NOT_FOUND,
)
def crosstable(request: Request, event_id: int) -> Response:
    """A team event's crosstable: each team's opponent, board-1 colour and score by round; a
    Double-Swiss event's: each player's opponent, game-1 colour, both games and the match."""
    return respond(
        request,
        event_id,
        None,
        team=lambda e: _json(tv.team_crosstable_view(e)),
        double=lambda e: double_api.crosstable_json(request, e),
    )


@read_router.get(EVENT + "/teams", response_model=list[tv.TeamDetail], responses=_NOT_FOUND)
def teams(request: Request, event_id: int) -> Response:
    """A team event's teams by pairing number, each with its roster in board order."""

    def render(event: te.TeamEvent) -> Response:
        detail = tv.team_event_detail(event)
        return JSONResponse([t.model_dump(mode="json") for t in detail.teams])

    return respond(request, event_id, None, team=render)


@read_router.get(EVENT + "/teams/{tpn:int}", response_model=tv.TeamView, responses=_NOT_FOUND)
def team(request: Request, event_id: int, tpn: int) -> Response:
    """A team: roster, rank, MP, GP, tie-breaks and every round board by board."""

    def render(event: te.TeamEvent) -> Response:
        if not event.tournament.has_team(tpn):
            raise HTTPException(404, f"There is no team {tpn} in this event.")
        return _json(tv.team_view(event, tpn))

    return respond(request, event_id, None, team=render)


# --- writing ----------------------------------------------------------------------------------


_ERRORS = error_responses(
    (400, "The command does not fit the event as it stands; nothing changed."),
    (401, "No director signed in (HTTP Basic, a Bearer token, or session + X-CSRF-Token)."),
    (404, "No such team event among the director's events."),
    (409, "Another director changed the event first; nothing changed."),
    (422, "A body field is wrong (its location names it); nothing changed."),
)


def _team_event_of(request: Request, director: str, event_id: int) -> ev.Desk:
    """The director's desk on one of their team events; 404 for another's or an unknown
    event, 400 for an individual one."""
    desk = desk_for(request, director)
    with answers():
        info = directors.event_of(desk, event_id, director)
        if not te.is_team_event(info):
            raise CommandError(f"{info.name!r} is not a team event")
    return desk


class TeamEventOut(BaseModel):
    """A team event as it stands after the change."""

    id: int
    name: str
    system: str
    owner: str | None
    version: int
    rounds_paired: int
    total_rounds: int | None
    teams: int
    players: int


def _event_out(event: te.TeamEvent) -> TeamEventOut:
    t = event.tournament
    return TeamEventOut(
        id=event.id,
        name=event.info.name,
        system=event.info.system,
        owner=event.info.owner,
        version=event.version,
        rounds_paired=len(t.rounds),
        total_rounds=t.total_rounds,
        teams=len(t.teams),
        players=len(t.players),
    )


class NewTeamEvent(BaseModel):
    """A new team event (spec team-swiss.md §1)."""

    name: str = Field(min_length=1, max_length=200)
    system: Literal["team-swiss", "team-berger"] = Field(
        default="team-swiss",
        description="team-swiss: the FIDE Swiss Team Pairing System (C.04.6); team-berger: "
        "a team round robin on the Berger tables.",
    )
    rounds: int | None = Field(default=None, ge=1, le=99, description="Required for a Swiss.")
    double: bool = Field(default=False, description="A double round robin (team-berger).")
    boards: int = Field(default=4, ge=1, le=14, description="Boards of each match.")
    match_points: str = Field(
        default="2/1/0", description="Match points of a won, drawn and lost match, e.g. 3/1/0."
    )
    points: str = Field(
        default="", description="Game points of a board: win,draw,loss (empty: 1,0.5,0)."
    )
    primary: Literal["MP", "GP"] = Field(
        default="MP", description="The score that ranks and pairs the teams."
    )
    colour_model: Literal["typea", "typeb", "none"] = Field(
        default="typea", description="How colour preferences are found (C.04.6 1.7)."
    )
    board_colours: str = Field(
        default="",
        description="The first (White) team's colour board by board, e.g. WBWB (empty: "
        "alternating from White on board 1).",
    )
    min_board_games: int = Field(
        default=0, ge=0, le=99, description="Games on a board needed for a board prize."
    )
    tiebreaks: list[str] = Field(
        default_factory=list,
        description="Team tie-break codes in order, e.g. EDE, BH:GP/C1 (empty: MPvGP).",
    )
    initial_colour: Literal["white", "black"] = Field(
        default="white", description="The first team's colour on board 1 in round 1."
    )


def _team_settings(body: NewTeamEvent) -> EventSettings:
    """The settings of the body, read as the desk's form is read (each refusal under its
    field's name, which is the body's)."""
    return entry.team_event_settings(
        body.name,
        body.system,
        "" if body.rounds is None else str(body.rounds),
        body.points,
        ",".join(body.tiebreaks),
        boards=str(body.boards),
        match_points=body.match_points,
        primary=body.primary,
        colour_model=body.colour_model,
        board_colours=body.board_colours,
        min_board_games=str(body.min_board_games),
        double="yes" if body.double else "",
        initial_colour=body.initial_colour,
    )


@write_router.post("/team-events", status_code=201, response_model=TeamEventOut, responses=_ERRORS)
def create_team_event(request: Request, director: ApiDirector, body: NewTeamEvent) -> TeamEventOut:
    """Create a team event run by the calling director."""
    with answers():
        settings = _team_settings(body)
        event = te.create_team_event(desk_for(request, director), settings, owner=director)
    return _event_out(event)


class RosterPlayer(BaseModel):
    """A player of a team's roster."""

    name: str = Field(min_length=1, max_length=200)
    rating: int | None = Field(default=None, ge=0, le=4000)
    title: str = Field(default="", max_length=3)
    federation: str = Field(default="", max_length=3)
    fide_id: str = Field(default="", max_length=11, description="Digits only.")


class NewTeam(BaseModel):
    """A team to register with the next pairing number, its players in board order."""

    name: str = Field(min_length=1, max_length=200)
    captain: str = Field(default="", max_length=200)
    players: list[RosterPlayer] = Field(
        default_factory=list, max_length=14, description="Board order: board 1 first."
    )


class TeamOut(BaseModel):
    """The team registered and the event's version after it."""

    team: tv.TeamDetail
    version: int


@write_router.post(WRITE + "/teams", status_code=201, response_model=TeamOut, responses=_ERRORS)
def add_team(request: Request, director: ApiDirector, event_id: int, body: NewTeam) -> TeamOut:
    """Register a team with its roster (it may list more players than boards: reserves)."""
    desk = _team_event_of(request, director, event_id)
    players = []
    for index, p in enumerate(body.players):
        with answers(["players", index]):
            typed = entry.player_entry(p.name, p.rating, p.title, p.federation, fide_id=p.fide_id)
        players.append(Player(id=1, name=typed.name, **typed.details))
    with answers(["name"]):
        try:
            event, made = te.register_team(
                desk, event_id, te.NewTeam(body.name, tuple(players), body.captain.strip())
            )
        except FieldErrors as error:  # the team's own texts, each under its body field
            raise HTTPException(
                422,
                [
                    {"loc": ["body", name], "msg": message, "type": "value_error"}
                    for name, message in error.errors.items()
                ],
            ) from None
    detail = tv.team_event_detail(event)
    return TeamOut(team=next(t for t in detail.teams if t.id == made.id), version=event.version)


class LineUp(BaseModel):
    """Who plays for the team, board 1 first."""

    round: int | None = Field(default=None, ge=1, description="Default: the last paired round.")
    version: int | None = Field(
        default=None,
        description="The event's version the caller saw: refused (409) if another change "
        "came in between.",
    )
    players: list[int] = Field(
        min_length=1,
        max_length=14,
        description="Player ids (start numbers) from the team's roster, in roster order; "
        "fewer than the boards leaves the last boards empty (lost by forfeit).",
    )


def _roster_refs(t: TeamTournament, tpn: int, ids: Sequence[int]) -> list[str]:
    """Player ids as roster positions (``#2``), the way the service names a roster's players."""
    roster = t.team(tpn).roster
    refs = []
    for index, pid in enumerate(ids):
        if pid not in roster:
            raise field_error(
                ["players", index], f"player {pid} is not on the roster of {t.team(tpn).name}"
            )
        refs.append(f"#{roster.index(pid) + 1}")
    return refs


@write_router.post(WRITE + "/teams/{tpn}/lineup", response_model=TeamEventOut, responses=_ERRORS)
def set_lineup(
    request: Request, director: ApiDirector, event_id: int, tpn: int, body: LineUp
) -> TeamEventOut:
    """Set the team's line-up for its match of a paired round (before its results)."""
    desk = _team_event_of(request, director, event_id)
    with answers():
        t = te.load_team(desk, event_id).tournament
        if not t.has_team(tpn):
            raise HTTPException(404, f"There is no team {tpn} in this event.")
    refs = _roster_refs(t, tpn, body.players)
    with answers(["players"]):  # the line-up itself, by the service's rule (roster order...)
        team_actions.board_lineup(t, tpn, body.players)
    with answers():  # what the round refuses as it stands: not paired, results in...
        event = te.set_lineup(
            desk, event_id, str(tpn), refs, body.round, expected_version=body.version
        )
    return _event_out(event)


BoardResult = Literal["1-0", "0-1", "1/2", "½-½", "=", "+-", "-+", "--"]


class BoardResultIn(BaseModel):
    """A board's result, first team's player first; without ``board``, a whole match's
    forfeit."""

    match: int = Field(ge=1, description="The match's table in the round.")
    board: int | None = Field(
        default=None, ge=1, description="The board; null: the match as a whole (a forfeit)."
    )
    result: BoardResult = Field(
        description="1-0, 0-1, 1/2 (or ½-½, =), +-, -+, --; for a whole match only +- (the "
        "second team did not come), -+ or --."
    )

    @model_validator(mode="after")
    def _whole_match_is_a_forfeit(self) -> BoardResultIn:
        if self.board is None and self.result not in ("+-", "-+", "--"):
            raise ValueError(
                "a whole match is only forfeited (+-, -+ or --); give each board's result "
                "with its board"
            )
        return self


class TeamResults(BaseModel):
    """Results of one round's boards, saved all or none."""

    round: int | None = Field(
        default=None,
        ge=1,
        description="A round to correct; default: the last paired round, entering results "
        "on boards without one.",
    )
    version: int | None = Field(
        default=None,
        description="The event's version the results were typed at: refused (409) if another "
        "change came in between.",
    )
    results: list[BoardResultIn] = Field(min_length=1)


class TeamRoundOut(tv.TeamRoundView):
    """The round after the change, and the event's version."""

    version: int


def _round_out(event: te.TeamEvent, number: int) -> TeamRoundOut:
    view = tv.team_round_view(event, number)
    return TeamRoundOut(**view.model_dump(), version=event.version)


@write_router.post(WRITE + "/team-results", response_model=TeamRoundOut, responses=_ERRORS)
def team_results(
    request: Request, director: ApiDirector, event_id: int, body: TeamResults
) -> TeamRoundOut:
    """Enter board results (or a match forfeited as a whole) of the last round; with
    ``round``, correct that round's results. The match results follow from the boards."""
    desk = _team_event_of(request, director, event_id)
    typed = [
        (str(r.match) if r.board is None else f"{r.match}.{r.board}", r.result)
        for r in body.results
    ]
    with answers():
        event = te.record_team_results(
            desk, event_id, body.round, typed, expected_version=body.version
        )
    return _round_out(event, body.round or len(event.tournament.rounds))


class TeamWithdrawal(BaseModel):
    """The first round a withdrawn team is not paired in."""

    round: int | None = Field(default=None, ge=1, description="Default: the next round.")


@write_router.post(WRITE + "/teams/{tpn}/withdraw", response_model=TeamEventOut, responses=_ERRORS)
def withdraw_team(
    request: Request,
    director: ApiDirector,
    event_id: int,
    tpn: int,
    body: TeamWithdrawal | None = None,
) -> TeamEventOut:
    """Withdraw a team from a round on (default: the next); a round robin scores its
    remaining matches as forfeits."""
    desk = _team_event_of(request, director, event_id)
    with answers():
        event = te.withdraw_team(desk, event_id, str(tpn), (body or TeamWithdrawal()).round)
    return _event_out(event)


@write_router.post(WRITE + "/teams/{tpn}/return", response_model=TeamEventOut, responses=_ERRORS)
def return_team(request: Request, director: ApiDirector, event_id: int, tpn: int) -> TeamEventOut:
    """Take a team's withdrawal back while no round it affects is paired."""
    desk = _team_event_of(request, director, event_id)
    with answers():
        event = te.return_team(desk, event_id, str(tpn))
    return _event_out(event)


# --- the hooks of api_write: pair, undo, redo --------------------------------------------------


def is_team(request: Request, event_id: int) -> bool:
    """Whether the event is a team event (False for no event: the caller answers 404)."""
    try:
        return te.is_team_event(store_of(request).event(event_id))
    except UnknownEventError:
        return False


def individual_only(name: str) -> str:
    """What a route of individual events answers for a team event."""
    return (
        f"{name!r} is a team event: its teams, line-ups and results go through "
        "/teams, /teams/{tpn}/lineup and /team-results"
    )


def pair(desk: ev.Desk, event_id: int) -> TeamRoundOut:
    """Pair the next round of a team event."""
    with answers():
        event, pairing = te.pair_team_round(desk, event_id)
    return _round_out(event, pairing.round)


class TeamWalkOut(TeamEventOut):
    """The team event after an undo or redo, and the changes it took back or brought back."""

    changes: list[ChangeOut] = Field(description="Latest first.")
    undo_next: ChangeOut | None
    redo_next: ChangeOut | None


def walk(desk: ev.Desk, event_id: int, steps: int, version: int | None, undo: bool) -> TeamWalkOut:
    """Undo or redo ``steps`` changes of a team event; 409 if it is no longer at
    ``version``."""
    with answers():
        step = te.undo_team if undo else te.redo_team
        event, taken = step(desk, event_id, steps, expected_version=version)
    return TeamWalkOut(
        **_event_out(event).model_dump(), **walked(desk, event, taken, te.describe_team)
    )
