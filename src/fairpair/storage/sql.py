"""The event store on SQLAlchemy 2: SQLite (one file, WAL) or PostgreSQL.

Each method runs in one transaction. :meth:`SqlStore.append` first moves the event's
version from the expected one to the next (``UPDATE ... WHERE version = expected``), so a
second director working from the same version finds no row to update and gets a
:class:`~fairpair.storage.base.ConcurrencyError`; the log row, keyed by (event, seq), and the
new snapshot are written in the same transaction, so a process killed at any moment leaves
the event as it was before or after the command.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from fairpair.core import Tournament
from fairpair.formats.event_json import dump_event, load_event
from fairpair.storage.base import (
    ClaimError,
    ConcurrencyError,
    DirectorExistsError,
    DirectorRecord,
    EventExistsError,
    EventInfo,
    LogRecord,
    NewRecord,
    StoredEvent,
    UnknownEventError,
)
from fairpair.storage.tables import directors, event_log, events

__all__ = ["HEAD_REVISION", "SqlStore", "database_url"]

HEAD_REVISION = "0002"
"""The newest migration; opening a store at an older revision upgrades it."""

BeforeCommit = Callable[[str], None]


def database_url(target: str) -> str:
    """A SQLAlchemy URL from what a director types: a file path or a database URL.

    ``postgresql://`` and ``postgres://`` use the psycopg 3 driver.
    """
    if "://" not in target:
        from pathlib import Path

        return "sqlite:///" + str(Path(target).expanduser().resolve())
    for prefix in ("postgresql://", "postgres://"):
        if target.startswith(prefix):
            return "postgresql+psycopg://" + target[len(prefix) :]
    return target


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _sqlite_engine(url: str) -> sa.Engine:
    engine = sa.create_engine(url, connect_args={"timeout": 30, "isolation_level": None})

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    # The sqlite3 driver's own transaction handling is switched off (isolation_level=None)
    # so that every SQLAlchemy transaction is a real BEGIN ... COMMIT, DDL included.
    @sa.event.listens_for(engine, "begin")
    def _on_begin(connection: sa.Connection) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine


class SqlStore:
    """Events in a SQL database. ``before_commit`` is a test hook called inside each
    writing transaction, after the writes and before the commit, with the action name."""

    def __init__(self, url: str, *, before_commit: BeforeCommit | None = None) -> None:
        self.url = url
        if url.startswith("sqlite"):
            self.engine = _sqlite_engine(url)
        else:
            self.engine = sa.create_engine(url, pool_pre_ping=True)
        self._before_commit = before_commit
        self._migrate()

    def _migrate(self) -> None:
        with self.engine.begin() as connection:
            if _revision(connection) == HEAD_REVISION:
                return
            # Alembic is imported only when there is something to migrate: it is slow to load.
            from alembic import command
            from alembic.config import Config

            config = Config()
            config.set_main_option("script_location", "fairpair.storage:migrations")
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def _hook(self, action: str) -> None:
        if self._before_commit is not None:
            self._before_commit(action)

    # --- reading --------------------------------------------------------------------------

    @staticmethod
    def _info(row: Any) -> EventInfo:
        return EventInfo(
            id=row.id,
            name=row.name,
            system=row.system,
            version=row.version,
            created_at=_utc(row.created_at),
            updated_at=_utc(row.updated_at),
            settings=dict(row.settings),
            owner=row.owner,
        )

    _INFO_COLUMNS = (
        events.c.id,
        events.c.name,
        events.c.system,
        events.c.version,
        events.c.created_at,
        events.c.updated_at,
        events.c.settings,
        events.c.owner,
    )

    def events(self) -> Sequence[EventInfo]:
        with self.engine.begin() as connection:
            rows = connection.execute(sa.select(*self._INFO_COLUMNS).order_by(events.c.id))
            return [self._info(row) for row in rows]

    def event(self, event_id: int) -> EventInfo:
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.select(*self._INFO_COLUMNS).where(events.c.id == event_id)
            ).one_or_none()
        if row is None:
            raise UnknownEventError(f"no event with id {event_id}")
        return self._info(row)

    def load(self, event_id: int) -> StoredEvent:
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.select(*self._INFO_COLUMNS, events.c.snapshot).where(events.c.id == event_id)
            ).one_or_none()
        if row is None:
            raise UnknownEventError(f"no event with id {event_id}")
        return StoredEvent(self._info(row), load_event(row.snapshot, f"event {row.name}"))

    def log(self, event_id: int) -> Sequence[LogRecord]:
        self.event(event_id)
        with self.engine.begin() as connection:
            rows = connection.execute(
                sa.select(event_log)
                .where(event_log.c.event_id == event_id)
                .order_by(event_log.c.seq)
            )
            return [
                LogRecord(
                    event_id=row.event_id,
                    seq=row.seq,
                    at=_utc(row.at),
                    actor=row.actor,
                    action=row.action,
                    payload=dict(row.payload),
                )
                for row in rows
            ]

    # --- writing --------------------------------------------------------------------------

    def create_event(
        self,
        name: str,
        system: str,
        settings: Mapping[str, Any],
        record: NewRecord,
        snapshot: Tournament,
        owner: str | None = None,
    ) -> EventInfo:
        try:
            with self.engine.begin() as connection:
                event_id = connection.execute(
                    sa.insert(events)
                    .values(
                        name=name,
                        system=system,
                        version=1,
                        created_at=record.at,
                        updated_at=record.at,
                        settings=dict(settings),
                        snapshot=dump_event(snapshot, compact=True),
                        owner=owner,
                    )
                    .returning(events.c.id)
                ).scalar_one()
                connection.execute(sa.insert(event_log).values(**_log_values(event_id, 1, record)))
                self._hook(record.action)
        except sa.exc.IntegrityError:
            raise EventExistsError(f"an event named {name!r} already exists") from None
        return self.event(event_id)

    def append(
        self,
        event_id: int,
        expected_version: int,
        record: NewRecord,
        snapshot: Tournament,
        settings: Mapping[str, Any] | None = None,
    ) -> EventInfo:
        return self.append_many(event_id, expected_version, (record,), snapshot, settings)

    def append_many(
        self,
        event_id: int,
        expected_version: int,
        records: Sequence[NewRecord],
        snapshot: Tournament,
        settings: Mapping[str, Any] | None = None,
    ) -> EventInfo:
        if not records:
            raise ValueError("nothing to append")
        last = expected_version + len(records)
        values: dict[str, Any] = {
            "version": last,
            "updated_at": records[-1].at,
            "snapshot": dump_event(snapshot, compact=True),
        }
        if settings is not None:
            self._name_free(event_id, settings["name"])
            values |= {"name": settings["name"], "settings": dict(settings)}
        try:
            with self.engine.begin() as connection:
                updated = connection.execute(
                    sa.update(events)
                    .where(events.c.id == event_id, events.c.version == expected_version)
                    .values(**values)
                ).rowcount
                if updated != 1:
                    raise self._conflict(connection, event_id, expected_version)
                connection.execute(
                    sa.insert(event_log),
                    [
                        _log_values(event_id, seq, record)
                        for seq, record in enumerate(records, start=expected_version + 1)
                    ],
                )
                for record in records:
                    self._hook(record.action)
        except sa.exc.IntegrityError:
            if settings is not None:
                self._name_free(event_id, settings["name"])  # taken in between?
            # Another writer appended the same seq first (a store without row locks).
            raise ConcurrencyError(self.event(event_id).name, expected_version, None) from None
        return self.event(event_id)

    def _name_free(self, event_id: int, name: str) -> None:
        """:class:`EventExistsError` if another event has that name."""
        with self.engine.connect() as connection:
            other = connection.execute(
                sa.select(events.c.id).where(events.c.name == name, events.c.id != event_id)
            ).first()
        if other is not None:
            raise EventExistsError(f"an event named {name!r} already exists")

    def claim_event(
        self, event_id: int, expected_version: int, owner: str, record: NewRecord
    ) -> EventInfo:
        seq = expected_version + 1
        try:
            with self.engine.begin() as connection:
                updated = connection.execute(
                    sa.update(events)
                    .where(
                        events.c.id == event_id,
                        events.c.version == expected_version,
                        events.c.owner.is_(None),
                    )
                    .values(version=seq, updated_at=record.at, owner=owner)
                ).rowcount
                if updated != 1:
                    raise self._claim_refused(connection, event_id, expected_version)
                connection.execute(
                    sa.insert(event_log).values(**_log_values(event_id, seq, record))
                )
                self._hook(record.action)
        except sa.exc.IntegrityError:
            raise ConcurrencyError(self.event(event_id).name, expected_version, None) from None
        return self.event(event_id)

    def _claim_refused(
        self, connection: sa.Connection, event_id: int, expected_version: int
    ) -> Exception:
        row = connection.execute(
            sa.select(events.c.name, events.c.owner).where(events.c.id == event_id)
        ).one_or_none()
        if row is not None and row.owner is not None:
            return ClaimError(f"event {row.name!r} is run by {row.owner}")
        return self._conflict(connection, event_id, expected_version)

    def _conflict(
        self, connection: sa.Connection, event_id: int, expected_version: int
    ) -> Exception:
        row = connection.execute(
            sa.select(events.c.name, events.c.version).where(events.c.id == event_id)
        ).one_or_none()
        if row is None:
            return UnknownEventError(f"no event with id {event_id}")
        return ConcurrencyError(row.name, expected_version, row.version)

    def replace_snapshot(
        self,
        event_id: int,
        expected_version: int,
        snapshot: Tournament,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        values: dict[str, Any] = {"snapshot": dump_event(snapshot, compact=True)}
        if settings is not None:
            self._name_free(event_id, settings["name"])
            values |= {"name": settings["name"], "settings": dict(settings)}
        with self.engine.begin() as connection:
            updated = connection.execute(
                sa.update(events)
                .where(events.c.id == event_id, events.c.version == expected_version)
                .values(**values)
            ).rowcount
            if updated != 1:
                raise self._conflict(connection, event_id, expected_version)
            self._hook("snapshot.rebuilt")

    # --- directors ------------------------------------------------------------------------

    def add_director(self, director: DirectorRecord) -> None:
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    sa.insert(directors).values(
                        username=director.username,
                        password_hash=director.password_hash,
                        created_at=director.created_at,
                    )
                )
                self._hook("director.added")
        except sa.exc.IntegrityError:
            raise DirectorExistsError(f"the username {director.username!r} is taken") from None

    def director(self, username: str) -> DirectorRecord | None:
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.select(directors).where(directors.c.username == username)
            ).one_or_none()
        if row is None:
            return None
        return DirectorRecord(row.username, row.password_hash, _utc(row.created_at))

    def set_password_hash(self, username: str, password_hash: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                sa.update(directors)
                .where(directors.c.username == username)
                .values(password_hash=password_hash)
            )

    def close(self) -> None:
        self.engine.dispose()


def _revision(connection: sa.Connection) -> str | None:
    """The database's Alembic revision, read without loading Alembic."""
    if not sa.inspect(connection).has_table("alembic_version"):
        return None
    return connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def _log_values(event_id: int, seq: int, record: NewRecord) -> dict[str, Any]:
    return {
        "event_id": event_id,
        "seq": seq,
        "at": record.at,
        "actor": record.actor,
        "action": record.action,
        "payload": dict(record.payload),
    }
