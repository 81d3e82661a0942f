"""CSV exports: headers with units, row counts equal to the database's, values against independent numpy
calculations, errors (400/404/409), and a large run streamed without the server holding it in memory."""

import csv
import io
import json
import re
import time
import tracemalloc

import httpx
import numpy as np
import pytest
from sqlalchemy import delete, func, select, update

from perflab.core.config import REPO_ROOT
from perflab.models import Analysis, Run
from perflab.services import step_store

from export_data import make_run
from stored_steps import calls_of, steps_of


def read_csv(response) -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8"))))
    return rows[0], rows[1:]


# every per-point table's parameter columns, after point_no (docs/exports.md)
POINT_HEADER = ["transport", "request_bytes", "response_bytes", "threads", "think_time_us", "protection", "cache"]


def named(header: list[str], rows: list[list[str]]) -> list[dict[str, str]]:
    return [dict(zip(header, r, strict=True)) for r in rows]


def wait_for_summary(db, run_id: int, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with db.session() as s:
            # the analysis worker's work on a finished run (summary, then the analyses' index last) is not measured here
            if all(s.get(Analysis, (run_id, kind)) is not None for kind in ("summary", "analyses")):
                return
        time.sleep(0.1)
    raise AssertionError(f"run {run_id} was not summarised within {timeout_s} s")


def count(db, model, run_id) -> int:
    with db.session() as s:
        return s.scalar(select(func.count()).select_from(model).where(model.run_id == run_id))


def test_calls_csv_has_every_call_with_units_in_the_header(client, db):
    data = make_run(db, calls=500, warmup=20, errors=(33, 250))
    r = client.get(f"/api/runs/{data['run_id']}/export.csv?table=calls")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.headers["content-disposition"] == f'attachment; filename="perflab-run-{data["run_id"]}-calls.csv"'
    header, rows = read_csv(r)
    assert header == ["call_no", "point_no", "start_ns", "end_ns", "rtt_ns", "request_bytes", "response_bytes",
                      "flags", "warmup", "first_call", "error", "retransmits", "send_lag_ns"]
    with db.session() as s:
        assert len(rows) == len(calls_of(s, data["run_id"], ("call_no",))["call_no"]) == 500
    assert [int(r[0]) for r in rows] == list(range(500))
    rtt = np.array([int(r[4]) for r in rows])
    np.testing.assert_array_equal(rtt, data["rtt"])
    assert all(int(r[3]) - int(r[2]) == int(r[4]) for r in rows)
    assert rows[0][8:11] == ["true", "true", "false"] and rows[33][8:11] == ["false", "false", "true"]
    assert {r[11] for r in rows} == {"0"}  # no retransmissions in this run (the ingest tests send some)
    assert {r[12] for r in rows} == {"0"}  # closed loop: never late (tests/test_call_send_lag.py sends lags)
    assert rows[19][8] == "true" and rows[20][8] == "false"


def test_steps_csv_rows_equal_the_database_and_durations_add_up(client, db):
    data = make_run(db, calls=300)
    r = client.get(f"/api/runs/{data['run_id']}/export.csv?table=steps")
    header, rows = read_csv(r)
    assert header == ["call_no", "code", "name", "side", "paper_step", "start_ns", "end_ns", "duration_ns"]
    with db.session() as s:
        assert len(rows) == len(steps_of(s, data["run_id"])["call_no"]) == 300 * 6
    assert [(int(x[0]), int(x[1])) for x in rows[:7]] == [(0, 1), (0, 2), (0, 3), (0, 101), (0, 102), (0, 103),
                                                          (1, 1)]
    by_code = {int(x[1]): x for x in rows[:6]}
    assert by_code[2][2:5] == ["c.wait", "client", "C13–C17"]  # UTF-8 survives (an en dash)
    assert by_code[102][2:4] == ["s.recv", "server"]
    assert all(int(x[6]) - int(x[5]) == int(x[7]) for x in rows)
    start, end = data["steps"][103]
    assert int(by_code[103][5]) == start[0] and int(by_code[103][6]) == end[0]


def test_steps_csv_is_the_stored_rows_described_and_quoted_as_copy_writes_them(client, db):
    """The whole steps CSV against the stored rows: every row in (call, code, start) order, each code's name, side
    and paper step from the step registry (an unknown code described by its range), duration computed; and byte
    for byte each field as COPY … (FORMAT CSV) writes it (the quoting: a paper with a comma quoted, an empty one
    as ""). Over 2,100 calls, so the lines come in several windows, with codes the agents do not send in
    ping-pong runs, unknown codes and two steps of one code in one call, stored in a block of their own that
    spans the run's calls."""
    from perflab.analysis.step_codes import STEP_CODES, side_of
    from perflab.services.exports.csv_stream import header_line, pg_csv_field
    from perflab.services.exports.tables import STEPS

    data = make_run(db, calls=2_100)
    run_id = data["run_id"]
    extra = [(0, 20, 10, 15), (5, 57, 7, 9), (1_500, 150, 3, 4), (2_099, 299, 1, 2), (1_024, 20, 40, 41),
             (1_024, 20, 30, 33), (1_023, 211, 5, 5)]  # code 20: paper ""; 57, 150, 299: unknown; 1,024: a tie
    with db.session() as s, s.connection().connection.driver_connection.cursor() as cur:
        step_store.write_steps(cur, run_id, {k: np.array(v) for k, v in zip(step_store.STEP_FIELDS, zip(*extra))})
    with db.session() as s:
        stored = list(zip(*(steps_of(s, run_id)[k].tolist() for k in step_store.STEP_FIELDS)))

    def described(code: int) -> list[str]:
        known = STEP_CODES.get(code)
        return [known.name, known.side, known.paper] if known else [f"step.{code}", side_of(code), ""]

    expected = [[str(c), str(k), *described(k), str(a), str(b), str(b - a)] for c, k, a, b in sorted(stored)]
    r = client.get(f"/api/runs/{run_id}/export.csv?table=steps")
    assert r.status_code == 200, r.text
    header, rows = read_csv(r)
    assert header == STEPS.header
    assert rows == expected and len(rows) == 2_100 * 6 + len(extra)

    by_copy = header_line(STEPS) + "".join(",".join(pg_csv_field(v) if i in (2, 3, 4) else v
                                                     for i, v in enumerate(row)) + "\n" for row in expected).encode()
    assert r.content == by_copy
    lines = r.content.decode().splitlines()
    assert "0,20,c.retransmit,client,\"\",10,15,5" in lines
    assert "5,57,step.57,client,\"\",7,9,2" in lines
    assert any(line.startswith('0,101,s.wait,server,"S15, S1–S3",') for line in lines)


def test_steps_table_json_and_csv_give_the_same_rows(client, db):
    """table.json reads the steps table's row query, the CSV its blocks of lines: the two say the same."""
    run_id = make_run(db, calls=100)["run_id"]
    as_json = client.get(f"/api/runs/{run_id}/table.json?table=steps")
    assert as_json.status_code == 200, as_json.text
    _, rows = read_csv(client.get(f"/api/runs/{run_id}/export.csv?table=steps"))
    assert [[str(v) for v in row] for row in as_json.json()["rows"]] == rows and len(rows) == 600


def test_points_csv_matches_numpy_over_the_measured_calls(client, db):
    data = make_run(db, calls=1000, warmup=10, errors=(500,))
    header, rows = read_csv(client.get(f"/api/runs/{data['run_id']}/export.csv?table=points"))
    assert header[:12] == ["point_no", *POINT_HEADER, "calls", "warmup_calls", "error_calls", "measured_calls"]
    [row] = rows
    got = dict(zip(header, row))
    measured = data["rtt"][(data["flags"] & 7) == 0]
    measured = measured[1:] if data["flags"][0] & 7 == 0 else measured
    assert (got["calls"], got["warmup_calls"], got["error_calls"]) == ("1000", "10", "1")
    assert int(got["measured_calls"]) == measured.size == 989
    assert float(got["rtt_mean_ns"]) == pytest.approx(measured.mean(), abs=1e-3)
    for key, q in (("rtt_median_ns", 50), ("rtt_p90_ns", 90), ("rtt_p99_ns", 99)):
        assert float(got[key]) == pytest.approx(np.percentile(measured, q), abs=1e-3)  # linear, as numpy
    assert float(got["rtt_stddev_ns"]) == pytest.approx(measured.std(ddof=1), abs=1e-3)
    assert int(got["rtt_min_ns"]) == measured.min() and int(got["rtt_max_ns"]) == measured.max()
    assert json.loads(got["params_json"])["request_bytes"] == 64


def test_step_stats_csv_matches_numpy(client, db):
    data = make_run(db, calls=400, warmup=5)
    header, rows = read_csv(client.get(f"/api/runs/{data['run_id']}/export.csv?table=step_stats"))
    assert header[:6] == ["code", "name", "side", "paper_step", "count", "mean_ns"]
    assert [int(r[0]) for r in rows] == [1, 2, 3, 101, 102, 103]
    keep = np.arange(400) >= 5  # warm-up calls (the first call among them) are not in the statistics
    for row in rows:
        got = dict(zip(header, row))
        start, end = data["steps"][int(got["code"])]
        durations = (end - start)[keep]
        assert int(got["count"]) == durations.size == 395
        assert float(got["mean_ns"]) == pytest.approx(durations.mean(), abs=1e-3)
        assert float(got["p99_ns"]) == pytest.approx(np.percentile(durations, 99), abs=1e-3)


def test_bad_requests_name_the_allowed_values(client, db):
    data = make_run(db, calls=10)
    r = client.get(f"/api/runs/{data['run_id']}/export.csv?table=nope")
    assert r.status_code == 422
    [err] = r.json()["detail"]
    assert err["loc"] == ["query", "table"] and err["msg"] == (
        "table must be one of calls, steps, points, step_stats, rtp, rtp_segments, model, point_step_stats, demands, "
        "unit_cost, unit_cost_sizes, packets, percentiles (got 'nope')")
    r = client.get(f"/api/runs/{data['run_id']}/export.csv")
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["query", "table"]
    r = client.get("/api/runs/9999/export.csv?table=calls")
    assert r.status_code == 404 and r.json()["detail"] == "run 9999 not found"
    with db.session() as s:
        s.execute(update(Run).where(Run.id == data["run_id"]).values(status="running"))
    r = client.get(f"/api/runs/{data['run_id']}/export.csv?table=calls")
    assert r.status_code == 409 and "is running" in r.json()["detail"]
    assert client.get(f"/api/runs/{data['run_id']}/trace.json").status_code == 409


def test_an_analysis_table_is_refused_until_the_analysis_exists(client, db):
    data = make_run(db, calls=10)
    # once the reaper has analysed the run (its index stored last), only the kinds under test are removed: with the
    # index gone the reaper would analyse the run again, racing the rows this test writes
    wait_for_summary(db, data["run_id"])
    with db.session() as s:
        s.execute(delete(Analysis).where(Analysis.run_id == data["run_id"],
                                         Analysis.kind.in_(["rtp", "model_vs_measured"])))
    r = client.get(f"/api/runs/{data['run_id']}/export.csv?table=rtp")
    assert r.status_code == 409
    assert r.json()["detail"].startswith(f"run {data['run_id']} has no 'rtp' analysis")
    with db.session() as s:  # stored, but without a table: the analysis's own reason is passed on
        s.add(Analysis(run_id=data["run_id"], kind="model_vs_measured", batches_seen=1,
                       result={"available": False, "reason": "no complete calls"}))
    r = client.get(f"/api/runs/{data['run_id']}/export.csv?table=model")
    assert r.status_code == 409 and r.json()["detail"] == (
        f"the 'model_vs_measured' analysis of run {data['run_id']} has no model table: no complete calls")
    with db.session() as s:  # rows of another shape are refused, not exported as empty cells
        s.add(Analysis(run_id=data["run_id"], kind="rtp", batches_seen=1, result={"points": [{"segment": "x"}]}))
    r = client.get(f"/api/runs/{data['run_id']}/export.csv?table=rtp")
    assert r.status_code == 409 and "has no rtp table: its stored result has another shape" in r.json()["detail"]
    tables = {t["name"]: t for t in client.get(f"/api/runs/{data['run_id']}/report-data").json()["tables"]}
    assert not tables["rtp"]["available"] and not tables["model"]["available"]


def test_stored_analyses_export_as_tables_that_agree_with_numpy(client, db):
    """The reaper's own analyses of a finished run, through each table's adapter: RTT means against numpy over
    the measured calls, Table 2's error recomputed from its own columns, the step rows against the steps."""
    data = make_run(db, calls=400, warmup=10)
    run_id = data["run_id"]
    wait_for_summary(db, run_id)
    measured = data["rtt"][10:].astype(float)  # after warm-up (the first call is a warm-up call here)

    header, rows = read_csv(client.get(f"/api/runs/{run_id}/export.csv?table=rtp"))
    assert header == ["point_no", *POINT_HEADER, "calls", "incomplete_calls", "calculated_rtt_ns",
                      "untimed_on_path_ns", "measured_rtt_ns", "error_pct"]
    (row,) = named(header, rows)
    assert int(row["calls"]) == measured.size and int(row["incomplete_calls"]) == 0
    assert float(row["measured_rtt_ns"]) == pytest.approx(measured.mean(), abs=0.001)
    calc, meas = float(row["calculated_rtt_ns"]), float(row["measured_rtt_ns"])
    assert float(row["error_pct"]) == pytest.approx((meas - calc) * 100 / meas, abs=0.002)

    header, rows = read_csv(client.get(f"/api/runs/{run_id}/export.csv?table=rtp_segments"))
    stored = client.get(f"/api/runs/{run_id}/analyses/rtp").json()["points"][0]["segments"]
    rows = named(header, rows)
    assert [r["segment"] for r in rows] == [s["name"] for s in stored] and len(rows) > 3
    on_path = sum(float(r["mean_on_path_ns"]) for r in rows if r["kind"] in ("step", "transit"))
    assert on_path == pytest.approx(calc, rel=1e-6)

    header, rows = read_csv(client.get(f"/api/runs/{run_id}/export.csv?table=model"))
    assert header[:13] == ["point_no", *POINT_HEADER, "label", "model_rtt_ns", "measured_rtt_ns",
                           "measured_std_ns", "error_pct"]
    (row,) = named(header, rows)
    assert row["label"] == "64 B" and row["threads"] == "1" and row["anomaly"] in ("true", "false")
    # in ns like every other table, though the analysis keeps the case study's ms
    stored_model = client.get(f"/api/runs/{run_id}/analyses/model_vs_measured").json()["rows"][0]
    assert float(row["model_rtt_ns"]) == pytest.approx(stored_model["model"] * 1e6, abs=0.001)
    assert float(row["measured_rtt_ns"]) == pytest.approx(measured.mean(), abs=500)  # the analysis rounds to µs
    assert float(row["measured_std_ns"]) == pytest.approx(measured.std(ddof=1), abs=500)

    header, rows = read_csv(client.get(f"/api/runs/{run_id}/export.csv?table=point_step_stats"))
    by_code = {int(r["code"]): r for r in named(header, rows)}
    assert set(by_code) == {1, 2, 3, 101, 102, 103}
    assert int(by_code[1]["count"]) == measured.size
    with db.session() as s:
        st = steps_of(s, run_id)
    send = (st["end_ns"] - st["start_ns"])[(st["code"] == 1) & (st["call_no"] >= 10)].astype(float)
    assert float(by_code[1]["median_ns"]) == pytest.approx(np.median(send), abs=0.001)  # no probe cost on the client

    header, rows = read_csv(client.get(f"/api/runs/{run_id}/export.csv?table=demands"))
    assert {r["kind"] for r in named(header, rows)} <= {"queue", "delay"} and len(rows) >= 3
    assert header[:11] == ["point_no", *POINT_HEADER, "device", "kind", "total_ns"]
    # one request size: no unit-cost fit; a socket run: no packet model; both say why
    for table, why in (("unit_cost", "size sweep"), ("packets", "protocol parameters")):
        r = client.get(f"/api/runs/{run_id}/export.csv?table={table}")
        assert r.status_code == 409 and why in r.json()["detail"], r.text


def test_the_table_list_documents_every_column_with_its_unit(client):
    tables = {t["name"]: t for t in client.get("/api/exports/tables").json()}
    assert list(tables) == ["calls", "steps", "points", "step_stats", "rtp", "rtp_segments", "model",
                            "point_step_stats", "demands", "unit_cost", "unit_cost_sizes", "packets", "percentiles"]
    rtt = next(c for c in tables["calls"]["columns"] if c["name"] == "rtt_ns")
    assert rtt["unit"] == "ns" and rtt["description"]
    for t in tables.values():  # a column with a unit carries it in its name
        for c in t["columns"]:
            suffix = {"ns": "_ns", "µs": "_us", "ms": "_ms", "bytes": "_bytes", "%": "_pct", "ns/byte": "_ns_per_byte"}.get(c["unit"])
            assert suffix is None or c["name"].endswith(suffix), c


def test_a_large_run_is_streamed_without_the_server_holding_it(live_server, admin_headers, db):
    """300,000 step rows (about 15 MB of CSV) through a real HTTP server: the body arrives in many pieces and
    the server's Python allocations stay far below the size of the body (tracemalloc covers the server, which
    runs in this process)."""
    data = make_run(db, calls=50_000)
    wait_for_summary(db, data["run_id"])  # the reaper summarises a finished run once, in memory: not measured here
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        size, pieces, lines = 0, 0, 0
        with httpx.stream("GET", f"{live_server}/api/runs/{data['run_id']}/export.csv?table=steps",
                          timeout=120, headers=admin_headers) as r:
            assert r.status_code == 200
            for chunk in r.iter_raw():
                size += len(chunk)
                pieces += 1
                lines += chunk.count(b"\n")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert lines == 1 + 300_000
    assert size > 12_000_000 and pieces > 20
    # the server holds a block being decoded (16,384 steps) and a window of lines: a third of the body, where the
    # run's decoded steps alone would be 9.6 MB and its CSV 17
    assert peak < size / 3, f"peak {peak} bytes while streaming {size} bytes"


def test_docs_list_every_table_with_its_columns_in_order(client):
    """docs/exports.md is the documented column order: it must say what the registry does."""
    doc = (REPO_ROOT / "docs" / "exports.md").read_text()
    for t in client.get("/api/exports/tables").json():
        section = doc.split(f"### `{t['name']}`", 1)
        assert len(section) == 2, f"docs/exports.md has no section for {t['name']}"
        body = section[1].split("\n### ", 1)[0]
        documented = re.findall(r"^\| \d+ \| `([^`]+)` \|", body, re.MULTILINE)
        assert documented == [c["name"] for c in t["columns"]], t["name"]


def test_a_client_that_leaves_mid_export_leaves_no_broken_connection_behind(live_server, admin_headers, db):
    data = make_run(db, calls=20_000)
    url = f"{live_server}/api/runs/{data['run_id']}/export.csv?table=steps"
    for _ in range(3):  # more than once: a connection left mid-COPY in the pool would fail the next export
        with httpx.stream("GET", url, timeout=60, headers=admin_headers) as r:
            first = next(r.iter_raw())
            assert first.startswith(b"call_no,code,")
    r = httpx.get(url, timeout=60, headers=admin_headers)
    assert r.status_code == 200 and r.content.count(b"\n") == 1 + 120_000
    assert httpx.get(f"{live_server}/api/runs/{data['run_id']}/export.csv?table=calls", headers=admin_headers).content.count(b"\n") == 20_001


def test_packet_table_follows_the_packet_model_and_the_dce_paper(client, db):
    """The packets adapter over a stored result of the packet model with the DCE paper's parameters: 64,256 bytes
    take 16 RPC packets and 48 Ethernet frames (dce_rpc_1995.json), 4,016 bytes one RPC packet in 3 frames."""
    from perflab.analysis.packet_model import PacketParams, count

    data = make_run(db, calls=10)
    wait_for_summary(db, data["run_id"])
    with db.session() as s:
        stored = s.get(Analysis, (data["run_id"], "packets"))
        stored.result = {"available": True, "params": PacketParams().__dict__,
                         "counts": [count(n, PacketParams()).__dict__ for n in (1000, 4016, 64256)], "jumps": []}
    header, rows = read_csv(client.get(f"/api/runs/{data['run_id']}/export.csv?table=packets"))
    assert header == ["request_bytes", "rpc_packets", "network_packets", "data_per_network_packet_bytes"]
    assert [r[:3] for r in rows] == [["1000", "1", "1"], ["4016", "1", "3"], ["64256", "16", "48"]]
    assert sum(int(b) for b in rows[2][3].split()) == 64256


def test_the_model_s_flagged_points_become_anomaly_notes(client, db):
    data = make_run(db, calls=50)
    wait_for_summary(db, data["run_id"])
    with db.session() as s:
        stored = s.get(Analysis, (data["run_id"], "model_vs_measured"))
        assert stored.result["available"], stored.result
        rows = [dict(r) for r in stored.result["rows"]]
        rows[0].update(anomaly=True, reasons=["error", "spread"], explanation="64 B calls, 3 threads: 30% above")
        stored.result = {**stored.result, "rows": rows}
    notes = client.get(f"/api/runs/{data['run_id']}/report-data").json()["notes"]
    assert {"kind": "model", "text": "64 B calls, 3 threads: 30% above (error and spread)"} in notes
    header, rows = read_csv(client.get(f"/api/runs/{data['run_id']}/export.csv?table=model"))
    (row,) = named(header, rows)
    assert (row["anomaly"], row["reasons"]) == ("true", "error spread")
