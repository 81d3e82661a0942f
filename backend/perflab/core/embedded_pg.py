"""The embedded PostgreSQL of `make up` and the tests: the pgserver wheel, data in a folder of ours."""

import atexit
import os
import signal
import time
import warnings
from pathlib import Path

import psycopg

# pgserver asks platformdirs for a runtime dir it does not need; the fallback it warns about is fine
warnings.filterwarnings("ignore", module="platformdirs")


def start(data_dir: Path, database: str = "perflab") -> str:
    """Start (or reuse) the server whose cluster lives in data_dir; return a URL of `database`, created if missing."""
    import pgserver  # imported late: only the embedded mode needs it

    data_dir.mkdir(parents=True, exist_ok=True)
    server = pgserver.get_server(data_dir, cleanup_mode=None)  # keeps running after we exit
    admin_url = server.get_uri()
    ensure_database(admin_url, database)
    return server.get_uri(database)


def stop(data_dir: Path, timeout_s: float = 30) -> bool:
    """Stop the server of data_dir if it runs (a fast shutdown: clients are disconnected, the data is kept);
    True if one was stopped. Whichever process started it: pgserver's own cleanup stops a server only from the
    last process that holds a handle to it, so it would leave the server of `make up` or of a test running."""
    import pgserver

    pid_file = data_dir / "postmaster.pid"
    try:
        pid = int(pid_file.read_text().split()[0])
    except (FileNotFoundError, IndexError, ValueError):
        return False
    # forget this process's handle: a later start() must start the server again, not return the stopped one
    handle = pgserver.postgres_server.PostgresServer._instances.pop(data_dir.expanduser().resolve(), None)
    if handle is not None:
        atexit.unregister(handle._cleanup)  # its exit hook would look for the handle popped here
    try:
        os.kill(pid, signal.SIGINT)  # postgres: SIGINT is the fast shutdown
    except ProcessLookupError:
        return False
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    raise TimeoutError(f"PostgreSQL (pid {pid}, {data_dir}) did not stop within {timeout_s:g} s")


def ensure_database(admin_url: str, database: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{database}"')


def drop_database(admin_url: str, database: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
