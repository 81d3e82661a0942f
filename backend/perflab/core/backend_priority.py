"""Lower the CPU priority of the PostgreSQL backends behind an engine's connections, when they are processes of
this machine: background work (trace ingest's COPYs, the analysis worker's queries) then takes the cores a
browser's read leaves, instead of sharing them equally. (On bench/load_api.py it changed nothing measurable:
there the reads wait for the backend's interpreter, not for PostgreSQL; docs/reliability.md, "Load".)"""

import logging
import os
from pathlib import Path

from sqlalchemy import Engine, event

log = logging.getLogger(__name__)


def local_backend_pid(dbapi_connection) -> int | None:
    """The pid of the connection's server process if it is on this machine: reached over a Unix socket (a TCP
    server may be elsewhere, its pid meaningless here) and a process named postgres in our process table."""
    with dbapi_connection.cursor() as cur:
        cur.execute("SELECT inet_server_addr() IS NULL, pg_backend_pid()")
        unix_socket, pid = cur.fetchone()
    if not unix_socket:
        return None
    try:
        comm = Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return None
    return pid if comm.startswith("postgres") else None


def lower_priority(dbapi_connection, nice: int) -> bool:
    """Give the connection's backend `nice` (1-19); False, and nothing changed, when it is not ours to renice."""
    pid = local_backend_pid(dbapi_connection)
    if pid is None:
        return False
    try:
        os.setpriority(os.PRIO_PROCESS, pid, max(os.getpriority(os.PRIO_PROCESS, pid), nice))
    except OSError as e:  # another user's server: leave it as it is
        log.info("background connections keep their priority: renicing PostgreSQL backend %d: %s", pid, e)
        return False
    return True


def lower_engine_priority(engine: Engine, nice: int) -> None:
    """Every connection the engine opens from now on gets `nice` on its backend (nothing for 0)."""
    if nice > 0:
        event.listen(engine, "connect", lambda conn, _record: lower_priority(conn, nice))
