"""`perflab`: the lab's command-line client (docs/cli.md). Every command takes --json; exit codes a CI job can use:
0 fine, 1 a regression (check --fail-on regression) or a failed run (launch --wait), 2 usage or connection errors,
3 inconclusive (check --fail-on inconclusive)."""

import argparse
import getpass
import sys
import time
from pathlib import Path

from perflab_cli import config, output
from perflab_cli.lab import EXPORTS, RUN_KINDS, Lab, LabError
from perflab_cli.presets import PresetError, apply_sets, preset_body, presets

OK, FAILED, USAGE, INCONCLUSIVE = 0, 1, 2, 3
FINISHED = {"done", "failed", "cancelled"}
DEFAULT_AGENTS = ("local-a", "local-b")  # the two agents `make up` starts
EXPORT_SUFFIX = {"csv": "csv", "pdf": "pdf", "trace": "trace.json", "hdr": "hlog"}


class UsageError(Exception):
    """Arguments that cannot work against this lab (an unknown agent, say): exit 2."""


def _lab() -> Lab:
    return Lab(config.load())


def cmd_login(args) -> int:
    token = args.token
    if not token:
        # a prompt on a terminal; a pipe (`echo $T | perflab login URL`) keeps the token out of the process list
        token = getpass.getpass("API token: ") if sys.stdin.isatty() else sys.stdin.readline().strip()
    if not token:
        raise UsageError("no token: pass --token, or make one on the lab's Tokens page (POST /api/tokens)")
    url = args.url.rstrip("/")
    me = Lab(config.LabConfig(url, token)).me()  # a token the lab refuses is not stored
    path = config.save(url, token)
    if args.json:
        output.emit_json({"url": url, "user": me, "config": str(path)})
    else:
        print(f"logged in to {url} as {me['name']} ({me['role']}); saved in {path}")
    return OK


def cmd_presets(args) -> int:
    found = presets()
    if args.json:
        output.emit_json(found)
    else:
        print(output.table(["preset", "kind", "what"], [[p["id"], p["kind"], p["label"]] for p in found]))
    return OK


def cmd_runs_list(args) -> int:
    runs = _lab().runs(kind=args.kind, tag=args.tag, limit=args.limit)["items"]
    if args.json:
        output.emit_json(runs)
    else:
        print(output.runs_table(runs) if runs else "no runs")
    return OK


def cmd_runs_show(args) -> int:
    lab = _lab()
    run = lab.run(args.id)
    summary = lab.summary(args.id) if run["status"] == "done" else None
    if args.json:
        output.emit_json({"run": run, "summary": summary})
    else:
        print(output.run_text(run, summary))
    return OK


def _agent_ids(lab: Lab, client: str | None, server: str | None) -> tuple[int, int]:
    agents = {a["name"]: a for a in lab.agents()}
    names = (client or DEFAULT_AGENTS[0], server or DEFAULT_AGENTS[1])
    missing = [n for n in names if n not in agents]
    if missing:
        raise UsageError(f"no agent named {', '.join(missing)} on {lab.url}; its agents: "
                         f"{', '.join(sorted(agents)) or 'none'} (choose with --client and --server)")
    return agents[names[0]]["id"], agents[names[1]]["id"]


def _wait(lab: Lab, run: dict, poll_s: float, timeout_s: float, show_bar: bool) -> dict:
    deadline = time.monotonic() + timeout_s
    while run["status"] not in FINISHED:
        if show_bar:
            sys.stderr.write(output.progress_bar(run.get("calls_done", 0), run.get("calls_total", 0), run["status"]))
            sys.stderr.flush()
        if time.monotonic() > deadline:
            raise LabError(f"run {run['id']} still {run['status']} after {timeout_s:.0f} s (--timeout-s)")
        time.sleep(poll_s)
        run = lab.run(run["id"])
    if show_bar:
        sys.stderr.write(output.progress_bar(run.get("calls_done", 0), run.get("calls_total", 0), run["status"]) + "\n")
    return run


def cmd_launch(args) -> int:
    body = apply_sets(preset_body(args.preset), args.set or [])
    lab = _lab()
    body["client_agent_id"], body["server_agent_id"] = _agent_ids(lab, args.client, args.server)
    if args.tag:
        body["tags"] = list(dict.fromkeys([*(body.get("tags") or []), *args.tag]))
    if args.name:
        body["name"] = args.name
    wait = args.wait or args.repeat > 1 or args.check is not None  # repeats run one after another
    runs = []
    for i in range(args.repeat):
        run = lab.launch(body)
        if not args.json:
            print(f"run {run['id']} launched on {lab.url} ({run['status']})"
                  + (f", {i + 1} of {args.repeat}" if args.repeat > 1 else ""), file=sys.stderr if wait else sys.stdout)
        if wait:
            # the bar only on a terminal: a CI log gets the final line alone
            run = _wait(lab, run, args.poll_s, args.timeout_s, show_bar=sys.stderr.isatty() and not args.json)
            if not args.json:
                print(f"run {run['id']} {run['status']}" + (f": {run['reason']}" if run.get("reason") else ""))
        runs.append(run)
        if wait and run["status"] != "done":
            break  # a failed run ends the repeats: the group would not be the launch asked for
    failed = wait and any(r["status"] != "done" for r in runs)
    if args.check is not None and not failed:
        return _report_check(lab, [r["id"] for r in runs], args.check, args, extra={"runs": runs})
    if args.json:
        output.emit_json(runs[0] if args.repeat == 1 else runs)
    return FAILED if failed else OK


def _report_check(lab: Lab, run_ids: list[int], against: str, args, extra: dict | None = None) -> int:
    result = lab.check(run_ids, against, args.check_timeout_s)
    if args.json:
        output.emit_json({**(extra or {}), **result} if extra else result)
    else:
        print(output.check_text(result))
    return check_exit(result.get("verdict", ""), args.fail_on or [])


def cmd_export(args) -> int:
    table = args.table or ("calls" if args.format == "csv" else None)  # the lab asks which table; calls by default
    data = _lab().export(args.id, args.format, table)
    target = args.output or f"perflab-run-{args.id}" + (f"-{table}" if table else "") + f".{EXPORT_SUFFIX[args.format]}"
    if target == "-":
        sys.stdout.buffer.write(data)
        return OK
    Path(target).write_bytes(data)
    if args.json:
        output.emit_json({"run_id": args.id, "format": args.format, "file": target, "bytes": len(data)})
    else:
        print(f"wrote {target} ({len(data)} bytes)")
    return OK


def cmd_compare(args) -> int:
    lab = _lab()
    rows = output.compare_rows(lab.summary(args.a), lab.summary(args.b))
    if args.json:
        output.emit_json({"a": args.a, "b": args.b, **rows})
    else:
        print(output.compare_text(args.a, args.b, rows))
    return OK


def check_exit(verdict: str, fail_on: list[str]) -> int:
    if verdict == "regression" and "regression" in fail_on:
        return FAILED
    if verdict == "inconclusive" and "inconclusive" in fail_on:
        return INCONCLUSIVE
    return OK


def cmd_check(args) -> int:
    return _report_check(_lab(), args.runs, args.against, args)


def cmd_series_list(args) -> int:
    found = _lab().series_list(limit=args.limit)["items"]
    if args.json:
        output.emit_json(found)
    else:
        print(output.series_table(found) if found else "no series")
    return OK


def cmd_series_show(args) -> int:
    lab = _lab()
    series, runs = lab.series(args.key), lab.series_runs(args.key)
    if args.json:
        output.emit_json({"series": series, "runs": runs})
    else:
        print(output.series_text(series, runs))
    return OK


def cmd_baseline_set(args) -> int:
    lab = _lab()
    key = lab.run(args.run).get("series_key")
    if not key:
        raise UsageError(f"run {args.run} belongs to no series (launched before series existed)")
    series = lab.set_baseline(key, args.run, args.through)  # the lab refuses (409) a run not done or of another series
    if args.json:
        output.emit_json(series)
    else:
        what = f"runs {args.run} through {args.through} ({series['baseline_runs']} done runs) are" if args.through \
            else f"run {args.run} is"
        print(f"{what} now the baseline of series {key} ({series['runs']} runs)")
    return OK


def cmd_trend(args) -> int:
    trend = _lab().trend(args.key)
    if args.json:
        output.emit_json(output.trend_doc(trend))
    else:
        print(output.trend_text(trend))
    return OK


def add_check_options(p: argparse.ArgumentParser, timeout_flag: str) -> None:
    p.add_argument("--fail-on", action="append", choices=["regression", "inconclusive"],
                   help="exit 1 on a regression, 3 on an inconclusive verdict (repeatable)")
    p.add_argument(timeout_flag, dest="check_timeout_s", type=float, default=600.0,
                   help="how long to wait for a just finished run's analysis (the lab answers 409 until then)")


def repeat_count(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 50:
        raise argparse.ArgumentTypeError(f"{text!r}: --repeat is 1-50 runs")
    return int(text)


def series_key(text: str) -> str:
    if len(text) != 32 or any(c not in "0123456789abcdef" for c in text):
        raise argparse.ArgumentTypeError(f"{text!r}: a series key is 32 hex digits (`perflab series list`)")
    return text


def against_value(text: str) -> str:
    if text != "baseline" and not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: `baseline` or a run id")
    return text


def parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--json", action="store_true", help="print one JSON document (for scripts and CI)")
    top = argparse.ArgumentParser(prog="perflab", description="the perflab lab's command-line client (docs/cli.md)")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("login", parents=[common], help="store a lab's URL and API token")
    p.add_argument("url", metavar="URL")
    p.add_argument("--token", help="an API token (default: asked for, or read from standard input)")
    p.set_defaults(func=cmd_login)

    p = sub.add_parser("presets", parents=[common], help="the presets `launch --preset` knows")
    p.set_defaults(func=cmd_presets)

    runs = sub.add_parser("runs", help="list runs or show one").add_subparsers(dest="runs_command", required=True,
                                                                               metavar="list|show")
    p = runs.add_parser("list", parents=[common], help="the latest runs")
    p.add_argument("--kind", choices=RUN_KINDS)
    p.add_argument("--tag", help="runs carrying this tag")
    p.add_argument("--limit", type=int, default=20)
    p.set_defaults(func=cmd_runs_list)
    p = runs.add_parser("show", parents=[common], help="one run and its RTT")
    p.add_argument("id", type=int)
    p.set_defaults(func=cmd_runs_show)

    p = sub.add_parser("launch", parents=[common], help="launch a preset, optionally waiting for it")
    p.add_argument("--preset", required=True, help="a preset id (`perflab presets`)")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help="override a field of the launch body")
    p.add_argument("--tag", action="append", help="tag the run (repeatable)")
    p.add_argument("--name", help="the run's name (default: the preset's)")
    p.add_argument("--client", help=f"client agent's name (default {DEFAULT_AGENTS[0]})")
    p.add_argument("--server", help=f"server agent's name (default {DEFAULT_AGENTS[1]})")
    p.add_argument("--wait", action="store_true", help="wait for the run; exit 1 when it does not finish done")
    p.add_argument("--repeat", type=repeat_count, default=1, metavar="N",
                   help="launch N runs one after another (waiting for each): a check judges them as one group")
    p.add_argument("--check", type=against_value, metavar="AGAINST",
                   help="then check the runs against `baseline` or a run id (with --fail-on, as `perflab check`)")
    add_check_options(p, "--check-timeout-s")
    p.add_argument("--poll-s", type=float, default=1.0, help=argparse.SUPPRESS)
    p.add_argument("--timeout-s", type=float, default=3600.0, help="give up waiting for a run after this long")
    p.set_defaults(func=cmd_launch)

    p = sub.add_parser("export", parents=[common], help="download a run's CSV, PDF report, trace or HDR histograms")
    p.add_argument("id", type=int)
    p.add_argument("format", choices=list(EXPORTS))
    p.add_argument("--table", help="csv only: the table, default calls (GET /api/exports/tables lists them)")
    p.add_argument("-o", "--output", help="file to write, `-` for standard output")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("compare", parents=[common], help="two runs' RTTs and steps side by side")
    p.add_argument("a", type=int)
    p.add_argument("b", type=int)
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("check", parents=[common],
                       help="did a run (or the runs of a repeated launch, as one group) regress against a baseline")
    p.add_argument("runs", type=int, nargs="+", metavar="RUN")
    p.add_argument("--against", type=against_value, default="baseline",
                   help="`baseline` (the series' baseline run or range) or a run id")
    add_check_options(p, "--timeout-s")
    p.set_defaults(func=cmd_check)

    series = sub.add_parser("series", help="series of comparable runs").add_subparsers(
        dest="series_command", required=True, metavar="list|show")
    p = series.add_parser("list", parents=[common], help="the series, the one with the latest run first")
    p.add_argument("--limit", type=int, default=50)
    p.set_defaults(func=cmd_series_list)
    p = series.add_parser("show", parents=[common], help="one series: its runs and its baseline")
    p.add_argument("key", type=series_key)
    p.set_defaults(func=cmd_series_show)

    baseline = sub.add_parser("baseline", help="the run a series is checked against").add_subparsers(
        dest="baseline_command", required=True, metavar="set")
    p = baseline.add_parser("set", parents=[common], help="make RUN (through --through RUN) the baseline of its series")
    p.add_argument("run", type=int)
    p.add_argument("--through", type=int, metavar="RUN",
                   help="a range: the series' done runs from RUN through this one; their spread is the checks' noise")
    p.set_defaults(func=cmd_baseline_set)

    p = sub.add_parser("trend", parents=[common], help="a series' change points and the steps that moved")
    p.add_argument("key", type=series_key)
    p.set_defaults(func=cmd_trend)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "export" and args.table and args.format != "csv":
        parser().error("--table is for csv exports only")
    try:
        return args.func(args)
    except (config.ConfigError, LabError, PresetError, UsageError) as e:
        print(f"perflab: {e}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        return USAGE
    except BrokenPipeError:  # `perflab … | head`: the reader had enough
        sys.stderr.close()
        return OK


if __name__ == "__main__":
    sys.exit(main())
