"""Every per-point export table carries each parameter a point can vary in as a column of its own, after
point_no, with the same names in every table: for an RPC sweep (transport and reply size from the run and its
procedure, threads, think time, protection and cache from the point) and for a socket run."""

import csv
import io

import pytest
from sqlalchemy.dialects.postgresql import insert

from perflab.models import Analysis
from perflab.services.exports.point_params import point_values

from export_data import make_run
from test_export_csv import wait_for_summary

POINT_HEADER = ["point_no", "transport", "request_bytes", "response_bytes", "threads", "think_time_us",
                "protection", "cache"]
PER_POINT_TABLES = ("points", "rtp", "rtp_segments", "model", "point_step_stats", "demands")
RPC_POINTS = [{"point_no": i, "request_bytes": b, "threads": t, "think_time_us": z, "protection": "none",
               "cache": c} for i, (b, t, z, c) in enumerate([(1392, 1, 0, "per-thread"), (1392, 3, 3000, "single"),
                                                             (4016, 1, 0, "per-thread"), (4016, 6, 9000, "single")])]
RPC_PARAMS = {"transport": "udp", "procedure": "echo", "calls": 40, "warmup_calls": 0, "timeout_s": 60}


def _stat():
    return {"count": 10, "mean_ns": 5.0, "median_ns": 5.0, "p90_ns": 6.0, "p99_ns": 7.0, "p999_ns": 7.0,
            "stddev_ns": 1.0, "ci95_low_ns": 4.0, "ci95_high_ns": 6.0, "min_ns": 3, "max_ns": 8}


def _results(point_nos: list[int]) -> dict[str, dict]:
    """One stored result per analysis kind of a per-point table, rows for `point_nos` (values beside the point)."""
    seg = {"name": "c.send", "kind": "step", "lanes": ["client"], "code": 1, "on_path_share": 1.0,
           "mean_on_path_ns": 10.0, "mean_ns": 10.0, "mean_start_ns": 0.0, "mean_end_ns": 10.0}
    return {
        "rtp": {"points": [{"point_no": p, "calls": 10, "incomplete_calls": 0, "calculated_rtt_ns": 90.0,
                            "untimed_on_path_ns": 0.0, "measured_rtt_ns": 100.0, "percent_error": 10.0,
                            "segments": [seg]} for p in point_nos]},
        "model_vs_measured": {"available": True, "unit": "ms", "rows": [
            {"point_no": p, "label": "x", "threads": 99, "think": 99.0, "model": 1.0, "measured": 1.1,
             "measured_std": 0.1, "percent_error": 9.1, "cv": 0.1, "anomaly": False, "reasons": [],
             "explanation": ""} for p in point_nos]},
        "step_stats": {"points": [{"point_no": p, "steps": [{"code": 1, "name": "c.send", "side": "client",
                                                              "paper": "C8", "runs_per_call": 1.0,
                                                              "stats": _stat()}]} for p in point_nos]},
        "demands": {"unit": "ns", "points": [{"point_no": p, "demands": [
            {"device": "client_cpu", "kind": "queue", "total_ns": 5.0, "phase2_ns": 0.0, "note": ""}]}
            for p in point_nos]},
    }


def _store(db, run_id: int, point_nos: list[int]) -> None:
    wait_for_summary(db, run_id)  # the reaper's own analyses first: then these replace them for good
    with db.session() as s:
        for kind, result in _results(point_nos).items():
            s.execute(insert(Analysis).values(run_id=run_id, kind=kind, batches_seen=1, result=result)
                      .on_conflict_do_update(index_elements=["run_id", "kind"], set_={"result": result}))


def _table(client, run_id: int, name: str) -> tuple[list[str], list[dict]]:
    r = client.get(f"/api/runs/{run_id}/export.csv?table={name}")
    assert r.status_code == 200, (name, r.text)
    rows = list(csv.reader(io.StringIO(r.text)))
    return rows[0], [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def test_an_rpc_sweep_has_every_swept_parameter_in_every_per_point_table(client, db):
    data = make_run(db, calls=40, kind="rpc", params={**RPC_PARAMS, "points": RPC_POINTS}, points=RPC_POINTS)
    _store(db, data["run_id"], [0, 1, 2, 3])
    expected = {p["point_no"]: {"transport": "udp", "request_bytes": str(p["request_bytes"]),
                                "response_bytes": str(p["request_bytes"]),  # echo: the reply is the request
                                "threads": str(p["threads"]), "think_time_us": str(p["think_time_us"]),
                                "protection": "none", "cache": p["cache"]} for p in RPC_POINTS}
    for name in PER_POINT_TABLES:
        header, rows = _table(client, data["run_id"], name)
        assert header[:8] == POINT_HEADER, name
        assert sorted({int(r["point_no"]) for r in rows}) == [0, 1, 2, 3], name
        for r in rows:
            assert {k: r[k] for k in POINT_HEADER[1:]} == expected[int(r["point_no"])], name
    # the model's own columns follow the point's; its threads come from the point, not the analysis
    header, rows = _table(client, data["run_id"], "model")
    assert header[8:10] == ["label", "model_rtt_ns"] and "think_ns" not in header
    assert header.count("threads") == 1 and rows[1]["threads"] == "3"
    # the points table still counts each point's own calls
    _, rows = _table(client, data["run_id"], "points")
    assert [r["calls"] for r in rows] == ["10"] * 4


def test_an_rpc_run_without_echo_replies_with_no_payload():
    run = type("R", (), {"kind": "rpc", "params": {**RPC_PARAMS, "procedure": "sink"}})()
    assert point_values(run, RPC_POINTS[3]) == {"transport": "udp", "request_bytes": 4016, "response_bytes": 0,
                                                "threads": 6, "think_time_us": 9000, "protection": "none",
                                                "cache": "single"}


@pytest.mark.parametrize("kind, params, expected", [
    ("stream", {"transport": "udp", "message_bytes": 1400, "request_bytes": 1400, "response_bytes": 0},
     ("udp", 1400, 0, 1)),
    ("flows", {"transport": "tcp", "mode": "threads", "flows": 4, "request_bytes": 1024, "response_bytes": 512},
     ("tcp", 1024, 512, 4)),
])
def test_socket_runs_fill_the_same_columns(kind, params, expected):
    run = type("R", (), {"kind": kind, "params": params})()
    got = point_values(run, params)
    assert (got["transport"], got["request_bytes"], got["response_bytes"], got["threads"]) == expected
    assert (got["think_time_us"], got["protection"], got["cache"]) == (0, "none", None)


def test_a_socket_ping_pong_has_the_same_point_columns(client, db):
    data = make_run(db, calls=30)
    _store(db, data["run_id"], [0])
    for name in PER_POINT_TABLES:
        header, rows = _table(client, data["run_id"], name)
        assert header[:8] == POINT_HEADER, name
        for r in rows:
            assert [r[k] for k in POINT_HEADER] == ["0", "tcp", "64", "64", "1", "0", "none", ""], name
