"""Writes perflab_cli/api_client from the committed OpenAPI document with openapi-python-client, the version pinned in
backend/pyproject.toml's test extra (`make api-types` runs `python -m perflab_cli.regenerate`;
tests/test_cli_client_generated.py fails when the committed client is stale)."""

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OPENAPI = HERE.parent.parent / "frontend" / "src" / "api" / "openapi.json"
CONFIG = HERE / "openapi-client.yaml"
TARGET = HERE / "api_client"


def generator() -> str:
    found = shutil.which("openapi-python-client") or str(Path(sys.executable).parent / "openapi-python-client")
    if not Path(found).exists():
        raise SystemExit("openapi-python-client is not installed: pip install -e 'backend[test]'")
    return found


def document_for_generator(doc: dict) -> dict:
    """The document with one change: FastAPI names two same-titled models (FirstCall, FirstCalls of a run's summary
    and of an analysis result) by their module, but the generator names classes by title and drops the second."""
    for name, schema in doc["components"]["schemas"].items():
        if name.startswith("perflab__schemas__"):
            module, _, model = name.removeprefix("perflab__schemas__").rpartition("__")
            schema["title"] = "".join(w.capitalize() for w in module.split("_")) + model
    return doc


def generate(out_dir: Path, openapi: Path = OPENAPI) -> Path:
    """Generates the client into out_dir/api_client and returns that path."""
    with tempfile.TemporaryDirectory() as tmp:
        doc = Path(tmp) / "openapi.json"
        doc.write_text(json.dumps(document_for_generator(json.loads(openapi.read_text()))))
        target = out_dir / "api_client"
        subprocess.run([generator(), "generate", "--path", str(doc), "--config", str(CONFIG), "--meta", "none",
                        "--output-path", str(target), "--overwrite"], check=True, capture_output=True, text=True)
    return target


def main() -> int:
    openapi = Path(sys.argv[1]) if len(sys.argv) > 1 else OPENAPI  # another document: for a check by hand
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp), openapi)
        shutil.rmtree(TARGET, ignore_errors=True)
        shutil.copytree(fresh, TARGET)
    print(f"wrote {TARGET.relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
