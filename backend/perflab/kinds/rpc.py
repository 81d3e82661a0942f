"""RPC runs: the DCE RPC runtime's sweeps, closed or open loop (a load sweep: a list of rates). Launching: sweep
lists expanded into points (cartesian product, one `points` row each), the params both agents get
(docs/protocol.md "RPC runs"), and the server job queued first as for ping-pong."""

import itertools
import secrets

from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.kinds.kind import Kind
from perflab.models import Run
from perflab.schemas.arrivals import check_arrival
from perflab.schemas.run_rpc import INJECT_SERIAL_STEPS, MAX_POINTS, MAX_RPC_CALLS_TOTAL, RpcRunCreate
from perflab.services import run_estimate
from perflab.services.agents import online_agent
from perflab.services.errors import FieldError
from perflab.services.queued_run import store_queued_run
from perflab.services.role_limits import check_calls_limit
from perflab.services.run_links import choose_link

RPC_HEADER_BYTES = 80  # fixed by the agent's wire format (agents/src/rpc/rpc_wire.h)


def rates(req: RpcRunCreate) -> list[float | None]:
    """The open-loop rates a sweep runs at: [None] (no rate dimension) in a closed loop."""
    return list(req.rate_calls_s) if req.arrival != "closed" and req.rate_calls_s else [None]


def expand_points(req: RpcRunCreate) -> list[dict]:
    """The last list varies fastest, as in the agent's command line (rpc_plan.c); an open loop's rate varies
    slowest (a load sweep: each rate's points together). A closed loop's points have no rate key, as before."""
    combos = itertools.product(rates(req), req.request_bytes, req.threads, req.think_time_us, req.protection,
                               req.cache)
    return [{"point_no": i, "request_bytes": b, "threads": t, "think_time_us": z, "protection": p, "cache": c}
            | ({"rate_calls_s": r} if r is not None else {})
            for i, (r, b, t, z, p, c) in enumerate(combos)]


def with_base_points(points: list[dict]) -> tuple[list[dict], list[int]]:
    """The model of a call kind (size, protection, cache) takes its demands from that kind's 1-thread point at the
    same think time (case study, section 4: the 1-thread, no-think point; issue 30, item 4: after an idle gap
    today's hosts pay a wake-up and cold caches, so each think time has a base of its own): a kind the sweep
    lacks one for gets it appended (after the sweep, so the requested points keep their numbers; the agent
    numbers points by their place in the list). Returns the points and the numbers of the added ones."""
    out = list(points)
    added = []
    kinds = dict.fromkeys((p["request_bytes"], p["protection"], p["cache"]) for p in points)
    thinks = sorted({0, *(p["think_time_us"] for p in points)})
    # an open-loop point is no base: its demands are taken under a schedule, the model's base runs back to back
    have = {(p["request_bytes"], p["protection"], p["cache"], p["think_time_us"]) for p in points
            if p["threads"] == 1 and not p.get("rate_calls_s")}
    for b, prot, cache in kinds:
        for z in thinks:
            if (b, prot, cache, z) not in have:
                added.append(len(out))
                out.append({"point_no": len(out), "request_bytes": b, "threads": 1, "think_time_us": z,
                            "protection": prot, "cache": cache})
    return out, added


def base_point_note(points: list[dict], added: list[int]) -> str:
    kinds = ", ".join(f"{points[i]['request_bytes']} B {points[i]['protection']} {points[i]['cache']} think "
                      f"{points[i]['think_time_us'] / 1000:g} ms" for i in added)
    return (f"added {len(added)} point{'s' if len(added) != 1 else ''} ({', '.join(map(str, added))}): the "
            f"1-thread base point{'s' if len(added) != 1 else ''} the model takes its demands from (one per call "
            f"kind and think time: a host's cost after an idle gap is its own, not an anomaly), which the sweep "
            f"lacked for {kinds}")


def with_injection(req: RpcRunCreate, points: list[dict], added: list[int]) -> tuple[list[dict], list[int]]:
    """A planted fault runs at every point with more than one caller (at every point with inject.at every): the
    1-thread points are the model's bases, which must measure the healthy system. serial is a server's; its step must be the server's (and delay's and
    lock's may be either side's)."""
    inj = req.inject
    if inj is None:
        return [{**p, "inject": False} for p in points], added
    # the agent's own rules (docs/protocol.md "RPC runs"), checked here so a launch fails before any job starts
    if inj.kind == "serial" and inj.step not in INJECT_SERIAL_STEPS:
        raise FieldError("inject.step", f"inject.step must be a step a call runs while it holds the server for kind "
                         f"serial ({', '.join(INJECT_SERIAL_STEPS)}; got {inj.step!r})")
    if inj.kind == "lock" and inj.step == "s.reply_wait":
        raise FieldError("inject.step", "inject.step cannot be s.reply_wait for kind lock: its executor waits there "
                         "for acks the listener delivers")
    if inj.kind == "delay" and inj.delay_us < 1:
        raise FieldError("inject.delay_us", f"inject.delay_us must be between 1 and 1000000 µs for kind delay "
                         f"(got {inj.delay_us})")
    if inj.at == "every":
        return [{**p, "inject": True} for p in points], added
    if not any(p["threads"] > 1 for p in points):
        raise FieldError("inject", "inject needs a point with more than one thread: the 1-thread points are the "
                         "model's bases and run without it (inject.at every puts it at every point)")
    return [{**p, "inject": p["threads"] > 1} for p in points], added


def inject_notes(req: RpcRunCreate, points: list[dict]) -> list[str]:
    inj = req.inject
    if inj is None:
        return []
    at = [p["point_no"] for p in points if p.get("inject")]
    what = {"delay": f"{inj.step} spins {inj.delay_us} µs more on {_every(inj.every)}",
            "lock": f"every caller holds one lock across {inj.step}, spinning {inj.delay_us} µs inside it on "
                    f"{_every(inj.every)}",
            "serial": f"the server serves one call at a time ({inj.step} spins {inj.delay_us} µs on "
                      f"{_every(inj.every)})"}[inj.kind]
    return [f"calibration: a planted fault ({inj.kind}): {what}, at the {len(at)} points with more than one "
            f"caller; the 1-thread points, the model's bases, run without it"]


def _every(k: int) -> str:
    return "every call" if k == 1 else f"every {k}th call"


def calls_total(req: RpcRunCreate, points: list[dict], rounds: int | None = None) -> int:
    """The calls of the run if every point ran `rounds` rounds (max_rounds when not given): each point's warm-up
    once, then `calls` per thread and round (agents/src/rpc/rpc_rounds.h)."""
    rounds = req.max_rounds if rounds is None else rounds
    return sum(p["threads"] * (req.warmup_calls + req.calls * rounds) for p in points)


def timeout_for(req: RpcRunCreate, points: list[dict], link: dict | None = None) -> int:
    """Twice the launch estimate plus a minute (services/run_estimate.py: the link's rate, think time, the emulated
    hosts' CPU, each point's start, the noise floor's calls), every point as if it ran max_rounds; at most a day."""
    guess = run_estimate.summed(*estimate_points({**req.model_dump(), "points": points}, run_estimate.Link.of(link)))
    return run_estimate.timeout_s(guess["seconds_most"])


def check_calls_total(req: RpcRunCreate, points: list[dict]) -> int:
    """The worst case (every point max_rounds) must fit MAX_RPC_CALLS_TOTAL; the error names calls when one round
    does not fit either, else max_rounds and how many rounds would."""
    one = calls_total(req, points, 1)
    if one > MAX_RPC_CALLS_TOTAL:
        raise FieldError("calls", f"calls must keep the run at most {MAX_RPC_CALLS_TOTAL} calls in all "
                         f"(threads x (calls + warmup_calls) over {len(points)} points = {one})")
    total = calls_total(req, points)
    if total > MAX_RPC_CALLS_TOTAL:
        threads = sum(p["threads"] for p in points)
        fit = (MAX_RPC_CALLS_TOTAL - threads * req.warmup_calls) // (threads * req.calls)
        raise FieldError("max_rounds", f"max_rounds must be between 1 and {fit} for this sweep: the run must have at "
                         f"most {MAX_RPC_CALLS_TOTAL} calls in all if every point ran max_rounds (threads x "
                         f"(warmup_calls + calls x max_rounds) over {len(points)} points = {total})")
    return total


def launch(s: Session, settings: Settings, req: RpcRunCreate, max_calls: int | None = None) -> Run:
    if req.ci_target_pct == 0:  # no target, nothing to repeat for: one round, and no room kept for more
        req = req.model_copy(update={"max_rounds": 1})
    check_arrival(req.arrival, req.rate_calls_s, req.think_time_us)
    n_points = (len(rates(req)) * len(req.request_bytes) * len(req.threads) * len(req.think_time_us)
                * len(req.protection) * len(req.cache))
    if n_points > MAX_POINTS:
        by_rate = "rate_calls_s x " if req.arrival != "closed" else ""
        raise FieldError("request_bytes", f"the sweep must have at most {MAX_POINTS} points "
                         f"({by_rate}request_bytes x threads x think_time_us x protection x cache = {n_points})")
    points, added = with_injection(req, *with_base_points(expand_points(req)))
    if len(points) > MAX_POINTS:
        raise FieldError("request_bytes", f"the sweep must have at most {MAX_POINTS} points "
                         f"({n_points} requested plus {len(added)} 1-thread base points for the model)")
    if req.window_max < req.window_initial:
        raise FieldError("window_max", f"window_max must be between {req.window_initial} (window_initial) "
                         f"and {1 << 24} bytes (got {req.window_max})")
    total = check_calls_total(req, points)
    check_calls_limit(total, max_calls)
    client = online_agent(s, settings, "client_agent_id", req.client_agent_id)
    server = online_agent(s, settings, "server_agent_id", req.server_agent_id)
    link = choose_link(s, settings, req.link_profile, client, server)  # shapes the lab's link before any job
    # on an emulated link the packet model must see the link's MTU, not the requested default
    mtu = link["mtu"] if link.get("emulated") and link.get("mtu") else req.mtu
    params = {
        "transport": req.transport, "procedure": req.procedure, "work_us": req.work_us, "calls": req.calls,
        "warmup_calls": req.warmup_calls, "seed": req.seed, "server_threads": req.server_threads,
        "packetisation": {"header_bytes": RPC_HEADER_BYTES, "packet_data": req.packet_data, "mtu": mtu},
        "packet_data": req.packet_data, "small_packet_data": req.small_packet_data, "mtu": mtu,
        "window_initial": req.window_initial, "window_max": req.window_max, "rto_ms": req.rto_ms,
        "link_mbps": req.link_mbps, "link_delay_us": req.link_delay_us, "host_packet_us": req.host_packet_us,
        "ci_target_pct": req.ci_target_pct, "max_rounds": req.max_rounds, "noise_floor_calls": req.noise_floor_calls,
        "noise_floor_warmup_calls": req.noise_floor_warmup_calls, "call_no_limit": total,
        "model_tolerance_pct": req.model_tolerance_pct,
        "points": points, "timeout_s": timeout_for(req, points, link), "base_points_added": added,
        "notes": ([base_point_note(points, added)] if added else []) + inject_notes(req, points),
        "think_distribution": req.think_distribution, "arrival": req.arrival,
        "inject": req.inject.model_dump() if req.inject else None,
    }
    if any(p != "none" for p in req.protection):
        params["key"] = secrets.token_hex(32)  # the run's shared secret, for its two agents only
    # calls_total starts at the worst case and becomes the calls the client made when it is done (rpc_precision)
    return store_queued_run(s, req, params, client, server, total, points=points, link=link)


def _estimate_params(body: RpcRunCreate, link: run_estimate.Link) -> dict:
    """The points as launch would make them (base points included) and, on an emulated link, the link's MTU."""
    params = {**body.model_dump(), "points": with_base_points(expand_points(body))[0]}
    if link.emulation != "none":  # the run's packets take the link's MTU (launch)
        params["mtu"] = link.mtu
    return params


def estimate_points(params: dict, link: run_estimate.Link) -> tuple[float, list[dict]]:
    return run_estimate.rpc_points(params, link)


def point_values(p: dict) -> dict:
    """The sweep's point: its caller threads and call-handle cache; the reply is the procedure's
    (agents/src/rpc/rpc_server.c: echo returns the arguments, every other procedure an empty reply)."""
    request = p.get("request_bytes")
    response = None if request is None else request if p.get("procedure") == "echo" else 0
    return {"request_bytes": request, "response_bytes": response, "threads": p.get("threads", 1),
            "cache": p.get("cache")}


KIND = Kind(name="rpc", create=RpcRunCreate, launch=launch, estimate_params=_estimate_params,
            estimate_points=estimate_points, point_values=point_values,
            live_calls=True, rounds=True, modelled=True, throughput=False)
