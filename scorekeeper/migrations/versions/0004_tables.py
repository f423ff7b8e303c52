"""tables: a family's or a club's roster, games and per-game results for statistics

Revision ID: 0004_tables
Revises: 0003_read_path
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa


revision = '0004_tables'
down_revision = '0003_read_path'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('tables',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('edit_token_hash', sa.String(length=64), nullable=False),
    sa.Column('token_rotated_at', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('table_players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'name_key')
    )
    with op.batch_alter_table('table_players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_players_table_id'), ['table_id'], unique=False)

    # ADD COLUMN with the reference inline: rebuilding ``games`` (a batch copy) would drop the old
    # table on SQLite and, foreign keys being enforced, cascade-delete every game's rows.
    if op.get_bind().dialect.name == 'sqlite':
        op.execute("ALTER TABLE games ADD COLUMN table_id VARCHAR(32) "
                   "CONSTRAINT fk_games_table_id REFERENCES tables (id)")
        op.execute("ALTER TABLE seats ADD COLUMN table_player_id INTEGER "
                   "CONSTRAINT fk_seats_table_player_id REFERENCES table_players (id)")
    else:
        op.add_column('games', sa.Column('table_id', sa.String(length=32), nullable=True))
        op.create_foreign_key('fk_games_table_id', 'games', 'tables', ["table_id"], ["id"])
        op.add_column('seats', sa.Column('table_player_id', sa.Integer(), nullable=True))
        op.create_foreign_key('fk_seats_table_player_id', 'seats', 'table_players', ['table_player_id'], ['id'])
    op.create_index('ix_games_table_created', 'games', ['table_id', 'created_at'], unique=False)
    op.create_index(op.f('ix_seats_table_player_id'), 'seats', ['table_player_id'], unique=False)

    op.create_table('game_results',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('table_player_id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=40), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('played_at', sa.DateTime(), nullable=False),
    sa.Column('lowest_wins', sa.Boolean(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('withdrawn', sa.Boolean(), nullable=False),
    sa.Column('rounds_played', sa.Integer(), nullable=False),
    sa.Column('went_out', sa.Integer(), nullable=False),
    sa.Column('round_points', sa.Integer(), nullable=False),
    sa.Column('zero_rounds', sa.Integer(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=True),
    sa.Column('winner', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_player_id'], ['table_players.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'table_player_id')
    )
    with op.batch_alter_table('game_results', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_results_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_results_table_player_id'), ['table_player_id'], unique=False)
        batch_op.create_index('ix_game_results_table_status_variant', ['table_id', 'status', 'variant'], unique=False)


    op.create_table('round_results',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('table_player_id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=40), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('played_at', sa.DateTime(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_player_id'], ['table_players.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'table_player_id', 'number')
    )
    with op.batch_alter_table('round_results', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_round_results_game_id'), ['game_id'], unique=False)
        batch_op.create_index('ix_round_results_player_variant', ['table_player_id', 'variant', 'status'], unique=False)
        batch_op.create_index('ix_round_results_table_variant', ['table_id', 'variant', 'status'], unique=False)


def downgrade():
    op.drop_table('round_results')
    op.drop_table('game_results')
    op.drop_index(op.f('ix_seats_table_player_id'), table_name='seats')
    op.drop_index('ix_games_table_created', table_name='games')
    if op.get_bind().dialect.name == 'sqlite':
        # SQLite drops a column that holds a reference only by rebuilding the table: with foreign
        # keys enforced, dropping the old ``games`` would cascade-delete every game's rows.
        op.execute("PRAGMA foreign_keys=OFF")
        with op.batch_alter_table('seats', recreate='always') as batch_op:
            batch_op.drop_column('table_player_id')
        with op.batch_alter_table('games', recreate='always') as batch_op:
            batch_op.drop_column('table_id')
        op.execute("PRAGMA foreign_keys=ON")
    else:
        op.drop_constraint('fk_seats_table_player_id', 'seats', type_='foreignkey')
        op.drop_column('seats', 'table_player_id')
        op.drop_constraint('fk_games_table_id', 'games', type_='foreignkey')
        op.drop_column('games', 'table_id')
    op.drop_table('table_players')
    op.drop_table('tables')
