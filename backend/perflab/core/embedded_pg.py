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


def start_replica(primary_data: Path, replica_data: Path, database: str = "perflab", timeout_s: float = 120) -> str:
    """A streaming replica (hot standby) of the embedded server of primary_data, made by pg_basebackup into
    replica_data and started on a socket of its own; returns a URL of `database` on it. Stopped by stop(replica_data).
    What DATABASE_READ_URL names in a lab on one machine (docs/scale.md); the primary must be running."""
    import subprocess
    from urllib.parse import parse_qs, urlsplit

    import pgserver
    from pgserver._commands import POSTGRES_BIN_PATH

    primary = pgserver.get_server(primary_data, cleanup_mode=None)
    socket_dir = parse_qs(urlsplit(primary.get_uri()).query)["host"][0]
    user = primary.system_user  # as root the servers run as pgserver's user, and so must their tools
    replica_data.mkdir(parents=True, exist_ok=False)
    replica_data.chmod(0o700)
    if user is not None:
        import pwd
        entry = pwd.getpwnam(user)
        os.chown(replica_data, entry.pw_uid, entry.pw_gid)

    def run(tool: str, *args: str) -> None:
        done = subprocess.run([str(POSTGRES_BIN_PATH / tool), *args], user=user, capture_output=True, text=True,
                              check=False, timeout=timeout_s)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")

    # -R: standby.signal and primary_conninfo written for us; -X stream: the WAL of the copy's own time comes along
    run("pg_basebackup", "-h", socket_dir, "-U", "postgres", "-D", str(replica_data), "-R", "-X", "stream",
        "-c", "fast")
    for copied in replica_data.glob(".s.PGSQL.*.lock"):  # the primary's socket lock, its socket being in its data
        copied.unlink()
    # hot_standby_feedback: a long page read on the replica is not cancelled by the primary's vacuum
    run("pg_ctl", "-D", str(replica_data), "-w", "-t", str(int(timeout_s)), "-l", str(replica_data / "log"),
        "-o", '-h ""', "-o", f"-k {replica_data}", "-o", "-c hot_standby_feedback=on", "start")
    url = f"postgresql://postgres:@/{database}?host={replica_data}"
    deadline = time.monotonic() + timeout_s
    while True:  # pg_ctl -w returns once connections are accepted; the database is there once replayed
        try:
            with psycopg.connect(url, connect_timeout=5) as conn:
                if conn.execute("SELECT pg_is_in_recovery()").fetchone()[0]:
                    return url
                raise RuntimeError(f"{replica_data} started, but not as a standby")
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
