"""The list of sub-commands of `fairpair`."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Register every sub-command on the application."""
    from fairpair.cli import convert, pair, roundrobin, standings

    app.command(name="roundrobin")(roundrobin.roundrobin)
    app.command(name="pair")(pair.pair)
    app.command(name="convert")(convert.convert)
    app.command(name="standings")(standings.standings)
