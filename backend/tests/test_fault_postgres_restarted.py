"""Faults with counts (issue 15): PostgreSQL stopped and started again three times while real agents run an RPC
sweep and the backend keeps running. While the database is down the backend answers 503 and the agents keep
their batches in the spool; once it is back the pool reconnects, the spooled batches are stored, and at the end
every call is stored once with all its steps and the run is done.

The database is one of this test's own (an embedded server in tmp_path): stopping the suite's shared one would
pull it from under every other test."""

import time

import httpx
import pytest

from agent_procs import online_ids, progress_after, slow_rpc_run, start_daemons, stop_agents
from conftest import free_port
from perflab.core import embedded_pg
from perflab.core.config import REPO_ROOT
from perflab.core.db import Database, normalise_url
from perflab.migrate import upgrade
from perflab.services import credentials, users
from test_agent_integration import AGENT, finished, wait
from test_fault_backend_killed import healthy, serve, step_counts

RESTARTS = 3
OUTAGE_S = 3  # under the agents' offline limit (10 s): a database outage is not an agent's


@pytest.mark.skipif(not AGENT.exists(), reason=f"the agent is not built ({AGENT})")
def test_postgres_restarted_mid_ingest_loses_and_repeats_nothing(tmp_path):
    data = tmp_path / "pgdata"
    url = normalise_url(embedded_pg.start(data, database="faults"))
    upgrade(url, REPO_ROOT / "migrations")
    db = Database(url)
    with db.session() as s:
        token = credentials.create_api_token(s, users.create_user(s, "admin", "a long password", "admin"), "t",
                                             None)[1]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "backend.log", "ab")
    backend = serve(port, url, log)
    agents = {}
    http = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)
    outages = []
    try:
        wait(lambda: healthy(base), 60, "the backend")
        agents = start_daemons(base, ("pg-a", "pg-b"), tmp_path)
        ids = online_ids(http, agents)
        run_id = slow_rpc_run(http, ids["pg-a"], ids["pg-b"], 12_000)
        last_done = 0
        for restart in range(RESTARTS):
            assert finished(http, run_id) is None, f"the run ended before restart {restart + 1}: make it longer"
            last_done = progress_after(http, run_id, last_done)
            embedded_pg.stop(data)
            down = time.monotonic()
            statuses = set()
            while time.monotonic() - down < OUTAGE_S:  # what a browser meets meanwhile: an answer, not a hang
                try:
                    statuses.add(httpx.get(f"{base}/api/health", timeout=5).status_code)
                except httpx.HTTPError as e:
                    statuses.add(type(e).__name__)
                time.sleep(0.5)
            outages.append(statuses)
            embedded_pg.start(data, database="faults")
            wait(lambda: healthy(base), 60, "the backend with the database back")
        run = wait(lambda: finished(http, run_id), 180, "the run's end")
        assert run["status"] == "done", (run["status"], run["reason"])
        counts = step_counts(db, run_id)
        print(f"postgres restarted {RESTARTS} times: {counts}")
        assert all(s == {503} for s in outages), outages  # the database's absence is said, not a 500
        assert counts["calls"] == run["calls_total"], (counts, run)
        assert counts["duplicate_steps"] == 0 and counts["lost_steps"] == 0, counts
        assert counts["steps"] > 10 * counts["calls"]
        for name in agents:
            assert not list((tmp_path / name).glob("job-*.plb")), f"{name} still holds batches"
    finally:
        stop_agents(agents)
        if backend.poll() is None:
            backend.terminate()
            backend.wait(15)
        http.close()
        log.close()
        db.dispose()
        embedded_pg.stop(data)
