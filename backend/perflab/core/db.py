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


POOL_SIZE, POOL_OVERFLOW = 44, 16


class Database:
    def __init__(self, url: str):
        self.url = normalise_url(url)
        # as many kept connections as the threadpool has threads (anyio's 40) and a few for the loops: with 10,
        # every burst past 10 opened connections that were closed again on return (a PostgreSQL backend forked
        # per request under load, seen in py-spy as Connection.connect); connections are opened lazily
        self.engine: Engine = create_engine(self.url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW,
                                            pool_pre_ping=True)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session whose transaction commits on success and rolls back on any error."""
        with self.sessions() as s, s.begin():
            yield s

    def dispose(self) -> None:
        self.engine.dispose()
