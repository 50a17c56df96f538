"""The `fairpair` command: a thin layer that parses arguments and prints results."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="fairpair",
    help="Pair and run tournaments: round robin, FIDE Dutch and casual Swiss; standings and TRF.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register() -> None:
    """Attach every sub-command; each lives in a module of its own."""
    from fairpair.cli import commands

    commands.register(app)


def main() -> None:
    """Console-script entry point."""
    _register()
    app()
