"""Agent enrolment, authentication and liveness."""

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.models import Agent, EnrollmentToken, User
from perflab.models.base import utcnow
from perflab.services.errors import FieldError, NotFound


class EnrollmentRefused(PermissionError):
    pass


class NameInUse(PermissionError):
    """Another live agent holds the name: enrolling would take its identity (and its runs) over."""


class AgentRevoked(PermissionError):
    """The token is an agent's an admin revoked: the agent must stop, not enrol again."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def enroll(s: Session, expected_token: str, *, enrollment_token: str, name: str, host: str, address: str,
           version: str, clock_id: int, capabilities: dict, previous_token: str | None = None,
           in_use_window: timedelta = timedelta(seconds=5)) -> tuple[Agent, str]:
    """Register (or re-register, after a restart) the agent `name`; returns it with its new personal token.
    The name of an agent heard within in_use_window goes only to a caller holding that agent's token (the same
    agent restarted): the enrolment token alone does not let a second process take a live agent's jobs."""
    rotated = s.scalar(select(EnrollmentToken).order_by(EnrollmentToken.id.desc()).limit(1))
    if rotated is None and not expected_token:
        raise EnrollmentRefused("enrollment_token: this lab has none yet; an admin sets PERFLAB_ENROLLMENT_TOKEN "
                                "for the backend, or makes one on the Agents page")
    expected = rotated.token_sha256 if rotated else token_hash(expected_token)
    if not hmac.compare_digest(token_hash(enrollment_token).encode(), expected.encode()):
        raise EnrollmentRefused("enrollment_token does not match the lab's enrolment token")
    token = secrets.token_urlsafe(32)
    agent = s.execute(select(Agent).where(Agent.name == name)).scalar_one_or_none()
    if agent is not None and agent.revoked_at is not None:
        raise EnrollmentRefused(f"agent {name} was revoked by an admin; it may enrol again once an admin "
                                "reinstates it (Agents page)")
    if agent is not None and not _holds(agent, previous_token):
        silent = utcnow() - agent.last_seen_at
        if silent < in_use_window:
            raise NameInUse(f"name: agent {name} is in use by a live agent at {agent.address} (heard "
                            f"{silent.total_seconds():.1f} s ago); give this one its own --name, or stop the other "
                            f"(the name is free once it has been silent for {in_use_window.total_seconds():g} s)")
    if agent is None:
        agent = Agent(name=name)
        s.add(agent)
    agent.host, agent.address, agent.version = host, address, version
    agent.clock_id, agent.capabilities = clock_id, capabilities
    agent.token_sha256 = token_hash(token)
    agent.last_seen_at = utcnow()
    s.flush()
    return agent, token


def _holds(agent: Agent, token: str | None) -> bool:
    return token is not None and hmac.compare_digest(token_hash(token).encode(), agent.token_sha256.encode())


LAST_SEEN_RESOLUTION = timedelta(seconds=1)


def authenticate(s: Session, token: str) -> Agent | None:
    """The agent owning `token`, marked as seen now; None if no agent has it; AgentRevoked if it was revoked."""
    agent = s.execute(select(Agent).where(Agent.token_sha256 == token_hash(token))).scalar_one_or_none()
    if agent is not None and agent.revoked_at is not None:
        raise AgentRevoked(f"agent {agent.name} was revoked by an admin at {agent.revoked_at.isoformat()}; "
                           "stop, and ask an admin to reinstate it")
    now = utcnow()
    # a write (and a WAL flush at commit) per request would cost more than the news is worth: the reaper judges
    # silence in seconds (offline_after_s), so a second's resolution is plenty
    if agent is not None and now - agent.last_seen_at >= LAST_SEEN_RESOLUTION:
        s.execute(update(Agent).where(Agent.id == agent.id).values(last_seen_at=now))
    return agent


def is_online(agent: Agent, offline_after_s: float, now: datetime | None = None) -> bool:
    return (now or utcnow()) - agent.last_seen_at <= timedelta(seconds=offline_after_s)


def get_agent(s: Session, agent_id: int) -> Agent:
    agent = s.get(Agent, agent_id, with_for_update=True)
    if agent is None:
        raise NotFound(f"agent {agent_id} not found")
    return agent


def revoke(s: Session, agent_id: int) -> Agent:
    """From now on the agent's token gets 401; the caller fails its active runs (what it uploaded stays)."""
    agent = get_agent(s, agent_id)
    agent.revoked_at = agent.revoked_at or utcnow()
    return agent


def reinstate(s: Session, agent_id: int) -> Agent:
    """Lets a revoked agent enrol again; its old token stays invalid (replaced by one nobody holds)."""
    agent = get_agent(s, agent_id)
    if agent.revoked_at is not None:
        agent.revoked_at = None
        agent.token_sha256 = token_hash(secrets.token_urlsafe(32))
    return agent


def rotate_enrollment_token(s: Session, by: User) -> str:
    """A new enrolment token (returned once); the previous one is refused from now on."""
    token = secrets.token_urlsafe(24)
    s.add(EnrollmentToken(token_sha256=token_hash(token), created_by=by.id))
    s.flush()
    return token


def online_agent(s: Session, settings: Settings, field: str, agent_id: int) -> Agent:
    """The agent a launch names in `field`, which must exist and be online."""
    agent = s.get(Agent, agent_id)
    if agent is None:
        known = ", ".join(str(i) for i in s.scalars(select(Agent.id).order_by(Agent.id))) or "none"
        raise FieldError(field, f"{field}: no agent with id {agent_id} (known agents: {known})")
    if not is_online(agent, settings.offline_after_s):
        raise FieldError(field, f"{field}: agent {agent.name} is offline (last seen {agent.last_seen_at:%Y-%m-%d %H:%M:%S} UTC)")
    return agent
