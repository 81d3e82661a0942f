"""Shared dependencies: settings, a transactional session, the authenticated agent."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Header, HTTPException, Path, Request
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from perflab.api.bell import Bell
from perflab.core.config import Settings
from perflab.core.db import Database
from perflab.core.read_replica import WRITTEN_LSN_COOKIE, RoutedReadSession, parse_lsn
from perflab.models import Agent
from perflab.schemas.common import PG_INT_MAX
from perflab.services.agents import AgentRevoked, authenticate
from perflab.services.credentials import API_TOKEN_PREFIX


# the trivial dependencies are async on purpose: FastAPI runs a plain `def` dependency in the threadpool, and
# each such hop hands the GIL between the event loop and a worker thread (under load, a wait of up to the 5 ms
# switch interval each time): a read went through seven hops before it reached its endpoint's one
async def get_db(request: Request) -> Database:
    return request.app.state.db


async def get_bell(request: Request) -> Bell:
    return request.app.state.bell


async def get_settings_dep(request: Request) -> Settings:
    return request.app.state.settings


READ_METHODS = {"GET", "HEAD"}
USER_SESSION_COOKIE = "perflab_session"  # access.SESSION_COOKIE (access.py imports this module)


def _session_dependency(replica_reads: bool):
    async def session_dependency(request: Request, db: Annotated[Database, Depends(get_db)]) -> AsyncIterator[Session]:
        if replica_reads and request.method in READ_METHODS:
            s = db.read_session(parse_lsn(request.cookies.get(WRITTEN_LSN_COOKIE)))
        else:
            s = db.sessions()
        s.begin()
        try:
            yield s
        except BaseException:
            await run_in_threadpool(_end, s, False)
            raise
        if isinstance(s, RoutedReadSession) and s.read_from is not None:
            request.state.read_from = s.read_from  # said in the answer's headers (read_replica.ReplicaHeaders)
        # a user's write with a replica about: its WAL position goes back as a cookie (read_replica.ReplicaHeaders)
        remember = db.reads is not None and request.method not in READ_METHODS and _user_credentials(request)
        await run_in_threadpool(_end, s, True, request.state if remember else None)
    return session_dependency


# The route's session, begun here without I/O (the connection is taken at its first query, in the route's thread);
# only the commit or rollback at the end needs a thread of its own: one hop instead of two. A read (GET, HEAD)
# goes to the streaming replica when there is one (core/read_replica.py says what is safe there) ...
get_session = _session_dependency(replica_reads=True)
# ... unless the route takes this one: the primary whatever the method, for the reads of the UNLOGGED shared state
# that a standby does not have (models/shared_state.py)
get_primary_session = _session_dependency(replica_reads=False)


def _user_credentials(request: Request) -> bool:
    """A browser's session or a user's API token: agents' writes (their uploads above all) need no cookie."""
    return (USER_SESSION_COOKIE in request.cookies
            or request.headers.get("authorization", "").startswith(f"Bearer {API_TOKEN_PREFIX}"))


def _end(s: Session, commit: bool, state=None) -> None:
    try:
        if commit:
            s.commit()
            if state is not None:  # read after the commit: at or past the commit's own record
                state.written_lsn = parse_lsn(s.connection().exec_driver_sql("SELECT pg_current_wal_lsn()::text")
                                              .scalar())
        else:
            s.rollback()
    finally:
        s.close()


DbDep = Annotated[Database, Depends(get_db)]
BellDep = Annotated[Bell, Depends(get_bell)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
# scope="function": commit before the response is sent, so a client that got 201 can read what it made
SessionDep = Annotated[Session, Depends(get_session, scope="function")]
PrimarySessionDep = Annotated[Session, Depends(get_primary_session, scope="function")]
# ids past PG_INT_MAX are bad input (422 naming the range), never a database error (500)
RunId = Annotated[int, Path(ge=1, le=PG_INT_MAX, description=f"a run's id, 1-{PG_INT_MAX}")]
JobId = Annotated[int, Path(ge=1, le=PG_INT_MAX, description=f"a job's id, 1-{PG_INT_MAX}")]
AgentId = Annotated[int, Path(ge=1, le=PG_INT_MAX, description=f"an agent's id, 1-{PG_INT_MAX}")]
UserId = Annotated[int, Path(ge=1, le=PG_INT_MAX, description=f"a user's id, 1-{PG_INT_MAX}")]
TokenId = Annotated[int, Path(ge=1, le=PG_INT_MAX, description=f"an API token's id, 1-{PG_INT_MAX}")]
PointNo = Annotated[int, Path(ge=0, le=32_767, description="a point's number in its run, 0-32767")]


async def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str:
    if not authorization or not authorization.startswith("Bearer "):
        raise HTTPException(401, "Authorization: Bearer <agent token> required")
    return authorization[len("Bearer "):].strip()


def current_agent(db: DbDep, token: Annotated[str, Depends(bearer_token)]) -> Agent:
    """Authenticates in its own short transaction, so long-polls don't hold a session open."""
    with db.session() as s:
        try:
            agent = authenticate(s, token)
        except AgentRevoked as e:  # the agent stops on this answer; it does not enrol again
            raise HTTPException(401, f"revoked: {e}", headers={"WWW-Authenticate": "Bearer"}) from e
        if agent is None:
            raise HTTPException(401, "unknown agent token: enrol again")
        s.expunge(agent)
    return agent


AgentDep = Annotated[Agent, Depends(current_agent)]
