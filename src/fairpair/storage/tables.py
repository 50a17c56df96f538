"""The tables of the event store (SQLAlchemy Core), as the latest migration leaves them."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

events = sa.Table(
    "events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.Text, nullable=False, unique=True),
    sa.Column("system", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("snapshot", sa.Text, nullable=False),
    sa.Column("owner", sa.Text, nullable=True, index=True),
)
"""One row per event: the optimistic-locking version, the cached snapshot (event JSON) and
the username of the director who runs it (none for events created from the command line)."""

event_log = sa.Table(
    "event_log",
    metadata,
    sa.Column(
        "event_id",
        sa.Integer,
        sa.ForeignKey("events.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("actor", sa.Text, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("payload", sa.JSON, nullable=False),
)
"""The audit log: append-only; ``seq`` runs 1, 2, ... per event and equals the version."""

directors = sa.Table(
    "directors",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("username", sa.Text, nullable=False, unique=True),
    sa.Column("password_hash", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
"""Directors' accounts; the password is kept only as an Argon2 hash."""
