"""Rating lists: FIDE and national lists imported for registering players and updating their
ratings.

Revision ID: 0005
Revises: 0004

Each list's players go in a table of their own, ``rating_list_<id>``, made by the import
(:func:`fairpair.storage.tables.rated_players`), not here: a list is loaded without indexes
and indexed once, and replaced by dropping a table. A list is written while ``ready`` is
false and made ready in one last transaction, so no reader sees a list half imported.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "rating_lists",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("ready", sa.Boolean, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_rating_lists_name", "rating_lists", ["name"])


def downgrade() -> None:
    # Each list's players are in a table of its own, made when it was imported.
    ids = op.get_bind().execute(sa.text("SELECT id FROM rating_lists")).scalars().all()
    for list_id in ids:
        op.execute(f"DROP TABLE IF EXISTS rating_list_{int(list_id)}")
    op.drop_index("ix_rating_lists_name", table_name="rating_lists")
    op.drop_table("rating_lists")
