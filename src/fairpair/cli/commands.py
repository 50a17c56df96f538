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

    from fairpair.cli import knockout

    app.command(name="knockout")(knockout.knockout)

    from fairpair.cli import event, output, player, rounds, stage, team

    app.add_typer(event.app, name="event")
    app.add_typer(player.app, name="player")
    app.add_typer(rounds.app, name="round")
    app.add_typer(team.app, name="team")
    app.command(name="lineup")(team.lineup)
    # Forfeits are typed as -+ and +-: they must reach the command as results, not options.
    app.command(name="result", context_settings={"ignore_unknown_options": True})(rounds.result)
    app.command(name="bracket")(stage.bracket)
    app.command(name="bye")(rounds.bye)
    app.command(name="undo")(rounds.undo)
    app.command(name="redo")(rounds.redo)
    app.command(name="log")(output.log)
    app.command(name="export")(output.export)
    app.command(name="print")(output.print_sheet)

    from fairpair.cli import checkin

    app.command(name="checkin")(checkin.checkin)
    player.app.command(name="codes")(checkin.codes)

    from fairpair.cli import directors, serve

    app.command(name="serve")(serve.serve)
    app.add_typer(directors.app, name="director")

    from fairpair.cli import ratings

    app.add_typer(ratings.app, name="ratings")
