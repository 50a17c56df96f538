"""``fairpair event staff``: the directors who help the owner run an event.

The organiser, who holds the store, adds and removes staff here as they give the event
(``fairpair event owner``); on the desk and through the API only the owner may.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from fairpair.cli.director import ActorOption, DbOption, EventOption, session
from fairpair.service import directors

app = typer.Typer(
    help="The event's staff: co-directors (all the owner's rights but giving the event away "
    "and changing its staff) and assistants (the current round's results). Without a "
    "command: the list.",
    invoke_without_command=True,
)


class RoleChoice(Enum):
    CO_DIRECTOR = directors.Role.CO_DIRECTOR.value
    ASSISTANT = directors.Role.ASSISTANT.value


UsernameArgument = Annotated[str, typer.Argument(metavar="USERNAME", help="A director.")]


@app.callback()
def staff(ctx: typer.Context, db: DbOption = None, event: EventOption = None) -> None:
    """List who runs the event: the owner, then the staff."""
    if ctx.invoked_subcommand is not None:
        return
    with session(db, event) as s:
        event_id = s.event_id()
        info = s.desk.store.event(event_id)
        typer.echo(f"{info.name}: owner {info.owner or '(none yet)'}")
        members = directors.staff_of(s.desk, event_id)
        for member in members:
            typer.echo(f"{member.username}\t{member.role.value}")
        if not members:
            typer.echo("no staff")


@app.command("add")
def add(
    username: UsernameArgument,
    role: Annotated[RoleChoice, typer.Option(help="What they may do.")],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Add a director to the staff, or give a member another role (logged)."""
    with session(db, event, actor) as s:
        info = directors.set_staff(s.desk, s.event_id(), username, role.value)
        typer.echo(f"{username.strip().lower()} is now {role.value} of {info.name}")


@app.command("remove")
def remove(
    username: UsernameArgument,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Take a director off the staff (logged)."""
    with session(db, event, actor) as s:
        info = directors.set_staff(s.desk, s.event_id(), username, None)
        typer.echo(f"{username.strip().lower()} no longer helps with {info.name}")
