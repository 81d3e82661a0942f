"""The backend the HTTP benchmarks measure: a real `perflab serve` process on a fresh embedded PostgreSQL in a
temporary folder, migrated, with a first admin whose API token the benchmark calls the API with."""

import os
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import httpx

from perflab.core import embedded_pg
from perflab.core.config import REPO_ROOT
from perflab.migrate import upgrade


@contextmanager
def bench_backend(enrollment_token: str, prefix: str = "perflab-bench-"):
    """Yields (base URL, the admin's headers); stops the server and the database whatever happens.
    PERFLAB_BENCH_LOG=<file> keeps the backend's log."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        data = Path(tmp) / "pgdata"
        url = embedded_pg.start(data, database="bench")
        upgrade(url, REPO_ROOT / "migrations")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = {**os.environ, "DATABASE_URL": url, "PERFLAB_ENROLLMENT_TOKEN": enrollment_token,
               "PERFLAB_ADMIN_PASSWORD": "bench-admin-password"}
        token_file = Path(tmp) / "admin.token"
        subprocess.run([sys.executable, "-m", "perflab", "users", "bootstrap", "--token-file", str(token_file)],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        headers = {"Authorization": f"Bearer {token_file.read_text().strip()}"}
        log = open(os.environ.get("PERFLAB_BENCH_LOG", os.devnull), "w")
        server = subprocess.Popen([sys.executable, "-m", "perflab", "serve", "--port", str(port)], env=env,
                                  stdout=log, stderr=log)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120  # imports alone take seconds on a loaded machine
            while True:
                try:
                    httpx.get(f"{base}/api/health", timeout=5).raise_for_status()
                    break
                except httpx.HTTPError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit(f"the backend did not start (exit {server.poll()})") from None
                    time.sleep(0.2)
            yield base, headers
        finally:
            server.terminate()
            server.wait(15)
            log.close()
            embedded_pg.stop(data)
