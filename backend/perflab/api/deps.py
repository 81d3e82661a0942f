"""Shared dependencies: settings, a transactional session, the authenticated agent."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Header, HTTPException, Path, Request
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from perflab.api.bell import Bell
from perflab.core.config import Settings
from perflab.core.db import Database
from perflab.models import Agent
from perflab.schemas.common import PG_INT_MAX
from perflab.services.agents import AgentRevoked, authenticate


# the trivial dependencies are async on purpose: FastAPI runs a plain `def` dependency in the threadpool, and
# each such hop hands the GIL between the event loop and a worker thread (under load, a wait of up to the 5 ms
# switch interval each time): a read went through seven hops before it reached its endpoint's one
async def get_db(request: Request) -> Database:
    return request.app.state.db


async def get_bell(request: Request) -> Bell:
    return request.app.state.bell


async def get_settings_dep(request: Request) -> Settings:
    return request.app.state.settings


async def get_session(db: Annotated[Database, Depends(get_db)]) -> AsyncIterator[Session]:
    """The route's session, begun here without I/O (the connection is taken at its first query, in the route's
    thread); only the commit or rollback at the end needs a thread of its own: one hop instead of two."""
    s = db.sessions()
    s.begin()
    try:
        yield s
    except BaseException:
        await run_in_threadpool(_end, s, False)
        raise
    await run_in_threadpool(_end, s, True)


def _end(s: Session, commit: bool) -> None:
    try:
        if commit:
            s.commit()
        else:
            s.rollback()
    finally:
        s.close()


DbDep = Annotated[Database, Depends(get_db)]
BellDep = Annotated[Bell, Depends(get_bell)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
# scope="function": commit before the response is sent, so a client that got 201 can read what it made
SessionDep = Annotated[Session, Depends(get_session, scope="function")]
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
