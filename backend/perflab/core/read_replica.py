"""Page reads from a PostgreSQL streaming replica (DATABASE_READ_URL) while the primary ingests (docs/scale.md,
"Pages from a streaming replica").

What goes where, decided once here and in api/deps.py:
- a GET or HEAD through the route's session (api/deps.SessionDep) reads the replica; everything else stays on the
  primary: every write, a read in the same request as a write (one session, one server), the agents' protocol,
  the reaper and the analysis workers, the sign-in lookups, and the routes that read the UNLOGGED shared state
  (models/shared_state.py: a standby has no copy of an unlogged table) -- those declare PrimarySessionDep;
- read-your-writes: a user's successful write answers with the primary's WAL position in a cookie; a later read
  carrying it goes to the replica only once the replica has replayed that far, else to the primary. Another
  user's writes may show a replication lag later (milliseconds on a LAN);
- a read that would store what it computed stores nothing on the replica (a run's summary: reads_replica); one that
  must know the workers, whose advisory locks only the primary holds, moves there (analyses: read_primary_instead);
- a replica that cannot be reached costs no page: the read goes to the primary (and says so in the log).
The choice costs a read one query on the replica (its replayed position) before its own."""

import logging
import re
import time

from sqlalchemy import Engine, exc
from sqlalchemy.orm import Session

log = logging.getLogger(__name__)

WRITTEN_LSN_COOKIE = "perflab_written_lsn"
_LSN = re.compile(r"^([0-9A-Fa-f]{1,8})/([0-9A-Fa-f]{1,8})$")
# the replica's position, or a server not in recovery (a promoted replica, or the primary named twice): its own
REPLAYED_SQL = ("SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() "
                "ELSE pg_current_wal_lsn() END)::text")
WARN_EVERY_S = 30.0
# after a failed connect the reads go to the primary for this long before the replica is tried again: a replica
# down must not cost every read a connect attempt (nor its timeout, READ_CONNECT_TIMEOUT_S)
RETRY_REPLICA_AFTER_S = 5.0
READ_CONNECT_TIMEOUT_S = 3


def parse_lsn(text: str | None) -> int | None:
    """PostgreSQL's 'X/Y' WAL position as one number; None for anything else (a cookie is the caller's input)."""
    m = _LSN.match(text or "")
    return (int(m.group(1), 16) << 32 | int(m.group(2), 16)) if m else None


def format_lsn(lsn: int) -> str:
    return f"{lsn >> 32:X}/{lsn & 0xFFFFFFFF:X}"


class ReadRouting:
    """Chooses, per read, the replica or the primary; counts how often each answered (tests and the log)."""

    def __init__(self, primary: Engine, replica: Engine):
        self.primary, self.replica = primary, replica
        self.answered = {"replica": 0, "primary_behind": 0, "primary_unreachable": 0, "primary_moved": 0}
        self._warned_at = -WARN_EVERY_S
        self._replica_down_until = 0.0
        self.failed_connects = 0

    def engine_for(self, written_lsn: int | None) -> Engine:
        if time.monotonic() < self._replica_down_until:
            self.answered["primary_unreachable"] += 1
            return self.primary
        try:
            with self.replica.connect() as c:
                replayed = parse_lsn(c.exec_driver_sql(REPLAYED_SQL).scalar())
        except (exc.OperationalError, exc.InterfaceError) as e:
            self.answered["primary_unreachable"] += 1
            self.failed_connects += 1
            self._replica_down_until = time.monotonic() + RETRY_REPLICA_AFTER_S
            if time.monotonic() - self._warned_at > WARN_EVERY_S:
                self._warned_at = time.monotonic()
                log.warning("read replica unreachable, reading the primary: %s", str(e.orig or e).splitlines()[0])
            return self.primary
        if written_lsn is not None and (replayed is None or replayed < written_lsn):
            self.answered["primary_behind"] += 1  # the caller's own write is not there yet
            return self.primary
        self.answered["replica"] += 1
        return self.replica


class RoutedReadSession(Session):
    """A session whose server is chosen at its first query, in the route's thread (never on the event loop)."""

    def __init__(self, routing: ReadRouting, written_lsn: int | None, **kw):
        super().__init__(**kw)
        self._routing, self._written_lsn, self._chosen = routing, written_lsn, None

    def get_bind(self, mapper=None, clause=None, bind=None, **kw):
        if bind is not None:
            return bind
        if self._chosen is None:
            self._chosen = self._routing.engine_for(self._written_lsn)
        return self._chosen

    def move_to_primary(self) -> bool:
        """For a read that finds it must write (an analysis no worker computes), or must know what only the
        primary knows (the workers' advisory locks): what it read so far is let go (its objects reload from the
        primary when next touched) and the rest of the request runs on the primary. False if already there."""
        if self._chosen is self._routing.primary:
            return False
        self.rollback()
        self._chosen = self._routing.primary
        self._routing.answered["primary_moved"] += 1
        return True

    @property
    def read_from(self) -> str | None:
        """Which server the session read, once it has: 'replica' or 'primary'."""
        if self._chosen is None:
            return None
        return "replica" if self._chosen is self._routing.replica else "primary"


READ_FROM_HEADER = "X-Perflab-Read-From"


def reads_replica(s: Session) -> bool:
    """Whether the session's queries so far went to the replica, where nothing can be stored."""
    return isinstance(s, RoutedReadSession) and s.read_from == "replica"


def read_primary_instead(s: Session) -> bool:
    """RoutedReadSession.move_to_primary for a session that may be one; False for a primary's session."""
    return isinstance(s, RoutedReadSession) and s.move_to_primary()


class ReplicaHeaders:
    """Plain ASGI: what a request's session left in its state (api/deps.py) goes back with the answer: the WAL
    position of the caller's write as a cookie, so their next reads wait for the replica to hold it (or read the
    primary), and which server answered a read (X-Perflab-Read-From: replica or primary), for the curious and
    the tests."""

    def __init__(self, app, secure: bool = False):
        self.app, self.secure = app, secure

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            state = scope.get("state", {})
            if message["type"] == "http.response.start" and ("written_lsn" in state or "read_from" in state):
                headers = list(message.get("headers", []))
                if state.get("written_lsn") is not None:
                    secure = "; Secure" if self.secure or scope.get("scheme") == "https" else ""
                    cookie = f"{WRITTEN_LSN_COOKIE}={format_lsn(state['written_lsn'])}; Path=/; HttpOnly; " \
                             f"SameSite=Strict{secure}"
                    headers.append((b"set-cookie", cookie.encode()))
                if "read_from" in state:
                    headers.append((READ_FROM_HEADER.lower().encode(), state["read_from"].encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
