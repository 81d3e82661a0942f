"""Alembic environment: online migrations only, against the URL the caller configured."""

from alembic import context
from sqlalchemy import create_engine

from perflab.core.config import get_settings
from perflab.core.db import normalise_url
from perflab.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url") or get_settings().database_url
    if not url:
        raise SystemExit("no database URL: set DATABASE_URL or run `python -m perflab migrate`")
    engine = create_engine(normalise_url(url))
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run_migrations_online()
