"""Secrets at rest: sealed bids, pseudonymous draw votes (existing rows are dropped: a bid or
a draw vote in flight must be sent again).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 16:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | Sequence[str] | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("DELETE FROM draw_vote")
    op.execute("DELETE FROM bid")
    with op.batch_alter_table('bid', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sealed', sa.String(), nullable=True))
        batch_op.drop_column('amounts')
    with op.batch_alter_table('draw_vote', schema=None) as batch_op:
        batch_op.drop_constraint('uq_draw_vote_proposal_id_power', type_='unique')
        batch_op.add_column(sa.Column('voter', sa.String(), nullable=False))
        batch_op.drop_column('power')
        batch_op.drop_column('accept')
        batch_op.create_unique_constraint(batch_op.f('uq_draw_vote_proposal_id_voter'),
                                          ['proposal_id', 'voter'])


def downgrade() -> None:
    op.execute("DELETE FROM draw_vote")
    op.execute("DELETE FROM bid")
    with op.batch_alter_table('draw_vote', schema=None) as batch_op:
        batch_op.drop_constraint('uq_draw_vote_proposal_id_voter', type_='unique')
        batch_op.add_column(sa.Column('power', sa.String(), nullable=False))
        batch_op.add_column(sa.Column('accept', sa.Boolean(), nullable=False))
        batch_op.drop_column('voter')
        batch_op.create_unique_constraint(batch_op.f('uq_draw_vote_proposal_id_power'),
                                          ['proposal_id', 'power'])
    with op.batch_alter_table('bid', schema=None) as batch_op:
        batch_op.add_column(sa.Column('amounts', sa.JSON(), nullable=False,
                                      server_default='{}'))
        batch_op.drop_column('sealed')
