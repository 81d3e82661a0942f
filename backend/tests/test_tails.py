"""Tails (analysis/tails.py, analysis/hdr_histogram.py) against independent calculations: binomial ranks by a
brute-force scan, HDR values against numpy and the hdrhistogram package, merging against building on the
concatenation, attribution on calls with a known inflated step, the .hlog text read back."""

import math

import numpy as np
import pytest
from hdrh.histogram import HdrHistogram

from perflab.analysis import hdr_histogram as hdr
from perflab.analysis.run_analyses import compute
from perflab.analysis.tails import (attribution, calls_needed, order_statistic_ranks, percentiles, point_tails)
import rpc_synth


def _binom_cdfs(n: int, p: float) -> list[float]:
    """P(B <= k) for k = 0..n, the terms from log-gamma and summed in order: no scipy."""
    out, total = [], 0.0
    for i in range(n + 1):
        total += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                          + i * math.log(p) + (n - i) * math.log1p(-p))
        out.append(total)
    return out


@pytest.mark.parametrize("n,p", [(20, 0.5), (100, 0.9), (400, 0.99), (1000, 0.99), (250, 0.5), (3000, 0.999),
                                 (50, 0.99)])
def test_order_statistic_ranks_are_the_widest_admissible_by_a_brute_force_scan(n, p):
    lo, hi = order_statistic_ranks(n, p)
    a = 0.025
    cdfs = _binom_cdfs(n, p)

    def _binom_cdf(k, n, p):
        return 0.0 if k < 0 else cdfs[min(k, n)]
    # l: the largest rank with P(B < l) <= a; u: the smallest with P(B >= u) <= a (each scanned over every rank)
    want_lo = max(l for l in range(0, n + 1) if _binom_cdf(l - 1, n, p) <= a + 1e-12)
    want_hi = min([u for u in range(1, n + 1) if 1 - _binom_cdf(u - 1, n, p) <= a + 1e-12] or [n + 1])
    assert (lo, hi) == (want_lo, want_hi)
    if 1 <= lo and hi <= n:
        assert _binom_cdf(hi - 1, n, p) - _binom_cdf(lo - 1, n, p) >= 0.95 - 1e-9


def test_percentile_intervals_cover_the_true_quantile_about_95_percent_of_the_time():
    rng = np.random.default_rng(7)
    true_p99 = -np.log(0.01)  # exponential(1)
    covered = sum(r["ci_low_ns"] <= true_p99 * 1e6 <= r["ci_high_ns"]
                  for r in (next(x for x in percentiles((rng.exponential(1, 2000) * 1e6).astype(np.int64))
                                 if x["name"] == "p99") for _ in range(300)))
    assert 0.92 <= covered / 300 <= 0.995


def test_percentiles_say_when_the_calls_are_too_few():
    x = np.arange(1, 1001) * 1000
    rows = {r["name"]: r for r in percentiles(x)}
    assert rows["p50"]["value_ns"] == 500_000 and rows["p50"]["ci_low_ns"] < 500_000 < rows["p50"]["ci_high_ns"]
    assert rows["p99"]["value_ns"] == 990_000 and rows["p99"]["rests_on"] == 11
    assert rows["p99.99"]["ci_high_ns"] is None and "too few" in rows["p99.99"]["reason"]
    need = calls_needed(0.9999)
    assert f"{need:,}" in rows["p99.99"]["reason"]
    assert order_statistic_ranks(need, 0.9999)[1] == need and order_statistic_ranks(need - 1, 0.9999)[1] == need
    assert rows["max"]["value_ns"] == 1_000_000 and rows["max"]["rests_on"] == 1


def test_hdr_values_within_a_tenth_of_a_percent_of_numpy():
    seed = int(np.random.SeedSequence().entropy % 2**32)
    print(f"seed {seed}")
    rng = np.random.default_rng(seed)
    x = (rng.lognormal(11, 1.5, 200_000)).astype(np.int64) + 1
    h = hdr.build(x)
    for p in (50, 90, 99, 99.9):
        assert abs(hdr.value_at(h, p) - np.percentile(x, p)) <= 0.001 * np.percentile(x, p) + 1, (seed, p)
    s = np.sort(x)
    for p in (0.1, 25, 50, 99, 99.9, 99.99):  # HdrHistogram's own rank: round(p n), at least 1
        exact = s[max(1, int(p * x.size / 100 + 0.5)) - 1]
        assert exact <= hdr.value_at(h, p) <= exact * 1.001, (seed, p)
    assert hdr.value_at(h, 100) == x.max() and hdr.value_at(h, 0) == x.min()


def test_hdr_buckets_are_the_packages():
    rng = np.random.default_rng(3)
    x = np.concatenate((rng.integers(0, 5000, 500), rng.lognormal(12, 2.5, 5000).astype(np.int64)))
    ref = HdrHistogram(hdr.LOWEST_NS, hdr.HIGHEST_NS, hdr.SIGNIFICANT_DIGITS)
    for v in x:
        ref.record_value(int(v))
    h = hdr.build(x)
    assert np.array_equal(h.counts, np.ctypeslib.as_array(ref.counts))
    for p in (1, 50, 90, 99, 99.9):
        assert hdr.value_at(h, p) == ref.get_value_at_percentile(p)
    back = HdrHistogram.decode(hdr.encode(h).encode())  # the package reads the lab's encoding
    assert back.get_total_count() == x.size and back.get_value_at_percentile(99) == ref.get_value_at_percentile(99)


def test_merge_is_building_on_the_concatenation():
    rng = np.random.default_rng(11)
    a, b = rng.lognormal(10, 1, 3000).astype(np.int64), rng.lognormal(13, 1, 700).astype(np.int64)
    m, both = hdr.merge(hdr.build(a), hdr.build(b)), hdr.build(np.concatenate((a, b)))
    assert np.array_equal(m.counts, both.counts) and (m.min_ns, m.max_ns) == (both.min_ns, both.max_ns)
    assert hdr.encode(m) == hdr.encode(both)
    assert np.array_equal(hdr.decode(hdr.encode(m)).counts, both.counts)


def test_spectrum_is_hdrhistograms_percentile_distribution():
    rng = np.random.default_rng(5)
    x = rng.lognormal(11, 1, 20_000).astype(np.int64)
    rows = hdr.spectrum(hdr.build(x))
    ref = hdr.to_hdrh(hdr.build(x))
    levels = [r["percentile"] for r in rows]
    assert levels[:3] == [0.0, 0.1, 0.2] and rows[-1]["percentile"] == 1.0 and rows[-1]["value_ns"] == x.max()
    assert all(b > a for a, b in zip(levels, levels[1:]))
    for r in rows[1:-1]:
        assert r["value_ns"] == ref.get_value_at_percentile(r["percentile"] * 100)
        assert r["inverse_tail"] == pytest.approx(1 / (1 - r["percentile"]), rel=1e-4)
    assert max(r["inverse_tail"] or 0 for r in rows) <= x.size


def test_log_text_is_read_back_by_tag():
    rng = np.random.default_rng(2)
    xs = [rng.lognormal(10 + i, 1, 1000).astype(np.int64) for i in range(3)]
    text = hdr.log_text([(f"point={i}", hdr.encode(hdr.build(x))) for i, x in enumerate(xs)], comment="run 9")
    assert "#[Histogram log format version 1.3]" in text
    back = hdr.parse_log(text)
    assert [t for t, _ in back] == ["point=0", "point=1", "point=2"]
    for (_, h), x in zip(back, xs):
        assert h.total == x.size and hdr.value_at(h, 99) == hdr.value_at(hdr.build(x), 99)


def _calls(n: int, steps: int, seed: int, inflate: dict[int, float] | None = None, every: int = 100):
    """n calls whose latency is the sum of `steps` segments (each ~ 10 µs ± noise); inflate[j]: step j of every
    `every`-th call takes that much more."""
    rng = np.random.default_rng(seed)
    seg = rng.gamma(20, 500, size=(n, steps))
    for j, extra in (inflate or {}).items():
        seg[every - 1::every, j] += extra
    lat = seg.sum(axis=1) + rng.normal(0, 50, n)  # a little untimed time
    return lat.astype(np.int64), {f"step{j}": seg[:, j] for j in range(steps)}


def test_attribution_names_the_inflated_step():
    lat, segs = _calls(20_000, 6, seed=1, inflate={3: 200_000})
    a = attribution(lat, np.arange(lat.size), segs, 0.99, "p99")
    top = a["segments"][0]
    assert top["segment"] == "step3" and top["share"] >= 0.9 and top["share_low"] >= 0.85
    assert sum(r["share"] for r in a["segments"]) == pytest.approx(1.0)
    assert a["excess_ns"] == pytest.approx(a["tail_mean_ns"] - a["median_ns"])
    assert "step3" in a["sentence"] and a["sentence"].startswith("p99 calls")
    assert len(a["call_nos"]) == 200 and all(c % 100 == 99 for c in a["call_nos"])


def test_attribution_without_an_inflated_step_names_none_above_chance():
    lat, segs = _calls(20_000, 5, seed=4)
    a = attribution(lat, np.arange(lat.size), segs, 0.99, "p99")
    shares = [r["share"] for r in a["segments"] if r["segment"].startswith("step")]
    assert len(shares) == 5 and all(0.1 <= s <= 0.3 for s in shares), shares  # each ~1/5
    assert sum(r["share"] for r in a["segments"]) == pytest.approx(1.0)


def test_point_tails_labels_its_loop_and_refuses_another():
    lat, segs = _calls(5000, 3, seed=2, inflate={0: 100_000})
    t = point_tails(lat, np.arange(lat.size), segs, np.arange(lat.size), loop="open")
    assert t["loop"] == "open" and [a["level"] for a in t["attribution"]] == ["p99"]  # p99.9 rests on 5 calls
    assert point_tails(lat, np.arange(lat.size))["attribution_reason"].startswith("the run has no round trip path")
    with pytest.raises(ValueError):
        point_tails(lat, np.arange(lat.size), loop="half")


def test_the_run_analyses_find_a_stalled_server_step():
    """rpc_synth stalls s.service of every 100th call: the tails kind names it as the p99's maker."""
    pts = [{"request_bytes": 100, "threads": 1, "think_time_us": 0, "cache": "per-thread", "stall_every": 100,
            "stall_ns": 400_000}]
    tr, params, _ = rpc_synth.sweep(pts, calls=3000, net_cv=0.2)
    out = compute(tr, params, {}, same_clock=True)["tails"]
    assert out["available"] and out["loop"] == "closed"
    (point,) = out["points"]
    p99 = point["attribution"][0]
    assert p99["segments"][0]["segment"] == "s.service" and p99["segments"][0]["share"] >= 0.9, p99["segments"]
    assert "s.service" in p99["sentence"]
    assert [r["name"] for r in point["percentiles"]] == ["p50", "p90", "p99", "p99.9", "p99.99", "max"]
    assert hdr.decode(point["hdr"]).total == point["calls"]


def test_a_256_point_sweep_keeps_its_tails_small():
    """Each point keeps its percentiles, histogram and a spectrum, coarser on a large sweep (run_analyses.tails):
    the stored result grows by a few KB a point, whatever the calls."""
    import json

    from perflab.analysis import trace as trace_mod
    from perflab.analysis.run_analyses import tails

    rng = np.random.default_rng(1)
    points, n = 256, 2000
    total = points * n
    calls = {"call_no": np.arange(total), "point_no": np.repeat(np.arange(points), n), "flags": np.zeros(total, int),
             "start_ns": np.arange(total) * 1000, "rtt_ns": (30_000 + rng.lognormal(8, 1.5, total)).astype(np.int64),
             "request_bytes": np.zeros(total, int), "response_bytes": np.zeros(total, int)}
    tr = trace_mod.build(calls, {"call_no": [], "code": [], "start_ns": [], "end_ns": []})
    out = tails(tr, None, tr.rtt_ns)
    size = len(json.dumps(out))
    print(f"{size / 1e3:.0f} KB for {points} points")
    assert size < 1_000_000 and all(p["spectrum"] and p["hdr"] for p in out["points"])
    assert len(out["points"][0]["spectrum"]) < 20  # one tick a halving
