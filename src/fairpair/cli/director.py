"""What every command over the event store shares: where the store is, which event, who acts,
and how failures are reported (one line on standard error, nothing changed)."""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli import common
from fairpair.cli.common import USAGE_ERROR
from fairpair.formats.errors import FormatError
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, PairingInProgressError
from fairpair.service.settings import System
from fairpair.storage import ConcurrencyError, StoreError, open_store

# Every command here opens a store: SQLAlchemy comes in with the command's own modules, at
# start-up, while the garbage collector is off (fairpair.cli.start), not when the store opens.
from fairpair.storage import sql as _sql  # noqa: F401

RETRY = 3
"""Exit status when another director changed the event first, or a round of it is being
paired: run the command again (later)."""

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="FAIRPAIR_DB",
        help="Event store: a SQLite file or a postgresql:// URL "
        "(default: fairpair.sqlite3 in the user's data directory).",
        show_default=False,
    ),
]
EventOption = Annotated[
    str | None,
    typer.Option(
        "--event",
        "-e",
        envvar="FAIRPAIR_EVENT",
        help="Event name or id (default: the event changed last).",
        show_default=False,
    ),
]
ActorOption = Annotated[
    str | None,
    typer.Option(
        "--actor",
        envvar="FAIRPAIR_ACTOR",
        help="Who is acting, for the audit log (default: the login name).",
        show_default=False,
    ),
]


def default_database() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("fairpair")) / "fairpair.sqlite3"


def store_target(db: str | None) -> str:
    if db:
        return db
    path = default_database()
    path.parent.mkdir(parents=True, exist_ok=True)
    return str(path)


def _actor(actor: str | None) -> str:
    if actor:
        return actor
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return os.environ.get("USER", "director")


def fail(message: str, code: int = USAGE_ERROR) -> typer.Exit:
    """One line on standard error; the exit to raise (2, or :data:`RETRY`)."""
    exit_ = common.fail("fairpair", message)
    exit_.exit_code = code
    return exit_


@dataclass(frozen=True, slots=True)
class Session:
    """An open store, the acting director and the event the command is about."""

    desk: ev.Desk
    event_ref: str | None
    taken: dict[int, int] = field(default_factory=dict)
    """The event the command took, with its version then (found once: a command asks for
    its event many times, and each search reads the store's list of events)."""
    named: set[int] = field(default_factory=set)
    """The events already named on standard error."""

    def event_id(self) -> int:
        if self.taken:
            return next(iter(self.taken))
        known = self.desk.store.events()
        found = ev.pick_event(known, self.event_ref)
        self.taken[found.id] = found.version
        if self.event_ref is None and len(known) > 1:
            # A director under pressure sees a wrong guess at once; standard output
            # stays the command's own, for scripts and printers.
            typer.echo(f"fairpair: event {found.name!r} (the one changed last)", err=True)
            self.named.add(found.id)
        return found.id

    def system(self) -> System:
        """The system of the command's event (team, Double-Swiss...), without loading it."""
        return ev.event_system(self.desk.store.event(self.event_id()))

    def name_changed(self) -> None:
        """Name on standard error each event the command changed that it has not named."""
        for event_id, version in self.taken.items():
            info = self.desk.store.event(event_id)
            if info.version != version and event_id not in self.named:
                typer.echo(
                    f"fairpair: event {info.name!r} changed (version {info.version})", err=True
                )

    def event(self) -> ev.Event:
        return ev.load(self.desk, self.event_id())


@contextmanager
def session(
    db: str | None, event: str | None = None, actor: str | None = None
) -> Iterator[Session]:
    """Open the store for one command and turn the director's mistakes into one-line errors.

    Any command says on standard error which event it took when several exist and none was
    named; one that changed an event named by ``--event`` names it there too (with its new
    version)."""
    try:
        store = open_store(store_target(db))
    except Exception as error:  # a bad URL, a server that is down, a file that is not a store
        raise fail(f"cannot open the event store {db or default_database()}: {error}") from None
    try:
        opened = Session(ev.Desk(store, lambda: datetime.now(UTC), _actor(actor)), event)
        yield opened
        opened.name_changed()
    except (ConcurrencyError, PairingInProgressError) as error:
        raise fail(str(error), RETRY) from None
    except (CommandError, StoreError, FormatError) as error:
        raise fail(str(error)) from None
    except BrokenPipeError:
        raise  # the reader stopped (`fairpair log | head`): main ends quietly
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        raise fail(f"{where}{error.strerror or error}") from None
    finally:
        store.close()
