"""Initial schema: guilds, games, players, phase history, orders, variant tables, outbox.

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-21 16:18:45.728207
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0001'
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('guild',
    sa.Column('id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('locale', sa.String(), nullable=True),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_guild'))
    )
    op.create_table('game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('guild_id', sa.BigInteger(), nullable=True),
    sa.Column('channel_id', sa.BigInteger(), nullable=False),
    sa.Column('thread_id', sa.BigInteger(), nullable=True),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('variant', sa.String(), nullable=False),
    sa.Column('gm_user_id', sa.BigInteger(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('phase_minutes', sa.JSON(), nullable=False),
    sa.Column('phase', sa.String(), nullable=True),
    sa.Column('state', sa.JSON(), nullable=True),
    sa.Column('result', sa.JSON(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('reminder_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('paused_remaining', sa.Float(), nullable=True),
    sa.Column('lease_owner', sa.String(), nullable=True),
    sa.Column('lease_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['guild_id'], ['guild.id'], name=op.f('fk_game_guild_id_guild'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game'))
    )
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_channel_id'), ['channel_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_guild_id'), ['guild_id'], unique=False)
        batch_op.create_index('ix_game_status_deadline', ['status', 'deadline'], unique=False)
        batch_op.create_index('ix_game_status_reminder_at', ['status', 'reminder_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_thread_id'), ['thread_id'], unique=False)

    op.create_table('bid',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('season', sa.String(), nullable=False),
    sa.Column('bidder', sa.String(), nullable=False),
    sa.Column('amounts', sa.JSON(), nullable=False),
    sa.Column('ready', sa.Boolean(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_bid_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bid')),
    sa.UniqueConstraint('game_id', 'season', 'bidder', name=op.f('uq_bid_game_id_season_bidder'))
    )
    op.create_table('crisis',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('attacker', sa.String(), nullable=False),
    sa.Column('defender', sa.String(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_crisis_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_crisis')),
    sa.UniqueConstraint('game_id', 'seq', name=op.f('uq_crisis_game_id_seq'))
    )
    op.create_table('draw_proposal',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('phase', sa.String(), nullable=False),
    sa.Column('powers', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_draw_proposal_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_draw_proposal')),
    sa.UniqueConstraint('game_id', name=op.f('uq_draw_proposal_game_id'))
    )
    op.create_table('exchange',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('proposer', sa.String(), nullable=False),
    sa.Column('partner', sa.String(), nullable=False),
    sa.Column('gives', sa.JSON(), nullable=False),
    sa.Column('gets', sa.JSON(), nullable=False),
    sa.Column('accepted_by', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_exchange_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_exchange'))
    )
    with op.batch_alter_table('exchange', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_exchange_game_id'), ['game_id'], unique=False)

    op.create_table('order_set',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('phase', sa.String(), nullable=False),
    sa.Column('power', sa.String(), nullable=False),
    sa.Column('text', sa.String(), nullable=False),
    sa.Column('parsed', sa.JSON(), nullable=False),
    sa.Column('ready', sa.Boolean(), nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_order_set_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_order_set')),
    sa.UniqueConstraint('game_id', 'phase', 'power', name=op.f('uq_order_set_game_id_phase_power'))
    )
    op.create_table('outbox',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('payload', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('last_error', sa.String(), nullable=True),
    sa.Column('claim_owner', sa.String(), nullable=True),
    sa.Column('claim_until', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_outbox_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_outbox'))
    )
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_outbox_game_id'), ['game_id'], unique=False)
        batch_op.create_index('ix_outbox_sent_at_id', ['sent_at', 'id'], unique=False)

    op.create_table('phase_record',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('phase', sa.String(), nullable=False),
    sa.Column('state', sa.JSON(), nullable=False),
    sa.Column('orders', sa.JSON(), nullable=False),
    sa.Column('results', sa.JSON(), nullable=False),
    sa.Column('next_phase', sa.String(), nullable=True),
    sa.Column('map_key', sa.String(), nullable=True),
    sa.Column('superseded', sa.Boolean(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_phase_record_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_phase_record')),
    sa.UniqueConstraint('game_id', 'seq', name=op.f('uq_phase_record_game_id_seq'))
    )
    with op.batch_alter_table('phase_record', schema=None) as batch_op:
        batch_op.create_index('ix_phase_record_game_id_phase', ['game_id', 'phase'], unique=False)

    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('powers', sa.JSON(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('missed_phases', sa.Integer(), nullable=False),
    sa.Column('reminders', sa.Boolean(), nullable=False),
    sa.Column('preferences', sa.JSON(), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('joined_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_player_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_player'))
    )
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.create_index('ix_player_game_id_user_id', ['game_id', 'user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_player_user_id'), ['user_id'], unique=False)

    op.create_table('draw_vote',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('proposal_id', sa.Integer(), nullable=False),
    sa.Column('power', sa.String(), nullable=False),
    sa.Column('accept', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['proposal_id'], ['draw_proposal.id'], name=op.f('fk_draw_vote_proposal_id_draw_proposal'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_draw_vote')),
    sa.UniqueConstraint('proposal_id', 'power', name=op.f('uq_draw_vote_proposal_id_power'))
    )
    op.create_table('vote',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('crisis_id', sa.Integer(), nullable=False),
    sa.Column('voter', sa.String(), nullable=False),
    sa.Column('choice', sa.String(), nullable=False),
    sa.Column('weight', sa.String(), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['crisis_id'], ['crisis.id'], name=op.f('fk_vote_crisis_id_crisis'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vote')),
    sa.UniqueConstraint('crisis_id', 'voter', name=op.f('uq_vote_crisis_id_voter'))
    )
    with op.batch_alter_table('vote', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vote_crisis_id'), ['crisis_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('vote', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vote_crisis_id'))

    op.drop_table('vote')
    op.drop_table('draw_vote')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_user_id'))
        batch_op.drop_index('ix_player_game_id_user_id')

    op.drop_table('player')
    with op.batch_alter_table('phase_record', schema=None) as batch_op:
        batch_op.drop_index('ix_phase_record_game_id_phase')

    op.drop_table('phase_record')
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_index('ix_outbox_sent_at_id')
        batch_op.drop_index(batch_op.f('ix_outbox_game_id'))

    op.drop_table('outbox')
    op.drop_table('order_set')
    with op.batch_alter_table('exchange', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_exchange_game_id'))

    op.drop_table('exchange')
    op.drop_table('draw_proposal')
    op.drop_table('crisis')
    op.drop_table('bid')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_thread_id'))
        batch_op.drop_index('ix_game_status_reminder_at')
        batch_op.drop_index('ix_game_status_deadline')
        batch_op.drop_index(batch_op.f('ix_game_guild_id'))
        batch_op.drop_index(batch_op.f('ix_game_channel_id'))

    op.drop_table('game')
    op.drop_table('guild')
