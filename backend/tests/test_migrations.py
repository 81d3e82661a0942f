"""The migrations on a populated database: up from the first revision to head, down to the first and up again,
the rows of every revision kept; and the models agree with what the migrations build."""

import uuid

import numpy as np
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from perflab.core import embedded_pg
from perflab.core.config import REPO_ROOT
from perflab.migrate import downgrade, upgrade
from perflab.models import Base
from perflab.services.pg_copy import binary_copy_payload

MIGRATIONS = REPO_ROOT / "migrations"


@pytest.fixture
def scratch_url(database_url):
    """An empty database of its own on the tests' server."""
    url = make_url(database_url)
    name = f"perflab_mig_{uuid.uuid4().hex[:8]}"
    admin = url.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    embedded_pg.ensure_database(admin, name)
    yield url.set(database=name).render_as_string(hide_password=False)
    embedded_pg.drop_database(admin, name)


@pytest.fixture
def engine(scratch_url):
    """An engine on the scratch database, disposed after the test."""
    engine = create_engine(scratch_url)
    yield engine
    engine.dispose()


AN_AGENT = text("INSERT INTO agents (name, host, address, version, clock_id, capabilities, token_sha256, enrolled_at, "
                "last_seen_at) VALUES ('a', 'h', '127.0.0.1', '0.1', 1, '{}', 'x', now(), now())")


def rows(engine, sql: str) -> list[tuple]:
    with engine.connect() as c:
        return [tuple(r) for r in c.execute(text(sql))]


def test_up_down_and_up_again_keeps_the_data(scratch_url, engine):
    upgrade(scratch_url, MIGRATIONS, "0001")
    with engine.begin() as c:
        c.execute(AN_AGENT)
        c.execute(text("INSERT INTO runs (kind, name, tags, params, status, client_agent_id, server_agent_id, "
                       "calls_total, calls_done, created_at) VALUES ('pingpong', 'old run', '{}', '{}', 'done', "
                       "1, 1, 10, 10, now())"))
    upgrade(scratch_url, MIGRATIONS, "head")
    assert rows(engine, "SELECT name, status, launched_by_id FROM runs") == [("old run", "done", None)]
    with engine.begin() as c:
        c.execute(text("INSERT INTO users (name, password_hash, role) VALUES ('ann', 'h', 'admin')"))
        c.execute(text("UPDATE runs SET launched_by_id = 1"))
    downgrade(scratch_url, MIGRATIONS, "0001")
    assert rows(engine, "SELECT name, status FROM runs") == [("old run", "done")]
    assert rows(engine, "SELECT to_regclass('users')") == [(None,)]
    upgrade(scratch_url, MIGRATIONS, "head")
    assert rows(engine, "SELECT name, launched_by_id FROM runs") == [("old run", None)]
    assert rows(engine, "SELECT name FROM agents") == [("a",)]


def test_the_models_are_what_the_migrations_build(database_url):
    engine = create_engine(database_url)
    try:
        with engine.connect() as c:
            diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
    finally:
        engine.dispose()
    assert diff == [], diff


def test_0010_adds_environment_notes_and_series_and_takes_them_away(scratch_url, engine):
    """Runs from before 0010 get an empty environment, empty notes and no series; down to 0009 drops them and
    the baselines' table, the runs kept."""
    upgrade(scratch_url, MIGRATIONS, "0009_call_send_lag")
    with engine.begin() as c:
        c.execute(AN_AGENT)
        c.execute(text("INSERT INTO runs (kind, name, tags, params, status, client_agent_id, server_agent_id, "
                       "calls_total, calls_done, created_at, link) VALUES ('pingpong', 'old', '{}', '{}', "
                       "'done', 1, 1, 10, 10, now(), '{}')"))
    upgrade(scratch_url, MIGRATIONS, "0010_run_environment_series")
    assert rows(engine, "SELECT environment, notes, series_key, launch_digest FROM runs") == [({}, "", None, None)]
    with engine.begin() as c:
        c.execute(text("UPDATE runs SET series_key = 'k', environment = '{\"co_located\": true}'"))
        c.execute(text("INSERT INTO series_baselines (series_key, run_id, set_at) VALUES ('k', 1, now())"))
    downgrade(scratch_url, MIGRATIONS, "0009_call_send_lag")
    assert rows(engine, "SELECT to_regclass('series_baselines')") == [(None,)]
    assert rows(engine, "SELECT count(*) FROM information_schema.columns WHERE table_name = 'runs' "
                        "AND column_name IN ('environment', 'notes', 'series_key', 'launch_digest')") == [(0,)]
    assert rows(engine, "SELECT name FROM runs") == [("old",)]


def _old_step_rows(engine) -> list[tuple]:
    return rows(engine, "SELECT run_id, call_no, code, start_ns, end_ns FROM steps ORDER BY 1, 2, 3, 4")


def test_0012_moves_every_step_into_blocks_and_back(scratch_url, engine):
    """Two runs' step rows (one over several blocks and several of the migration's read chunks, wide and negative
    times, a step repeated in a call) move into step_blocks on the way up, each step as it was; on the way down
    they come back as the same rows and step_blocks goes."""
    from perflab.services import step_store

    upgrade(scratch_url, MIGRATIONS, "0011_baseline_range")
    rng = np.random.default_rng(11)
    n = 40_000  # calls of run 1: 10 chunks of 4,096 calls read, 120,000 steps → 8 blocks
    call_no = np.repeat(np.arange(n), 3)
    start = np.repeat(np.arange(n, dtype=np.int64) * 25_000 + 10**15, 3) + rng.integers(0, 5_000, 3 * n)
    old = {"run_id": np.concatenate([np.full(3 * n, 1), [2, 2, 2]]),
           "call_no": np.concatenate([call_no, [0, 0, 7]]),
           "code": np.concatenate([np.tile([1, 2, 101], n), [20, 20, 211]]),
           "start_ns": np.concatenate([start, [-5, -5, 2**62]]),
           "end_ns": np.concatenate([start + rng.integers(0, 10**6, 3 * n), [0, 3, 2**62 + 1]])}
    with engine.begin() as c:
        cur = c.connection.driver_connection.cursor()
        with cur.copy("COPY steps (run_id, call_no, code, start_ns, end_ns) FROM STDIN (FORMAT BINARY)") as cp:
            cp.write(binary_copy_payload([(k, t, old[k]) for k, t in (
                ("run_id", "int4"), ("call_no", "int4"), ("code", "int2"), ("start_ns", "int8"),
                ("end_ns", "int8"))]))
    before = _old_step_rows(engine)
    assert len(before) == 3 * n + 3
    upgrade(scratch_url, MIGRATIONS, "0012_step_blocks")
    assert rows(engine, "SELECT to_regclass('steps')") == [(None,)]
    assert rows(engine, "SELECT run_id, count(*), sum(n_steps) FROM step_blocks GROUP BY 1 ORDER BY 1") == [
        (1, -(-3 * n // step_store.BLOCK_STEPS), 3 * n), (2, 1, 3)]
    with engine.connect() as c, c.connection.driver_connection.cursor() as cur:
        moved = sorted((run_id, *step) for run_id in (1, 2) for step in zip(
            *(step_store.read_steps(cur, run_id)[k].tolist() for k in step_store.STEP_FIELDS)))
    assert moved == before
    downgrade(scratch_url, MIGRATIONS, "0011_baseline_range")
    assert rows(engine, "SELECT to_regclass('step_blocks')") == [(None,)]
    assert _old_step_rows(engine) == before


CALL_ROWS = ("SELECT run_id, call_no, point_no, flags, start_ns, rtt_ns, request_bytes, response_bytes, thread, "
             "server_recv_ns, server_send_ns, retransmits, send_lag_ns FROM calls ORDER BY 1, 2")


def test_0014_moves_every_call_into_blocks_and_back(scratch_url, engine):
    """Two runs' call rows (one over several blocks with gaps in its call numbers, every column's extremes, a
    server time of 0 among real ones) move into call_blocks on the way up, each call as it was, read back through
    call_store; on the way down they come back as the same rows, keyed as before, and call_blocks goes."""
    from perflab.services import call_store

    upgrade(scratch_url, MIGRATIONS, "0013_run_retention")
    rng = np.random.default_rng(14)
    n = 150_000  # run 1: call numbers 0..~165,000 with gaps → 41 blocks of the migration's chunks
    call_no = np.sort(rng.choice(165_000, n, replace=False))
    start = call_no.astype(np.int64) * 40_000 + 10**15 + rng.integers(0, 5_000, n)
    recv = np.where(rng.random(n) < 0.1, 0, start + 7 * 10**12 + rng.integers(0, 10**6, n))
    run1 = {"call_no": call_no, "point_no": call_no // 20_000, "flags": rng.integers(0, 16, n), "start_ns": start,
            "rtt_ns": rng.integers(10_000, 10**9, n), "request_bytes": rng.integers(0, 2**31 - 1, n),
            "response_bytes": rng.integers(0, 1 << 20, n), "thread": rng.integers(0, 64, n),
            "server_recv_ns": recv, "server_send_ns": np.where(recv > 0, recv + rng.integers(0, 10**5, n), 0),
            "retransmits": rng.integers(0, 32767, n), "send_lag_ns": rng.integers(0, 10**7, n)}
    run2 = {"call_no": [0, 5, 2**31 - 1], "point_no": [-32768, 0, 32767], "flags": [0, 32767, -1],
            "start_ns": [-(2**63), 2**63 - 1, 0], "rtt_ns": [2**63 - 1, 0, 1], "request_bytes": [-(2**31), 0, 2**31 - 1],
            "response_bytes": [0, 1, 2], "thread": [0, 1, 32767], "server_recv_ns": [2**63 - 1, -(2**63), 0],
            "server_send_ns": [-(2**63), 2**63 - 1, 0], "retransmits": [0, 1, 32767], "send_lag_ns": [0, 9, 2**62]}
    types = ("int4", "int2", "int2", "int8", "int8", "int4", "int4", "int2", "int8", "int8", "int2", "int8")
    with engine.begin() as c:
        cur = c.connection.driver_connection.cursor()
        for run_id, calls in ((1, run1), (2, run2)):
            m = len(calls["call_no"])
            with cur.copy(f"COPY calls (run_id, {', '.join(call_store.CALL_FIELDS)}) FROM STDIN "
                          "(FORMAT BINARY)") as cp:
                cp.write(binary_copy_payload([("run_id", "int4", np.full(m, run_id))] + [
                    (k, t, np.asarray(calls[k])) for k, t in zip(call_store.CALL_FIELDS, types)]))
    before = rows(engine, CALL_ROWS)
    assert len(before) == n + 3
    upgrade(scratch_url, MIGRATIONS, "0014_call_blocks")
    assert rows(engine, "SELECT to_regclass('calls')") == [(None,)]
    assert rows(engine, "SELECT run_id, count(*), sum(n_calls) FROM call_blocks GROUP BY 1 ORDER BY 1") == [
        (1, len(np.unique(call_no // call_store.BLOCK_CALLS)), n), (2, 2, 3)]  # run 2: call 2**31-1 in a chunk of its own
    with engine.connect() as c, c.connection.driver_connection.cursor() as cur:
        moved = [(run_id, *call) for run_id in (1, 2) for call in zip(
            *(call_store.read_calls(cur, run_id)[k].tolist() for k in call_store.CALL_FIELDS))]
        window = call_store.read_calls(cur, 1, 70_000, 70_100, fields=("start_ns",))
    assert moved == before
    inside = (call_no >= 70_000) & (call_no < 70_100)
    assert window["call_no"].tolist() == call_no[inside].tolist()
    assert window["start_ns"].tolist() == start[inside].tolist()
    downgrade(scratch_url, MIGRATIONS, "0013_run_retention")
    assert rows(engine, "SELECT to_regclass('call_blocks')") == [(None,)]
    assert rows(engine, CALL_ROWS) == before
    assert rows(engine, "SELECT conname FROM pg_constraint WHERE conrelid = 'calls'::regclass") == [("pk_calls",)]
