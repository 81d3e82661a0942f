"""The link a run uses: checked and applied at launch (before any job is queued) and recorded with the run."""

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.links import lab
from perflab.links.detect import detected, unavailable_reason
from perflab.links.netns import LinkError
from perflab.links.profiles import LinkProfile, ProfileError, load
from perflab.models import Agent, Run, RunStatus
from perflab.services.errors import FieldError

FIELD = "link_profile"
LINK_LOCK = 0x6C696E6B  # advisory lock: one launch at a time reshapes the lab's link


class LinkFieldError(FieldError):
    """The request is well formed but this lab cannot run it on that link: 400 naming link_profile."""

    status_code = 400

    def __init__(self, message: str):
        super().__init__(FIELD, message)


def profiles_with_availability(settings: Settings) -> list[dict]:
    profiles = load(settings.state)
    no_link = lab_unavailable_reason(settings)
    found = detected()
    out = []
    for p in profiles.values():
        reason = unavailable_reason(p.needs, found)
        if reason is None and p.name != "loopback" and no_link:
            reason = no_link
        out.append({**p.as_dict(), "available": reason is None, "unavailable_reason": reason})
    return out


def lab_unavailable_reason(settings: Settings) -> str | None:
    if lab.read_state(settings.state) is None:
        return ("this lab has no emulated link: `make up` as root puts local-a and local-b in namespaces; "
                "here they run on loopback")
    return None


def _on_lab_link(state: dict | None, client: Agent, server: Agent) -> bool:
    if state is None:
        return False
    ends = state["agents"]
    return all(a.name in ends and ends[a.name]["address"] == a.address for a in (client, server)) \
        and client.name != server.name


def _agent_paths(client: Agent, server: Agent) -> dict:
    """What real agents report of their network (agents/src/wire/netinfo.c), for runs off the lab's link."""
    return {role: (a.capabilities or {}).get("net") for role, a in (("client", client), ("server", server))}


def choose_link(s: Session, settings: Settings, name: str, client: Agent, server: Agent) -> dict:
    try:
        profiles = load(settings.state)
    except ProfileError as e:
        raise LinkFieldError(f"{FIELD}: the link profiles cannot be read: {e}") from e
    if name not in profiles:
        raise LinkFieldError(f"{FIELD} must be one of {', '.join(profiles)} (got {name!r})")
    profile: LinkProfile = profiles[name]
    reason = unavailable_reason(profile.needs, detected())
    if reason:
        raise LinkFieldError(f"{FIELD}: {name} is unavailable on this lab: {reason}")
    state = lab.read_state(settings.state)
    if not _on_lab_link(state, client, server):
        if name == "loopback":  # no emulation asked for: the agents' own network, as they report it
            return {"profile": name, "emulated": False, "paths": _agent_paths(client, server)}
        raise LinkFieldError(
            f"{FIELD}: {name} needs the client and the server to be local-a and local-b on the lab's emulated "
            f"link; {client.name} and {server.name} are not" + (f" ({lab_unavailable_reason(settings)})"
                                                                 if state is None else ""))
    s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LINK_LOCK})
    sharing = None
    for other in s.scalars(select(Run).where(Run.status.in_([RunStatus.queued.value, RunStatus.running.value]))):
        if not (other.link or {}).get("emulated"):
            continue
        if other.link.get("profile") != name:
            raise LinkFieldError(f"{FIELD}: the lab's link is busy with {other.link['profile']} for run "
                                 f"{other.id} ({other.status}); launch {name} when it has finished")
        sharing = other
    if sharing is not None:  # already shaped so: re-creating the qdiscs or probing would disturb that run
        return {**sharing.link, "shared_with_run": sharing.id}
    try:
        measured = lab.apply(settings.state, profile)
    except LinkError as e:
        raise LinkFieldError(f"{FIELD}: could not shape the link as {name}: {e}") from e
    requested = {k: v for k, v in profile.as_dict().items() if k not in ("name", "source")}
    warnings = [f"{name} asks for more than the link process gives on this machine: {profile.fidelity}"] \
        if profile.over_ceiling else []
    return {**measured, "profile": name, "requested": requested, "warnings": warnings}
