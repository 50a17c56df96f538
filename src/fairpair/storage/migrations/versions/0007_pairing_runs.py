"""Rounds being paired: the marker that one server is pairing a round of an event.

Revision ID: 0007
Revises: 0006

One row per event at most (:data:`fairpair.storage.tables.pairing_runs`), with a lease the
pairing server renews, so that a second "pair" on any server is refused while the first
works and a server that died mid-pairing blocks the event only until its lease runs out.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "pairing_runs",
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


def downgrade() -> None:
    op.drop_table("pairing_runs")
