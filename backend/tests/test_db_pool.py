"""The pool checks a connection that sat idle before handing it out (core/db.py ping_when_idle)."""

import time

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from perflab.core.db import ping_when_idle


def test_a_connection_whose_server_process_ended_while_idle_is_replaced(database_url, db):
    engine = create_engine(database_url, pool_size=1, max_overflow=0)
    ping_when_idle(engine, idle_s=0.05)
    try:
        with engine.connect() as c:
            first = c.execute(text("SELECT pg_backend_pid()")).scalar_one()
        with db.session() as s:  # the server ends it, as a restart would
            assert s.execute(text("SELECT pg_terminate_backend(:p)"), {"p": first}).scalar_one()
        time.sleep(0.1)
        with engine.connect() as c:
            second = c.execute(text("SELECT pg_backend_pid()")).scalar_one()
            assert c.execute(text("SELECT 1")).scalar_one() == 1
        assert second != first
    finally:
        engine.dispose()


def test_a_connection_used_a_moment_ago_is_handed_out_unchecked(database_url, db):
    """The price of skipping the round trip: a server process that ended within idle_s shows as one failed
    statement (the pool then replaces the connection), as it would have mid-request anyway."""
    engine = create_engine(database_url, pool_size=1, max_overflow=0)
    ping_when_idle(engine, idle_s=60)
    try:
        with engine.connect() as c:
            first = c.execute(text("SELECT pg_backend_pid()")).scalar_one()
        with db.session() as s:
            s.execute(text("SELECT pg_terminate_backend(:p)"), {"p": first})
        time.sleep(0.1)
        with pytest.raises(OperationalError), engine.connect() as c:
            c.execute(text("SELECT 1"))
        with engine.connect() as c:
            assert c.execute(text("SELECT pg_backend_pid()")).scalar_one() != first
    finally:
        engine.dispose()
