"""Directors' accounts and the director who runs each event.

Revision ID: 0002
Revises: 0001

The ``owner`` column is added in place (``ALTER TABLE ... ADD COLUMN``), not by copying the
table as a batch migration would: on SQLite, dropping the old ``events`` table would cascade
to the audit log. It names a director by username without a foreign key for the same reason.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "directors",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.Text, nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.add_column("events", sa.Column("owner", sa.Text, nullable=True))
    op.create_index("ix_events_owner", "events", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_events_owner", table_name="events")
    op.drop_column("events", "owner")
    op.drop_table("directors")
