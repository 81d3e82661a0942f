"""Engine and session factory. The URL comes from settings (DATABASE_URL) or the embedded server."""

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, create_engine
from sqlalchemy.orm import Session, sessionmaker

from perflab.core.backend_priority import lower_engine_priority


def normalise_url(url: str) -> str:
    """Accept plain postgresql:// URLs and use the psycopg 3 driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


POOL_SIZE, POOL_OVERFLOW = 44, 16
INGEST_POOL_SIZE = 2  # api/agents.py INGESTS_AT_ONCE: trace batches stored at once


class Database:
    def __init__(self, url: str, background_nice: int = 0):
        self.url = normalise_url(url)
        # as many kept connections as the threadpool has threads (anyio's 40) and a few for the loops: with 10,
        # every burst past 10 opened connections that were closed again on return (a PostgreSQL backend forked
        # per request under load, seen in py-spy as Connection.connect); connections are opened lazily
        self.engine: Engine = create_engine(self.url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW,
                                            pool_pre_ping=True)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # trace ingest on connections of its own, whose backends run at `background_nice` when ours to renice
        self.ingest_engine: Engine = create_engine(self.url, pool_size=INGEST_POOL_SIZE, max_overflow=2,
                                                   pool_pre_ping=True)
        lower_engine_priority(self.ingest_engine, background_nice)
        self.ingest_sessions = sessionmaker(self.ingest_engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session whose transaction commits on success and rolls back on any error."""
        with self.sessions() as s, s.begin():
            yield s

    @contextmanager
    def ingest_session(self) -> Iterator[Session]:
        """session(), on the ingest connections."""
        with self.ingest_sessions() as s, s.begin():
            yield s

    def dispose(self) -> None:
        self.engine.dispose()
        self.ingest_engine.dispose()
