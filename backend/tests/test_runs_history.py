"""The runs history: filters, free text, date range, sorting, pagination, and 422s naming the parameter."""

from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import update

from perflab.models import Run

from agent_sim import SimAgent
from test_api_runs import launch


@pytest.fixture
def lab(client, db):
    a, b, c = SimAgent(client, "local-a"), SimAgent(client, "local-b"), SimAgent(client, "far-c")
    ids = {
        "small": launch(client, a, b, name="small sizes", tags=["dce", "fig3"], calls=10).json()["id"],
        "big": launch(client, a, b, name="Big Reply", tags=["ecs"], response_bytes=65536, calls=500).json()["id"],
        "far": launch(client, a, c, name="wan probe", tags=["wan_100%"], calls=200).json()["id"],
        "old": launch(client, c, b, name="last year", calls=50).json()["id"],
    }
    client.post(f"/api/runs/{ids['big']}/cancel")
    with db.session() as s:  # finished states (the reaper leaves those alone), creation times a day apart
        for key, status in (("small", "done"), ("far", "done"), ("old", "failed")):
            s.execute(update(Run).where(Run.id == ids[key]).values(status=status))
        base = datetime(2026, 11, 1, 12, tzinfo=timezone.utc)
        for i, key in enumerate(["small", "big", "far"]):
            s.execute(update(Run).where(Run.id == ids[key]).values(created_at=base + timedelta(days=i)))
        s.execute(update(Run).where(Run.id == ids["old"]).values(created_at=base - timedelta(days=365)))
    return ids, (a, b, c)


def names(client, query: str) -> list[str]:
    r = client.get(f"/api/runs?{query}")
    assert r.status_code == 200, r.text
    return [x["name"] for x in r.json()["items"]]


def test_filters_combine(client, lab):
    ids, (a, b, c) = lab
    assert names(client, "") == ["wan probe", "Big Reply", "small sizes", "last year"]
    assert names(client, "status=cancelled") == ["Big Reply"]
    assert names(client, "kind=pingpong&status=done&status=failed") == ["wan probe", "small sizes", "last year"]
    assert names(client, "kind=rpc") == []
    assert names(client, f"agent={c.id}") == ["wan probe", "last year"]  # as server or as client
    assert names(client, f"agent={a.id}&status=done") == ["wan probe", "small sizes"]


def test_free_text_matches_name_tags_and_id_case_insensitively(client, lab):
    ids, _ = lab
    assert names(client, "q=big") == ["Big Reply"]
    assert names(client, "q=FIG3") == ["small sizes"]
    assert names(client, "q=dce%20small") == ["small sizes"]  # every word must match
    assert names(client, "q=100%25") == ["wan probe"]  # % is literal, not a wildcard
    assert names(client, "q=_") == ["wan probe"]
    assert names(client, f"q=%23{ids['far']}") == ["wan probe"]


def test_date_range_is_inclusive_start_exclusive_end(client, lab):
    assert names(client, "created_from=2026-11-02&created_to=2026-11-03") == ["Big Reply"]
    assert names(client, "created_from=2026-11-01T12:00:00Z") == ["wan probe", "Big Reply", "small sizes"]
    assert names(client, "created_to=2026-01-01") == ["last year"]


def test_sorting_and_pagination(client, lab):
    assert names(client, "sort=name&order=asc") == ["Big Reply", "last year", "small sizes", "wan probe"]
    assert names(client, "sort=calls&order=desc") == ["Big Reply", "wan probe", "last year", "small sizes"]
    page = client.get("/api/runs?sort=name&order=asc&limit=2&offset=2").json()
    assert page["total"] == 4 and [x["name"] for x in page["items"]] == ["small sizes", "wan probe"]


@pytest.mark.parametrize("query, field, message", [
    ("status=finished", "status.0", "status must be one of queued, running, done, failed, cancelled (got 'finished')"),
    ("sort=colour", "sort", "sort must be one of created_at, id, name, status, kind, calls, finished_at (got 'colour')"),
    ("order=up", "order", "order must be one of asc, desc (got 'up')"),
    ("limit=0", "limit", "limit must be between 1 and 500 (got 0)"),
    ("limit=501", "limit", "limit must be between 1 and 500 (got 501)"),
    ("offset=-1", "offset", "offset must be between 0 and 2147483647 (got -1)"),
    ("created_from=yesterday", "created_from",
     "created_from must be an ISO-8601 date or date-time, e.g. 2026-11-21 or 2026-11-21T20:15:00Z (got 'yesterday')"),
    ("created_from=2026-11-02&created_to=2026-11-01", "created_to",
     "created_to must be after created_from (2026-11-02) (got 2026-11-01)"),
])
def test_bad_parameters_get_422_naming_them(client, query, field, message):
    r = client.get(f"/api/runs?{query}")
    assert r.status_code == 422
    [err] = r.json()["detail"]
    assert err["loc"] == ["query", *(int(p) if p.isdigit() else p for p in field.split("."))] and err["msg"] == message


def test_link_filter_takes_the_profile_each_run_recorded(client, db, lab):
    ids, _ = lab
    with db.session() as s:
        s.execute(update(Run).where(Run.id == ids["far"]).values(link={"profile": "wan", "rate_mbit": 100}))
        s.execute(update(Run).where(Run.id == ids["small"]).values(link={"profile": "lan-1g"}))
    assert names(client, "link=wan") == ["wan probe"]
    assert names(client, "link=wan&link=lan-1g") == ["wan probe", "small sizes"]
    assert names(client, "link=lte") == []


def test_headline_is_each_points_median_from_the_stored_summary(client, db, lab):
    """A one-point run's headline is its median; a sweep's, the range of its points' medians; a run with no
    summary stored yet has none (the list never reads the calls)."""
    from perflab.analysis.run_summary import summarise
    from perflab.models import Analysis

    ids, _ = lab
    # call 0 of each point is its cold first call, left out of the point's statistics
    one = summarise([0, 1, 2, 3], [900, 10, 20, 30], [0, 0, 0, 0])
    sweep = summarise(list(range(8)), [900, 100, 300, 200, 900, 4000, 5000, 6000], [0] * 8,
                      point_no=[0, 0, 0, 0, 1, 1, 1, 1])
    with db.session() as s:
        s.add(Analysis(run_id=ids["small"], kind="summary", batches_seen=1, result=one))
        s.add(Analysis(run_id=ids["far"], kind="summary", batches_seen=1, result=sweep))
    items = {x["name"]: x["headline"] for x in client.get("/api/runs").json()["items"]}
    assert items["small sizes"] == {"stat": "median", "low_ns": 20.0, "high_ns": 20.0, "points": 1}
    assert items["wan probe"] == {"stat": "median", "low_ns": 200.0, "high_ns": 5000.0, "points": 2}
    assert items["last year"] is None
