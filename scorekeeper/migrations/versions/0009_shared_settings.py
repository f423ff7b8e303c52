"""shared_settings: what every app server of one database must agree on (the secret key)

Revision ID: 0009_shared_settings
Revises: 0008_hand_proposals
Create Date: 2026-11-28
"""
from alembic import op
import sqlalchemy as sa


revision = '0009_shared_settings'
down_revision = '0008_hand_proposals'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'shared_settings',
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('value', sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint('name'),
    )


def downgrade():
    op.drop_table('shared_settings')
