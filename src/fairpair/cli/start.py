"""The `fairpair` console script and `python -m fairpair`: the start-up of a command, with
Python's cyclic garbage collector off while the command's modules are imported.

Importing Typer, SQLAlchemy and fairpair's own modules creates some hundred
thousand objects that live as long as the process and leaves no cycles to collect; with
the collector on, the allocations trigger collections that scan all of them again, each
longer than the last: about a quarter of a director's command on a small event (0.12 of
0.48 s CPU for ``fairpair event show``, ``benchmarks/bench_cli.py``). When the modules are
in, they are frozen (later collections skip them) and the collector is on again for the
command itself, which may build large short-lived structures (the pairing of a big Swiss,
the web server's requests).
"""

from __future__ import annotations

import gc
import sys


def main() -> None:
    """Console-script entry point: import what the command typed needs, then run it."""
    gc.disable()
    try:
        from fairpair.cli import app

        app.prepare(sys.argv[1:])
    finally:
        gc.freeze()
        gc.enable()
    app.run()
