"""Engine and session factory. The URL comes from settings (DATABASE_URL) or the embedded server."""

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, create_engine
from sqlalchemy.orm import Session, sessionmaker


def normalise_url(url: str) -> str:
    """Accept plain postgresql:// URLs and use the psycopg 3 driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


class Database:
    def __init__(self, url: str):
        self.url = normalise_url(url)
        self.engine: Engine = create_engine(self.url, pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session whose transaction commits on success and rolls back on any error."""
        with self.sessions() as s, s.begin():
            yield s

    def dispose(self) -> None:
        self.engine.dispose()
