"""Secrets that stand for a user: API tokens (scripts, CI) and browser sessions (cookie + CSRF value).
Only their SHA-256 is stored; a token is shown once, when it is made."""

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from perflab.models import ApiToken, User, WebSession
from perflab.models.base import utcnow
from perflab.services.agents import token_hash
from perflab.services.errors import NotFound

API_TOKEN_PREFIX = "plt_"
SESSION_LIFETIME = timedelta(hours=12)  # then log in again (ASVS 3.3.2, level 2: 12 hours)


class CredentialRefused(PermissionError):
    """A token that was once good and is no more (revoked, expired, user disabled): the reason is the message."""


@dataclass(frozen=True)
class Caller:
    user: User
    via: str  # "session" | "token"
    csrf_token: str | None = None  # sessions only


def create_api_token(s: Session, user: User, name: str, expires_in_days: int | None,
                     now: datetime | None = None) -> tuple[ApiToken, str]:
    token = API_TOKEN_PREFIX + secrets.token_urlsafe(32)
    now = now or utcnow()
    row = ApiToken(user_id=user.id, name=name, prefix=token[:10], token_sha256=token_hash(token), created_at=now,
                   expires_at=now + timedelta(days=expires_in_days) if expires_in_days else None)
    s.add(row)
    s.flush()
    return row, token


def create_short_lived_token(s: Session, user: User, name: str, minutes: int) -> tuple[ApiToken, str]:
    """A token for a job the backend does on a user's behalf (printing a report in headless Chromium)."""
    row, token = create_api_token(s, user, name, None)
    row.expires_at = row.created_at + timedelta(minutes=minutes)
    return row, token


def list_api_tokens(s: Session, user: User) -> list[ApiToken]:
    return list(s.scalars(select(ApiToken).where(ApiToken.user_id == user.id).order_by(ApiToken.id)))


def revoke_api_token(s: Session, user: User, token_id: int) -> ApiToken:
    row = s.get(ApiToken, token_id)
    if row is None or row.user_id != user.id:
        raise NotFound(f"API token {token_id} not found among yours")
    row.revoked_at = row.revoked_at or utcnow()
    return row


def revoke_all_api_tokens(s: Session, user: User) -> int:
    """Every API token of `user` that still works stops working (a password change that asks it, a demotion)."""
    return s.execute(update(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None))
                     .values(revoked_at=utcnow())).rowcount


def delete_api_token(s: Session, token_id: int) -> None:
    s.execute(delete(ApiToken).where(ApiToken.id == token_id))


LAST_USED_RESOLUTION = timedelta(minutes=1)  # what the Account page shows needs no finer


def user_of_api_token(s: Session, token: str) -> User | None:
    """The user a `plt_` token stands for; None if unknown; CredentialRefused if it no longer holds."""
    found = s.execute(select(ApiToken, User).join(User, User.id == ApiToken.user_id)
                      .where(ApiToken.token_sha256 == token_hash(token))).first()  # one round trip: every request
    if found is None:
        return None
    row, user = found
    now = utcnow()
    if row.revoked_at is not None:
        raise CredentialRefused(f"API token {row.prefix}… was revoked")
    if row.expires_at is not None and row.expires_at <= now:
        raise CredentialRefused(f"API token {row.prefix}… expired at {row.expires_at.isoformat()}")
    if user.disabled:
        raise CredentialRefused(f"user {user.name} is disabled")
    if row.last_used_at is None or now - row.last_used_at >= LAST_USED_RESOLUTION:  # not a write per request
        s.execute(update(ApiToken).where(ApiToken.id == row.id).values(last_used_at=now))
    return user


def create_session(s: Session, user: User) -> tuple[WebSession, str]:
    token = secrets.token_urlsafe(32)
    row = WebSession(user_id=user.id, token_sha256=token_hash(token), csrf_token=secrets.token_urlsafe(24),
                     expires_at=utcnow() + SESSION_LIFETIME)
    s.add(row)
    s.flush()
    return row, token


def session_of(s: Session, token: str) -> tuple[WebSession, User] | None:
    found = s.execute(select(WebSession, User).join(User, User.id == WebSession.user_id)
                      .where(WebSession.token_sha256 == token_hash(token))).first()
    if found is None or found[0].expires_at <= utcnow():
        return None
    row, user = found
    return None if user.disabled else (row, user)


def end_session(s: Session, token: str) -> None:
    s.execute(delete(WebSession).where(WebSession.token_sha256 == token_hash(token)))


def end_other_sessions(s: Session, user: User, keep_token: str | None) -> int:
    """After a password change: every browser logged in as `user` but the one that changed it must log in again."""
    query = delete(WebSession).where(WebSession.user_id == user.id)
    if keep_token:
        query = query.where(WebSession.token_sha256 != token_hash(keep_token))
    return s.execute(query).rowcount
