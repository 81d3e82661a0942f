"""Who may call what: every route of the OpenAPI document × every kind of caller (issue 14). A route added
without a line in RULES fails the first test; a rule the app does not keep fails the second."""

import re

import pytest

from agent_sim import SimAgent
from export_data import make_run
from perflab.analysis.run_analyses import KINDS
from perflab.services import credentials, users

PUBLIC, ENROL, AGENT, VIEWER, OPERATOR, ADMIN = "public", "enrol", "agent", "viewer", "operator", "admin"

# (method, path) → who may call it. Bodies are {} (a permitted caller then gets 2xx or 4xx, never 401/403/5xx).
RULES = {
    ("GET", "/api/health"): PUBLIC,
    ("POST", "/api/auth/login"): PUBLIC,
    ("POST", "/api/auth/logout"): VIEWER,
    ("GET", "/api/auth/me"): VIEWER,
    ("POST", "/api/auth/password"): VIEWER,
    ("GET", "/api/tokens"): VIEWER,
    ("POST", "/api/tokens"): VIEWER,
    ("DELETE", "/api/tokens/{token_id}"): VIEWER,
    ("GET", "/api/users"): ADMIN,
    ("POST", "/api/users"): ADMIN,
    ("PATCH", "/api/users/{user_id}"): ADMIN,
    ("POST", "/api/agents/enroll"): ENROL,
    ("POST", "/api/agents/heartbeat"): AGENT,
    ("GET", "/api/agents/commands"): AGENT,
    ("POST", "/api/agents/jobs/{job_id}/status"): AGENT,
    ("POST", "/api/agents/jobs/{job_id}/batches"): AGENT,
    ("GET", "/api/agents"): VIEWER,
    ("POST", "/api/agents/{agent_id}/revoke"): ADMIN,
    ("POST", "/api/agents/{agent_id}/reinstate"): ADMIN,
    ("POST", "/api/agents/enrollment-token"): ADMIN,
    ("GET", "/api/agent-clocks"): VIEWER,
    ("GET", "/api/runs"): VIEWER,
    ("POST", "/api/runs"): OPERATOR,
    ("POST", "/api/runs/estimate"): VIEWER,
    ("GET", "/api/runs/{run_id}"): VIEWER,
    ("POST", "/api/runs/{run_id}/cancel"): OPERATOR,
    ("GET", "/api/runs/{run_id}/summary"): VIEWER,
    ("PATCH", "/api/runs/{run_id}"): OPERATOR,
    ("GET", "/api/runs/{run_id}/check"): VIEWER,
    ("GET", "/api/runs/{run_id}/environment-diff"): VIEWER,
    ("GET", "/api/series"): VIEWER,
    ("GET", "/api/series/{key}"): VIEWER,
    ("GET", "/api/series/{key}/runs"): VIEWER,
    ("PUT", "/api/series/{key}/baseline"): OPERATOR,
    ("GET", "/api/series/{key}/trend"): VIEWER,
    ("GET", "/api/runs/{run_id}/calls"): VIEWER,
    ("GET", "/api/runs/{run_id}/events"): VIEWER,
    ("GET", "/api/runs/{run_id}/estimate"): VIEWER,
    ("GET", "/api/runs/{run_id}/live-calls"): VIEWER,
    ("GET", "/api/runs/{run_id}/analyses"): VIEWER,
    **{("GET", f"/api/runs/{{run_id}}/analyses/{kind}"): VIEWER for kind in KINDS},  # a route per kind
    ("GET", "/api/runs/{run_id}/points/{point_no}/analyses/{kind}"): VIEWER,
    ("GET", "/api/runs/{run_id}/clock"): VIEWER,
    ("GET", "/api/runs/{run_id}/probe"): VIEWER,
    ("GET", "/api/runs/{run_id}/throughput"): VIEWER,
    ("GET", "/api/runs/{run_id}/timeline"): VIEWER,
    ("GET", "/api/runs/{run_id}/exports"): VIEWER,
    ("GET", "/api/runs/{run_id}/export.csv"): VIEWER,
    ("GET", "/api/runs/{run_id}/table.json"): VIEWER,
    ("GET", "/api/runs/{run_id}/trace.json"): VIEWER,
    ("GET", "/api/runs/{run_id}/trace-size"): VIEWER,
    ("GET", "/api/runs/{run_id}/report-data"): VIEWER,
    ("GET", "/api/runs/{run_id}/report.pdf"): VIEWER,
    ("GET", "/api/runs/{run_id}/latency.hlog"): VIEWER,
    ("GET", "/api/compare/report.pdf"): VIEWER,
    ("GET", "/api/report-jobs/{job}"): VIEWER,
    ("GET", "/api/exports/tables"): VIEWER,
    ("GET", "/api/links/profiles"): VIEWER,
    ("GET", "/api/links/status"): VIEWER,
    ("GET", "/api/studies/rpc-vs-sockets"): VIEWER,
    ("POST", "/api/models/mva"): VIEWER,
    ("POST", "/api/models/mva/sweep"): VIEWER,
    ("POST", "/api/models/packets"): VIEWER,
    ("POST", "/api/models/simulate"): VIEWER,
    ("POST", "/api/models/whatif"): VIEWER,
}
# queries that keep a permitted call short: no long-poll, no PDF print (a bad job name is refused first)
QUERIES = {
    "/api/agents/commands": {"wait_s": 0},
    "/api/runs/{run_id}/report.pdf": {"job": "not a job"},
    "/api/compare/report.pdf": {"a": 1, "b": 1, "job": "not a job"},
    "/api/studies/rpc-vs-sockets": {"runs": "1"},
}
CALLERS = ("nobody", "viewer", "operator", "admin", "revoked token", "revoked agent", "agent")
RANK = {VIEWER: 1, OPERATOR: 2, ADMIN: 3}


def expected(rule: str, caller: str) -> str:
    """'allowed', or the status a refused caller gets."""
    if rule in (PUBLIC, ENROL):
        return "allowed"
    if rule == AGENT:
        return "allowed" if caller == "agent" else "401"
    if caller in ("nobody", "revoked token", "revoked agent", "agent"):
        return "401"  # agents' tokens are not users' credentials
    return "allowed" if RANK[caller] >= RANK[rule] else "403"


def openapi_routes(client) -> set[tuple[str, str]]:
    paths = client.app.openapi()["paths"]  # the document itself is for logged-in users (test_security_headers.py)
    return {(method.upper(), path) for path, ops in paths.items() for method in ops}


def test_every_route_has_a_rule(anon_client):
    routes = openapi_routes(anon_client)
    assert routes - RULES.keys() == set(), "routes without a rule in RULES: decide who may call them"
    assert RULES.keys() - routes == set(), "rules for routes that no longer exist"


@pytest.fixture
def callers(anon_client, db):
    """Headers for each kind of caller; the revoked agent and the agent are enrolled through the API."""
    headers = {"nobody": {}}
    with db.session() as s:
        for role in ("viewer", "operator", "admin"):
            user = users.create_user(s, f"m-{role}", "matrix-password", role)
            headers[role] = {"Authorization": f"Bearer {credentials.create_api_token(s, user, 'm', None)[1]}"}
        row, token = credentials.create_api_token(s, user, "to revoke", None)
        credentials.revoke_api_token(s, user, row.id)
        headers["revoked token"] = {"Authorization": f"Bearer {token}"}
        headers["revoked token id"] = row.id  # the one token the matrix's DELETE may touch
    revoked, agent = SimAgent(anon_client, "m-revoked"), SimAgent(anon_client, "m-agent")
    r = anon_client.post(f"/api/agents/{revoked.id}/revoke", headers=headers["admin"])
    assert r.status_code == 200, r.text
    headers["revoked agent"], headers["agent"] = revoked.headers, agent.headers
    return headers


def test_the_access_matrix(anon_client, db, callers):
    run = make_run(db, calls=20)
    ids = {"run_id": run["run_id"], "job_id": 1, "token_id": callers["revoked token id"], "user_id": 1, "agent_id": 2 ** 31 - 1,
           "kind": "summary", "point_no": 0, "job": "no-such-print", "key": "0" * 32}
    wrong, checked = [], 0
    for (method, path), rule in sorted(RULES.items()):
        url = re.sub(r"\{(\w+)\}", lambda m: str(ids[m.group(1)]), path)
        for caller in CALLERS:
            r = anon_client.request(method, url, params=QUERIES.get(path, {}), headers=callers[caller],
                                    json={} if method in ("POST", "PATCH") else None)
            want = expected(rule, caller)
            ok = (r.status_code not in (401, 403) and r.status_code < 500) if want == "allowed" \
                else r.status_code == int(want)
            checked += 1
            if not ok:
                wrong.append(f"{method} {path} as {caller}: {r.status_code} (want {want}) {r.text[:120]}")
    assert not wrong, "\n".join(wrong)
    assert checked == len(RULES) * len(CALLERS)
    print(f"access matrix: {len(RULES)} routes x {len(CALLERS)} callers = {checked} requests")
