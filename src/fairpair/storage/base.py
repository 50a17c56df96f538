"""The event store's interface: an append-only log per event and a cached snapshot.

Every change to an event is one :class:`LogRecord`. The store keeps, beside the log, the
snapshot the log leads to (so that reads need not replay) and a version number equal to the
sequence number of the last record. Appending names the version the caller started from;
if another director appended in between, :class:`ConcurrencyError` is raised and nothing is
written. Implementations: :mod:`fairpair.storage.memory` (a fake for tests) and
:mod:`fairpair.storage.sql` (SQLite and PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from fairpair.core import Tournament

__all__ = [
    "ClaimError",
    "ConcurrencyError",
    "DirectorExistsError",
    "DirectorRecord",
    "EventExistsError",
    "EventInfo",
    "EventStore",
    "LogRecord",
    "NewRecord",
    "StoreError",
    "StoredEvent",
    "UnknownEventError",
]


class StoreError(Exception):
    """Base class of what the store reports to the director."""


class ConcurrencyError(StoreError):
    """Someone else changed the event since it was read; nothing was written."""

    def __init__(self, event: str, expected: int, found: int | None) -> None:
        seen = "" if found is None else f" (now at version {found})"
        super().__init__(
            f"event {event!r} was changed by someone else since version {expected}{seen}; "
            "nothing was saved: reload the event and run the command again"
        )
        self.expected = expected
        self.found = found


class UnknownEventError(StoreError):
    """No event has that name or id."""


class EventExistsError(StoreError):
    """An event with that name is already stored."""


class DirectorExistsError(StoreError):
    """A director with that username is already stored."""


class ClaimError(StoreError):
    """The event already has a director; only an event without one can be taken over."""


@dataclass(frozen=True, slots=True)
class NewRecord:
    """A change to append: when (UTC), who, what, and the data needed to replay it."""

    at: datetime
    actor: str
    action: str
    payload: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class LogRecord:
    """A stored change: its event, its place in the log (1, 2, ...) and its content."""

    event_id: int
    seq: int
    at: datetime
    actor: str
    action: str
    payload: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class EventInfo:
    """An event's row: its name, pairing system, version and organiser's settings."""

    id: int
    name: str
    system: str
    version: int
    created_at: datetime
    updated_at: datetime
    settings: Mapping[str, Any] = field(default_factory=dict)
    owner: str | None = None
    """The username of the director who runs the event; ``None`` for an event created from
    the command line, which any director may take over."""


@dataclass(frozen=True, slots=True)
class DirectorRecord:
    """A director's account: the username and the password's hash (never the password)."""

    username: str
    password_hash: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event with its cached snapshot, as of ``info.version``."""

    info: EventInfo
    tournament: Tournament


class EventStore(Protocol):
    """Where events live. Each method is one transaction."""

    def create_event(
        self,
        name: str,
        system: str,
        settings: Mapping[str, Any],
        record: NewRecord,
        snapshot: Tournament,
        owner: str | None = None,
    ) -> EventInfo:
        """Store a new event whose log starts with ``record`` (version 1), run by ``owner``."""
        ...

    def claim_event(
        self, event_id: int, expected_version: int, owner: str, record: NewRecord
    ) -> EventInfo:
        """Give an event without a director to ``owner`` and log ``record`` (the snapshot
        stays); :class:`ClaimError` if it has a director, :class:`ConcurrencyError` if it is
        no longer at ``expected_version``. Nothing is written on failure."""
        ...

    def events(self) -> Sequence[EventInfo]:
        """Every event, oldest first."""
        ...

    def event(self, event_id: int) -> EventInfo:
        """One event's row; :class:`UnknownEventError` if there is none."""
        ...

    def load(self, event_id: int) -> StoredEvent:
        """The event and its cached snapshot."""
        ...

    def append(
        self,
        event_id: int,
        expected_version: int,
        record: NewRecord,
        snapshot: Tournament,
        settings: Mapping[str, Any] | None = None,
    ) -> EventInfo:
        """Append one record and replace the snapshot, if the event is still at
        ``expected_version``; otherwise raise :class:`ConcurrencyError` and write nothing.

        ``settings``: the event's settings as the record leaves them (an edit of the event),
        which replace the row's, its name (``settings["name"]``) included;
        :class:`EventExistsError` if another event has that name."""
        ...

    def append_many(
        self,
        event_id: int,
        expected_version: int,
        records: Sequence[NewRecord],
        snapshot: Tournament,
        settings: Mapping[str, Any] | None = None,
    ) -> EventInfo:
        """Append several records (at least one) in one transaction, as :meth:`append` does
        one: the version moves by their number, or nothing is written."""
        ...

    def log(self, event_id: int) -> Sequence[LogRecord]:
        """The event's records in order."""
        ...

    def replace_snapshot(
        self,
        event_id: int,
        expected_version: int,
        snapshot: Tournament,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        """Replace the cached snapshot (after a rebuild from the log), and the settings if
        given, as :meth:`append` does; the log is untouched."""
        ...

    def add_director(self, director: DirectorRecord) -> None:
        """Store a new director; :class:`DirectorExistsError` if the username is taken."""
        ...

    def director(self, username: str) -> DirectorRecord | None:
        """The director with that username (exactly), if any."""
        ...

    def set_password_hash(self, username: str, password_hash: str) -> None:
        """Replace a director's password hash (a rehash with stronger parameters)."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...
