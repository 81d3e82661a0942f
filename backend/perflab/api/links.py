"""Link profiles and the lab's emulated link."""

from fastapi import APIRouter, HTTPException

from perflab.api.access import VIEWER
from perflab.api.deps import SettingsDep
from perflab.links import lab
from perflab.links.profiles import ProfileError
from perflab.services.run_links import lab_unavailable_reason, profiles_with_availability
from perflab.schemas.lab_info import LinkProfileOut, LinkStatus

router = APIRouter(prefix="/links", tags=["links"], dependencies=VIEWER)


@router.get("/profiles", response_model=list[LinkProfileOut])
def read_profiles(settings: SettingsDep) -> list[dict]:
    try:
        return profiles_with_availability(settings)
    except ProfileError as e:
        raise HTTPException(500, f"link profiles: {e}") from e


@router.get("/status", response_model=LinkStatus)
def read_status(settings: SettingsDep) -> dict:
    state = lab.read_state(settings.state)
    return {"emulated": state is not None, "reason": lab_unavailable_reason(settings),
            "applied_profile": lab.applied_profile(settings.state) if state else None,
            "agents": state["agents"] if state else {}}
