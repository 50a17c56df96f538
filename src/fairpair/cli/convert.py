"""`fairpair convert`: turn an event file from one format into another (TRF, JSON)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli.common import read_event, write_atomically
from fairpair.core import Tournament
from fairpair.formats.errors import FormatError
from fairpair.formats.event_json import dump_event
from fairpair.formats.trf import write_trf

_FORMATS = (".trf", ".json")


class _Failure(Exception):
    """Something to report in one line before exiting with code 2."""


def _read(source: Path) -> Tournament:
    try:
        return read_event(source)[0]
    except ValueError as error:
        if isinstance(error, FormatError):
            raise
        raise _Failure(str(error)) from None


def _render(tournament: Tournament, target: Path, flavour: str) -> str:
    suffix = target.suffix.lower()
    if suffix == ".trf":
        if flavour not in ("trf16", "trf2026"):
            raise _Failure(f"unknown TRF flavour {flavour!r} (expected trf16 or trf2026)")
        return write_trf(tournament, "trf16" if flavour == "trf16" else "trf2026")
    if suffix == ".json":
        return dump_event(tournament)
    raise _Failure(f"{target}: unknown format (expected one of {', '.join(_FORMATS)})")


def convert(
    source: Annotated[Path, typer.Argument(help="Event to read: .trf or .json.")],
    target: Annotated[Path, typer.Argument(help="File to write: .trf or .json, by extension.")],
    flavour: Annotated[
        str, typer.Option("--flavour", help="TRF dialect of a .trf target: trf16 or trf2026.")
    ] = "trf16",
) -> None:
    """Convert an event between TRF and fairpair's JSON event format."""
    try:
        text = _render(_read(source), target, flavour)
        write_atomically(target, text)
    except (FormatError, _Failure, ValueError, OSError) as exc:
        message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        if isinstance(exc, OSError) and exc.filename:
            message = f"{exc.filename}: {message}"
        typer.echo(f"fairpair: error: {message}", err=True)
        raise typer.Exit(code=2) from None
