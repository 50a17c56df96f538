"""`fairpair event ...`: create and list events, their standings, crosstable and rebuild."""

from __future__ import annotations

import enum
import re
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from fairpair.cli.director import ActorOption, DbOption, EventOption, session
from fairpair.core import CHESS, Colour
from fairpair.formats import printouts as sheets
from fairpair.formats import standings_render
from fairpair.service import events as ev
from fairpair.service import printouts
from fairpair.service.settings import (
    ByeLimit,
    EventSettings,
    System,
    WithdrawalPolicy,
    parse_points,
)

app = typer.Typer(
    help="Create and list events; standings and crosstable of one.", no_args_is_help=True
)


class ListFormat(enum.Enum):
    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    HTML = "html"


def _codes(text: str) -> tuple[str, ...]:
    return tuple(code for code in re.split(r"[,\s]+", text.strip()) if code)


@app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="The event's name (unique in the store).")],
    system: Annotated[
        System, typer.Option("--system", "-s", help="Pairing system.")
    ] = System.DUTCH,
    rounds: Annotated[
        int | None, typer.Option("--rounds", "-r", help="Rounds (a round robin: from the field).")
    ] = None,
    points: Annotated[
        str | None,
        typer.Option("--points", help="win,draw,loss[,bye] e.g. 1,0.5,0 or 3,1,0 (default chess)."),
    ] = None,
    tiebreaks: Annotated[
        str | None,
        typer.Option("--tiebreaks", "-t", help="Codes in order, e.g. BH-C1,BH,DE,WON."),
    ] = None,
    start: Annotated[str, typer.Option("--start", help="First day (YYYY-MM-DD).")] = "",
    end: Annotated[str, typer.Option("--end", help="Last day (YYYY-MM-DD).")] = "",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the drawing of lots.")] = 0,
    double: Annotated[bool, typer.Option("--double", help="Double round robin.")] = False,
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
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Create an event."""
    with session(db, None, actor) as s:
        settings = EventSettings(
            name=name.strip(),
            system=system,
            rounds=rounds,
            points=CHESS if points is None else parse_points(points),
            tiebreaks=() if tiebreaks is None else _codes(tiebreaks),
            start_date=start,
            end_date=end,
            initial_colour=Colour.BLACK if black_first else Colour.WHITE,
            seed=seed,
            double=double,
            bye_limit=ByeLimit() if bye_limit is None else ByeLimit.parse(bye_limit),
            withdrawal_policy=withdrawal_policy,
        )
        event = ev.create_event(s.desk, settings)
        limit = event.settings.bye_limit
        typer.echo(
            f"created event {event.id} {event.info.name!r} ({system.value}"
            + (f", {rounds} rounds" if rounds else "")
            + f"; tie-breaks {','.join(event.settings.chosen_tiebreaks)}"
            + (f"; byes {limit.describe()}" if limit.limits_anything else "")
            + (
                f"; withdrawals {withdrawal_policy.value}"
                if withdrawal_policy is not WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST
                else ""
            )
            + ")"
        )


@app.command("show")
def show(db: DbOption = None, event: EventOption = None) -> None:
    """The event's settings and progress."""
    with session(db, event) as s:
        current = s.event()
        for label, value in ev.settings_lines(current):
            typer.echo(f"{label + ':':<16}{value}")


@app.command("list")
def list_events(db: DbOption = None) -> None:
    """List the events in the store."""
    with session(db) as s:
        known = ev.list_events(s.desk)
        if not known:
            typer.echo("no events yet; create one with: fairpair event create NAME")
            return
        table = Table("id", "name", "system", "rounds", "players", "version", "changed (UTC)")
        for info in known:
            t = ev.load(s.desk, info.id).tournament
            total = "" if t.total_rounds is None else f"/{t.total_rounds}"
            table.add_row(
                str(info.id),
                info.name,
                info.system,
                f"{len(t.rounds)}{total}",
                str(len(t.players)),
                str(info.version),
                info.updated_at.strftime("%Y-%m-%d %H:%M"),
            )
        Console(width=120).print(table)


@app.command("standings")
def standings(
    output_format: Annotated[ListFormat, typer.Option("--format", "-f")] = ListFormat.TEXT,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Standings with the event's tie-breaks."""
    with session(db, event) as s:
        current = s.event()
        table = ev.standings(current)
        title = f"{current.tournament.name}: standings after round {table.rounds}"
        match output_format:
            case ListFormat.TEXT:
                text = sheets.render_text(printouts.standings_sheet(current))
            case ListFormat.JSON:
                text = standings_render.render_json(table)
            case ListFormat.CSV:
                text = standings_render.render_csv(table)
            case ListFormat.HTML:
                text = standings_render.render_html(table, title)
        typer.echo(text, nl=False)


@app.command("crosstable")
def crosstable(db: DbOption = None, event: EventOption = None) -> None:
    """The crosstable: every round of every player, in standings order."""
    with session(db, event) as s:
        typer.echo(sheets.render_text(printouts.crosstable_sheet(s.event())), nl=False)


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
