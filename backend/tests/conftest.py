"""A real PostgreSQL for the whole session: a fresh database (embedded server by default, DATABASE_URL's server
when set), migrated with Alembic; every test starts from empty tables. Under pytest-xdist (`make check`) each
worker is a session of its own: its own database, on its own embedded server."""

import contextlib
import logging
import os
import random
import socket
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest
import uvicorn
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.engine import make_url

from perflab.core import embedded_pg
from perflab.core.config import REPO_ROOT, Settings
from perflab.core.db import Database, normalise_url
from perflab.main import create_app
from perflab.migrate import upgrade

logging.getLogger("pgserver").setLevel(logging.WARNING)
ENROLLMENT_TOKEN = "test-enrollment-token"
# the seed of the tests that draw their cases anew each run: set before pytest-xdist starts its workers, which
# inherit it and so collect the same tests (PERFLAB_TEST_SEED=N draws a run's cases again)
RUN_SEED = int(os.environ.setdefault("PERFLAB_TEST_SEED", str(random.SystemRandom().randrange(2**31))))


def pytest_collection_modifyitems(items):
    """The markers `make check` leaves out (pyproject.toml registers them; docs/development.md "What `make test`
    runs"): `agents` for a test that starts real perflab-agent processes (the `lab` fixture, a module holding the
    agent binary's path AGENT) or the lab's network namespaces (`link`; a module whose lab is its own says
    `pytestmark = [pytest.mark.agents, ...]`); `live_server` for one that serves the app on a real port (uvicorn:
    browsers, real HTTP clients)."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & {"lab", "link"} or isinstance(getattr(getattr(item, "module", None), "AGENT", None), Path):
            item.add_marker(pytest.mark.agents)
        elif "live_server" in fixtures:
            item.add_marker(pytest.mark.live_server)


@pytest.fixture(scope="session")
def database_url():
    """A fresh database on DATABASE_URL's server, or on an embedded server in a temporary folder."""
    name = f"perflab_test_{uuid.uuid4().hex[:8]}"
    server_url = os.environ.get("DATABASE_URL")
    tmp = None
    if server_url:
        admin = make_url(normalise_url(server_url))
        embedded_pg.ensure_database(_libpq(admin), name)
        url = admin.set(database=name)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="perflab-test-pg-")
        url = make_url(normalise_url(embedded_pg.start(Path(tmp.name) / "pgdata", database=name)))
        admin = url.set(database="postgres")
    sa_url = url.render_as_string(hide_password=False)
    upgrade(sa_url, REPO_ROOT / "migrations")
    yield sa_url
    if tmp is None:
        embedded_pg.drop_database(_libpq(admin), name)
    else:
        embedded_pg.stop(Path(tmp.name) / "pgdata")
        tmp.cleanup()


def _libpq(url) -> str:
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def db(database_url):
    database = Database(database_url)
    yield database
    database.dispose()


@pytest.fixture(autouse=True)
def empty_tables(request):
    yield
    if "db" in request.fixturenames:
        # the app's reaper thread may still be finishing a tick (summaries, analyses) after its client closed;
        # a TRUNCATE that deadlocks with it is simply tried again
        for attempt in range(5):
            try:
                with request.getfixturevalue("db").session() as s:
                    _empty(s)
                break
            except OperationalError as e:
                if "deadlock" not in str(e) or attempt == 4:
                    raise
                time.sleep(0.2)


def _empty(s) -> None:
    """Every table empty and every id counting from 1 again. Only the tables with rows are truncated: a TRUNCATE
    of all of them took ~0.5 s a test (new files for each table and index), and most tests fill a few."""
    from perflab.models import Base
    names = [t.name for t in Base.metadata.sorted_tables]
    filled = s.scalars(text(" UNION ALL ".join(f"(SELECT '{n}' FROM {n} LIMIT 1)" for n in names))).all()
    if filled:
        s.execute(text(f"TRUNCATE {', '.join(filled)} CASCADE"))
    for sequence in s.scalars(text("SELECT format('%I.%I', schemaname, sequencename) FROM pg_sequences "
                                   "WHERE last_value IS NOT NULL")):
        s.execute(text("SELECT setval(:s, 1, false)"), {"s": sequence})


@pytest.fixture
def settings(database_url, tmp_path) -> Settings:
    # offline_after_s: the lab's own 10 s. With 3 s a test's sim agents, or real agents on a machine busy with
    # other suites, went "offline" between two steps of a test (CI: a start-timeout test failed as "vanished").
    # Tests of a vanished agent age its last heartbeat in the database or wait for the reaper.
    return Settings(database_url=database_url, enrollment_token=ENROLLMENT_TOKEN, offline_after_s=10,
                    start_timeout_s=5, server_flush_timeout_s=2, reaper_interval_s=0.2,
                    frontend_dist=REPO_ROOT / "frontend" / "dist",
                    state=tmp_path / "state")  # never a dev lab's state folder (its emulated link)


ADMIN_PASSWORD = "admin-password-for-tests"


@pytest.fixture(scope="session")
def admin_password_hash() -> str:
    """ADMIN_PASSWORD's argon2 hash, made once: a hash takes ~0.5 s of a core, and most tests start with the admin."""
    from perflab.services import users
    return users.hash_password(ADMIN_PASSWORD)


@pytest.fixture
def admin_headers(db, admin_password_hash) -> dict[str, str]:
    """The lab's admin (as `make up` makes one: a login checks ADMIN_PASSWORD against a real hash) and an API token
    of theirs, as request headers."""
    from perflab.models import Role, User
    from perflab.services import credentials
    with db.session() as s:
        admin = User(name="admin", password_hash=admin_password_hash, role=Role.admin.value, disabled=False)
        s.add(admin)
        s.flush()
        _, token = credentials.create_api_token(s, admin, "tests", None)
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def client(settings, db, admin_headers):
    """The app, called as its admin (tests of who may do what use anon_client and their own users)."""
    with TestClient(create_app(settings, db), headers=admin_headers) as c:
        yield c


@pytest.fixture
def anon_client(settings, db):
    with TestClient(create_app(settings, db)) as c:
        yield c


@pytest.fixture
def cli_home(tmp_path, monkeypatch):
    """A config home of its own for the `perflab` CLI: no saved lab, and no PERFLAB_URL or PERFLAB_TOKEN from the
    environment."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.delenv("PERFLAB_URL", raising=False)
    monkeypatch.delenv("PERFLAB_TOKEN", raising=False)
    return tmp_path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(app, **ssl):
    """app served by uvicorn on a free loopback port (ssl_keyfile= and ssl_certfile=: over https); yields the port."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **ssl))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def live_server(settings, db):
    """The app on a real port, for real agents to talk to."""
    with serving(create_app(settings, db)) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def link():
    """The lab's two namespaces joined by their link, in a state folder of the test module's own (the link
    tests skip themselves where namespaces cannot be made): (state, local-a's end, local-b's end)."""
    from perflab.links import lab
    with lab.temporary("perflab-linktest-") as link:
        yield link


@pytest.fixture
def agents(client):
    """Two simulated agents enrolled through the API (tests/agent_sim.py), named as `make up`'s local ones."""
    from agent_sim import SimAgent
    return SimAgent(client, "local-a"), SimAgent(client, "local-b")
