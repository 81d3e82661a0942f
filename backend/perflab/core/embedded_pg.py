"""The embedded PostgreSQL of `make up` and the tests: the pgserver wheel, data in a folder of ours."""

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


def stop(data_dir: Path) -> bool:
    """Stop the server of data_dir if it runs; True if one was stopped."""
    import pgserver

    if not (data_dir / "postmaster.pid").exists():
        return False
    server = pgserver.get_server(data_dir, cleanup_mode="stop")
    server.cleanup()
    return True


def ensure_database(admin_url: str, database: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{database}"')


def drop_database(admin_url: str, database: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
