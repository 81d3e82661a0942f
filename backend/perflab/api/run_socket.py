"""What the agents measured besides calls and steps: each side's probe clock and job results, and a
stream run's throughput per interval."""

from fastapi import APIRouter, HTTPException

from perflab.api.access import VIEWER
from perflab.api.deps import RunId, SessionDep
from perflab.kinds import kind_of
from perflab.models import Run
from perflab.analysis.clock_fit import fit
from perflab.schemas.probe import RunClock, RunProbe, RunThroughput
from perflab.services import probe as probe_service
from perflab.services import runs as run_service
from perflab.services.errors import NotFound

router = APIRouter(prefix="/runs", tags=["runs"], dependencies=VIEWER)


def _run(s, run_id: int) -> Run:
    try:
        return run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e


@router.get("/{run_id}/probe", response_model=RunProbe)
def read_run_probe(run_id: RunId, s: SessionDep) -> RunProbe:
    return probe_service.of_run(s, _run(s, run_id).id)


@router.get("/{run_id}/throughput", response_model=RunThroughput)
def read_run_throughput(run_id: RunId, s: SessionDep) -> RunThroughput:
    run = _run(s, run_id)
    if not kind_of(run.kind).throughput:
        raise HTTPException(409, f"run {run_id} is a {run.kind} run; throughput is measured by stream runs")
    return probe_service.throughput(s, run)


@router.get("/{run_id}/clock", response_model=RunClock)
def read_run_clock(run_id: RunId, s: SessionDep) -> dict:
    probe = probe_service.of_run(s, _run(s, run_id).id)
    rounds = probe.results.get("client", {}).get("clock_exchange") or {}
    result = fit(rounds.get("start", []), rounds.get("end", []))
    if result is None:
        raise HTTPException(404, f"run {run_id} has no clock exchange (yet): the client reports it when it ends")
    return result.as_dict()
