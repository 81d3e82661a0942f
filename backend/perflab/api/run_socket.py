"""What the agents measured besides calls and steps: each side's probe clock and job results, and a
stream run's throughput per interval."""

from fastapi import APIRouter, HTTPException

from perflab.api.deps import SessionDep
from perflab.models import Run
from perflab.schemas.probe import RunProbe, RunThroughput
from perflab.services import probe as probe_service
from perflab.services import runs as run_service
from perflab.services.errors import NotFound

router = APIRouter(prefix="/runs", tags=["runs"])


def _run(s, run_id: int) -> Run:
    try:
        return run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e


@router.get("/{run_id}/probe", response_model=RunProbe)
def read_run_probe(run_id: int, s: SessionDep) -> RunProbe:
    return probe_service.of_run(s, _run(s, run_id).id)


@router.get("/{run_id}/throughput", response_model=RunThroughput)
def read_run_throughput(run_id: int, s: SessionDep) -> RunThroughput:
    run = _run(s, run_id)
    if run.kind != "stream":
        raise HTTPException(409, f"run {run_id} is a {run.kind} run; throughput is measured by stream runs")
    return probe_service.throughput(s, run)
