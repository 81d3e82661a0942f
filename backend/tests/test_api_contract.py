"""The API's contract as the UI sees it: the OpenAPI document committed beside the UI's generated types is the
app's own, and every route states what it answers (a model, or the file type it sends)."""

import json

from pydantic import BaseModel

import rpc_synth
from perflab.__main__ import openapi_document
from perflab.analysis.run_analyses import KINDS, compute
from perflab.core.config import REPO_ROOT
from perflab.schemas.analysis_results import RESULTS, Unavailable

API_DIR = REPO_ROOT / "frontend" / "src" / "api"
FILE_TYPES = {"text/csv", "text/plain", "text/event-stream", "application/pdf"}  # text/plain: the .hlog
# Routes whose answer is still a free-form object, each with the reason; a new route may not join them.
FREE_FORM = {
    ("get", "/api/agents/commands"): "agent route: the job JSON is the agent's contract (docs/protocol.md)",
    ("get", "/api/runs/{run_id}/points/{point_no}/analyses/{kind}"): "as /analyses/{kind}, one point of it",
}


def test_the_committed_document_is_the_apps_own():
    for name, text in (("openapi.json", openapi_document()), ("launch-bodies.json", openapi_document(True))):
        committed = (API_DIR / name).read_text() if (API_DIR / name).exists() else ""
        assert committed.strip() == text.strip(), (
            f"frontend/src/api/{name} is stale: run `make api-types` and commit it with schema.generated.ts")


def _typed(schema: dict) -> bool:
    if "$ref" in schema:
        return True
    if schema.get("type") == "array":
        return _typed(schema.get("items", {}))
    either = schema.get("anyOf") or schema.get("oneOf")
    return bool(either) and all(_typed(s) for s in either)


def test_every_route_states_its_answer():
    doc = json.loads(openapi_document())
    loose = []
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for status, response in op["responses"].items():
                if not status.startswith("2"):
                    continue
                for media, content in response.get("content", {}).items():
                    if media in FILE_TYPES or (media == "application/json" and content["schema"].get("format") == "binary"):
                        continue
                    if not _typed(content.get("schema", {})):
                        loose.append((method, path))
    assert sorted(set(loose) - set(FREE_FORM)) == [], "routes answering a free-form object: give them a model"
    assert sorted(set(FREE_FORM) - set(loose)) == [], "typed now: take them off FREE_FORM"


def _extras(model: BaseModel, where: str) -> list[str]:
    """Keys a result carries that its model does not declare, anywhere in it."""
    found = [f"{where}.{k}" for k in (model.model_extra or {})]
    for name in type(model).model_fields:
        value = getattr(model, name)
        for i, item in enumerate(value if isinstance(value, list) else [value]):
            if isinstance(item, BaseModel):
                found += _extras(item, f"{where}.{name}[{i}]" if isinstance(value, list) else f"{where}.{name}")
    return found


def _check_kinds(out: dict) -> set[str]:
    available = set()
    for kind, result in json.loads(json.dumps(out)).items():  # as stored and served: JSON
        model = RESULTS[kind] if result.get("available", True) else Unavailable
        checked = model.model_validate(result)  # raises naming the field that disagrees
        assert _extras(checked, kind) == [], f"{kind}: keys the model does not declare"
        if model is not Unavailable:
            available.add(kind)
    return available


def test_every_analysis_kind_is_what_its_model_says():
    """An RPC sweep with sizes and threads (every kind available) and a one-point sweep on one clock."""
    pts = [{"request_bytes": b, "threads": t, "think_time_us": 0, "cache": "per-thread"}
           for b in (0, 1000, 5000) for t in (1, 2)]
    tr, params, _ = rpc_synth.sweep(pts, calls=30)
    for p in params:  # the 2-thread points at offered rates: the load kind's sweep
        if params[p]["threads"] == 2:
            params[p] |= {"arrival": "constant", "rate_calls_s": 1000.0 * (p + 1)}
    run_params = {"procedure": "null", "server_threads": 4, "probe_cost_ns": {"client": 20, "server": 21},
                  "packetisation": {"header_bytes": 80, "packet_data": 4016, "mtu": 1500}}
    assert _check_kinds(compute(tr, params, run_params, same_clock=False)) == set(KINDS)
    tr, params, _ = rpc_synth.sweep(pts[:1], calls=10)
    assert _check_kinds(compute(tr, params, {}, same_clock=True))  # some kinds unavailable: still their models


def test_each_kind_has_its_route_and_model():
    doc = json.loads(openapi_document())
    for kind in KINDS:
        schema = doc["paths"][f"/api/runs/{{run_id}}/analyses/{kind}"]["get"]["responses"]["200"]["content"]
        refs = json.dumps(schema["application/json"]["schema"])
        assert RESULTS[kind].__name__ in refs and "Unavailable" in refs, kind
