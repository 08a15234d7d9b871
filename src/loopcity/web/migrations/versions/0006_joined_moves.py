"""Moves that belong to one choice: a move stored with ``joined`` continues the choice its previous
move began (a trade put together and offered at once), so an undo takes the choice back whole.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("joined", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("joined")
