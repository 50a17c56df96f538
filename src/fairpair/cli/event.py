"""`fairpair event ...`: create, edit and list events, their standings, crosstable and rebuild."""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from fairpair.cli import stage
from fairpair.cli.director import ActorOption, DbOption, EventOption, fail, session
from fairpair.core import Colour, PointSystem, format_points
from fairpair.core.words import counted
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import (
    AccelerationMethod,
    ByeLimit,
    EventSettings,
    Game,
    System,
    WithdrawalPolicy,
    parse_points,
    report_fields,
    usual_scoring,
)
from fairpair.service.venue import ClockStep

if TYPE_CHECKING:
    from fairpair.formats import printouts as sheets
    from fairpair.formats import standings_render

# A command typed loads its own needs: the modules of team and Double-Swiss events, of the
# printed sheets and of the sub-groups that live elsewhere are imported where they are used.

app = typer.Typer(
    help="Create and list events; standings and crosstable of one.", no_args_is_help=True
)


class ListFormat(enum.Enum):
    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    HTML = "html"


_HELP = {
    "city": "Where the event is played (rating report, TRF 022).",
    "federation": "Host federation, three letters, e.g. FRA (TRF 032).",
    "arbiter": "Chief arbiter (TRF 102).",
    "deputy": "A deputy arbiter (TRF 112); repeat for each.",
    "time_control": "Time control as the report states it, e.g. 90'/40+30'+30\" (TRF 122).",
    "type": "Type of tournament, e.g. 'Individual: Swiss-System' (TRF 092).",
    "round_dates": "Date of each round, round 1 first: 2026-05-01,2026-05-02,... (TRF 132).",
}
_OPTION = {
    "initial_colour": "first_colour",
    "chief_arbiter": "arbiter",
    "deputy_arbiters": "deputy",
    "event_type": "type",
    "start_date": "start",
    "end_date": "end",
}
"""The option of ``event create``/``event edit`` that gives each report field."""

CityOption = Annotated[str, typer.Option("--city", help=_HELP["city"])]
FederationOption = Annotated[str, typer.Option("--federation", help=_HELP["federation"])]
ArbiterOption = Annotated[str, typer.Option("--arbiter", help=_HELP["arbiter"])]
DeputyOption = Annotated[
    list[str] | None, typer.Option("--deputy", help=_HELP["deputy"], show_default=False)
]
TimeControlOption = Annotated[str, typer.Option("--time-control", help=_HELP["time_control"])]
TypeOption = Annotated[str, typer.Option("--type", help=_HELP["type"])]
RoundDatesOption = Annotated[str, typer.Option("--round-dates", help=_HELP["round_dates"])]


def _points(points: PointSystem) -> str:
    return "/".join(format_points(v) for v in (points.win, points.draw, points.loss))


def _codes(text: str) -> tuple[str, ...]:
    return tuple(code for code in re.split(r"[,\s]+", text.strip()) if code)


@app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="The event's name (unique in the store).")],
    system: Annotated[
        System | None,
        typer.Option(
            "--system",
            "-s",
            help="Pairing system (default: dutch for chess, casual for cards and go).",
            show_default=False,
        ),
    ] = None,
    game: Annotated[
        Game | None,
        typer.Option(
            "--game",
            "-g",
            help="What is played; it chooses the usual points and tie-breaks. chess: 1,0.5,0, "
            "FIDE tie-breaks, colours; cards: 3,1,0 match points, OMW,GW,OGW, no colours; "
            "go: 1,0.5,0, McMahon score then SOS,SOSOS. Default: cards for a casual Swiss "
            "or 3,1,0 points, chess otherwise.",
            show_default=False,
        ),
    ] = None,
    colours: Annotated[
        bool,
        typer.Option(
            "--colours", help="Boards have colours (White/Black): chess points unless given."
        ),
    ] = False,
    rounds: Annotated[
        int | None, typer.Option("--rounds", "-r", help="Rounds (a round robin: from the field).")
    ] = None,
    points: Annotated[
        str | None,
        typer.Option(
            "--points",
            help="win,draw,loss[,bye] e.g. 1,0.5,0 or 3,1,0 (default: the game's usual).",
        ),
    ] = None,
    tiebreaks: Annotated[
        str | None,
        typer.Option("--tiebreaks", "-t", help="Codes in order, e.g. BH-C1,BH,DE,WON."),
    ] = None,
    start: Annotated[str, typer.Option("--start", help="First day (YYYY-MM-DD).")] = "",
    end: Annotated[str, typer.Option("--end", help="Last day (YYYY-MM-DD).")] = "",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the drawing of lots.")] = 0,
    double: Annotated[bool, typer.Option("--double", help="Double round robin.")] = False,
    swap_last_rounds: Annotated[
        bool,
        typer.Option(
            "--swap-last-rounds/--no-swap-last-rounds",
            help="Double round robin: play the first cycle's last two rounds swapped, as "
            "FIDE's Berger tables recommend (on by default).",
        ),
    ] = True,
    acceleration: Annotated[
        AccelerationMethod,
        typer.Option(
            "--acceleration",
            help="Dutch or Burstein Swiss: baku for FIDE's Baku acceleration (C.04.7), "
            "virtual points for the top half in the first half of the rounds.",
        ),
    ] = AccelerationMethod.NONE,
    black_first: Annotated[
        bool, typer.Option("--black-first", help="The top seed has black in round 1.")
    ] = False,
    bye_limit: Annotated[
        str | None,
        typer.Option(
            "--bye-limit",
            help="Byes a player may request, e.g. half=2,last=2: at most 2 half-point byes, "
            "no full- or half-point bye in the last 2 rounds (keys full, half, zero, total, "
            "last).",
        ),
    ] = None,
    withdrawal_policy: Annotated[
        WithdrawalPolicy,
        typer.Option(
            "--withdrawal-policy",
            help="Round robin: how a withdrawal is scored. keep_played_forfeit_rest: games "
            "played count, the others are forfeit wins for the opponents; "
            "annul_if_under_half: all his results are deleted if he played fewer than half "
            "of his games, otherwise as keep_played_forfeit_rest.",
        ),
    ] = WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST,
    city: CityOption = "",
    federation: FederationOption = "",
    arbiter: ArbiterOption = "",
    deputy: DeputyOption = None,
    time_control: TimeControlOption = "",
    event_type: TypeOption = "",
    round_dates: RoundDatesOption = "",
    boards: Annotated[
        int | None, typer.Option("--boards", help="Team event: boards per match (default 4).")
    ] = None,
    primary: Annotated[
        str | None,
        typer.Option("--primary", help="Team event: mp or gp, the score that ranks (mp)."),
    ] = None,
    match_points: Annotated[
        str | None,
        typer.Option("--match-points", help="Team event: won/drawn/lost match, e.g. 2/1/0."),
    ] = None,
    colour_model: Annotated[
        str | None,
        typer.Option(
            "--colour-model", help="Team Swiss: typea, typeb or none (C.04.6 1.7; typea)."
        ),
    ] = None,
    board_colours: Annotated[
        str | None,
        typer.Option(
            "--board-colours", help="Team event: the White team's colour per board (WBWB...)."
        ),
    ] = None,
    min_board_games: Annotated[
        int, typer.Option("--min-board-games", help="Team event: games for a board prize.")
    ] = 0,
    bracket: stage.BracketOption = "",
    match: stage.MatchOption = "",
    third_place: stage.ThirdPlaceOption = False,
    reset: stage.ResetOption = True,
    first_white: stage.FirstWhiteOption = "",
    initial_colour: Annotated[
        str | None,
        typer.Option(
            "--initial-colour",
            help="Double-Swiss: white or black, the top seed's colour in game 1 of round 1 "
            "(default: drawn by lot).",
            show_default=False,
        ),
    ] = None,
    bye_values: Annotated[
        str | None,
        typer.Option(
            "--bye-values",
            help="Double-Swiss: what a pairing-allocated, half-point and full-point bye are "
            "worth, e.g. 1.5/1/2 (the default).",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Create an event (a team event with --system team-swiss or team-berger, a FIDE
    Double-Swiss of two-game matches with --system double-swiss, a knockout seeded by rating
    with --system knockout and its --bracket, --match, --third-place, --no-reset,
    --first-white)."""
    report = {
        "city": city,
        "federation": federation,
        "chief_arbiter": arbiter,
        "deputy_arbiters": list(deputy or ()),
        "time_control": time_control,
        "event_type": event_type,
        "round_dates": round_dates,
        "start_date": start,
        "end_date": end,
    }
    knockout = {
        "--bracket": bool(bracket),
        "--match": bool(match),
        "--third-place": third_place,
        "--no-reset": not reset,
        "--first-white": bool(first_white),
    }
    knockout_flags = [flag for flag, given_flag in knockout.items() if given_flag]
    if knockout_flags and system is not System.KNOCKOUT:
        raise fail(f"{knockout_flags[0]} is for a knockout event (--system knockout)")
    with session(db, None, actor) as s, _options_named():
        given = None if points is None else parse_points(points)
        if system is System.KNOCKOUT:
            refused = {
                "--double": double,
                "--black-first": black_first,
                "--seed": bool(seed),
                "--boards": boards is not None,
                "--primary": primary is not None,
                "--match-points": match_points is not None,
                "--colour-model": colour_model is not None,
                "--board-colours": board_colours is not None,
                "--min-board-games": bool(min_board_games),
                "--initial-colour": initial_colour is not None,
                "--bye-values": bye_values is not None,
            }
            flags = [flag for flag, given_flag in refused.items() if given_flag]
            if flags:
                raise fail(f"{flags[0]} is not for a knockout event")
            _create_knockout(
                s.desk,
                name,
                rounds,
                points or "",
                tiebreaks or "",
                game,
                colours,
                bye_limit,
                withdrawal_policy,
                (bracket, match, third_place, reset, first_white),
                report,
            )
            return
        if system is System.DOUBLE_SWISS:
            refused = {
                "--game": game not in (None, Game.CHESS),
                "--colours": colours,
                "--points": points is not None,
                "--double": double,
                "--bye-limit": bye_limit is not None,
                "--boards": boards is not None,
                "--match-points": match_points is not None,
                "--colour-model": colour_model is not None,
                "--board-colours": board_colours is not None,
                "--min-board-games": bool(min_board_games),
            }
            flags = [flag for flag, given_flag in refused.items() if given_flag]
            if flags:
                raise fail(f"{flags[0]} is not for a Double-Swiss event")
            _create_double(
                s.desk,
                name,
                rounds,
                initial_colour,
                black_first,
                bye_values,
                primary,
                tiebreaks,
                report,
            )
            return
        if initial_colour is not None or bye_values is not None:
            flag = "--initial-colour" if initial_colour is not None else "--bye-values"
            raise fail(f"{flag} is for a Double-Swiss event (--system double-swiss)")
        if system is not None and system.team:
            if game not in (None, Game.CHESS) or colours:
                raise fail("a team event is chess: --game and --colours are not for it")
            from fairpair.service.team_settings import (
                TeamSettings,
                parse_board_colours,
                parse_colour_model,
                parse_match_points,
                parse_primary,
            )

            team = TeamSettings(
                boards=4 if boards is None else boards,
                match_points=(20, 10, 0)
                if match_points is None
                else parse_match_points(match_points),
                primary=parse_primary(primary or "mp"),
                colour_model=parse_colour_model(colour_model or "typea"),
                board_colours=""
                if board_colours is None
                else parse_board_colours(board_colours, 4 if boards is None else boards),
                min_board_games=min_board_games,
            )
            team_settings = EventSettings(
                name=name.strip(),
                system=system,
                rounds=rounds,
                points=given or usual_scoring(system, Game.CHESS)[2],
                tiebreaks=() if tiebreaks is None else _codes(tiebreaks),
                initial_colour=Colour.BLACK if black_first else Colour.WHITE,
                seed=seed,
                double=double,
                team=team,
            ).edited(report_fields(report))
            from fairpair.service import team_events as te

            made = te.create_team_event(s.desk, team_settings)
            typer.echo(
                f"created team event {made.id} {made.info.name!r} ({system.value}"
                + (f", {counted(rounds, 'round')}" if rounds else "")
                + f"; {team.boards} boards, ranked by {team.primary.value})"
            )
            return
        team_only = {
            "--boards": boards,
            "--primary": primary,
            "--match-points": match_points,
            "--colour-model": colour_model,
            "--board-colours": board_colours,
        }
        given_team = [flag for flag, value in team_only.items() if value is not None]
        if given_team or min_board_games:
            flag = given_team[0] if given_team else "--min-board-games"
            raise fail(f"{flag} is for team events (--system team-swiss or team-berger)")
        system, game, scoring = usual_scoring(system, game, given, colours)
        settings = EventSettings(
            name=name.strip(),
            system=system,
            rounds=rounds,
            points=scoring,
            tiebreaks=() if tiebreaks is None else _codes(tiebreaks),
            game=game,
            start_date=start,
            end_date=end,
            initial_colour=Colour.BLACK if black_first else Colour.WHITE,
            seed=seed,
            double=double,
            bye_limit=ByeLimit() if bye_limit is None else ByeLimit.parse(bye_limit),
            withdrawal_policy=withdrawal_policy,
            swap_last_rounds=swap_last_rounds,
            acceleration=acceleration,
        ).edited(report_fields(report))
        event = ev.create_event(s.desk, settings)
        limit = event.settings.bye_limit
        typer.echo(
            f"created event {event.id} {event.info.name!r}: {system.label}"
            + (f", {counted(rounds, 'round')}" if rounds else "")
            + f"; {game.label}, points {_points(scoring)}"
            + f"; tie-breaks {','.join(event.settings.chosen_tiebreaks)}"
            + (f"; byes {limit.describe()}" if limit.limits_anything else "")
            + (
                f"; withdrawals: {withdrawal_policy.label}"
                if withdrawal_policy is not WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST
                else ""
            )
            + ("" if swap_last_rounds else "; first cycle's last two rounds not swapped")
            + (f"; {acceleration.label}" if acceleration is not AccelerationMethod.NONE else "")
        )


_DOUBLE_OPTION = {
    "name": "NAME",
    "rounds": "--rounds",
    "tiebreaks": "--tiebreaks",
    "initial_colour": "--initial-colour",
    "byes": "--bye-values",
    "primary": "--primary",
}
"""What ``event create --system double-swiss`` calls each field of the Double-Swiss reader."""


def _create_double(
    desk: ev.Desk,
    name: str,
    rounds: int | None,
    initial_colour: str | None,
    black_first: bool,
    bye_values: str | None,
    primary: str | None,
    tiebreaks: str | None,
    report: Mapping[str, object],
) -> None:
    """``event create --system double-swiss``: read by the reader the desk and the API use
    (the same refusals, in the same words), each refusal under its option's name; the colour
    drawn by lot unless given."""
    from fairpair.service import double_events as de
    from fairpair.service import entry

    if initial_colour is not None and black_first:
        raise fail("give --initial-colour or --black-first, not both")
    try:
        settings = entry.double_event_settings(
            name,
            "" if rounds is None else str(rounds),
            tiebreaks or "",
            initial_colour="black" if black_first else initial_colour or "",
            byes=bye_values or "",
            primary=primary or "",
        )
    except FieldErrors as error:
        said = "; ".join(f"{_DOUBLE_OPTION.get(k, k)}: {v}" for k, v in error.errors.items())
        raise fail(said) from None
    settings = settings.edited(report_fields(report))
    made = de.create_double_event(desk, settings)
    lines = dict(de.double_settings_lines(made))
    typer.echo(
        f"created event {made.id} {made.info.name!r}: {System.DOUBLE_SWISS.label}, {rounds} "
        f"match-rounds; byes {lines['byes']}; {lines['first colour']}"
    )


def _create_knockout(
    desk: ev.Desk,
    name: str,
    rounds: int | None,
    points: str,
    tiebreaks: str,
    game: Game | None,
    colours: bool,
    bye_limit: str | None,
    withdrawal_policy: WithdrawalPolicy,
    knockout: tuple[str, str, bool, bool, str],
    report: Mapping[str, object],
) -> None:
    """``event create --system knockout``: read by the reader the desk and the API use, each
    refusal under its option's name."""
    from fairpair.service import entry

    bracket, match, third_place, reset, first_white = knockout
    try:
        settings = entry.event_settings(
            name,
            System.KNOCKOUT.value,
            rounds,
            points,
            tiebreaks,
            bye_limit or "",
            ""
            if withdrawal_policy is WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST
            else withdrawal_policy.value,
            "" if game is None else game.value,
            colours,
            bracket=bracket,
            match=match,
            third_place=third_place,
            reset=reset,
            first_white=first_white,
        )
    except FieldErrors as error:
        raise fail(stage.options_named(error)) from None
    made = ev.create_event(desk, settings.edited(report_fields(report)))
    assert made.settings.knockout is not None
    how = made.settings.knockout.summary()
    typer.echo(f"created event {made.id} {made.info.name!r}: {System.KNOCKOUT.label}; {how}")


@app.command("edit")
def edit(
    name: Annotated[str | None, typer.Option("--name", help="A new name for the event.")] = None,
    start: Annotated[str | None, typer.Option("--start", help="First day (YYYY-MM-DD).")] = None,
    end: Annotated[str | None, typer.Option("--end", help="Last day (YYYY-MM-DD).")] = None,
    city: Annotated[str | None, typer.Option("--city", help=_HELP["city"])] = None,
    federation: Annotated[
        str | None, typer.Option("--federation", help=_HELP["federation"])
    ] = None,
    arbiter: Annotated[str | None, typer.Option("--arbiter", help=_HELP["arbiter"])] = None,
    deputy: Annotated[
        list[str] | None, typer.Option("--deputy", help=_HELP["deputy"], show_default=False)
    ] = None,
    no_deputies: Annotated[
        bool, typer.Option("--no-deputies", help="Remove the deputy arbiters.")
    ] = False,
    time_control: Annotated[
        str | None, typer.Option("--time-control", help=_HELP["time_control"])
    ] = None,
    event_type: Annotated[str | None, typer.Option("--type", help=_HELP["type"])] = None,
    round_dates: Annotated[
        str | None, typer.Option("--round-dates", help=_HELP["round_dates"])
    ] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", "-r", help="Number of rounds (not fewer than paired).")
    ] = None,
    system: Annotated[
        System | None, typer.Option("--system", "-s", help="Pairing system (before round 1).")
    ] = None,
    game: Annotated[
        Game | None,
        typer.Option(
            "--game",
            "-g",
            help="chess, cards or go (before round 1); the points follow when they were the "
            "old game's usual ones.",
            show_default=False,
        ),
    ] = None,
    points: Annotated[
        str | None,
        typer.Option(
            "--points",
            help="win,draw,loss[,bye], e.g. 3,1,0 (before any result); 3,1,0 makes a card "
            "game, other points make a card game chess, unless --game says otherwise.",
        ),
    ] = None,
    tiebreaks: Annotated[
        str | None, typer.Option("--tiebreaks", "-t", help="Codes in order, e.g. BH-C1,BH,DE.")
    ] = None,
    bye_limit: Annotated[
        str | None,
        typer.Option("--bye-limit", help="e.g. half=2,last=2; 'none' for no limit (Swiss)."),
    ] = None,
    withdrawal_policy: Annotated[
        WithdrawalPolicy | None,
        typer.Option("--withdrawal-policy", help="Round robin: how a withdrawal is scored."),
    ] = None,
    double: Annotated[
        bool | None,
        typer.Option("--double/--single", help="Double round robin (before round 1)."),
    ] = None,
    first_colour: Annotated[
        str | None,
        typer.Option("--first-colour", help="white or black: the top seed's colour in round 1."),
    ] = None,
    swap_last_rounds: Annotated[
        bool | None,
        typer.Option(
            "--swap-last-rounds/--no-swap-last-rounds",
            help="Double round robin: swap the first cycle's last two rounds (before round 1).",
            show_default=False,
        ),
    ] = None,
    acceleration: Annotated[
        AccelerationMethod | None,
        typer.Option(
            "--acceleration",
            help="none or baku (Dutch or Burstein, before round 1).",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Change the event's name, dates, rating-report details and settings (rounds, points,
    tie-breaks, bye limit, system options): one change, undoable. What the rounds already
    paired or scored fix is refused with the reason."""
    given: dict[str, object] = {
        "name": name,
        "start_date": start,
        "end_date": end,
        "city": city,
        "federation": federation,
        "chief_arbiter": arbiter,
        "deputy_arbiters": [] if no_deputies else deputy,
        "time_control": time_control,
        "event_type": event_type,
        "round_dates": round_dates,
        "rounds": rounds,
        "system": None if system is None else system.value,
        "game": None if game is None else game.value,
        "points": points,
        "tiebreaks": tiebreaks,
        "bye_limit": "" if bye_limit == "none" else bye_limit,
        "withdrawal_policy": None if withdrawal_policy is None else withdrawal_policy.value,
        "double": double,
        "initial_colour": first_colour,
        "swap_last_rounds": swap_last_rounds,
        "acceleration": None if acceleration is None else acceleration.value,
    }
    changes = {k: v for k, v in given.items() if v is not None}
    if not changes:
        raise fail("give what to change, e.g. --city Lyon (see fairpair event edit --help)")
    with session(db, event, actor) as s, _options_named():
        system = s.system()
        if system.team:
            from fairpair.service import team_events as te

            changed = te.edit_team_event(s.desk, s.event_id(), changes)
            record = ev.history(s.desk, changed.id)[-1]
            typer.echo(f"{te.describe_team(record)} (version {changed.version})")
            return
        if system.double:
            from fairpair.service import double_events as de

            edited_ds = de.edit_double_event(s.desk, s.event_id(), changes)
            record = ev.history(s.desk, edited_ds.id)[-1]
            typer.echo(f"{de.describe_double(record)} (version {edited_ds.version})")
            return
        edited = ev.edit_event(s.desk, s.event_id(), changes)
        record = ev.history(s.desk, edited.id)[-1]
        typer.echo(f"{ev.describe(record, edited.tournament)} (version {edited.version})")


@contextmanager
def _options_named() -> Iterator[None]:
    """Report-field errors name the command-line option, not the field."""
    try:
        yield
    except FieldErrors as error:
        raise FieldErrors(
            {"--" + _OPTION.get(k, k).replace("_", "-"): v for k, v in error.errors.items()}
        ) from None


class ShowFormat(enum.Enum):
    TEXT = "text"
    JSON = "json"


@app.command("show")
def show(
    output_format: Annotated[
        ShowFormat,
        typer.Option(
            "--format",
            "-f",
            help="text, or json: the settings with the tie-breaks chosen (defaults resolved).",
        ),
    ] = ShowFormat.TEXT,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """The event's settings and progress."""
    with session(db, event) as s:
        system = s.system()
        if system.team:
            from fairpair.service import team_events as te

            teams = te.load_team(s.desk, s.event_id())
            if output_format is ShowFormat.JSON:
                data = te.team_settings_data(teams)
                typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
                return
            for label, value in te.team_settings_lines(teams):
                typer.echo(f"{label + ':':<16}{value}")
            return
        if system.double:
            from fairpair.service import double_events as de

            matches = de.load_double(s.desk, s.event_id())
            if output_format is ShowFormat.JSON:
                data = de.double_settings_data(matches)
                typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
                return
            for label, value in de.double_settings_lines(matches):
                typer.echo(f"{label + ':':<16}{value}")
            return
        current = s.event()
        if output_format is ShowFormat.JSON:
            typer.echo(json.dumps(ev.settings_data(current), indent=2, ensure_ascii=False))
            return
        for label, value in ev.settings_lines(current):
            typer.echo(f"{label + ':':<15} {value}")


@app.command("list")
def list_events(db: DbOption = None) -> None:
    """List the events in the store."""
    from rich.console import Console
    from rich.table import Table

    with session(db) as s:
        known = ev.list_events(s.desk)
        if not known:
            typer.echo("no events yet; create one with: fairpair event create NAME")
            return
        table = Table("id", "name", "system", "rounds", "players", "version", "changed (UTC)")
        for info in known:
            stored = s.desk.store.load(info.id).tournament
            total = "" if stored.total_rounds is None else f"/{stored.total_rounds}"
            table.add_row(
                str(info.id),
                info.name,
                info.system,
                f"{len(stored.rounds)}{total}",
                str(len(stored.players)),
                str(info.version),
                info.updated_at.strftime("%Y-%m-%d %H:%M"),
            )
        console = Console()
        if not console.is_terminal:  # a pipe or a file: long names whole, not cut to 80
            console = Console(width=max(120, max(len(i.name) for i in known) + 80))
        console.print(table)


@app.command("standings")
def standings(
    output_format: Annotated[ListFormat, typer.Option("--format", "-f")] = ListFormat.TEXT,
    boards: Annotated[
        bool, typer.Option("--boards", help="Team event: the board standings (board prizes).")
    ] = False,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Standings with the event's tie-breaks (a team event: team standings, or --boards);
    once a knockout stage has started, the final standings: the knockout's places, then the
    players below the cut."""
    with session(db, event) as s:
        system = s.system()
        if system.team:
            from fairpair.cli import team
            from fairpair.service import team_events as te

            if boards or output_format is ListFormat.TEXT:
                team.standings(s, boards)
                return
            team_event = te.load_team(s.desk, s.event_id())
            teams = te.team_standings(team_event)
            title = f"{team_event.tournament.name}: team standings after round {teams.rounds}"
            typer.echo(_rendered(output_format, teams, title, ""), nl=False)
            return
        if system.double:
            from fairpair.cli import double as ds
            from fairpair.service import double_events as de

            if boards:
                raise fail("--boards is for a team event")
            matches = de.load_double(s.desk, s.event_id())
            if output_format is ListFormat.TEXT:
                typer.echo(ds.standings_text(matches), nl=False)
                return
            ranked = de.double_standings(matches)
            title = f"{matches.tournament.name}: standings after round {ranked.rounds}"
            typer.echo(_rendered(output_format, ranked, title, ""), nl=False)
            return
        current = s.event()
        if current.tournament.knockout is not None or current.settings.system.knockout:
            if boards:
                raise fail("--boards is for a team event")
            stage.standings(current, output_format.value)
            return
        table = ev.standings(current)
        title = f"{current.tournament.name}: standings after round {table.rounds}"
        text = ""
        if output_format is ListFormat.TEXT:
            from fairpair.formats import printouts as sheets
            from fairpair.service import printouts

            text = sheets.render_text(printouts.standings_sheet(current))
        typer.echo(_rendered(output_format, table, title, text), nl=False)


def _rendered(
    output_format: ListFormat, table: standings_render.StandingsTable, title: str, text: str
) -> str:
    """Standings of either kind of event in the format asked; ``text`` is the text form."""
    from fairpair.formats import standings_render

    match output_format:
        case ListFormat.TEXT:
            return text
        case ListFormat.JSON:
            return standings_render.render_json(table)
        case ListFormat.CSV:
            return standings_render.render_csv(table)
        case ListFormat.HTML:
            return standings_render.render_html(table, title)


class CrosstableFormat(enum.Enum):
    TEXT = "text"
    CSV = "csv"
    HTML = "html"


app.command("cut")(stage.cut)

ELSEWHERE = ("staff", "sections", "prizes")
"""The groups of `event` whose commands live in modules of their own (attach_elsewhere)."""


def attach_elsewhere(sub: str | None) -> None:
    """Attach the group of :data:`ELSEWHERE` named ``sub``, or all of them (for the whole
    group's help, or a name that is no command), each once."""
    wanted = [sub] if sub in ELSEWHERE else ELSEWHERE
    attached = {group.name for group in app.registered_groups}
    for name in wanted:
        if name not in attached:
            app.add_typer(_elsewhere(name), name=name)


def _elsewhere(name: str | None) -> typer.Typer:
    if name == "staff":
        from fairpair.cli import staff

        return staff.app
    if name == "sections":
        from fairpair.cli import sections

        return sections.app
    from fairpair.cli import prizes

    return prizes.app


@app.command("crosstable")
def crosstable(
    output_format: Annotated[
        CrosstableFormat, typer.Option("--format", "-f")
    ] = CrosstableFormat.TEXT,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """The crosstable: a round robin's grid by start number (results against each opponent,
    points, tie-breaks, rank), a Swiss one's rounds in standings order."""
    from fairpair.formats import printouts as sheets
    from fairpair.service import printouts

    with session(db, event) as s:
        if s.system().double:
            raise fail(
                "a Double-Swiss event has no crosstable yet: see its rounds (fairpair round "
                "show N) and standings (fairpair event standings)"
            )
        made = printouts.crosstable(s.event())
        match output_format:
            case CrosstableFormat.TEXT:
                text = sheets.render_text(made)
            case CrosstableFormat.CSV:
                text = sheets.render_csv(made)
            case CrosstableFormat.HTML:
                text = sheets.render_html(made)
        typer.echo(text, nl=False)


@app.command("rebuild")
def rebuild(db: DbOption = None, event: EventOption = None, actor: ActorOption = None) -> None:
    """Replay the audit log and check (or repair) the saved state of the event."""
    with session(db, event, actor) as s:
        report = ev.rebuild(s.desk, s.event_id())
        verdict = (
            "the saved state matches the log"
            if report.matched
            else "the saved state differed from the log and has been rebuilt"
        )
        typer.echo(f"replayed {report.records} log records: {verdict}")


@app.command("owner")
def owner(
    event_ref: Annotated[str, typer.Argument(metavar="EVENT", help="Event name or id.")],
    director: Annotated[str, typer.Argument(help="The director who is to run it on the desk.")],
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Give an event to a director: they run it on the web desk from now on (whoever ran it
    before no longer does). No director can take an event by themselves."""
    from fairpair.service import directors

    with session(db, event_ref, actor) as s:
        info = directors.give_event(s.desk, s.event_id(), director)
        typer.echo(f"{info.name} is run by {info.owner}")


@app.command("claim-code")
def claim_code(
    event_ref: Annotated[str, typer.Argument(metavar="EVENT", help="Event name or id.")],
    hours: Annotated[int, typer.Option(help="How long the code can be used.")] = 24,
    db: DbOption = None,
) -> None:
    """Print a one-time code with which a director takes the event on the web desk (any
    earlier code of the event stops working). Hand it over privately: it is shown once."""
    from fairpair.service import directors

    with session(db, event_ref) as s:
        event_id = s.event_id()
        code = directors.new_claim_code(s.desk, event_id, hours)
        name = s.desk.store.event(event_id).name
        typer.echo(f"claim code for {name} (one use, {hours} h): {code}")


class ClockAction(enum.Enum):
    START = "start"
    PAUSE = "pause"
    RESET = "reset"


@app.command("clock")
def clock(
    step: Annotated[
        ClockAction, typer.Argument(help="start (or go on after a pause), pause or reset.")
    ],
    minutes: Annotated[
        int | None,
        typer.Option(help="The round's length in minutes, when it changes (first start: 50)."),
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """The venue screen's round clock (/events/ID/screen): every screen shows the same time
    left. One logged change; undo passes over it (set the clock again instead)."""
    with session(db, event, actor) as s, _options_named():
        changed = ev.set_clock(s.desk, s.event_id(), ClockStep(step.value), minutes)
        record = ev.history(s.desk, changed.id)[-1]
        typer.echo(f"{ev.describe(record, changed.tournament)} (version {changed.version})")


@app.command("announce")
def announce(
    text: Annotated[str, typer.Argument(help='One line for the venue screen; "" takes it down.')],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Show a line on the venue screen (/events/ID/screen) under the round clock."""
    with session(db, event, actor) as s:
        changed = ev.announce(s.desk, s.event_id(), text)
        record = ev.history(s.desk, changed.id)[-1]
        typer.echo(f"{ev.describe(record, changed.tournament)} (version {changed.version})")


@app.command("update-ratings")
def update_ratings(
    list_name: Annotated[
        str | None,
        typer.Option(
            "--list",
            help="The rating list's name (default: the one imported last).",
            show_default=False,
        ),
    ] = None,
    kind: Annotated[
        str, typer.Option("--kind", help="Which rating: standard, rapid or blitz.")
    ] = "standard",
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Give the players the rating and title of a newer list (matched by FIDE ID), before
    round 1; one change of the event, undone by `fairpair undo`."""
    from rich.console import Console
    from rich.table import Table

    from fairpair.service import rating_lists as rl

    try:
        chosen = rl.RatingKind(kind.lower())
    except ValueError:
        raise fail(f"--kind {kind!r}: standard, rapid or blitz") from None
    with session(db, event, actor) as s:
        changed, updates = rl.update_ratings(s.desk, s.event_id(), list_name, chosen)
        table = Table("No", "Name", "Rating", "Was", "Title", "Was", title="Changed")
        for u in updates:
            table.add_row(
                str(u.player),
                u.name,
                "" if u.rating is None else str(u.rating),
                "" if u.was is None else str(u.was),
                u.title,
                u.title_was,
            )
        Console(width=100).print(table)
        typer.echo(
            f"updated {counted(len(updates), 'player')} from the list (version {changed.version})"
        )


class ReportFormat(enum.Enum):
    TEXT = "text"
    JSON = "json"
    CSV = "csv"


def _individual_event(s: Any) -> ev.Event:
    """The event of the session, refused for team and Double-Swiss events."""
    system = s.system()
    if system.team or system.double:
        raise fail("the rating and norm reports are for individual events")
    current: ev.Event = s.event()
    return current


def _report(
    output_format: ReportFormat,
    data: Callable[[], Mapping[str, Any]],
    sheet: Callable[[], sheets.Sheet],
) -> None:
    """Print a report as JSON (its data), or as CSV or text (its printed sheet)."""
    from fairpair.formats import printouts as sheets

    match output_format:
        case ReportFormat.JSON:
            typer.echo(json.dumps(data(), ensure_ascii=False, indent=2))
        case ReportFormat.CSV:
            typer.echo(sheets.render_csv(sheet()), nl=False)
        case ReportFormat.TEXT:
            typer.echo(sheets.render_text(sheet()), nl=False)


@app.command("rating-report")
def rating_report(
    output_format: Annotated[ReportFormat, typer.Option("--format", "-f")] = ReportFormat.TEXT,
    rating_list: Annotated[
        str,
        typer.Option("--kind", help="The rating rated for: standard, rapid or blitz."),
    ] = "standard",
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """The FIDE rating change of every player: games counted, opponents' ratings, score,
    expected score, K and the change, and the performance rating (TPR)."""
    from fairpair.service import chess_reports

    with session(db, event) as s:
        current = _individual_event(s)
        try:
            control = chess_reports.time_control(rating_list)
        except CommandError as error:
            raise fail(f"--kind: {error}") from None
        lines = chess_reports.rating_lines(current, control)
        _report(
            output_format,
            lambda: chess_reports.rating_data(current, lines),
            lambda: chess_reports.rating_sheet(current, lines),
        )


@app.command("norms")
def norms(
    output_format: Annotated[ReportFormat, typer.Option("--format", "-f")] = ReportFormat.TEXT,
    after_round: Annotated[
        int | None, typer.Option("--round", "-r", help="As after this round (default: the last).")
    ] = None,
    everyone: Annotated[
        bool, typer.Option("--all", help="Also the norms already out of reach.")
    ] = False,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Title norms (GM, IM, WGM, WIM; FIDE B.01): for each player the norms met or still
    possible, the conditions, and what the rounds left must bring."""
    from fairpair.service import chess_reports

    with session(db, event) as s:
        current = _individual_event(s)
        try:
            checks = chess_reports.norm_checks(current, after_round, everyone)
        except CommandError as error:
            raise fail(f"--round: {error}") from None
        _report(
            output_format,
            lambda: chess_reports.norms_data(current, checks),
            lambda: chess_reports.norms_sheet(current, checks),
        )
        if output_format is ReportFormat.TEXT:
            for check in checks:
                typer.echo(f"\n{check.player.name}, {check.norm.value} norm ({check.status}):")
                for condition in check.conditions:
                    mark = "yes" if condition.met else "NO "
                    typer.echo(f"  {mark} {condition.text} (B.01 {condition.rule})")
