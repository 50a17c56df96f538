"""`fairpair ratings ...`: import FIDE and national rating lists, list them, search them."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from fairpair.cli.director import DbOption, fail, session
from fairpair.core.words import counted
from fairpair.service import rating_lists as rl

app = typer.Typer(
    help="Rating lists: import FIDE's XML or TXT list or a national CSV; list, search, remove.",
    no_args_is_help=True,
)

ListOption = Annotated[
    str | None,
    typer.Option(
        "--list",
        help="The rating list's name (default: the one imported last).",
        show_default=False,
    ),
]


@contextmanager
def _opened(file: Path) -> Iterator[tuple[IO[bytes], str, int]]:
    """The list's bytes, its name and size: the file itself, or the one file inside a
    ``.zip`` as FIDE publishes it (read as it is unpacked)."""
    if file.suffix.lower() != ".zip":
        with file.open("rb") as stream:
            yield stream, file.name, file.stat().st_size
        return
    try:
        archive = zipfile.ZipFile(file)
    except zipfile.BadZipFile:
        raise fail(f"{file}: not a zip archive") from None
    with archive:
        members = [m for m in archive.infolist() if not m.is_dir()]
        if len(members) != 1:
            raise fail(f"{file}: the archive holds {len(members)} files, not one list")
        with archive.open(members[0]) as stream:
            yield stream, f"{file.name}/{members[0].filename}", members[0].file_size


class _Counted(io.RawIOBase):
    """A stream that tells the progress bar how many bytes of the list have been read."""

    def __init__(self, stream: IO[bytes], advance: Callable[[int], object]) -> None:
        super().__init__()
        self._stream = stream
        self._advance = advance

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._stream.read(len(buffer))
        buffer[: len(data)] = data
        self._advance(len(data))
        return len(data)


@app.command("import")
def import_list(
    file: Annotated[
        Path,
        typer.Argument(
            help="FIDE's players_list_xml (.xml), players_list_foa or standard_... (.txt), "
            "either zipped as downloaded, or a national list (.csv)."
        ),
    ],
    name: Annotated[
        str | None,
        typer.Option(
            "--name",
            help="The list's name (default: 'FIDE YYYY-MM' this month, "
            "or the CSV file's name); a list of that name is replaced.",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            help="xml, txt or csv (default: by the file's extension).",
            show_default=False,
        ),
    ] = None,
    mapping: Annotated[
        str,
        typer.Option(
            "--map",
            help="A CSV list's columns: id=ID,name=Name,rating=Elo,... "
            "(fields: id, name or surname and first_name, rating, rapid_rating, "
            "blitz_rating, title, federation, sex, birth_year, fide_id).",
        ),
    ] = "",
    db: DbOption = None,
) -> None:
    """Import a rating list into the store, all or nothing, in place of a list of that name."""
    with session(db) as s, _opened(file) as (stream, source, size):
        chosen = rl.list_format(source, fmt)
        list_name = name or rl.default_name(s.desk, chosen, Path(source).stem)
        replaced = next((i for i in rl.lists(s.desk) if i.name == list_name), None)
        columns = (
            TextColumn("importing {task.fields[players]} players"),
            BarColumn(),
            DownloadColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("import", total=size, players=0)
            read = io.BufferedReader(_Counted(stream, lambda n: bar.advance(task, n)), 1 << 20)
            info = rl.import_list(
                s.desk,
                read,
                source,
                list_name,
                chosen,
                mapping,
                lambda done: bar.update(task, players=f"{done:,}"),
            )
        typer.echo(f"imported {info.name!r}: {counted(info.players, 'player')} from {source}")
        if replaced is not None:
            # Said on standard error: a list imported without --name this month replaces the
            # month's list, which a director may not have meant.
            typer.echo(
                f"fairpair: it replaces the list of that name imported "
                f"{replaced.imported_at:%Y-%m-%d %H:%M} ({counted(replaced.players, 'player')});"
                " give another --name to keep both",
                err=True,
            )


@app.command("lists")
def lists(db: DbOption = None) -> None:
    """The imported rating lists."""
    with session(db) as s:
        known = rl.lists(s.desk)
        if not known:
            typer.echo("no rating list imported yet: fairpair ratings import FILE")
            return
        table = Table("List", "Kind", "Players", "Imported (UTC)", "From")
        for info in known:
            table.add_row(
                info.name,
                info.kind,
                f"{info.players:,}",
                f"{info.imported_at:%Y-%m-%d %H:%M}",
                info.source,
            )
        Console().print(table)


@app.command("remove")
def remove(
    name: Annotated[
        str, typer.Argument(help="The list's name, as `fairpair ratings lists` shows.")
    ],
    db: DbOption = None,
) -> None:
    """Delete a rating list (players registered from it keep their details)."""
    with session(db) as s:
        info = rl.remove_list(s.desk, name)
        typer.echo(f"removed {info.name!r} ({counted(info.players, 'player')})")


@app.command("search")
def search(
    text: Annotated[str, typer.Argument(help="The start of a surname or first name, or of an ID.")],
    list_name: ListOption = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=100)] = rl.SEARCH_LIMIT,
    db: DbOption = None,
) -> None:
    """Find players in a rating list by name (case and accents ignored) or ID."""
    with session(db) as s:
        info, found = rl.search(s.desk, text, list_name, limit)
        if not found:
            typer.echo(f"fairpair: no player of {info.name!r} matches {text!r}", err=True)
            raise typer.Exit(1)
        table = Table(
            "ID", "Name", "Title", "Fed", "Rating", "Rapid", "Blitz", "Born", "Sex", title=info.name
        )
        for p in found:
            table.add_row(
                p.ident,
                p.name,
                p.title,
                p.federation,
                _rating(p.rating),
                _rating(p.rapid_rating),
                _rating(p.blitz_rating),
                str(p.birth_year or ""),
                p.sex,
            )
        Console(width=120).print(table)


def _rating(value: int | None) -> str:
    return "" if value is None else str(value)
