"""The summary of a ping-pong run: first call apart, the rest described, per-step statistics."""

import numpy as np

from perflab.analysis.measured_calls import FLAG_ERROR, FLAG_WARMUP, measured as measured_calls
from perflab.analysis.point_summary import point_summaries
from perflab.analysis.stats import describe
from perflab.analysis.step_codes import describe_code

# Bumped whenever the summary's shape or content changes, so summaries stored by an older version are recomputed.
# 7: a mean's interval independent of the calls' order (analysis/stats.py), as in the stored analyses
# 6: each point's `loop`; an open-loop point's `latency` (from the intended send) and its CDF and box of it
# 5: each point's `retransmits` and `calls_retransmitted` (call record offset 34, migration 0008)
# 4: the measured calls leave out every point's first call, as the analyses do (analysis/measured_calls.py)
# 3: `points`, each point described on its own (analysis/point_summary.py)
SUMMARY_FORMAT = 7


def summarise(call_no, rtt_ns, flags, step_codes=(), step_durations_ns=(), point_no=None, retransmits=None,
              send_lag_ns=None, open_points=()) -> dict:
    """call_no, rtt_ns, flags: arrays of the run's calls; step_codes / step_durations_ns: arrays of its steps
    (those of the measured calls only, left out by the caller); point_no: each call's point (all 0 when
    left out); retransmits: each call's retransmissions (all 0 when left out); send_lag_ns, open_points: each call's
    send lag and the points run open loop (analysis/point_summary.py). The run's `rtt` is RTT whatever the loop. A sweep's calls together have no meaningful mean: `points` describes each point apart."""
    call_no = np.asarray(call_no, dtype=np.int64)
    point_no = np.zeros_like(call_no) if point_no is None else np.asarray(point_no, dtype=np.int64)
    rtt = np.asarray(rtt_ns, dtype=np.int64)
    flags = np.asarray(flags, dtype=np.int64)
    first = None
    if call_no.size:
        i = int(np.argmin(call_no))
        if call_no[i] == 0 and not flags[i] & FLAG_ERROR:
            first = {"call_no": 0, "rtt_ns": int(rtt[i])}
    rtt_stats = describe(rtt[measured_calls(call_no, point_no, flags)])
    codes = np.asarray(step_codes, dtype=np.int64)
    durations = np.asarray(step_durations_ns, dtype=np.int64)
    steps = []
    for code in np.unique(codes):
        sc = describe_code(int(code))
        steps.append({"code": sc.code, "name": sc.name, "side": sc.side, "paper": sc.paper,
                      "stats": describe(durations[codes == code]).as_dict()})
    return {
        "format": SUMMARY_FORMAT,
        "unit": "ns",
        "first_call": first,
        "rtt": rtt_stats.as_dict() if rtt_stats else None,
        "warmup_calls": int(np.count_nonzero(flags & FLAG_WARMUP)),
        "error_calls": int(np.count_nonzero(flags & FLAG_ERROR)),
        "steps": steps,
        "points": point_summaries(call_no, point_no, flags, rtt, retransmits, send_lag_ns, open_points),
    }
