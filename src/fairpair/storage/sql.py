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
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from fairpair.formats.rating_lists import RatedPlayer, name_keys
from fairpair.formats.snapshots import dump_snapshot, load_snapshot
from fairpair.storage.base import (
    CHECKPOINT_EVERY,
    RATING_BATCH,
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
    LogRecord,
    NewRecord,
    PairingBusyError,
    PairingRun,
    RatingListInfo,
    SessionRecord,
    Snapshot,
    StaffRecord,
    StoredEvent,
    UnknownEventError,
    Voided,
    checkpoints_kept,
)
from fairpair.storage.tables import (
    RATED_COLUMNS,
    RATED_INDEXES,
    api_tokens,
    claim_codes,
    director_sessions,
    directors,
    event_checkpoints,
    event_log,
    event_staff,
    events,
    pairing_runs,
    rated_players,
    rating_lists,
    server_secrets,
    sign_in_counters,
)

__all__ = ["HEAD_REVISION", "SqlStore", "database_url"]

HEAD_REVISION = "0008"
"""The newest migration; opening a store at an older revision upgrades it."""

BeforeCommit = Callable[[str], None]

_MIGRATION_LOCK = 0x66616972
"""The PostgreSQL advisory lock held while the schema is upgraded (any number the
database's other users do not take)."""

PARSED_CHECKPOINTS = 4
"""Checkpoints a store keeps parsed: undo and redo back and forth start from the same one,
whose snapshot takes longer to read (JSON) than the records after it to replay."""


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


_BEGIN = "fairpair_begin"
"""An execution option: how a SQLite transaction begins (``BEGIN IMMEDIATE`` takes the write
lock at once, waiting for it, instead of at the first write)."""


def _write_ahead_log(cursor: sqlite3.Cursor) -> None:
    """Put the database in WAL mode (it stays so in the file). Switching needs the database to
    itself and does not wait on SQLite's busy timeout: several servers opening a new file at
    once got "database is locked" here. The mode is read first, and the switch is tried again
    for up to 30 s, as long as any other lock is waited for."""
    for attempt in range(300):
        try:
            if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == 299:
                raise
            time.sleep(0.1)


def _sqlite_engine(url: str) -> sa.Engine:
    engine = sa.create_engine(url, connect_args={"timeout": 30, "isolation_level": None})

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        cursor = dbapi_connection.cursor()
        _write_ahead_log(cursor)
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    # The sqlite3 driver's own transaction handling is switched off (isolation_level=None)
    # so that every SQLAlchemy transaction is a real BEGIN ... COMMIT, DDL included.
    @sa.event.listens_for(engine, "begin")
    def _on_begin(connection: sa.Connection) -> None:
        connection.exec_driver_sql(connection.get_execution_options().get(_BEGIN, "BEGIN"))

    return engine


class SqlStore:
    """Events in a SQL database. ``before_commit`` is a test hook called inside each
    writing transaction, after the writes and before the commit, with the action name."""

    def __init__(
        self,
        url: str,
        *,
        before_commit: BeforeCommit | None = None,
        checkpoint_every: int = CHECKPOINT_EVERY,
    ) -> None:
        self.url = url
        self.checkpoint_every = checkpoint_every
        self._parsed: OrderedDict[tuple[int, int], Checkpoint] = OrderedDict()
        """Checkpoints read lately, parsed. A checkpoint never changes: one dropped by a
        rebuild is not found again, and later ones have later sequence numbers."""
        self._lock = threading.Lock()
        if url.startswith("sqlite"):
            self.engine = _sqlite_engine(url)
        else:
            self.engine = sa.create_engine(url, pool_pre_ping=True)
        self._before_commit = before_commit
        self._rated: dict[int, sa.Table] = {}
        self._migrate()

    def _migrate(self) -> None:
        with self.engine.begin() as connection:
            if _revision(connection) == HEAD_REVISION:
                return
        # Several servers started at once on a new database: one migrates, the others wait
        # for it and then find nothing to do (they failed creating the same tables before).
        locked = self.engine.execution_options(**{_BEGIN: "BEGIN IMMEDIATE"})
        with locked.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
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
        _check_id(event_id)
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.select(*self._INFO_COLUMNS).where(events.c.id == event_id)
            ).one_or_none()
        if row is None:
            raise UnknownEventError(f"no event with id {event_id}")
        return self._info(row)

    def load(self, event_id: int) -> StoredEvent:
        _check_id(event_id)
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.select(*self._INFO_COLUMNS, events.c.snapshot).where(events.c.id == event_id)
            ).one_or_none()
        if row is None:
            raise UnknownEventError(f"no event with id {event_id}")
        return StoredEvent(self._info(row), load_snapshot(row.snapshot, f"event {row.name}"))

    def log(self, event_id: int) -> Sequence[LogRecord]:
        self.event(event_id)
        return self._records(event_log.c.event_id == event_id)

    def records(self, event_id: int, first: int, last: int) -> Sequence[LogRecord]:
        self.event(event_id)
        return self._records(
            event_log.c.event_id == event_id, event_log.c.seq >= first, event_log.c.seq <= last
        )

    def _records(self, *where: sa.ColumnElement[bool]) -> list[LogRecord]:
        with self.engine.begin() as connection:
            rows = connection.execute(sa.select(event_log).where(*where).order_by(event_log.c.seq))
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

    def checkpoint(self, event_id: int, at_most: int) -> Checkpoint | None:
        info = self.event(event_id)
        table = event_checkpoints
        with self.engine.begin() as connection:
            seq = connection.execute(
                sa.select(sa.func.max(table.c.seq)).where(
                    table.c.event_id == event_id,
                    table.c.seq <= at_most,
                    table.c.format == SNAPSHOT_FORMAT,
                )
            ).scalar()
            if seq is None:
                return None
            with self._lock:
                parsed = self._parsed.get((event_id, seq))
                if parsed is not None:
                    self._parsed.move_to_end((event_id, seq))
                    return parsed
            row = connection.execute(
                sa.select(table.c.settings, table.c.snapshot).where(
                    table.c.event_id == event_id, table.c.seq == seq
                )
            ).one()
        snapshot = load_snapshot(row.snapshot, f"checkpoint {seq} of event {info.name}")
        found = Checkpoint(event_id, seq, dict(row.settings), snapshot)
        with self._lock:
            self._parsed[event_id, seq] = found
            while len(self._parsed) > PARSED_CHECKPOINTS:
                self._parsed.popitem(last=False)
        return found

    # --- writing --------------------------------------------------------------------------

    def create_event(
        self,
        name: str,
        system: str,
        settings: Mapping[str, Any],
        record: NewRecord,
        snapshot: Snapshot,
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
                        snapshot=dump_snapshot(snapshot, compact=True),
                        owner=owner,
                    )
                    .returning(events.c.id)
                ).scalar_one()
                connection.execute(sa.insert(event_log).values(**_log_values(event_id, 1, record)))
                self._hook(record.action)
                written = self._written(connection, event_id)
        except sa.exc.IntegrityError:
            raise EventExistsError(f"an event named {name!r} already exists") from None
        return written

    def append(
        self,
        event_id: int,
        expected_version: int,
        record: NewRecord,
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
        voided: Voided = (),
    ) -> EventInfo:
        return self.append_many(event_id, expected_version, (record,), snapshot, settings, voided)

    def append_many(
        self,
        event_id: int,
        expected_version: int,
        records: Sequence[NewRecord],
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
        voided: Voided = (),
    ) -> EventInfo:
        if not records:
            raise ValueError("nothing to append")
        last = expected_version + len(records)
        values: dict[str, Any] = {
            "version": last,
            "updated_at": records[-1].at,
            "snapshot": dump_snapshot(snapshot, compact=True),
        }
        checkpoint = last // self.checkpoint_every > expected_version // self.checkpoint_every
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
                if voided:
                    connection.execute(
                        sa.delete(event_checkpoints).where(
                            event_checkpoints.c.event_id == event_id,
                            sa.or_(
                                *(
                                    event_checkpoints.c.seq.between(first, last - 1)
                                    for first, last in voided
                                )
                            ),
                        )
                    )
                if checkpoint:
                    # The row as just written: its settings and the snapshot's text.
                    connection.execute(
                        sa.insert(event_checkpoints).from_select(
                            ["event_id", "seq", "format", "settings", "snapshot"],
                            sa.select(
                                events.c.id,
                                sa.literal(last, sa.Integer),
                                sa.literal(SNAPSHOT_FORMAT, sa.Integer),
                                events.c.settings,
                                events.c.snapshot,
                            ).where(events.c.id == event_id),
                        )
                    )
                    self._thin_checkpoints(connection, event_id)
                for record in records:
                    self._hook(record.action)
                written = self._written(connection, event_id)
        except sa.exc.IntegrityError:
            if settings is not None:
                self._name_free(event_id, settings["name"])  # taken in between?
            # Another writer appended the same seq first (a store without row locks).
            raise ConcurrencyError(self.event(event_id).name, expected_version, None) from None
        return written

    def _thin_checkpoints(self, connection: sa.Connection, event_id: int) -> None:
        """Delete the event's checkpoints :func:`checkpoints_kept` leaves out, a new one just
        written (in its transaction)."""
        table = event_checkpoints
        mine = (table.c.event_id == event_id, table.c.format == SNAPSHOT_FORMAT)
        seqs = connection.execute(sa.select(table.c.seq).where(*mine)).scalars().all()
        dropped = set(seqs) - checkpoints_kept(seqs, self.checkpoint_every)
        if dropped:
            connection.execute(sa.delete(table).where(*mine, table.c.seq.in_(sorted(dropped))))

    def _name_free(self, event_id: int, name: str) -> None:
        """:class:`EventExistsError` if another event has that name."""
        with self.engine.connect() as connection:
            other = connection.execute(
                sa.select(events.c.id).where(events.c.name == name, events.c.id != event_id)
            ).first()
        if other is not None:
            raise EventExistsError(f"an event named {name!r} already exists")

    def claim_event(
        self,
        event_id: int,
        expected_version: int,
        owner: str,
        record: NewRecord,
        *,
        replace_owner: bool = False,
    ) -> EventInfo:
        seq = expected_version + 1
        unowned = sa.true() if replace_owner else events.c.owner.is_(None)
        try:
            with self.engine.begin() as connection:
                updated = connection.execute(
                    sa.update(events)
                    .where(
                        events.c.id == event_id,
                        events.c.version == expected_version,
                        unowned,
                    )
                    .values(version=seq, updated_at=record.at, owner=owner)
                ).rowcount
                if updated != 1:
                    raise self._claim_refused(connection, event_id, expected_version)
                connection.execute(
                    sa.insert(event_log).values(**_log_values(event_id, seq, record))
                )
                connection.execute(
                    sa.delete(event_staff).where(
                        event_staff.c.event_id == event_id, event_staff.c.username == owner
                    )
                )
                self._hook(record.action)
                written = self._written(connection, event_id)
        except sa.exc.IntegrityError:
            raise ConcurrencyError(self.event(event_id).name, expected_version, None) from None
        return written

    def set_staff(
        self,
        event_id: int,
        expected_version: int,
        username: str,
        role: str | None,
        record: NewRecord,
    ) -> EventInfo:
        _check_id(event_id)
        seq = expected_version + 1
        member = (event_staff.c.event_id == event_id) & (event_staff.c.username == username)
        try:
            with self.engine.begin() as connection:
                updated = connection.execute(
                    sa.update(events)
                    .where(events.c.id == event_id, events.c.version == expected_version)
                    .values(version=seq, updated_at=record.at)
                ).rowcount
                if updated != 1:
                    raise self._conflict(connection, event_id, expected_version)
                connection.execute(
                    sa.insert(event_log).values(**_log_values(event_id, seq, record))
                )
                if role is None:
                    connection.execute(sa.delete(event_staff).where(member))
                elif (
                    connection.execute(
                        sa.update(event_staff).where(member).values(role=role)
                    ).rowcount
                    == 0
                ):
                    connection.execute(
                        sa.insert(event_staff).values(
                            event_id=event_id, username=username, role=role, added_at=record.at
                        )
                    )
                self._hook(record.action)
                written = self._written(connection, event_id)
        except sa.exc.IntegrityError:
            raise ConcurrencyError(self.event(event_id).name, expected_version, None) from None
        return written

    @staticmethod
    def _staff_record(row: Any) -> StaffRecord:
        return StaffRecord(row.event_id, row.username, row.role, _utc(row.added_at))

    def staff(self, event_id: int) -> Sequence[StaffRecord]:
        self.event(event_id)
        with self.engine.begin() as connection:
            rows = connection.execute(
                sa.select(event_staff)
                .where(event_staff.c.event_id == event_id)
                .order_by(event_staff.c.username)
            )
            return [self._staff_record(row) for row in rows]

    def staff_role(self, event_id: int, username: str) -> str | None:
        if not 0 < event_id < 2**63:
            return None
        with self.engine.begin() as connection:
            role: str | None = connection.execute(
                sa.select(event_staff.c.role).where(
                    event_staff.c.event_id == event_id, event_staff.c.username == username
                )
            ).scalar()
        return role

    def staff_events(self, username: str) -> Sequence[StaffRecord]:
        with self.engine.begin() as connection:
            rows = connection.execute(
                sa.select(event_staff)
                .where(event_staff.c.username == username)
                .order_by(event_staff.c.event_id)
            )
            return [self._staff_record(row) for row in rows]

    def _written(self, connection: sa.Connection, event_id: int) -> EventInfo:
        """The event's row as the writing transaction leaves it. Read after the commit, it
        could already carry another writer's next version, and the caller would take its own
        snapshot for that version's (and lose the other's change)."""
        row = connection.execute(
            sa.select(*self._INFO_COLUMNS).where(events.c.id == event_id)
        ).one()
        return self._info(row)

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
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        values: dict[str, Any] = {"snapshot": dump_snapshot(snapshot, compact=True)}
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
            connection.execute(
                sa.delete(event_checkpoints).where(event_checkpoints.c.event_id == event_id)
            )
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

    # --- sessions, tokens, sign-in counters -----------------------------------------------

    def add_session(self, session: SessionRecord) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                sa.insert(director_sessions).values(
                    id_hash=session.id_hash,
                    username=session.username,
                    created_at=session.created_at,
                    last_seen=session.last_seen,
                )
            )

    def session(self, id_hash: str) -> SessionRecord | None:
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.select(director_sessions).where(director_sessions.c.id_hash == id_hash)
            ).one_or_none()
        if row is None:
            return None
        return SessionRecord(row.id_hash, row.username, _utc(row.created_at), _utc(row.last_seen))

    def touch_session(self, id_hash: str, at: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                sa.update(director_sessions)
                .where(director_sessions.c.id_hash == id_hash)
                .values(last_seen=at)
            )

    def end_session(self, id_hash: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                sa.delete(director_sessions).where(director_sessions.c.id_hash == id_hash)
            )

    def end_sessions(self, username: str) -> int:
        with self.engine.begin() as connection:
            ended = connection.execute(
                sa.delete(director_sessions).where(director_sessions.c.username == username)
            ).rowcount
        return int(ended)

    def forget_stale(self, used_before: datetime, started_before: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                sa.delete(director_sessions).where(
                    (director_sessions.c.last_seen < used_before)
                    | (director_sessions.c.created_at < started_before)
                )
            )
            connection.execute(
                sa.delete(sign_in_counters).where(sign_in_counters.c.window_start < started_before)
            )
            connection.execute(sa.delete(claim_codes).where(claim_codes.c.expires_at < used_before))

    def add_api_token(self, username: str, token_hash: str, at: datetime) -> ApiTokenRecord:
        with self.engine.begin() as connection:
            token_id = connection.execute(
                sa.insert(api_tokens)
                .values(username=username, token_hash=token_hash, created_at=at)
                .returning(api_tokens.c.id)
            ).scalar_one()
        return ApiTokenRecord(token_id, username, at)

    def api_token(self, token_hash: str) -> ApiTokenRecord | None:
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.select(api_tokens).where(api_tokens.c.token_hash == token_hash)
            ).one_or_none()
        return None if row is None else ApiTokenRecord(row.id, row.username, _utc(row.created_at))

    def api_tokens(self, username: str) -> Sequence[ApiTokenRecord]:
        with self.engine.begin() as connection:
            rows = connection.execute(
                sa.select(api_tokens)
                .where(api_tokens.c.username == username)
                .order_by(api_tokens.c.id)
            )
            return [ApiTokenRecord(r.id, r.username, _utc(r.created_at)) for r in rows]

    def revoke_api_token(self, username: str, token_id: int) -> bool:
        with self.engine.begin() as connection:
            revoked = connection.execute(
                sa.delete(api_tokens).where(
                    api_tokens.c.username == username, api_tokens.c.id == token_id
                )
            ).rowcount
        return bool(revoked)

    def count_attempt(self, key: str, at: datetime, window: timedelta) -> Attempts:
        # One INSERT ... ON CONFLICT DO UPDATE ... RETURNING: the database counts, under the
        # row's lock (PostgreSQL) or the write lock (SQLite), so no two callers see one count.
        counters = sign_in_counters.c
        stale = counters.window_start <= at - window
        now = sa.literal(at, sa.DateTime(timezone=True))
        insert = _upsert(self.engine.dialect.name)(sign_in_counters)
        statement = (
            insert.values(key=key, window_start=at, count=1)
            .on_conflict_do_update(
                index_elements=[counters.key],
                set_={
                    "count": sa.case((stale, 1), else_=counters.count + 1),
                    "window_start": sa.case((stale, now), else_=counters.window_start),
                },
            )
            .returning(counters.count, counters.window_start)
        )
        with self.engine.begin() as connection:
            row = connection.execute(statement).one()
        count, window_start = row
        return Attempts(int(count), _utc(window_start))

    def forget_attempt(self, key: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                sa.update(sign_in_counters)
                .where(sign_in_counters.c.key == key, sign_in_counters.c.count > 0)
                .values(count=sign_in_counters.c.count - 1)
            )

    def shared_secret(self, name: str, made: str, at: datetime) -> str:
        # Of processes starting together, the first insert wins; every one reads it back.
        insert = (
            _upsert(self.engine.dialect.name)(server_secrets)
            .values(name=name, value=made, created_at=at)
            .on_conflict_do_nothing(index_elements=[server_secrets.c.name])
        )
        with self.engine.begin() as connection:
            connection.execute(insert)
            value: str = connection.execute(
                sa.select(server_secrets.c.value).where(server_secrets.c.name == name)
            ).scalar_one()
        return value

    def set_claim_code(self, event_id: int, code_hash: str, expires_at: datetime) -> None:
        try:
            with self.engine.begin() as connection:
                connection.execute(sa.delete(claim_codes).where(claim_codes.c.event_id == event_id))
                connection.execute(
                    sa.insert(claim_codes).values(
                        event_id=event_id, code_hash=code_hash, expires_at=expires_at
                    )
                )
        except sa.exc.IntegrityError:  # no such event (the foreign key)
            raise UnknownEventError(f"no event with id {event_id}") from None

    def take_claim_code(self, code_hash: str, at: datetime) -> int | None:
        # DELETE ... RETURNING: of two directors typing the same code at once, one gets it.
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.delete(claim_codes)
                .where(claim_codes.c.code_hash == code_hash)
                .returning(claim_codes.c.event_id, claim_codes.c.expires_at)
            ).one_or_none()
        if row is None:
            return None
        event_id, expires_at = row
        return int(event_id) if _utc(expires_at) > at else None

    # --- rounds being paired -----------------------------------------------------------------

    def begin_pairing(self, run: PairingRun) -> None:
        # One INSERT ... ON CONFLICT DO UPDATE ... WHERE (the old marker failed or its lease
        # ran out) ... RETURNING: of two servers starting at once, one gets no row back.
        runs = pairing_runs.c
        values = _run_values(run)
        insert = _upsert(self.engine.dialect.name)(pairing_runs).values(**values)
        at = sa.literal(run.started_at, sa.DateTime(timezone=True))
        statement = insert.on_conflict_do_update(
            index_elements=[runs.event_id],
            set_={name: insert.excluded[name] for name in values if name != "event_id"},
            where=sa.or_(runs.error.is_not(None), runs.lease_until <= at),
        ).returning(runs.token)
        try:
            with self.engine.begin() as connection:
                taken = connection.execute(statement).one_or_none()
                found = None if taken is not None else self._run(connection, run.event_id)
                self._hook("pairing.begun")
        except sa.exc.IntegrityError:  # no such event (the foreign key)
            raise UnknownEventError(f"no event with id {run.event_id}") from None
        if found is not None:
            raise PairingBusyError(found)
        if taken is None:  # the other marker was taken down in between: try again
            self.begin_pairing(run)

    def beat_pairing(
        self, event_id: int, token: str, done: int, total: int, what: str, lease_until: datetime
    ) -> bool:
        runs = pairing_runs.c
        with self.engine.begin() as connection:
            renewed = connection.execute(
                sa.update(pairing_runs)
                .where(runs.event_id == event_id, runs.token == token, runs.error.is_(None))
                .values(done=done, total=total, what=what, lease_until=lease_until)
            ).rowcount
        return bool(renewed)

    def end_pairing(self, event_id: int, token: str, error: str | None = None) -> None:
        runs = pairing_runs.c
        mine = sa.and_(runs.event_id == event_id, runs.token == token)
        with self.engine.begin() as connection:
            if error is None:
                connection.execute(sa.delete(pairing_runs).where(mine))
            else:
                connection.execute(sa.update(pairing_runs).where(mine).values(error=error))

    def pairing_run(self, event_id: int) -> PairingRun | None:
        _check_id(event_id)
        with self.engine.connect() as connection:
            return self._run(connection, event_id)

    @staticmethod
    def _run(connection: sa.Connection, event_id: int) -> PairingRun | None:
        row = connection.execute(
            sa.select(pairing_runs).where(pairing_runs.c.event_id == event_id)
        ).one_or_none()
        if row is None:
            return None
        return PairingRun(
            event_id=row.event_id,
            round=row.round,
            token=row.token,
            actor=row.actor,
            started_at=_utc(row.started_at),
            lease_until=_utc(row.lease_until),
            done=row.done,
            total=row.total,
            what=row.what,
            error=row.error,
        )

    # --- rating lists -----------------------------------------------------------------------

    def _rated_table(self, list_id: int) -> sa.Table:
        """The table of a list's players (made once per list and process)."""
        table = self._rated.get(list_id)
        if table is None:
            table = self._rated[list_id] = rated_players(list_id, sa.MetaData())
        return table

    def _drop_lists(self, connection: sa.Connection, where: sa.ColumnElement[bool]) -> None:
        """Delete the lists ``where`` says, their tables of players with them."""
        ids = connection.execute(sa.select(rating_lists.c.id).where(where)).scalars().all()
        for list_id in ids:
            self._rated_table(list_id).drop(connection, checkfirst=True)
        connection.execute(sa.delete(rating_lists).where(rating_lists.c.id.in_(ids)))

    def replace_rating_list(
        self,
        name: str,
        kind: str,
        source: str,
        players: Iterable[RatedPlayer],
        at: datetime,
        progress: Callable[[int], None] | None = None,
    ) -> RatingListInfo:
        lists = rating_lists.c
        with self.engine.begin() as connection:
            # What a killed import left behind under this name goes first.
            self._drop_lists(connection, (lists.name == name) & lists.ready.is_(False))
            list_id = connection.execute(
                sa.insert(rating_lists)
                .values(name=name, kind=kind, source=source, imported_at=at, players=0, ready=False)
                .returning(lists.id)
            ).scalar_one()
            table = self._rated_table(list_id)
            table.create(connection)
        written = 0
        try:
            batch: list[tuple[Any, ...]] = []
            for player in players:
                batch.append(_rated_row(player))
                if len(batch) == RATING_BATCH:
                    written += self._write_rated(table, batch)
                    batch = []
                    if progress is not None:
                        progress(written)
            if batch:
                written += self._write_rated(table, batch)
            if progress is not None:
                progress(written)
            with self.engine.begin() as connection:
                # Indexed once, when every player is in: far faster than row by row. A FIDE
                # list's ID is the FIDE ID: it is looked up by ``ident``.
                for column in RATED_INDEXES:
                    if kind == "fide" and column == "fide_id":
                        continue
                    sa.Index(f"ix_{table.name}_{column}", table.c[column]).create(connection)
            with self.engine.begin() as connection:
                self._drop_lists(connection, (lists.name == name) & (lists.id != list_id))
                connection.execute(
                    sa.update(rating_lists)
                    .where(lists.id == list_id)
                    .values(ready=True, players=written)
                )
                self._hook("rating_list.imported")
        except BaseException:
            with self.engine.begin() as connection:
                self._drop_lists(connection, lists.id == list_id)
            raise
        return RatingListInfo(list_id, name, kind, source, at, written)

    def _write_rated(self, table: sa.Table, rows: list[tuple[Any, ...]]) -> int:
        # Straight to the driver: SQLAlchemy's per-row work took half an import's time.
        columns = ", ".join(RATED_COLUMNS)
        with self.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                cursor = connection.connection.cursor()
                with cursor.copy(f"COPY {table.name} ({columns}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
            else:
                marks = ", ".join("?" * len(RATED_COLUMNS))
                connection.exec_driver_sql(
                    f"INSERT INTO {table.name} ({columns}) VALUES ({marks})", rows
                )
        return len(rows)

    def rating_lists(self) -> Sequence[RatingListInfo]:
        lists = rating_lists.c
        with self.engine.begin() as connection:
            rows = connection.execute(
                sa.select(rating_lists).where(lists.ready.is_(True)).order_by(lists.name)
            )
            return [
                RatingListInfo(r.id, r.name, r.kind, r.source, _utc(r.imported_at), r.players)
                for r in rows
            ]

    def remove_rating_list(self, list_id: int) -> bool:
        with self.engine.begin() as connection:
            found = connection.execute(
                sa.select(rating_lists.c.id).where(rating_lists.c.id == list_id)
            ).first()
            if found is not None:
                self._drop_lists(connection, rating_lists.c.id == list_id)
        return found is not None

    def _ready(self, list_id: int) -> tuple[sa.Table, str] | None:
        """The table and kind of a list that is ready to read (None: no such list)."""
        with self.engine.begin() as connection:
            kind = connection.execute(
                sa.select(rating_lists.c.kind).where(
                    rating_lists.c.id == list_id, rating_lists.c.ready.is_(True)
                )
            ).scalar()
        return None if kind is None else (self._rated_table(list_id), kind)

    def search_rating_list(self, list_id: int, key: str, limit: int) -> Sequence[RatedPlayer]:
        ready = self._ready(list_id)
        if ready is None or not key or limit < 1:
            return []
        table = ready[0]
        upper = key[:-1] + chr(ord(key[-1]) + 1)
        c = table.c
        columns = (c.ident,) if key.isdecimal() else (c.surname_key, c.given_key)
        found: dict[str, RatedPlayer] = {}
        with self.engine.begin() as connection:
            for column in columns:
                rows = connection.execute(
                    sa.select(table)
                    .where(column >= key, column < upper)
                    .order_by(column)
                    .limit(limit)
                )
                for row in rows:
                    found.setdefault(row.ident, _rated(row))
        return list(found.values())[:limit]

    def rated_players(self, list_id: int, fide_ids: Collection[str]) -> Mapping[str, RatedPlayer]:
        ready = self._ready(list_id)
        if ready is None:
            return {}
        table, kind = ready
        column = table.c.ident if kind == "fide" else table.c.fide_id
        wanted = sorted(set(fide_ids))
        found: dict[str, RatedPlayer] = {}
        with self.engine.begin() as connection:
            for start in range(0, len(wanted), 500):
                rows = connection.execute(
                    sa.select(table).where(column.in_(wanted[start : start + 500]))
                )
                for row in rows:
                    found.setdefault(row.fide_id, _rated(row))
        return found

    def rated_player(self, list_id: int, ident: str) -> RatedPlayer | None:
        ready = self._ready(list_id)
        if ready is None:
            return None
        table = ready[0]
        with self.engine.begin() as connection:
            row = connection.execute(
                sa.select(table).where(table.c.ident == ident).limit(1)
            ).first()
        return None if row is None else _rated(row)

    def close(self) -> None:
        self.engine.dispose()


def _rated_row(p: RatedPlayer) -> tuple[Any, ...]:
    """A player's row, in the order of :data:`~fairpair.storage.tables.RATED_COLUMNS`."""
    surname_key, given_key = name_keys(p.name)
    return (
        p.ident,
        p.fide_id,
        p.name,
        p.federation,
        p.sex,
        p.title,
        p.other_titles,
        p.rating,
        p.games,
        p.k,
        p.rapid_rating,
        p.blitz_rating,
        p.birth_year,
        p.flag,
        surname_key,
        given_key,
    )


def _rated(row: Any) -> RatedPlayer:
    return RatedPlayer(
        ident=row.ident,
        name=row.name,
        federation=row.federation,
        sex=row.sex,
        title=row.title,
        other_titles=row.other_titles,
        rating=row.rating,
        games=row.games,
        k=row.k,
        rapid_rating=row.rapid_rating,
        blitz_rating=row.blitz_rating,
        birth_year=row.birth_year,
        flag=row.flag,
        fide_id=row.fide_id,
    )


def _upsert(dialect: str) -> Any:
    """The dialect's INSERT with ``on_conflict_do_update`` and ``on_conflict_do_nothing``
    (SQLite and PostgreSQL)."""
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as postgresql_insert

        return postgresql_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert


def _revision(connection: sa.Connection) -> str | None:
    """The database's Alembic revision, read without loading Alembic."""
    if not sa.inspect(connection).has_table("alembic_version"):
        return None
    return connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def _check_id(event_id: int) -> None:
    """An id no database column holds (a typed URL: /events/99999999999999999999) is no event,
    not an overflow of the database driver."""
    if not 0 < event_id < 2**63:
        raise UnknownEventError(f"no event with id {event_id}")


def _log_values(event_id: int, seq: int, record: NewRecord) -> dict[str, Any]:
    return {
        "event_id": event_id,
        "seq": seq,
        "at": record.at,
        "actor": record.actor,
        "action": record.action,
        "payload": dict(record.payload),
    }


def _run_values(run: PairingRun) -> dict[str, Any]:
    return {
        "event_id": run.event_id,
        "round": run.round,
        "token": run.token,
        "actor": run.actor,
        "started_at": run.started_at,
        "lease_until": run.lease_until,
        "done": run.done,
        "total": run.total,
        "what": run.what,
        "error": run.error,
    }
