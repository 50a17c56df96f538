"""Event staff: co-directors and assistants of an event beside its owner.

Revision ID: 0004
Revises: 0003

A member is named by username without a foreign key, as ``events.owner`` is (0002); the row
goes with its event.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "event_staff",
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("username", sa.Text, primary_key=True),
        sa.Column("role", sa.Text, nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_event_staff_username", "event_staff", ["username"])


def downgrade() -> None:
    op.drop_index("ix_event_staff_username", table_name="event_staff")
    op.drop_table("event_staff")
