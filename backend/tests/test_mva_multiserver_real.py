"""The server's executor pool in the model of a real RPC run: two perflab-agent daemons on this machine, 1-4
caller threads against a server with 4 executor threads, analysed by the reaper. The server CPU station must get
c = min(server_threads, the server agent's CPU count) and say why; the result also keeps the one-server model's
error beside it. Both mean |% error| figures are printed (not tuned: whatever this machine measures)."""

import json
import os
from dataclasses import replace

import pytest

from perflab.analysis import mva, mva_residual
from test_agent_integration import finished, lab, wait  # noqa: F401 - lab is a fixture

THREADS, SERVER_THREADS = [1, 2, 3, 4], 4


@pytest.mark.parametrize("procedure,work_us", [("null", 0), ("work", 200)])
def test_real_rpc_run_models_the_server_pool(lab, procedure, work_us):  # noqa: F811
    http, ids, _ = lab
    agents = {a["id"]: a for a in http.get("/api/agents").json()}
    cpus = agents[ids["it-b"]]["capabilities"].get("cpus")
    assert cpus == os.cpu_count()  # the agent reports the online CPUs (sysconf), the same machine here
    r = http.post("/api/runs", json={
        "kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], "procedure": procedure,
        "work_us": work_us, "threads": THREADS, "calls": 200, "warmup_calls": 5,
        "server_threads": SERVER_THREADS})
    assert r.status_code == 201, r.text
    run_id = r.json()["id"]
    run = wait(lambda: finished(http, run_id), 120, "rpc run finished")
    assert run["status"] == "done", run
    wait(lambda: http.get(f"/api/runs/{run_id}/analyses").json()["kinds"] or None, 60, "analyses stored")
    mvm = http.get(f"/api/runs/{run_id}/analyses/model_vs_measured").json()
    assert mvm["available"], mvm
    pool = mvm["server_cpu_servers"]
    assert pool["servers"] == min(SERVER_THREADS, cpus) and pool["server_threads"] == SERVER_THREADS
    assert pool["server_cpus"] == cpus and f"server CPUs {cpus}" in pool["why"]
    rows = mvm["rows"]
    assert sorted(r["threads"] for r in rows) == THREADS
    assert mvm["mean_abs_percent_error"] == pytest.approx(sum(abs(r["percent_error"]) for r in rows) / len(rows))
    # the model of every row, rebuilt here from the stored demands of its base point, with c and with c = 1
    demands = {d["point_no"]: d["demands"] for d in
               http.get(f"/api/runs/{run_id}/analyses/demands").json()["points"]}
    single = []
    for r in rows:
        d = demands[r["base_point_no"]]
        # each station's c as the demands give it (both agents on this host: one host_cpu with c = its cores)
        servers = [x["servers"] for x in d]
        if any(x["device"] == "host_cpu" for x in d):
            assert [x["servers"] for x in d if x["device"] == "host_cpu"] == [cpus]
        net = mva.Network.build([x["device"] for x in d], [x["kind"] for x in d], [[x["total_ns"] for x in d]],
                                [r["think"] * 1e6], [[x["phase2_ns"] for x in d]], servers=servers)
        assert r["model_exact"] == pytest.approx(mva.exact(net, [r["threads"]]).response[0] * 1e-6, rel=1e-9)
        cv2 = [x["cv2"] if x["kind"] == "queue" else None for x in d]
        residual = mva_residual.solve(net, [r["threads"]], cv2).response[0] * 1e-6
        assert r["model_mva"] == pytest.approx(residual, rel=1e-9)
        # the model is the solver the row names (analysis/model_solvers.py), within its bounds
        chosen = {"exact": r["model_exact"], "residual": residual, "simulation": r["model_sim"]}[r["solver"]]
        lo, hi = r["bounds"]["lower"], r["bounds"]["upper"]
        assert r["model"] == pytest.approx(min(max(chosen, lo), hi), rel=1e-9)
        one_server = mva.exact(replace(net, servers=None), [r["threads"]]).response[0] * 1e-6
        if r["threads"] == 1:  # one caller never queues: c changes nothing
            assert r["model_exact"] == pytest.approx(one_server, rel=1e-12)
        else:  # more servers do not slow a closed network down — up to the two-phase extension, which subtracts
            # phase two from the response: not a product-form network, so only nearly monotone (5e-5 seen)
            assert r["model_exact"] <= one_server * (1 + 1e-3)
        single.append(abs(r["measured"] - one_server) * 100.0 / r["measured"])
    assert mvm["single_server_mean_abs_percent_error"] == pytest.approx(sum(single) / len(single))
    # the Model tab's what-if solves the same network: same executors, so at 1x it reproduces the model line
    four = next(r for r in rows if r["threads"] == 4)
    w = http.post("/api/models/whatif", json={"run_id": run_id, "point_no": four["base_point_no"],
                                              "scales": {"c.sendmsg": 1}, "threads": 4, "think_ns": 0}).json()
    assert w["mva"]["baseline_response_ns"] * 1e-6 == pytest.approx(four["model_exact"], rel=1e-9)
    print(f"\n{procedure} (work_us {work_us}), c = {pool['servers']} ({pool['why']}): mean |% error| "
          f"{mvm['mean_abs_percent_error']:.1f} with c, {mvm['single_server_mean_abs_percent_error']:.1f} with "
          f"c = 1; rows " + json.dumps([(r["threads"], round(r["model"], 4), round(r["measured"], 4),
                                          round(r["percent_error"], 1)) for r in rows]))
