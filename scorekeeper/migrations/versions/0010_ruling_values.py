"""rulings.summary_values: what the rules applied to a round kept as its kind and values

A page words an applied rule from its kind (``rulings.kind``) and these values in the reader's
language (``scorekeeper/rules/kept_sentences.py``) instead of scoring the round again. The rows kept
before this revision get their values read back from their English summaries
(``values_from_english``); a summary that does not read as one keeps no values and is shown as kept.

Revision ID: 0010_ruling_values
Revises: 0009_shared_settings
Create Date: 2026-11-28
"""
import sqlalchemy as sa
from alembic import op

from scorekeeper.rules.kept_sentences import ENGLISH_BEFORE_KEYS, values_from_english

revision = '0010_ruling_values'
down_revision = '0009_shared_settings'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('rulings') as batch:
        batch.add_column(sa.Column('summary_values', sa.JSON(), nullable=True))
    rulings = sa.table('rulings', sa.column('id', sa.Integer), sa.column('kind', sa.String),
                       sa.column('summary', sa.Text), sa.column('automatic', sa.Boolean),
                       sa.column('summary_values', sa.JSON))
    conn = op.get_bind()
    rows = conn.execute(sa.select(rulings.c.id, rulings.c.kind, rulings.c.summary)
                        .where(rulings.c.automatic.is_(True), rulings.c.kind.in_(list(ENGLISH_BEFORE_KEYS)))).all()
    for row_id, kind, summary in rows:
        values = values_from_english(kind, summary)
        if values is not None:
            conn.execute(sa.update(rulings).where(rulings.c.id == row_id).values(summary_values=values))


def downgrade():
    with op.batch_alter_table('rulings') as batch:
        batch.drop_column('summary_values')
