"""`fairpair director add|password|token|signout`: directors' accounts for the web desk (sign-up
on the web is closed unless ``fairpair serve --allow-signup``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli.director import DbOption, fail, session
from fairpair.service import accounts, directors
from fairpair.service.errors import CommandError, FieldErrors

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


_PasswordFile = Annotated[
    Path | None,
    typer.Option(
        "--password-file",
        help="Read the password from the first line of this file (default: prompt).",
        show_default=False,
    ),
]


@app.command("password")
def password(
    username: Annotated[str, typer.Argument(help="The director's username.")],
    password_file: _PasswordFile = None,
    db: DbOption = None,
) -> None:
    """Give a director a new password; every session they have on the desk ends."""
    new = _password(password_file)
    with session(db) as s:
        try:
            directors.set_password(s.desk, username, new)
        except (FieldErrors, CommandError) as error:
            raise fail(str(error)) from None
        typer.echo(f"new password for {username.strip().lower()}; their sessions have ended")


@app.command("signout")
def signout(
    username: Annotated[str, typer.Argument(help="The director's username.")],
    db: DbOption = None,
) -> None:
    """End every session a director has on the desk (a lost laptop)."""
    with session(db) as s:
        ended = accounts.end_all_sessions(s.desk, username.strip().lower())
        typer.echo(f"ended {ended} session(s) of {username.strip().lower()}")


@app.command("token")
def token(
    username: Annotated[str, typer.Argument(help="The director's username.")],
    create: Annotated[
        bool, typer.Option("--create", help="Make a new API token and print it (once).")
    ] = False,
    revoke: Annotated[
        int | None,
        typer.Option("--revoke", help="Revoke the token with this number.", show_default=False),
    ] = None,
    db: DbOption = None,
) -> None:
    """A director's API tokens for scripts (sent as `Authorization: Bearer`): list them,
    make one (--create) or revoke one (--revoke N)."""
    name = username.strip().lower()
    with session(db) as s:
        if create and revoke is not None:
            raise fail("--create or --revoke, not both")
        if create:
            record, secret = accounts.create_api_token(s.desk, name)
            typer.echo(f"API token {record.id} of {name} (shown once, keep it secret):")
            typer.echo(secret)
        elif revoke is not None:
            accounts.revoke_api_token(s.desk, name, revoke)
            typer.echo(f"revoked API token {revoke} of {name}")
        else:
            tokens = accounts.api_tokens(s.desk, name)
            if not tokens:
                typer.echo(f"{name} has no API token")
            for t in tokens:
                typer.echo(f"{t.id}\tmade {t.created_at:%Y-%m-%d %H:%M} UTC")
