"""house variants: a family's own rules (house_variants), and the version a game started with

Revision ID: 0005_house_variants
Revises: 0004_tables
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa


revision = '0005_house_variants'
down_revision = '0004_tables'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'house_variants',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('based_on', sa.String(length=40), nullable=False),
        sa.Column('changes', sa.JSON(), nullable=False),
        sa.Column('rules_toml', sa.Text(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('edit_token_hash', sa.String(length=64), nullable=False),
        sa.Column('table_id', sa.String(length=32), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('house_variants') as batch_op:
        batch_op.create_index(batch_op.f('ix_house_variants_table_id'), ['table_id'], unique=False)
    with op.batch_alter_table('games') as batch_op:
        batch_op.add_column(sa.Column('house_version', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('games') as batch_op:
        batch_op.drop_column('house_version')
    with op.batch_alter_table('house_variants') as batch_op:
        batch_op.drop_index(batch_op.f('ix_house_variants_table_id'))
    op.drop_table('house_variants')
