"""Rating lists: FIDE and national lists imported for registering players and updating their
ratings.

Revision ID: 0005
Revises: 0004

A list is written while ``ready`` is false and made ready in one last transaction, so no
reader sees a list half imported. The name keys and the ID are compared in code-point order
(``COLLATE "C"`` on PostgreSQL; SQLite's default) so that a prefix search is a range scan of
their index.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

_SORTED_TEXT = sa.Text().with_variant(sa.Text(collation="C"), "postgresql")


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
    op.create_table(
        "rated_players",
        sa.Column(
            "list_id",
            sa.Integer,
            sa.ForeignKey("rating_lists.id", ondelete="CASCADE"),
            nullable=False,
        ),
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
    for name, column in (
        ("ident", "ident"),
        ("fide_id", "fide_id"),
        ("surname_key", "surname_key"),
        ("given_key", "given_key"),
    ):
        op.create_index(f"ix_rated_players_{name}", "rated_players", ["list_id", column])


def downgrade() -> None:
    for name in ("given_key", "surname_key", "fide_id", "ident"):
        op.drop_index(f"ix_rated_players_{name}", table_name="rated_players")
    op.drop_table("rated_players")
    op.drop_index("ix_rating_lists_name", table_name="rating_lists")
    op.drop_table("rating_lists")
