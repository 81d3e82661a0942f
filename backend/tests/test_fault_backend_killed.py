"""Faults with counts (issue 15): the backend SIGKILLed ten times while real agents run an RPC sweep. The agents
spool every batch before sending it and send it again until it is acknowledged; ingest is idempotent per batch.
At the end every call the client made is stored once, each with the same steps as the others: nothing lost,
nothing twice, and the run is done (ten outages of a few seconds stay under the agents' offline limit)."""

import os
import signal
import subprocess
import sys

import httpx
import pytest
from sqlalchemy import text

from stored_steps import calls_table, steps_table

from agent_procs import online_ids, progress_after, slow_rpc_run, start_daemons, stop_agents
from conftest import ENROLLMENT_TOKEN, free_port
from test_agent_integration import AGENT, finished, wait

KILLS = 10


def serve(port: int, database_url: str, log) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": database_url, "PERFLAB_ENROLLMENT_TOKEN": ENROLLMENT_TOKEN}
    return subprocess.Popen([sys.executable, "-m", "perflab", "serve", "--port", str(port)], env=env,
                            stdout=log, stderr=subprocess.STDOUT)


def healthy(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/health", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def step_counts(db, run_id: int) -> dict:
    """Calls and steps stored for the run, and how many steps are missing or stored twice. A step is its call,
    code and start time; each side's calls carry one list of step codes (the list most of them have)."""
    with db.session() as s:
        steps_table(s, run_id)
        calls_table(s, run_id)
        one = lambda sql: s.execute(text(sql), {"run": run_id}).one()  # noqa: E731
        calls = one("SELECT count(*) FROM calls WHERE run_id = :run")[0]
        steps, distinct_steps = one("SELECT count(*), count(DISTINCT (call_no, code, start_ns)) FROM steps "
                                    "WHERE run_id = :run")
        lost = one("""
            WITH per_call AS (SELECT code >= 100 AS server, call_no, array_agg(code ORDER BY code) AS codes
                              FROM (SELECT DISTINCT call_no, code, start_ns FROM steps WHERE run_id = :run) d
                              GROUP BY 1, 2),
                 expected AS (SELECT DISTINCT ON (server) server, codes FROM per_call
                              GROUP BY server, codes ORDER BY server, count(*) DESC),
                 callers AS (SELECT call_no FROM calls WHERE run_id = :run)
            SELECT coalesce(sum(greatest(cardinality(e.codes) - coalesce(cardinality(p.codes), 0), 0)), 0)
            FROM callers c CROSS JOIN expected e
            LEFT JOIN per_call p ON p.call_no = c.call_no AND p.server = e.server""")[0]
    return {"calls": calls, "steps": steps, "duplicate_steps": steps - distinct_steps, "lost_steps": int(lost)}


@pytest.mark.skipif(not AGENT.exists(), reason=f"the agent is not built ({AGENT})")
def test_a_backend_killed_ten_times_mid_run_loses_and_repeats_nothing(database_url, db, admin_headers, tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "backend.log", "ab")
    backend = serve(port, database_url, log)
    agents = {}
    http = httpx.Client(base_url=base, headers=admin_headers, timeout=30)
    try:
        wait(lambda: healthy(base), 60, "the backend")
        agents = start_daemons(base, ("fk-a", "fk-b"), tmp_path)
        ids = online_ids(http, agents)
        # a run of ~45 s that the ten kills fall inside
        run_id = slow_rpc_run(http, ids["fk-a"], ids["fk-b"], 16_000)
        last_done = 0
        for kill in range(KILLS):
            assert finished(http, run_id) is None, f"the run ended before kill {kill + 1}: make it longer"
            last_done = progress_after(http, run_id, last_done)  # each outage cuts into a run that uploads
            backend.send_signal(signal.SIGKILL)
            backend.wait(10)
            backend = serve(port, database_url, log)
            wait(lambda: healthy(base), 60, "the backend after a kill")
        run = wait(lambda: finished(http, run_id), 180, "the run's end")
        assert run["status"] == "done", run
        counts = step_counts(db, run_id)
        print(f"backend killed {KILLS} times: {counts}")
        assert counts["calls"] == run["calls_total"], (counts, run)
        assert counts["duplicate_steps"] == 0 and counts["lost_steps"] == 0, counts
        assert counts["steps"] > 10 * counts["calls"]  # both sides' steps are there
        for name in agents:  # every spooled batch was acknowledged
            assert not list((tmp_path / name).glob("job-*.plb")), f"{name} still holds batches"
    finally:
        stop_agents(agents)
        if backend.poll() is None:
            backend.send_signal(signal.SIGTERM)
            backend.wait(15)
        http.close()
        log.close()


def test_a_restarted_backend_gives_silent_agents_the_offline_limit_from_its_start(db, settings):
    """Agents silent while no backend was up are not vanished: they get offline_after_s from the start."""
    from export_data import make_run
    from perflab.models import Agent
    from perflab.models.base import utcnow
    from perflab.services.lifecycle import reap
    from sqlalchemy import update
    from datetime import timedelta

    run_id = make_run(db, calls=10, status="running")["run_id"]
    with db.session() as s:
        s.execute(update(Agent).values(last_seen_at=utcnow() - timedelta(seconds=60)))
    with db.session() as s:
        assert reap(s, settings, up_since=utcnow() - timedelta(seconds=1)) == []
    with db.session() as s:
        [(ended, status, reason)] = reap(s, settings, up_since=utcnow() - timedelta(seconds=settings.offline_after_s + 1))
    assert (ended, status) == (run_id, "failed") and "vanished" in reason
