"""The marker that a round is being paired, whatever the door, and its heartbeat.

Pairing a round of a large open takes from seconds to a minute of CPU. While it works, the
event's marker (:class:`fairpair.storage.PairingRun`, in the database so that every app
server sees it) refuses a second pairing, and tells the desk how far the engine has got:
the engines report each score bracket (:mod:`fairpair.pairing.progress`), and a heartbeat
thread writes the latest report with a renewed lease every :data:`BEAT_SECONDS`. A server
that dies mid-pairing stops renewing; after :data:`LEASE` the event can be paired again.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from fairpair.pairing.progress import Reporter, reporting
from fairpair.service.errors import CommandError, PairingInProgressError
from fairpair.storage import ConcurrencyError, EventStore, PairingBusyError, PairingRun

__all__ = [
    "BEAT_SECONDS",
    "LEASE",
    "Held",
    "Reporter",
    "begin",
    "describe",
    "failure_text",
    "holding",
    "reporting",
]

_log = logging.getLogger("fairpair.service.pairing_runs")

LEASE = timedelta(seconds=30)
"""How long a marker holds without a heartbeat: a server that died mid-pairing blocks its
event this long at most."""

BEAT_SECONDS = 1.0
"""How often the pairing server renews its lease and writes how far it has got (what the
desk's progress line lags behind at most)."""


@dataclass(eq=False)
class Held:
    """A marker this process has put up, and the latest progress its pairing reported."""

    store: EventStore
    clock: Callable[[], datetime]
    run: PairingRun
    lease: timedelta = LEASE
    beat: float = BEAT_SECONDS
    _progress: tuple[int, int, str] = (0, 0, "")
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def round(self) -> int:
        return self.run.round

    def note(self, done: int, total: int, what: str) -> None:
        """The engine's report (:func:`fairpair.pairing.progress.report`): kept for the next
        heartbeat, so that an engine reporting often costs no database write each time."""
        with self._lock:
            self._progress = (done, total, what)

    def renew(self) -> bool:
        """Renew the lease with the latest progress; ``False`` if the marker is no longer
        this one (its lease ran out and another pairing took the event)."""
        with self._lock:
            done, total, what = self._progress
        run = self.run
        until = self.clock() + self.lease
        return self.store.beat_pairing(run.event_id, run.token, done, total, what, until)


def begin(
    store: EventStore,
    clock: Callable[[], datetime],
    event_id: int,
    round_number: int,
    actor: str,
    *,
    lease: timedelta = LEASE,
    beat: float = BEAT_SECONDS,
) -> Held:
    """Put up the event's marker for pairing ``round_number``; :class:`PairingInProgressError`
    if a pairing of the event is running (here or on another server)."""
    at = clock()
    run = PairingRun(event_id, round_number, secrets.token_hex(16), actor, at, at + lease)
    try:
        store.begin_pairing(run)
    except PairingBusyError as error:
        busy = error.run
        where = f", now at {_step(busy)}" if busy.total else ""
        raise PairingInProgressError(
            f"round {busy.round} is being paired (started by {busy.actor} at "
            f"{busy.started_at:%H:%M:%S} UTC{where}); wait until it is done"
        ) from None
    return Held(store, clock, run, lease, beat)


@contextmanager
def holding(held: Held) -> Iterator[None]:
    """Run the pairing of ``held`` in this block: its engine's reports kept, its lease
    renewed by a heartbeat thread; the marker taken down after a success, or kept with what
    went wrong (:func:`failure_text`) after a failure, which is raised on."""
    stop = threading.Event()

    def heartbeat() -> None:
        while not stop.wait(held.beat):
            try:
                if not held.renew():
                    return
            except Exception:  # the database away for a moment: the next beat tries again
                _log.warning("could not renew the pairing lease", exc_info=True)

    beating = threading.Thread(
        target=heartbeat, name=f"pairing-event-{held.run.event_id}", daemon=True
    )
    beating.start()
    try:
        with reporting(held.note):
            yield
    except BaseException as error:
        stop.set()
        beating.join()
        held.store.end_pairing(held.run.event_id, held.run.token, failure_text(held.round, error))
        raise
    stop.set()
    beating.join()
    held.store.end_pairing(held.run.event_id, held.run.token)


def failure_text(round_number: int, error: BaseException) -> str:
    """What the desk says of a pairing that failed."""
    if isinstance(error, ConcurrencyError):
        moved = "" if error.found is None else f", version {error.expected} became {error.found}"
        return (
            f"the event was changed while round {round_number} was being paired (a player "
            f"added or a change undone?{moved}): the pairing was not saved; pair round "
            f"{round_number} again"
        )
    if isinstance(error, CommandError):
        return str(error)
    return (
        f"round {round_number} could not be paired: an internal error "
        f"({type(error).__name__}, in the server's log)"
    )


def describe(run: PairingRun, at: datetime) -> str:
    """The desk's line for a marker: ``Pairing round 5: bracket 3 of 9…``, a failure, or a
    pairing whose server stopped answering."""
    if run.error is not None:
        return f"Pairing round {run.round} failed: {run.error}"
    if not run.running(at):
        return (
            f"The pairing of round {run.round} stopped: its server no longer answers. "
            f"Pair round {run.round} again."
        )
    if run.total:
        return f"Pairing round {run.round}: {_step(run)}…"
    return f"Pairing round {run.round}…"


def _step(run: PairingRun) -> str:
    """``bracket 3 of 9``: the engines report the steps over, the one under way is the next."""
    return f"{run.what} {min(run.done + 1, run.total)} of {run.total}"
