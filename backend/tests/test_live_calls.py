"""Live RTT of a running run: the per-batch summaries (checked against numpy on the same calls), the bounded
window in PostgreSQL, two replicas of the backend sharing it, the `calls` server-sent events of a real run through
the local agents, and the polling twin."""

import json
from concurrent.futures import ThreadPoolExecutor

import httpx
import numpy as np
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text as sqltext, update

from perflab.main import create_app
from perflab.models import Run
from perflab.services.ingest import ingest_batch
from perflab.services import live_calls
from perflab.services.batch_format import CALL_DTYPE
from perflab.services.live_calls import RING_SAMPLES, SAMPLES_PER_EVENT, point_summaries

from agent_sim import SimAgent, batch, make_calls
from conftest import serving
from test_api_runs import launch
from test_agent_integration import finished, lab, wait  # noqa: F401 - the fixture is used by name
from test_run_lifecycle import start


def calls_of(rtts, point_no=0, first_call_no=0, flags=None, gap_ns=1_000_000):
    calls = np.zeros(len(rtts), dtype=CALL_DTYPE)
    calls["call_no"] = np.arange(first_call_no, first_call_no + len(rtts))
    calls["point_no"] = point_no
    calls["flags"] = 0 if flags is None else flags
    calls["start_ns"] = 5_000_000_000 + calls["call_no"].astype(np.int64) * gap_ns
    calls["end_ns"] = calls["start_ns"] + np.asarray(rtts, dtype=np.int64)
    return calls


def test_a_batch_summary_matches_numpy_on_the_measured_calls():
    rng = np.random.default_rng(7)
    rtts = rng.lognormal(10, 0.5, 3000).astype(np.int64)
    flags = np.zeros(3000, dtype=np.uint16)
    flags[:40] = 1  # warm-up
    flags[[100, 2000]] = 4  # errors (timeouts)
    rtts[1500] = 50_000_000  # one spike that an even sample would miss
    [p] = point_summaries(calls_of(rtts, flags=flags), origin_ns=5_000_000_000)
    measured = np.delete(rtts, list(range(40)) + [100, 2000])
    assert (p["count"], p["warmup"], p["errors"]) == (2958, 40, 2)
    assert p["mean_ns"] == pytest.approx(measured.mean())
    assert p["median_ns"] == pytest.approx(np.median(measured))
    assert p["p99_ns"] == pytest.approx(np.quantile(measured, 0.99))
    assert (p["min_ns"], p["max_ns"]) == (measured.min(), 50_000_000)
    assert (p["first_call"], p["last_call"]) == (0, 2999)
    s = p["samples"]
    assert len(s["rtt_ns"]) <= SAMPLES_PER_EVENT and len(s["rtt_ns"]) >= SAMPLES_PER_EVENT - 2
    assert 1500 in s["call_no"], "the slowest call is always in the sample"
    assert s["call_no"] == sorted(s["call_no"]) and s["t_ns"][0] == 40 * 1_000_000  # relative to the origin
    for call_no, rtt in zip(s["call_no"], s["rtt_ns"]):  # every sampled pair is a real call of the batch
        assert rtt == rtts[call_no] and flags[call_no] == 0


def test_points_share_the_sample_and_an_all_warmup_point_has_no_stats():
    a = calls_of(np.full(500, 20_000), point_no=0)
    b = calls_of(np.full(500, 90_000), point_no=3, first_call_no=500)
    c = calls_of(np.full(10, 1_000), point_no=4, first_call_no=1000, flags=np.ones(10, np.uint16))
    got = {p["point_no"]: p for p in point_summaries(np.concatenate([a, b, c]), origin_ns=0)}
    assert got[0]["median_ns"] == 20_000 and got[3]["p99_ns"] == 90_000
    assert sum(len(p["samples"]["rtt_ns"]) for p in got.values()) <= SAMPLES_PER_EVENT
    assert got[4]["count"] == 0 and got[4]["warmup"] == 10 and got[4]["mean_ns"] is None


def sampled(events) -> int:
    return sum(len(p["samples"]["rtt_ns"]) for e in events for p in e["points"])


def medians(events) -> list:
    return [e["points"][0]["median_ns"] for e in events]


def publish(db, run_id: int, origin_ns: int, calls: np.ndarray) -> int:
    """A batch's event as ingest writes it (in a transaction of its own here), then the trim that follows the
    batch's acknowledgement; the event's id."""
    with db.ingest_session() as s:
        event_id = live_calls.add_event(s, run_id, origin_ns, calls)
    live_calls.trim(db, run_id)
    return event_id


def test_the_window_keeps_the_newest_events_within_its_bounds(client, db, agents, monkeypatch):
    run, _, _ = start(client, *agents)
    for i in range(100):  # 200 samples each: the 6000-sample bound keeps the last 30
        got = publish(db, run["id"], 5_000_000_000, calls_of(np.full(1000, 10_000 + i), first_call_no=i))
    with db.session() as s:
        events = live_calls.since(s, run["id"])
        assert events[-1]["id"] == got and events[-1]["points"][0]["median_ns"] == 10_099
        assert sampled(events) == RING_SAMPLES and medians(events) == list(range(10_070, 10_100))
        ids = [e["id"] for e in events]
        assert ids == sorted(set(ids))
        assert live_calls.since(s, run["id"], ids[-3]) == events[-2:]
        assert live_calls.since(s, run["id"], ids[-1]) == []

    monkeypatch.setattr(live_calls, "RING_EVENTS", 12)  # the count bound: 20 one-sample events, 12 kept
    for i in range(20):
        publish(db, run["id"], 0, calls_of([20_000 + i], first_call_no=i))
    monkeypatch.setattr(live_calls, "RING_SAMPLES", 100)  # one event over the samples bound alone is still kept
    with db.session() as s:
        assert medians(live_calls.since(s, run["id"])) == list(range(20_008, 20_020))
    publish(db, run["id"], 0, calls_of(np.full(1000, 30_000)))
    with db.session() as s:
        [alone] = live_calls.since(s, run["id"])
        assert sampled([alone]) == SAMPLES_PER_EVENT and alone["points"][0]["median_ns"] == 30_000


def test_only_the_runs_fed_last_keep_their_window_and_a_deleted_run_takes_its_own(client, db, agents, monkeypatch):
    monkeypatch.setattr(live_calls, "MAX_RUNS", 2)
    runs = [launch(client, *agents).json()["id"] for _ in range(3)]

    def windows() -> list[int]:
        with db.session() as s:
            return [len(live_calls.since(s, r)) for r in runs]

    for run_id in runs[:2] + runs[:1]:  # runs[0] fed first and again last: runs[1] is the one fed least recently
        publish(db, run_id, 0, calls_of([run_id * 1000]))
    assert windows() == [2, 1, 0]
    publish(db, runs[2], 0, calls_of([1000]))  # a third run: the one fed least recently goes
    assert windows() == [2, 0, 1]
    with db.session() as s:
        s.execute(sqltext("DELETE FROM runs WHERE id = :r"), {"r": runs[0]})
    with db.session() as s:
        assert s.scalar(sqltext("SELECT count(*) FROM live_events WHERE run_id = :r"), {"r": runs[0]}) == 0
    assert windows()[2] == 1


def test_a_fault_in_the_live_view_does_not_fail_the_batch(client, agents, monkeypatch, caplog):
    a, b = agents
    run, _, client_job = start(client, a, b, calls=100, warmup_calls=0)
    a.status(client_job, "running")

    def broken(*_):
        raise RuntimeError("live view down")
    monkeypatch.setattr(live_calls, "point_summaries", broken)
    r = a.upload(client_job, batch(client_job, 0, make_calls(range(50), np.full(50, 20_000))))
    assert r.status_code == 200 and r.json()["stored"] is True
    assert client.get(f"/api/runs/{run['id']}").json()["calls_done"] == 50
    assert client.get(f"/api/runs/{run['id']}/live-calls").json()["events"] == []
    assert f"live calls summary failed for run {run['id']}" in caplog.text


def test_a_batch_beside_another_of_its_run_takes_its_event_id_after_the_others_commit(client, db, agents):
    """The agent sends a run's batches two at a time: the later transaction must take its event id only after the
    other committed (ingest takes the run's row before its event, and holds it to its commit), or a browser that
    read the higher id would never get the lower one."""
    a, b = agents
    run, _, client_job = start(client, a, b, calls=300, warmup_calls=0)
    a.status(client_job, "running")
    a.upload(client_job, batch(client_job, 0, make_calls(range(100), np.full(100, 20_000))))  # the first, alone
    with ThreadPoolExecutor(1) as pool:
        with db.ingest_session() as s:  # batch 1's transaction at its tail: the run's row taken, its event not yet
            s.execute(update(Run).where(Run.id == run["id"]).values(calls_done=Run.calls_done + 100))
            second = pool.submit(ingest_batch, db, a.id, client_job,
                                 batch(client_job, 2, make_calls(range(200, 300), np.full(100, 22_000))))
            wait(lambda: waiting_for_a_lock(db) or second.done(), 30, "batch 2 waiting for the run's row")
            first_id = live_calls.add_event(s, run["id"], 0, make_calls(range(100, 200), np.full(100, 21_000)))
        assert second.result(timeout=30).stored
    with db.session() as s:
        ids = [e["id"] for e in live_calls.since(s, run["id"])]
    assert len(ids) == 3 and ids[1] == first_id, f"batch 2's event took an id below batch 1's ({ids}, {first_id})"


def waiting_for_a_lock(db) -> bool:
    with db.session() as s:
        return bool(s.scalar(sqltext("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                     "AND wait_event_type = 'Lock' AND query LIKE 'UPDATE runs%'")))


def sse(lines):
    """(event name, data) of each server-sent event read from an iterator of lines."""
    name = None
    for line in lines:
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            yield name, json.loads(line[6:])


def next_calls(events, n: int) -> list[dict]:
    got = []
    while len(got) < n:
        name, data = next(events)
        if name == "calls":
            got.append(data)
    return got


@pytest.mark.live_server
def test_batches_ingested_by_one_replica_are_live_on_another(settings, db, admin_headers, monkeypatch):
    """Two apps on one database as two worker processes would be (the reader with its own connection pool, served
    on a real port): every batch goes through the first, every read through the second."""
    monkeypatch.setattr(live_calls, "RING_EVENTS", 4)
    with TestClient(create_app(settings, db), headers=admin_headers) as ingesting, \
            serving(create_app(settings)) as port, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=admin_headers, timeout=30) as reading:
        a, b = SimAgent(ingesting, "local-a"), SimAgent(ingesting, "local-b")
        run, server_job, client_job = start(ingesting, a, b, calls=400, warmup_calls=0)
        run_id = run["id"]
        a.status(client_job, "running")
        calls = make_calls(range(400), np.repeat(np.arange(8) + 10_000, 50))  # batch i: every RTT 10,000 + i

        def upload(seq):
            r = a.upload(client_job, batch(client_job, seq, calls[seq * 50:(seq + 1) * 50], last=seq == 7))
            assert r.status_code == 200 and r.json()["stored"] is True, r.text

        for seq in range(6):
            upload(seq)
        polled = reading.get(f"/api/runs/{run_id}/live-calls").json()["events"]
        assert medians(polled) == [10_002, 10_003, 10_004, 10_005]  # the newest four of six
        ids = [e["id"] for e in polled]
        assert ids == sorted(set(ids))
        resumed = reading.get(f"/api/runs/{run_id}/live-calls", params={"after": ids[1]}).json()["events"]
        assert resumed == polled[2:]

        with reading.stream("GET", f"/api/runs/{run_id}/events") as r:
            assert r.status_code == 200
            events = sse(r.iter_lines())
            assert next_calls(events, 4) == polled  # the window first
            upload(6)
            upload(7)
            newer = next_calls(events, 2)
            assert medians(newer) == [10_006, 10_007] and ids[-1] < newer[0]["id"] < newer[1]["id"]
            a.status(client_job, "done")
            b.upload(server_job, batch(server_job, 0, calls[:0], last=True))
            b.status(server_job, "done")
            rest = list(events)
        assert [name for name, _ in rest if name == "calls"] == [] and rest[-1][0] == "progress"
        assert rest[-1][1]["status"] == "done" and rest[-1][1]["calls_done"] == 400
        with db.session() as s:  # and the window is in the database, bounded, whichever replica stored it
            assert medians(live_calls.since(s, run_id)) == [10_004, 10_005, 10_006, 10_007]


def test_an_ingested_batch_is_summarised_once_for_polling_browsers(client):
    a, b = SimAgent(client, "local-a"), SimAgent(client, "local-b")
    run, _, client_job = start(client, a, b, calls=100, warmup_calls=5)
    a.status(client_job, "running")
    rtts = np.arange(105) * 100 + 20_000
    calls = make_calls(range(105), rtts, warmup=5)
    first = batch(client_job, 0, calls[:60])
    assert a.upload(client_job, first).json()["stored"] is True
    assert a.upload(client_job, first).json()["duplicate"] is True  # a repeated batch is not counted twice
    live = client.get(f"/api/runs/{run['id']}/live-calls").json()
    assert live["status"] == "running"
    [event] = live["events"]
    [p] = event["points"]
    assert (p["count"], p["warmup"]) == (55, 5) and p["mean_ns"] == pytest.approx(rtts[5:60].mean())
    a.upload(client_job, batch(client_job, 1, calls[60:], last=True))
    newer = client.get(f"/api/runs/{run['id']}/live-calls", params={"after": event["id"]}).json()["events"]
    assert [e["points"][0]["count"] for e in newer] == [45]
    bad = client.get(f"/api/runs/{run['id']}/live-calls", params={"after": -1})
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["query", "after"]
    assert "after must be between 0 and" in bad.json()["detail"][0]["msg"]
    assert client.get("/api/runs/999/live-calls").status_code == 404


def read_events(http: httpx.Client, run_id: int, seconds: float, after: int | None = None) -> list[tuple[str, dict]]:
    """Every server-sent event of the run's stream until it ends, in order."""
    events, name = [], None
    headers = {"Last-Event-ID": str(after)} if after is not None else {}
    with http.stream("GET", f"/api/runs/{run_id}/events", timeout=seconds, headers=headers) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                events.append((name, json.loads(line[6:])))
    return events


def subscribe_mid_run(http: httpx.Client, run_id: int):
    """Once the first calls are stored, two more browsers connect: one fresh, one resuming after the first event
    (ids are the database's: a run's first is not 1)."""
    first = wait(lambda: http.get(f"/api/runs/{run_id}/live-calls").json()["events"], 30, "first calls event")[0]
    with ThreadPoolExecutor(2) as pool:
        fresh = pool.submit(read_events, http, run_id, 90)
        resumed = pool.submit(read_events, http, run_id, 90, first["id"])
        return first["id"], fresh.result(), resumed.result()


@pytest.mark.parametrize("body", [
    {"transport": "tcp", "request_bytes": 64, "response_bytes": 64, "calls": 150_000, "warmup_calls": 10},
    {"kind": "rpc", "transport": "udp", "threads": 2, "think_time_us": 200, "calls": 6_000, "warmup_calls": 10},
], ids=["pingpong", "rpc-2-threads"])
def test_a_real_run_streams_its_calls_while_it_runs(lab, body):  # noqa: F811
    http, ids, _ = lab
    r = http.post("/api/runs", json={"client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], **body})
    assert r.status_code == 201, r.text
    run_id = r.json()["id"]
    with ThreadPoolExecutor(1) as pool:
        late_readers = pool.submit(subscribe_mid_run, http, run_id)
        events = read_events(http, run_id, 90)
    run = wait(lambda: finished(http, run_id), 30, "run finished")
    assert run["status"] == "done", run

    calls_events, status, before_end = [], "queued", 0
    for name, data in events:
        if name == "progress":
            status = data["status"]
        else:
            calls_events.append(data)
            before_end += status in ("queued", "running")
    assert events[-1][0] == "progress" and events[-1][1]["status"] == "done"
    assert len(calls_events) >= 2 and before_end >= 1, "calls were streamed while the run was running"
    assert [e["id"] for e in calls_events] == sorted({e["id"] for e in calls_events})

    points = [p for e in calls_events for p in e["points"]]
    assert all(len(p["samples"]["rtt_ns"]) <= SAMPLES_PER_EVENT for p in points)
    # every call was summarised once: the counts add up to the run's calls
    assert sum(p["count"] + p["warmup"] + p["errors"] for p in points) == run["calls_total"]
    # and the count-weighted mean of the batch means is the stored summary's mean (same calls: the first call
    # is a warm-up, so the summary's "except the first call" leaves nothing else out)
    summary = http.get(f"/api/runs/{run_id}/summary").json()
    with_rtt = [p for p in points if p["count"]]
    weighted = sum(p["mean_ns"] * p["count"] for p in with_rtt) / sum(p["count"] for p in with_rtt)
    assert weighted == pytest.approx(summary["rtt"]["mean_ns"], rel=1e-9)
    assert min(p["min_ns"] for p in with_rtt) == summary["rtt"]["min_ns"]
    assert max(p["max_ns"] for p in with_rtt) == summary["rtt"]["max_ns"]
    for p in with_rtt:
        assert p["min_ns"] <= p["median_ns"] <= p["p99_ns"] <= p["max_ns"]
        assert all(p["min_ns"] <= v <= p["max_ns"] for v in p["samples"]["rtt_ns"])

    # a browser that connected mid-run got the recent window first (events published before it came), one that
    # resumed with Last-Event-ID only what it had missed; after the end there is no live view, only the last progress
    first_id, late, resumed = late_readers.result()
    late_calls = [d["id"] for n, d in late if n == "calls"]
    assert first_id == calls_events[0]["id"]
    assert late_calls[0] == first_id and late_calls == [e["id"] for e in calls_events][:len(late_calls)]
    assert [d["id"] for n, d in resumed if n == "calls"][0] == calls_events[1]["id"]
    assert read_events(http, run_id, 10) == [("progress", events[-1][1])]
