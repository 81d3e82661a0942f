"""runs.pinned (kept by retention whatever its age) and runs.archived_at (its calls and steps in Parquet files
instead of the database until restored), services/run_storage.py

Revision ID: 0013_run_retention
Revises: 0012_step_blocks
Create Date: 2026-11-29
"""
import sqlalchemy as sa
from alembic import op

revision = "0013_run_retention"
down_revision = "0012_step_blocks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("runs", sa.Column("pinned", sa.Boolean, nullable=False, server_default=sa.text("false")))
    op.add_column("runs", sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # an archived run's rows are in its Parquet files: restore it first (python -m perflab runs restore ID)
    archived = op.get_bind().execute(sa.text("SELECT count(*) FROM runs WHERE archived_at IS NOT NULL")).scalar()
    if archived:
        raise RuntimeError(f"{archived} archived runs: restore them before downgrading below 0013")
    op.drop_column("runs", "archived_at")
    op.drop_column("runs", "pinned")
