"""An open-loop call's send lag (call record version 3, offset 56, docs/protocol.md) from the agent's batch to
calls.send_lag_ns (migration 0009), the calls series and the calls CSV; a version-2 batch reads as lag 0."""

import numpy as np

from stored_steps import calls_of
from perflab.services.batch_format import encode

from agent_sim import make_calls, make_steps, upload_calls
from test_export_csv import read_csv
from test_run_lifecycle import start


def test_send_lag_goes_from_the_batch_to_the_table_the_series_and_the_csv(client, db, agents):
    a, b = agents
    run, server_job, client_job = start(client, a, b, calls=20, warmup_calls=2)
    calls = make_calls(range(22), [20_000] * 22, warmup=2)
    lag = np.zeros(22, dtype=np.int64)
    lag[[3, 4, 5]] = [1_500, 250_000, 5_000_000_000]  # 5 s late: beyond 32 bits of ns
    calls["send_lag_ns"] = lag
    upload_calls(a, b, client_job, server_job, calls)
    a.status(client_job, "done")
    b.status(server_job, "done")
    with db.session() as s:
        got = calls_of(s, run["id"], ("send_lag_ns",))["send_lag_ns"].tolist()
    assert list(got) == lag.tolist()
    assert client.get(f"/api/runs/{run['id']}/calls").json()["send_lag_ns"] == lag.tolist()
    header, rows = read_csv(client.get(f"/api/runs/{run['id']}/export.csv?table=calls"))
    assert header[-1] == "send_lag_ns"
    assert [int(x[-1]) for x in rows] == lag.tolist()


def test_a_version_2_batch_from_an_older_agent_is_stored_with_lag_0(client, db, agents):
    a, _ = agents
    run, _, client_job = start(client, a, agents[1], calls=10, warmup_calls=0)
    calls = make_calls(range(10), [5000] * 10)
    r = a.upload(client_job, encode(client_job, 0, calls, make_steps(calls, 1, 0.5), last=True, version=2))
    assert r.status_code == 200, r.text
    assert client.get(f"/api/runs/{run['id']}/calls").json()["send_lag_ns"] == [0] * 10
