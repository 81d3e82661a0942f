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


def _both(p: LinkProfile, name: str, scale: float, default=None) -> str | None:
    """A directional field as the link process takes it: one value for both directions, or a->b/b->a."""
    a, b = p.value(name), p.value(name, reverse=True)
    if a in (None, 0) and b in (None, 0) and default is None:
        return None
    fmt = (lambda x: str(round((x if x is not None else default) * scale))) if scale >= 1 else \
        (lambda x: f"{(x or 0) * scale:.9g}")
    return fmt(a) if a == b else f"{fmt(a)}/{fmt(b)}"


def _queue_bytes(p: LinkProfile, reverse: bool) -> int:
    """Drop-tail bytes: the profile's; room for its packets when it counts packets; else 200 ms of the rate."""
    if p.value("queue_bytes", reverse):
        return p.value("queue_bytes", reverse)
    if p.value("queue_packets", reverse):
        return p.value("queue_packets", reverse) * (p.mtu + p.overhead_bytes)
    return max(QUEUE_MIN_BYTES, int(p.value("rate_mbit", reverse) * 1e6 / 8 * QUEUE_SECONDS))


def argv(state: dict, p: LinkProfile, stats: Path | None = None) -> list[str]:
    """The link process's command line for profile p (its options: agents/link/perflab-link.c)."""
    a, b = state["agents"]["local-a"], state["agents"]["local-b"]
    qa, qb = _queue_bytes(p, False), _queue_bytes(p, True)
    out = [str(LINK_BIN), f"--lab={state['lab_id']}",
           f"--a={NETNS_DIR}/{a['ns']}:{tun_name(a['dev'])}", f"--b={NETNS_DIR}/{b['ns']}:{tun_name(b['dev'])}",
           f"--rate-bps={_both(p, 'rate_mbit', 1e6)}", f"--prop-ns={_both(p, 'delay_ms', 1e6, 0)}",
           f"--overhead={p.overhead_bytes}", f"--min-frame={p.min_frame_bytes}", f"--mtu={p.mtu}",
           f"--limit-bytes={qa}" if qa == qb else f"--limit-bytes={qa}/{qb}"]
    options = {"--limit-packets": _both(p, "queue_packets", 1), "--jitter-ns": _both(p, "jitter_ms", 1e6),
               "--loss": _both(p, "loss_percent", 0.01), "--dup": _both(p, "duplicate_percent", 0.01),
               "--corrupt": _both(p, "corrupt_percent", 0.01)}
    out += [f"{k}={v}" for k, v in options.items() if v is not None]
    if p.jitter_ms or p.reverse.get("jitter_ms") or p.jitter_table:
        dist = f"table:{p.jitter_table}" if p.jitter_distribution == "table" else p.jitter_distribution
        out.append(f"--jitter-dist={dist}")
    if p.reorder:
        out.append("--reorder")
    if p.ge_p_percent or p.reverse.get("ge_p_percent"):
        ge = [",".join(f"{p.value(f, rev) / 100:.9g}" for f in
                       ("ge_p_percent", "ge_r_percent", "ge_loss_bad_percent", "ge_loss_good_percent"))
              for rev in (False, True)]
        out.append(f"--ge={ge[0] if ge[0] == ge[1] else '/'.join(ge)}")
    if p.aqm == "codel":
        out += ["--aqm=codel", f"--codel-target-ns={round(p.codel_target_ms * 1e6)}",
                f"--codel-interval-ns={round(p.codel_interval_ms * 1e6)}"]
    if stats is not None:
        out.append(f"--stats={stats}")
    return out


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
    command = argv(state, p, stats_file(log))
    with open(log, "ab") as err:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL,
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
    return {"pid": proc.pid, "argv": command, "devs": {n: tun_name(e["dev"]) for n, e in ends.items()}}


def stats_file(log: Path) -> Path:
    """Where the link process keeps its counters (JSON, rewritten every second and when it stops)."""
    return log.with_name("link-stats.json")


def _per_direction(value: str, cast) -> list:
    parts = value.split("/")
    return [cast(parts[0]), cast(parts[-1])]


def running(state: dict) -> dict | None:
    """The link process as it runs: its parameters read back from its command line, or None. Directional
    values are [a->b, b->a]."""
    rec = state.get("wire")
    if not rec or not _is_link_of(rec["pid"], state["lab_id"]):
        return None
    argv_ = _cmdline(rec["pid"])
    args = dict(a[2:].split("=", 1) for a in argv_ if a.startswith("--") and "=" in a)
    rate = _per_direction(args["rate-bps"], int)
    out = {"pid": rec["pid"], "devs": rec["devs"], "rate_mbit": round(rate[0] / 1e6, 6),
           "propagation_us": int(_per_direction(args["prop-ns"], int)[0]) / 1000,
           "overhead_bytes": int(args["overhead"]), "min_frame_bytes": int(args["min-frame"]),
           "queue_limit_bytes": _per_direction(args["limit-bytes"], int)[0]}
    impairments = {"rate_mbit": [round(r / 1e6, 6) for r in rate],
                   "propagation_us": [int(x) / 1000 for x in _per_direction(args["prop-ns"], int)],
                   "queue_limit_bytes": _per_direction(args["limit-bytes"], int)}
    for key, name, cast in (("limit-packets", "queue_limit_packets", int), ("jitter-ns", "jitter_us", float),
                            ("loss", "loss", float), ("dup", "duplicate", float), ("corrupt", "corrupt", float)):
        if key in args:
            values = _per_direction(args[key], cast)
            impairments[name] = [v / 1000 for v in values] if key == "jitter-ns" else values
    for key in ("jitter-dist", "ge", "aqm", "codel-target-ns", "codel-interval-ns"):
        if key in args:
            impairments[key.replace("-", "_")] = args[key]
    impairments["reorder"] = "--reorder" in argv_
    out["impairments"] = impairments
    return out
