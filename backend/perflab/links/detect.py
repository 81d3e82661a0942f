"""Which qdiscs this kernel offers, found by creating each on a dummy interface in a throw-away namespace, and
whether it offers TUN devices (the wire's link process needs them)."""

import os
import threading
from functools import lru_cache

from perflab.links.netns import LinkError, ip, run, tc, why_not_usable
from perflab.links.wire import why_no_binary

# the arguments each qdisc needs to be created at all
PROBES = {
    "tbf": ["tbf", "rate", "1mbit", "burst", "32kb", "latency", "50ms"],
    "htb": ["htb", "default", "1"],
    "pfifo": ["pfifo"],
    "fq": ["fq"],
    "fq_codel": ["fq_codel"],
}


def detect() -> dict[str, str | None]:
    """qdisc name -> None when it works here, else the reason it does not."""
    reason = why_not_usable()
    if reason:
        return {q: reason for q in [*PROBES, "tun"]}
    ns = f"perflab-detect-{os.getpid()}"
    run("ip", "netns", "add", ns)
    try:
        try:
            ip("link", "add", "pldetect0", "type", "dummy", ns=ns)
        except LinkError:  # no dummy module: a veth pair serves as well
            ip("link", "add", "pldetect0", "type", "veth", "peer", "name", "pldetect1", ns=ns)
        ip("link", "set", "pldetect0", "up", ns=ns)
        found = {}
        for name, args in PROBES.items():
            p = tc("qdisc", "add", "dev", "pldetect0", "root", "handle", "1:", *args, ns=ns, check=False)
            if p.returncode == 0:
                found[name] = None
                tc("qdisc", "del", "dev", "pldetect0", "root", ns=ns, check=False)
            else:
                msg = (p.stderr or "").strip().splitlines()
                found[name] = f"the kernel has no {name} qdisc ({msg[0] if msg else 'tc failed'})"
        p = ip("tuntap", "add", "dev", "pldetect2", "mode", "tun", ns=ns, check=False)
        msg = (p.stderr or "").strip().splitlines()
        found["tun"] = None if p.returncode == 0 else f"the kernel offers no TUN device ({msg[0] if msg else 'ip failed'})"
        return found
    finally:
        run("ip", "netns", "del", ns, check=False)


_detecting = threading.Lock()


def detected() -> dict[str, str | None]:
    """Detected once per process: kernels do not grow qdiscs while the lab runs. Launches run in threads: the
    first ones must not probe at once (they made the same namespace: `File exists`, and a 500)."""
    with _detecting:
        return _detected()


@lru_cache(maxsize=1)
def _detected() -> dict[str, str | None]:
    return detect()


# a qdisc that can stand in for a missing one
STAND_INS = {"tbf": "htb"}


def unavailable_reason(needs: list[str], found: dict[str, str | None]) -> str | None:
    for q in needs:
        if q == "perflab-link":  # checked each time: `make -C agents` may build it while the backend runs
            if why_no_binary():
                return why_no_binary()
            continue
        if q not in found:
            return f"unknown qdisc {q}"
        stand_in = STAND_INS.get(q)
        if found[q] and not (stand_in and found.get(stand_in) is None):
            return found[q] + (f" nor {stand_in} ({found.get(stand_in)})" if stand_in else "")
    return None
