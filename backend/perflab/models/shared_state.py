"""What the backend's replicas share besides the lab's records: the live RTT window of running runs and the rate
limits' recent events. Both are UNLOGGED (no write-ahead log, emptied by a crash of PostgreSQL): losing them loses
a live view's recent window or a limit's memory for one window, never a measurement."""

from sqlalchemy import BigInteger, Double, ForeignKey, Index, Integer, String, Text
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
