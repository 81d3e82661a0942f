"""Trace batch ingest: validate everything first, then one transaction of batch row + COPY of calls and of the
steps' compressed blocks (services/step_store.py)."""

from dataclasses import dataclass

import numpy as np
import psycopg
from sqlalchemy import bindparam, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from perflab.core.db import Database
from perflab.kinds import kind_of
from perflab.models import Batch, Job, Run
from perflab.services.batch_format import Batch as DecodedBatch, BatchError, check_against_run, decode
from perflab.services import live_calls
from perflab.services import step_store
from perflab.services.pg_copy import binary_copy_payload


class UnknownJob(LookupError):
    pass


def call_no_limit(params: dict | None, calls_total: int) -> int:
    """A run's call numbers are below it: an RPC run with rounds keeps room for every point's last round (its
    calls_total shrinks to the calls made when the client is done, while the server's last steps may still come)."""
    return int((params or {}).get("call_no_limit") or calls_total)


@dataclass(frozen=True)
class IngestResult:
    stored: bool
    seq: int
    calls: int
    steps: int
    live_run_id: int | None = None  # a run whose live window got an event: trim it once the batch is acknowledged


# the job and its run in one round trip: ingest's only read before the rows
JOB_AND_RUN = (select(Job.agent_id, Job.role, Run.id, Run.kind, Run.params, Run.calls_total)
               .join(Run, Run.id == Job.run_id).where(Job.id == bindparam("job_id")))


def ingest_batch(db: Database, agent_id: int, job_id: int, body: bytes) -> IngestResult:
    batch = decode(body)  # BatchError → 400, before anything touches the database
    if batch.job_id != job_id:
        raise BatchError(f"job_id in the header ({batch.job_id}) must match the URL ({job_id})")
    try:
        with db.ingest_session() as s:
            found = s.execute(JOB_AND_RUN, {"job_id": job_id}).first()
            if found is None or found.agent_id != agent_id:
                raise UnknownJob(f"job {job_id} is not a job of this agent")
            run_id = found.id
            check_against_run(batch, call_no_limit(found.params, found.calls_total), found.role == "client")
            inserted = s.execute(
                insert(Batch).values(run_id=run_id, job_id=job_id, seq=batch.seq, n_calls=len(batch.calls),
                                     n_steps=len(batch.steps), last=batch.last)
                .on_conflict_do_nothing(constraint="uq_batches_job_seq").returning(Batch.id)
            ).first()
            if inserted is None:
                return IngestResult(stored=False, seq=batch.seq, calls=0, steps=0)
            _copy_rows(s, run_id, batch)
            live = False
            if len(batch.calls):  # the run's row stays locked to the commit: same-run events in commit order
                s.execute(update(Run).where(Run.id == run_id).values(calls_done=Run.calls_done + len(batch.calls)))
                # the live event in the batch's transaction (services/live_calls.py says why)
                if kind_of(found.kind).live_calls:
                    origin = live_calls.live_origin_ns(s, run_id)
                    live = live_calls.add_event(s, run_id, origin, batch.calls) is not None
    except (IntegrityError, psycopg.errors.IntegrityError) as e:  # COPY runs on the raw psycopg connection
        raise BatchError(f"batch {batch.seq} repeats calls already stored for this run") from e
    return IngestResult(stored=True, seq=batch.seq, calls=len(batch.calls), steps=len(batch.steps),
                        live_run_id=run_id if live else None)


RETRANSMITS_MAX = 32767  # calls.retransmits is a SMALLINT
CALLS_COPY = ("COPY calls (run_id, call_no, point_no, flags, start_ns, rtt_ns, request_bytes, response_bytes, "
              "thread, server_recv_ns, server_send_ns, retransmits, send_lag_ns) FROM STDIN (FORMAT BINARY)")


def copy_payloads(run_id: int, batch: DecodedBatch) -> list[tuple[str, bytes | bytearray]]:
    """The batch's rows as (COPY statement, binary stream): its calls, then its steps' compressed blocks; none
    for an empty part."""
    copies = []
    calls = batch.calls
    if len(calls):
        copies.append((CALLS_COPY, binary_copy_payload([
            ("run_id", "int4", np.full(len(calls), run_id, dtype=np.int32)), ("call_no", "int4", calls["call_no"]),
            ("point_no", "int2", calls["point_no"]), ("flags", "int2", calls["flags"]),
            ("start_ns", "int8", calls["start_ns"]), ("rtt_ns", "int8", calls["end_ns"] - calls["start_ns"]),
            ("request_bytes", "int4", calls["request_bytes"]), ("response_bytes", "int4", calls["response_bytes"]),
            ("thread", "int2", calls["thread"]), ("server_recv_ns", "int8", calls["server_recv_ns"]),
            ("server_send_ns", "int8", calls["server_send_ns"]),
            # u16 on the wire, SMALLINT in the table: a count past 32767 is stored as 32767
            ("retransmits", "int2", np.minimum(calls["retransmits"], RETRANSMITS_MAX)),
            ("send_lag_ns", "int8", calls["send_lag_ns"]),
        ])))
    steps = batch.steps
    if len(steps):
        copies.append((step_store.COPY_BLOCKS, step_store.copy_payload(run_id, step_store.block_rows(steps))))
    return copies


def write_copies(cursor: psycopg.Cursor, copies: list[tuple[str, bytes | bytearray]]) -> None:
    """Runs the COPYs on a psycopg cursor, in the caller's transaction (bench/ingest_steps_per_s.py times this
    alone as the limit the HTTP ingest stands against)."""
    for statement, payload in copies:
        with cursor.copy(statement) as cp:
            cp.write(payload)


def _copy_rows(s: Session, run_id: int, batch: DecodedBatch) -> None:
    copies = copy_payloads(run_id, batch)
    with s.connection().connection.driver_connection.cursor() as cur:
        write_copies(cur, copies)
