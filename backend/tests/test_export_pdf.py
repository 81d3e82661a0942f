"""PDF reports printed by headless Chromium from the UI's report view (needs the built UI, /usr/bin/chromium and
poppler-utils): every section present, contents linking each section and bookmarks at their pages, vector charts,
A4 and Letter, a failed run's reason, the comparison report, and the 400/404/409 answers."""

import io
import re
import subprocess
import threading
import time

import httpx
import pytest
from pypdf import PdfReader
from sqlalchemy import update

from perflab.models import Run
from perflab.services.exports.outline import destinations

from export_data import make_run
from test_export_csv import wait_for_summary

# a ping-pong sweeps nothing: its figures keep the run page's tab order
RUN_SECTIONS = ["1. Setup: agents, clocks and link", "2. RTT statistics", "3. RTT per call", "4. RTT histogram",
                "5. Tail: percentiles and the step that makes it", "6. Timeline", "7. Steps", "8. Round trip path",
                "9. Statistics", "10. RTT vs size", "11. Throughput vs threads", "12. Latency vs load", "13. Model",
                "Appendix A. Per-point detail", "A.1 Step statistics per point", "A.2 Round trip path per point",
                "A.3 Anomaly notes"]
JSON = re.compile(r'[{}]|"\w+"\s*:')  # a brace or a quoted key: a JSON dump


def pdf_text(pdf: bytes, *args: str) -> str:
    return subprocess.run(["pdftotext", *args, "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def pdf_pages(pdf: bytes) -> list[str]:
    return pdf_text(pdf).split("\f")[:-1]


def pdfinfo(pdf: bytes) -> str:
    return subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def get_pdf(base: str, path: str, headers: dict) -> bytes:
    r = httpx.get(f"{base}{path}", timeout=120, headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF-")
    return r.content


def squash(s: str) -> str:
    return re.sub(r"\s+", " ", s)


def contains(text: str, phrase: str) -> bool:
    """`phrase` in `text` whatever spaces the PDF's text layer put between or into its words: letter-spaced
    capitals come out of pdftotext as "PERFL AB" or "P E R F L A B" depending on the glyphs' advance widths."""
    letters = [re.escape(c) for c in phrase if not c.isspace()]
    return re.search(r"\s*".join(letters), text, re.IGNORECASE) is not None


def test_a_run_report_has_every_section_numbered_in_its_contents(live_server, admin_headers, db):
    data = make_run(db, calls=3000, warmup=10, errors=(1500,))
    wait_for_summary(db, data["run_id"])  # the analyses' tables are printed once the reaper stored them
    pdf = get_pdf(live_server, f"/api/runs/{data['run_id']}/report.pdf", admin_headers)
    pages = pdf_pages(pdf)
    text = squash(" ".join(pages))
    assert "Pages: " in pdfinfo(pdf) and "(A4)" in pdfinfo(pdf)
    for must in ("PERFLAB REPORT", "What was measured", "The answer", "Anomalies", "Parameters", "Agents and machines",
                 "Measurement quality", "CONTENTS", "exp-client", "exp-server", "host-a", "kernel: 6.1.0-test", "0.1.0",
                 "37 ns per timestamp pair", "same host, one clock",
                 "1 call (0.03 %) timed out or read short; it is left out",
                 "Clock alignment (analysis) one clock (same host), not applied", "no clock exchange reported",
                 "No link profile recorded", "Table 2: calculated vs measured round trip", "Calculated RTT", "64 B"):
        assert contains(text, must), must
    # page 1 answers: the run, what was measured, its mean RTT with the 95% CI, the error note; never JSON
    first = squash(pages[0])
    assert "export test" in first and "exp-client (client) → exp-server (server)" in first
    assert ("TCP ping-pongs from exp-client to exp-server: 64 B request, 64 B response, 2,990 calls after 10 warm-up."
            in first)
    assert re.search(r"Mean RTT [\d.]+ µs \(95% CI [\d.]+ µs – [\d.]+ µs\), median", first), first
    assert "1 call (0.03 %) timed out" in first and not JSON.search(first), first
    n = len(pages)
    for i, page in enumerate(pages, 1):
        assert f"page {i} of {n}" in page  # the footer numbers every page
    # the contents page lists each section as a link to the page its heading is printed on (no page numbers: one
    # print), and so does each bookmark
    contents = squash(pages[1])
    reader = PdfReader(io.BytesIO(pdf))
    dests = destinations(reader)
    links = [a.get_object() for a in reader.pages[1].get("/Annots", [])]
    targets = [str(a["/Dest"]).lstrip("/") for a in links if "/Dest" in a]
    assert len(targets) == len(RUN_SECTIONS), links
    for heading, target in zip(RUN_SECTIONS, targets):
        assert contains(contents, heading), f"{heading!r} not in the contents: {contents}"
        page = dests[target][0]
        assert page >= 1 and contains(pages[page], heading), (heading, target, page)
    # the bookmarks: the summary, the contents, each section, the appendix's parts under it
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    parts = [t for t in RUN_SECTIONS if t.startswith("A.")]  # the appendix's, nested under it
    assert titles == ["Summary", "Contents", *RUN_SECTIONS[:-len(parts)]], titles
    assert [o.title for o in reader.outline[-1]] == parts
    assert reader.metadata.title == f"perflab report · run #{data['run_id']} · export test"
    # printed at full size: Chromium shrinks every page when anything is wider than the paper, and the cover's
    # 12 px headings (9 pt) would come out below 7 pt
    box = re.search(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Parameters</word>',
                    pdf_text(pdf, "-bbox", "-f", "1", "-l", "1"))
    assert box and float(box.group(2)) - float(box.group(1)) > 8.5, box and box.groups()
    # the text is set in the fonts the UI ships (frontend/src/main.tsx), not in whatever this machine has
    fonts = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    assert "Inter" in fonts and "JetBrainsMono" in fonts.replace(" ", ""), fonts
    # the figures are vectors: no raster image anywhere in the file
    images = subprocess.run(["pdfimages", "-list", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    assert len(images.strip().splitlines()) == 2, images  # the two header lines only


def test_letter_paper_and_a_failed_run_that_says_why(live_server, admin_headers, db):
    reason = "client agent exp-client: peer unreachable: connect 127.0.0.1:40123: Connection refused"
    data = make_run(db, calls=200, status="failed", reason=reason)
    pdf = get_pdf(live_server, f"/api/runs/{data['run_id']}/report.pdf?paper=letter", admin_headers)
    assert "(letter)" in pdfinfo(pdf)
    text = squash(pdf_text(pdf))
    assert f"This run failed: {reason}" in text
    assert "200 of 200 calls" in text and contains(text, "2. RTT statistics")


def test_the_comparison_report_puts_two_runs_side_by_side(live_server, admin_headers, db):
    a = make_run(db, calls=500, seed=1)
    b = make_run(db, calls=500, seed=2, status="cancelled", reason="cancelled by user")
    pdf = get_pdf(live_server, f"/api/compare/report.pdf?a={a['run_id']}&b={b['run_id']}", admin_headers)
    text = squash(pdf_text(pdf))
    assert f"Run #{a['run_id']} vs run #{b['run_id']}" in text
    for title in ("RTT statistics compared", "RTT histograms", "RTT per call", "Step means compared",
                  "Per-point aggregates", "Round trip path: calculated vs measured", "Model vs measured",
                  "RTT vs size, both runs", "Throughput vs threads, both runs", "Anomaly notes"):
        assert contains(text, title), title
    assert "cancelled: cancelled by user" in text
    # the per-point aggregates of both runs side by side; curves neither run has say why in one line
    assert re.search(r"Mean A\s+Mean B", text, re.IGNORECASE), text
    # and the analyses' tables: the round trip path and the model, each value as run A | run B
    for header in ("Calculated", "Model"):
        assert re.search(header + r" A\s+" + header + r" B", text, re.IGNORECASE), (header, text)
    assert "Not drawn for this run: both runs need a size sweep" in text
    assert "Not drawn for this run: both runs need a thread sweep" in text


def test_reports_refuse_what_cannot_be_printed(client, db):
    data = make_run(db, calls=20)
    run_id = data["run_id"]
    r = client.get(f"/api/runs/{run_id}/report.pdf?paper=a3")
    assert r.status_code == 422 and r.json()["detail"][0]["msg"] == "paper must be one of a4, letter (got 'a3')"
    assert client.get("/api/runs/4242/report.pdf").status_code == 404
    r = client.get(f"/api/compare/report.pdf?a={run_id}&b=4242")
    assert r.status_code == 404 and r.json()["detail"] == "run 4242 not found"
    with db.session() as s:
        s.execute(update(Run).where(Run.id == run_id).values(status="queued"))
    r = client.get(f"/api/runs/{run_id}/report.pdf")
    assert r.status_code == 409 and "is queued" in r.json()["detail"]
    assert client.get(f"/api/runs/{run_id}/report-data").status_code == 409


@pytest.mark.parametrize("table,status", [("points", 200), ("calls", 400), ("packets", 409)])
def test_small_tables_as_json_for_the_report_view(client, db, table, status):
    data = make_run(db, calls=1500)
    r = client.get(f"/api/runs/{data['run_id']}/table.json?table={table}")
    assert r.status_code == status, r.text
    if status == 200:
        body = r.json()
        names = [c["name"] for c in body["columns"]]
        assert names[:2] == ["point_no", "transport"]
        row = dict(zip(names, body["rows"][0]))
        assert row["calls"] == 1500 and isinstance(row["rtt_mean_ns"], float) and row["threads"] == 1
    elif status == 400:
        assert "more than 1000 rows" in r.json()["detail"] and "export.csv?table=calls" in r.json()["detail"]


FOUR_POINTS = [{"point_no": i, "request_bytes": b, "threads": 1, "think_time_us": 0, "protection": "none",
                "cache": "per-thread"} for i, b in enumerate([0, 1000, 4016, 8033])]


def test_a_four_point_sweep_reads_on_one_page_and_prints_in_a_few(live_server, admin_headers, db):
    """Issue 18 item 5: a 4-point run's PDF is at most 12 pages and 1.5 MB, its first page has no JSON."""
    params = {"transport": "udp", "procedure": "sink", "work_us": 0, "calls": 500, "warmup_calls": 0, "seed": 1,
              "server_threads": 4, "packetisation": {"mtu": 1500, "packet_data": 4016, "header_bytes": 80},
              "small_packet_data": 944, "window_initial": 4096, "window_max": 32768, "rto_ms": 100, "link_mbps": 0,
              "link_delay_us": 0, "timeout_s": 60, "points": FOUR_POINTS}
    data = make_run(db, calls=2000, kind="rpc", params=params, points=FOUR_POINTS)
    wait_for_summary(db, data["run_id"])
    started = time.monotonic()
    pdf = get_pdf(live_server, f"/api/runs/{data['run_id']}/report.pdf", admin_headers)
    seconds = time.monotonic() - started
    pages = pdf_pages(pdf)
    assert len(pages) <= 12 and len(pdf) <= 1.5 * 2**20, (len(pages), len(pdf), seconds)
    first = squash(pages[0])
    assert not JSON.search(first), first
    assert "Parameters" in first and "Request sizes 0 B, 1,000 B, 4,016 B, 8,033 B" in first
    assert "RPC calls of the sink procedure over UDP" in first
    # the answer: each point by what varies, its calls, mean and 95% CI
    assert re.search(r"Mean RTT from [\d.]+ µs \([\d,]+ B\) to [\d.]+ µs \([\d,]+ B\) across 4 points", first), first
    for label in ("0 B", "1,000 B", "4,016 B", "8,033 B"):
        # each point's first call is reported apart: 499 measured calls of 500
        row = re.escape(label).replace(r"\ ", r"\s*") + r" 499 [\d.]+ µs [\d.]+ µs – [\d.]+ µs"
        assert re.search(row, first), (label, first)
    # the sweep's own figure comes first; every point's steps in the appendix
    text = squash(" ".join(pages))
    assert contains(text, "3. RTT vs size") and contains(text, "A.1 Step statistics per point")


def test_a_print_tells_its_stages_while_it_runs(live_server, admin_headers, db):
    data = make_run(db, calls=300)
    wait_for_summary(db, data["run_id"])
    job = "test-job-0001"
    answer: dict = {}
    fetch = threading.Thread(target=lambda: answer.update(
        r=httpx.get(f"{live_server}/api/runs/{data['run_id']}/report.pdf?job={job}", timeout=120, headers=admin_headers)))
    fetch.start()
    stages = []
    while fetch.is_alive():
        r = httpx.get(f"{live_server}/api/report-jobs/{job}", headers=admin_headers)
        if r.status_code == 200 and (not stages or stages[-1] != r.json()["stage"]):
            stages.append(r.json()["stage"])
        time.sleep(0.05)
    fetch.join()
    assert answer["r"].status_code == 200
    final = httpx.get(f"{live_server}/api/report-jobs/{job}", headers=admin_headers).json()
    assert final["stage"] == "done" and final["finished"] and final["pages"] >= 3 and final["elapsed_s"] > 0, final
    assert final["step"] == final["steps"] == 5
    order = ["waiting", "loading", "printing", "outline", "done"]
    assert stages == sorted(stages, key=order.index) and {"loading", "printing"} <= set(stages), stages
    assert httpx.get(f"{live_server}/api/report-jobs/nope", headers=admin_headers).status_code == 422
    assert httpx.get(f"{live_server}/api/report-jobs/never-started", headers=admin_headers).status_code == 404
    assert httpx.get(f"{live_server}/api/runs/{data['run_id']}/report.pdf?job=a b", headers=admin_headers).status_code == 422
