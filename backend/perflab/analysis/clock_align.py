"""Clock alignment between the client's and the server's clock from the calls' four timestamps, in the style
of Sites' timealign (Understanding Software Dynamics, ch. 6): t1 client send, t2 server receive, t3 server
send, t4 client receive. Per call the server-minus-client offset lies in [t3 - t4, t2 - t1]; its midpoint is
exact when the two one-way delays are equal, and off by at most half the unexplained delay
d = (t4 - t1) - (t3 - t2). Per time bucket we keep the call with the least d, then fit
offset(t) = offset + drift * (t - ref) by least squares, weighting every kept call alike. Buckets in which even
the best call waited long (a stall) are left out."""

from dataclasses import dataclass

import numpy as np

from perflab.analysis.plain import as_plain


# the one answer for two agents on one machine's clock, in every view (round-trip path, exports, Agents page, PDF)
ONE_CLOCK = "one clock (same host): offset 0, drift 0"


def server_to_client(server_ns, offset_ns: float, drift_ppm: float, ref_ns: float):
    """Server clock readings (ns, a number or an array) on the client's clock, for the line
    server = client + offset + drift * (client - ref): the one mapping the round-trip path and the trace use."""
    k = drift_ppm * 1e-6
    return (server_ns - offset_ns + k * ref_ns) / (1.0 + k)


@dataclass(frozen=True)
class Alignment:
    offset_ns: float  # server clock minus client clock at ref_ns
    drift_ppm: float  # server clock gains this many ns per ms of client time (parts per million)
    ref_ns: float  # client time the offset refers to
    error_bound_ns: float  # the largest half unexplained delay among the kept calls, plus the fit's residual
    residual_rms_ns: float
    min_delay_ns: float  # least unexplained delay seen
    buckets: int  # buckets whose best call was used
    dropped_buckets: int  # buckets left out: even their best call waited over 3x the median best
    calls: int
    note: str

    def as_dict(self) -> dict:
        return as_plain(self)

    def to_client(self, server_ns):
        return server_to_client(np.asarray(server_ns, dtype=np.float64), self.offset_ns, self.drift_ppm, self.ref_ns)


def align(t1, t2, t3, t4, buckets: int = 64, same_clock: bool = False) -> Alignment | None:
    """Arrays of the four timestamps (ns); None when there is no usable call."""
    t1, t2, t3, t4 = (np.asarray(a, dtype=np.float64) for a in (t1, t2, t3, t4))
    ok = (t4 >= t1) & (t3 >= t2)
    t1, t2, t3, t4 = t1[ok], t2[ok], t3[ok], t4[ok]
    if t1.size == 0:
        return None
    delay = (t4 - t1) - (t3 - t2)
    mid = (t1 + t4) / 2.0  # client time of the estimate
    est = ((t2 - t1) + (t3 - t4)) / 2.0
    ref = float(mid.min())
    # float64 loses precision on absolute ns of a long-running clock: work relative to ref
    x = mid - ref
    nb = max(1, min(buckets, t1.size))
    edges = np.linspace(x.min(), x.max(), nb + 1)
    b = np.clip(np.searchsorted(edges, x, side="right") - 1, 0, nb - 1)
    order = np.lexsort((delay, b))
    heads = np.concatenate(([0], np.nonzero(np.diff(b[order]))[0] + 1))
    keep = order[heads]
    # a bucket whose best call still waited long (the machine stalled for the whole bucket) says little about
    # the clocks: drop buckets whose least delay is over three times the median of the buckets' least delays
    calm = delay[keep] <= 3.0 * np.median(delay[keep])
    dropped = int((~calm).sum())
    keep = keep[calm]
    xs, ys, ds = x[keep], est[keep], delay[keep]
    if keep.size >= 2 and np.ptp(xs) > 0:
        slope, intercept = np.polyfit(xs, ys, 1)
    else:
        slope, intercept = 0.0, float(ys.mean())
    resid = ys - (intercept + slope * xs)
    rms = float(np.sqrt(np.mean(resid ** 2)))
    bound = float(ds.max() / 2.0 + np.abs(resid).max())
    note = (f"{ONE_CLOCK}; the fitted values (fit_offset_ns, fit_drift_ppm) are the method's own error, not "
            "applied") if same_clock else "offset and drift fitted from the four timestamps"
    return Alignment(float(intercept), float(slope * 1e6), ref, bound, rms, float(delay.min()), int(keep.size),
                     dropped, int(t1.size), note)
