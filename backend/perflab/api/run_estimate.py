"""How long a run will take (services/run_estimate.py): before launch for the launch form, and for a run that is
going, per point, so the run page can weigh its progress by time rather than by calls."""

from fastapi import APIRouter, HTTPException

from perflab.api.access import VIEWER
from perflab.api.deps import RunId, SessionDep, SettingsDep
from perflab.links.profiles import ProfileError, load
from perflab.kinds import AnyRunCreate, estimate, kind_of
from perflab.services import run_estimate
from perflab.services import runs as run_service
from perflab.services.errors import NotFound
from perflab.schemas.lab_info import RunEstimate

router = APIRouter(prefix="/runs", tags=["runs"], dependencies=VIEWER)


def _answer(kind: str, params: dict, link: run_estimate.Link, profile: str) -> dict:
    guess = estimate(kind, params, link)
    return {**guess, "timeout_s": run_estimate.timeout_s(guess["seconds"]), "link_profile": profile}


@router.post("/estimate", response_model=RunEstimate)
def estimate_launch(body: AnyRunCreate, settings: SettingsDep) -> dict:
    """The estimate of a launch body (the same body as POST /api/runs; nothing is launched): seconds in all,
    the run's start and each point's seconds in the order the points run, including any base point the lab adds."""
    name = getattr(body, "link_profile", "loopback")
    try:
        profile = load(settings.state).get(name)
    except ProfileError as e:
        raise HTTPException(500, f"link profiles: {e}") from e
    link = run_estimate.Link.of(profile.as_dict() if profile else None)
    return _answer(body.kind, kind_of(body.kind).estimate_params(body, link), link, name)


@router.get("/{run_id}/estimate", response_model=RunEstimate)
def estimate_run(run_id: RunId, s: SessionDep) -> dict:
    """The same for a launched run, from its stored parameters and the link as the lab applied it."""
    try:
        run = run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    link = run.link or {}
    return _answer(run.kind, run.params, run_estimate.Link.of(link), link.get("profile", "loopback"))
