"""Studies across runs (services/studies.py): GET /api/studies/rpc-vs-sockets?runs=1,2,3,4."""

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel

from perflab.api.access import VIEWER
from perflab.api.deps import SessionDep
from perflab.services import studies
from perflab.services.errors import FieldError, NotFound

router = APIRouter(prefix="/studies", tags=["studies"], dependencies=VIEWER)


class StudyRow(BaseModel):
    run_id: int
    link_profile: str
    transport: str
    request_bytes: int
    threads: int
    calls: int
    mean_ms: float
    median_ms: float


class Crossover(BaseModel):
    link_profile: str
    threads: int
    sizes: int  # request sizes both transports ran
    crossover_kb: float | None  # None: UDP RPC not faster at the largest size
    udp_faster_kb: list[float]  # every size at which UDP RPC's mean was below TCP's
    statement: str


class RpcVsSockets(BaseModel):
    rows: list[StudyRow]
    crossovers: list[Crossover]


@router.get("/rpc-vs-sockets", response_model=RpcVsSockets)
def rpc_vs_sockets(s: SessionDep, runs: str = Query(..., max_length=200, pattern=r"^\d{1,9}(,\d{1,9})*$",
                                                     description="run ids, comma-separated")) -> dict:
    try:
        return studies.rpc_vs_sockets(s, [int(x) for x in runs.split(",")])
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    except FieldError as e:
        raise HTTPException(422, [{"loc": ["query", "runs"], "msg": str(e), "type": "value_error"}]) from e
