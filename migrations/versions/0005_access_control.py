"""access control: users with roles, API tokens, browser sessions, rotated enrolment tokens; who launched a
run; revoked agents

Revision ID: 0005_access_control
Revises: 0004_rpc_calls
Create Date: 2026-11-23
"""
import sqlalchemy as sa
from alembic import op

revision = "0005_access_control"
down_revision = "0004_rpc_calls"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", TZ, nullable=False, server_default=sa.func.now()),
    )
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("prefix", sa.String(16), nullable=False),
        sa.Column("token_sha256", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", TZ, nullable=False, server_default=sa.func.now()),
        sa.Column("expires_at", TZ),
        sa.Column("last_used_at", TZ),
        sa.Column("revoked_at", TZ),
    )
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("token_sha256", sa.String(64), nullable=False, unique=True),
        sa.Column("csrf_token", sa.String(64), nullable=False),
        sa.Column("created_at", TZ, nullable=False, server_default=sa.func.now()),
        sa.Column("expires_at", TZ, nullable=False),
    )
    op.create_table(
        "enrollment_tokens",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token_sha256", sa.String(64), nullable=False),
        sa.Column("created_at", TZ, nullable=False, server_default=sa.func.now()),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL")),
    )
    # runs from before accounts were launched by nobody known: NULL
    op.add_column("runs", sa.Column("launched_by_id", sa.Integer,
                                    sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True))
    op.create_index("ix_runs_launched_by_id", "runs", ["launched_by_id"])
    op.add_column("agents", sa.Column("revoked_at", TZ, nullable=True))


def downgrade() -> None:
    op.drop_column("agents", "revoked_at")
    op.drop_index("ix_runs_launched_by_id", table_name="runs")
    op.drop_column("runs", "launched_by_id")
    for table in ("enrollment_tokens", "web_sessions", "api_tokens", "users"):
        op.drop_table(table)
