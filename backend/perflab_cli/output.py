"""What the CLI prints: plain tables for a person, one JSON document for a machine (--json)."""

import json
import sys


def emit_json(data) -> None:
    json.dump(data, sys.stdout, indent=1, default=str)
    sys.stdout.write("\n")


def fmt_ns(ns) -> str:
    """A duration in the unit that keeps it short: 812 ns, 41.3 µs, 2.66 ms, 1.20 s."""
    if ns is None:
        return "-"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if abs(ns) >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.0f} ns"


def fmt_pct(pct) -> str:
    return "-" if pct is None else f"{pct:+.1f} %"


def change_pct(a, b):
    return None if not a or b is None else (b - a) / a * 100


def table(headers: list[str], rows: list[list]) -> str:
    cells = [[("-" if c is None else str(c)) for c in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    line = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in cells])


def runs_table(runs: list[dict]) -> str:
    return table(["id", "kind", "status", "calls", "created", "tags", "name"],
                 [[r["id"], r["kind"], r["status"], f"{r.get('calls_done', 0)}/{r.get('calls_total', 0)}",
                   str(r.get("created_at", ""))[:19], ",".join(r.get("tags") or []), r.get("name") or ""]
                  for r in runs])


def run_text(run: dict, summary: dict | None) -> str:
    agent = lambda a: (a or {}).get("name", "-")  # noqa: E731
    lines = [f"run {run['id']}: {run.get('name') or run['kind']}",
             f"  kind {run['kind']}, status {run['status']}" + (f" ({run['reason']})" if run.get("reason") else ""),
             f"  {agent(run.get('client_agent'))} → {agent(run.get('server_agent'))}, "
             f"calls {run.get('calls_done', 0)}/{run.get('calls_total', 0)}, tags {','.join(run.get('tags') or []) or '-'}",
             f"  created {run.get('created_at')}, finished {run.get('finished_at') or '-'}"]
    rtt = (summary or {}).get("rtt")
    if rtt:
        lines.append(f"  RTT mean {fmt_ns(rtt['mean_ns'])}, p50 {fmt_ns(rtt['median_ns'])}, "
                     f"p99 {fmt_ns(rtt['p99_ns'])} over {rtt['count']} calls")
    return "\n".join(lines)


def progress_bar(done: int, total: int, status: str, width: int = 30) -> str:
    frac = min(1.0, done / total) if total else 0.0
    filled = int(frac * width)
    return f"\r[{'#' * filled}{'.' * (width - filled)}] {frac * 100:5.1f} % {done}/{total} calls, {status}  "


def compare_rows(a: dict, b: dict) -> dict:
    """Two summaries side by side: each point's RTT (by point number) and each step's mean over the run."""
    points_a = {p["point_no"]: p for p in a.get("points") or []}
    points_b = {p["point_no"]: p for p in b.get("points") or []}
    median = lambda p: ((p or {}).get("rtt") or {}).get("median_ns")  # noqa: E731
    p99 = lambda p: ((p or {}).get("rtt") or {}).get("p99_ns")  # noqa: E731
    points = [{"point_no": n, "a_median_ns": median(points_a.get(n)), "b_median_ns": median(points_b.get(n)),
               "median_change_pct": change_pct(median(points_a.get(n)), median(points_b.get(n))),
               "a_p99_ns": p99(points_a.get(n)), "b_p99_ns": p99(points_b.get(n))}
              for n in sorted(points_a.keys() | points_b.keys())]
    steps_a = {s["name"]: s["stats"]["mean_ns"] for s in a.get("steps") or []}
    steps_b = {s["name"]: s["stats"]["mean_ns"] for s in b.get("steps") or []}
    order = list(steps_a) + [n for n in steps_b if n not in steps_a]
    steps = [{"step": n, "a_mean_ns": steps_a.get(n), "b_mean_ns": steps_b.get(n),
              "change_pct": change_pct(steps_a.get(n), steps_b.get(n))} for n in order]
    return {"points": points, "steps": steps}


def compare_text(a_id: int, b_id: int, rows: dict) -> str:
    pts = table(["point", f"#{a_id} p50", f"#{b_id} p50", "change", f"#{a_id} p99", f"#{b_id} p99"],
                [[p["point_no"], fmt_ns(p["a_median_ns"]), fmt_ns(p["b_median_ns"]), fmt_pct(p["median_change_pct"]),
                  fmt_ns(p["a_p99_ns"]), fmt_ns(p["b_p99_ns"])] for p in rows["points"]])
    steps = table(["step", f"#{a_id} mean", f"#{b_id} mean", "change"],
                  [[s["step"], fmt_ns(s["a_mean_ns"]), fmt_ns(s["b_mean_ns"]), fmt_pct(s["change_pct"])]
                   for s in rows["steps"]])
    return f"RTT by point\n{pts}\n\nsteps (mean per call)\n{steps}"


def check_text(result: dict) -> str:
    lines = [f"verdict: {result.get('verdict')}"]
    if result.get("sentence"):
        lines.append(result["sentence"])
    changes = [c for c in result.get("changes") or [] if c.get("significant")]
    if changes:
        lines += ["", table(["point", "step", "baseline", "now", "change", "95% CI", "noise"],
                            [[c.get("point_no"), c.get("step") or "RTT", fmt_ns(c.get("baseline_ns")),
                              fmt_ns(c.get("value_ns")), fmt_pct(c.get("change_pct")),
                              f"{fmt_pct(c.get('ci_low_pct'))} … {fmt_pct(c.get('ci_high_pct'))}",
                              fmt_pct(c.get("noise_pct"))] for c in changes])]
    env = result.get("environment_diff")
    if env:
        lines += ["", f"environments differ: {env if isinstance(env, str) else json.dumps(env)}"]
    return "\n".join(lines)


def series_table(series: list[dict]) -> str:
    return table(["key", "runs", "baseline", "last run", "last at", "label"],
                 [[s["key"], s["runs"], s.get("baseline_run_id"), s["last_run_id"], str(s.get("last_run_at", ""))[:19],
                   s.get("label") or ""] for s in series])


def series_text(series: dict, runs: list[dict]) -> str:
    base, through = series.get("baseline_run_id"), series.get("baseline_through_run_id")
    what = (f"runs {base}–{through} ({series.get('baseline_runs')} done)" if through else f"run {base}")
    lines = [f"series {series['key']}: {series.get('label') or series['kind']}",
             f"  {series['runs']} runs, baseline " + (f"{what} (set {str(series.get('baseline_set_at'))[:19]})"
                                                     if base else "not set (perflab baseline set RUN [--through RUN])"),
             "", table(["id", "status", "created", "baseline", "tags", "name"],
                       [[r["id"], r["status"], str(r.get("created_at", ""))[:19], "yes" if r.get("baseline") else "",
                         ",".join(r.get("tags") or []), r.get("name") or ""] for r in runs]) if runs else "no runs"]
    return "\n".join(lines)


def trend_doc(trend: dict) -> dict:
    """What `perflab trend --json` prints: the series' done runs in order and its change points (the full trend,
    every run's step means, is GET /api/series/{key}/trend)."""
    return {"key": trend["key"], "run_ids": [r["run_id"] for r in trend.get("runs") or []],
            "change_points": trend.get("change_points") or []}


def trend_text(trend: dict) -> str:
    runs, points = trend.get("runs") or [], trend.get("change_points") or []
    lines = [f"series {trend['key']}: {len(runs)} analysed done runs, "
             + (f"{len(points)} change point{'s' if len(points) != 1 else ''}" if points else "no change point")]
    for cp in points:
        lines += ["", f"from run {cp['run_id']} on (compare with run {cp['previous_run_id']}, the run before):",
                  table(["point", "step", "before", "after", "change"],
                        [[m["point_no"], m["step"], fmt_ns(m["before_ns"]), fmt_ns(m["after_ns"]),
                          fmt_pct(m["change_pct"])] for m in cp["steps"]])]
    return "\n".join(lines)
