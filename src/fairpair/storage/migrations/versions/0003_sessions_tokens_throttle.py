"""Server-side sessions, API tokens, the sign-in throttle's counters and claim codes.

Revision ID: 0003
Revises: 0002

Sessions and tokens name a director by username without a foreign key, as ``events.owner``
does (0002).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "director_sessions",
        sa.Column("id_hash", sa.Text, primary_key=True),
        sa.Column("username", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_director_sessions_username", "director_sessions", ["username"])
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.Text, nullable=False),
        sa.Column("token_hash", sa.Text, nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        # A revoked token's number is never given to a new one.
        sqlite_autoincrement=True,
    )
    op.create_index("ix_api_tokens_username", "api_tokens", ["username"])
    op.create_table(
        "sign_in_counters",
        sa.Column("key", sa.Text, primary_key=True),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("count", sa.Integer, nullable=False),
    )
    op.create_table(
        "claim_codes",
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("code_hash", sa.Text, nullable=False, unique=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("claim_codes")
    op.drop_table("sign_in_counters")
    op.drop_index("ix_api_tokens_username", table_name="api_tokens")
    op.drop_table("api_tokens")
    op.drop_index("ix_director_sessions_username", table_name="director_sessions")
    op.drop_table("director_sessions")
