"""Finished runs written straight into the database (COPY, as ingest does), for the export tests: large runs
in seconds, with client and server steps whose timestamps follow a known server clock offset."""

import numpy as np
from sqlalchemy import select

from perflab.models import Agent, Point, Run
from perflab.services import call_store, step_store

CLIENT_CODES, SERVER_CODES = (1, 2, 3), (101, 102, 103)


def make_agents(s, same_host: bool = True) -> tuple[Agent, Agent]:
    found = s.scalars(select(Agent).where(Agent.name.in_(["exp-client", "exp-server"])).order_by(Agent.id)).all()
    if len(found) == 2:
        return found[0], found[1]
    a = Agent(name="exp-client", host="host-a", address="127.0.0.1", version="0.1.0", clock_id=1,
              capabilities={"transports": ["tcp", "udp"], "clock": "CLOCK_MONOTONIC", "kernel": "6.1.0-test"},
              token_sha256="a" * 64)
    b = Agent(name="exp-server", host="host-a" if same_host else "host-b", address="127.0.0.1", version="0.1.0",
              clock_id=1, capabilities={"transports": ["tcp"], "probe_cost_ns": 37}, token_sha256="b" * 64)
    s.add_all([a, b])
    s.flush()
    return a, b


def make_run(db, calls: int, warmup: int = 0, status: str = "done", reason: str | None = None, seed: int = 1,
             server_offset_ns: int = 0, same_host: bool = True, errors: tuple[int, ...] = (), kind: str = "pingpong",
             params: dict | None = None, points: list[dict] | None = None, threads: int = 1,
             server_drift_ppm: float = 0.0) -> dict:
    """A finished ping-pong run with `calls` calls (warm-up first) and six steps each; returns what was written.
    `kind`, `params` and `points` (each point's own params) make it another kind of run, e.g. an RPC sweep: the
    calls are split into equal blocks, one per point, in point order; with `threads` > 1 call k is made by caller
    thread k mod threads, and each thread's first call of each point is flagged first (as the RPC client does).
    The server's clock reads server = client + server_offset_ns + server_drift_ppm × 1e-6 × client."""
    rng = np.random.default_rng(seed)
    n = calls
    call_no = np.arange(n, dtype=np.int32)
    flags = np.zeros(n, dtype=np.int16)
    flags[:warmup] |= 1
    if n:
        flags[0] |= 2
    flags[list(errors)] |= 4
    send = rng.integers(1_000, 3_000, n)
    wire = rng.integers(4_000, 8_000, n)  # one way, each direction
    s_recv = rng.integers(0, 500, n)
    s_send = rng.integers(1_000, 3_000, n)
    c_recv = rng.integers(0, 500, n)
    t0 = 1_000_000_000 + call_no.astype(np.int64) * 100_000          # client send enter
    c_send_end = t0 + send
    t1 = t0 + wire                                                   # server: first request bytes in
    s_recv_end = t1 + s_recv
    t2 = s_recv_end + 200                                            # server: send enter
    s_send_end = t2 + s_send
    t3 = t2 + wire                                                   # client: first reply bytes in
    end = t3 + c_recv
    rtt = end - t0
    def server(t):  # a client time as the server's clock reads it
        return t + server_offset_ns + np.round(t * server_drift_ppm * 1e-6).astype(np.int64)

    steps = {
        1: (t0, c_send_end), 2: (c_send_end, t3), 3: (t3, end),
        101: (server(np.concatenate([[t1[0] - 50_000], s_send_end[:-1]])), server(t1)),
        102: (server(t1), server(s_recv_end)), 103: (server(t2), server(s_send_end)),
    }
    with db.session() as s:
        client, server = make_agents(s, same_host)
        params = params or {"transport": "tcp", "request_bytes": 64, "response_bytes": 64, "calls": n - warmup,
                            "warmup_calls": warmup, "timeout_s": 60}
        points = points or [params]
        point_no = (call_no * len(points) // max(n, 1)).astype(np.int16)
        size = np.array([p.get("request_bytes", 64) for p in points], np.int32)[point_no]
        thread = (call_no % threads).astype(np.int16)
        if threads > 1:
            _, firsts = np.unique(point_no.astype(np.int64) * threads + thread, return_index=True)
            flags[firsts] |= 2
        run = Run(kind=kind, name="export test", tags=["export"], params=params, status=status, reason=reason,
                  client_agent_id=client.id, server_agent_id=server.id, calls_total=n, calls_done=n)
        s.add(run)
        s.flush()
        s.add_all([Point(run_id=run.id, point_no=i, params=p) for i, p in enumerate(points)])
        s.flush()
        raw = s.connection().connection.driver_connection
        with raw.cursor() as cur:
            call_store.write_calls(cur, run.id, {
                "call_no": call_no, "point_no": point_no, "flags": flags, "start_ns": t0, "rtt_ns": rtt,
                "request_bytes": size, "response_bytes": size, "thread": thread})
            # each call's steps together, as an agent's batch holds them
            codes = np.array(list(steps))
            step_store.write_steps(cur, run.id, {
                "call_no": np.repeat(call_no, len(codes)), "code": np.tile(codes, n),
                "start_ns": np.column_stack([start for start, _ in steps.values()]).ravel(),
                "end_ns": np.column_stack([stop for _, stop in steps.values()]).ravel()})
        return {"run_id": run.id, "call_no": call_no, "point_no": point_no, "flags": flags, "rtt": rtt,
                "steps": steps,
                "t": (t0, t1, t2, t3), "client_id": client.id, "server_id": server.id}
