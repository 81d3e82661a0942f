"""A run's probe clocks: what one step probe cost on each agent that measured it."""

from fastapi import APIRouter, HTTPException

from perflab.api.deps import SessionDep
from perflab.schemas.probe import RunProbe
from perflab.services import probe as probe_service
from perflab.services import runs as run_service
from perflab.services.errors import NotFound

router = APIRouter(prefix="/runs", tags=["runs"])


@router.get("/{run_id}/probe", response_model=RunProbe)
def get_run_probe(run_id: int, s: SessionDep) -> RunProbe:
    try:
        run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    return probe_service.of_run(s, run_id)
