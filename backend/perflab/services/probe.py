"""What agents report about a job besides its calls: the probe cost sent with every status, the
job-level result sent at the end (stream totals, clock exchange rounds), and the stream throughput
computed from a stream run's interval records."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.models import Job, Run
from perflab.schemas.probe import ProbeCost, RunProbe, RunThroughput
from perflab.services import call_store


def store(s: Session, job_id: int, probe: ProbeCost | None, result: dict | None) -> None:
    """Keep the latest report (the job row is already locked and checked by report_status)."""
    job = s.get(Job, job_id)
    if job is None:
        return
    if probe is not None:
        job.probe = probe.model_dump()
    if result is not None:
        job.result = result
        if job.role == "client" and isinstance(result.get("path"), dict):
            _record_path(s, job.run_id, result["path"])


def _record_path(s: Session, run_id: int, path: dict) -> None:
    """The interface the client's traffic really took (agents/src/wire/netinfo.c), kept with the run's link so runs on
    real networks carry the same metadata as runs on the lab's emulated link."""
    run = s.get(Run, run_id)
    if run is not None:
        run.link = {**(run.link or {}), "path": {k: path[k] for k in ("peer", "interface", "mtu", "speed_mbps")
                                                 if k in path}}


def of_run(s: Session, run_id: int) -> RunProbe:
    jobs = {j.role: j for j in s.scalars(select(Job).where(Job.run_id == run_id))}
    return RunProbe(**{side: jobs[side].probe if side in jobs else None for side in ("client", "server")},
                    results={side: j.result for side, j in jobs.items() if j.result})


def throughput(s: Session, run: Run) -> RunThroughput:
    """Per interval bytes / duration; the mean is total bytes over total time, not a mean of rates."""
    with call_store.cursor(s) as cur:
        calls = call_store.read_calls(cur, run.id, fields=("start_ns", "rtt_ns", "request_bytes"))
    start, duration, nbytes = (calls[k].tolist() for k in ("start_ns", "rtt_ns", "request_bytes"))
    rate = [b * 1e9 / d if d > 0 else 0.0 for b, d in zip(nbytes, duration)]
    total_ns = sum(duration)
    client = s.scalars(select(Job).where(Job.run_id == run.id, Job.role == "client")).first()
    totals = ((client.result or {}).get("stream") if client else None) or {}
    received = totals.get("received_bytes")
    recv_ns = totals.get("receiver_duration_ns")
    return RunThroughput(
        start_ns=start, duration_ns=duration, bytes=nbytes, bytes_per_s=rate,
        sent_bytes=sum(nbytes), mean_bytes_per_s=sum(nbytes) * 1e9 / total_ns if total_ns else None,
        received_bytes=received,
        receiver_bytes_per_s=received * 1e9 / recv_ns if received is not None and recv_ns else None)
