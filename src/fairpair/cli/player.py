"""`fairpair player ...`: register, import, list, edit, withdraw, return and remove players."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from fairpair.cli.director import ActorOption, DbOption, EventOption, fail, session
from fairpair.core import Player, Tournament, format_points, points_from_text, scores
from fairpair.core.words import counted
from fairpair.service import events as ev

# Double-Swiss and team events have modules of their own, imported when the event is one;
# the printed sheets where a command prints one.

app = typer.Typer(help="Register, import, list, edit and withdraw players.", no_args_is_help=True)

MissedOption = Annotated[
    str | None,
    typer.Option(
        "--missed-points",
        help="A late entry's points for the rounds already paired: one value for all "
        "(0.5) or one per round (0,0.5); each the worth of a zero, half or full-point bye. "
        "Default 0.",
        show_default=False,
    ),
]

PROGRESS_FROM = 200
"""Show a progress bar when importing at least this many players."""


@app.command("add")
def add(
    name: Annotated[
        str | None,
        typer.Argument(
            help="Name as it is to be shown, e.g. 'Carlsen, Magnus' (with --from-list: the "
            "list's name by default).",
            show_default=False,
        ),
    ] = None,
    rating: Annotated[int | None, typer.Option("--rating", help="Rating.")] = None,
    title: Annotated[str, typer.Option("--title")] = "",
    federation: Annotated[str, typer.Option("--federation", "--fed")] = "",
    club: Annotated[str, typer.Option("--club")] = "",
    fide_id: Annotated[str, typer.Option("--fide-id")] = "",
    birth_date: Annotated[str, typer.Option("--birth-date")] = "",
    sex: Annotated[str, typer.Option("--sex")] = "",
    missed_points: MissedOption = None,
    from_list: Annotated[
        str | None,
        typer.Option(
            "--from-list",
            help="Fill rating, title, federation, FIDE ID, birth year and sex from a rating "
            "list: the player's ID in it (options given still win).",
            show_default=False,
        ),
    ] = None,
    list_name: Annotated[
        str | None,
        typer.Option(
            "--list",
            help="The rating list of --from-list (default: the one imported last).",
            show_default=False,
        ),
    ] = None,
    kind: Annotated[
        str, typer.Option("--kind", help="With --from-list: standard, rapid or blitz rating.")
    ] = "standard",
    duplicate_ok: Annotated[
        bool,
        typer.Option(
            "--duplicate-ok",
            "--yes",
            help="Register even if a player of the same name (ignoring case and accents) or "
            "FIDE ID is registered already.",
        ),
    ] = False,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Register a player (the next start number); after round 1, a late entry."""
    with session(db, event, actor) as s:
        if from_list is not None:
            from fairpair.service import rating_lists as rl

            try:
                chosen = rl.RatingKind(kind.lower())
            except ValueError:
                raise fail(f"--kind {kind!r}: standard, rapid or blitz") from None
            listed = rl.from_list(s.desk, from_list, list_name)
            filled = rl.player_details(listed, chosen)
            name = name or listed.name
            rating = filled["rating"] if rating is None else rating
            title = title or filled["title"]
            federation = federation or filled["federation"]
            fide_id = fide_id or filled["fide_id"]
            birth_date = birth_date or filled["birth_date"]
            sex = sex or filled["sex"]
        if not name:
            raise fail("give the player's name (or --from-list ID)")
        # Read as the desk's form and a CSV import read them (FIDE ID digits, sex m/w...).
        from fairpair.service import entry

        typed = entry.player_entry(
            name,
            rating,
            title,
            federation,
            club,
            fide_id=fide_id,
            birth_date=birth_date,
            sex=sex,
        )
        if s.system().double:
            from fairpair.cli import double
            from fairpair.service import double_events as de

            de.register_double_player(
                s.desk,
                s.event_id(),
                typed.name,
                missed_points=_points_list(missed_points),
                duplicate_ok=duplicate_ok,
                **typed.details,
            )
            double.said(s)
            return
        changed, player = ev.register_player(
            s.desk,
            s.event_id(),
            typed.name,
            missed_points=_points_list(missed_points),
            duplicate_ok=duplicate_ok,
            **typed.details,
        )
        typer.echo(
            f"registered {player.id} {player.name}{_late_note(changed.tournament, player.id)}"
        )


def _points_list(text: str | None) -> list[int] | None:
    if text is None:
        return None
    values = []
    for part in text.replace(" ", "").split(","):
        try:
            values.append(points_from_text(part))
        except (ValueError, ZeroDivisionError):
            raise fail(
                f"--missed-points {text!r}: give points such as 0.5, or one value per missed "
                "round separated by commas (0,0.5)"
            ) from None
    return values


def _late_note(t: Tournament, player_id: int) -> str:
    entry = t.late_entry(player_id)
    if entry is None:
        return ""
    awarded = scores(t)[player_id]
    return (
        f", a late entry from round {entry.first_round} with {format_points(awarded)} "
        f"point(s) for the missed rounds"
    )


def _read_players(file: Path) -> tuple[Player, ...]:
    # The readers are `player import`'s alone: `player list` and the others do without them.
    if file.suffix.lower() == ".trf":
        from fairpair.formats.trf import read_trf

        return read_trf(file).tournament().players
    if file.suffix.lower() == ".csv":
        from fairpair.formats.players_csv import read_players_csv

        return read_players_csv(file)
    raise fail(f"{file}: import a .csv (with a header) or a .trf file")


@app.command("import")
def import_players(
    file: Annotated[Path, typer.Argument(help="Players: a CSV with a header, or a TRF file.")],
    missed_points: MissedOption = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Import players from a CSV or TRF file, all or none."""
    with session(db, event, actor) as s:
        players = _read_players(file)
        missed = _points_list(missed_points)
        event_id = s.event_id()
        if s.system().double:
            from fairpair.service import double_events as de

            de.import_double_players(s.desk, event_id, players, missed_points=missed)
            typer.echo(f"imported {counted(len(players), 'player')} from {file}")
            return
        if len(players) >= PROGRESS_FROM:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            columns = (TextColumn("importing"), BarColumn(), MofNCompleteColumn())
            with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task("import", total=len(players))
                ev.import_players(
                    s.desk,
                    event_id,
                    players,
                    lambda done, _: bar.update(task, completed=done),
                    missed_points=missed,
                )
        else:
            ev.import_players(s.desk, event_id, players, missed_points=missed)
        typer.echo(f"imported {counted(len(players), 'player')} from {file}")


@app.command("list")
def list_players(db: DbOption = None, event: EventOption = None) -> None:
    """The players by start number, with their points and status."""
    with session(db, event) as s:
        if s.system().double:
            from fairpair.cli import double
            from fairpair.service import double_events as de

            t = de.load_double(s.desk, s.event_id()).tournament
            typer.echo(double.players_text(t), nl=False)
            return
        from fairpair.formats import printouts as sheets
        from fairpair.service import printouts

        typer.echo(sheets.render_text(printouts.players_sheet(s.event())), nl=False)


@app.command("edit")
def edit(
    player: Annotated[
        str,
        typer.Argument(
            help="Start number or part of the name (a team event: the player's number, part "
            "of the name, or #N with --team)."
        ),
    ],
    name: Annotated[str | None, typer.Option("--name")] = None,
    rating: Annotated[int | None, typer.Option("--rating")] = None,
    title: Annotated[str | None, typer.Option("--title")] = None,
    federation: Annotated[str | None, typer.Option("--federation", "--fed")] = None,
    club: Annotated[str | None, typer.Option("--club")] = None,
    fide_id: Annotated[str | None, typer.Option("--fide-id")] = None,
    birth_date: Annotated[str | None, typer.Option("--birth-date")] = None,
    sex: Annotated[str | None, typer.Option("--sex")] = None,
    k_factor: Annotated[
        int | None,
        typer.Option(
            "--k-factor",
            help="FIDE K-factor for the rating report (40, 20, 10...); 0 goes back to the "
            "one derived from rating and age.",
        ),
    ] = None,
    team_ref: Annotated[
        str | None,
        typer.Option("--team", help="A team event: the player's team (then #N is roster N)."),
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Correct a player's details (an individual event's, or a team player's)."""
    given: dict[str, Any] = {
        "name": name,
        "rating": rating,
        "title": title,
        "federation": federation,
        "club": club,
        "fide_id": fide_id,
        "birth_date": birth_date,
        "sex": sex,
    }
    changes: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    if k_factor is not None:
        changes["k_factor"] = k_factor or None
    with session(db, event, actor) as s:
        if s.system().team:
            from fairpair.service import team_events as te

            edited = te.edit_team_player(s.desk, s.event_id(), player, changes, team_ref)
            typer.echo(f"edited: {', '.join(sorted(changes))} (version {edited.version})")
            return
        if team_ref is not None:
            raise fail("--team is for a team event")
        if s.system().double:
            from fairpair.service import double_events as de

            corrected = de.edit_double_player(s.desk, s.event_id(), player, changes)
            typer.echo(f"edited: {', '.join(sorted(changes))} (version {corrected.version})")
            return
        result = ev.edit_player(s.desk, s.event_id(), player, changes)
        typer.echo(f"edited: {', '.join(sorted(changes))} (version {result.version})")


@app.command("withdraw")
def withdraw(
    player: Annotated[str, typer.Argument(help="Start number or part of the name.")],
    from_round: Annotated[
        int | None, typer.Option("--round", help="First round not played (default: the next).")
    ] = None,
    undo: Annotated[
        bool,
        typer.Option("--undo", help="Take the player's withdrawal back (as `player return`)."),
    ] = False,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Withdraw a player: not paired from the next round on; results stay."""
    if undo:
        if from_round is not None:
            raise fail("--undo takes back the player's withdrawal: give no --round")
        return_player(player, db, event, actor)
        return
    with session(db, event, actor) as s:
        event_id = s.event_id()
        if s.system().double:
            from fairpair.cli import double
            from fairpair.service import double_events as de

            de.withdraw_double_player(s.desk, event_id, player, from_round)
            double.said(s)
            return
        who = ev.find_player(ev.load(s.desk, event_id).tournament, player)
        result = ev.withdraw(s.desk, event_id, player, from_round)
        (_, first), *_ = [w for w in result.tournament.withdrawals if w[0] == who.id]
        typer.echo(f"{who.id} {who.name} withdrawn from round {first} on")


@app.command("return")
def return_player(
    player: Annotated[str, typer.Argument(help="Start number or part of the name.")],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Take a withdrawal back: the player is paired again (before the round he withdrew
    from is paired)."""
    with session(db, event, actor) as s:
        event_id = s.event_id()
        if s.system().double:
            from fairpair.cli import double
            from fairpair.service import double_events as de

            de.return_double_player(s.desk, event_id, player)
            double.said(s)
            return
        who = ev.find_player(ev.load(s.desk, event_id).tournament, player)
        result = ev.return_player(s.desk, event_id, player)
        typer.echo(f"{who.id} {who.name} is back (version {result.version})")


@app.command("remove")
def remove(
    player: Annotated[str, typer.Argument(help="Start number or part of the name.")],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Remove a player registered by mistake, who has never been paired and has no bye;
    the players after him move up one start number. Undo brings him back."""
    with session(db, event, actor) as s:
        event_id = s.event_id()
        if s.system().double:
            from fairpair.cli import double
            from fairpair.service import double_events as de

            de.remove_double_player(s.desk, event_id, player)
            double.said(s)
            return
        who = ev.find_player(ev.load(s.desk, event_id).tournament, player)
        result = ev.remove_player(s.desk, event_id, player)
        typer.echo(f"removed {who.id} {who.name} (version {result.version})")
