from fastapi import APIRouter
from sqlalchemy import text

from perflab import __version__
from perflab.api.deps import DbDep
from perflab.schemas.lab_info import Health

router = APIRouter(tags=["health"])


@router.get("/health", response_model=Health)
def read_health(db: DbDep) -> dict:
    with db.session() as s:
        s.execute(text("SELECT 1"))
    return {"status": "ok", "database": "ok", "version": __version__}
