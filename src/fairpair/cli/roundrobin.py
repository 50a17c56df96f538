"""`fairpair roundrobin`: print a round-robin schedule (placeholder until the schedule lands)."""

from __future__ import annotations

import typer


def roundrobin(players: str = typer.Argument(..., help="Number of players or a CSV file.")) -> None:
    """Print the schedule of an all-play-all tournament."""
    raise typer.Exit(code=2)
