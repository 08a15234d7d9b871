"""Classes: a teacher's tables under one facilitator link, a join code, and the students at the seats.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("code", sa.String(16), nullable=True, unique=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("ended", sa.Boolean(), nullable=False, default=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "class_tables",
        sa.Column("class_id", sa.String(32), sa.ForeignKey("classes.id"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=False, index=True),
    )
    op.create_table(
        "students",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("class_id", sa.String(32), sa.ForeignKey("classes.id"), nullable=False, index=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("table_n", sa.Integer(), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("students")
    op.drop_table("class_tables")
    op.drop_table("classes")
