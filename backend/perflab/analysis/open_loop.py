"""Open-loop arrivals, as measured (issue 32, item 1; docs/analysis.md "Open-loop arrivals"). Pure: a point's
per-call arrays in, numbers out.

An open-loop caller sends each call at an intended time from its schedule; the agent records the call's actual
send start (calls.start_ns) and its lag behind the intended time (calls.send_lag_ns, >= 0). Latency counts from
the intended time: a call that waited behind a stalled one is charged the wait, as a user of the service would
have been (no coordinated omission). A closed loop has no intended times: its lag is 0 and latency is the RTT.

Percentiles are nearest-rank: the p-th percentile of n values is the ceil(p/100 n)-th smallest, a value that was
measured (a tail resting on few calls is not interpolated into one that was not)."""

import math

import numpy as np

KEPT_RATE_SHARE = 0.99  # achieved at least 99 % of the offered rate
KEPT_LATE_SHARE = 0.01  # and at most 1 % of the calls later than one gap of their thread


def loop_of(params: dict) -> str:
    """"open" for a point run at a rate with open-loop arrivals (its run's params merged with its own), else
    "closed" (as analysis/run_analyses.py labels the tails)."""
    return "open" if params.get("rate_calls_s") and params.get("arrival", "closed") != "closed" else "closed"


def latency_ns(rtt_ns, send_lag_ns):
    """Each call's latency from its intended send time: RTT plus how late it was sent (= RTT in a closed loop)."""
    return np.asarray(rtt_ns, dtype=np.int64) + np.asarray(send_lag_ns, dtype=np.int64)


def nearest_rank(values, p: float) -> int | None:
    """The p-th percentile (0 < p <= 100) by nearest rank; None without values."""
    x = np.sort(np.asarray(values, dtype=np.int64))
    if not len(x):
        return None
    return int(x[max(1, math.ceil(p / 100 * len(x))) - 1])


def schedule(start_ns, send_lag_ns, thread, rate_calls_s: float | None, arrival: str) -> dict:
    """How well a point kept its schedule. start_ns, send_lag_ns, thread: its calls (every call the schedule paced,
    warm-up included: the agent schedules those too); rate_calls_s: the point's offered rate over all its threads;
    arrival: "closed", "constant" or "poisson".

    achieved_calls_s: the calls sent per second between the first send and the last, (n - 1) / (last - first): n
    sends span n - 1 gaps (n / span, scaled by (n - 1) / n). late_sends: calls sent more than one mean gap of their
    own thread (threads / rate) after their intended time: by then the next call of that thread was due."""
    start = np.asarray(start_ns, dtype=np.int64)
    lag = np.asarray(send_lag_ns, dtype=np.int64)
    threads = len(np.unique(np.asarray(thread))) if len(start) else 0
    n = len(start)
    span = int(start.max() - start.min()) if n else 0
    achieved = (n - 1) * 1e9 / span if n >= 2 and span > 0 else None
    out = {"arrival": arrival, "offered_calls_s": None, "achieved_calls_s": achieved, "calls": n, "threads": threads,
           "thread_gap_ns": None, "late_sends": 0, "late_share": 0.0,
           "max_lag_ns": int(lag.max()) if n else 0, "p99_lag_ns": nearest_rank(lag, 99) or 0,
           "kept": None, "why": None}
    if arrival == "closed" or not rate_calls_s:
        out["why"] = "closed loop: each call was sent when the last returned, no rate was offered"
        return out
    gap = threads * 1e9 / rate_calls_s  # each thread runs at rate / threads
    late = int(np.count_nonzero(lag > gap))
    out |= {"offered_calls_s": float(rate_calls_s), "thread_gap_ns": gap, "late_sends": late,
            "late_share": late / n if n else 0.0}
    reasons = []
    if achieved is None:
        reasons.append(f"{n} call{'s' if n != 1 else ''} cannot show a rate (two sends at least)")
    elif achieved < KEPT_RATE_SHARE * rate_calls_s:
        reasons.append(f"it sent {achieved:.4g} calls/s of the {rate_calls_s:.4g} offered "
                       f"({achieved / rate_calls_s:.1%}, below {KEPT_RATE_SHARE:.0%})")
    if n and late / n > KEPT_LATE_SHARE:
        reasons.append(f"{late} of {n} calls ({late / n:.1%}, above {KEPT_LATE_SHARE:.0%}) were sent more than one "
                       f"gap ({gap / 1e3:.4g} µs) late, the largest lag {int(lag.max()) / 1e6:.4g} ms")
    out["kept"] = not reasons
    if reasons:
        out["why"] = "The agent did not keep the offered rate: " + "; ".join(reasons) + "."
    return out
