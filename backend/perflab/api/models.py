"""Stateless model questions: packet counts and jumps, MVA (one population or a sweep), simulation, what-if.
Nothing is stored; answers come back at once so the UI's sliders can redraw."""

import numpy as np
from fastapi import APIRouter, HTTPException

from perflab.api.access import VIEWER
from perflab.analysis import mva
from perflab.analysis.packet_model import PacketParams, count, jumps
from perflab.analysis.simulate import simulate
from perflab.analysis.whatif import what_if
from perflab.api.deps import SessionDep
from perflab.schemas.analysis import MvaIn, NetworkIn, PacketModelIn, PacketModelOut, SimulateIn, SweepIn, WhatIfIn
from perflab.schemas.model_answers import MvaOut, MvaSweepOut, SimulateOut, WhatIfOut
from perflab.services import analyses as analyses_service
from perflab.services import runs as run_service
from perflab.services.errors import FieldError, NotFound

router = APIRouter(prefix="/models", tags=["models"], dependencies=VIEWER)


@router.post("/packets", response_model=PacketModelOut)
def packet_model(body: PacketModelIn) -> PacketModelOut:
    try:
        p = PacketParams(body.rpc_header_bytes, body.data_per_rpc_packet, body.udp_header_bytes, body.ip_header_bytes,
                         body.mtu_bytes)
    except ValueError as e:
        raise FieldError("mtu_bytes", str(e)) from e
    counts = [count(s, p).__dict__ for s in body.sizes]
    return PacketModelOut(counts=counts, jumps=[j.__dict__ for j in jumps(body.jumps_up_to, p)])


def _network(body: NetworkIn) -> mva.Network:
    return mva.Network.build([st.name for st in body.stations], [st.kind for st in body.stations],
                             np.array([st.demands for st in body.stations]).T, [c.think for c in body.classes],
                             np.array([st.phase2 or [0.0] * len(body.classes) for st in body.stations]).T,
                             [c.name or f"class{i}" for i, c in enumerate(body.classes)],
                             [st.servers for st in body.stations])


@router.post("/mva", response_model=MvaOut)
def solve_mva(body: MvaIn) -> dict:
    net = _network(body)
    pop = [c.population for c in body.classes]
    try:
        r = mva.exact(net, pop) if body.method == "exact" else mva.schweitzer(net, pop)
    except ValueError as e:  # too large a population for exact MVA with c-server stations
        raise FieldError("classes.population", f"classes.population: {e}") from e
    return {"method": body.method, **r.as_dict(net)}


@router.post("/mva/sweep", response_model=MvaSweepOut)
def sweep_mva(body: SweepIn) -> dict:
    return {"method": body.method, "rows": mva.sweep(_network(body), body.threads, body.thinks, body.method)}


@router.post("/simulate", response_model=SimulateOut)
def run_simulation(body: SimulateIn) -> dict:
    """The simulation beside exact MVA of the same network, with % difference per class."""
    net = _network(body)
    pop = [c.population for c in body.classes]
    sim = simulate(net, pop, body.horizon, body.warmup, body.seed, body.service)
    try:
        model = mva.exact(net, pop) if np.prod(np.array(pop) + 1) <= 200_000 else mva.schweitzer(net, pop)
    except ValueError:  # exact MVA with c-server stations is for small populations
        model = mva.schweitzer(net, pop)
    diff = [(s - m) * 100.0 / m if m else None for s, m in zip(sim.response, model.response.tolist())]
    return {"simulation": sim.as_dict(), "mva_response": model.response.tolist(), "percent_difference": diff}


@router.post("/whatif", response_model=WhatIfOut)
def whatif(body: WhatIfIn, s: SessionDep) -> dict:
    segments, demands = body.segments, body.demands
    if body.run_id is not None:
        try:
            run = run_service.get_run(s, body.run_id)
        except NotFound as e:
            raise FieldError("run_id", f"run_id: {e}") from e
        rtp = analyses_service.stored(s, run, "rtp")
        if rtp is None:
            raise HTTPException(409, f"run {run.id} has no round-trip path yet (status {run.status})")
        point = next((p for p in rtp["points"] if p["point_no"] == body.point_no), None)
        if point is None:
            have = [p["point_no"] for p in rtp["points"]]
            raise FieldError("point_no", f"point_no must be one of {have} (got {body.point_no})")
        segments = point["segments"]
        if body.threads and body.demands is None:
            stored = analyses_service.stored(s, run, "demands") or {}
            mine = next((p for p in stored.get("points", []) if p["point_no"] == body.point_no), None)
            demands = mine["demands"] if mine else None
            # the server CPU with the executors the stored model used (model_vs_measured: server_cpu_servers)
            pool = (analyses_service.stored(s, run, "model_vs_measured") or {}).get("server_cpu_servers") or {}
            demands = [{**d, "servers": pool.get("servers", 1)} if d.get("device") == "server_cpu" else d
                       for d in demands or []] or None
    for i, seg in enumerate(segments):
        if not {"name", "kind", "mean_on_path_ns"} <= set(seg):
            raise FieldError("segments", f"segments[{i}] needs name, kind and mean_on_path_ns")
    for i, d in enumerate(demands or []):
        if not {"device", "kind", "total_ns", "phase2_ns"} <= set(d) or d["kind"] not in ("queue", "delay"):
            raise FieldError("demands", f"demands[{i}] needs device, kind (queue|delay), total_ns and phase2_ns")
        c = d.get("servers", 1)
        if not isinstance(c, int) or isinstance(c, bool) or not 1 <= c <= 1024:
            raise FieldError("demands", f"demands[{i}].servers must be an integer between 1 and 1024 (got {c!r})")
    try:
        return what_if(segments, body.scales, body.think_ns, demands, body.threads).as_dict()
    except ValueError as e:
        raise FieldError("demands", f"demands: {e}") from e
