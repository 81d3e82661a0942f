"""Runs' environment, tags and notes (PATCH), series grouping, baselines, checks and trends through the API, on
the tests' PostgreSQL. Step statistics are stored as the analysis worker leaves them (kind step_stats), built
here from planted means so the expected verdict follows from the numbers."""

from sqlalchemy import text

from api_checks import field_error
from perflab.models import Agent, Analysis, Run
from perflab.services.analyses import FORMAT, INDEX


def launch(client, a, b, **over) -> dict:
    body = {"kind": "pingpong", "client_agent_id": a.id, "server_agent_id": b.id, "transport": "tcp",
            "request_bytes": 64, "response_bytes": 64, "calls": 100, **over}
    r = client.post("/api/runs", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def stats(mean: float) -> dict:
    half = mean * 0.002  # a tight interval: the series' spread decides
    return {"count": 1000, "mean_ns": mean, "median_ns": mean, "p99_ns": 1.5 * mean, "ci95_low_ns": mean - half,
            "ci95_high_ns": mean + half}


def finish(db, run_id: int, marshal_ns: float, send_ns: float = 9000.0) -> None:
    """The run done with its step statistics: RTT = the steps + 40 µs; its analyses index and summary stored as
    current, so the app's analysis worker leaves the planted numbers alone."""
    points = [{"point_no": 0, "rtt": stats(marshal_ns + send_ns + 40_000),
               "steps": [{"name": "c.marshal", "stats": stats(marshal_ns)}, {"name": "c.send", "stats": stats(send_ns)}]}]
    with db.session() as s:
        s.get(Run, run_id).status = "done"
        s.add(Analysis(run_id=run_id, kind="step_stats", batches_seen=0, result={"points": points}))
        s.add(Analysis(run_id=run_id, kind=INDEX, batches_seen=0, result={"format": FORMAT, "kinds": ["step_stats"]}))
        s.add(Analysis(run_id=run_id, kind="summary", batches_seen=0, result={}))


def test_identical_launches_share_a_series_a_tag_or_body_does_not(client, agents, db):
    a, b = agents
    one = launch(client, a, b, tags=["nightly"])
    two = launch(client, a, b, tags=["nightly"], warmup_calls=10, link_profile="loopback", name="other name")
    assert one["series_key"] and one["series_key"] == two["series_key"]  # defaults given or left out, name aside
    assert launch(client, a, b, tags=["nightly", "x"])["series_key"] != one["series_key"]
    assert launch(client, a, b, tags=["nightly"], request_bytes=65)["series_key"] != one["series_key"]
    assert launch(client, b, a, tags=["nightly"])["series_key"] == one["series_key"]  # agents' ids left out
    env = client.get(f"/api/runs/{one['id']}").json()["environment"]
    assert env["client"]["host"] == "testhost" and env["co_located"] is True and env["link_profile"] == "loopback"
    # another kernel on the client: another environment class, another series
    with db.session() as s:
        s.get(Agent, a.id).capabilities = {"environment": {"kernel": "6.9.0-test"}}
    other = launch(client, a, b, tags=["nightly"])
    assert other["series_key"] != one["series_key"]
    assert client.get(f"/api/runs/{other['id']}").json()["environment"]["client"]["kernel"] == "6.9.0-test"
    series = client.get("/api/series").json()
    assert {s["key"]: s["runs"] for s in series["items"]}[one["series_key"]] == 3


def test_patch_validates_and_edits_tags_and_notes(client, agents):
    a, b = agents
    run = launch(client, a, b, tags=["old"])
    url = f"/api/runs/{run['id']}"
    # a control character is refused at the API's boundary (api/text_inputs.py), naming the tag
    assert field_error(client.patch(url, json={"tags": ["ok", "bad\x07"]}), 1)["loc"] == ["body", "tags", 1]
    assert field_error(client.patch(url, json={"tags": ["ok", "two\nlines"]}), "tags")["msg"] == \
        "tags must not hold a tab or a line break (got U+000A)"
    assert field_error(client.patch(url, json={"notes": "x" * 10001}), "notes")
    assert field_error(client.patch(url, json={"notes": "a\x1bb"}), "notes")
    assert field_error(client.patch(url, json={"tags": ["y" * 65]}), 0)["msg"] == \
        "tags must be 1-64 characters (got 65)"
    assert field_error(client.patch(url, json={"tags": [" "]}), "tags")
    tagged = launch(client, a, b, tags=["nightly", "ci"])
    r = client.patch(url, json={"tags": ["ci", "nightly", "ci"], "notes": "kernel upgrade\nsee ticket 7"})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["tags"] == ["ci", "nightly"] and out["notes"].startswith("kernel upgrade")
    assert out["series_key"] == tagged["series_key"]  # same tags in another order: same series
    assert client.patch(url, json={"notes": "only notes"}).json()["tags"] == ["ci", "nightly"]
    found = client.get("/api/runs", params={"q": "only"}).json()["items"]
    assert [r["id"] for r in found] == [run["id"]]
    both = client.get("/api/runs", params=[("tag", "ci"), ("tag", "nightly")]).json()["items"]
    assert sorted(r["id"] for r in both) == sorted([run["id"], tagged["id"]])
    assert client.get("/api/runs", params={"tag": "nightl"}).json()["total"] == 0  # tags match exactly
    assert client.patch("/api/runs/99999", json={"notes": ""}).status_code == 404


def test_baseline_rules_check_and_trend(client, agents, db):
    a, b = agents
    runs = [launch(client, a, b, tags=["ci"]) for _ in range(6)]
    key = runs[0]["series_key"]
    assert client.put(f"/api/series/{key}/baseline", json={"run_id": runs[0]["id"]}).status_code == 409  # queued
    for r, marshal in zip(runs[:5], (4000, 4040, 3960, 4020, 3980)):  # a spread of about 1 %
        finish(db, r["id"], marshal)
    finish(db, runs[5]["id"], 4000 * 1.25)  # c.marshal 25 % slower
    stranger = launch(client, a, b, tags=["other"])
    finish(db, stranger["id"], 4000)
    assert client.put(f"/api/series/{key}/baseline", json={"run_id": stranger["id"]}).status_code == 409
    assert client.put(f"/api/series/{'0' * 32}/baseline", json={"run_id": runs[0]["id"]}).status_code == 404
    assert client.get(f"/api/runs/{runs[5]['id']}/check").status_code == 409  # no baseline yet
    r = client.put(f"/api/series/{key}/baseline", json={"run_id": runs[0]["id"]})
    assert r.status_code == 200 and r.json()["baseline_run_id"] == runs[0]["id"]
    assert [x["baseline"] for x in client.get(f"/api/series/{key}/runs").json()] == [True] + [False] * 5

    check = client.get(f"/api/runs/{runs[5]['id']}/check", params={"against": "baseline"}).json()
    assert check["verdict"] == "regression" and check["baseline_run_ids"] == [runs[0]["id"]]
    assert check["noise_source"] == "series" and check["environment_diff"] == []
    moved = [c for c in check["changes"] if c["significant"]]
    assert {c["step"] for c in moved} <= {"c.marshal", "rtt"} and "c.marshal" in {c["step"] for c in moved}
    marshal = next(c for c in moved if c["step"] == "c.marshal")
    assert abs(marshal["change_pct"] - 25) < 0.01 and marshal["direction"] == "slower"
    assert check["sentence"].startswith("c.marshal is 25 % slower")
    quiet = client.get(f"/api/runs/{runs[3]['id']}/check", params={"against": str(runs[0]["id"])}).json()
    assert quiet["verdict"] == "no_change", quiet
    assert field_error(client.get(f"/api/runs/{runs[5]['id']}/check", params={"against": "yesterday"}),
                       "against")
    # another environment shows in the check's diff
    with db.session() as s:
        s.execute(text("UPDATE runs SET environment = jsonb_set(environment, '{server,kernel}', '\"6.1\"') "
                       "WHERE id = :i"), {"i": stranger["id"]})
    diff = client.get(f"/api/runs/{stranger['id']}/check", params={"against": str(runs[0]["id"])}).json()
    assert diff["same_series"] is False
    assert {"field": "server.kernel", "a": None, "b": "6.1", "class_field": True} in diff["environment_diff"]

    trend = client.get(f"/api/series/{key}/trend").json()
    assert [r["run_id"] for r in trend["runs"]] == [r["id"] for r in runs]
    steps = trend["runs"][5]["points"][0]["steps"]
    assert next(s for s in steps if s["step"] == "c.marshal")["mean_ns"] == 5000
    assert trend["runs"][0]["points"][0]["rtt"]["p99_ns"] > 0
    assert client.get("/api/series/nothex/trend").status_code == 422


def test_a_baseline_range_and_a_repeated_launch_judged_as_one_group(client, agents, db):
    """A range's spread is the noise; a group of repeats is judged together: a shift one run cannot tell from the
    range's noise is a regression when four runs show it. The thresholds follow from the planted numbers: range
    spread sd 1.1 % of the log, t(5) Bonferroni over 3 metrics 3.5, one run 4.1 %, four runs 2.5 %; +3.75 % planted."""
    a, b = agents
    runs = []
    for _ in range(10):
        a.commands(), b.commands()  # heard from: ten launches on a busy machine outlast the tests' 3 s of silence
        runs.append(launch(client, a, b, tags=["range"]))
    key = runs[0]["series_key"]
    base = (4000, 4060, 3940, 4030, 3970, 4000)
    for r, marshal in zip(runs[:6], base):
        finish(db, r["id"], marshal)
    for r, marshal in zip(runs[6:], (4150, 4140, 4160, 4150)):  # +3.75 %
        finish(db, r["id"], marshal)
    put = client.put(f"/api/series/{key}/baseline", json={"run_id": runs[0]["id"], "through_run_id": runs[5]["id"]})
    assert put.status_code == 200, put.text
    assert put.json()["baseline_through_run_id"] == runs[5]["id"] and put.json()["baseline_runs"] == 6
    assert [x["baseline"] for x in client.get(f"/api/series/{key}/runs").json()] == [True] * 6 + [False] * 4
    one = client.get(f"/api/runs/{runs[6]['id']}/check").json()
    assert one["verdict"] == "no_change" and one["noise_runs"] == 6, one
    assert one["baseline_run_ids"] == [r["id"] for r in runs[:6]]
    repeats = ",".join(str(r["id"]) for r in runs[7:])
    group = client.get(f"/api/runs/{runs[6]['id']}/check", params={"repeats": repeats}).json()
    assert group["verdict"] == "regression" and group["run_ids"] == [r["id"] for r in runs[6:]], group
    assert "(4 runs against a baseline of 6 runs)" in group["sentence"]
    assert field_error(client.get(f"/api/runs/{runs[6]['id']}/check", params={"repeats": "7,x"}), "repeats")
    inside = client.get(f"/api/runs/{runs[6]['id']}/check", params={"repeats": str(runs[2]["id"])})
    assert "in the baseline" in field_error(inside, "against")["msg"]
    # a range must run forward, and every run of it be of the series
    assert field_error(client.put(f"/api/series/{key}/baseline",
                                  json={"run_id": runs[5]["id"], "through_run_id": runs[0]["id"]}), "through_run_id")
    a.commands(), b.commands()
    stranger = launch(client, a, b, tags=["elsewhere"])
    finish(db, stranger["id"], 4000)
    assert client.put(f"/api/series/{key}/baseline",
                      json={"run_id": runs[0]["id"], "through_run_id": stranger["id"]}).status_code == 409
    assert client.get(f"/api/runs/{runs[6]['id']}/check", params={"repeats": str(stranger["id"])}).status_code == 409
