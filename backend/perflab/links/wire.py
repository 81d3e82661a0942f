"""The lab's emulated wire: a TUN device in each namespace, a /32 route to the far end through it, and the link
process (agents/link/perflab-link.c) between the two devices. The veth pair keeps the addresses; the routes
steer the a<->b traffic onto the wire while it runs, and removing the TUN devices puts it back on the veth."""

import os
import select
import signal
import subprocess
import time
from pathlib import Path

from perflab.core.config import REPO_ROOT
from perflab.links.netns import NETNS_DIR, LinkError, ip
from perflab.links.profiles import LinkProfile

LINK_BIN = Path(os.environ.get("PERFLAB_LINK_BIN", REPO_ROOT / "agents" / "build" / "perflab-link"))
# drop-tail at 200 ms of the rate, at least 256 KB: a 64 KB datagram's fragments all fit (as tbf's limit)
QUEUE_SECONDS, QUEUE_MIN_BYTES = 0.2, 256 * 1024


def why_no_binary() -> str | None:
    if not os.access(LINK_BIN, os.X_OK):
        return f"the link process is not built ({LINK_BIN}): run `make -C agents`"
    return None


def tun_name(dev: str) -> str:
    return dev[:-1] + "w" + dev[-1]  # pl<id>a -> pl<id>wa


def _cmdline(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return []


def _is_link_of(pid: int, lab_id: str) -> bool:
    argv = _cmdline(pid)
    return bool(argv) and Path(argv[0]).name == "perflab-link" and f"--lab={lab_id}" in argv


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:  # our own child: reap it
                return
        except ChildProcessError:
            pass
        if not Path(f"/proc/{pid}").exists() or "(perflab-link) Z" in _stat(pid):
            return
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)


def _stat(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""


def stop(state: dict) -> list[int]:
    """Stop this lab's link process (the recorded one and any a crash left) and remove its TUN devices."""
    lid = state["lab_id"]
    stopped = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _is_link_of(int(entry), lid):
            _kill(int(entry))
            stopped.append(int(entry))
    for end in state["agents"].values():
        if Path(NETNS_DIR, end["ns"]).exists():
            ip("link", "del", tun_name(end["dev"]), ns=end["ns"], check=False)  # none there is fine
    state.pop("wire", None)
    return stopped


def argv(state: dict, p: LinkProfile) -> list[str]:
    a, b = state["agents"]["local-a"], state["agents"]["local-b"]
    rate_bps = int(p.rate_mbit * 1e6)
    return [str(LINK_BIN), f"--lab={state['lab_id']}",
            f"--a={NETNS_DIR}/{a['ns']}:{tun_name(a['dev'])}", f"--b={NETNS_DIR}/{b['ns']}:{tun_name(b['dev'])}",
            f"--rate-bps={rate_bps}", f"--prop-ns={round(p.delay_ms * 1e6)}", f"--overhead={p.overhead_bytes}",
            f"--min-frame={p.min_frame_bytes}", f"--mtu={p.mtu}",
            f"--limit-bytes={max(QUEUE_MIN_BYTES, int(rate_bps / 8 * QUEUE_SECONDS))}"]


def start(state: dict, p: LinkProfile, log: Path) -> dict:
    """Build the TUN devices, start the link process between them and route a<->b over them; returns the
    record lab.json keeps (the caller writes it before anything else can fail)."""
    reason = why_no_binary()
    if reason:
        raise LinkError(reason)
    stop(state)
    ends = state["agents"]
    for end in ends.values():
        tun = tun_name(end["dev"])
        ip("tuntap", "add", "dev", tun, "mode", "tun", ns=end["ns"])
        # no IPv6 link-local address: no router solicitations to disturb an idle wire
        ip("link", "set", tun, "mtu", str(p.mtu), "addrgenmode", "none", "up", ns=end["ns"])
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "ab") as err:
        proc = subprocess.Popen(argv(state, p), stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL,
                                start_new_session=True)  # outlives the backend or CLI that started it
    ready, _, _ = select.select([proc.stdout], [], [], 5)
    line = proc.stdout.readline().decode().strip() if ready else ""
    proc.stdout.close()
    if line != "ready":
        _kill(proc.pid)
        stop(state)
        raise LinkError(f"the link process did not start ({line or 'no answer in 5 s'}); see {log}")
    a, b = ends["local-a"], ends["local-b"]
    for here, there in ((a, b), (b, a)):  # a /32 beats the veth's /30: the far end is reached over the wire
        ip("route", "replace", f"{there['address']}/32", "dev", tun_name(here["dev"]), "src", here["address"],
           ns=here["ns"])
    return {"pid": proc.pid, "argv": argv(state, p), "devs": {n: tun_name(e["dev"]) for n, e in ends.items()}}


def running(state: dict) -> dict | None:
    """The link process as it runs: its parameters read back from its command line, or None."""
    rec = state.get("wire")
    if not rec or not _is_link_of(rec["pid"], state["lab_id"]):
        return None
    args = dict(a[2:].split("=", 1) for a in _cmdline(rec["pid"]) if a.startswith("--") and "=" in a)
    return {"pid": rec["pid"], "devs": rec["devs"], "rate_mbit": round(int(args["rate-bps"]) / 1e6, 3),
            "propagation_us": int(args["prop-ns"]) / 1000, "overhead_bytes": int(args["overhead"]),
            "min_frame_bytes": int(args["min-frame"]), "queue_limit_bytes": int(args["limit-bytes"])}
