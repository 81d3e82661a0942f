"""live_events, rate_hits and report_jobs: the live RTT window, the rate limits' recent events and the PDF prints'
progress move from each process's memory into PostgreSQL, so several backend replicas serve one lab
(UNLOGGED: nothing in them is a measurement)

Revision ID: 0007_replica_state
Revises: 0006_analysis_progress
Create Date: 2026-11-26
"""
import sqlalchemy as sa
from alembic import op

revision = "0007_replica_state"
down_revision = "0006_analysis_progress"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_events",
        sa.Column("id", sa.BigInteger, primary_key=True),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("samples", sa.Integer, nullable=False),
        sa.Column("event", sa.Text, nullable=False),
        prefixes=["UNLOGGED"],
    )
    op.create_index("ix_live_events_run_id_id", "live_events", ["run_id", "id"])
    op.create_table(
        "rate_hits",
        sa.Column("id", sa.BigInteger, primary_key=True),
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        prefixes=["UNLOGGED"],
    )
    op.create_index("ix_rate_hits_key_at", "rate_hits", ["key", "at"])
    op.create_table(
        "report_jobs",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.Column("stage", sa.String(16), nullable=False),
        sa.Column("pages", sa.Integer, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        prefixes=["UNLOGGED"],
    )


def downgrade() -> None:
    op.drop_table("report_jobs")
    op.drop_table("rate_hits")
    op.drop_table("live_events")
