"""Phase records keep what a rollback restores: seats and pending orders.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 16:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | Sequence[str] | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('phase_record', schema=None) as batch_op:
        batch_op.add_column(sa.Column('snapshot', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('phase_record', schema=None) as batch_op:
        batch_op.drop_column('snapshot')
