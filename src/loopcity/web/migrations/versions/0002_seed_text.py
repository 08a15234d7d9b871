"""Seeds as decimal text: a server-made seed has 128 random bits, more than an integer column holds.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("seed_text", sa.String(100), nullable=True))


def downgrade() -> None:
    op.drop_column("game_tables", "seed_text")
