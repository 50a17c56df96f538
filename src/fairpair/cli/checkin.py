"""`fairpair checkin ...` and `fairpair player codes`: check-in before a round and the
players' personal codes."""

from __future__ import annotations

from typing import Annotated

import typer

from fairpair.cli.director import ActorOption, DbOption, EventOption, fail, session
from fairpair.service import events as ev
from fairpair.service import players as pl


def checkin(
    what: Annotated[
        str,
        typer.Argument(
            help="open or close (check-in for the next round), missing (who has not checked "
            "in), or a player (start number or part of the name) to check in.",
            show_default=False,
        ),
    ],
    absent: Annotated[
        bool,
        typer.Option("--absent", help="With missing: make them absent from the next round."),
    ] = False,
    withdraw: Annotated[
        bool,
        typer.Option("--withdraw", help="With missing: withdraw them from the next round on."),
    ] = False,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Open or close check-in for the next round, check a player in, or list the players who
    have not checked in (and make them absent or withdrawn in one step)."""
    if (absent or withdraw) and what != "missing":
        raise fail("--absent and --withdraw go with `fairpair checkin missing`")
    if absent and withdraw:
        raise fail("choose --absent or --withdraw, not both")
    with session(db, event, actor) as s:
        event_id = s.event_id()
        match what:
            case "open":
                done = pl.open_check_in(s.desk, event_id)
                typer.echo(f"check-in open for round {done.tournament.next_round}")
            case "close":
                done = pl.close_check_in(s.desk, event_id)
                typer.echo(f"check-in closed for round {done.tournament.next_round}")
            case "missing":
                current = s.event()
                gone = pl.missing(s.desk, current)
                for player in gone:
                    typer.echo(f"{player.id} {player.name}")
                if absent or withdraw:
                    how = "absent" if absent else "withdrawn"
                    done = pl.mark_missing(s.desk, event_id, how)
                    typer.echo(
                        f"{len(gone)} player(s) {how} from round {done.tournament.next_round}"
                    )
                elif not gone:
                    typer.echo("everyone to pair has checked in (or check-in was not opened)")
            case _:
                player = ev.find_player(s.event().tournament, what)
                done = pl.check_in(s.desk, event_id, what)
                typer.echo(
                    f"{player.id} {player.name} checked in for round {done.tournament.next_round}"
                )


def codes(
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help="Players to give a new code (their old one stops working); none: a code for "
            "every player who has none yet.",
            show_default=False,
        ),
    ] = None,
    show: Annotated[
        bool, typer.Option("--show", help="Only list the codes; change nothing.")
    ] = False,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Give players their personal codes (to open their own page) and list them."""
    with session(db, event, actor) as s:
        event_id = s.event_id()
        current = s.event() if show else pl.issue_codes(s.desk, event_id, players or ())
        known = pl.door(s.desk, current)
        for player in current.tournament.players:
            code = known.code_of(player.id)
            if code is not None:
                typer.echo(f"{player.id}\t{player.name}\t{code}")
