"""Synthetic ping-pong traces with known step times, clock offset and drift: the independent ground truth for
the trace analyses (every number below is chosen here, so the analyses' outputs can be checked against it)."""

import numpy as np

from perflab.analysis.trace import FLAG_WARMUP, Trace, build


def pingpong(n_calls=2000, points=1, offset_ns=0.0, drift_ppm=0.0, seed=1, period_ns=100_000,
             send_ns=3000, srecv_ns=500, ssend_ns=2500, crecv_ns=400, gap_ns=200, net_ns=8000, jitter_ns=3000,
             request_bytes=64, warmup=5, asymmetric_ns=0.0, kernel=False) -> tuple[Trace, dict]:
    """Client clock = true time. Server clock = t + offset + drift * t. Returns the trace and the truth."""
    rng = np.random.default_rng(seed)
    i = np.arange(n_calls)
    t1 = 1_000_000_000 + i * period_ns + rng.integers(0, 1000, n_calls)
    d_req = net_ns + asymmetric_ns + rng.exponential(jitter_ns, n_calls)
    d_rep = net_ns + rng.exponential(jitter_ns, n_calls)
    c_send_end = t1 + send_ns
    arr_s = c_send_end + d_req
    s_recv_end = arr_s + srecv_ns
    s_send_start = s_recv_end + gap_ns
    s_send_end = s_send_start + ssend_ns
    arr_c = s_send_end + d_rep
    c_wait_start = c_send_end + gap_ns
    c_recv_end = arr_c + crecv_ns
    s_wait_start = np.concatenate(([t1[0] - 50_000], s_send_end[:-1] + gap_ns))

    def srv(t):  # true time -> server clock, rounded to the ns like a real clock
        return np.round(t + offset_ns + drift_ppm * 1e-6 * t).astype(np.int64)

    steps = {1: (t1, c_send_end), 2: (c_wait_start, arr_c), 3: (arr_c, c_recv_end),
             101: (srv(s_wait_start), srv(arr_s)), 102: (srv(arr_s), srv(s_recv_end)),
             103: (srv(s_send_start), srv(s_send_end))}
    if kernel:  # SO_TIMESTAMPING points (agentlib): SND stamps inside send(), RX stamps before recv() returns
        steps[201] = (t1, c_send_end - 500)
        steps[211] = (srv(arr_s - 1500), srv(arr_s))
        steps[212] = (srv(s_send_start), srv(s_send_end - 300))
        steps[203] = (arr_c - 1200, arr_c)
    call_no = i
    cols = {"call_no": [], "code": [], "start_ns": [], "end_ns": []}
    for code, (a, b) in steps.items():
        cols["call_no"].append(i)
        cols["code"].append(np.full(n_calls, code))
        cols["start_ns"].append(np.round(a).astype(np.int64))
        cols["end_ns"].append(np.round(b).astype(np.int64))
    steps_arr = {k: np.concatenate(v) for k, v in cols.items()}
    point_no = (i * points) // n_calls
    flags = np.zeros(n_calls, np.int64)
    for p in range(points):
        first = np.nonzero(point_no == p)[0][:warmup]
        flags[first] = FLAG_WARMUP
    calls = {"call_no": call_no, "point_no": point_no, "flags": flags, "start_ns": t1,
             "rtt_ns": np.round(c_recv_end - t1).astype(np.int64), "request_bytes": np.full(n_calls, request_bytes),
             "response_bytes": np.full(n_calls, request_bytes)}
    truth = {"t1": t1, "t2": arr_s, "t3": s_send_start, "t4": arr_c, "d_req": d_req, "d_rep": d_rep,
             "steps": {1: send_ns, 2: None, 3: crecv_ns, 101: None, 102: srecv_ns, 103: ssend_ns}}
    return build(calls, steps_arr), truth
