"""Where a run ran: both agents' fingerprints (from their enrolment capabilities, agents/src/daemon/caps.c), the
link profile and whether the two agents shared a machine; which of those fields make an environment class (runs
of one class are comparable) and the differences between two runs' environments.

The class is what changes a latency without anyone changing the code under test: kernel, CPU model and count,
SMT, frequency governor and turbo, busy polling, the probe clock, the link profile and co-location. The agent's
build (version, git hash, compiler flags) is kept out of it on purpose: a new build is what a series exists to
catch, so it must stay in the same series and show up as a difference, not start a new one. The load at start
and the host names are volatile: never part of the class; the load is left out of diffs as well."""

from typing import Any

# per agent: the fields of the environment class
AGENT_CLASS_FIELDS = ("kernel", "machine", "cpu_model", "cores_online", "smt_active", "governor", "turbo",
                      "busy_poll_us", "busy_read_us", "clock_source")
# per agent: shown and compared, not part of the class
AGENT_INFO_FIELDS = ("host", "agent_build.version", "agent_build.git_hash", "agent_build.cflags",
                     "smt_control", "cpufreq_driver")
VOLATILE_FIELDS = ("load_at_start", "loadavg_1m")  # never compared


def agent_fingerprint(host: str, version: str, capabilities: dict | None) -> dict[str, Any]:
    """One agent's fingerprint from what it reported at enrolment; fields it did not report are left out."""
    caps = capabilities or {}
    env = dict(caps.get("environment") or {})
    out: dict[str, Any] = {"host": host}
    out.update({k: v for k, v in env.items() if k != "agent_build"})
    build = dict(env.get("agent_build") or {})
    build.setdefault("version", version)  # agents from before fingerprints still said their version
    out["agent_build"] = build
    clock = (caps.get("probe_clock") or {}).get("source")
    if clock is not None:
        out["clock_source"] = clock
    if "cores_online" not in out and caps.get("cpus") is not None:
        out["cores_online"] = caps["cpus"]
    return out


def run_environment(client: dict, server: dict, link_profile: str | None, co_located: bool) -> dict:
    return {"client": client, "server": server, "link_profile": link_profile, "co_located": co_located}


def _get(d: dict, dotted: str) -> Any:
    for part in dotted.split("."):
        if not isinstance(d, dict):
            return None
        d = d.get(part)
    return d


def environment_class(env: dict) -> dict:
    """The fields two runs must share to be compared (the series key hashes this)."""
    out: dict[str, Any] = {"link_profile": env.get("link_profile"), "co_located": env.get("co_located")}
    for role in ("client", "server"):
        agent = env.get(role) or {}
        out[role] = {f: agent.get(f) for f in AGENT_CLASS_FIELDS}
    return out


def environment_diff(a: dict, b: dict) -> list[dict]:
    """Every field where two environments differ, the load left out: [{field, a, b, class_field}] with field as
    "client.kernel"; class_field says the difference makes the runs of different environment classes."""
    diffs = []
    for field in ("link_profile", "co_located"):
        if a.get(field) != b.get(field):
            diffs.append({"field": field, "a": a.get(field), "b": b.get(field), "class_field": True})
    for role in ("client", "server"):
        ra, rb = a.get(role) or {}, b.get(role) or {}
        for field, in_class in [(f, True) for f in AGENT_CLASS_FIELDS] + [(f, False) for f in AGENT_INFO_FIELDS]:
            va, vb = _get(ra, field), _get(rb, field)
            if va != vb:
                diffs.append({"field": f"{role}.{field}", "a": va, "b": vb, "class_field": in_class})
    return diffs
