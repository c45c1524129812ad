"""Flat costs (issue 15): the scheduler's queries served by partial indexes — due deadlines,
leases and reminders of active games, games without a phase, posts still to send — instead
of indexes holding every game and every post ever sent.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0004'
down_revision: str | Sequence[str] | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PARTIAL = {
    'ix_game_due': ('game', ['deadline'], "status = 'active' AND deadline IS NOT NULL"),
    'ix_game_leased': ('game', ['lease_until'],
                       "status = 'active' AND lease_until IS NOT NULL"),
    'ix_game_reminder': ('game', ['reminder_at'],
                         "status = 'active' AND reminder_at IS NOT NULL"),
    'ix_game_unstarted': ('game', ['variant', 'status'], "phase IS NULL"),
    'ix_outbox_pending': ('outbox', ['id'], "sent_at IS NULL"),
}


def upgrade() -> None:
    op.drop_index('ix_game_status_deadline', table_name='game')
    op.drop_index('ix_game_status_reminder_at', table_name='game')
    op.drop_index('ix_outbox_sent_at_id', table_name='outbox')
    for name, (table, columns, predicate) in PARTIAL.items():
        op.create_index(name, table, columns, unique=False,
                        sqlite_where=sa.text(predicate), postgresql_where=sa.text(predicate))


def downgrade() -> None:
    for name, (table, _columns, _predicate) in PARTIAL.items():
        op.drop_index(name, table_name=table)
    op.create_index('ix_outbox_sent_at_id', 'outbox', ['sent_at', 'id'], unique=False)
    op.create_index('ix_game_status_reminder_at', 'game', ['status', 'reminder_at'],
                    unique=False)
    op.create_index('ix_game_status_deadline', 'game', ['status', 'deadline'], unique=False)
