"""`fairpair roundrobin`: print or save the schedule of an all-play-all event."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from fairpair.cli.common import OutputFormat, fail, write_atomically
from fairpair.core import Player
from fairpair.formats import schedule as schedule_formats
from fairpair.formats.errors import FormatError
from fairpair.formats.players_csv import read_players_csv
from fairpair.service.round_robin import (
    Method,
    RoundRobinPlan,
    RoundRobinRequest,
    Seating,
    plan_round_robin,
)


def _fail(message: str) -> typer.Exit:
    return fail("fairpair roundrobin", message)


def _field(players: str) -> int | tuple[Player, ...]:
    """A number of players, or the players of a CSV file."""
    text = players.strip()
    if text.lstrip("+-").isdecimal():
        return int(text)
    return read_players_csv(players)


def _render(plan: RoundRobinPlan, output_format: OutputFormat) -> str:
    schedule, players = plan.schedule, plan.players
    match output_format:
        case OutputFormat.JSON:
            return schedule_formats.render_json(schedule)
        case OutputFormat.CSV:
            return schedule_formats.render_csv(schedule, players)
        case OutputFormat.HTML:
            return schedule_formats.render_html(schedule, players)
        case OutputFormat.TEXT:
            return schedule_formats.render_text(schedule, players)


def roundrobin(
    players: Annotated[
        str,
        typer.Argument(help="Number of players, or a CSV file with a header (name, rating, ...)."),
    ],
    double: Annotated[bool, typer.Option("--double", help="Two cycles, colours reversed.")] = False,
    swap_last_rounds: Annotated[
        bool,
        typer.Option(
            "--swap-last-rounds/--no-swap-last-rounds",
            help="Double round robin: play the first cycle's last two rounds swapped (FIDE).",
        ),
    ] = True,
    method: Annotated[Method, typer.Option("--method", help="How rounds are built.")] = (
        Method.BERGER
    ),
    seating: Annotated[
        Seating,
        typer.Option(
            "--seating",
            help="Pairing numbers by lot; strength and best-last seat players (rotation only).",
        ),
    ] = Seating.LOTS,
    groups: Annotated[
        int | None,
        typer.Option("--groups", help="Strength groups for --seating strength [default: 3]."),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the drawing of lots (same seed, same draw).")
    ] = 0,
    boards: Annotated[
        int | None,
        typer.Option("--boards", help="Boards available; rounds are split into sessions if fewer."),
    ] = None,
    output_format: Annotated[
        OutputFormat, typer.Option("--format", help="Output format.")
    ] = OutputFormat.TEXT,
    output: Annotated[
        Path | None,
        typer.Option("--output", help="Write to this file (atomically) instead of the terminal."),
    ] = None,
) -> None:
    """Print the schedule of an all-play-all tournament (FIDE Berger tables by default)."""
    if groups is not None and seating is not Seating.STRENGTH:
        raise _fail("--groups only applies to --seating strength")
    request = RoundRobinRequest(
        method=method,
        seating=seating,
        groups=3 if groups is None else groups,
        seed=seed,
        double=double,
        swap_last_rounds=swap_last_rounds,
        boards=boards,
    )
    try:
        field = _field(players)
    except FormatError as error:
        raise _fail(str(error)) from None
    try:
        plan = plan_round_robin(field, request)
    except ValueError as error:
        where = "" if isinstance(field, int) else f"{players}: "
        raise _fail(f"{where}{error}") from None
    text = _render(plan, output_format)
    if output is not None:
        try:
            write_atomically(output, text)
        except OSError as error:
            raise _fail(f"{output}: {error.strerror or error}") from None
        return
    if output_format is OutputFormat.TEXT:
        Console(highlight=False, soft_wrap=True).print(text, markup=False, emoji=False, end="")
    else:
        typer.echo(text, nl=False)
