import enum
from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, SmallInteger, String, Text, UniqueConstraint, text
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column

from perflab.core.text_limits import RUN_NAME_MAX, TAG_MAX
from perflab.models.base import Base, utcnow


class RunStatus(str, enum.Enum):
    queued = "queued"
    running = "running"
    done = "done"
    failed = "failed"
    cancelled = "cancelled"

    @property
    def finished(self) -> bool:
        return self in (RunStatus.done, RunStatus.failed, RunStatus.cancelled)


class JobState(str, enum.Enum):
    queued = "queued"        # waiting for the agent to take it
    delivered = "delivered"  # the agent has it
    ready = "ready"          # server role: listening on `port`
    running = "running"      # client role: connected and measuring
    done = "done"
    failed = "failed"

    @property
    def finished(self) -> bool:
        return self in (JobState.done, JobState.failed)


class Run(Base):
    __tablename__ = "runs"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(RUN_NAME_MAX), default="")
    tags: Mapped[list[str]] = mapped_column(ARRAY(String(TAG_MAX)), default=list)
    params: Mapped[dict] = mapped_column(JSONB)
    status: Mapped[str] = mapped_column(String(16), default=RunStatus.queued.value, index=True)
    reason: Mapped[str | None] = mapped_column(Text)
    client_agent_id: Mapped[int] = mapped_column(ForeignKey("agents.id"))
    server_agent_id: Mapped[int] = mapped_column(ForeignKey("agents.id"))
    calls_total: Mapped[int] = mapped_column(Integer)
    calls_done: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    link: Mapped[dict] = mapped_column(JSONB, default=dict)  # link profile + measured properties (links/)
    launched_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    # where it ran (analysis/environment.py): {client, server, link_profile, co_located}; {} before migration 0010
    environment: Mapped[dict] = mapped_column(JSONB, default=dict, server_default=text("'{}'::jsonb"))
    notes: Mapped[str] = mapped_column(Text, default="", server_default="")
    # runs comparable with each other (services/series.py); None for runs from before series
    series_key: Mapped[str | None] = mapped_column(String(32), index=True)
    # SHA-256 of the launch body without agents, name and tags: the key is made again when the tags change
    launch_digest: Mapped[str | None] = mapped_column(String(64))
    # migration 0013 (services/run_storage.py): a pinned run is never removed by retention; an archived run's
    # calls and steps are in Parquet files (PERFLAB_STATE/archive), not in the database, until restored
    pinned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=text("false"))
    archived_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SeriesBaseline(Base):
    """What a series' later runs are checked against (PUT /api/series/{key}/baseline): one run, or the series' done
    runs from run_id through through_run_id, whose between-run spread is then the check's noise."""

    __tablename__ = "series_baselines"

    series_key: Mapped[str] = mapped_column(String(32), primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    through_run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))  # migration 0011
    set_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    set_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class Point(Base):
    """One parameter combination of a run's sweep."""

    __tablename__ = "points"
    __table_args__ = (UniqueConstraint("run_id", "point_no", name="uq_points_run_point"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    point_no: Mapped[int] = mapped_column(SmallInteger)
    params: Mapped[dict] = mapped_column(JSONB)


class Job(Base):
    """One agent's share of a run (server or client role); also the agent's command queue."""

    __tablename__ = "jobs"

    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    agent_id: Mapped[int] = mapped_column(ForeignKey("agents.id"), index=True)
    role: Mapped[str] = mapped_column(String(16))
    state: Mapped[str] = mapped_column(String(16), default=JobState.queued.value)
    connect: Mapped[dict | None] = mapped_column(JSONB)
    port: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str | None] = mapped_column(Text)
    stop_reason: Mapped[str | None] = mapped_column(Text)
    stop_delivered: Mapped[bool] = mapped_column(Boolean, default=False)
    probe: Mapped[dict | None] = mapped_column(JSONB)  # the agent's probe clock and cost (schemas/probe.py)
    result: Mapped[dict | None] = mapped_column(JSONB)  # job-level results: stream totals, clock exchange
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
