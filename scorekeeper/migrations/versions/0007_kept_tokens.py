"""kept_tokens: edit tokens a browser holds beyond what its session cookie has room for

Revision ID: 0007_kept_tokens
Revises: 0006_house_variant_table
Create Date: 2026-11-26
"""
from alembic import op
import sqlalchemy as sa


revision = '0007_kept_tokens'
down_revision = '0006_house_variant_table'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'kept_tokens',
        sa.Column('browser', sa.String(length=64), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('item_id', sa.String(length=32), nullable=False),
        sa.Column('sealed', sa.String(length=400), nullable=False),
        sa.Column('kept_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('browser', 'kind', 'item_id'),
    )


def downgrade():
    op.drop_table('kept_tokens')
