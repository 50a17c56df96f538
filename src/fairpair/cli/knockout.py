"""`fairpair knockout N`: the empty bracket of N seeds, as text, JSON or a picture (SVG)."""

from __future__ import annotations

import enum
import json
import re
from typing import Annotated

import typer

from fairpair.cli.common import fail
from fairpair.core.knockout import MAX_SEEDS, BracketKind, KnockoutError
from fairpair.formats.bracket import empty_bracket_data, empty_bracket_svg, empty_bracket_text


class BracketFormat(enum.Enum):
    TEXT = "text"
    JSON = "json"
    SVG = "svg"


def _fail(message: str) -> typer.Exit:
    return fail("fairpair knockout", message)


def _seeds(text: str) -> int:
    cleaned = text.strip()
    if not (cleaned.isascii() and cleaned.isdecimal()) or len(cleaned) > 6:
        raise _fail(
            f"N is the number of players, a whole number from 2 to {MAX_SEEDS}: not {text!r}"
        )
    return int(cleaned)


_FLAT_LIST = re.compile(r"\[[^\[\]{}]*\]")
"""A list of numbers and strings alone (a match's two slots): kept on one line."""


def _json(data: object) -> str:
    """Indented JSON with each match on one line (JSON strings hold no line breaks, so
    joining the lines of a list of plain values changes nothing but the layout)."""
    text = json.dumps(data, indent=2)
    return (
        _FLAT_LIST.sub(lambda m: re.sub(r"\s*\n\s*", "", m.group()).replace(",", ", "), text) + "\n"
    )


def knockout(
    players: Annotated[
        str, typer.Argument(metavar="N", help=f"Number of players (2 to {MAX_SEEDS}).")
    ],
    bracket: Annotated[
        BracketKind,
        typer.Option("--bracket", help="Single or double elimination."),
    ] = BracketKind.SINGLE,
    third_place: Annotated[
        bool,
        typer.Option("--third-place", help="Single elimination: a match for third place."),
    ] = False,
    no_reset: Annotated[
        bool,
        typer.Option(
            "--no-reset",
            help="Double elimination: no second grand final when the losers' bracket winner "
            "wins the first.",
        ),
    ] = False,
    output_format: Annotated[
        BracketFormat, typer.Option("--format", help="Output format.")
    ] = BracketFormat.TEXT,
) -> None:
    """Print the empty bracket of N seeds: who meets whom in each round (standard seeding,
    byes to the top seeds), with the matches numbered in an order of play."""
    n = _seeds(players)
    if third_place and bracket is not BracketKind.SINGLE:
        raise _fail("--third-place is for single elimination (--bracket single)")
    if no_reset and bracket is not BracketKind.DOUBLE:
        raise _fail("--no-reset is for double elimination (--bracket double)")
    try:
        match output_format:
            case BracketFormat.TEXT:
                text = empty_bracket_text(n, bracket, third_place, not no_reset)
            case BracketFormat.JSON:
                data = empty_bracket_data(n, bracket, third_place, not no_reset)
                text = _json(data)
            case BracketFormat.SVG:
                text = empty_bracket_svg(n, bracket, third_place, not no_reset)
    except KnockoutError as error:
        raise _fail(str(error)) from None
    typer.echo(text, nl=False)
