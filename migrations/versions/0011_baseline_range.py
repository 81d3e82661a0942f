"""series_baselines.through_run_id: a series' baseline may be a range of runs (the baseline run through this one),
whose between-run spread is the noise a check is judged by (analysis/regression.py)

Revision ID: 0011_baseline_range
Revises: 0010_run_environment_series
Create Date: 2026-11-29
"""
import sqlalchemy as sa
from alembic import op

revision = "0011_baseline_range"
down_revision = "0010_run_environment_series"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # NULL: the baseline is its one run (every baseline set before ranges)
    op.add_column("series_baselines", sa.Column("through_run_id", sa.Integer,
                                                sa.ForeignKey("runs.id", ondelete="SET NULL"), nullable=True))


def downgrade() -> None:
    op.drop_column("series_baselines", "through_run_id")
