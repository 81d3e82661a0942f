"""Engine and session factory. The URL comes from settings (DATABASE_URL) or the embedded server."""

import time
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, create_engine, event, exc
from sqlalchemy.orm import Session, sessionmaker

from perflab.core.backend_priority import lower_engine_priority
from perflab.core.read_replica import READ_CONNECT_TIMEOUT_S, ReadRouting, RoutedReadSession


def normalise_url(url: str) -> str:
    """Accept plain postgresql:// URLs and use the psycopg 3 driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


POOL_SIZE, POOL_OVERFLOW = 44, 16
# trace batches each replica stores at once: two, because an agent sends a job's batches two at a time (one's COPY
# runs while the other's request is read and checked) and the kernel may hand both to the same replica; more at a
# time on a small machine only share the same cores while taking threads and the GIL from the reads (waiting
# uploads hold no thread, only their body); a batch waiting still gets its acknowledgement, later. main.py's
# lifespan makes the app's limiter of it; the ingest pool keeps as many connections
INGESTS_AT_ONCE = 2
PING_AFTER_IDLE_S = 1.0


def ping_when_idle(engine: Engine, idle_s: float = PING_AFTER_IDLE_S) -> None:
    """Check a pooled connection before use only if it sat idle for idle_s: a server restart is found as with
    pool_pre_ping, without a round trip on every checkout (under load it was 1 of a read's ~8, and each costs a
    wait for the GIL). A connection that fails the check is replaced (the pool retries on DisconnectionError)."""
    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection, record):
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _check(dbapi_connection, record, _proxy):
        if time.monotonic() - record.info.get("idle_since", float("inf")) < idle_s:
            return
        try:
            dbapi_connection.autocommit = True  # the check opens no transaction
            dbapi_connection.execute("SELECT 1")
            dbapi_connection.autocommit = False
        except Exception as e:  # any failure: a fresh connection instead
            raise exc.DisconnectionError(str(e)) from e


class Database:
    def __init__(self, url: str, background_nice: int = 0, replicas: int = 1, read_url: str = ""):
        """replicas: processes serving the API on this database, which share PostgreSQL's connections (100 by
        default): each keeps its share of the pool. read_url: a streaming replica of it for page reads
        (core/read_replica.py says which); none: every read on the primary."""
        self.url = normalise_url(url)
        # as many kept connections as the threadpool has threads (anyio's 40) and a few for the loops: with 10,
        # every burst past 10 opened connections that were closed again on return (a PostgreSQL backend forked
        # per request under load, seen in py-spy as Connection.connect); connections are opened lazily
        self.engine: Engine = create_engine(self.url, pool_size=-(-POOL_SIZE // replicas),
                                            max_overflow=-(-POOL_OVERFLOW // replicas))
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # trace ingest on connections of its own, whose backends run at `background_nice` when ours to renice
        self.ingest_engine: Engine = create_engine(self.url, pool_size=INGESTS_AT_ONCE, max_overflow=2)
        for engine in (self.engine, self.ingest_engine):
            ping_when_idle(engine)
        lower_engine_priority(self.ingest_engine, background_nice)
        self.ingest_sessions = sessionmaker(self.ingest_engine, expire_on_commit=False)
        self.reads: ReadRouting | None = None
        if read_url:
            read_engine = create_engine(normalise_url(read_url), pool_size=-(-POOL_SIZE // replicas),
                                        max_overflow=-(-POOL_OVERFLOW // replicas),
                                        connect_args={"connect_timeout": READ_CONNECT_TIMEOUT_S})
            ping_when_idle(read_engine)
            self.reads = ReadRouting(self.engine, read_engine)

    def read_session(self, written_lsn: int | None) -> Session:
        """A session for a page's reads: the replica's when it holds the caller's last write, else the primary's.
        Without a replica, a primary session like any other."""
        if self.reads is None:
            return self.sessions()
        return RoutedReadSession(self.reads, written_lsn, expire_on_commit=False)

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
        if self.reads is not None:
            self.reads.replica.dispose()
