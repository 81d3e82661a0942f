"""Every route with an id in its path, read from the OpenAPI document: an id past PostgreSQL's integer range is
bad input (422 naming the parameter and its range), an id that names nothing is 404; never a server error."""

import pytest

from agent_sim import SimAgent

BIG = (2_147_483_648, 99_999_999_999)
FILL = {"kind": "rtp", "point_no": "0"}
QUERY = {"/api/runs/{run_id}/export.csv": "?table=calls", "/api/runs/{run_id}/table.json": "?table=points",
         "/api/runs/{run_id}/environment-diff": "?against=1"}


def id_routes(client) -> list[tuple[str, str, str]]:
    """(method, path template, id parameter) of every route that takes a run's or job's id."""
    out = []
    for path, ops in client.get("/api/openapi.json").json()["paths"].items():
        for method in ops:
            for name in ("run_id", "job_id", "agent_id", "user_id", "token_id"):
                if "{" + name + "}" in path:
                    out.append((method.upper(), path, name))
    return out


def fill(path: str, name: str, value) -> str:
    query = QUERY.get(path, "")
    path = path.replace("{" + name + "}", str(value))
    for key, v in FILL.items():
        path = path.replace("{" + key + "}", v)
    return path + query


def test_every_id_route_is_found_in_the_document(client):
    routes = id_routes(client)
    assert len(routes) >= 20  # runs, analyses, exports, timeline, live calls, agents' job routes …
    assert ("GET", "/api/runs/{run_id}/summary", "run_id") in routes


@pytest.mark.parametrize("value", BIG)
def test_an_id_past_the_integer_range_is_refused_by_name(client, value):
    agent = SimAgent(client, "ids")  # job routes answer an enrolled agent only
    for method, path, name in id_routes(client):
        agents_own = path.startswith("/api/agents/jobs/")  # the rest are called as the admin
        r = client.request(method, fill(path, name, value), headers=agent.headers if agents_own else None)
        assert r.status_code == 422, (method, path, r.status_code, r.text)
        detail = r.json()["detail"][0]
        assert detail["loc"] == ["path", name] and "2147483647" in detail["msg"], (path, detail)


def test_an_id_that_names_nothing_is_not_found(client):
    for method, path, name in id_routes(client):
        if method != "GET":
            continue  # the POSTs need a valid body first; their 404s are tested with the run lifecycle
        r = client.request(method, fill(path, name, 424242))
        assert r.status_code == 404, (path, r.status_code, r.text)
