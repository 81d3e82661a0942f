"""Thin helpers over `ip` and `tc` (clear errors) and entering a network namespace from Python."""

import ctypes
import os
import shutil
import subprocess
import threading
from contextlib import contextmanager

CLONE_NEWNET = 0x40000000
NETNS_DIR = "/run/netns"


class LinkError(RuntimeError):
    """A command the lab needs failed; the message says which and why."""


def run(*argv: str, check: bool = True) -> subprocess.CompletedProcess:
    if shutil.which(argv[0]) is None:
        raise LinkError(f"`{argv[0]}` is not installed (Debian package iproute2)")
    p = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    if check and p.returncode != 0:
        raise LinkError(f"`{' '.join(argv)}` failed: {(p.stderr or p.stdout).strip() or f'exit {p.returncode}'}")
    return p


def ip(*args: str, ns: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    return run("ip", *(("-n", ns) if ns else ()), *args, check=check)


def tc(*args: str, ns: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    return run("tc", *(("-n", ns) if ns else ()), *args, check=check)


def list_namespaces() -> list[str]:
    try:
        return sorted(os.listdir(NETNS_DIR))
    except FileNotFoundError:
        return []


def why_not_usable() -> str | None:
    """None when this process can build namespaces and veth links, else the reason."""
    if os.geteuid() != 0:
        return "not root (namespaces and tc need root): the agents stay on loopback"
    for tool in ("ip", "tc"):
        if shutil.which(tool) is None:
            return f"`{tool}` is not installed (apt-get install iproute2)"
    probe = f"perflab-probe-{os.getpid()}"
    p = run("ip", "netns", "add", probe, check=False)
    if p.returncode != 0:
        return f"cannot create a network namespace: {p.stderr.strip()}"
    run("ip", "netns", "del", probe, check=False)
    return None


_libc = ctypes.CDLL(None, use_errno=True)


def _setns(fd: int) -> None:
    if _libc.setns(fd, CLONE_NEWNET) != 0:
        err = ctypes.get_errno()
        raise LinkError(f"setns failed: {os.strerror(err)}")


@contextmanager
def inside(ns: str):
    """Run the block in namespace `ns` (this thread only); sockets made inside stay there after it."""
    own = os.open(f"/proc/self/task/{threading.get_native_id()}/ns/net", os.O_RDONLY)
    try:
        target = os.open(f"{NETNS_DIR}/{ns}", os.O_RDONLY)
    except FileNotFoundError as e:
        os.close(own)
        raise LinkError(f"network namespace {ns} does not exist") from e
    try:
        _setns(target)
        yield
    finally:
        _setns(own)
        os.close(target)
        os.close(own)

