"""What the report view needs beyond the run page's own endpoints: both agents in full, probe cost (jobs.probe,
both sides), clock alignment (the `clock` analysis, as the trace applies it, and the agents' clock exchange), the
run's link profile and measured link, anomaly notes and which analyses and tables exist for the run."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.analysis.clock_fit import fit
from perflab.models import Agent, Analysis, Run
from perflab.services import probe as probe_service
from perflab.services import results
from perflab.services.analyses import clock_of
from perflab.services.exports.clock import from_analysis
from perflab.services.exports.notes import notes_for
from perflab.services.exports.registry import TableUnavailable, all_tables

# capability keys an agent may report about its machine, shown first on the report's cover when present
ENVIRONMENT_KEYS = ("kernel", "os", "cpu", "cpu_model", "cpus", "nic", "nics", "clock", "clocksource")


def _environment(caps: dict) -> dict:
    """The machine as the agent describes it: kernel, CPU clock, NICs (agents/src/wire/netinfo.c), kernel stamps."""
    env = {k: caps[k] for k in ENVIRONMENT_KEYS if k in caps}
    probe = caps.get("probe_clock")
    if isinstance(probe, dict) and probe.get("why"):
        env["cpu clock"] = probe["why"]
    net = caps.get("net")
    if isinstance(net, dict):
        adv = net.get("advertised") or {}
        if adv.get("interface"):
            env["advertised NIC"] = f"{adv['interface']} (MTU {adv.get('mtu', '?')})"
        nics = [f"{n.get('name')} MTU {n.get('mtu')} {n.get('operstate', '')}".strip()
                for n in net.get("interfaces") or [] if isinstance(n, dict)]
        if nics:
            env["NICs"] = ", ".join(nics)
    stamps = caps.get("kernel_timestamps")
    if isinstance(stamps, dict) and stamps.get("detail"):
        env["kernel timestamps"] = stamps["detail"]
    return env


def _agent(a: Agent, role: str) -> dict:
    caps = a.capabilities or {}
    probe = caps.get("probe_cost_ns")
    return {"role": role, "id": a.id, "name": a.name, "host": a.host, "address": a.address, "version": a.version,
            "clock_id": a.clock_id, "capabilities": caps, "environment": _environment(caps),
            "probe_cost_ns": probe if isinstance(probe, (int, float)) else None}


def available_tables(s: Session, run: Run) -> list[dict]:
    out = []
    for t in all_tables():
        try:
            if not t.always_available:
                t.prepare(s, run)
            out.append({"name": t.name, "description": t.description, "available": True, "reason": None})
        except TableUnavailable as e:
            out.append({"name": t.name, "description": t.description, "available": False, "reason": str(e)})
    return out


def _clock_exchange(probe) -> dict | None:
    """The agents' clock exchange (GET /api/runs/{id}/clock), when the client reported one."""
    rounds = (probe.results.get("client") or {}).get("clock_exchange") or {}
    result = fit(rounds.get("start", []), rounds.get("end", []))
    return result.as_dict() if result is not None else None


def report_data(s: Session, run: Run) -> dict:
    summary = results.summary(s, run)
    probe = probe_service.of_run(s, run.id)
    clock_analysis = clock_of(s, run)
    kinds = list(s.scalars(select(Analysis.kind).where(Analysis.run_id == run.id).order_by(Analysis.kind)))
    return {
        "run_id": run.id,
        "agents": [_agent(s.get(Agent, run.client_agent_id), "client"),
                   _agent(s.get(Agent, run.server_agent_id), "server")],
        "clock": from_analysis(clock_analysis).as_dict(),
        "probe": {"client": probe.client.model_dump() if probe.client else None,
                  "server": probe.server.model_dump() if probe.server else None},
        "clock_analysis": clock_analysis,
        "clock_exchange": _clock_exchange(probe),
        "link": run.link or {},
        "notes": notes_for(s, run, summary),
        "analyses": kinds,
        "tables": available_tables(s, run),
    }
