"""Property-based requests against the lab's own OpenAPI document (schemathesis' generators, driven by
Hypothesis): generated paths, queries and bodies of every operation, sent as the admin to a real server, never
get a server error. Bounded: a few examples per operation, a minute or two inside `make test` (issue 15)."""

import schemathesis
from hypothesis import HealthCheck, given, settings
from sqlalchemy import select

from perflab.models import ApiToken

EXAMPLES = 15  # per operation; schemathesis' default is 100
AGENT_ROUTES = ("/api/agents/heartbeat", "/api/agents/commands", "/api/agents/jobs/")  # 401: no agent token here


def test_no_generated_request_gets_a_server_error(live_server, admin_headers, db):
    with db.session() as s:  # the one token a generated DELETE must not revoke: the test's own
        own_token = s.scalar(select(ApiToken.id))
    schema = schemathesis.openapi.from_url(f"{live_server}/api/openapi.json", headers=admin_headers)  # users only
    errors, sent = [], 0
    operations = [result.ok() for result in schema.get_all_operations()]
    for operation in operations:
        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def send(case):
            nonlocal sent
            if case.path == "/api/agents/commands":
                case.query = {**(case.query or {}), "wait_s": 0}  # not a long-poll per example
            if (case.path_parameters or {}).get("token_id") == own_token:
                case.path_parameters["token_id"] = own_token + 1
            response = case.call(base_url=live_server, headers=admin_headers, timeout=60)
            sent += 1
            users_route = not case.path.startswith(AGENT_ROUTES) and case.path != "/api/auth/login"
            if response.status_code >= 500 or (users_route and response.status_code == 401):  # admin's token lost
                errors.append(f"{case.method} {case.formatted_path} {case.query} {case.body!r}: "
                              f"{response.status_code} {response.text[:200]}")
        send()
    print(f"{sent} generated requests over {len(operations)} operations, {len(errors)} server errors")
    assert len(operations) >= 50 and sent >= 5 * len(operations)
    assert not errors, "\n".join(errors[:20])
