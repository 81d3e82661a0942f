"""The model is built on the right point (issue 13, item 3; issue 30, item 4): each call kind's rows are predicted
from that kind's 1-thread point at the same think time (the no-think one where the run has none at that think
time); a sweep without any names the loaded point it fell back to, never silently; the lab appends the missing
base points at launch, one per call kind and think time."""

from perflab.analysis.run_analyses import compute
from perflab.kinds.rpc import base_point_note, with_base_points
from rpc_synth import sweep


def test_rows_name_their_base_point_and_a_loaded_base_is_said():
    pts = [{"request_bytes": 1392, "threads": 1, "think_time_us": 9000},  # 1 thread at think 9 ms: its own base
           {"request_bytes": 1392, "threads": 3, "think_time_us": 0},
           {"request_bytes": 1392, "threads": 1, "think_time_us": 0},  # the base, listed last
           {"request_bytes": 4016, "threads": 3, "think_time_us": 9000},
           {"request_bytes": 4016, "threads": 3, "think_time_us": 0}]  # no 1-thread point of 4016 B
    tr, params, _ = sweep(pts, calls=20)
    out = compute(tr, params, {}, same_clock=True)["model_vs_measured"]
    assert out["available"], out
    rows = {r["point_no"]: r for r in out["rows"]}
    assert [rows[p]["base_point_no"] for p in range(3)] == [0, 2, 2]
    assert not any(rows[p]["base_loaded"] for p in range(3))
    # 4016 B: the least-loaded point (3 threads, no think) is used, and the result says so
    assert rows[3]["base_point_no"] == rows[4]["base_point_no"] == 4
    assert rows[3]["base_loaded"] and rows[4]["base_loaded"]
    [note] = out["notes"]
    assert "4016 B" in note and "point 4" in note and "queueing" in note
    bases = {(b["label"], b["think_ms"]): b for b in out["base_points"]}
    assert bases["1392 B", 0]["point_no"] == 2 and not bases["1392 B", 0]["loaded"]
    assert bases["1392 B", 9]["point_no"] == 0 and not bases["1392 B", 9]["loaded"]
    # 4016 B at think 9 ms has no 1-thread point of its own: the kind's (loaded) base, said once
    assert bases["4016 B", 0]["point_no"] == bases["4016 B", 9]["point_no"] == 4


def test_launch_appends_the_missing_base_points_after_the_sweep():
    pts = [{"point_no": i, "request_bytes": b, "threads": t, "think_time_us": z, "protection": "none", "cache": c}
           for i, (b, t, z, c) in enumerate([(1392, 1, 0, "single"), (1392, 3, 9000, "single"),
                                             (4016, 3, 0, "single"), (4016, 3, 0, "per-thread")])]
    out, added = with_base_points(pts)
    assert out[:4] == pts and added == [4, 5, 6, 7, 8]  # the requested points keep their numbers
    # one 1-thread point per call kind and think time of the sweep (0 and 9 ms)
    assert [(p["request_bytes"], p["cache"], p["threads"], p["think_time_us"], p["point_no"]) for p in out[4:]] == \
        [(1392, "single", 1, 9000, 4), (4016, "single", 1, 0, 5), (4016, "single", 1, 9000, 6),
         (4016, "per-thread", 1, 0, 7), (4016, "per-thread", 1, 9000, 8)]
    assert with_base_points(out) == (out, [])  # nothing missing any more
    note = base_point_note(out, added)
    assert "4, 5, 6, 7, 8" in note and "4016 B none single think 9 ms" in note and "idle gap" in note
