"""calls.retransmits: the retransmissions during a call (call record offset 34, docs/protocol.md): the RPC runtime's
over UDP, the kernel's (TCP_INFO tcpi_total_retrans increase) over TCP

Revision ID: 0008_call_retransmits
Revises: 0007_replica_state
Create Date: 2026-11-27
"""
import sqlalchemy as sa
from alembic import op

revision = "0008_call_retransmits"
down_revision = "0007_replica_state"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # the default keeps every existing row valid: older agents wrote 0 (reserved) there
    op.add_column("calls", sa.Column("retransmits", sa.SmallInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("calls", "retransmits")
