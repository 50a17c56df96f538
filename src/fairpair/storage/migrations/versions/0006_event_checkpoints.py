"""Checkpoints of events: the settings and snapshot every few log records, for undo.

Revision ID: 0006
Revises: 0005

Undo and redo replayed an event's whole log; with a checkpoint they replay only the records
after the nearest one. The table is a cache of what the log leads to: events stored before
this revision have none until their next checkpoint is written, and undo replays their whole
log until then.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "event_checkpoints",
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


def downgrade() -> None:
    op.drop_table("event_checkpoints")
