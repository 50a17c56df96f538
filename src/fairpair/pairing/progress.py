"""How far a pairing engine has got, told to whoever listens, without making it impure.

An engine calls :func:`report` once per score bracket (``report(3, 9, "bracket")``: three
of nine brackets done). Nobody listens by default and the call does nothing; a caller that
wants to show progress (a progress bar on the command line, the desk's "pairing round 5:
bracket 3 of 9") sets a reporter for the duration of the pairing with :func:`reporting`.
The reporter is held in a :class:`~contextvars.ContextVar`, so pairings running at the same
time in different threads each tell their own listener, and the engines' results never
depend on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Reporter", "report", "reporting"]

Reporter = Callable[[int, int, str], None]
"""Called with (done, total, what): ``done`` of ``total`` steps named ``what`` are over."""

_REPORTER: ContextVar[Reporter | None] = ContextVar("fairpair_pairing_progress", default=None)


def report(done: int, total: int, what: str) -> None:
    """Tell the listener of this pairing, if any, that ``done`` of ``total`` ``what`` are
    over."""
    reporter = _REPORTER.get()
    if reporter is not None:
        reporter(done, total, what)


@contextmanager
def reporting(reporter: Reporter) -> Iterator[None]:
    """Send what pairings in this context report to ``reporter`` (and to the listener that
    was already there, so that a command line's progress bar and the desk's marker can both
    follow one pairing)."""
    outer = _REPORTER.get()

    def both(done: int, total: int, what: str) -> None:
        if outer is not None:
            outer(done, total, what)
        reporter(done, total, what)

    token = _REPORTER.set(both)
    try:
        yield
    finally:
        _REPORTER.reset(token)
