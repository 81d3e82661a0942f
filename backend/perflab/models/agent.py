from datetime import datetime

from sqlalchemy import DateTime, Integer, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from perflab.core.text_limits import HOST_MAX, NAME_MAX, VERSION_MAX
from perflab.models.base import Base, utcnow


class Agent(Base):
    """One perflab-agent process; `token_sha256` authenticates it, online-ness derives from last_seen_at."""

    __tablename__ = "agents"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX), unique=True)
    host: Mapped[str] = mapped_column(String(HOST_MAX))
    address: Mapped[str] = mapped_column(String(HOST_MAX))
    version: Mapped[str] = mapped_column(String(VERSION_MAX))
    clock_id: Mapped[int] = mapped_column(Integer)
    capabilities: Mapped[dict] = mapped_column(JSONB, default=dict)
    token_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    enrolled_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))  # its token is refused from then
