"""seat_claims: a player's seat claimed by one phone through the hand-in link

Revision ID: 0011_seat_claims
Revises: 0010_ruling_values
Create Date: 2026-11-28
"""
from alembic import op
import sqlalchemy as sa


revision = '0011_seat_claims'
down_revision = '0010_ruling_values'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'seat_claims',
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('claimed_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name='fk_seat_claims_game_id', ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'seat'),
    )


def downgrade():
    op.drop_table('seat_claims')
