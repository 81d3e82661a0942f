"""analysis.trace.build's pivot against a loop over the steps, for calls numbered without gaps (rows found by
subtraction) and with gaps (rows found by search), step codes close together and far apart."""

import numpy as np
import pytest

from perflab.analysis.trace import build


def _calls(call_no: np.ndarray) -> dict:
    n = len(call_no)
    return {"call_no": call_no, "point_no": np.zeros(n, np.int64), "flags": np.zeros(n, np.int64),
            "start_ns": call_no * 1000, "rtt_ns": np.full(n, 500), "request_bytes": np.full(n, 64),
            "response_bytes": np.full(n, 64)}


def _loop_pivot(call_no, steps):
    """first start, last end, summed duration and count per (call, code), a step at a time."""
    cells = {}
    for c, code, a, b in zip(*(steps[k].tolist() for k in ("call_no", "code", "start_ns", "end_ns"))):
        if c not in set(call_no.tolist()):
            continue
        f, l, d, k = cells.get((c, code), (a, b, 0, 0))
        cells[(c, code)] = (min(f, a), max(l, b), d + b - a, k + 1)
    return cells


@pytest.mark.parametrize("numbering", ["consecutive", "offset", "gaps", "one call"])
@pytest.mark.parametrize("codes", [(1, 2, 3, 101), (5, 30_000), (7, 2_000_000)])
def test_pivot_matches_a_loop_over_the_steps(numbering, codes):
    rng = np.random.default_rng(len(numbering) + len(codes))
    call_no = {"consecutive": np.arange(40), "offset": np.arange(40) + 17,
               "gaps": np.sort(rng.choice(200, 40, replace=False)), "one call": np.array([3])}[numbering]
    k = 150
    steps = {"call_no": rng.integers(0, 60, k) if numbering != "one call" else rng.integers(2, 5, k),
             "code": rng.choice(codes, k), "start_ns": rng.integers(0, 10_000, k)}
    steps["end_ns"] = steps["start_ns"] + rng.integers(0, 500, k)
    shuffled = rng.permutation(len(call_no))
    tr = build({key: v[shuffled] for key, v in _calls(call_no).items()}, steps)
    cells = _loop_pivot(call_no, steps)
    assert tr.call_no.tolist() == call_no.tolist()
    assert tr.codes.tolist() == sorted({code for _, code in cells})
    for i, c in enumerate(call_no.tolist()):
        for j, code in enumerate(tr.codes.tolist()):
            f, l, d, n = cells.get((c, code), (None, None, 0, 0))
            assert tr.count[i, j] == n and tr.duration[i, j] == d
            if n:
                assert tr.first[i, j] == f and tr.last[i, j] == l


def test_no_steps_gives_no_codes():
    empty = {k: np.zeros(0, np.int64) for k in ("call_no", "code", "start_ns", "end_ns")}
    tr = build(_calls(np.arange(5)), empty)
    assert tr.codes.size == 0 and tr.count.shape == (5, 0)
