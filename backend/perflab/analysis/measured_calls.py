"""Which of a run's calls its statistics describe: the one definition of "measured calls" that the summary, the
analyses (analysis/trace.py), the Results' point summaries and the exports' `points` table use.

Every call falls in exactly one category, so the counts add up to the run's calls:
  error     flagged error (timed out or read short)
  first     a cold call: flagged first (an RPC run flags every caller thread's first call, which is also a
            warm-up call when there are any) or its point's lowest-numbered non-error call (each point starts
            cold: a sweep changes the parameters between points)
  warmup    flagged warm-up, not a first call
  measured  the rest
"""

import numpy as np

from perflab.analysis.call_flags_generated import FLAG_ERROR, FLAG_FIRST, FLAG_WARMUP


def first_of_point(call_no, point_no, flags) -> np.ndarray:
    """Each point's lowest-numbered call that is not an error (any order of the calls)."""
    call_no, point_no, flags = (np.asarray(a, dtype=np.int64) for a in (call_no, point_no, flags))
    out = np.zeros(call_no.size, bool)
    ok = np.nonzero((flags & FLAG_ERROR) == 0)[0]
    if ok.size:
        order = ok[np.lexsort((call_no[ok], point_no[ok]))]
        heads = np.concatenate(([0], np.nonzero(np.diff(point_no[order]))[0] + 1))
        out[order[heads]] = True
    return out


def categories(call_no, point_no, flags) -> dict[str, np.ndarray]:
    """Boolean masks error/first/warmup/measured over the calls (any order)."""
    flags = np.asarray(flags, dtype=np.int64)
    error = (flags & FLAG_ERROR) != 0
    first = (((flags & FLAG_FIRST) != 0) & ~error) | first_of_point(call_no, point_no, flags)
    warmup = ((flags & FLAG_WARMUP) != 0) & ~first & ~error
    return {"error": error, "first": first, "warmup": warmup, "measured": ~(error | first | warmup)}


def measured(call_no, point_no, flags) -> np.ndarray:
    """The calls the statistics describe: no error, not a first call, not warm-up."""
    return categories(call_no, point_no, flags)["measured"]
