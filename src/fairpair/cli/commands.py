"""The list of sub-commands of `fairpair`.

Each top-level name has a function that imports its module and attaches it, so that one
command typed in the shell (``fairpair event show``) loads only its own module, and Typer
builds the Click command of that one command only (it inspects the signature of every
command it is given, some 2 ms each); the help and a name that is not a command get them all.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

import typer
import typer.main

Attach = Callable[[typer.Typer, str | None], None]
"""Attaches one top-level name; a group gets the name of the sub-command typed (or None)."""


def _roundrobin(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import roundrobin

    app.command(name="roundrobin")(roundrobin.roundrobin)


def _pair(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import pair

    app.command(name="pair")(pair.pair)


def _convert(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import convert

    app.command(name="convert")(convert.convert)


def _standings(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import standings

    app.command(name="standings")(standings.standings)


def _knockout(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import knockout

    app.command(name="knockout")(knockout.knockout)


def _event(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import event

    narrowed = _narrowed(event.app, sub)
    if narrowed is event.app:  # the whole group, or a command of a group living elsewhere
        event.attach_elsewhere(sub)
        narrowed = _narrowed(event.app, sub)
    app.add_typer(narrowed, name="event")


def _player(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import player

    narrowed = _narrowed(player.app, sub)
    if narrowed is player.app:  # the whole group, or `player codes`, which lives in checkin
        from fairpair.cli import checkin

        player.app.command(name="codes")(checkin.codes)
        narrowed = _narrowed(player.app, sub)
    app.add_typer(narrowed, name="player")


def _round(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import rounds

    app.add_typer(_narrowed(rounds.app, sub), name="round")


def _team(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import team

    app.add_typer(_narrowed(team.app, sub), name="team")


def _lineup(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import team

    app.command(name="lineup")(team.lineup)


def _result(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import rounds

    # Forfeits are typed as -+ and +-: they must reach the command as results, not options.
    app.command(name="result", context_settings={"ignore_unknown_options": True})(rounds.result)


def _bracket(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import stage

    app.command(name="bracket")(stage.bracket)


def _bye(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import rounds

    app.command(name="bye")(rounds.bye)


def _undo(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import rounds

    app.command(name="undo")(rounds.undo)


def _redo(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import rounds

    app.command(name="redo")(rounds.redo)


def _log(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import output

    app.command(name="log")(output.log)


def _export(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import output

    app.command(name="export")(output.export)


def _print(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import output

    app.command(name="print")(output.print_sheet)


def _checkin(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import checkin

    app.command(name="checkin")(checkin.checkin)


def _serve(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import serve

    app.command(name="serve")(serve.serve)


def _director(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import directors

    app.add_typer(_narrowed(directors.app, sub), name="director")


def _ratings(app: typer.Typer, sub: str | None) -> None:
    from fairpair.cli import ratings

    app.add_typer(_narrowed(ratings.app, sub), name="ratings")


COMMANDS: dict[str, Attach] = {
    "roundrobin": _roundrobin,
    "pair": _pair,
    "convert": _convert,
    "standings": _standings,
    "knockout": _knockout,
    "event": _event,
    "player": _player,
    "round": _round,
    "team": _team,
    "lineup": _lineup,
    "result": _result,
    "bracket": _bracket,
    "bye": _bye,
    "undo": _undo,
    "redo": _redo,
    "log": _log,
    "export": _export,
    "print": _print,
    "checkin": _checkin,
    "serve": _serve,
    "director": _director,
    "ratings": _ratings,
}
"""Each top-level name of `fairpair` and what attaches it, in the order of the help."""


def register(app: typer.Typer, arguments: Sequence[str] = ()) -> None:
    """Register every sub-command on the application; given the command-line arguments, only
    the command they name (every one if the first names none)."""
    name = arguments[0] if arguments else None
    if name in COMMANDS:
        COMMANDS[name](app, arguments[1] if len(arguments) > 1 else None)
        return
    for attach in COMMANDS.values():
        attach(app, None)


def _narrowed(group: typer.Typer, sub: str | None) -> typer.Typer:
    """The group with its sub-command ``sub`` alone, or the whole group when ``sub`` names
    none of its commands (its help, a misspelt name: Click lists or suggests them all).
    The group itself is not changed: a copy holds the one command."""
    commands = [
        c
        for c in group.registered_commands
        if c.callback is not None
        and (c.name or typer.main.get_command_name(c.callback.__name__)) == sub
    ]
    groups = [g for g in group.registered_groups if g.name == sub]
    if not commands and not groups:
        return group
    narrowed = copy.copy(group)
    narrowed.registered_commands = commands
    narrowed.registered_groups = groups
    return narrowed
