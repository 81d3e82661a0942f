"""The lab's emulated link: local-a and local-b in namespaces of their own, joined by a veth pair (a rate shaped
with tc's token bucket), or, for a wire profile (delays, jitter, loss, queues), by the link process between two TUN
devices (wire.py).

Every name carries a prefix derived from the lab's state folder, so the e2e lab, a dev lab and other checkouts
never touch each other's namespaces; what was created is recorded in <state>/links/lab.json."""

import hashlib
import json
import os
import re
import socket
import statistics
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from perflab.links import wire
from perflab.links.detect import detected
from perflab.links.netns import LinkError, inside, ip, list_namespaces, run, tc
from perflab.links.profiles import LinkProfile

AGENTS = ("local-a", "local-b")
# the a<->b link lives only inside the two namespaces, so a fixed subnet cannot collide with the host's
ADDRESSES = {"local-a": "10.77.0.1", "local-b": "10.77.0.2"}
PREFIX_LEN = 30


def lab_id(state_dir: Path) -> str:
    return hashlib.sha1(str(Path(state_dir).resolve()).encode()).hexdigest()[:6]


def names(state_dir: Path) -> dict:
    lid = lab_id(state_dir)
    return {name: {"ns": f"perflab-{lid}-{name[-1]}", "dev": f"pl{lid}{name[-1]}", "address": ADDRESSES[name]}
            for name in AGENTS}


def state_file(state_dir: Path) -> Path:
    return Path(state_dir) / "links" / "lab.json"


def read_state(state_dir: Path) -> dict | None:
    try:
        return json.loads(state_file(state_dir).read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return None


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    os.replace(tmp, path)  # never a half-written file, even if we die here


def clear(state_dir: Path) -> list[str]:
    """Remove this lab's link process and namespaces (with their veth ends): those recorded and any a crash left."""
    mine = {n["ns"] for n in names(state_dir).values()}
    recorded = set((read_state(state_dir) or {}).get("namespaces", []))
    wire.stop({"lab_id": lab_id(state_dir), "agents": names(state_dir)})  # before its namespaces go
    prefix = f"perflab-{lab_id(state_dir)}-"
    removed = []
    for ns in list_namespaces():
        if ns in mine or ns in recorded or ns.startswith(prefix):
            run("ip", "netns", "del", ns)
            removed.append(ns)
    state_file(state_dir).unlink(missing_ok=True)
    applied_file(state_dir).unlink(missing_ok=True)
    return removed


def create(state_dir: Path) -> dict:
    """Build the two namespaces and the a<->b veth pair (unshaped until a profile is applied)."""
    clear(state_dir)
    n = names(state_dir)
    a, b = n["local-a"], n["local-b"]
    state = {"lab_id": lab_id(state_dir), "namespaces": [], "agents": n}
    try:
        for end in (a, b):
            run("ip", "netns", "add", end["ns"])
            state["namespaces"].append(end["ns"])
            _write_json(state_file(state_dir), state)  # recorded at once: a crash here is still cleaned up
            ip("link", "set", "lo", "up", ns=end["ns"])
        ip("link", "add", a["dev"], "netns", a["ns"], "type", "veth", "peer", "name", b["dev"], "netns", b["ns"])
        for end in (a, b):
            ip("addr", "add", f"{end['address']}/{PREFIX_LEN}", "dev", end["dev"], ns=end["ns"])
            ip("link", "set", end["dev"], "up", ns=end["ns"])
    except LinkError:
        clear(state_dir)
        raise
    return state


@contextmanager
def temporary(prefix: str = "perflab-lab-"):
    """A lab of its own in a throw-away state folder, cleared whatever happens inside (tests and benchmarks):
    yields (state folder, local-a's end, local-b's end)."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        state = Path(tmp)
        created = create(state)
        try:
            yield state, created["agents"]["local-a"], created["agents"]["local-b"]
        finally:
            clear(state)


def applied_file(state_dir: Path) -> Path:
    return Path(state_dir) / "links" / "applied.json"


def _shape(ns: str, dev: str, p: LinkProfile, rate_qdisc: str) -> None:
    ip("link", "set", dev, "mtu", str(p.mtu), ns=ns)
    tc("qdisc", "del", "dev", dev, "root", ns=ns, check=False)  # none yet is fine
    if p.wire:  # the veth carries no a<->b traffic while the wire runs: it only keeps the addresses
        return
    if p.rate_mbit is None:
        return
    rate = f"{int(p.rate_mbit * 1e6)}bit"
    if rate_qdisc == "tbf":
        # queue room for 200 ms at the rate, at least 256 KB: a 64 KB datagram's fragments all fit
        limit = max(256 * 1024, int(p.rate_mbit * 1e6 / 8 * 0.2))
        tc("qdisc", "add", "dev", dev, "root", "handle", "1:", "tbf", "rate", rate, "burst", str(p.burst),
           "limit", str(limit), ns=ns)
    else:  # htb: one class takes all traffic; its ceil is the rate, its buckets the profile's burst
        tc("qdisc", "add", "dev", dev, "root", "handle", "1:", "htb", "default", "1", ns=ns)
        tc("class", "add", "dev", dev, "parent", "1:", "classid", "1:1", "htb", "rate", rate, "ceil", rate,
           "burst", str(p.burst), "cburst", str(p.burst), ns=ns)


def apply(state_dir: Path, profile: LinkProfile, rate_qdisc: str | None = None) -> dict:
    """Shape both directions of the a<->b link as `profile` says; returns the link as the kernel reports it.
    A wire profile runs the link process; otherwise the rate is set with tbf, or with htb where the kernel lacks
    tbf (or when `rate_qdisc` says so)."""
    state = read_state(state_dir)
    if state is None:
        raise LinkError("the lab has no emulated link (make up runs the agents on loopback)")
    if rate_qdisc is None:
        rate_qdisc = "tbf" if detected().get("tbf") is None else "htb"
    wire.stop(state)
    _write_json(state_file(state_dir), state)
    for end in state["agents"].values():
        _shape(end["ns"], end["dev"], profile, rate_qdisc)
    if profile.wire:
        state["wire"] = wire.start(state, profile, Path(state_dir) / "links" / "link.log")
        _write_json(state_file(state_dir), state)
    _write_json(applied_file(state_dir), {"profile": profile.name, "at": time.time()})
    return measure(state_dir, profile.name)


def applied_profile(state_dir: Path) -> str | None:
    try:
        return json.loads(applied_file(state_dir).read_text())["profile"]
    except (FileNotFoundError, KeyError, json.JSONDecodeError):
        return None


def _qdiscs(ns: str, dev: str) -> list[dict]:
    """The qdiscs on `dev` as tc reports them (rate in bytes/s, burst and limit in bytes, delay in s)."""
    out = json.loads(tc("-j", "qdisc", "show", "dev", dev, ns=ns).stdout or "[]")
    qdiscs = [{"kind": q.get("kind"), **{k: v for k, v in (q.get("options") or {}).items()
                                         if k in ("rate", "burst", "limit", "delay", "jitter", "loss-random")}}
              for q in out if q.get("kind") not in ("noqueue",)]
    if any(q["kind"] == "htb" for q in qdiscs):
        qdiscs += _htb_classes(ns, dev)
    return qdiscs


RATE_UNITS = {"bit": 1, "kbit": 1e3, "mbit": 1e6, "gbit": 1e9, "tbit": 1e12}


def _htb_classes(ns: str, dev: str) -> list[dict]:
    """htb classes as `tc class show` prints them (its -j output has no class options): rate in bytes/s."""
    out = []
    for m in re.finditer(r"class htb \S+ .*?rate (\d+(?:\.\d+)?)([KMGT]?bit) ceil \S+ burst (\d+)b",
                         tc("class", "show", "dev", dev, ns=ns).stdout):
        rate = float(m.group(1)) * RATE_UNITS[m.group(2).lower()] / 8
        out.append({"kind": "htb-class", "rate": int(rate), "burst": int(m.group(3))})
    return out


def _summary(qdiscs: list[dict]) -> dict:
    out = {"rate_mbit": None, "delay_ms": None}
    for q in qdiscs:
        if q["kind"] in ("tbf", "htb-class") and q.get("rate"):
            out["rate_mbit"] = round(q["rate"] * 8 / 1e6, 3)
    return out


def _probe_rtt_us(a: dict, b: dict, probes: int = 7) -> list[float]:
    """Round trips of 32-byte UDP datagrams from a to an echo in b (a lone frame: on a wire, its minimum-size
    frame's time each way; through a token bucket, no wait)."""
    with inside(b["ns"]):
        echo = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    with inside(a["ns"]):
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    echo.bind((b["address"], 0))
    echo.settimeout(0.02)  # short, so the echo notices `stop` at once (closing does not wake a blocked recv)
    probe.settimeout(1)
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                data, peer = echo.recvfrom(2048)
                echo.sendto(data, peer)
            except TimeoutError:
                continue
            except OSError:
                return

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    rtts = []
    try:
        for i in range(probes):
            start = time.perf_counter_ns()
            probe.sendto(i.to_bytes(4, "little") * 8, echo.getsockname())
            try:
                while int.from_bytes(probe.recv(2048)[:4], "little") != i:
                    pass
            except TimeoutError:
                continue  # lost on a lossy profile
            rtts.append((time.perf_counter_ns() - start) / 1000)
            time.sleep(0.005)  # let the token buckets refill
    finally:
        stop.set()
        t.join(3)
        probe.close()
        echo.close()
    return rtts


def measure(state_dir: Path, profile_name: str | None = None) -> dict:
    """The link's properties as the kernel reports them, plus a measured round trip."""
    state = read_state(state_dir)
    if state is None:
        return {"emulated": False}
    a, b = state["agents"]["local-a"], state["agents"]["local-b"]
    link = json.loads(ip("-j", "link", "show", "dev", a["dev"], ns=a["ns"]).stdout)[0]
    rtts = _probe_rtt_us(a, b)
    qdiscs = {"local-a": _qdiscs(a["ns"], a["dev"]), "local-b": _qdiscs(b["ns"], b["dev"])}
    link_process = wire.running(state)
    summary = _summary(qdiscs["local-a"])
    if link_process:
        summary = {"rate_mbit": link_process["rate_mbit"], "delay_ms": link_process["propagation_us"] / 1000}
    return {
        "emulated": True,
        "emulation": "wire" if link_process else ("shaped" if any(qdiscs.values()) else "none"),
        "profile": profile_name or applied_profile(state_dir),
        "interfaces": {name: {"ns": e["ns"], "dev": e["dev"], "address": e["address"]}
                       for name, e in state["agents"].items()},
        "mtu": link.get("mtu"),
        **summary,
        "qdiscs": qdiscs,
        "wire": link_process,
        "rtt_us_min": round(min(rtts), 1) if rtts else None,
        "rtt_us_median": round(statistics.median(rtts), 1) if rtts else None,
        "probes_lost": 7 - len(rtts),
    }
