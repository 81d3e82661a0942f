"""What agents measured. `calls` and `steps` are written only by COPY (services/ingest.py) and kept narrow:
steps will reach hundreds of millions of rows, so no surrogate key, no JSON, a BRIN index on run_id."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, SmallInteger, String, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from perflab.models.base import Base, utcnow


class Batch(Base):
    """One acknowledged trace batch; (job_id, seq) unique makes uploads idempotent."""

    __tablename__ = "batches"
    __table_args__ = (UniqueConstraint("job_id", "seq", name="uq_batches_job_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    n_calls: Mapped[int] = mapped_column(Integer)
    n_steps: Mapped[int] = mapped_column(Integer)
    last: Mapped[bool] = mapped_column(default=False)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Call(Base):
    __tablename__ = "calls"

    run_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    call_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    point_no: Mapped[int] = mapped_column(SmallInteger)
    flags: Mapped[int] = mapped_column(SmallInteger)
    start_ns: Mapped[int] = mapped_column(BigInteger)
    rtt_ns: Mapped[int] = mapped_column(BigInteger)
    request_bytes: Mapped[int] = mapped_column(Integer)
    response_bytes: Mapped[int] = mapped_column(Integer)
    # trace batch version 2 (migration 0002): caller thread; server receive/send in the server's clock, 0 = unknown
    thread: Mapped[int] = mapped_column(SmallInteger, server_default="0")
    server_recv_ns: Mapped[int] = mapped_column(BigInteger, server_default="0")
    server_send_ns: Mapped[int] = mapped_column(BigInteger, server_default="0")
    # migration 0008: retransmissions during the call (RPC/UDP: the runtime's; TCP: the kernel's), 0 from older agents
    retransmits: Mapped[int] = mapped_column(SmallInteger, server_default="0")
    # migration 0009: open-loop arrivals, actual send start - intended send time (>= 0); 0 closed-loop and older agents
    send_lag_ns: Mapped[int] = mapped_column(BigInteger, server_default="0")


class Step(Base):
    __tablename__ = "steps"
    __table_args__ = (Index("ix_steps_run_brin", "run_id", postgresql_using="brin"),)

    # SQLAlchemy needs a key to map the class; the table itself has none (see migration 0001)
    run_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    call_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    start_ns: Mapped[int] = mapped_column(BigInteger)
    end_ns: Mapped[int] = mapped_column(BigInteger)


class Analysis(Base):
    """An analysis result computed once when a run finishes (kind e.g. 'summary'), as served by the API."""

    __tablename__ = "analyses"

    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    batches_seen: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict] = mapped_column(JSONB)
    computed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AnalysisProgress(Base):
    """How far the analysis worker is with a run's analyses (kinds done of total), written in a transaction of its
    own as each kind completes; removed with the commit of the analyses themselves (services/analysis_progress.py)."""

    __tablename__ = "analysis_progress"

    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True)
    done: Mapped[int] = mapped_column(SmallInteger)
    total: Mapped[int] = mapped_column(SmallInteger)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, server_default=func.now())
