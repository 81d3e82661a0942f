"""Every string that enters the API is bounded, and every closed set of words is an enum, in the schema itself
(core/text_limits.py holds the limits once; issue 36): clients and fuzzers read them there, and a bad value is a
422 naming the field and what it accepts, never a database error."""

import pytest

from perflab.core import text_limits as limits
from perflab.kinds import KINDS
from perflab.main import create_app


def _resolve(schema: dict, components: dict) -> dict:
    ref = schema.get("$ref")
    return components[ref.rsplit("/", 1)[1]] if ref else schema


def _unbounded(schema: dict, components: dict, where: str, seen: set) -> list[str]:
    """The places under schema where a string may be of any length (no maxLength, enum or const)."""
    ref = schema.get("$ref")
    if ref:
        if ref in seen:
            return []
        seen = seen | {ref}
    schema = _resolve(schema, components)
    found = []
    for key in ("anyOf", "oneOf", "allOf"):
        for part in schema.get(key, []):
            found += _unbounded(part, components, where, seen)
    if schema.get("type") == "string" and not ({"maxLength", "enum", "const"} & schema.keys()):
        found.append(where)
    if "items" in schema:
        found += _unbounded(schema["items"], components, f"{where}[]", seen)
    for name, prop in schema.get("properties", {}).items():
        found += _unbounded(prop, components, f"{where}.{name}", seen)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        found += _unbounded(extra, components, f"{where}{{}}", seen)
    return found


def test_every_string_a_request_carries_has_a_bound_in_the_schema(settings):
    doc = create_app(settings).openapi()
    components = doc["components"]["schemas"]
    unbounded = []
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for param in op.get("parameters", []):
                if param["in"] in ("query", "path"):  # headers: uvicorn bounds them (h11's 64 KiB)
                    unbounded += _unbounded(param["schema"], components,
                                            f"{method.upper()} {path} {param['in']}.{param['name']}", set())
            for content in op.get("requestBody", {}).get("content", {}).values():
                unbounded += _unbounded(content["schema"], components, f"{method.upper()} {path} body", set())
    assert unbounded == []


def test_closed_query_values_are_enums_the_ui_and_cli_can_read(settings):
    params = {p["name"]: p["schema"] for p in create_app(settings).openapi()["paths"]["/api/runs"]["get"]["parameters"]}
    assert params["status"]["items"]["enum"] == ["queued", "running", "done", "failed", "cancelled"]
    assert params["kind"]["items"]["enum"] == list(KINDS)  # the kind table, in its order
    assert "finished_at" in params["sort"]["enum"] and params["order"]["enum"] == ["asc", "desc"]


@pytest.mark.parametrize("query, loc, message", [
    ("kind=tcp", ["query", "kind", 0], f"kind must be one of {', '.join(KINDS)} (got 'tcp')"),
    ("kind=rpc&kind=", ["query", "kind", 1], f"kind must be one of {', '.join(KINDS)} (got '')"),
    (f"q={'x' * (limits.QUERY_TEXT_MAX + 1)}", ["query", "q"],
     f"q must be 0-{limits.QUERY_TEXT_MAX} characters (got {limits.QUERY_TEXT_MAX + 1})"),
    (f"tag={'t' * (limits.TAG_MAX + 1)}", ["query", "tag", 0], f"tag must be 1-{limits.TAG_MAX} characters (got 65)"),
])
def test_a_bad_history_query_is_a_422_naming_the_parameter(client, query, loc, message):
    r = client.get(f"/api/runs?{query}")
    assert r.status_code == 422, r.text
    [err] = r.json()["detail"]
    assert err["loc"] == loc and err["msg"] == message


def test_body_texts_are_bounded_by_the_shared_limits(client):
    long_tag = "t" * (limits.TAG_MAX + 1)
    r = client.post("/api/runs", json={"kind": "pingpong", "client_agent_id": 1, "server_agent_id": 2,
                                       "request_bytes": 8, "response_bytes": 8, "calls": 10, "tags": ["ok", long_tag]})
    assert r.status_code == 422
    assert {"loc": ["body", "pingpong", "tags", 1], "msg": f"tags must be 1-{limits.TAG_MAX} characters (got 65)"}.items() \
        <= {k: v for k, v in r.json()["detail"][0].items() if k in ("loc", "msg")}.items()
    r = client.post("/api/users", json={"name": "eve", "password": "p" * (limits.PASSWORD_MAX + 1), "role": "viewer"})
    assert r.status_code == 422 and r.json()["detail"][0]["msg"] == (
        f"password must be {limits.PASSWORD_MIN}-{limits.PASSWORD_MAX} characters (got {limits.PASSWORD_MAX + 1})")
    r = client.post("/api/tokens", json={"name": "n" * (limits.NAME_MAX + 1)})
    assert r.status_code == 422 and r.json()["detail"][0]["msg"] == f"name must be 1-{limits.NAME_MAX} characters (got 65)"


def test_the_database_columns_are_as_wide_as_the_limits(db):
    from perflab.models import Agent, Run, User
    assert User.__table__.c.name.type.length == limits.NAME_MAX == Agent.__table__.c.name.type.length
    assert Run.__table__.c.name.type.length == limits.RUN_NAME_MAX
    assert Run.__table__.c.tags.type.item_type.length == limits.TAG_MAX
