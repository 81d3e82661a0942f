"""The tails analysis's exports: the percentile table (CSV) and the HDR histograms (.hlog), downloaded from a
finished run the analysis worker analysed, each parsed and checked against numpy over the measured calls."""

import csv
import io
import time

import numpy as np
import pytest
from hdrh.histogram import HdrHistogram
from sqlalchemy import delete

from perflab.analysis import hdr_histogram as hdr
from perflab.models import Analysis

from export_data import make_run


def wait_for_analyses(db, run_id: int, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with db.session() as s:
            if all(s.get(Analysis, (run_id, kind)) is not None for kind in ("summary", "analyses", "tails")):
                return
        time.sleep(0.1)
    raise AssertionError(f"run {run_id} was not analysed within {timeout_s} s")


def test_percentiles_csv_and_hlog_agree_with_the_measured_calls(client, db):
    data = make_run(db, calls=3000, warmup=10)
    run_id = data["run_id"]
    wait_for_analyses(db, run_id)
    measured = np.sort(data["rtt"][10:].astype(np.int64))  # after warm-up (the first call is a warm-up call here)
    n = measured.size

    r = client.get(f"/api/runs/{run_id}/export.csv?table=percentiles")
    assert r.status_code == 200, r.text
    rows = list(csv.DictReader(io.StringIO(r.content.decode("utf-8"))))
    assert [row["percentile"] for row in rows] == ["p50", "p90", "p99", "p99.9", "p99.99", "max"]
    by = {row["percentile"]: row for row in rows}
    for name, p in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("p99.9", 0.999)):
        assert int(by[name]["value_ns"]) == measured[int(np.ceil(p * n)) - 1], name  # nearest rank
        assert int(by[name]["rests_on_calls"]) == int((measured >= int(by[name]["value_ns"])).sum())
        assert by[name]["loop"] == "closed" and int(by[name]["calls"]) == n
    assert int(by["p99"]["ci95_low_ns"]) <= int(by["p99"]["value_ns"]) <= int(by["p99"]["ci95_high_ns"])
    assert by["p99.99"]["ci95_high_ns"] == "" and "too few" in by["p99.99"]["no_interval_reason"]
    assert [row["p"] for row in rows] == ["0.5", "0.9", "0.99", "0.999", "0.9999", "1"]  # not rounded to 1.0
    assert int(by["max"]["value_ns"]) == measured[-1]

    r = client.get(f"/api/runs/{run_id}/latency.hlog")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    assert r.headers["content-disposition"] == f'attachment; filename="perflab-run-{run_id}-latency.hlog"'
    text = r.text
    assert "#[Histogram log format version 1.3]" in text and "closed loop" in text
    logged = dict(hdr.parse_log(text))
    h = logged["point=0"]
    assert h.total == n
    # each step of the point, over the same measured calls: s.recv's times (make_run's step 102) to 0.1 %
    recv = logged["point=0;step=s.recv"]
    assert recv.total == n and set(logged) == {"point=0", *(f"point=0;step={k}" for k in
                                                            ("c.send", "c.wait", "c.recv", "s.wait", "s.recv", "s.send"))}
    recv_ns = np.sort((data["steps"][102][1] - data["steps"][102][0])[10:])
    at99 = recv_ns[max(1, int(99 * n / 100 + 0.5)) - 1]  # HdrHistogram's rank, as for the point's latency below
    assert at99 <= hdr.value_at(recv, 99) <= at99 * 1.001 + 1
    line = next(x for x in text.splitlines() if x.startswith("Tag=point=0,"))
    back = HdrHistogram.decode(line.split(",")[4].encode())  # the package reads the payload as HdrHistogram does
    for p in (50, 90, 99):
        exact = measured[max(1, int(p * n / 100 + 0.5)) - 1]
        assert exact <= back.get_value_at_percentile(p) <= exact * 1.001
    assert float(line.split(",")[3]) == pytest.approx(h.max_ns / 1e6, abs=0.001)  # the interval max, ms


def test_the_hdr_export_says_why_when_there_are_no_tails(client, db):
    data = make_run(db, calls=50)
    wait_for_analyses(db, data["run_id"])
    with db.session() as s:
        s.execute(delete(Analysis).where(Analysis.run_id == data["run_id"], Analysis.kind == "tails"))
    r = client.get(f"/api/runs/{data['run_id']}/latency.hlog")
    assert r.status_code == 409 and "no 'tails' analysis" in r.json()["detail"]
