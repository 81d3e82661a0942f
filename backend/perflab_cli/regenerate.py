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
TEMPLATES = HERE / "client_templates"  # the generator's own, cut to what the CLI calls, what repeats once in types.py
# the operations the CLI calls (lab.py): the client is generated for these and the schemas their requests reach, not
# for the UI's ~75 routes; a new call in lab.py adds its route here and `make api-types` writes it
CLI_ROUTES = {
    ("get", "/api/auth/me"), ("get", "/api/agents"),
    ("get", "/api/runs"), ("post", "/api/runs"), ("get", "/api/runs/{run_id}"), ("get", "/api/runs/{run_id}/summary"),
    ("get", "/api/runs/{run_id}/check"),
    ("get", "/api/runs/{run_id}/export.csv"), ("get", "/api/runs/{run_id}/report.pdf"),
    ("get", "/api/runs/{run_id}/trace.json"), ("get", "/api/runs/{run_id}/latency.hlog"),
    ("get", "/api/series"), ("get", "/api/series/{key}"), ("get", "/api/series/{key}/runs"),
    ("get", "/api/series/{key}/trend"), ("put", "/api/series/{key}/baseline"),
}
TARGET = HERE / "api_client"


def generator() -> str:
    found = shutil.which("openapi-python-client") or str(Path(sys.executable).parent / "openapi-python-client")
    if not Path(found).exists():
        raise SystemExit("openapi-python-client is not installed: pip install -e 'backend[test]'")
    return found


def _refs(node) -> set[str]:
    """The schema names node's $refs point at, however deep."""
    if isinstance(node, dict):
        found = {node["$ref"].rpartition("/")[2]} if isinstance(node.get("$ref"), str) else set()
        return found.union(*(_refs(v) for v in node.values()))
    return set().union(*(_refs(v) for v in node)) if isinstance(node, list) else set()


def as_json(response: dict) -> dict:
    """A response the CLI reads as JSON (lab.py turns every answer into dicts and lists for its output): its schema
    dropped, so the client has no model for it; a file's (export.csv, report.pdf …) stays bytes."""
    content = response.get("content", {})
    if "application/json" in content:
        content["application/json"] = {"schema": {}}
    return response


def narrowed(doc: dict) -> dict:
    """The document with only CLI_ROUTES, their answers as untyped JSON, and the schemas their requests reach."""
    doc["paths"] = {path: {m: op for m, op in ops.items() if (m, path) in CLI_ROUTES}
                    for path, ops in doc["paths"].items() if any((m, path) in CLI_ROUTES for m in ops)}
    for op in (op for ops in doc["paths"].values() for op in ops.values()):
        op["responses"] = {code: as_json(r) for code, r in op["responses"].items() if code.startswith("2")}
    schemas, reached, todo = doc["components"]["schemas"], set(), _refs(doc["paths"])
    while todo:
        name = todo.pop()
        reached.add(name)
        todo |= _refs(schemas[name]) - reached
    doc["components"]["schemas"] = {n: s for n, s in schemas.items() if n in reached}
    return doc


def document_for_generator(doc: dict) -> dict:
    """The CLI's part of the document (narrowed), with one change: FastAPI names two same-titled models (FirstCall,
    FirstCalls of a run's summary and of an analysis result) by their module, but the generator names classes by
    title and drops the second."""
    for name, schema in doc["components"]["schemas"].items():
        if name.startswith("perflab__schemas__"):
            module, _, model = name.removeprefix("perflab__schemas__").rpartition("__")
            schema["title"] = "".join(w.capitalize() for w in module.split("_")) + model
    return narrowed(doc)


def generate(out_dir: Path, openapi: Path = OPENAPI) -> Path:
    """Generates the client into out_dir/api_client and returns that path."""
    with tempfile.TemporaryDirectory() as tmp:
        doc = Path(tmp) / "openapi.json"
        doc.write_text(json.dumps(document_for_generator(json.loads(openapi.read_text()))))
        target = out_dir / "api_client"
        subprocess.run([generator(), "generate", "--path", str(doc), "--config", str(CONFIG), "--meta", "none",
                        "--custom-template-path", str(TEMPLATES),
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
