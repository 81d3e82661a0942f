"""A run from launch to done through the agent protocol, ingest idempotency, failures and their reasons."""

import json
import time
from datetime import datetime, timedelta

import numpy as np
import pytest
from sqlalchemy import func, select, update

from perflab.models import Agent, Analysis, Batch, CallBlock, StepBlock
from perflab.models.base import utcnow

from agent_sim import SimAgent, batch, make_calls, make_steps
from test_api_runs import launch



def start(client, a, b, **over):
    run = launch(client, a, b, **over).json()
    [server_cmd] = b.commands()
    server_job = server_cmd["job"]["job_id"]
    assert b.status(server_job, "ready", port=40123).status_code == 200
    assert client.get(f"/api/runs/{run['id']}").json()["status"] == "running"
    [client_cmd] = a.commands()
    assert client_cmd["job"]["connect"] == {"host": "127.0.0.1", "port": 40123}
    return run, server_job, client_cmd["job"]["job_id"]


def rows(db, model, run_id) -> int:
    with db.session() as s:
        if model is StepBlock:  # steps and calls: counted in their blocks
            return s.scalar(select(func.coalesce(func.sum(StepBlock.n_steps), 0)).where(StepBlock.run_id == run_id))
        if model is CallBlock:
            return s.scalar(select(func.coalesce(func.sum(CallBlock.n_calls), 0)).where(CallBlock.run_id == run_id))
        return s.scalar(select(func.count()).select_from(model).where(model.run_id == run_id))


def wait_ended(client, run_id: int, timeout_s: float = 10) -> dict:
    deadline = time.monotonic() + timeout_s
    while (got := client.get(f"/api/runs/{run_id}").json())["status"] in ("queued", "running"):
        assert time.monotonic() < deadline, f"run {run_id} still {got['status']} after {timeout_s} s"
        time.sleep(0.05)
    return got


def test_a_run_from_launch_to_done(client, db, agents):
    a, b = agents
    run, server_job, client_job = start(client, a, b, calls=100, warmup_calls=5)
    rng = np.random.default_rng(1)
    rtts = rng.integers(15_000, 40_000, size=105)
    rtts[0] = 900_000  # a slow first call, reported apart
    calls = make_calls(range(105), rtts, warmup=5)
    a.status(client_job, "running")
    first = batch(client_job, 0, calls[:60], make_steps(calls[:60], 1, 0.25))
    assert a.upload(client_job, first).json() == {"stored": True, "duplicate": False, "seq": 0}
    assert a.upload(client_job, first).json() == {"stored": False, "duplicate": True, "seq": 0}
    assert client.get(f"/api/runs/{run['id']}").json()["calls_done"] == 60
    a.upload(client_job, batch(client_job, 1, calls[60:], make_steps(calls[60:], 1, 0.25), last=True))
    assert a.status(client_job, "done").status_code == 200
    # the server is told to stop, flushes its steps, then the run is done
    assert b.commands() == [{"type": "stop", "job_id": server_job, "reason": "client done"}]
    assert client.get(f"/api/runs/{run['id']}").json()["status"] == "running"
    b.upload(server_job, batch(server_job, 0, np.zeros(0, calls.dtype)[:0], make_steps(calls, 102, 0.1), last=True))
    b.status(server_job, "done")
    done = client.get(f"/api/runs/{run['id']}").json()
    assert done["status"] == "done" and done["calls_done"] == 105 and done["finished_at"]
    assert rows(db, CallBlock, run["id"]) == 105 and rows(db, StepBlock, run["id"]) == 210 and rows(db, Batch, run["id"]) == 3

    summary = client.get(f"/api/runs/{run['id']}/summary").json()
    measured = rtts[5:]  # warm-up (including the first call) left out
    assert summary["first_call"] == {"call_no": 0, "rtt_ns": 900_000}
    assert summary["warmup_calls"] == 5 and summary["error_calls"] == 0
    assert summary["rtt"]["count"] == 100
    assert summary["rtt"]["mean_ns"] == pytest.approx(measured.mean())
    assert summary["rtt"]["p99_ns"] == pytest.approx(np.percentile(measured, 99))
    by_name = {st["name"]: st for st in summary["steps"]}
    assert by_name["c.send"]["side"] == "client" and by_name["s.recv"]["side"] == "server"
    assert by_name["c.send"]["paper"] == "C8" and by_name["s.recv"]["paper"] == "S4"
    assert by_name["c.send"]["stats"]["count"] == 100
    assert by_name["c.send"]["stats"]["mean_ns"] == pytest.approx(np.mean((measured * 0.25).astype(int)))

    # a summary stored by an older format (no "format", no "paper") is recomputed, not served
    with db.session() as s:
        s.execute(update(Analysis).where(Analysis.run_id == run["id"])
                   .values(result={k: v for k, v in summary.items() if k not in ("format", "steps")}))
    again = client.get(f"/api/runs/{run['id']}/summary")
    assert again.status_code == 200 and again.json()["steps"] == summary["steps"]

    series = client.get(f"/api/runs/{run['id']}/calls?max_points=50").json()
    assert series["total"] == 105 and series["stride"] == 3 and series["call_no"][:3] == [0, 3, 6]
    assert series["rtt_ns"][1] == rtts[3]

    events = client.get(f"/api/runs/{run['id']}/events").text
    assert events.startswith("event: progress\ndata: ")
    progress = json.loads(events.split("data: ")[1])
    assert progress["status"] == "done"
    # the events carry the run's times: a page opened while the run was queued shows its start without a reload
    done = client.get(f"/api/runs/{run['id']}").json()
    assert progress["started_at"] is not None and progress["finished_at"] is not None
    assert [datetime.fromisoformat(progress[k]) for k in ("started_at", "finished_at")] == \
        [datetime.fromisoformat(done[k].replace("Z", "+00:00")) for k in ("started_at", "finished_at")]


def test_malformed_batches_store_nothing(client, db, agents):
    a, b = agents
    run, _, client_job = start(client, a, b, calls=10, warmup_calls=0)
    good = batch(client_job, 0, make_calls(range(10), [1000] * 10))
    r = a.upload(client_job, good[:-7])
    assert r.status_code == 400 and "truncated" in r.json()["detail"]
    beyond = batch(client_job, 0, make_calls(range(5, 15), [1000] * 10))
    r = a.upload(client_job, beyond)
    assert r.status_code == 400 and "call_no must be between 0 and 9" in r.json()["detail"]
    assert rows(db, CallBlock, run["id"]) == rows(db, Batch, run["id"]) == 0
    # a batch repeating calls under a new sequence number is refused whole, too
    assert a.upload(client_job, good).json()["stored"]
    r = a.upload(client_job, batch(client_job, 1, make_calls(range(10), [1000] * 10)))
    assert r.status_code == 400 and "repeats calls" in r.json()["detail"]
    assert rows(db, CallBlock, run["id"]) == 10 and rows(db, Batch, run["id"]) == 1
    assert b.upload(client_job, good).status_code == 404  # not b's job


def test_peer_unreachable_fails_the_run_with_the_agents_reason(client, agents):
    a, b = agents
    run, server_job, client_job = start(client, a, b)
    a.status(client_job, "failed", reason="peer unreachable: connect 127.0.0.1:40123: Connection refused")
    got = client.get(f"/api/runs/{run['id']}").json()
    assert got["status"] == "failed"
    assert got["reason"] == "client agent local-a: peer unreachable: connect 127.0.0.1:40123: Connection refused"
    assert b.commands()[0]["type"] == "stop"


def test_an_agent_that_vanishes_mid_run_fails_it_and_its_calls_are_kept(client, db, agents):
    a, b = agents
    run, _, client_job = start(client, a, b, calls=100, warmup_calls=0)
    a.upload(client_job, batch(client_job, 0, make_calls(range(40), [2000] * 40)))
    with db.session() as s:
        s.execute(update(Agent).where(Agent.id == a.id).values(last_seen_at=utcnow() - timedelta(seconds=60)))
    got = wait_ended(client, run["id"])  # by the app's own reaper: a direct reap() here would race it
    assert got["reason"] == "agent local-a vanished (no heartbeat for 10 s)"
    assert got["status"] == "failed" and got["calls_done"] == 40
    assert client.get(f"/api/runs/{run['id']}/summary").json()["rtt"]["count"] == 39


def test_a_server_that_never_starts_fails_the_run_by_the_reaper(client, settings, agents):
    a, b = agents
    run = launch(client, a, b).json()
    deadline = time.monotonic() + settings.start_timeout_s + 5
    while client.get(f"/api/runs/{run['id']}").json()["status"] == "queued" and time.monotonic() < deadline:
        client.post("/api/agents/heartbeat", headers=a.headers)
        client.post("/api/agents/heartbeat", headers=b.headers)
        time.sleep(0.2)
    got = client.get(f"/api/runs/{run['id']}").json()
    assert got["status"] == "failed"
    assert got["reason"] == "limit exceeded: server agent local-b did not start the job within 5 s"


def test_an_agent_restart_fails_its_active_runs(client, agents):
    a, b = agents
    run, _, _ = start(client, a, b)
    SimAgent(client, "local-b", restart_of=b)
    got = client.get(f"/api/runs/{run['id']}").json()
    assert got["status"] == "failed" and got["reason"] == "agent local-b restarted during the run"


def test_the_summary_of_a_finished_run_is_computed_once_and_stored(client, db, agents):
    from test_export_csv import wait_for_summary

    a, b = agents
    run, server_job, client_job = start(client, a, b, calls=10, warmup_calls=0)
    a.upload(client_job, batch(client_job, 0, make_calls(range(10), [5000] * 10), last=True))
    a.status(client_job, "failed", reason="cancelled")
    wait_for_summary(db, run["id"])  # the app's analysis worker stores it, once
    with db.session() as s:
        stored = s.get(Analysis, (run["id"], "summary"))
        assert stored.batches_seen == 1 and stored.result["rtt"]["count"] == 9
        first = stored.computed_at
    time.sleep(1.0)  # five worker intervals: a second computation would show in computed_at
    with db.session() as s:
        assert s.get(Analysis, (run["id"], "summary")).computed_at == first
    # a batch that arrives after the end (a cancelled client flushing) makes the next read recompute it
    b.upload(server_job, batch(server_job, 0, make_calls([], []), make_steps(make_calls(range(10), [5000] * 10),
                                                                           102, 0.5)))
    steps = client.get(f"/api/runs/{run['id']}/summary").json()["steps"]
    assert [st["name"] for st in steps] == ["s.recv"]


def test_a_vanished_agent_is_noticed_while_another_run_is_being_analysed(client, db, agents, monkeypatch):
    """The reaper never waits for an analysis: one held open here stands for a 450,000-call run's."""
    import threading

    from perflab.services import analysis_worker

    entered, release = threading.Event(), threading.Event()

    def slow_analyse(s, run):
        entered.set()
        release.wait(60)

    monkeypatch.setattr(analysis_worker, "analyse", slow_analyse)
    a, b = agents
    first, _, first_client = start(client, a, b, calls=10, warmup_calls=0)
    a.upload(first_client, batch(first_client, 0, make_calls(range(10), [5000] * 10), last=True))
    a.status(first_client, "failed", reason="cancelled")
    a.commands(), b.commands()  # the first run's stop commands
    try:
        assert entered.wait(30), "the worker never took the finished run"
        second, _, _ = start(client, a, b, calls=100, warmup_calls=0)
        with db.session() as s:
            s.execute(update(Agent).where(Agent.id == a.id).values(last_seen_at=utcnow() - timedelta(seconds=60)))
        got = wait_ended(client, second["id"])  # fifty reaper ticks; the analysis takes as long as it likes
        assert got["status"] == "failed" and "agent local-a vanished" in got["reason"]
        assert not release.is_set() and entered.is_set()  # the analysis was still under way
    finally:
        release.set()


def test_a_full_batch_is_taken_and_one_byte_more_is_refused_with_the_limit(client, db, agents):
    """The largest batch an agent sends (65,536 calls of the current 64-byte record, 262,144 steps) fits."""
    from perflab.services.batch_format import MAX_BYTES, MAX_CALLS, MAX_STEPS
    a, b = agents
    run, _, client_job = start(client, a, b, calls=MAX_CALLS, warmup_calls=0)
    calls = make_calls(range(MAX_CALLS), [2000] * MAX_CALLS)
    steps = np.concatenate([make_steps(calls, code, 0.25) for code in (1, 2, 3, 4)])
    assert len(steps) == MAX_STEPS
    full = batch(client_job, 0, calls, steps)
    assert len(full) == MAX_BYTES
    r = a.upload(client_job, full + b"\0")
    assert r.status_code == 413 and r.json()["detail"] == f"batch must be at most {MAX_BYTES} bytes (got {MAX_BYTES + 1})"
    r = a.upload(client_job, full)
    assert r.status_code == 200, r.text
    assert rows(db, CallBlock, run["id"]) == MAX_CALLS and rows(db, StepBlock, run["id"]) == MAX_STEPS
