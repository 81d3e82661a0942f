"""Chrome Trace Event export: the format rules Perfetto and chrome://tracing rely on, flows paired from each
send to its receive, tracks per agent thread, and server times moved onto the client's clock."""

import json
import tracemalloc
from collections import Counter, defaultdict

import httpx
import pytest


from export_data import make_run
from stored_steps import calls_of, replace_calls
from perflab.models import Analysis
from test_export_csv import wait_for_summary

PHASES = {"X", "M", "s", "f"}


def get_trace(client, run_id) -> dict:
    r = client.get(f"/api/runs/{run_id}/trace.json")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json"
    assert r.headers["content-disposition"] == f'attachment; filename="perflab-run-{run_id}-trace.json"'
    return json.loads(r.content)


def check_format(trace: dict) -> dict:
    """The JSON Object Format rules (Trace Event Format, Google, 2016): returns the events by phase."""
    assert isinstance(trace["traceEvents"], list)
    by_ph = defaultdict(list)
    for e in trace["traceEvents"]:
        assert e["ph"] in PHASES, e
        assert isinstance(e["pid"], int) and isinstance(e["name"], str)
        by_ph[e["ph"]].append(e)
        if e["ph"] == "M":
            assert e["name"] in {"process_name", "thread_name", "process_sort_index", "thread_sort_index"}
            assert isinstance(e["args"], dict)
            if e["name"] == "thread_name":
                assert isinstance(e["tid"], int)
            continue
        assert isinstance(e["tid"], int) and isinstance(e["ts"], (int, float)) and isinstance(e["cat"], str)
        if e["ph"] == "X":
            assert isinstance(e["dur"], (int, float)) and e["dur"] >= 0
        else:
            assert isinstance(e["id"], int)
    return by_ph


def enclosing(slices, pid, tid, ts):
    return [x for x in slices if x["pid"] == pid and x["tid"] == tid and x["ts"] <= ts <= x["ts"] + x["dur"]]


def test_trace_follows_the_format_with_a_flow_from_each_send_to_its_receive(client, db):
    data = make_run(db, calls=200, warmup=5)
    trace = get_trace(client, data["run_id"])
    assert trace["displayTimeUnit"] == "ns"
    by_ph = check_format(trace)
    names = {(m["pid"], m["args"]["name"]) for m in by_ph["M"] if m["name"] == "process_name"}
    assert names == {(1, "client exp-client (host-a)"), (2, "server exp-server (host-a)")}
    threads = {(m["pid"], m["tid"]) for m in by_ph["M"] if m["name"] == "thread_name"}
    assert threads == {(1, 0), (2, 0)}
    slices = by_ph["X"]
    assert Counter(x["name"] for x in slices) == {"call": 200, "c.send": 200, "c.wait": 200, "c.recv": 200,
                                                  "s.wait": 200, "s.recv": 200, "s.send": 200}
    # µs with ns precision, from the first call: call 7's c.send lasts exactly what was stored
    t0 = data["t"][0]
    send = next(x for x in slices if x["name"] == "c.send" and x["args"]["call_no"] == 7)
    start, end = data["steps"][1]
    assert send["ts"] == pytest.approx((start[7] - t0[0]) / 1000, abs=5e-4)
    assert send["dur"] == pytest.approx((end[7] - start[7]) / 1000, abs=5e-4)
    call = next(x for x in slices if x["name"] == "call" and x["args"]["call_no"] == 7)
    assert call["args"]["rtt_ns"] == data["rtt"][7]

    starts, finishes = by_ph["s"], by_ph["f"]
    assert len(starts) == len(finishes) == 2 * 200
    assert len({e["id"] for e in starts}) == len(starts)
    finish_by_id = {e["id"]: e for e in finishes}
    assert set(finish_by_id) == {e["id"] for e in starts}
    for s in starts:
        f = finish_by_id[s["id"]]
        assert f["bp"] == "e" and f["name"] == s["name"] and f["cat"] == s["cat"] == "flow"
        assert f["pid"] != s["pid"]  # from one agent to the other
        assert f["ts"] >= s["ts"]  # a message arrives after it was sent (same clock here)
        assert enclosing(slices, s["pid"], s["tid"], s["ts"]) and enclosing(slices, f["pid"], f["tid"], f["ts"])
    request = [s for s in starts if s["name"] == "request"]
    assert {s["pid"] for s in request} == {1} and {finish_by_id[s["id"]]["pid"] for s in request} == {2}
    assert trace["otherData"]["clock_alignment"]["method"] == "same-host"


def test_server_times_are_moved_onto_the_client_clock_across_hosts(client, db):
    offset = 3_250_000  # the server's clock reads 3.25 ms more
    data = make_run(db, calls=100, server_offset_ns=offset, same_host=False)
    trace = get_trace(client, data["run_id"])
    clock = trace["otherData"]["clock_alignment"]
    assert clock["method"] == "fitted" and clock["calls_used"] == 99  # the clock analysis's: call 0 left out
    # the synthetic network is symmetric, so the estimate is exact; its bound is at least half the shortest delay
    assert clock["offset_ns"] == pytest.approx(offset, abs=1)
    t0, t1, t2, t3 = data["t"]
    assert clock["uncertainty_ns"] >= ((t3 - t0) - (t2 - t1)).min() / 2
    by_ph = check_format(trace)
    recv = next(x for x in by_ph["X"] if x["name"] == "s.recv" and x["args"]["call_no"] == 3)
    assert recv["ts"] == pytest.approx((t1[3] - t0[0]) / 1000, abs=5e-4)  # on the client's time line


def test_the_trace_applies_the_stored_clock_analysis(client, db):
    """One answer for a run's clock: the trace maps server times by the stored `clock` analysis (offset and
    drift), which the round-trip path and the Agents page read too; checked against the synthetic truth."""
    data = make_run(db, calls=400, server_offset_ns=-1_750_000, server_drift_ppm=40.0, same_host=False)
    trace = get_trace(client, data["run_id"])
    with db.session() as s:
        stored = s.get(Analysis, (data["run_id"], "clock")).result
    clock = trace["otherData"]["clock_alignment"]
    assert stored["available"] and not stored["same_clock"]
    for key in ("offset_ns", "drift_ppm", "ref_ns"):
        assert clock[key] == stored[key], key
    assert clock["uncertainty_ns"] == stored["error_bound_ns"] and clock["calls_used"] == stored["calls"]
    # independently: every server step lands where the client's clock saw it (40 ppm over the run's 40 ms is
    # 1.6 µs: an offset alone would miss by up to that)
    t0, t1, t2, _ = data["t"]
    by_ph = check_format(trace)
    for name, truth in (("s.recv", t1), ("s.send", t2)):
        got = {x["args"]["call_no"]: x["ts"] for x in by_ph["X"] if x["name"] == name}
        calls = sorted(got)
        assert len(calls) == 400
        err = max(abs(got[i] - (truth[i] - t0[0]) / 1000) for i in calls)
        assert err < 0.005, (name, err)  # µs


def test_the_thread_column_gives_each_agent_thread_its_track(client, db):
    data = make_run(db, calls=40)
    with db.session() as s:  # the calls say which client thread made them; their steps follow
        calls = calls_of(s, data["run_id"])
        replace_calls(s, data["run_id"], {**calls, "thread": calls["call_no"] % 2})
    by_ph = check_format(get_trace(client, data["run_id"]))
    threads = {(m["pid"], m["tid"]): m["args"]["name"] for m in by_ph["M"] if m["name"] == "thread_name"}
    assert threads == {(1, 0): "thread 0", (1, 1): "thread 1", (2, 0): "serving client thread 0",
                       (2, 1): "serving client thread 1"}
    for name in ("call", "c.send", "s.send"):
        odd = [x for x in by_ph["X"] if x["name"] == name and x["args"]["call_no"] % 2 == 1]
        assert odd and {x["tid"] for x in odd} == {1}, name


def test_a_failed_run_still_exports_what_was_measured(client, db):
    data = make_run(db, calls=30, status="failed", reason="agent exp-server vanished (no heartbeat for 10 s)")
    by_ph = check_format(get_trace(client, data["run_id"]))
    assert sum(1 for x in by_ph["X"] if x["name"] == "call") == 30
    assert client.get("/api/runs/12345/trace.json").status_code == 404


def test_a_large_trace_is_streamed_without_the_server_holding_it(live_server, admin_headers, db, tmp_path):
    """20,000 calls (160,000 events, ~25 MB of JSON) through a real HTTP server: it parses, and the server's
    Python allocations (tracemalloc; the server runs in this process) stay far below the size of the body."""
    data = make_run(db, calls=20_000)
    wait_for_summary(db, data["run_id"])  # the reaper's summary and analyses are in memory: not measured here
    path = tmp_path / "trace.json"
    tracemalloc.start()
    try:
        with httpx.stream("GET", f"{live_server}/api/runs/{data['run_id']}/trace.json", timeout=120, headers=admin_headers) as r, \
                path.open("wb") as out:
            assert r.status_code == 200
            for chunk in r.iter_raw():
                out.write(chunk)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    size = path.stat().st_size
    trace = json.loads(path.read_bytes())
    assert sum(1 for e in trace["traceEvents"] if e["ph"] == "X") == 20_000 * 7
    assert size > 20_000_000 and peak < size / 4, f"peak {peak} bytes while streaming {size} bytes"
