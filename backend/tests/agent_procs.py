"""Real perflab-agent processes a test started: stopped the way a service manager stops them."""

import signal
import subprocess


def stop_agents(procs: dict[str, subprocess.Popen], timeout_s: float = 10) -> None:
    """SIGTERM to each agent still running, then wait for it (the agent flushes its spool and exits)."""
    for p in procs.values():
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for p in procs.values():
        p.wait(timeout_s)
