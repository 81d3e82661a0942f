"""A run's calls and steps as numpy arrays, and the per-call pivot the analyses share: for every call and step
code, the first start, the last end, the summed duration and how many times the step ran."""

from dataclasses import dataclass
from functools import cached_property

import numpy as np

# the flags are re-exported: the analyses read them with the trace
from perflab.analysis.call_flags_generated import FLAG_ERROR, FLAG_FIRST, FLAG_SLOW_START, FLAG_WARMUP  # noqa: F401
from perflab.analysis.measured_calls import first_of_point  # noqa: F401
from perflab.analysis.measured_calls import measured as measured_calls

# RPC: the request went in small packets, first one alone until acked: its call handle had not learnt the
# peer's packet size (new handle; the case study's slow start). A measured call: it is the anomaly.


@dataclass
class Trace:
    call_no: np.ndarray  # int64 [calls], sorted
    point_no: np.ndarray
    flags: np.ndarray
    start_ns: np.ndarray
    rtt_ns: np.ndarray
    request_bytes: np.ndarray
    response_bytes: np.ndarray
    codes: np.ndarray  # step codes present, sorted [codes]
    first: np.ndarray  # int64 [calls, codes]: first start; valid only where count > 0
    last: np.ndarray  # int64 [calls, codes]: last end
    duration: np.ndarray  # int64 [calls, codes]: summed end - start
    count: np.ndarray  # int32 [calls, codes]
    # trace batch v2 (RPC runs): caller thread, server receive/send in the server's clock (0 = unknown)
    thread: np.ndarray | None = None
    server_recv_ns: np.ndarray | None = None
    server_send_ns: np.ndarray | None = None
    # call record v3 (open-loop arrivals): send start - intended send time, 0 in a closed loop
    send_lag_ns: np.ndarray | None = None

    @cached_property
    def latency_ns(self) -> np.ndarray:
        """Each call's latency from its intended send time (analysis/open_loop.py): its RTT in a closed loop."""
        return self.rtt_ns if self.send_lag_ns is None else self.rtt_ns + self.send_lag_ns

    def col(self, code: int) -> int | None:
        i = int(np.searchsorted(self.codes, code))
        return i if i < len(self.codes) and self.codes[i] == code else None

    def has(self, code: int) -> np.ndarray:
        i = self.col(code)
        return np.zeros(len(self.call_no), bool) if i is None else self.count[:, i] > 0

    @cached_property
    def points(self) -> list[int]:
        """The point numbers present, ascending."""
        return [int(p) for p in np.unique(self.point_no)]

    @cached_property
    def measured(self) -> np.ndarray:
        """Calls that describe the steady state (analysis/measured_calls.py: no warm-up, no error, no first call)."""
        return measured_calls(self.call_no, self.point_no, self.flags)

    @cached_property
    def first_of_point(self) -> np.ndarray:
        """Each point's cold first call: its lowest call number that is not an error."""
        return first_of_point(self.call_no, self.point_no, self.flags)


def build(calls: dict, steps: dict) -> Trace:
    """calls: call_no, point_no, flags, start_ns, rtt_ns, request_bytes, response_bytes (arrays), optionally
    thread, server_recv_ns, server_send_ns, send_lag_ns;
    steps: call_no, code, start_ns, end_ns (arrays). Steps of unknown calls are dropped."""
    order = np.argsort(np.asarray(calls["call_no"]), kind="stable")
    c = {k: np.asarray(v)[order].astype(np.int64) for k, v in calls.items()}
    call_no = c["call_no"]
    s_call = np.asarray(steps["call_no"], dtype=np.int64)
    s_code = np.asarray(steps["code"], dtype=np.int64)
    s_start = np.asarray(steps["start_ns"], dtype=np.int64)
    s_end = np.asarray(steps["end_ns"], dtype=np.int64)
    row, row_ok = _rows_of(call_no, s_call)
    if not row_ok.all():  # copies of a million steps only when some are of unknown calls
        row, s_code, s_start, s_end = row[row_ok], s_code[row_ok], s_start[row_ok], s_end[row_ok]
    codes, col = _columns_of(s_code)
    n, m = len(call_no), len(codes)
    flat = row  # row is _rows_of's own array: made the cell's index in place
    flat *= m
    flat += col
    first = np.zeros(n * m, np.int64)
    last = np.zeros(n * m, np.int64)
    count = np.bincount(flat, minlength=n * m).astype(np.int32)
    if flat.size and count.max() == 1:  # the usual case: every step once per call, no grouping needed
        first[flat], last[flat] = s_start, s_end
        duration = last - first  # a cell without its step is 0 - 0: as stored
    elif flat.size:  # steps repeated in a call: group equal (call, code) cells with one sort, then reduce
        duration = np.zeros(n * m, np.int64)
        o = np.argsort(flat, kind="stable")
        flat, s_start, s_end = flat[o], s_start[o], s_end[o]
        heads = np.concatenate(([0], np.nonzero(np.diff(flat))[0] + 1))
        cells = flat[heads]
        first[cells] = np.minimum.reduceat(s_start, heads)
        last[cells] = np.maximum.reduceat(s_end, heads)
        duration[cells] = np.add.reduceat(s_end - s_start, heads)
    else:
        duration = np.zeros(n * m, np.int64)
    shape = (n, m)
    return Trace(call_no, c["point_no"], c["flags"], c["start_ns"], c["rtt_ns"], c["request_bytes"],
                 c["response_bytes"], codes, first.reshape(shape), last.reshape(shape), duration.reshape(shape),
                 count.reshape(shape), c.get("thread"), c.get("server_recv_ns"), c.get("server_send_ns"),
                 c.get("send_lag_ns"))


def _rows_of(call_no: np.ndarray, s_call: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each step's row in the sorted calls, and whether its call is there at all. A run's calls are numbered
    0, 1, 2, ... without gaps: then the row is the call number less the first, no search over a million steps."""
    n = len(call_no)
    if n and call_no[-1] - call_no[0] == n - 1 and (n == 1 or np.all(call_no[1:] != call_no[:-1])):
        row = s_call - call_no[0]  # sorted, n distinct numbers spanning n: consecutive
        return row, (row >= 0) & (row < n)
    row = np.searchsorted(call_no, s_call)
    row_ok = row < n
    row_ok[row_ok] = call_no[row[row_ok]] == s_call[row_ok]
    return row, row_ok


def _columns_of(s_code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The step codes present, ascending, and each step's column among them. Codes are small numbers (int2 in
    the schema): counted into a table indexed by the code rather than sorting a million of them."""
    if s_code.size == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    low, high = int(s_code.min()), int(s_code.max())
    if high - low > 1 << 20:  # codes spread too wide for a table
        codes = np.unique(s_code)
        return codes, np.searchsorted(codes, s_code)
    present = np.bincount(s_code - low, minlength=high - low + 1) > 0
    codes = np.nonzero(present)[0] + low
    column = np.cumsum(present) - 1  # code - low -> its column
    return codes.astype(np.int64), column[s_code - low]
