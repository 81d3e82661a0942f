"""GET /api/runs/{id}/environment-diff?against=OTHER: the compare page's warning, from the same environment_diff
the check uses; which differences change the environment class; a viewer may ask; unknown runs are 404s."""

from sqlalchemy import text

from perflab.services import credentials, users


def launch(client, a, b) -> dict:
    body = {"kind": "pingpong", "client_agent_id": a.id, "server_agent_id": b.id, "transport": "tcp",
            "request_bytes": 64, "response_bytes": 64, "calls": 100}
    r = client.post("/api/runs", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def set_env(db, run_id: int, path: str, json_value: str) -> None:
    with db.session() as s:
        s.execute(text("UPDATE runs SET environment = jsonb_set(environment, CAST(:p AS text[]), CAST(:v AS jsonb)) "
                       "WHERE id = :i"), {"p": path, "v": json_value, "i": run_id})


def diff(client, run_id: int, against: int):
    return client.get(f"/api/runs/{run_id}/environment-diff", params={"against": against})


def test_same_environment_then_a_new_build_then_another_kernel(client, agents, db):
    a, b = agents
    one, two = launch(client, a, b), launch(client, a, b)
    same = diff(client, two["id"], one["id"]).json()
    assert same == {"run_id": two["id"], "against_run_id": one["id"], "recorded": True, "same_class": True,
                    "differences": []}

    # a new agent build: shown, but the runs stay in one environment class (a build is what a series catches)
    set_env(db, two["id"], "{client,agent_build,git_hash}", '"abc1234"')
    build = diff(client, two["id"], one["id"]).json()
    assert build["same_class"] is True
    assert build["differences"] == [{"field": "client.agent_build.git_hash", "a": None, "b": "abc1234",
                                     "class_field": False}]

    # another kernel on the server: another class; a is the reference run's value, b this run's
    set_env(db, one["id"], "{server,kernel}", '"6.1.0"')
    set_env(db, two["id"], "{server,kernel}", '"6.9.2"')
    kernel = diff(client, two["id"], one["id"]).json()
    assert kernel["same_class"] is False
    assert {"field": "server.kernel", "a": "6.1.0", "b": "6.9.2", "class_field": True} in kernel["differences"]
    # asked the other way round, the values swap sides
    back = diff(client, one["id"], two["id"]).json()
    assert {"field": "server.kernel", "a": "6.9.2", "b": "6.1.0", "class_field": True} in back["differences"]


def test_a_run_without_a_recorded_environment_says_so(client, agents, db):
    a, b = agents
    old, new = launch(client, a, b), launch(client, a, b)
    with db.session() as s:
        s.execute(text("UPDATE runs SET environment = '{}'::jsonb WHERE id = :i"), {"i": old["id"]})
    out = diff(client, new["id"], old["id"]).json()
    assert out["recorded"] is False and out["same_class"] is None and out["differences"] == []


def test_unknown_runs_and_bad_queries(client, agents):
    a, b = agents
    run = launch(client, a, b)
    assert diff(client, 999999, run["id"]).status_code == 404
    missing = diff(client, run["id"], 999999)
    assert missing.status_code == 404 and "999999" in missing.json()["detail"]
    assert client.get(f"/api/runs/{run['id']}/environment-diff").status_code == 422  # against is required
    assert client.get(f"/api/runs/{run['id']}/environment-diff", params={"against": "x"}).status_code == 422


def test_a_viewer_may_ask(client, anon_client, agents, db):
    a, b = agents
    one, two = launch(client, a, b), launch(client, a, b)
    with db.session() as s:
        viewer = users.create_user(s, "vera", "a long viewer password", "viewer")
        _, token = credentials.create_api_token(s, viewer, "tests", None)
    r = anon_client.get(f"/api/runs/{two['id']}/environment-diff", params={"against": one["id"]},
                        headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200 and r.json()["same_class"] is True
    assert anon_client.get(f"/api/runs/{two['id']}/environment-diff", params={"against": one["id"]}).status_code == 401


def test_series_labels_name_an_rpc_runs_procedure_and_sizes():
    """The Trends page's title: an RPC run's sizes are in its points (a label once said "rpc udp ?/? B")."""
    from perflab.models import Run
    from perflab.services.series import label_of
    env = {"client": {"host": "vm"}, "server": {"host": "vm"}, "link_profile": "loopback"}
    rpc = Run(kind="rpc", tags=["ci"], environment=env, params={
        "transport": "udp", "procedure": "null", "points": [{"point_no": 0, "request_bytes": 0},
                                                            {"point_no": 1, "request_bytes": 4016}]})
    assert label_of(rpc) == "rpc udp null 0, 4016 B [ci] vm→vm over loopback"
    ping = Run(kind="pingpong", tags=[], environment=env,
               params={"transport": "tcp", "request_bytes": 64, "response_bytes": 64})
    assert label_of(ping) == "pingpong tcp 64/64 B vm→vm over loopback"
