"""The private what-if boards of /sandbox: one row per user, apart from every game.

Revision ID: 0007
Revises: 0004
Create Date: 2026-11-26 11:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007'
down_revision: str | Sequence[str] | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'sandbox',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.BigInteger(), nullable=False),
        sa.Column('variant', sa.String(), nullable=False),
        sa.Column('source', sa.JSON(), nullable=False),
        sa.Column('options', sa.JSON(), nullable=False),
        sa.Column('start', sa.JSON(), nullable=False),
        sa.Column('state', sa.JSON(), nullable=False),
        sa.Column('orders', sa.JSON(), nullable=False),
        sa.Column('last', sa.JSON(), nullable=True),
        sa.Column('history', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_sandbox')),
        sa.UniqueConstraint('user_id', name=op.f('uq_sandbox_user_id')),
    )


def downgrade() -> None:
    op.drop_table('sandbox')
