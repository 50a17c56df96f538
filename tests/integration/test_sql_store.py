"""What is particular to the SQL store: URLs, SQLite settings, migrations."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from fairpair.storage import MemoryStore, open_store
from fairpair.storage.sql import HEAD_REVISION, SqlStore, database_url
from tests.integration.stores import SQL_BACKENDS
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
