"""The trace's weight (issue 37, item 10): a step's slice carries only its call (the name says the step, dur its
time to the ns), the trace comes gzipped when asked (the same JSON inside, a .json.gz Perfetto opens), and its size
is said before the download from the run's stored rows."""

import gzip
import json


from export_data import make_run
from test_export_trace import check_format, get_trace


def test_step_slices_carry_only_their_call(client, db):
    data = make_run(db, calls=50, warmup=2)
    by_ph = check_format(get_trace(client, data["run_id"]))
    steps = [x for x in by_ph["X"] if x["name"] != "call"]
    assert steps and all(x["args"] == {"call_no": x["args"]["call_no"]} for x in steps)
    calls = [x for x in by_ph["X"] if x["name"] == "call"]
    assert all({"call_no", "rtt_ns", "flags", "thread"} <= set(x["args"]) for x in calls)


def test_gzip_is_the_same_trace_smaller_and_its_size_is_said_before(client, db):
    data = make_run(db, calls=300, warmup=5)
    run_id = data["run_id"]
    plain = client.get(f"/api/runs/{run_id}/trace.json")
    packed = client.get(f"/api/runs/{run_id}/trace.json?compress=gzip")
    assert packed.status_code == 200, packed.text
    assert packed.headers["content-type"] == "application/gzip"
    assert packed.headers["content-disposition"] == f'attachment; filename="perflab-run-{run_id}-trace.json.gz"'
    # served as a file, not a transfer encoding: the download stays compressed on disk
    assert "content-encoding" not in packed.headers
    inner = gzip.decompress(packed.content)
    assert json.loads(inner) == json.loads(plain.content)
    assert len(packed.content) * 4 < len(plain.content)
    events = len(json.loads(plain.content)["traceEvents"])
    size = client.get(f"/api/runs/{run_id}/trace-size").json()
    # the events from the stored rows (the file adds only its few track names; a call may lack a flow)
    assert 0.97 * events <= size["events"] <= events
    assert size["json_bytes"] > 0 and size["gzip_bytes"] > 0 and size["gzip_bytes"] < size["json_bytes"]
    bad = client.get(f"/api/runs/{run_id}/trace.json?compress=zip")
    assert bad.status_code == 422 and "compress" in bad.text


def test_trace_size_of_an_unknown_run_is_404(client, db):
    assert client.get("/api/runs/999999/trace-size").status_code == 404
