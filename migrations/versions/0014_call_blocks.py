"""calls stored as compressed blocks: table call_blocks (services/call_store.py, docs/scale.md) replaces the row per
call of table calls; every stored run's calls move, a block per 4,096 calls, and back on downgrade

Revision ID: 0014_call_blocks
Revises: 0013_run_retention
Create Date: 2026-11-29
"""
import numpy as np
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import BYTEA

from perflab.services import call_store
from perflab.services.pg_copy import binary_copy_payload, read_int64_columns

revision = "0014_call_blocks"
down_revision = "0013_run_retention"
branch_labels = None
depends_on = None

# the old table's columns and types (migrations 0001, 0002, 0008, 0009)
OLD_COLUMNS = [("call_no", "int4"), ("point_no", "int2"), ("flags", "int2"), ("start_ns", "int8"), ("rtt_ns", "int8"),
               ("request_bytes", "int4"), ("response_bytes", "int4"), ("thread", "int2"), ("server_recv_ns", "int8"),
               ("server_send_ns", "int8"), ("retransmits", "int2"), ("send_lag_ns", "int8")]
assert tuple(name for name, _ in OLD_COLUMNS) == call_store.CALL_FIELDS


def upgrade() -> None:
    op.create_table(
        "call_blocks",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("call_lo", sa.Integer, nullable=False),
        sa.Column("call_hi", sa.Integer, nullable=False),
        sa.Column("n_calls", sa.Integer, nullable=False),
        sa.Column("start_min", sa.BigInteger, nullable=False),
        sa.Column("start_lo", sa.BigInteger, nullable=False),
        sa.Column("data", BYTEA, nullable=False),
    )
    # the blocks are zstd already: PostgreSQL's own compression would only spend time finding that out
    op.execute("ALTER TABLE call_blocks ALTER COLUMN data SET STORAGE EXTERNAL")
    op.create_index("ix_call_blocks_run_call", "call_blocks", ["run_id", "call_lo"])
    raw = op.get_bind().connection.driver_connection
    with raw.cursor() as cur:
        # a block's worth of calls at a time, read packed server-side (memory stays at a block)
        cur.execute(f"SELECT DISTINCT run_id, call_no / {call_store.BLOCK_CALLS} FROM calls ORDER BY 1, 2")
        for run_id, chunk in cur.fetchall():
            first = chunk * call_store.BLOCK_CALLS
            calls = read_int64_columns(cur, "calls WHERE run_id = %s AND call_no >= %s AND call_no < %s", OLD_COLUMNS,
                                       (run_id, first, first + call_store.BLOCK_CALLS))
            call_store.write_calls(cur, run_id, calls)
    op.drop_table("calls")


def downgrade() -> None:
    types = {"int2": sa.SmallInteger, "int4": sa.Integer, "int8": sa.BigInteger}
    # as migrations 0001, 0004, 0008 and 0009 left it: the later columns with their defaults
    late = {"thread", "server_recv_ns", "server_send_ns", "retransmits", "send_lag_ns"}
    op.create_table("calls", sa.Column("run_id", sa.Integer, nullable=False),
                    *(sa.Column(name, types[t], nullable=False, **({"server_default": "0"} if name in late else {}))
                      for name, t in OLD_COLUMNS),
                    sa.PrimaryKeyConstraint("run_id", "call_no", name="pk_calls"))
    raw = op.get_bind().connection.driver_connection
    names = ", ".join(name for name, _ in OLD_COLUMNS)
    with raw.cursor(name="call_blocks_down") as blocks, raw.cursor() as out:
        blocks.execute("SELECT run_id, data FROM call_blocks ORDER BY run_id, call_lo, id", binary=True)
        while chunk := blocks.fetchmany(16):
            for run_id, data in chunk:
                calls = call_store.decode_block(bytes(data))
                with out.copy(f"COPY calls (run_id, {names}) FROM STDIN (FORMAT BINARY)") as cp:
                    cp.write(binary_copy_payload([("run_id", "int4", np.full(len(calls["call_no"]), run_id))] +
                                                 [(name, t, calls[name]) for name, t in OLD_COLUMNS]))
    op.drop_table("call_blocks")
