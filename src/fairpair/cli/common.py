"""What the sub-commands share: output formats, one-line errors, safe writes, reading events."""

from __future__ import annotations

import enum
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from fairpair.formats.errors import FormatError

if TYPE_CHECKING:
    from rich.table import Table

    from fairpair.core import Pairing, Tournament
    from fairpair.formats.trf import TrfDocument

# Every command over the event store comes through here: the readers of event files and
# Rich's tables are imported by the functions that use them, not at start-up.

USAGE_ERROR = 2
"""Exit status for bad input or a bad option."""

EVENT_SUFFIXES = (".trf", ".json")


class OutputFormat(enum.Enum):
    """What `--format` accepts."""

    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    HTML = "html"


def fail(command: str, message: str) -> typer.Exit:
    """Print one line on standard error and return the exit to raise (status 2): a message
    that spans lines (a quoted file line, a wrapped library text) is joined, so that a log
    file or ``grep error:`` gets the whole reason on its line."""
    typer.echo(f"{command}: error: {one_line(message)}", err=True)
    return typer.Exit(code=USAGE_ERROR)


def one_line(message: str) -> str:
    """The message with its lines joined by spaces."""
    return " ".join(part.strip() for part in message.splitlines() if part.strip())


def write_atomically(path: Path, data: str | bytes) -> None:
    """Write through a temporary file in the same folder and rename it over the target,
    so that a reader never sees half a file and a failure leaves nothing behind.
    Text is written as UTF-8; bytes (a PDF) as they are."""
    try:
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as error:  # named after the file asked for, not the temporary one
        raise OSError(error.errno, error.strerror, str(path)) from None
    try:
        # mkstemp makes the file private (0600); the file written is as open() would make it.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(handle, 0o666 & ~umask)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data.encode("utf-8") if isinstance(data, str) else data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_event(path: Path) -> tuple[Tournament, TrfDocument | None]:
    """The event in a TRF or JSON file (by extension), and its TRF document: the file itself,
    or the TRF lines a JSON event keeps from the file it was converted from.

    Raises ``FormatError`` for a file that cannot be read as its format, ``ValueError``
    for an unknown extension and ``OSError`` for a file that cannot be opened.
    """
    from fairpair.formats.trf import read_trf

    suffix = path.suffix.lower()
    if suffix == ".json":
        return read_json_event(path)
    if suffix == ".trf" or suffix == ".txt":
        document = read_trf(path)
        return document.tournament(), document
    raise ValueError(f"{path}: unknown format (expected one of {', '.join(EVENT_SUFFIXES)})")


def read_json_event(path: Path) -> tuple[Tournament, TrfDocument | None]:
    """A JSON event file and the TRF document it keeps; ``FormatError`` naming the file for
    one that is not UTF-8 text, is binary, or is not an event (``OSError`` as it comes)."""
    from fairpair.formats.event_json import load_event_and_trf

    return load_event_and_trf(json_text(path), str(path))


def json_text(path: Path) -> str:
    """The text of a JSON event file; ``FormatError`` naming the file for one that is not
    UTF-8 text or is binary (``OSError`` as it comes)."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FormatError(
            f"not UTF-8 text (byte {error.start}): a JSON event is written in UTF-8",
            path=str(path),
        ) from None
    if "\0" in text:
        raise FormatError("not a JSON event: it holds NUL bytes (a binary file?)", path=str(path))
    return text


def is_team_file(path: Path) -> bool:
    """A TRF-2026 team file (it has team records, spec team-swiss.md §12); a file that cannot
    be opened is not, and is left to the reader's error."""
    from fairpair.formats.trf_team import is_team_trf

    try:
        return is_team_trf(path.read_bytes().decode("utf-8", "replace"))
    except OSError:
        return False


def pairing_table(
    pairing: Pairing,
    headings: tuple[str, str, str],
    name: Callable[[int], str],
    score: Callable[[int], str],
) -> Table:
    """A round as a table: number, the side with White and its score, the other side and its
    score, then the bye; ``headings`` names the number and the two sides (players or teams)."""
    from rich.table import Table

    table = Table(title=f"Round {pairing.round}")
    number_heading, first, second = headings
    for heading in (number_heading, first, "Score", second, "Score"):
        table.add_column(
            heading, justify="right" if heading in (number_heading, "Score") else "left"
        )
    for number, game in enumerate(pairing.boards, start=1):
        table.add_row(
            str(number), name(game.white), score(game.white), name(game.black), score(game.black)
        )
    if pairing.bye is not None:
        table.add_row("", name(pairing.bye), score(pairing.bye), "bye", "")
    return table
