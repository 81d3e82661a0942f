"""steps stored as compressed blocks: table step_blocks (services/step_store.py, docs/scale.md) replaces the row
per step of table steps; every stored run's steps move, a block per 65,536 steps, and back on downgrade

Revision ID: 0012_step_blocks
Revises: 0011_baseline_range
Create Date: 2026-11-29
"""
import numpy as np
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import BYTEA

from perflab.services import step_codec, step_store
from perflab.services.pg_copy import binary_copy_payload

revision = "0012_step_blocks"
down_revision = "0011_baseline_range"
branch_labels = None
depends_on = None

CHUNK_CALLS_SHIFT = 12  # the old rows are read 4,096 calls at a time, packed server-side (as services/pg_copy.py)
WIRE = np.dtype([("call_no", ">i4"), ("code", ">i2"), ("start_ns", ">i8"), ("end_ns", ">i8")])


def upgrade() -> None:
    op.create_table(
        "step_blocks",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("call_lo", sa.Integer, nullable=False),
        sa.Column("call_hi", sa.Integer, nullable=False),
        sa.Column("n_steps", sa.Integer, nullable=False),
        sa.Column("data", BYTEA, nullable=False),
    )
    # the blocks are zstd already: PostgreSQL's own compression would only spend time finding that out
    op.execute("ALTER TABLE step_blocks ALTER COLUMN data SET STORAGE EXTERNAL")
    op.create_index("ix_step_blocks_run_call", "step_blocks", ["run_id", "call_lo"])
    raw = op.get_bind().connection.driver_connection
    with raw.cursor() as runs:
        runs.execute("SELECT DISTINCT run_id FROM steps ORDER BY run_id")
        run_ids = [r for (r,) in runs.fetchall()]
    for run_id in run_ids:
        _move_run(raw, run_id)
    op.drop_table("steps")


def _move_run(raw, run_id: int) -> None:
    """One run's rows, read a chunk of calls at a time (a server-side cursor: memory stays at a chunk), stored
    as blocks of at most BLOCK_STEPS steps, each chunk's steps ordered by call, code, start."""
    sends = "int4send(call_no) || int2send(code) || int8send(start_ns) || int8send(end_ns)"
    pending: list[np.ndarray] = []
    held = 0
    with raw.cursor(name=f"move_steps_{run_id}") as cur, raw.cursor() as out:
        cur.execute(f"SELECT string_agg({sends}, ''::bytea ORDER BY call_no, code, start_ns) FROM steps "
                    f"WHERE run_id = %s GROUP BY call_no >> {CHUNK_CALLS_SHIFT} ORDER BY call_no >> "
                    f"{CHUNK_CALLS_SHIFT}", (run_id,), binary=True)
        while chunk := cur.fetchmany(16):
            for (blob,) in chunk:
                pending.append(np.frombuffer(bytes(blob), dtype=WIRE))
                held += len(pending[-1])
            if held >= step_store.BLOCK_STEPS:
                held = _flush(out, run_id, pending, final=False)
        _flush(out, run_id, pending, final=True)


def _flush(out, run_id: int, pending: list[np.ndarray], final: bool) -> int:
    """Write whole blocks from `pending` (the rest too when final); leaves the remainder in it."""
    rows = np.concatenate(pending) if pending else np.empty(0, WIRE)
    whole = len(rows) if final else len(rows) // step_store.BLOCK_STEPS * step_store.BLOCK_STEPS
    if whole:
        step_store.write_steps(out, run_id, {k: rows[k][:whole].astype(np.int64) for k in step_store.STEP_FIELDS})
    pending[:] = [rows[whole:]] if whole < len(rows) else []
    return len(rows) - whole


def downgrade() -> None:
    op.create_table(
        "steps",
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("call_no", sa.Integer, nullable=False),
        sa.Column("code", sa.SmallInteger, nullable=False),
        sa.Column("start_ns", sa.BigInteger, nullable=False),
        sa.Column("end_ns", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_steps_run_brin", "steps", ["run_id"], postgresql_using="brin")
    raw = op.get_bind().connection.driver_connection
    with raw.cursor(name="step_blocks_down") as blocks, raw.cursor() as out:
        blocks.execute("SELECT run_id, data FROM step_blocks ORDER BY id", binary=True)
        while chunk := blocks.fetchmany(16):
            for run_id, data in chunk:
                steps = step_codec.decode(bytes(data))
                with out.copy("COPY steps (run_id, call_no, code, start_ns, end_ns) FROM STDIN (FORMAT BINARY)") as cp:
                    cp.write(binary_copy_payload(
                        [("run_id", "int4", np.full(len(steps["call_no"]), run_id, dtype=np.int32)),
                         ("call_no", "int4", steps["call_no"]), ("code", "int2", steps["code"]),
                         ("start_ns", "int8", steps["start_ns"]), ("end_ns", "int8", steps["end_ns"])]))
    op.drop_table("step_blocks")
