"""calls: caller thread and the server's receive/send times (trace batch version 2, RPC runs)

Revision ID: 0004_rpc_calls
Revises: 0003_agentlib
Create Date: 2026-11-21
"""
import sqlalchemy as sa
from alembic import op

revision = "0004_rpc_calls"
down_revision = "0003_agentlib"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # defaults keep every existing row valid: thread 0, server times unknown (0)
    op.add_column("calls", sa.Column("thread", sa.SmallInteger, nullable=False, server_default="0"))
    op.add_column("calls", sa.Column("server_recv_ns", sa.BigInteger, nullable=False, server_default="0"))
    op.add_column("calls", sa.Column("server_send_ns", sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("calls", "server_send_ns")
    op.drop_column("calls", "server_recv_ns")
    op.drop_column("calls", "thread")
