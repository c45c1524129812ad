"""Private press (docs/RULES.md §3.4.7): letters between the powers of a game, their text sealed.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26 11:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0005'
down_revision: str | Sequence[str] | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'press_letter',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('phase', sa.String(), nullable=True),
        sa.Column('sender_user_id', sa.BigInteger(), nullable=False),
        sa.Column('sender_powers', sa.JSON(), nullable=False),
        sa.Column('recipients', sa.JSON(), nullable=False),
        sa.Column('recipient_users', sa.JSON(), nullable=False),
        sa.Column('sealed', sa.String(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'],
                                name=op.f('fk_press_letter_game_id_game'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_press_letter')))
    with op.batch_alter_table('press_letter', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_press_letter_game_id'), ['game_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('press_letter', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_press_letter_game_id'))
    op.drop_table('press_letter')
