"""Studies across runs: the ECS paper's RPC vs sockets on LAN and WAN (issue 31, item 4) from runs of the RPC
runtime over UDP (error control per message) and over TCP (the kernel's, per segment), one run per link and
transport, each a size sweep. Reads each run's stored `packets` analysis (mean RTT of its later calls per point)."""

from sqlalchemy.orm import Session

from perflab.analysis.crossover import crossover
from perflab.kinds import kind_of
from perflab.models import Run
from perflab.services import analyses
from perflab.services.errors import FieldError, NotFound

MAX_RUNS = 8


def rpc_vs_sockets(s: Session, run_ids: list[int]) -> dict:
    if not 1 <= len(run_ids) <= MAX_RUNS:
        raise FieldError("runs", f"runs: 1 to {MAX_RUNS} run ids, comma-separated (got {len(run_ids)})")
    rows = []
    for rid in run_ids:
        run = s.get(Run, rid)
        if run is None:
            raise NotFound(f"run {rid} not found")
        if not kind_of(run.kind).modelled:
            raise FieldError("runs", f"runs: run {rid} is a {run.kind} run; the study compares RPC runs over UDP "
                                     "and over TCP")
        packets = analyses.stored(s, run, "packets")
        if not packets:
            raise FieldError("runs", f"runs: run {rid} ({run.status}) has no analysed calls yet")
        link = (run.link or {}).get("profile") or "loopback"
        for r in packets.get("rtt_vs_size", []):
            later = r["later_calls"]
            if later["count"]:
                rows.append({"run_id": rid, "link_profile": link, "transport": run.params.get("transport"),
                             "request_bytes": r["request_bytes"], "threads": r["threads"],
                             "calls": later["count"], "mean_ms": later["mean_ns"] / 1e6,
                             "median_ms": later["median_ns"] / 1e6})
    return {"rows": rows, "crossovers": _crossovers(rows)}


def _crossovers(rows: list[dict]) -> list[dict]:
    """Per link and thread count with both transports at two or more common sizes: where UDP RPC becomes faster."""
    out = []
    for link, threads in sorted({(r["link_profile"], r["threads"]) for r in rows}):
        by = {t: {r["request_bytes"]: r["mean_ms"] for r in rows if r["link_profile"] == link
                  and r["threads"] == threads and r["transport"] == t} for t in ("udp", "tcp")}
        sizes = sorted(set(by["udp"]) & set(by["tcp"]))
        if len(sizes) < 2:
            continue
        kb = crossover(sizes, [by["udp"][x] for x in sizes], [by["tcp"][x] for x in sizes])
        faster = [x / 1000 for x in sizes if by["udp"][x] < by["tcp"][x]]
        out.append({"link_profile": link, "threads": threads, "sizes": len(sizes),
                    "crossover_kb": None if kb is None else kb / 1000, "udp_faster_kb": faster,
                    "statement": _statement(link, kb, sizes, faster)})
    return out


def _statement(link: str, kb: float | None, sizes: list[int], faster: list[float]) -> str:
    if kb is None:
        if faster:  # faster somewhere, yet not at the largest size: say where, not a crossover
            return (f"on {link} RPC over UDP is faster than over TCP at {', '.join(f'{x:g}' for x in faster)} KB "
                    f"only, not at {sizes[-1] / 1000:g} KB: no size above which it stays faster")
        return f"on {link} RPC over UDP is not faster than over TCP at any size up to {sizes[-1] / 1000:g} KB"
    if kb <= sizes[0]:
        return f"on {link} RPC over UDP is faster than over TCP at every size from {sizes[0] / 1000:g} KB"
    return f"on {link} RPC over UDP is faster than over TCP above about {kb / 1000:.1f} KB"
