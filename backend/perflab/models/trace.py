"""What agents measured: calls and steps, millions of them, stored as compressed blocks (`call_blocks`,
services/call_store.py; `step_blocks`, services/step_store.py)."""

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


class CallBlock(Base):
    """Up to 4,096 calls of one batch, their columns encoded (services/step_codec.py); read and written only by
    services/call_store.py. A 1M-call run is ~250 of these rows, not a million (docs/scale.md)."""

    __tablename__ = "call_blocks"
    __table_args__ = (Index("ix_call_blocks_run_call", "run_id", "call_lo"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    run_id: Mapped[int] = mapped_column(Integer)
    call_lo: Mapped[int] = mapped_column(Integer)  # the block's lowest and highest call_no
    call_hi: Mapped[int] = mapped_column(Integer)
    n_calls: Mapped[int] = mapped_column(Integer)
    start_min: Mapped[int] = mapped_column(BigInteger)  # the earliest start_ns in the block
    start_lo: Mapped[int] = mapped_column(BigInteger)  # the start_ns of call call_lo
    data: Mapped[bytes] = mapped_column(LargeBinary)


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
