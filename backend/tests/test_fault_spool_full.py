"""Faults with counts (issue 15): the client agent's spool on a disk that is full. The agent cannot keep a copy
of its batches, says so naming the spool file and the reason, and sends each batch at once as the only copy:
with the backend up nothing is lost and nothing is stored twice. (With the backend away as well such a batch
could only live in memory: the job then fails, reported as kept, never silently short.)"""

import os
import subprocess

import httpx
import pytest

from agent_procs import online_ids, start_daemons, stop_agents
from test_agent_integration import AGENT, finished, launch_pingpong, wait
from test_fault_backend_killed import step_counts

CALLS = 20_000


def _mount_full_tmpfs(where) -> None:
    """A 64 KiB tmpfs at `where`, filled to the last byte."""
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)], check=True)
    fd = os.open(where / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 512):
            pass
    except OSError:  # ENOSPC: full
        pass
    finally:
        os.close(fd)


@pytest.mark.skipif(not AGENT.exists(), reason=f"the agent is not built ({AGENT})")
@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
def test_a_full_spool_disk_is_reported_and_loses_nothing_while_the_backend_is_up(live_server, admin_headers, db,
                                                                                 tmp_path):
    full = tmp_path / "it-a"
    full.mkdir()
    procs = {}
    http = httpx.Client(base_url=live_server, timeout=30, headers=admin_headers)
    try:
        _mount_full_tmpfs(full)
        procs = start_daemons(live_server, ("it-a", "it-b"), tmp_path)  # it-a's spool: the full disk
        ids = online_ids(http, procs)
        run = launch_pingpong(http, ids, calls=CALLS, warmup_calls=0)
        run = wait(lambda: finished(http, run["id"]), 120, "the run's end")
        assert run["status"] == "done", run
        counts = step_counts(db, run["id"])
        print(f"spool full, backend up: {counts}")
        assert counts["calls"] == CALLS and counts["duplicate_steps"] == 0 and counts["lost_steps"] == 0, counts
        log = (tmp_path / "it-a.log").read_text()
        assert f"spool write {full}/job-" in log and "No space left on device" in log, log[-2000:]
    finally:
        stop_agents(procs)
        http.close()
        subprocess.run(["umount", str(full)], check=False)
