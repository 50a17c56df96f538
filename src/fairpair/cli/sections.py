"""``fairpair event sections``: the sections of an open (A, B, Juniors...), each an event with
its own system and rounds, sharing one register of players and one staff."""

from __future__ import annotations

from typing import Annotated

import typer

from fairpair.cli.director import ActorOption, DbOption, EventOption, fail, session
from fairpair.core.words import counted
from fairpair.service import events as ev
from fairpair.service import sections as sc
from fairpair.service.errors import FieldErrors
from fairpair.service.settings import System

app = typer.Typer(
    help="The sections of an open: each its own system and rounds, one register of players, "
    "one staff. Without a command: the list.",
    invoke_without_command=True,
)

_SECTION_SYSTEMS = [s for s in System if not (s.team or s.double or s.knockout)]


@app.callback()
def listing(ctx: typer.Context, db: DbOption = None, event: EventOption = None) -> None:
    """List the open's sections: system, rounds, players, rounds paired."""
    if ctx.invoked_subcommand is not None:
        return
    from rich.console import Console
    from rich.table import Table

    with session(db, event) as s:
        found = sc.sections(s.desk, s.event_id())
        if not found:
            typer.echo("no sections: add one with `fairpair event sections add NAME --system ...`")
            return
        table = Table("Id", "Section", "Event", "System", "Rounds", "Players", "Paired")
        for section in found:
            e = ev.load(s.desk, section.id)
            rounds = e.tournament.total_rounds
            table.add_row(
                str(section.id),
                section.name,
                section.info.name,
                e.settings.system.value,
                "" if rounds is None else str(rounds),
                str(len(e.tournament.players)),
                str(len(e.tournament.rounds)),
            )
        Console().print(table)


@app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The section's name, e.g. B or Juniors.")],
    system: Annotated[
        str,
        typer.Option(
            "--system",
            "-s",
            help="Its pairing system: " + ", ".join(s.value for s in _SECTION_SYSTEMS) + ".",
        ),
    ],
    rounds: Annotated[
        int | None, typer.Option("--rounds", "-r", help="Rounds (a round robin: none).")
    ] = None,
    first: Annotated[
        str,
        typer.Option("--first", help="The name of the open's first section, when it has none yet."),
    ] = "A",
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Add a section to the open (the event, or the open it is a section of): a new event
    named after the open, with the open's game, points, tie-breaks and report fields."""
    chosen = next((s for s in _SECTION_SYSTEMS if s.value == system.strip().lower()), None)
    if chosen is None:
        raise fail(
            f"--system: {system!r} is not a section's system; choose one of "
            + ", ".join(s.value for s in _SECTION_SYSTEMS)
        )
    with session(db, event, actor) as s:
        try:
            made = sc.add_section(
                s.desk, s.event_id(), name, system=chosen, rounds=rounds, first_name=first
            )
        except FieldErrors as error:
            raise FieldErrors(
                {"NAME" if k == "section" else k: v for k, v in error.errors.items()}
            ) from None
        length = "" if rounds is None else f", {counted(rounds, 'round')}"
        typer.echo(f"event {made.id} {made.info.name!r} ({chosen.value}{length})")


@app.command("move")
def move(
    player: Annotated[str, typer.Argument(help="Start number or name, in this section.")],
    to: Annotated[str, typer.Option("--to", help="The section (its name or event id).")],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Move a player to another section of the open, before round 1 of both."""
    with session(db, event, actor) as s:
        here = s.event_id()
        found = sc.sections(s.desk, here)
        target = next(
            (
                x
                for x in found
                if x.name.casefold() == to.strip().casefold() or str(x.id) == to.strip()
            ),
            None,
        )
        if target is None:
            names = ", ".join(x.name for x in found) or "none"
            raise fail(f"--to: no section {to!r} in this open (its sections: {names})")
        left, moved = sc.move_player(s.desk, here, player, target.id)
        newcomer = moved.tournament.players[-1]
        typer.echo(
            f"{newcomer.name} moved from {left.info.name!r} to {moved.info.name!r} "
            f"(start number {newcomer.id} there)"
        )


@app.command("register")
def register(db: DbOption = None, event: EventOption = None) -> None:
    """The open's one register: every player of every section, by name."""
    from rich.console import Console
    from rich.table import Table

    with session(db, event) as s:
        rows = sc.register(s.desk, s.event_id())
        table = Table("Name", "Section", "No", "Rating", "Fed")
        for section, p in rows:
            table.add_row(p.name, section.name, str(p.id), str(p.rating or ""), p.federation)
        Console().print(table)
        typer.echo(counted(len(rows), "player"))
