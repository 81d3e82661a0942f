"""What the backend's replicas share besides the lab's records: the live RTT window of running runs, the rate
limits' recent events and the PDF prints' progress. All are UNLOGGED (no write-ahead log, emptied by a crash of
PostgreSQL): losing them loses a live view's recent window, a limit's memory for one window or a print's progress
bar, never a measurement."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Double, ForeignKey, Index, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from perflab.models.base import Base


class LiveEvent(Base):
    """One `calls` event of a running run's live view (services/live_calls.py): the RTT summary of one ingested
    batch, written by the replica that stored the batch, read by any replica a browser asks."""

    __tablename__ = "live_events"
    __table_args__ = (Index("ix_live_events_run_id_id", "run_id", "id"), {"prefixes": ["UNLOGGED"]})

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)  # the event id a browser resumes after
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    samples: Mapped[int] = mapped_column(Integer)  # calls sampled in it: the window keeps a bounded number
    event: Mapped[str] = mapped_column(Text)  # the event's JSON without its id


class RateHit(Base):
    """One counted event of a sliding-window limit (services/rate_limit.py): login attempts, agents' uploads."""

    __tablename__ = "rate_hits"
    __table_args__ = (Index("ix_rate_hits_key_at", "key", "at"), {"prefixes": ["UNLOGGED"]})

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    key: Mapped[str] = mapped_column(String(300))
    at: Mapped[float] = mapped_column(Double)  # seconds on the replicas' shared wall clock


class ReportJob(Base):
    """Where a PDF print is (services/exports/report_jobs.py): the replica printing writes, any replica answers."""

    __tablename__ = "report_jobs"
    __table_args__ = {"prefixes": ["UNLOGGED"]}

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the browser's token for its print
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    stage: Mapped[str] = mapped_column(String(16))
    pages: Mapped[int | None] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
