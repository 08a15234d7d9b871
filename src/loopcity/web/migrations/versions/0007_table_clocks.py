"""A table's running countdowns, kept with its version: every server process shows the same deadline
and the process that takes a table's clocks over rings them at it.

``clocks`` maps each running countdown's clock kind to when it started (seconds since the epoch);
NULL until a process first loads the table (tables made before this revision, and new ones).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("clocks", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("clocks")
