"""Absences (docs/RULES.md §3.6): a player's announced days away from a game, the days of
deadline extension they granted per game year. Reminder offsets need no schema: they live in
``player.settings``.

Revision ID: 0006
Revises: 0004
Create Date: 2026-11-26 11:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0006'
down_revision: str | Sequence[str] | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'absence',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.BigInteger(), nullable=False),
        sa.Column('starts', sa.Date(), nullable=False),
        sa.Column('ends', sa.Date(), nullable=False),
        sa.Column('reason', sa.String(), nullable=True),
        sa.Column('used', sa.JSON(), nullable=False),
        sa.Column('gm_asked', sa.Boolean(), nullable=False),
        sa.Column('cleared', sa.Boolean(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'],
                                name=op.f('fk_absence_game_id_game'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_absence')),
    )
    op.create_index('ix_absence_game_id_user_id', 'absence', ['game_id', 'user_id'],
                    unique=False)


def downgrade() -> None:
    op.drop_index('ix_absence_game_id_user_id', table_name='absence')
    op.drop_table('absence')
