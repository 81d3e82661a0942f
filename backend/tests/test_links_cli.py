"""`python -m perflab links` as the scripts call it."""

import os
import shutil
import subprocess
import sys

import pytest

from perflab.links.netns import why_not_usable


def links(state, *args, user: int | None = None) -> subprocess.CompletedProcess:
    argv = [sys.executable, "-m", "perflab", "links", "--state", str(state), *args]
    if user is not None:
        argv = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *argv]
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, env={**os.environ, "HOME": "/tmp"})


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to drop to another user")
def test_up_as_another_user_falls_back_with_the_reason(tmp_path):
    tmp_path.chmod(0o777)
    p = links(tmp_path, "up", user=65534)
    assert p.returncode == 3 and p.stdout == ""
    assert "not root" in p.stderr and "loopback" in p.stderr


@pytest.mark.slow
@pytest.mark.skipif(why_not_usable() is not None, reason=f"needs root and netns: {why_not_usable()}")
def test_apply_refuses_an_unavailable_or_unknown_profile_by_name(tmp_path):
    assert links(tmp_path, "up").returncode == 0
    try:
        unknown = links(tmp_path, "apply", "token-ring")
        assert unknown.returncode == 1 and "unknown profile 'token-ring' (known: loopback, ethernet-10m" in unknown.stderr
        shaped = links(tmp_path, "apply", "ethernet-10m")
        assert shaped.returncode == 0 and '"rate_mbit": 10.0' in shaped.stdout
    finally:
        assert links(tmp_path, "clear").returncode == 0
    assert "nothing to remove" in links(tmp_path, "clear").stdout
