"""One definition of "measured calls" (analysis/measured_calls.py): the summary, the analyses and the exports'
`points` table describe the same calls of a run with several caller threads and points, and those are the
calls the rule names, counted here independently from the flags as written."""

from sqlalchemy import select

from export_data import make_run
from perflab.models import Run
from perflab.services import analyses, results

THREADS, POINTS, CALLS, WARMUP = 3, 3, 90, 5


def expected_counts(data) -> dict[int, int]:
    """Per point: its calls less errors, warm-up, flagged first calls and its lowest-numbered non-error call."""
    out = {}
    for p in range(POINTS):
        calls = [i for i in range(CALLS) if data["point_no"][i] == p]
        ok = [i for i in calls if not data["flags"][i] & 4]
        cold = min(ok)
        out[p] = sum(1 for i in ok if not data["flags"][i] & (1 | 2) and i != cold)
    return out


def test_summary_analyses_and_points_table_count_the_same_calls(client, db):
    # calls 30-32 open point 1 (each thread's first) but fail: the point's cold call is then 33, which no flag
    # marks (the summary once counted it: it left out call 0 only); call 61, a thread's first of point 2, fails too
    data = make_run(db, calls=CALLS, warmup=WARMUP, threads=THREADS, errors=(30, 31, 32, 61, 70),
                    points=[{"request_bytes": b, "calls": 30} for b in (64, 512, 4096)])
    want = expected_counts(data)
    assert want == {0: 30 - WARMUP, 1: 30 - 3 - 1, 2: 30 - 2 - 2}  # the fixture is what the comment says
    with db.session() as s:
        run = s.scalar(select(Run).where(Run.id == data["run_id"]))
        summary = results.summary(s, run)
        step_stats = analyses.stored(s, run, "step_stats")
    by_point = {p["point_no"]: p["counts"]["measured"] for p in summary["points"]}
    assert by_point == want
    assert summary["rtt"]["count"] == sum(want.values())
    assert {p["point_no"]: p["calls"] for p in step_stats["points"]} == want
    table = client.get(f"/api/runs/{data['run_id']}/table.json", params={"table": "points"}).json()
    col = [c["name"] for c in table["columns"]].index("measured_calls")
    assert {row[0]: row[col] for row in table["rows"]} == want
