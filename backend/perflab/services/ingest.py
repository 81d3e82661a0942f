"""Trace batch ingest: validate everything first, then one transaction of batch row + COPY of the calls' and the
steps' compressed blocks (services/call_store.py, services/step_store.py)."""

from dataclasses import dataclass

import numpy as np
import psycopg
from sqlalchemy import bindparam, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError

from perflab.core.db import Database
from perflab.kinds import kind_of
from perflab.models import Batch, Job, Run
from perflab.services.batch_format import Batch as DecodedBatch, BatchError, check_against_run, decode
from perflab.services import call_store, live_calls, step_store


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
            live = False
            copies = copy_payloads(run_id, batch)  # encoded before the run's row is locked: not while it is held
            if len(batch.calls):  # the run's row stays locked to the commit: same-run events in commit order, and
                # no other batch of the run stores calls between the check for repeated calls and this one's
                s.execute(update(Run).where(Run.id == run_id).values(calls_done=Run.calls_done + len(batch.calls)))
            with call_store.cursor(s) as cur:
                call_store.check_new(cur, run_id, batch.calls["call_no"])
                write_copies(cur, copies)
            # the live event in the batch's transaction (services/live_calls.py says why)
            if len(batch.calls) and kind_of(found.kind).live_calls:
                origin = live_calls.live_origin_ns(s, run_id)
                live = live_calls.add_event(s, run_id, origin, batch.calls) is not None
    except (IntegrityError, psycopg.errors.IntegrityError, call_store.DuplicateCalls) as e:
        raise BatchError(f"batch {batch.seq} repeats calls already stored for this run") from e
    return IngestResult(stored=True, seq=batch.seq, calls=len(batch.calls), steps=len(batch.steps),
                        live_run_id=run_id if live else None)


def calls_columns(calls: np.ndarray) -> dict[str, np.ndarray]:
    """A batch's call records as call_store's columns."""
    cols = {k: calls[k] for k in call_store.CALL_FIELDS if k != "rtt_ns"}
    cols["rtt_ns"] = calls["end_ns"].astype(np.int64) - calls["start_ns"]
    return cols


def copy_payloads(run_id: int, batch: DecodedBatch) -> list[tuple[str, bytes | bytearray]]:
    """The batch's rows as (COPY statement, binary stream): its calls' block, then its steps' blocks; none for an
    empty part."""
    copies = []
    if len(batch.calls):
        rows = call_store.block_rows(calls_columns(batch.calls))
        copies.append((call_store.COPY_BLOCKS, call_store.copy_payload(run_id, rows)))
    if len(batch.steps):
        copies.append((step_store.COPY_BLOCKS, step_store.copy_payload(run_id, step_store.block_rows(batch.steps))))
    return copies


def write_copies(cursor: psycopg.Cursor, copies: list[tuple[str, bytes | bytearray]]) -> None:
    """Runs the COPYs on a psycopg cursor, in the caller's transaction (bench/ingest_steps_per_s.py times this
    alone as the limit the HTTP ingest stands against)."""
    for statement, payload in copies:
        with cursor.copy(statement) as cp:
            cp.write(payload)
