"""A call's retransmissions (call record offset 34, docs/protocol.md) from the agent's batch to every place that
shows them: calls.retransmits (migration 0008), the calls series, the timeline (JSON and binary), each point's
summary (sum and calls with at least one), the calls CSV. A count past SMALLINT is stored as 32767."""

import numpy as np

from stored_steps import calls_of

from agent_sim import batch, make_calls, upload_calls
from test_export_csv import read_csv
from test_run_lifecycle import start
from test_timeline import decode_binary


def test_retransmits_go_from_the_batch_to_the_api_the_timeline_the_summary_and_the_csv(client, db, agents):
    a, b = agents
    run, server_job, client_job = start(client, a, b, calls=40, warmup_calls=2)
    calls = make_calls(range(42), [20_000] * 42, warmup=2)
    retx = np.zeros(42, dtype=np.uint16)
    retx[[5, 9, 10]] = [1, 2, 1]
    retx[30] = 65535  # the agent's saturated count: over SMALLINT, kept as its largest value
    retx[1] = 3  # a warm-up call's retransmissions count too
    calls["retransmits"] = retx
    upload_calls(a, b, client_job, server_job, calls)
    a.status(client_job, "done")
    b.status(server_job, "done")
    stored = np.minimum(retx.astype(np.int64), 32767)
    with db.session() as s:
        got = calls_of(s, run["id"], ("retransmits",))["retransmits"]
    assert got.tolist() == stored.tolist()

    series = client.get(f"/api/runs/{run['id']}/calls").json()
    assert series["retransmits"] == stored.tolist()

    t = client.get(f"/api/runs/{run['id']}/timeline?from_call=5&max_calls=10").json()
    assert t["calls"]["retransmits"] == stored[5:15].tolist()
    r = client.get(f"/api/runs/{run['id']}/timeline?from_call=5&max_calls=10&format=binary")
    assert decode_binary(r.content)["calls"]["retransmits"] == stored[5:15].tolist()

    [point] = client.get(f"/api/runs/{run['id']}/summary").json()["points"]
    assert point["retransmits"] == int(stored.sum()) == 3 + 1 + 2 + 1 + 32767
    assert point["calls_retransmitted"] == 5

    header, rows = read_csv(client.get(f"/api/runs/{run['id']}/export.csv?table=calls"))
    assert header[-2] == "retransmits"
    assert [int(x[-2]) for x in rows] == stored.tolist()


def test_a_batch_from_an_agent_before_the_field_reads_as_no_retransmissions(client, db, agents):
    a, b = agents
    run, server_job, client_job = start(client, a, b, calls=10, warmup_calls=0)
    calls = make_calls(range(10), [5000] * 10)  # offset 34 left 0, as older agents wrote it
    a.upload(client_job, batch(client_job, 0, calls, last=True))
    [point] = client.get(f"/api/runs/{run['id']}/summary").json()["points"]
    assert point["retransmits"] == 0 and point["calls_retransmitted"] == 0
    assert client.get(f"/api/runs/{run['id']}/calls").json()["retransmits"] == [0] * 10
