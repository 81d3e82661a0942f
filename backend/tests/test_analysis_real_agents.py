"""The analyses of a real ping-pong between two real agents on one machine (loopback), computed by the reaper
when the run ends: both agents read one clock, so the true offset is 0 and the fitted offset must lie within its
own error bound of it; the round trip path must mark the waits beside the path and explain the measured RTT."""

import pytest

from test_agent_integration import analysed, lab, launch_pingpong  # noqa: F401 - lab is a fixture


def test_a_real_run_is_analysed_when_it_ends(lab):  # noqa: F811
    http, ids, _ = lab
    run_id = launch_pingpong(http, ids, transport="tcp", calls=3000, warmup_calls=50)["id"]
    run, index = analysed(http, run_id, 60)
    assert "rtp" in index["kinds"]

    clock = http.get(f"/api/runs/{run_id}/analyses/clock").json()
    assert clock["same_clock"] is True
    assert abs(clock["offset_ns"]) <= clock["error_bound_ns"], clock
    # loopback: stalled buckets dropped, the rest within microseconds when quiet; a loaded 2-core VM adds
    # scheduling stalls of a few hundred µs to the best call of a bucket, hence the 1 ms bar
    assert clock["error_bound_ns"] < 1_000_000
    print(f"\nloopback clock: offset {clock['offset_ns']:.0f} ns, drift {clock['drift_ppm']:.3f} ppm, "
          f"bound {clock['error_bound_ns']:.0f} ns, least unexplained delay {clock['min_delay_ns']:.0f} ns")

    (point,) = http.get(f"/api/runs/{run_id}/analyses/rtp").json()["points"]
    seg = {s["name"]: s for s in point["segments"]}
    assert seg["c.send"]["on_path_share"] == 1.0 and seg["c.recv"]["on_path_share"] == 1.0
    assert seg["s.wait"]["on_path_share"] == 0.0  # the request binds the server's wait
    # the server's turn lies on the path exactly when the reply came after the client began to wait for it; on
    # loopback the client's send() often returns only after the server has already replied (then c.wait binds)
    assert seg["s.send"]["on_path_share"] == seg["reply transit"]["on_path_share"]
    assert seg["s.send"]["on_path_share"] + seg["c.wait"]["on_path_share"] == pytest.approx(1.0)
    total = point["calculated_rtt_ns"] + point["untimed_on_path_ns"]
    assert abs(total - point["measured_rtt_ns"]) < 0.05 * point["measured_rtt_ns"]
    print(f"loopback RTP: calculated {point['calculated_rtt_ns']:.0f} ns, measured {point['measured_rtt_ns']:.0f} "
          f"ns, error {point['percent_error']:.2f}%, server turn on the path in "
          f"{seg['s.send']['on_path_share']:.0%} of calls")
    stats = http.get(f"/api/runs/{run_id}/points/0/analyses/step_stats").json()
    assert stats["point"]["calls"] >= 2900
