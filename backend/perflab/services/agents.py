"""Agent enrolment, authentication and liveness."""

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from perflab.models import Agent
from perflab.models.base import utcnow


class EnrollmentRefused(PermissionError):
    pass


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def enroll(s: Session, expected_token: str, *, enrollment_token: str, name: str, host: str, address: str,
           version: str, clock_id: int, capabilities: dict) -> tuple[Agent, str]:
    """Register (or re-register, after a restart) the agent `name`; returns it with its new personal token."""
    if not hmac.compare_digest(enrollment_token.encode(), expected_token.encode()):
        raise EnrollmentRefused("enrollment_token does not match the lab's enrolment token")
    token = secrets.token_urlsafe(32)
    agent = s.execute(select(Agent).where(Agent.name == name)).scalar_one_or_none()
    if agent is None:
        agent = Agent(name=name)
        s.add(agent)
    agent.host, agent.address, agent.version = host, address, version
    agent.clock_id, agent.capabilities = clock_id, capabilities
    agent.token_sha256 = token_hash(token)
    agent.last_seen_at = utcnow()
    s.flush()
    return agent, token


def authenticate(s: Session, token: str) -> Agent | None:
    """The agent owning `token`, marked as seen now; None if no agent has it."""
    agent = s.execute(select(Agent).where(Agent.token_sha256 == token_hash(token))).scalar_one_or_none()
    if agent is not None:
        s.execute(update(Agent).where(Agent.id == agent.id).values(last_seen_at=utcnow()))
    return agent


def is_online(agent: Agent, offline_after_s: float, now: datetime | None = None) -> bool:
    return (now or utcnow()) - agent.last_seen_at <= timedelta(seconds=offline_after_s)
