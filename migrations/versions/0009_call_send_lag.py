"""calls.send_lag_ns: how late the agent sent an open-loop call after its intended send time (call record version 3,
offset 56, docs/protocol.md); 0 for closed-loop calls and for agents before open-loop arrivals

Revision ID: 0009_call_send_lag
Revises: 0008_call_retransmits
Create Date: 2026-11-28
"""
import sqlalchemy as sa
from alembic import op

revision = "0009_call_send_lag"
down_revision = "0008_call_retransmits"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # the default keeps every existing row valid: a closed-loop call is never late
    op.add_column("calls", sa.Column("send_lag_ns", sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("calls", "send_lag_ns")
