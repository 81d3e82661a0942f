"""What agents measured. `calls` are written only by COPY (services/ingest.py) and kept narrow; steps, hundreds
of millions of them, are stored as compressed blocks (`step_blocks`, services/step_store.py)."""

from datetime import datetime

from sqlalchemy import (BigInteger, DateTime, ForeignKey, Identity, Index, Integer, LargeBinary, SmallInteger, String,
                        UniqueConstraint, func)
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


class StepBlock(Base):
    """Up to 65,536 steps of one batch, compressed (services/step_codec.py); read and written only by
    services/step_store.py. A run is a few hundred of these rows, not tens of millions (docs/scale.md)."""

    __tablename__ = "step_blocks"
    __table_args__ = (Index("ix_step_blocks_run_call", "run_id", "call_lo"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    run_id: Mapped[int] = mapped_column(Integer)
    call_lo: Mapped[int] = mapped_column(Integer)  # the block's lowest and highest call_no
    call_hi: Mapped[int] = mapped_column(Integer)
    n_steps: Mapped[int] = mapped_column(Integer)
    data: Mapped[bytes] = mapped_column(LargeBinary)


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
