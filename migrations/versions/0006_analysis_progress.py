"""analysis_progress: how far the analysis worker is with a run (kinds done of all), written as each kind
completes so a read can say "analysing, k of n" instead of computing the analyses itself

Revision ID: 0006_analysis_progress
Revises: 0005_access_control
Create Date: 2026-11-25
"""
import sqlalchemy as sa
from alembic import op

revision = "0006_analysis_progress"
down_revision = "0005_access_control"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analysis_progress",
        sa.Column("run_id", sa.Integer, sa.ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("done", sa.SmallInteger, nullable=False),
        sa.Column("total", sa.SmallInteger, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )


def downgrade() -> None:
    op.drop_table("analysis_progress")
