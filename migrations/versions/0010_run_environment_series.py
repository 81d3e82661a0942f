"""runs.environment (where a run ran: both agents' fingerprints, the link profile, co-location), runs.notes,
runs.series_key and runs.launch_digest (runs comparable with each other, services/series.py) and series_baselines (one baseline run per
series)

Revision ID: 0010_run_environment_series
Revises: 0009_call_send_lag
Create Date: 2026-11-28
"""
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0010_run_environment_series"
down_revision = "0009_call_send_lag"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # older runs: no fingerprint ({}), no notes, no series (NULL: they join none until relaunched)
    op.add_column("runs", sa.Column("environment", JSONB, nullable=False, server_default=sa.text("'{}'::jsonb")))
    op.add_column("runs", sa.Column("notes", sa.Text, nullable=False, server_default=""))
    op.add_column("runs", sa.Column("series_key", sa.String(32), nullable=True))
    op.add_column("runs", sa.Column("launch_digest", sa.String(64), nullable=True))
    op.create_index("ix_runs_series_key", "runs", ["series_key"])
    op.create_table(
        "series_baselines",
        sa.Column("series_key", sa.String(32), primary_key=True),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("set_by_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("series_baselines")
    op.drop_index("ix_runs_series_key", table_name="runs")
    op.drop_column("runs", "launch_digest")
    op.drop_column("runs", "series_key")
    op.drop_column("runs", "notes")
    op.drop_column("runs", "environment")
