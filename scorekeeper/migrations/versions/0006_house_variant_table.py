"""house variants belong to a table: a foreign key from house_variants.table_id to tables

Revision ID: 0006_house_variant_table
Revises: 0005_house_variants
Create Date: 2026-11-24
"""
from alembic import op


revision = '0006_house_variant_table'
down_revision = '0005_house_variants'
branch_labels = None
depends_on = None


def upgrade():
    # A table id that names no table cannot stay once the reference is enforced.
    op.execute("UPDATE house_variants SET table_id = NULL "
               "WHERE table_id IS NOT NULL AND table_id NOT IN (SELECT id FROM tables)")
    # SQLite adds a reference to an existing column only by rebuilding the table: house_variants
    # has no dependents (nothing refers to it), so its batch copy cascades into nothing.
    with op.batch_alter_table('house_variants', recreate='auto') as batch_op:
        batch_op.create_foreign_key('fk_house_variants_table_id', 'tables', ['table_id'], ['id'])


def downgrade():
    with op.batch_alter_table('house_variants', recreate='auto') as batch_op:
        batch_op.drop_constraint('fk_house_variants_table_id', type_='foreignkey')
