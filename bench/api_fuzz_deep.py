"""Deep API fuzz (issue 36 item 2): schemathesis' examples, coverage, fuzzing and stateful phases against a backend of
its own (bench_backend: a fresh embedded PostgreSQL, `perflab serve` in two replicas), once per caller: no one, a
viewer, an operator and the admin, in that order (the admin's run may disable the others). Its only check is
not_a_server_error: any 5xx is a finding. Prints

    api_fuzz_cases: <requests sent over the four callers> cases
    api_fuzz_server_errors: <5xx answers> errors     (target 0)

and the failing operations on stderr. --max-examples N per operation and phase (default 10; at 5 the four callers
made 20,820 cases in 9 min on a busy 2-core host, 0 server errors); the schemathesis seed is printed so a finding
can be replayed (--seed)."""

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_backend import bench_backend  # noqa: E402

PASSWORD = "fuzz-caller-password"
DECOYS = 60  # tokens each caller makes before its own: a generated DELETE /api/tokens/{id} rarely hits its own


def caller_headers(base: str, admin: dict, role: str) -> dict:
    """A user of `role` and an API token of theirs, made after DECOYS others of theirs."""
    r = httpx.post(f"{base}/api/users", headers=admin, json={"name": f"fuzz-{role}", "password": PASSWORD,
                                                             "role": role}, timeout=30)
    r.raise_for_status()
    with httpx.Client(base_url=base, timeout=30) as browser:
        browser.post("/api/auth/login", json={"name": f"fuzz-{role}", "password": PASSWORD}).raise_for_status()
        csrf = {"X-CSRF-Token": browser.cookies.get("perflab_csrf")}
        for i in range(DECOYS):
            browser.post("/api/tokens", headers=csrf, json={"name": f"decoy-{i}"}).raise_for_status()
        token = browser.post("/api/tokens", headers=csrf, json={"name": "fuzz"}).json()["token"]
    return {"Authorization": f"Bearer {token}"}


def fuzz(document: Path, base: str, headers: dict, max_examples: int, seed: int, report: Path) -> tuple[int, int, list]:
    """(cases sent, server errors, failing operations) of one schemathesis run."""
    cmd = ["schemathesis", "run", str(document), "--url", base, "--phases", "examples,coverage,fuzzing,stateful",
           "--checks", "not_a_server_error", "--max-examples", str(max_examples), "--seed", str(seed),
           "--continue-on-failure", "--workers", "2", "--request-timeout", "60", "--suppress-health-check", "all",
           "--report", "ndjson", "--report-ndjson-path", str(report)]
    for k, v in headers.items():
        cmd += ["-H", f"{k}: {v}"]
    # the ndjson report is the measure; the CLI's exit code says only that something failed
    subprocess.run([str(Path(sys.executable).parent / cmd[0]), *cmd[1:]], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    cases, errors, failing = 0, 0, set()
    for line in report.read_text().splitlines():
        event = json.loads(line)
        finished = event.get("ScenarioFinished")
        if not finished:
            continue
        for case in (finished.get("recorder") or {}).get("cases", {}).values():
            cases += 1
        for checks in (finished.get("recorder") or {}).get("checks", {}).values():
            for check in checks:
                if check.get("name") == "not_a_server_error" and str(check.get("status")).lower() == "failure":
                    errors += 1
                    failing.add(finished.get("recorder", {}).get("label", "?"))
    return cases, errors, sorted(failing)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-examples", type=int, default=10)
    ap.add_argument("--seed", type=int, default=random.SystemRandom().randrange(2**31))
    args = ap.parse_args()
    print(f"api_fuzz_deep: seed {args.seed}, --max-examples {args.max_examples}", file=sys.stderr)
    with bench_backend("fuzz-enrolment-token", prefix="perflab-bench-fuzz-") as (base, admin), \
            tempfile.TemporaryDirectory(prefix="perflab-fuzz-") as tmp:
        document = Path(tmp) / "openapi.json"  # read as the admin: anonymous callers may not read it
        document.write_text(httpx.get(f"{base}/api/openapi.json", headers=admin, timeout=60).text)
        callers = {"anonymous": {}, "viewer": caller_headers(base, admin, "viewer"),
                   "operator": caller_headers(base, admin, "operator"), "admin": admin}
        total_cases, total_errors = 0, 0
        for name, headers in callers.items():
            cases, errors, failing = fuzz(document, base, headers, args.max_examples, args.seed,
                                          Path(tmp) / f"{name}.ndjson")
            total_cases, total_errors = total_cases + cases, total_errors + errors
            print(f"api_fuzz_deep: {name}: {cases} cases, {errors} server errors"
                  + (f" in {', '.join(failing)}" if failing else ""), file=sys.stderr)
    print(f"api_fuzz_cases: {total_cases} cases")
    print(f"api_fuzz_server_errors: {total_errors} errors")


if __name__ == "__main__":
    main()
