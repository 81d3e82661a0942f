"""Durations in the sentences the analyses write, as the UI's formatNs prints them (frontend/src/format.ts): the
unit scaled (ns, µs, ms, s), three significant digits, thousands separators: "15.5 ms", not "15506.79 µs"."""


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
