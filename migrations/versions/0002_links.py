"""runs.link: the link profile a run used and the link's measured properties

Revision ID: 0002_links
Revises: 0001
Create Date: 2026-11-21
"""
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0002_links"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # runs from before this column ran on whatever network the agents had: '{}' says nothing was recorded
    op.add_column("runs", sa.Column("link", postgresql.JSONB, nullable=False, server_default="{}"))


def downgrade() -> None:
    op.drop_column("runs", "link")
