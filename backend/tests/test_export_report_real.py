"""The report of runs made by the real perflab-agent daemons: its cover reads each side's probe cost from the
jobs, the clock alignment from the `clock` analysis and the agents' clock exchange, and the link the run used;
an RPC run's report prints its analysis tables (needs the built UI, Chromium and poppler-utils)."""

import time

from test_agent_integration import finished, lab, wait  # noqa: F401 - the fixture is used by name
from test_export_pdf import JSON, contains, get_pdf, pdf_pages, pdf_text, squash


def AS_ADMIN(http) -> dict:  # the lab fixture's client calls as the admin
    return {"Authorization": http.headers["authorization"]}


def finished_and_analysed(http, body) -> dict:
    r = http.post("/api/runs", json=body)
    assert r.status_code == 201, r.text
    run = wait(lambda: finished(http, r.json()["id"]), 90, "run finished")
    assert run["status"] == "done", run
    wait(lambda: "clock" in http.get(f"/api/runs/{run['id']}/analyses").json().get("kinds", []), 60, "analyses")
    return run


def test_the_cover_reads_probe_cost_clock_and_link_from_what_the_run_stored(lab):  # noqa: F811
    http, ids, _ = lab
    run = finished_and_analysed(http, {"client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
                                       "transport": "tcp", "request_bytes": 64, "response_bytes": 64,
                                       "calls": 300, "warmup_calls": 5})
    data = http.get(f"/api/runs/{run['id']}/report-data").json()
    probe = http.get(f"/api/runs/{run['id']}/probe").json()
    assert data["probe"]["client"] == probe["client"] and data["probe"]["server"] == probe["server"]
    assert probe["client"]["probe_ns"] > 0 and probe["server"]["probe_ns"] > 0
    assert data["clock_exchange"] == http.get(f"/api/runs/{run['id']}/clock").json()
    assert data["clock_analysis"] == http.get(f"/api/runs/{run['id']}/analyses/clock").json()
    assert data["clock_analysis"]["same_clock"] is True
    assert data["link"] == run["link"] and data["link"]["profile"] == "loopback"

    text = squash(pdf_text(get_pdf(str(http.base_url).rstrip("/"), f"/api/runs/{run['id']}/report.pdf", AS_ADMIN(http))))
    for side in ("it-a", "it-b"):
        assert "per step probe (two clock reads and the record; one read" in text and f"measured by {side}" in text
    assert f"{data['clock_exchange']['rounds']} rounds: offset at the start" in text
    assert "Clock alignment (analysis) one clock (same host), not applied" in text
    assert "Profile loopback (the agents' own network, not shaped)" in text


def test_an_rpc_run_report_prints_its_analysis_tables(lab):  # noqa: F811
    http, ids, _ = lab
    run = finished_and_analysed(http, {"kind": "rpc", "client_agent_id": ids["it-a"],
                                       "server_agent_id": ids["it-b"], "procedure": "echo",
                                       "request_bytes": [100, 3000], "calls": 30, "warmup_calls": 2})
    started = time.monotonic()
    pdf = get_pdf(str(http.base_url).rstrip("/"), f"/api/runs/{run['id']}/report.pdf", AS_ADMIN(http))
    assert time.monotonic() - started < 60
    text = squash(pdf_text(pdf))
    # the round trip path of an RPC run: Table 2 per point, in the table export and in the report
    rtp = http.get(f"/api/runs/{run['id']}/table.json?table=rtp")
    assert rtp.status_code == 200, rtp.text
    assert len(rtp.json()["rows"]) == 2  # one row per point
    assert contains(text, "ROUND TRIP PATH")
    steps = http.get(f"/api/runs/{run['id']}/table.json?table=point_step_stats").json()
    assert {row[0] for row in steps["rows"]} == {0, 1}  # both points, every step of the RPC runtime
    at = [c["name"] for c in steps["columns"]].index("name")
    for name in ("c.sendmsg", "s.service", "s.idle"):
        assert name in {row[at] for row in steps["rows"]} and name in text, name
    assert contains(text, "A.1 Step statistics per point")
    # the run page's figures of an RPC run, drawn from its analyses (a size sweep's RTT vs size first): step
    # ladders and Figure 5, every point's Table 2 in the appendix
    # (4. RTT per call, 5. RTT histogram, 6. Tail, 7. Timeline between them)
    assert contains(text, "3. RTT vs size") and contains(text, "8. Steps") and contains(text, "9. Round trip path")
    assert "Table 2: calculated vs measured round trip" in text and "Measured RTT" in text
    assert "Transport UDP" in text and "Procedure echo" in text and "Packetisation: MTU 1,500 B" in text


def test_a_four_point_rpc_sweep_prints_a_short_report_that_answers_on_page_one(lab):  # noqa: F811
    """Issue 18 item 5, on real agents: at most 12 pages and 1.5 MB, no JSON on page 1, each point's answer there."""
    http, ids, _ = lab
    run = finished_and_analysed(http, {"kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
                                       "procedure": "sink", "request_bytes": [0, 1000, 4016, 8033], "calls": 30,
                                       "warmup_calls": 2})
    started = time.monotonic()
    pdf = get_pdf(str(http.base_url).rstrip("/"), f"/api/runs/{run['id']}/report.pdf", AS_ADMIN(http))
    seconds = time.monotonic() - started
    pages = pdf_pages(pdf)
    assert len(pages) <= 12 and len(pdf) <= 1.5 * 2**20 and seconds < 60, (len(pages), len(pdf), seconds)
    first = squash(pages[0])
    assert not JSON.search(first), first
    assert "across 4 points" in first and "95% CI of the mean" in first
    assert "Request sizes 0 B, 1,000 B, 4,016 B, 8,033 B" in first
