"""Latency histograms with HdrHistogram's log-linear buckets (3 significant digits: every value kept within 0.1 %
of itself), built, merged and read in numpy; encoded, decoded and logged in HdrHistogram's own formats (the
compressed base64 "V2" histogram and the .hlog text that HistogramLogAnalyzer and HdrHistogram's tools read),
by the `hdrhistogram` package, so other tools read what the lab writes.

The bucket arithmetic is HdrHistogram's (unit 1 ns, 2048 sub-buckets a bucket, the lower half of every bucket but
the first overlapping the one before): tests check it index for index against the package's record_value."""

from dataclasses import dataclass

import numpy as np
from hdrh.histogram import HdrHistogram

LOWEST_NS = 1
HIGHEST_NS = 3_600 * 10**9  # one hour: a longer call is recorded as one hour (and counted as clipped)
SIGNIFICANT_DIGITS = 3
LOG_FORMAT_VERSION = "1.3"  # tagged interval lines ("Tag=point=3,..."), as HdrHistogram's Java writer


def _empty() -> HdrHistogram:
    return HdrHistogram(LOWEST_NS, HIGHEST_NS, SIGNIFICANT_DIGITS)


_SHAPE = _empty()  # the layout every histogram of the lab shares (so any two merge bucket for bucket)
UNIT_MAG = _SHAPE.unit_magnitude
HALF_MAG = _SHAPE.sub_bucket_half_count_magnitude
HALF_COUNT = _SHAPE.sub_bucket_half_count
SUB_MASK = _SHAPE.sub_bucket_mask
COUNTS_LEN = _SHAPE.counts_len


@dataclass
class Histogram:
    counts: np.ndarray  # int64 [COUNTS_LEN], HdrHistogram's counts array
    min_ns: int
    max_ns: int
    clipped: int = 0  # values above HIGHEST_NS, recorded as HIGHEST_NS

    @property
    def total(self) -> int:
        return int(self.counts.sum())


def bucket_index(values_ns: np.ndarray) -> np.ndarray:
    """HdrHistogram's counts index of each value (its _counts_index_for, vectorised). Values are below 2**53, so
    the float exponent is the exact bit length."""
    v = np.asarray(values_ns, dtype=np.int64)
    bit_length = np.frexp((v | SUB_MASK).astype(np.float64))[1].astype(np.int64)
    bucket = bit_length - UNIT_MAG - (HALF_MAG + 1)
    sub = v >> (bucket + UNIT_MAG)
    return ((bucket + 1) << HALF_MAG) + sub - HALF_COUNT


def lowest_value(index: np.ndarray) -> np.ndarray:
    """The lowest value of each counts index's bucket (HdrHistogram's get_value_from_index)."""
    i = np.asarray(index, dtype=np.int64)
    bucket = (i >> HALF_MAG) - 1
    sub = (i & (HALF_COUNT - 1)) + HALF_COUNT
    first = bucket < 0
    sub = np.where(first, sub - HALF_COUNT, sub)
    bucket = np.where(first, 0, bucket)
    return sub << (bucket + UNIT_MAG)


def highest_value(index: np.ndarray) -> np.ndarray:
    """The highest value each index holds: the lowest plus its bucket's width, less one."""
    i = np.asarray(index, dtype=np.int64)
    bucket = np.maximum((i >> HALF_MAG) - 1, 0)
    return lowest_value(i) + (np.int64(1) << (bucket + UNIT_MAG)) - 1


def build(latency_ns) -> Histogram:
    """A histogram of the values (ns); negative values (a clock step) count as 0."""
    v = np.clip(np.asarray(latency_ns, dtype=np.int64), 0, None)
    clipped = int(np.count_nonzero(v > HIGHEST_NS))
    v = np.minimum(v, HIGHEST_NS)
    counts = np.bincount(bucket_index(v), minlength=COUNTS_LEN).astype(np.int64) if v.size else \
        np.zeros(COUNTS_LEN, np.int64)
    return Histogram(counts, int(v.min()) if v.size else 0, int(v.max()) if v.size else 0, clipped)


def merge(a: Histogram, b: Histogram) -> Histogram:
    """The histogram of both sets of values: buckets add (every lab histogram shares one layout)."""
    if not a.total:
        return Histogram(b.counts.copy(), b.min_ns, b.max_ns, b.clipped)
    if not b.total:
        return Histogram(a.counts.copy(), a.min_ns, a.max_ns, a.clipped)
    return Histogram(a.counts + b.counts, min(a.min_ns, b.min_ns), max(a.max_ns, b.max_ns), a.clipped + b.clipped)


def value_at(h: Histogram, percentile: float) -> int:
    """HdrHistogram's getValueAtPercentile: the highest value of the bucket holding the call of rank
    round(p × n) (at least 1); within 0.1 % of that call's own value. The maximum at 100."""
    return int(values_at(h, [percentile])[0])


def values_at(h: Histogram, percentiles) -> np.ndarray:
    total = h.total
    if total == 0:
        return np.zeros(len(percentiles), np.int64)
    cum = np.cumsum(h.counts)
    ps = np.minimum(np.asarray(percentiles, dtype=np.float64), 100.0)
    target = np.maximum((ps * total / 100.0 + 0.5).astype(np.int64), 1)
    idx = np.searchsorted(cum, target, side="left")
    out = np.where(ps > 0, highest_value(idx), lowest_value(idx))
    # the true extremes are known exactly: no bucket rounding at either end
    out = np.where(ps >= 100.0, h.max_ns, out)
    return np.where(ps <= 0, h.min_ns, out)


def spectrum(h: Histogram, ticks_per_half_distance: int = 5) -> list[dict]:
    """HdrHistogram's percentile distribution (outputPercentileDistribution): percentile levels 0, then steps
    that halve as the distance to 100 % halves (ticks_per_half_distance per halving), until the levels pass the
    last call; each row the value there, the calls at or below it and 1/(1-p), the last row the maximum."""
    total = h.total
    if total == 0:
        return []
    levels, level = [], 0.0
    # beyond 1/(1-p) = total every level is the last call: HdrHistogram's iterator ends there, at 100 %
    while level < 100.0 and 100.0 / (100.0 - level) <= total:
        levels.append(level)
        half_distance = 2.0 ** (int(np.log2(100.0 / (100.0 - level))) + 1)
        level += 100.0 / (ticks_per_half_distance * half_distance)
    values = values_at(h, levels)
    cum = np.cumsum(h.counts)
    at_or_below = cum[np.minimum(bucket_index(values), COUNTS_LEN - 1)]
    rows = [{"percentile": round(lv / 100.0, 12), "value_ns": int(v), "total_count": int(c),
             "inverse_tail": round(1.0 / (1.0 - lv / 100.0), 4)} for lv, v, c in zip(levels, values, at_or_below)]
    rows.append({"percentile": 1.0, "value_ns": int(h.max_ns), "total_count": total, "inverse_tail": None})
    return rows


def to_hdrh(h: Histogram) -> HdrHistogram:
    """The package's histogram with the same counts (for its encoder and log writer)."""
    out = _empty()
    np.ctypeslib.as_array(out.counts)[:] = h.counts
    nonzero = np.nonzero(h.counts)[0]
    if nonzero.size:
        out.set_internal_tacking_values(int(nonzero[0]), int(nonzero[-1]), h.total)
        out.min_value, out.max_value = h.min_ns, h.max_ns
    return out


def encode(h: Histogram) -> str:
    """HdrHistogram's compressed V2 encoding, base64: what a point stores, and an .hlog line carries."""
    return to_hdrh(h).encode().decode("ascii")


def decode(text: str) -> Histogram:
    """The histogram of an encoding (min and max to their buckets' precision: the encoding keeps counts only)."""
    d = HdrHistogram.decode(text.encode("ascii"))
    counts = np.zeros(COUNTS_LEN, np.int64)
    got = np.ctypeslib.as_array(d.counts).astype(np.int64)
    counts[:min(got.size, COUNTS_LEN)] = got[:COUNTS_LEN]
    nonzero = np.nonzero(counts)[0]
    if not nonzero.size:
        return Histogram(counts, 0, 0)
    return Histogram(counts, int(lowest_value(nonzero[0])), int(highest_value(nonzero[-1])))


def log_text(histograms: list[tuple[str, str]], start_s: float = 0.0, comment: str = "") -> str:
    """An HdrHistogram log (.hlog, format 1.3): one interval line per (tag, encoded histogram), each
    `Tag=<tag>,<start s>,<length s>,<max ms>,<histogram>`. The lab's points are not time intervals: each line
    spans 0-1 s from the run's start (BaseTime), so tools that merge by time merge every point, and by tag one."""
    lines = [f"#{comment}"] if comment else []
    lines += [f"#[Histogram log format version {LOG_FORMAT_VERSION}]",
              f"#[StartTime: {start_s:.3f} (seconds since epoch)]",
              f"#[BaseTime: {start_s:.3f} (seconds since epoch)]",
              '"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"']
    for tag, encoded in histograms:
        max_ms = decode(encoded).max_ns / 1e6
        lines.append(f"Tag={tag},0.000,1.000,{max_ms:.3f},{encoded}")
    return "\n".join(lines) + "\n"


def parse_log(text: str) -> list[tuple[str | None, Histogram]]:
    """(tag, histogram) of each interval line of an HdrHistogram log (what HistogramLogReader reads)."""
    out = []
    for line in text.splitlines():
        if not line or line.startswith("#") or line.startswith('"'):
            continue
        tag = None
        if line.startswith("Tag="):
            tag, line = line[4:].split(",", 1)
        out.append((tag, decode(line.split(",")[3])))
    return out
