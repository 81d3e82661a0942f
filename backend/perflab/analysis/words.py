"""Durations in the sentences the analyses write, as the UI's formatNs prints them (frontend/src/format.ts): the
unit scaled (ns, µs, ms, s), three significant digits, thousands separators: "15.5 ms", not "15506.79 µs"; and a
swept setting's name as a reader says it ("think time", not think_time_us)."""

# settings whose key carries a unit or a wire name (the UI's point words say "think 9 ms", "reply"); any other key
# (threads, cache, protection, transport) reads as it is, underscores aside
_SETTINGS = {"think_time_us": "think time", "response_bytes": "reply size", "request_bytes": "request size"}


def setting_text(key: str) -> str:
    return _SETTINGS.get(key, key.replace("_", " "))


def duration_text(ns: float) -> str:
    sign = "−" if ns < 0 else ""
    a = abs(ns)
    if round(a) < 1000:
        return f"{sign}{a:,.0f} ns"
    for scale, unit in ((1e3, "µs"), (1e6, "ms")):
        v = a / scale
        if round(v, 1 if v >= 10 else 2) < 1000:
            return f"{sign}{v:,.{1 if v >= 10 else 2}f} {unit}"
    v = a / 1e9
    return f"{sign}{v:,.{1 if v >= 10 else 2}f} s"
