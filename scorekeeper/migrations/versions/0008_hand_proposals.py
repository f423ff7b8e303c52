"""hand_links and hand_proposals: hands the players send from their own phones

Revision ID: 0008_hand_proposals
Revises: 0007_kept_tokens
Create Date: 2026-11-26
"""
from alembic import op
import sqlalchemy as sa


revision = '0008_hand_proposals'
down_revision = '0007_kept_tokens'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'hand_links',
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name='fk_hand_links_game_id', ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id'),
    )
    op.create_table(
        'hand_proposals',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('round_number', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('hand', sa.JSON(), nullable=False),
        sa.Column('points', sa.Integer(), nullable=False),
        sa.Column('sent_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name='fk_hand_proposals_game_id', ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id', 'round_number', 'seat', name='uq_hand_proposals_game_round_seat'),
    )


def downgrade():
    op.drop_table('hand_proposals')
    op.drop_table('hand_links')
