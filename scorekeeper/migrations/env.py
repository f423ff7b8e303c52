"""Alembic environment for Flask-Migrate: the app's engine and metadata, no logging set-up."""
from __future__ import annotations

from alembic import context
from flask import current_app
from sqlalchemy import text

# Several app servers may start at once against one PostgreSQL database: they take turns
# (a transaction-level advisory lock); on SQLite a lock file in the instance folder does this.
PG_MIGRATION_LOCK = 7_262_017

config = context.config
target_metadata = current_app.extensions["migrate"].db.metadata


def run_migrations_offline() -> None:
    url = current_app.extensions["migrate"].db.engine.url.render_as_string(hide_password=False)
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = current_app.extensions["migrate"].db.engine
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
            compare_type=True,
        )
        with context.begin_transaction():
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_MIGRATION_LOCK})
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
