#!/usr/bin/env python3
"""fault_lost_steps / fault_duplicate_steps over the fault tests (issue 15): runs them (real agents, a real
backend process killed mid-run, a fresh embedded PostgreSQL, the link between the agents' namespaces cut) and
sums the counts each prints as `<the fault>: {'calls': …, 'steps': …, 'duplicate_steps': n, 'lost_steps': n}`. Both must be 0."""

import ast
import re
import subprocess
import sys

from perflab.core.config import REPO_ROOT

FAULT_TESTS = ["tests/test_fault_backend_killed.py", "tests/test_fault_postgres_restarted.py",
               "tests/test_fault_spool_full.py", "tests/test_fault_link_cut.py"]


def main() -> int:
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", *FAULT_TESTS],
                       cwd=REPO_ROOT / "backend", capture_output=True, text=True)
    counts = [ast.literal_eval(m.group(1)) for m in re.finditer(r": (\{'calls': [^}]*\})", p.stdout)]
    if p.returncode != 0 or not counts:
        print(p.stdout[-3000:], p.stderr[-2000:], file=sys.stderr)
        print("fault_lost_steps: failed (the fault tests did not pass; their output is above)")
        return 1
    print(f"fault_lost_steps: {sum(c['lost_steps'] for c in counts)} steps")
    print(f"fault_duplicate_steps: {sum(c['duplicate_steps'] for c in counts)} steps")
    print(f"fault_stored_steps: {sum(c['steps'] for c in counts)} steps", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
