"""hands entered by value: how many cards of each card value ("three 5-point cards")

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hands') as batch_op:
        batch_op.add_column(sa.Column('value_counts', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('hands') as batch_op:
        batch_op.drop_column('value_counts')
