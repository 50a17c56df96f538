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

event_checkpoints = sa.Table(
    "event_checkpoints",
    metadata,
    sa.Column(
        "event_id",
        sa.Integer,
        sa.ForeignKey("events.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("format", sa.Integer, nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("snapshot", sa.Text, nullable=False),
)
"""The event as its log stood at record ``seq`` (settings and snapshot as ``events`` held
them then), kept every few records so that undo replays only the records after one;
``format`` is the :data:`fairpair.storage.base.SNAPSHOT_FORMAT` it was written in, and a
checkpoint of another format is passed over. A cache: deleting rows loses no data."""

directors = sa.Table(
    "directors",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("username", sa.Text, nullable=False, unique=True),
    sa.Column("password_hash", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
"""Directors' accounts; the password is kept only as an Argon2 hash."""

director_sessions = sa.Table(
    "director_sessions",
    metadata,
    sa.Column("id_hash", sa.Text, primary_key=True),
    sa.Column("username", sa.Text, nullable=False, index=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
)
"""Signed-in sessions of the desk, kept on the server so that every process agrees when one
ends; the cookie holds a random id, the table only its SHA-256."""

api_tokens = sa.Table(
    "api_tokens",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("username", sa.Text, nullable=False, index=True),
    sa.Column("token_hash", sa.Text, nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sqlite_autoincrement=True,
)
"""Directors' API tokens (``Authorization: Bearer``), kept only as their SHA-256."""

sign_in_counters = sa.Table(
    "sign_in_counters",
    metadata,
    sa.Column("key", sa.Text, primary_key=True),
    sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
    sa.Column("count", sa.Integer, nullable=False),
)
"""The sign-in throttle: attempts per username, per client address and in all, in a window
that starts at the first attempt; counted by one atomic statement so processes agree."""

server_secrets = sa.Table(
    "server_secrets",
    metadata,
    sa.Column("name", sa.Text, primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
"""Secrets shared by every server process on the database (the cookie-signing key): made by
the first process that needs one, read by the others."""

claim_codes = sa.Table(
    "claim_codes",
    metadata,
    sa.Column(
        "event_id",
        sa.Integer,
        sa.ForeignKey("events.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("code_hash", sa.Text, nullable=False, unique=True),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)
"""One-time codes the organiser prints (``fairpair event claim-code``) for a director to take
an event on the desk: at most one per event, kept as its SHA-256, deleted when used."""

event_staff = sa.Table(
    "event_staff",
    metadata,
    sa.Column(
        "event_id",
        sa.Integer,
        sa.ForeignKey("events.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("username", sa.Text, primary_key=True),
    sa.Column("role", sa.Text, nullable=False),
    sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_event_staff_username", "username"),
)
"""Who helps run an event its owner runs (``events.owner``), and in which role: a
co-director or an assistant; written with the ``event.staff`` log record that says so."""

pairing_runs = sa.Table(
    "pairing_runs",
    metadata,
    sa.Column(
        "event_id",
        sa.Integer,
        sa.ForeignKey("events.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("token", sa.Text, nullable=False),
    sa.Column("actor", sa.Text, nullable=False),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("lease_until", sa.DateTime(timezone=True), nullable=False),
    sa.Column("done", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("what", sa.Text, nullable=False),
    sa.Column("error", sa.Text, nullable=True),
)
"""The round of an event being paired, at most one per event, so that every app server on
the database refuses a second pairing (:class:`fairpair.storage.base.PairingRun`): its lease,
renewed while the pairing works, how far it has got, and why it failed if it did."""

_SORTED_TEXT = sa.Text().with_variant(sa.Text(collation="C"), "postgresql")
"""Text compared character by character (code point order) on every database, so that a
prefix search is a range scan of the index whatever the server's locale."""

rating_lists = sa.Table(
    "rating_lists",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.Text, nullable=False, index=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("source", sa.Text, nullable=False),
    sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("ready", sa.Boolean, nullable=False),
    sqlite_autoincrement=True,
)
"""Imported rating lists (``FIDE 2026-11``, a national list), each with its players in a
table of its own (:func:`rated_players`). A list is written while not ``ready`` and made
ready, in place of the list of the same name, in one last transaction: readers never see a
list half imported."""

RATED_COLUMNS = (
    "ident",
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "other_titles",
    "rating",
    "games",
    "k",
    "rapid_rating",
    "blitz_rating",
    "birth_year",
    "flag",
    "surname_key",
    "given_key",
)
"""The columns of a list's table of players, in the order rows are written."""

RATED_INDEXES = ("ident", "fide_id", "surname_key", "given_key")
"""The columns of a list's table that are indexed, once its players are written."""


def rated_players(list_id: int, metadata: sa.MetaData) -> sa.Table:
    """The players of one rating list: a table of its own (``rating_list_<id>``), made when
    the list is imported and dropped when it is replaced, so that a list of two million
    players is written without indexes to keep up (they are built once, at the end) and
    replaced by dropping a table instead of deleting its rows. The name keys and the ID are
    compared in code-point order so that a prefix search is a range scan of their index."""
    return sa.Table(
        f"rating_list_{list_id}",
        metadata,
        sa.Column("ident", _SORTED_TEXT, nullable=False),
        sa.Column("fide_id", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("federation", sa.Text, nullable=False),
        sa.Column("sex", sa.Text, nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("other_titles", sa.Text, nullable=False),
        sa.Column("rating", sa.Integer),
        sa.Column("games", sa.Integer),
        sa.Column("k", sa.Integer),
        sa.Column("rapid_rating", sa.Integer),
        sa.Column("blitz_rating", sa.Integer),
        sa.Column("birth_year", sa.Integer),
        sa.Column("flag", sa.Text, nullable=False),
        sa.Column("surname_key", _SORTED_TEXT, nullable=False),
        sa.Column("given_key", _SORTED_TEXT, nullable=False),
    )
