"""A run's storage (services/run_storage.py) on the tests' PostgreSQL: archived to Parquet and restored with every
call and step as it was, deleted with all of it, its size in the runs list, and retention's dry run (pinned runs
kept) against what it then deletes."""

from datetime import datetime, timedelta, timezone

import numpy as np
import pytest
from sqlalchemy import text

from perflab.models import Run
from perflab.services import call_store, run_storage, step_store

from export_data import make_run
from stored_steps import calls_of, replace_calls, steps_of


def stored(db, run_id: int) -> tuple[dict, dict]:
    """The run's calls (every column, by call) and its steps in their stored order, as numpy columns."""
    with db.session() as s, call_store.cursor(s) as cur:
        return call_store.read_calls(cur, run_id), step_store.read_steps(cur, run_id)


def counts(db, run_id: int) -> tuple[int, int, int]:
    with db.session() as s:
        return tuple(s.execute(text(f"SELECT count(*) FROM {t} WHERE run_id = :r"), {"r": run_id}).scalar()
                     for t in ("call_blocks", "step_blocks", "batches"))


def test_a_run_archived_to_parquet_comes_back_bit_for_bit(db, tmp_path):
    run_id = make_run(db, calls=3_000)["run_id"]
    extra = {"call_no": np.array([0, 7, 2_999]), "code": np.array([299, 20, 1]),
             "start_ns": np.array([-(2**62), 5, 2**62]), "end_ns": np.array([2**61, 5, 2**62 + 9])}
    with db.session() as s, s.connection().connection.driver_connection.cursor() as cur:
        step_store.write_steps(cur, run_id, extra)  # extreme times, a block of its own after the others
        calls = call_store.read_calls(cur, run_id)
        calls["retransmits"][5], calls["send_lag_ns"][5] = 32767, 123456789
        replace_calls(s, run_id, calls)
    calls_before, steps_before = stored(db, run_id)
    assert len(steps_before["call_no"]) == 3_000 * 6 + 3
    with db.session() as s:
        paths = run_storage.archive_run(s, run_id, tmp_path)
    assert all(p.exists() for p in paths)
    assert counts(db, run_id)[:2] == (0, 0)
    with db.session() as s:
        assert s.get(Run, run_id).archived_at is not None
        assert run_storage.stored_bytes(s, [run_id]) == {run_id: 0}
        with pytest.raises(run_storage.StorageError, match="archived already"):
            run_storage.archive_run(s, run_id, tmp_path)
    with db.session() as s:
        assert run_storage.restore_run(s, run_id, tmp_path) == len(steps_before["call_no"])
    calls_after, steps_after = stored(db, run_id)
    for before, after in ((calls_before, calls_after), (steps_before, steps_after)):
        assert before.keys() == after.keys()
        for k in before:
            assert np.array_equal(before[k], after[k]), k  # every value, the steps in their stored order
    with db.session() as s:
        assert s.get(Run, run_id).archived_at is None
        with pytest.raises(run_storage.StorageError, match="not archived"):
            run_storage.restore_run(s, run_id, tmp_path)


def test_deleting_a_run_removes_a_few_block_rows(db):
    run_id = make_run(db, calls=20_000)["run_id"]
    other = make_run(db, calls=100, seed=2)["run_id"]
    call_blocks, blocks, _ = counts(db, run_id)
    assert call_blocks == -(-20_000 // call_store.BLOCK_CALLS) == 5  # 20,000 calls in 5 rows
    assert blocks == -(-20_000 * 6 // step_store.BLOCK_STEPS)  # 120,000 steps in 8 rows
    with db.session() as s:
        run_storage.delete_run(s, run_id)
    assert counts(db, run_id) == (0, 0, 0)
    with db.session() as s:
        assert s.get(Run, run_id) is None
        assert len(steps_of(s, other)["call_no"]) == 600  # the other run untouched
        assert len(calls_of(s, other)["call_no"]) == 100
        with pytest.raises(run_storage.StorageError, match="does not exist"):
            run_storage.delete_run(s, run_id)


def test_a_running_run_is_neither_deleted_nor_archived(db, tmp_path):
    run_id = make_run(db, calls=10, status="running")["run_id"]
    with db.session() as s:
        for act in (lambda: run_storage.delete_run(s, run_id), lambda: run_storage.archive_run(s, run_id, tmp_path)):
            with pytest.raises(run_storage.StorageError, match="is running"):
                act()


def test_retention_dry_run_lists_what_it_then_deletes_and_keeps_pinned_runs(db):
    now = datetime.now(timezone.utc)
    ids = [make_run(db, calls=1_000 * (k + 1), seed=k)["run_id"] for k in range(4)]  # growing sizes
    with db.session() as s:
        for age_days, run_id in zip((40, 20, 10, 1), ids):
            s.get(Run, run_id).created_at = now - timedelta(days=age_days)
        s.get(Run, ids[0]).pinned = True  # the oldest, but pinned
    with db.session() as s:
        sizes = run_storage.stored_bytes(s, ids)
        assert all(sizes[a] < sizes[b] for a, b in zip(ids, ids[1:]))  # more calls, more bytes
        by_age = run_storage.retention_plan(s, keep_days=15, keep_gb=None, now=now)
        assert [(r.run_id, r.why) for r in by_age] == [(ids[1], "older than 15 days")]
        cap = (sizes[ids[3]] + sizes[ids[2]] // 2) / 1e9  # the newest fits, the next one does not
        by_size = run_storage.retention_plan(s, keep_days=None, keep_gb=cap, now=now)
        assert [r.run_id for r in by_size] == [ids[1], ids[2]]  # oldest first; ids[0] is pinned
        assert by_size[0].stored_bytes == sizes[ids[1]] and by_size[0].why == f"over {cap:g} GB"
        for bad in (0, -1.5):
            with pytest.raises(run_storage.StorageError, match="keep_days must be a number above 0"):
                run_storage.retention_plan(s, keep_days=bad, keep_gb=None)
    with db.session() as s:  # the dry run deleted nothing
        assert all(s.get(Run, r) is not None for r in ids)
        assert run_storage.apply_retention(s, run_storage.retention_plan(s, None, cap, now=now)) == 2
    with db.session() as s:
        assert [r for r in ids if s.get(Run, r) is not None] == [ids[0], ids[3]]


def test_runs_list_shows_each_runs_stored_size_and_pinning_is_an_edit(client, db):
    small, large = (make_run(db, calls=n, seed=n)["run_id"] for n in (100, 5_000))
    items = {r["id"]: r for r in client.get("/api/runs").json()["items"]}
    assert 0 < items[small]["stored_bytes"] < items[large]["stored_bytes"]
    assert items[large]["pinned"] is False and items[large]["archived_at"] is None
    r = client.patch(f"/api/runs/{small}", json={"pinned": True})
    assert r.status_code == 200 and r.json()["pinned"] is True
    assert client.get(f"/api/runs/{small}").json()["pinned"] is True
    assert client.patch(f"/api/runs/{small}", json={"pinned": "sometimes"}).status_code == 422


def test_the_retention_schedule_deletes_what_the_setting_says_once_per_interval_and_one_process_at_a_time(db):
    now = datetime.now(timezone.utc)
    old, pinned, new = (make_run(db, calls=200, seed=k)["run_id"] for k in range(3))
    with db.session() as s:
        for run_id, age_days in ((old, 30), (pinned, 30), (new, 1)):
            s.get(Run, run_id).created_at = now - timedelta(days=age_days)
        s.get(Run, pinned).pinned = True
    assert run_storage.RetentionSchedule(None, None, 60).tick(db) is None  # no limit set: off
    schedule = run_storage.RetentionSchedule(15, None, 3600)
    with db.session() as holder:  # another process applying it now: this tick leaves it to that one
        assert holder.scalar(text("SELECT pg_try_advisory_xact_lock(:c, :k)"),
                             {"c": run_storage.LOCK_CLASS, "k": run_storage.RETENTION_LOCK})
        assert schedule.tick(db) is None
    with db.session() as s:
        assert s.get(Run, old) is not None
    schedule.next_at = 0.0  # due again
    assert [r.run_id for r in schedule.tick(db)] == [old]
    with db.session() as s:
        assert [r for r in (old, pinned, new) if s.get(Run, r) is not None] == [pinned, new]
        s.get(Run, new).created_at = now - timedelta(days=30)
    assert schedule.tick(db) is None  # not due for an hour
    with db.session() as s:
        assert s.get(Run, new) is not None
