"""`fairpair round ...`, `result`, `bye`, `undo` and `redo`: running the rounds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated

import typer

from fairpair.cli import stage
from fairpair.cli.director import ActorOption, DbOption, EventOption, fail, session
from fairpair.core import Pairing
from fairpair.service import events as ev
from fairpair.service import pairing_runs
from fairpair.storage import LogRecord

# Team and Double-Swiss events have modules of their own, imported when the event is one;
# the printed sheets where a command prints one.

app = typer.Typer(help="Pair a round, show it, or pair a board by hand.", no_args_is_help=True)

PROGRESS_FROM = 100
"""Show a progress bar (score brackets paired) while pairing a field at least this large."""


@app.command("pair")
def pair(db: DbOption = None, event: EventOption = None, actor: ActorOption = None) -> None:
    """Pair the next round and show it."""
    with session(db, event, actor) as s:
        if s.system().team:
            from fairpair.cli import team

            team.pair(s)
            return
        if s.system().double:
            from fairpair.cli import double

            double.pair(s)
            return
        if stage.not_started(s):
            stage.start(s)
            return
        event_id = s.event_id()
        loaded = ev.load(s.desk, event_id).tournament
        if len(loaded.players) >= PROGRESS_FROM:
            result, pairing = _pair_with_progress(s.desk, event_id, loaded.next_round)
        else:
            result, pairing = ev.pair_round(s.desk, event_id)
        from fairpair.formats import printouts as sheets
        from fairpair.service import printouts

        typer.echo(sheets.render_text(printouts.pairings_sheet(result, pairing.round)), nl=False)


def _pair_with_progress(desk: ev.Desk, event_id: int, number: int) -> tuple[ev.Event, Pairing]:
    """Pair with a progress bar on standard error that follows the engine's brackets."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn(f"pairing round {number}: {{task.fields[what]}}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("pair", total=None, what="starting")

        def follow(done: int, total: int, what: str) -> None:
            bar.update(task, completed=done, total=total, what=what)

        with pairing_runs.reporting(follow):
            return ev.pair_round(desk, event_id)


@app.command("show")
def show(
    number: Annotated[int | None, typer.Argument(help="Round (default: the last paired).")] = None,
    by_name: Annotated[bool, typer.Option("--by-name", help="Alphabetical by name.")] = False,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Show a round's pairings and results; in a knockout stage, the bracket (a number: a
    round played before the cut)."""
    with session(db, event) as s:
        if s.system().team:
            from fairpair.cli import team
            from fairpair.service import team_events as te

            t = te.load_team(s.desk, s.event_id()).tournament
            typer.echo(team.round_text(t, number), nl=False)
            return
        if s.system().double:
            from fairpair.cli import double
            from fairpair.service import double_events as de

            d = de.load_double(s.desk, s.event_id()).tournament
            typer.echo(double.round_text(d, number), nl=False)
            return
        if number is None and stage.in_knockout(s):
            if by_name:
                raise fail("--by-name is for a round's pairings: a knockout shows its bracket")
            stage.show_bracket(s.event())
            return
        from fairpair.formats import printouts as sheets
        from fairpair.service import printouts

        current = s.event()
        sheet = (
            printouts.alphabetical_sheet(current, number)
            if by_name
            else printouts.pairings_sheet(current, number)
        )
        typer.echo(sheets.render_text(sheet), nl=False)


@app.command("board")
def board(
    white: Annotated[str, typer.Argument(help="Player to keep his board (white).")],
    black: Annotated[str, typer.Argument(help="His opponent (black).")],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Pair two players by hand in the last round; their former opponents meet instead."""
    from fairpair.formats import printouts as sheets
    from fairpair.service import printouts

    with session(db, event, actor) as s:
        result = ev.set_manual_board(s.desk, s.event_id(), white, black)
        typer.echo(sheets.render_text(printouts.pairings_sheet(result)), nl=False)


def result(
    items: Annotated[
        list[str],
        typer.Argument(
            help="BOARD RESULT pairs: 3 1-0 4 1/2 5 0-1 (also = +- -+ --, 2-1); a team event: "
            "MATCH.BOARD RESULT, first team's player first (1.2 1-0), MATCH +- for a match "
            "forfeited as a whole; a Double-Swiss: BOARD GAME1 GAME2, each game White first "
            "(3 1-0 1/2), game 2 with the second-named player as White. A knockout: MATCH "
            "GAME [GAME...], every game so far (1 1-0 = 0-1), chess White first, card games "
            "the match's first player first."
        ),
    ],
    round_number: Annotated[
        int | None,
        typer.Option("--round", "-r", help="Enter or correct results of this round."),
    ] = None,
    white: Annotated[
        list[str] | None,
        typer.Option(
            "--white",
            help="Knockout, chess: GAME=PLAYER, who had White in that game when it was not "
            "the player scheduled (repeat for each such game).",
            show_default=False,
        ),
    ] = None,
    clear: Annotated[
        bool, typer.Option("--clear", help="Knockout: take away every game of the match.")
    ] = False,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Enter results of the current round by board (several at once); --round to correct.
    In a knockout stage: the games of one match so far (they replace what was entered)."""
    with session(db, event, actor) as s:
        if round_number is None and stage.in_knockout(s):
            stage.result(s, items, white or (), clear)
            return
        if white or clear:
            raise fail("--white and --clear are for a knockout match's games")
        if s.system().double:
            from fairpair.cli import double

            double.result(s, items, round_number)
            return
        if len(items) % 2:
            raise fail(
                "give BOARD RESULT pairs, e.g. 3 1-0 4 1/2 (a double forfeit is 0-0, or '--' "
                "after a first '--': fairpair result -- 5 --)"
            )
        if s.system().team:
            from fairpair.cli import team

            team.result(s, items, round_number)
            return
        entries: list[tuple[int, str]] = []
        for board_text, text in zip(items[::2], items[1::2], strict=True):
            if not (board_text.isascii() and board_text.isdecimal()):
                raise fail(f"{board_text!r} is not a board number (give BOARD RESULT pairs)")
            entries.append((int(board_text), text))
        event_id = s.event_id()
        if round_number is None:
            changed = ev.enter_results(s.desk, event_id, entries)
        else:
            changed = ev.correct_results(s.desk, event_id, round_number, entries)
        rnd = changed.tournament.rounds[round_number - 1 if round_number else -1]
        missing = sum(1 for g in rnd.games if g.result is None)
        state = "complete" if missing == 0 else f"{missing} result(s) to come"
        typer.echo(f"round {rnd.number}: {len(entries)} result(s) saved; {state}")


def bye(
    player: Annotated[
        str, typer.Argument(help="Start number or part of the name (a team event: the team).")
    ],
    round_number: Annotated[
        int | None, typer.Option("--round", "-r", help="Round (default: the next).")
    ] = None,
    kind: Annotated[str, typer.Option("--kind", "-k", help="half, full or zero.")] = "half",
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Grant a requested bye for a round not yet paired."""
    with session(db, event, actor) as s:
        if s.system().team:
            from fairpair.cli import team

            team.bye(s, player, round_number, kind)
            return
        if s.system().double:
            from fairpair.cli import double

            double.bye(s, player, round_number, kind)
            return
        changed = ev.grant_bye(s.desk, s.event_id(), player, round_number, kind)
        granted = changed.tournament.requested_byes[-1]
        name = changed.tournament.player(granted.player).name
        typer.echo(f"{granted.player} {name}: {kind}-point bye in round {granted.round}")


StepsOption = Annotated[
    int, typer.Option("--steps", "-n", min=1, help="How many changes, the latest first.")
]


def undo(
    steps: StepsOption = 1,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Take back the last change of any kind (again to go further back; it stays in the log)."""
    _walk(ev.undo, "undid", steps, db, event, actor)


def redo(
    steps: StepsOption = 1,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Bring back what undo took back, until a new change is made."""
    _walk(ev.redo, "redid", steps, db, event, actor)


def _walk(
    step: Callable[[ev.Desk, int, int], tuple[ev.Event, Sequence[LogRecord]]],
    verb: str,
    steps: int,
    db: str | None,
    event: str | None,
    actor: str | None,
) -> None:
    """Undo or redo ``steps`` changes and say which ones, in the log's words."""
    with session(db, event, actor) as s:
        event_id = s.event_id()
        if s.system().team:
            from fairpair.service import team_events as te

            walk = te.undo_team if verb == "undid" else te.redo_team
            _, records = walk(s.desk, event_id, steps)
            for record in records:
                typer.echo(f"{verb} #{record.seq}: {te.describe_team(record)}")
            return
        if s.system().double:
            from fairpair.service import double_events as de

            walked = de.undo_double if verb == "undid" else de.redo_double
            _, records = walked(s.desk, event_id, steps)
            for record in records:
                typer.echo(f"{verb} #{record.seq}: {de.describe_double(record)}")
            return
        changed, taken = step(s.desk, event_id, steps)
        log = ev.history(s.desk, event_id)
        for record in taken:
            typer.echo(f"{verb} #{record.seq}: {ev.describe(record, changed.tournament, log)}")
