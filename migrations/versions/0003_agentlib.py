"""jobs.probe (the agent's probe clock and probe cost, sent with every job status) and jobs.result
(job-level results: stream totals, clock exchange rounds)

Revision ID: 0003_agentlib
Revises: 0002_links
"""
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0003_agentlib"
down_revision = "0002_links"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # nullable: jobs of older agents, and jobs that never reported, have none
    op.add_column("jobs", sa.Column("probe", postgresql.JSONB, nullable=True))
    op.add_column("jobs", sa.Column("result", postgresql.JSONB, nullable=True))


def downgrade() -> None:
    op.drop_column("jobs", "result")
    op.drop_column("jobs", "probe")
