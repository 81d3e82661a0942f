"""Stores the probe cost agents send with job statuses and reads it back per run."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.models import Job
from perflab.schemas.probe import ProbeCost, RunProbe


def store(s: Session, job_id: int, probe: ProbeCost | None) -> None:
    """Keep the latest report (the job row is already locked and checked by report_status)."""
    if probe is None:
        return
    job = s.get(Job, job_id)
    if job is not None:
        job.probe = probe.model_dump()


def of_run(s: Session, run_id: int) -> RunProbe:
    sides = {j.role: j.probe for j in s.scalars(select(Job).where(Job.run_id == run_id))}
    return RunProbe(client=sides.get("client"), server=sides.get("server"))
