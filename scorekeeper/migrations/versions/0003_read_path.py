"""the read path: an index for the games list's known players, and the kept PDF scoresheets

Revision ID: 0003_read_path
Revises: 0002
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa


revision = '0003_read_path'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('players') as batch_op:
        batch_op.create_index(batch_op.f('ix_players_last_played_at'), ['last_played_at'], unique=False)
    op.create_table(
        'scoresheet_pdfs',
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('game_id', sa.String(length=32), nullable=True),
        sa.Column('pdf', sa.LargeBinary(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('key'),
    )
    with op.batch_alter_table('scoresheet_pdfs') as batch_op:
        batch_op.create_index(batch_op.f('ix_scoresheet_pdfs_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_scoresheet_pdfs_created_at'), ['created_at'], unique=False)


def downgrade():
    op.drop_table('scoresheet_pdfs')
    with op.batch_alter_table('players') as batch_op:
        batch_op.drop_index(batch_op.f('ix_players_last_played_at'))
