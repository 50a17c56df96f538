"""`fairpair director add`: open a director's account for the web desk (the organiser's way
when sign-up is closed with ``fairpair serve --no-signup``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli.director import DbOption, fail, session
from fairpair.service import directors
from fairpair.service.errors import FieldErrors

app = typer.Typer(help="Directors' accounts for the web desk.", no_args_is_help=True)


def _password(password_file: Path | None) -> str:
    if password_file is None:
        password: str = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
        return password
    try:
        lines = password_file.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise fail(f"{password_file}: {error.strerror or error}") from None
    if not lines or not lines[0]:
        raise fail(f"{password_file}:1: the first line should be the password")
    return lines[0]


@app.command("add")
def add(
    username: Annotated[str, typer.Argument(help="The director's username (letters, digits).")],
    password_file: Annotated[
        Path | None,
        typer.Option(
            "--password-file",
            help="Read the password from the first line of this file (default: prompt).",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Open a director's account; the password is stored as an Argon2 hash."""
    password = _password(password_file)
    with session(db) as s:
        try:
            record = directors.add_director(s.desk, username, password)
        except FieldErrors as error:
            raise fail(str(error)) from None
        typer.echo(f"added director {record.username}")
