"""The event store: the repository interface, an in-memory fake and the SQL implementation.

:func:`open_store` is the one way entry points open a store; the SQL module (and SQLAlchemy)
is imported only when a database is used.
"""

from __future__ import annotations

from fairpair.storage.base import (
    CHECKPOINT_EVERY,
    SNAPSHOT_FORMAT,
    ApiTokenRecord,
    Attempts,
    Checkpoint,
    ClaimError,
    ConcurrencyError,
    DirectorExistsError,
    DirectorRecord,
    EventExistsError,
    EventInfo,
    EventStore,
    LogRecord,
    NewRecord,
    PairingBusyError,
    PairingRun,
    RatedPlayer,
    RatingListInfo,
    SessionRecord,
    Snapshot,
    StaffRecord,
    StoredEvent,
    StoreError,
    UnknownEventError,
    Voided,
    checkpoints_kept,
)
from fairpair.storage.memory import MemoryStore

__all__ = [
    "CHECKPOINT_EVERY",
    "SNAPSHOT_FORMAT",
    "ApiTokenRecord",
    "Attempts",
    "Checkpoint",
    "ClaimError",
    "ConcurrencyError",
    "DirectorExistsError",
    "DirectorRecord",
    "EventExistsError",
    "EventInfo",
    "EventStore",
    "LogRecord",
    "MemoryStore",
    "NewRecord",
    "PairingBusyError",
    "PairingRun",
    "RatedPlayer",
    "RatingListInfo",
    "SessionRecord",
    "Snapshot",
    "StaffRecord",
    "StoreError",
    "StoredEvent",
    "UnknownEventError",
    "Voided",
    "checkpoints_kept",
    "open_store",
]


def open_store(target: str) -> EventStore:
    """The store at ``target``: ``:memory:`` for the fake, a file path (SQLite) or a URL."""
    if target == ":memory:":
        return MemoryStore()
    from fairpair.storage.sql import SqlStore, database_url

    return SqlStore(database_url(target))
