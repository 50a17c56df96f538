"""The `fairpair` command: a thin layer that parses arguments and prints results."""

from __future__ import annotations

import os
import sys

import typer

app = typer.Typer(
    name="fairpair",
    help="Pair and run tournaments: round robin, FIDE Dutch and casual Swiss; standings and TRF.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Pair and run tournaments: round robin, FIDE Dutch and casual Swiss; standings and TRF."""
    # A callback keeps `fairpair` a group of sub-commands even while it has only one;
    # without it Typer would make the single command the whole program (no `roundrobin`).


def prepare(arguments: list[str]) -> None:
    """Attach the sub-command the arguments name, or every one (for the help, or a name
    that is no command): each lives in a module of its own, loaded only when attached."""
    from fairpair.cli import commands

    # `fairpair` itself takes no option but --help: the first argument names the command.
    commands.register(app, arguments)


def main() -> None:
    """Run the command the process was given (:func:`fairpair.cli.start.main`, the console
    script, does the same with the garbage collector off during the imports)."""
    prepare(sys.argv[1:])
    run()


def run() -> None:
    """Run the attached command on the process's arguments, then exit.

    Output into a pipe whose reader has gone (``fairpair log | head``) ends quietly (Click
    ends with status 1 when it sees it; a broken pipe found after Click ends with 0).

    Usage errors (an unknown option, a value that is not a number or not one of the
    choices) are reported on one line of standard error with exit status 2, without the
    usage box, so that scripts and arbiters see the reason at once.
    """
    try:
        status = app(standalone_mode=False)
    except BrokenPipeError:
        _reader_gone()
    except typer.TyperException as error:
        message = error.format_message().replace("Value error, ", "")
        if message:  # empty after `fairpair` alone, which has printed the help
            from fairpair.cli.common import one_line

            typer.echo(f"fairpair: error: {one_line(message)}", err=True)
        sys.exit(getattr(error, "exit_code", 1))
    except typer.Abort:
        typer.echo("fairpair: aborted", err=True)
        sys.exit(1)
    sys.exit(status if isinstance(status, int) else 0)


def _reader_gone() -> None:
    """End quietly after the reader of standard output went away: what Python would still
    flush at exit goes nowhere instead of raising a second ``BrokenPipeError``."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)
