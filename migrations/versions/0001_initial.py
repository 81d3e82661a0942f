"""agents, runs, points, jobs, batches, calls, steps, analyses

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)
NOW = sa.text("now()")


def upgrade() -> None:
    op.create_table(
        "agents",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("address", sa.String(255), nullable=False),
        sa.Column("version", sa.String(64), nullable=False),
        sa.Column("clock_id", sa.Integer, nullable=False),
        sa.Column("capabilities", postgresql.JSONB, nullable=False, server_default="{}"),
        sa.Column("token_sha256", sa.String(64), nullable=False, unique=True),
        sa.Column("enrolled_at", TZ, nullable=False, server_default=NOW),
        sa.Column("last_seen_at", TZ, nullable=False, server_default=NOW),
    )
    op.create_table(
        "runs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("name", sa.String(200), nullable=False, server_default=""),
        sa.Column("tags", postgresql.ARRAY(sa.String(64)), nullable=False, server_default="{}"),
        sa.Column("params", postgresql.JSONB, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, server_default="queued"),
        sa.Column("reason", sa.Text),
        sa.Column("client_agent_id", sa.Integer, sa.ForeignKey("agents.id"), nullable=False),
        sa.Column("server_agent_id", sa.Integer, sa.ForeignKey("agents.id"), nullable=False),
        sa.Column("calls_total", sa.Integer, nullable=False),
        sa.Column("calls_done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", TZ, nullable=False, server_default=NOW),
        sa.Column("started_at", TZ),
        sa.Column("finished_at", TZ),
        sa.CheckConstraint("status IN ('queued','running','done','failed','cancelled')", name="ck_runs_status"),
    )
    op.create_index("ix_runs_status", "runs", ["status"])
    op.create_index("ix_runs_created_at", "runs", ["created_at"])
    op.create_table(
        "points",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("point_no", sa.SmallInteger, nullable=False),
        sa.Column("params", postgresql.JSONB, nullable=False),
        sa.UniqueConstraint("run_id", "point_no", name="uq_points_run_point"),
    )
    op.create_index("ix_points_run_id", "points", ["run_id"])
    op.create_table(
        "jobs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("agent_id", sa.Integer, sa.ForeignKey("agents.id"), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("state", sa.String(16), nullable=False, server_default="queued"),
        sa.Column("connect", postgresql.JSONB),
        sa.Column("port", sa.Integer),
        sa.Column("reason", sa.Text),
        sa.Column("stop_reason", sa.Text),
        sa.Column("stop_delivered", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", TZ, nullable=False, server_default=NOW),
        sa.Column("updated_at", TZ, nullable=False, server_default=NOW),
    )
    op.create_index("ix_jobs_run_id", "jobs", ["run_id"])
    op.create_index("ix_jobs_agent_id", "jobs", ["agent_id"])
    op.create_table(
        "batches",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("job_id", sa.Integer, sa.ForeignKey("jobs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("n_calls", sa.Integer, nullable=False),
        sa.Column("n_steps", sa.Integer, nullable=False),
        sa.Column("last", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("received_at", TZ, nullable=False, server_default=NOW),
        sa.UniqueConstraint("job_id", "seq", name="uq_batches_job_seq"),
    )
    op.create_index("ix_batches_run_id", "batches", ["run_id"])
    # calls and steps: loaded by COPY only, no foreign keys (checked per row, they would slow COPY down)
    op.create_table(
        "calls",
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("call_no", sa.Integer, nullable=False),
        sa.Column("point_no", sa.SmallInteger, nullable=False),
        sa.Column("flags", sa.SmallInteger, nullable=False),
        sa.Column("start_ns", sa.BigInteger, nullable=False),
        sa.Column("rtt_ns", sa.BigInteger, nullable=False),
        sa.Column("request_bytes", sa.Integer, nullable=False),
        sa.Column("response_bytes", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("run_id", "call_no", name="pk_calls"),
    )
    op.create_table(
        "steps",
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("call_no", sa.Integer, nullable=False),
        sa.Column("code", sa.SmallInteger, nullable=False),
        sa.Column("start_ns", sa.BigInteger, nullable=False),
        sa.Column("end_ns", sa.BigInteger, nullable=False),
    )
    # rows arrive in run order, so a BRIN index finds a run's blocks at almost no cost to COPY
    op.create_index("ix_steps_run_brin", "steps", ["run_id"], postgresql_using="brin")
    op.create_table(
        "analyses",
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("batches_seen", sa.Integer, nullable=False),
        sa.Column("result", postgresql.JSONB, nullable=False),
        sa.Column("computed_at", TZ, nullable=False, server_default=NOW),
        sa.PrimaryKeyConstraint("run_id", "kind", name="pk_analyses"),
    )


def downgrade() -> None:
    for table in ("analyses", "steps", "calls", "batches", "jobs", "points", "runs", "agents"):
        op.drop_table(table)
