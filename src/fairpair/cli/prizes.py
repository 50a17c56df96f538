"""``fairpair event prizes``: the prize list, and who wins what on the current standings."""

from __future__ import annotations

from typing import Annotated

import typer

from fairpair.cli.director import ActorOption, DbOption, EventOption, session
from fairpair.service import events as ev
from fairpair.service import prizes as pz
from fairpair.service.errors import CommandError
from fairpair.standings.prizes import CategoryKind, PrizeCategory, PrizeError, Sharing

app = typer.Typer(
    help="The prize list: categories by rating, birth date, women or club, one prize per "
    "player or several, sharing by tie-breaks, equally or by the Hort system. Without a "
    "command: the prizes on the current standings.",
    invoke_without_command=True,
)


@app.callback()
def prizes(ctx: typer.Context, db: DbOption = None, event: EventOption = None) -> None:
    """Show who wins what on the current standings (the final ones after the last round)."""
    if ctx.invoked_subcommand is not None:
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    with session(db, event) as s:
        loaded = ev.load(s.desk, s.event_id())
        rules = loaded.settings.prizes
        if not rules.categories:
            typer.echo("no prize list yet; add a category with: fairpair event prizes add NAME")
            return
        several = "one prize per player" if rules.one_per_player else "several prizes a player"
        table = Table(
            "category",
            "place",
            "winner",
            "prize",
            title=f"Prizes of {escape(loaded.settings.name)}",
            caption=f"{several}; {rules.sharing.label}",
        )
        for award in pz.awards(loaded):
            table.add_row(
                escape(award.category),
                award.place,
                escape(award.recipient),
                pz.money(award.amount, rules.currency),
            )
        Console(width=max(100, Console().width)).print(table)


@app.command("list")
def list_categories(db: DbOption = None, event: EventOption = None) -> None:
    """The categories of the prize list, in order, and their amounts."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    with session(db, event) as s:
        rules = ev.load(s.desk, s.event_id()).settings.prizes
        table = Table("category", "who", "amounts by place")
        for c in rules.categories:
            table.add_row(escape(c.name), c.describe(), pz.amounts_text(c, rules.currency))
        Console(width=max(100, Console().width)).print(table)


@app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The category's name, e.g. Overall or U1800.")],
    amounts: Annotated[
        str, typer.Option("--amounts", "-a", help="Prizes by place, e.g. 1000,500,250.")
    ],
    kind: Annotated[
        CategoryKind, typer.Option("--kind", "-k", help="Who may win it.")
    ] = CategoryKind.OVERALL,
    rating_min: Annotated[
        int | None, typer.Option("--min", help="Rating band: lowest rating.")
    ] = None,
    rating_max: Annotated[
        int | None, typer.Option("--max", help="Rating band: highest rating.")
    ] = None,
    born_from: Annotated[
        str, typer.Option("--born-from", help="Age: born on this day (YYYY-MM-DD) or later.")
    ] = "",
    born_to: Annotated[
        str, typer.Option("--born-to", help="Age: born on this day (YYYY-MM-DD) or earlier.")
    ] = "",
    club_players: Annotated[
        int, typer.Option("--club-players", help="Best club: how many players count.")
    ] = 3,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Add a category at the end of the prize list (one undoable change)."""
    with session(db, event, actor) as s:
        try:
            category = PrizeCategory(
                name.strip(),
                kind,
                pz.parse_amounts(amounts),
                rating_min=rating_min,
                rating_max=rating_max,
                born_from=born_from,
                born_to=born_to,
                club_players=club_players,
            )
        except PrizeError as error:
            raise CommandError(str(error)) from None
        changed = pz.add_category(s.desk, s.event_id(), category)
        typer.echo(f"added prize category {category.name!r} (version {changed.version})")


@app.command("remove")
def remove(
    name: Annotated[str, typer.Argument(help="The category's name.")],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Take a category off the prize list (one undoable change)."""
    with session(db, event, actor) as s:
        changed = pz.remove_category(s.desk, s.event_id(), name)
        typer.echo(f"removed prize category {name.strip()!r} (version {changed.version})")


@app.command("rules")
def rules(
    one_per_player: Annotated[
        bool | None,
        typer.Option(
            "--one-per-player/--several",
            help="A player takes at most one prize, the larger (default), or all he wins.",
            show_default=False,
        ),
    ] = None,
    sharing: Annotated[
        Sharing | None,
        typer.Option(
            "--sharing",
            help="Tied players: tiebreak (not shared), equal, or hort (half equally, half by "
            "tie-break order).",
            show_default=False,
        ),
    ] = None,
    currency: Annotated[
        str | None, typer.Option("--currency", help="Shown after the sums, e.g. EUR.")
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """How the prizes are given (one undoable change)."""
    with session(db, event, actor) as s:
        changed = pz.set_rules(
            s.desk, s.event_id(), one_per_player=one_per_player, sharing=sharing, currency=currency
        )
        r = changed.settings.prizes
        several = "one prize per player" if r.one_per_player else "several prizes a player"
        typer.echo(f"prizes: {several}; {r.sharing.label} (version {changed.version})")
