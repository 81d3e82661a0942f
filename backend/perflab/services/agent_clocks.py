"""The latest clock fit between every pair of agents that have run together: the `clock` analysis of their most
recently finished run (either direction), seen from each of the two agents."""

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import distinct_on
from sqlalchemy.orm import Session

from perflab.models import Agent, Run
from perflab.models.trace import Analysis


def share_clock(a: Agent | None, b: Agent | None) -> bool:
    """Both agents read one machine's clock (same host, same clock id): the true offset is 0 and the drift 0,
    whatever a fit says. The one rule every view uses (analyses, exports, the Agents page)."""
    return bool(a and b and a.host == b.host and a.clock_id == b.clock_id)


def _towards(fit: dict, as_client: bool) -> tuple[float, float]:
    """Peer clock minus this agent's clock (ns) and the peer's drift against it (ppm). The fit is the server's
    clock as a line of the client's, server = client·(1 + k) + offset; seen from the server the peer's line is
    client = (server − offset) / (1 + k): offset −offset, drift −k / (1 + k)."""
    offset, ppm = float(fit["offset_ns"]), float(fit["drift_ppm"])
    if as_client:
        return offset, ppm
    return -offset, -ppm / (1.0 + ppm * 1e-6)


def latest_per_pair(s: Session, agent_id: int | None = None) -> list[dict]:
    """One entry per agent with its peers (newest fit first); agents without a fitted run have no peers."""
    lo = func.least(Run.client_agent_id, Run.server_agent_id)
    hi = func.greatest(Run.client_agent_id, Run.server_agent_id)
    q = (select(Run, Analysis.result, Analysis.computed_at)
         .join(Analysis, (Analysis.run_id == Run.id) & (Analysis.kind == "clock"))
         .where(Analysis.result["available"].as_boolean().is_(True), Run.client_agent_id != Run.server_agent_id)
         .ext(distinct_on(lo, hi))
         .order_by(lo, hi, Run.finished_at.desc().nulls_last(), Run.id.desc()))
    if agent_id is not None:
        q = q.where((Run.client_agent_id == agent_id) | (Run.server_agent_id == agent_id))
    agents = {a.id: a for a in s.scalars(select(Agent).order_by(Agent.name))}
    peers: dict[int, list[dict]] = {a: [] for a in agents}
    for run, fit, computed_at in s.execute(q):
        for me, peer, as_client in ((run.client_agent_id, run.server_agent_id, True),
                                    (run.server_agent_id, run.client_agent_id, False)):
            same = bool(fit.get("same_clock", False)) or share_clock(agents.get(me), agents.get(peer))
            # one clock: offset and drift are 0; a fit stored before the analysis said so keeps its values only
            # as the method's own error (fit_*)
            raw = {"offset_ns": fit.get("fit_offset_ns", fit["offset_ns"]),
                   "drift_ppm": fit.get("fit_drift_ppm", fit["drift_ppm"])}
            fit_offset, fit_drift = _towards(raw, as_client)
            offset, drift = (0.0, 0.0) if same else (fit_offset, fit_drift)
            measured_at: datetime = run.finished_at or computed_at
            peers[me].append({
                "peer_id": peer, "peer_name": agents[peer].name, "role": "client" if as_client else "server",
                "offset_ns": offset, "drift_ppm": drift, "error_bound_ns": float(fit["error_bound_ns"]),
                "fit_offset_ns": fit_offset, "fit_drift_ppm": fit_drift,
                "same_clock": same, "source": fit.get("source", ""),
                "calls": int(fit.get("calls", 0)), "run_id": run.id, "run_name": run.name, "measured_at": measured_at,
            })
    out = []
    for a in agents.values():
        if agent_id is not None and a.id != agent_id:
            continue
        out.append({"agent_id": a.id, "agent_name": a.name,
                    "peers": sorted(peers[a.id], key=lambda p: p["measured_at"], reverse=True)})
    return out
