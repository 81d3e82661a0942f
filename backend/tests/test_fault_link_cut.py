"""Faults with counts (issue 15): the link between the agents' namespaces cut mid-run. Two real agents in network
namespaces of this test's own, joined by a veth pair (links/lab.py) and reaching the backend through the lab's
relay (links/forward.py), run a TCP ping-pong; the veth is taken down while calls flow. The client's call in
flight gets no reply: after its reply timeout (15 s, pl_tcp_reply_timeout_ms) the run fails naming the silent
peer, and what the agents measured before the cut is stored, once: every call the client says it measured,
every step its batches declared, nothing twice, no call short of its steps."""

import re
import subprocess
import sys
import time

import httpx
import pytest
from sqlalchemy import text

from stored_steps import calls_of, calls_table, steps_table

from agent_procs import online_ids, stop_agents
from conftest import ENROLLMENT_TOKEN
from perflab.links import lab
from perflab.links.netns import ip, why_not_usable
from test_agent_integration import AGENT, finished, wait

WHY_NOT = why_not_usable()
pytestmark = [pytest.mark.skipif(WHY_NOT is not None, reason=f"the cut link needs root and `ip netns`: {WHY_NOT}"),
              pytest.mark.skipif(not AGENT.exists(), reason=f"the agent is not built ({AGENT})")]

CALLS = 1_000_000  # far more than are made before the cut: the run is always cut mid-way
REPLY_TIMEOUT_S = 15  # agents/src/wire/transport_tcp.c: pl_tcp_reply_timeout_ms
# the cut to the run's end: the reply timeout, the client's last uploads and its report, on a busy machine
FAIL_WITHIN_S = REPLY_TIMEOUT_S + 20


@pytest.fixture
def cut_lab(live_server, admin_headers, tmp_path):
    """Agents cut-a and cut-b in two fresh namespaces (names derived from a temporary state folder, so no other
    lab's are touched) joined by a veth pair; the relay that lets each reach the backend on the host's
    loopback. Namespaces, veth, relay and agents go whatever happens in the test."""
    port = live_server.rsplit(":", 1)[1]
    http = httpx.Client(base_url=live_server, timeout=30, headers=admin_headers)
    with lab.temporary("perflab-linkcut-") as (state, a, b):
        relay_log = open(tmp_path / "relay.log", "w")
        relay = subprocess.Popen([sys.executable, "-m", "perflab", "links", "--state", str(state), "forward",
                                  "--port", port], stdout=relay_log, stderr=subprocess.STDOUT)
        procs = {}
        try:
            ends = {"cut-a": a, "cut-b": b}
            procs = {name: subprocess.Popen(
                ["ip", "netns", "exec", end["ns"], str(AGENT), "daemon", "--backend", f"http://127.0.0.1:{port}",
                 "--token", ENROLLMENT_TOKEN, "--name", name, "--advertise", end["address"],
                 "--spool", str(tmp_path / name)],
                stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"{name}.log", "w")) for name, end in ends.items()}
            yield http, online_ids(http, procs), ends, procs
        finally:
            try:
                stop_agents(procs, timeout_s=20)
            finally:
                for p in procs.values():  # one that did not stop in time must not outlive its namespace
                    if p.poll() is None:
                        p.kill()
                        p.wait(10)
                relay.terminate()
                relay.wait(10)
                relay_log.close()
                http.close()


def cut(end: dict) -> None:
    """The cable pulled: the veth end down (its peer loses carrier), nothing said to either socket."""
    ip("link", "set", end["dev"], "down", ns=end["ns"])


def jobs_finished(db, run_id: int) -> bool:
    """Both jobs ended (the server's after its stop command, with its last batch sent)."""
    with db.session() as s:
        states = s.scalars(text("SELECT state FROM jobs WHERE run_id = :r"), {"r": run_id}).all()
    return len(states) == 2 and all(st in ("done", "failed", "cancelled") for st in states)


def measured_by_client(log_text: str, job_id: int) -> tuple[int, int]:
    """(calls, errors) as the client agent logs them when its job ends: `job N: C calls measured, E errors`."""
    m = re.search(rf"job {job_id}: (\d+) calls measured, (\d+) errors", log_text)
    assert m, f"the client's log has no account of job {job_id}: {log_text[-2000:]}"
    return int(m.group(1)), int(m.group(2))


def stored_against_reported(db, run_id: int, cut_calls: list[int]) -> dict:
    """What PostgreSQL holds for the run against what the agents declared in the batches they sent: calls, steps,
    steps stored twice, and steps missing from a call (each side's calls carry one list of step codes, the one
    most of them have; the calls the cut interrupted are left out: their replies, their server steps never came)."""
    with db.session() as s:
        steps_table(s, run_id)
        calls_table(s, run_id)
        one = lambda sql: s.execute(text(sql), {"run": run_id, "cut": cut_calls}).one()  # noqa: E731
        calls, errors = one("SELECT count(*), count(*) FILTER (WHERE flags & 4 <> 0) FROM calls WHERE run_id = :run")
        steps, distinct_steps = one("SELECT count(*), count(DISTINCT (call_no, code, start_ns)) FROM steps "
                                    "WHERE run_id = :run")
        declared_calls, declared_steps, batches = one(
            "SELECT coalesce(sum(n_calls), 0), coalesce(sum(n_steps), 0), count(*) FROM batches WHERE run_id = :run")
        # each job's batches are numbered from 0: a number missing is a batch never stored
        seq_gaps, unfinished_jobs = one("""
            SELECT coalesce(sum(max_seq + 1 - n), 0), count(*) FILTER (WHERE NOT ended)
            FROM (SELECT max(seq) AS max_seq, count(*) AS n, bool_or(last) AS ended FROM batches
                  WHERE run_id = :run GROUP BY job_id) per_job""")
        lost = one("""
            WITH per_call AS (SELECT code >= 100 AS server, call_no, array_agg(code ORDER BY code) AS codes
                              FROM (SELECT DISTINCT call_no, code, start_ns FROM steps
                                    WHERE run_id = :run AND call_no <> ALL(:cut)) d
                              GROUP BY 1, 2),
                 expected AS (SELECT DISTINCT ON (server) server, codes FROM per_call
                              GROUP BY server, codes ORDER BY server, count(*) DESC),
                 callers AS (SELECT call_no FROM calls WHERE run_id = :run AND call_no <> ALL(:cut))
            SELECT coalesce(sum(greatest(cardinality(e.codes) - coalesce(cardinality(p.codes), 0), 0)), 0)
            FROM callers c CROSS JOIN expected e
            LEFT JOIN per_call p ON p.call_no = c.call_no AND p.server = e.server""")[0]
    return {"calls": calls, "steps": steps, "duplicate_steps": steps - distinct_steps, "lost_steps": int(lost),
            "error_calls": errors, "declared_calls": int(declared_calls), "declared_steps": int(declared_steps),
            "batches": batches, "batch_seq_gaps": int(seq_gaps), "jobs_without_last_batch": unfinished_jobs}


def cut_mid_run(http, ids: dict, ends: dict, run: dict, within_s: float) -> tuple[dict, float]:
    """Launches the run from cut-a to cut-b, cuts the link once 2,000 calls are stored, and waits for its end:
    (the finished run, seconds from the cut to its end)."""
    r = http.post("/api/runs", json={"client_agent_id": ids["cut-a"], "server_agent_id": ids["cut-b"], "calls": CALLS,
                                     "warmup_calls": 0} | run)
    assert r.status_code == 201, r.text
    run_id = r.json()["id"]
    wait(lambda: http.get(f"/api/runs/{run_id}").json()["calls_done"] > 2000, 60, "calls stored from over the link")
    assert finished(http, run_id) is None, "the run ended before the cut: make it longer"
    cut(ends["cut-b"])
    cut_at = time.monotonic()
    ended = wait(lambda: finished(http, run_id), within_s, f"the run's end within {within_s:.0f} s of the cut")
    assert ended["status"] == "failed", ended
    return ended, round(time.monotonic() - cut_at, 1)


def client_job(db, run_id: int) -> int:
    wait(lambda: jobs_finished(db, run_id), 30, "both jobs' ends (the server's last batch)")
    with db.session() as s:
        return s.scalar(text("SELECT id FROM jobs WHERE run_id = :r AND role = 'client'"), {"r": run_id})


def assert_stored_as_measured(counts: dict, measured: int, run: dict, ends: dict, spools) -> None:
    assert counts["calls"] == measured == counts["declared_calls"] == run["calls_done"], (counts, run)
    assert counts["steps"] == counts["declared_steps"] > 3 * measured, counts  # both sides' steps are there
    assert counts["duplicate_steps"] == 0 and counts["lost_steps"] == 0, counts
    assert counts["batch_seq_gaps"] == 0 and counts["jobs_without_last_batch"] == 0, counts
    for name in ends:  # every batch spooled was acknowledged: none waits to be sent
        assert not list((spools / name).glob("job-*.plb")), f"{name} still holds batches"


def test_a_link_cut_mid_run_fails_it_naming_the_silent_peer_and_keeps_what_was_measured(cut_lab, db, tmp_path):
    http, ids, ends, _ = cut_lab
    run, seconds = cut_mid_run(http, ids, ends, {"transport": "tcp", "request_bytes": 64, "response_bytes": 64},
                               FAIL_WITHIN_S)
    server = re.escape(ends["cut-b"]["address"])
    said = re.fullmatch(rf"client agent cut-a: peer {server}:\d+ stopped answering during call (\d+): "
                        rf"no reply in {REPLY_TIMEOUT_S} s", run["reason"])
    assert said, run["reason"]
    cut_call = int(said.group(1))
    measured, errors = measured_by_client((tmp_path / "cut-a.log").read_text(), client_job(db, run["id"]))
    counts = stored_against_reported(db, run["id"], [cut_call])
    print(f"link cut after {measured} calls, run failed {seconds} s later: {counts}")

    assert 2000 < measured < CALLS and errors == 1, (measured, errors)
    # the call in flight at the cut is the client's last, stored flagged as an error; nothing after it
    assert cut_call == measured - 1 and counts["error_calls"] == 1, (cut_call, counts)
    assert_stored_as_measured(counts, measured, run, ends, tmp_path)


SILENT_CALLS, TRIES, RTO_S = 3, 21, 0.1  # agents/src/rpc/rpc_load.h PL_RPC_SILENT_CALLS; max_retries + 1, rto_ms


@pytest.mark.parametrize("transport", ["udp", "tcp"])
def test_an_rpc_run_on_a_cut_link_fails_after_three_unanswered_calls_and_keeps_what_was_measured(cut_lab, db,
                                                                                              tmp_path, transport):
    """RPC over UDP has no connection to lose: without a rule each of the point's remaining calls would spend its
    whole retry budget (21 tries 100 ms apart) until the job's timeout. Three unanswered calls in a row end it;
    over TCP the same (the connection is not closed by a cut: its calls time out the same way)."""
    http, ids, ends, _ = cut_lab
    within = SILENT_CALLS * TRIES * RTO_S + 20  # the three calls' budgets, the last uploads and the report
    run, seconds = cut_mid_run(http, ids, ends, {"kind": "rpc", "transport": transport}, within)
    server = re.escape(ends["cut-b"]["address"])
    assert re.fullmatch(rf"client agent cut-a: peer unreachable: {transport}:{server}\[\d+\] stopped answering during "
                        rf"point 0: {SILENT_CALLS} calls in a row unanswered, each after {TRIES} tries 100 ms apart",
                        run["reason"]), run["reason"]
    job = client_job(db, run["id"])
    m = re.search(rf"job {job}: \d+ points, (\d+) calls, (\d+) errors", (tmp_path / "cut-a.log").read_text())
    assert m, (tmp_path / "cut-a.log").read_text()[-2000:]
    measured, errors = int(m.group(1)), int(m.group(2))
    with db.session() as s:
        calls = calls_of(s, run["id"], ("flags",))
    unanswered = calls["call_no"][calls["flags"] & 4 != 0].tolist()
    counts = stored_against_reported(db, run["id"], list(unanswered))
    print(f"link cut after {measured} calls, RPC run over {transport} failed {seconds} s later: {counts}")

    assert 2000 < measured < CALLS and errors == SILENT_CALLS == len(unanswered), (measured, errors, unanswered)
    assert unanswered == list(range(measured - SILENT_CALLS, measured)), unanswered  # the last three, nothing after
    assert_stored_as_measured(counts, measured, run, ends, tmp_path)
