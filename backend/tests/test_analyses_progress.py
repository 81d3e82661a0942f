"""The "analysing" state (services/analysis_progress.py): while an analysis worker process runs, a read of a run
whose analyses are not stored yet never computes them itself; it answers HTTP 202 with how far the worker is,
which the worker records kind by kind. With no worker process at all the read computes them, as before."""

import signal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, text

from perflab.main import create_app
from perflab.models import Analysis, AnalysisProgress, Run
from perflab.services.analyses import INDEX, KINDS, analyse
from perflab.services.analysis_progress import LOCK_CLASS, Presence, recorder, workers_alive
from perflab.services.analysis_worker import work_until_idle
from synth_trace import pingpong
from test_analysis_worker_process import freeze_when, start_worker, wait_until
from trace_store import add_late_batch, store


@pytest.fixture
def api(settings, db, admin_headers):
    """The API alone, as `make up` runs it beside worker processes (PERFLAB_ANALYSIS_WORKER=0)."""
    alone = settings.model_copy(update={"analysis_worker": False})
    with TestClient(create_app(alone, db), headers=admin_headers) as c:
        yield c


@pytest.fixture
def a_worker_alive(db):
    """What a worker process announces while it runs (its presence lock), without it taking any run."""
    presence = Presence(db)
    presence.keep()
    yield
    presence.close()


def small_run(db) -> int:
    return store(db, pingpong(n_calls=2000)[0], {0: {"request_bytes": 64}})


def stored_kinds(db, run_id: int) -> set[str]:
    with db.session() as s:
        return set(s.scalars(select(Analysis.kind).where(Analysis.run_id == run_id)))


def progress_rows(db) -> int:
    with db.session() as s:
        return s.scalar(select(func.count()).select_from(AnalysisProgress))


def test_a_run_waiting_for_a_worker_is_answered_analysing_and_not_computed(api, db, a_worker_alive):
    run_id = small_run(db)
    r = api.get(f"/api/runs/{run_id}/analyses")
    assert r.status_code == 202 and r.headers["Retry-After"] == "1", r.text
    assert r.json() == {"run_id": run_id, "status": "done", "kinds": [], "error": None, "seconds": None,
                        "state": "analysing", "done": 0, "total": len(KINDS)}
    for path in (f"/api/runs/{run_id}/analyses/rtp", f"/api/runs/{run_id}/points/0/analyses/step_stats"):
        r = api.get(path)
        assert r.status_code == 202, r.text
        body = r.json()
        assert body["available"] is False and body["state"] == "analysing" and body["total"] == len(KINDS)
        assert body["reason"] == f"run {run_id} is being analysed (0 of {len(KINDS)} analyses done): try again shortly"
    r = api.post("/api/models/whatif", json={"run_id": run_id, "scales": {"c.send": 0.5}})
    assert r.status_code == 409 and r.json()["state"] == "analysing", r.text
    assert stored_kinds(db, run_id) == set()  # no read computed anything: the run is the worker's

    work_until_idle(db)  # the worker's turn
    r = api.get(f"/api/runs/{run_id}/analyses")
    assert r.status_code == 200 and "state" not in r.json() and set(r.json()["kinds"]) == set(KINDS), r.text
    assert api.get(f"/api/runs/{run_id}/analyses/rtp").json()["points"]
    assert progress_rows(db) == 0  # the progress went with the analyses' commit


def test_the_read_says_how_far_the_worker_on_the_run_is(api, db, a_worker_alive):
    run_id = small_run(db)
    with db.session() as claim:  # a worker on the run: its claim held, three kinds recorded
        claim.execute(text("SELECT pg_advisory_xact_lock(:c, :r)"), {"c": LOCK_CLASS, "r": run_id})
        recorder(db.engine, run_id, len(KINDS))(3)
        r = api.get(f"/api/runs/{run_id}/analyses")
        assert r.status_code == 202 and (r.json()["done"], r.json()["total"]) == (3, len(KINDS)), r.text
    # the claim gone with no analyses stored (a worker killed mid-way): waiting again, from nothing
    r = api.get(f"/api/runs/{run_id}/analyses")
    assert r.status_code == 202 and r.json()["done"] == 0, r.text


def test_the_worker_records_each_kind_as_it_completes(db):
    run_id = small_run(db)
    seen = []
    with db.session() as s:
        analyse(s, s.get(Run, run_id), seen.append)
    assert seen == list(range(len(KINDS) + 1))  # 0 at the start (a killed worker's count reset), then one a kind


def test_with_no_worker_process_a_read_computes_the_analyses_itself(api, db):
    run_id = small_run(db)
    r = api.get(f"/api/runs/{run_id}/analyses")
    assert r.status_code == 200 and set(r.json()["kinds"]) == set(KINDS), r.text
    assert INDEX in stored_kinds(db, run_id)


def test_a_stale_index_is_the_workers_to_redo(api, db, a_worker_alive):
    """Analyses stored before a batch that came later: the worker takes the run again (reads used to redo it)."""
    run_id = small_run(db)
    work_until_idle(db)
    add_late_batch(db, run_id)
    assert api.get(f"/api/runs/{run_id}/analyses").status_code == 202
    assert work_until_idle(db) == [run_id]
    r = api.get(f"/api/runs/{run_id}/analyses")
    assert r.status_code == 200 and set(r.json()["kinds"]) == set(KINDS), r.text


@pytest.mark.slow
def test_a_worker_killed_mid_analysis_the_next_one_takes_the_run_and_the_state_ends_done(api, db, database_url):
    run_id = store(db, pingpong(n_calls=60_000, points=4)[0], {p: {"request_bytes": 64 * (p + 1)} for p in range(4)})

    def state():
        r = api.get(f"/api/runs/{run_id}/analyses")
        return r.status_code, r.json()

    def on_it():  # the first worker has claimed the run and recorded its start
        with db.session() as s:
            held = s.scalar(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = :c "
                                 "AND objid = :r AND granted"), {"c": LOCK_CLASS, "r": run_id})
            return held and s.get(AnalysisProgress, run_id) is not None

    first = start_worker(database_url)
    try:
        freeze_when(first, lambda: on_it() and INDEX not in stored_kinds(db, run_id), 120,
                    "the first worker stopped mid-analysis")
        code, body = state()
        assert code == 202 and body["state"] == "analysing" and 0 <= body["done"] < body["total"], body
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(30)
    assert INDEX not in stored_kinds(db, run_id)  # nothing of the analyses committed
    second = start_worker(database_url)
    try:
        wait_until(lambda: alive(db), 60, "the second worker's presence")  # before it, a read would compute
        wait_until(lambda: state()[0] == 200, 180, "the analyses stored by the second worker")
    finally:
        second.send_signal(signal.SIGTERM)
        out, _ = second.communicate(timeout=60)
    assert f"analysed run {run_id}" in out, out  # the worker did them, not a read
    code, body = state()
    assert code == 200 and set(body["kinds"]) == set(KINDS) and body["error"] is None, body
    assert progress_rows(db) == 0


def alive(db) -> int:
    with db.session() as s:
        return workers_alive(s)
