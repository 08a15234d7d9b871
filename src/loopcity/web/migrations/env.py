"""Alembic environment: runs on the connection the web app hands over (or a URL from the config)."""

from alembic import context
from sqlalchemy import create_engine

from loopcity.web.db import Base

target_metadata = Base.metadata


def run() -> None:
    conn = context.config.attributes.get("connection")
    if conn is None:
        engine = create_engine(str(context.config.get_main_option("sqlalchemy.url")))
        with engine.begin() as conn:
            context.configure(connection=conn, target_metadata=target_metadata)
            with context.begin_transaction():
                context.run_migrations()
        return
    context.configure(connection=conn, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


run()
