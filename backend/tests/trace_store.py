"""Stores a synthetic trace as a finished run (agents, run, points, calls and steps by binary COPY), the way
ingest leaves a real one, so the analysis service and API read it from PostgreSQL."""

import numpy as np

from perflab.analysis.trace import Trace
from perflab.models import Agent, Point, Run
from perflab.services import call_store, step_store


def store(db, tr: Trace, point_params: dict[int, dict], status: str = "done", hosts=("h1", "h1")) -> int:
    with db.session() as s:
        agents = []
        for i, host in enumerate(hosts):
            a = Agent(name=f"store-{i}-{np.random.randint(1 << 30)}", host=host, address="127.0.0.1", version="t",
                      clock_id=1, capabilities={}, token_sha256=f"{np.random.randint(1 << 62):064x}")
            s.add(a)
            agents.append(a)
        s.flush()
        base = point_params[min(point_params)]
        run = Run(kind="pingpong", name="stored", tags=[], status=status, params={
            "transport": "tcp", "request_bytes": base.get("request_bytes", 64), "response_bytes": 64,
            "calls": int(len(tr.call_no)), "warmup_calls": 0, "timeout_s": 60},
            client_agent_id=agents[0].id, server_agent_id=agents[1].id, calls_total=int(len(tr.call_no)),
            calls_done=int(len(tr.call_no)))
        s.add(run)
        s.flush()
        for p, params in point_params.items():
            s.add(Point(run_id=run.id, point_no=p, params=params))
        s.flush()
        with call_store.cursor(s) as cur:
            call_store.write_calls(cur, run.id, {
                "call_no": tr.call_no, "point_no": tr.point_no, "flags": tr.flags, "start_ns": tr.start_ns,
                "rtt_ns": tr.rtt_ns, "request_bytes": tr.request_bytes, "response_bytes": tr.response_bytes})
            rows, codes = np.nonzero(tr.count > 0)
            step_store.write_steps(cur, run.id, {"call_no": tr.call_no[rows], "code": tr.codes[codes],
                                                 "start_ns": tr.first[rows, codes], "end_ns": tr.last[rows, codes]})
        return run.id


def add_late_batch(db, run_id: int) -> None:
    """A server batch stored after the run's analyses: they are out of date until analysed again."""
    from perflab.models import Batch, Job
    with db.session() as s:
        run = s.get(Run, run_id)
        job = Job(run_id=run_id, agent_id=run.server_agent_id, role="server", state="done")
        s.add(job)
        s.flush()
        s.add(Batch(run_id=run_id, job_id=job.id, seq=0, n_calls=0, n_steps=0, last=True))

