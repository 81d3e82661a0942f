"""scripts/import_cycles.py: the backend has no import circle, and the checker finds one when there is one."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "scripts" / "import_cycles.py"


def check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(CHECKER), str(root)], capture_output=True, text=True, timeout=60)


def test_the_backend_has_no_import_circle():
    out = check(ROOT / "backend")
    assert out.stdout.splitlines()[-1] == "import circles: 0", out.stdout
    assert out.returncode == 0


def test_a_function_local_and_a_relative_import_still_make_a_circle(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.a import g\n")
    (pkg / "c.py").write_text("import pkg.a\n")  # imports the circle, is not part of it
    out = check(tmp_path)
    assert out.returncode == 1
    assert out.stdout.splitlines() == ["circle: pkg.a <-> pkg.b", "import circles: 1"]
