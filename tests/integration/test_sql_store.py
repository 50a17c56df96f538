"""What is particular to the SQL store: URLs, SQLite settings, migrations."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import EventInfo, EventStore, MemoryStore, NewRecord, open_store
from fairpair.storage.sql import HEAD_REVISION, SqlStore, database_url
from tests.integration.stores import SQL_BACKENDS, ticking_clock
from tests.integration.stores import database_url as fresh_database


def test_what_a_director_types_becomes_a_url(tmp_path: Path) -> None:
    assert database_url(str(tmp_path / "a.sqlite3")) == f"sqlite:///{tmp_path / 'a.sqlite3'}"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert isinstance(open_store(":memory:"), MemoryStore)


def test_sqlite_runs_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'e.sqlite3'}")
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    store.close()


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_migrations_run_once_and_leave_the_head_revision(backend: str, tmp_path: Path) -> None:
    with fresh_database(backend, tmp_path) as url:
        SqlStore(url).close()
        store = SqlStore(url)  # a second open finds the schema at its head and changes nothing
        with store.engine.connect() as connection:
            revision = connection.exec_driver_sql("SELECT version_num FROM alembic_version")
            assert revision.scalar() == HEAD_REVISION
            tables = set(sa.inspect(connection).get_table_names())
        assert {"events", "event_log", "alembic_version"} <= tables
        store.close()


def test_a_file_that_is_not_a_store_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(sa.exc.DatabaseError):
        SqlStore(f"sqlite:///{junk}")


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_servers_started_together_on_a_new_database_migrate_it_once(
    backend: str, tmp_path: Path
) -> None:
    # Two or more `fairpair serve` behind a load balancer start at the same moment: each
    # opens the store, and all but one must wait for the schema instead of failing on it.
    with fresh_database(backend, tmp_path) as url:
        barrier = threading.Barrier(4)

        def start() -> str:
            barrier.wait()
            store = SqlStore(url)
            try:
                with store.engine.connect() as connection:
                    found: str = connection.exec_driver_sql(
                        "SELECT version_num FROM alembic_version"
                    ).scalar_one()
                return found
            finally:
                store.close()

        with ThreadPoolExecutor(max_workers=4) as pool:
            revisions = list(pool.map(lambda _: start(), range(4)))
        assert revisions == [HEAD_REVISION] * 4


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_an_append_answers_with_the_version_it_wrote_though_another_follows_at_once(
    backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with fresh_database(backend, tmp_path) as url:
        mine, other = SqlStore(url), SqlStore(url)
        desk = ev.Desk(mine, ticking_clock())
        event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=5))
        before = mine.load(event.id)
        record = NewRecord(datetime(2026, 5, 1, tzinfo=UTC), "test", "note", {})
        read_event = mine.event
        followed: list[int] = []

        def another_writer_first(event_id: int) -> EventInfo:
            # Another server's write lands the moment after this one's commit.
            if not followed:
                found = other.append(event_id, 2, record, before.tournament)
                followed.append(found.version)
            return read_event(event_id)

        monkeypatch.setattr(mine, "event", another_writer_first)
        written = mine.append(event.id, 1, record, before.tournament)
        monkeypatch.undo()
        if not followed:  # the store did not read the event again after its commit
            followed.append(other.append(event.id, 2, record, before.tournament).version)
        assert written.version == 2  # its own, not the one of the write that came after
        assert followed == [3] and read_event(event.id).version == 3
        mine.close()
        other.close()


def test_a_shared_secret_is_made_once_for_every_connection(
    open_store: Callable[[], EventStore],
) -> None:
    # Servers starting together each offer a key of their own: all must keep the same one.
    stores = [open_store() for _ in range(4)]
    at = datetime(2026, 5, 1, tzinfo=UTC)
    barrier = threading.Barrier(8)

    def offer(i: int) -> str:
        barrier.wait()
        return stores[i % 4].shared_secret("cookies", f"made by {i}", at)

    with ThreadPoolExecutor(max_workers=8) as pool:
        kept = set(pool.map(offer, range(8)))
    assert len(kept) == 1 and kept <= {f"made by {i}" for i in range(8)}
    assert stores[0].shared_secret("cookies", "later", at) in kept
    assert stores[1].shared_secret("other", "its own", at) == "its own"
