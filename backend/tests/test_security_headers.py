"""Security headers on every answer and the API's description for logged-in users only (docs/security.md, ASVS
14.4 and 14.3): api/security_headers.py and api/api_docs.py. The e2e spec security-headers.spec.ts checks that the
UI renders under this CSP with no violation."""

import re

from fastapi.testclient import TestClient

from perflab.api.security_headers import CSP
from perflab.main import create_app


def _policy(header: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in header.split(";") if d.strip()}


def test_the_csp_allows_no_inline_code_and_no_framing():
    policy = _policy(CSP)
    assert all("'unsafe-inline'" not in v and "'unsafe-eval'" not in v for v in policy.values())
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["object-src"] == ["'none'"]


def test_every_answer_carries_the_headers(anon_client, client):
    answers = [anon_client.get("/api/health"), anon_client.get("/api/runs"),  # 200, 401
               client.get("/api/runs?sort=colour"), client.get("/api/runs?q=%00"),  # 422 by FastAPI, by the boundary
               client.get("/api/nope"), anon_client.get("/runs/1")]  # 404, the UI (or its 503 when not built)
    for r in answers:
        assert r.headers["content-security-policy"] == CSP, r.request.url
        assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
        assert "strict-transport-security" not in r.headers  # plain http: a test lab, not one behind TLS
    assert all(r.headers["cache-control"] == "no-store" for r in answers[:5])  # the API's answers


def test_the_api_description_is_for_logged_in_users(anon_client, client):
    for path in ("/api/openapi.json", "/api/docs"):
        assert anon_client.get(path).status_code == 401
    assert "/api/runs" in client.get("/api/openapi.json").json()["paths"]
    page = client.get("/api/docs")
    assert page.status_code == 200 and "swagger-ui" in page.text
    # its inline script runs by the nonce its own CSP names, nothing else inline does
    nonce = re.search(r"'nonce-([^']+)'", page.headers["content-security-policy"]).group(1)
    assert re.findall(r"<script nonce=\"([^\"]+)\">", page.text) == [nonce]
    assert "'unsafe-inline'" not in page.headers["content-security-policy"]


def test_a_lab_may_open_its_description_to_anyone(settings, db):
    with TestClient(create_app(settings.model_copy(update={"public_api_docs": True}), db)) as anyone:
        assert anyone.get("/api/openapi.json").status_code == 200 and anyone.get("/api/docs").status_code == 200
        assert anyone.get("/api/runs").status_code == 401  # the API itself is not opened
