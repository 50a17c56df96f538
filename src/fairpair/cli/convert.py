"""`fairpair convert`: turn an event file from one format into another (TRF, JSON)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli.common import is_team_file, read_event, write_atomically
from fairpair.core import Tournament
from fairpair.formats.errors import FormatError
from fairpair.formats.event_json import dump_event
from fairpair.formats.trf import Flavour, TrfDocument, encode_trf, write_trf

_FORMATS = (".trf", ".json")


class _Failure(Exception):
    """Something to report in one line before exiting with code 2."""


def _read(source: Path) -> tuple[Tournament, TrfDocument | None]:
    try:
        return read_event(source)
    except ValueError as error:
        if isinstance(error, FormatError):
            raise
        raise _Failure(str(error)) from None


def _render(
    tournament: Tournament, document: TrfDocument | None, target: Path, flavour: str | None
) -> bytes:
    """The target file's bytes. The TRF document read (or kept in a JSON event) travels
    along, so that what did not change is written back as it was: same records, same order,
    same line endings and encoding."""
    suffix = target.suffix.lower()
    if suffix == ".trf":
        if flavour not in (None, "trf16", "trf2026"):
            raise _Failure(f"unknown TRF flavour {flavour!r} (expected trf16 or trf2026)")
        dialect: Flavour | None = None
        if flavour is not None:
            dialect = "trf16" if flavour == "trf16" else "trf2026"
        try:
            return encode_trf(write_trf(tournament, dialect, like=document), document)
        except ValueError as error:  # a value the format has no room for
            raise _Failure(f"{target}: cannot write the TRF: {error}") from None
    if suffix == ".json":
        return dump_event(tournament, trf=document).encode("utf-8")
    raise _Failure(f"{target}: unknown format (expected one of {', '.join(_FORMATS)})")


def convert(
    source: Annotated[Path, typer.Argument(help="Event to read: .trf or .json.")],
    target: Annotated[Path, typer.Argument(help="File to write: .trf or .json, by extension.")],
    flavour: Annotated[
        str | None,
        typer.Option(
            "--flavour",
            help="TRF dialect of a .trf target: trf16 or trf2026 "
            "(default: the source TRF's own, else trf16).",
        ),
    ] = None,
) -> None:
    """Convert an event between TRF and fairpair's JSON event format, losing nothing."""
    if source.suffix.lower() != ".json" and is_team_file(source):
        _convert_team(source, target)
        return
    try:
        tournament, document = _read(source)
        write_atomically(target, _render(tournament, document, target, flavour))
    except (FormatError, _Failure, ValueError, OSError) as exc:
        message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        if isinstance(exc, OSError) and exc.filename:
            message = f"{exc.filename}: {message}"
        typer.echo(f"fairpair: error: {message}", err=True)
        raise typer.Exit(code=2) from None


def _convert_team(source: Path, target: Path) -> None:
    """A TRF-2026 team file to a team file (written over the document read: what did not
    change stays as it was). JSON team events are the team store's format, not this one's."""
    from fairpair.formats.trf_team import read_team_trf, write_team_trf

    try:
        if target.suffix.lower() != ".trf":
            raise _Failure(f"{target}: a team file converts to .trf (team events to JSON: not yet)")
        document = read_team_trf(source)
        text = write_team_trf(document.tournament(), like=document)
        write_atomically(target, text.encode(document.encoding))
    except (FormatError, _Failure, OSError) as exc:
        message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        if isinstance(exc, OSError) and exc.filename:
            message = f"{exc.filename}: {message}"
        typer.echo(f"fairpair: error: {message}", err=True)
        raise typer.Exit(code=2) from None
