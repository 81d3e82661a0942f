"""The RPC server role uploads its steps while the run goes on (every ~200 ms), so a server agent that dies
mid-run loses nothing it had already measured: real daemons, a live backend, a SIGKILL."""

import signal

from sqlalchemy import text

from stored_steps import steps_table

from test_agent_integration import lab, wait  # noqa: F401 - the fixture is used by name


def _server_steps(db, run_id):
    with db.session() as s:
        steps_table(s, run_id)
        return s.execute(text("SELECT count(*), count(DISTINCT call_no) FROM steps WHERE run_id = :r AND code "
                              "BETWEEN 110 AND 119"), {"r": run_id}).one()


def test_server_steps_arrive_while_running_and_survive_a_killed_server(lab, db):  # noqa: F811
    http, ids, procs = lab
    run = http.post("/api/runs", json={"kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
                                       "calls": 200_000, "warmup_calls": 0, "rto_ms": 20}).json()
    # the server's steps show while the point still runs: uploaded before the job ends
    steps, calls = wait(lambda: (lambda r: r if r[1] > 0 else None)(_server_steps(db, run["id"])), 30,
                        "server steps uploaded while running")
    assert http.get(f"/api/runs/{run['id']}").json()["status"] == "running"
    assert steps >= calls * 4  # idle, receive, service, end at least: every step of a call goes together
    procs["it-b"].send_signal(signal.SIGKILL)
    procs["it-b"].wait(10)
    after_steps, after_calls = _server_steps(db, run["id"])
    assert after_steps >= steps and after_calls >= calls  # nothing the dead server had sent is lost
    with db.session() as s:
        # a call's server steps are whole: no call with a service step but no receive step
        steps_table(s, run["id"])
        partial = s.execute(text(
            "SELECT count(*) FROM (SELECT call_no FROM steps WHERE run_id = :r AND code BETWEEN 110 AND 119 "
            "GROUP BY call_no HAVING count(*) FILTER (WHERE code = 115) <> count(*) FILTER (WHERE code = 111)) x"),
            {"r": run["id"]}).scalar()
    assert partial == 0
    cancelled = http.post(f"/api/runs/{run['id']}/cancel")
    if cancelled.status_code == 409:  # the run already failed for the dead server (reaper, or the client giving up)
        got = http.get(f"/api/runs/{run['id']}").json()
        assert got["status"] == "failed", got["reason"]
    else:
        assert cancelled.json()["status"] == "cancelled", cancelled.text

    def orphans():
        """Server calls the client has not (yet) uploaded: it uploads the rest when its job stops."""
        with db.session() as s:
            steps_table(s, run["id"])
            return s.execute(text(
                "SELECT count(DISTINCT st.call_no) FROM steps st WHERE st.run_id = :r AND st.code = 115 AND NOT "
                "EXISTS (SELECT 1 FROM steps c WHERE c.run_id = st.run_id AND c.call_no = st.call_no AND c.code = 10)"),
                {"r": run["id"]}).scalar()
    # each stored server call is a call the client made: the two sides join once both have uploaded
    # (the client uploads the rest as its job stops; on a busy machine the backend may still be analysing earlier runs)
    wait(lambda: orphans() == 0, 90, "every server call joined by the client's record of it")
