"""Stores for the contract tests: the in-memory fake, SQLite in a temporary file, PostgreSQL.

PostgreSQL runs when ``FAIRPAIR_TEST_POSTGRES_URL`` is set (``scripts/postgres start`` prints
it); each test gets a schema of its own, dropped afterwards, so tests can run in parallel.
"""

from __future__ import annotations

import itertools
import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from fairpair.storage import EventStore, MemoryStore

POSTGRES_ENV = "FAIRPAIR_TEST_POSTGRES_URL"
BACKENDS = ("memory", "sqlite", "postgres")
SQL_BACKENDS = ("sqlite", "postgres")
NO_POSTGRES = f"no PostgreSQL for the tests: set {POSTGRES_ENV} (see scripts/postgres)"


def postgres_url() -> str | None:
    return os.environ.get(POSTGRES_ENV) or None


@contextmanager
def postgres_schema(base: str) -> Iterator[str]:
    """A URL whose connections work in a new, empty schema (dropped at the end)."""
    import sqlalchemy as sa

    schema = "t_" + uuid.uuid4().hex[:16]
    engine = sa.create_engine(base)
    with engine.begin() as connection:
        connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in base else "?"
    try:
        yield f"{base}{separator}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        engine.dispose()


@contextmanager
def database_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A fresh database of that kind, as a URL (SQLite file or PostgreSQL schema)."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'events.sqlite3'}"
    elif backend == "postgres":
        base = postgres_url()
        if base is None:
            pytest.skip(NO_POSTGRES)
        with postgres_schema(base) as url:
            yield url
    else:
        raise ValueError(backend)


@contextmanager
def store_factory(backend: str, tmp_path: Path) -> Iterator[Callable[[], EventStore]]:
    """A function that opens a new connection to one fresh database (the fake: one store)."""
    if backend == "memory":
        shared = MemoryStore()
        yield lambda: shared
        return
    from fairpair.storage.sql import SqlStore

    opened: list[SqlStore] = []
    with database_url(backend, tmp_path) as url:

        def open_store() -> EventStore:
            store = SqlStore(url)
            opened.append(store)
            return store

        try:
            yield open_store
        finally:
            for store in opened:
                store.close()


def ticking_clock(start: datetime | None = None) -> Callable[[], datetime]:
    """A clock that moves one second per reading: times in the log are predictable."""
    first = start or datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
    ticks = itertools.count()
    return lambda: first + timedelta(seconds=next(ticks))


def migrate_to(url: str, revision: str) -> None:
    """Bring the database at ``url`` to an older schema ``revision`` with Alembic, as the
    fairpair of that revision left it (for the tests of the migrations after it)."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    engine = sa.create_engine(url)
    try:
        with engine.begin() as connection:
            config = Config()
            config.set_main_option("script_location", "fairpair.storage:migrations")
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()
