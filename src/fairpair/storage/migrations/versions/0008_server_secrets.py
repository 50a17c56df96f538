"""Secrets every server process on the database shares: the key that signs cookies.

Revision ID: 0008
Revises: 0007

Two ``fairpair serve`` processes behind one load balancer must accept each other's session,
CSRF and known-device cookies: the first process to start makes the key and keeps it here,
the others read it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.Text, primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
