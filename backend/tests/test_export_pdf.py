"""PDF reports printed by headless Chromium from the UI's report view (needs the built UI, /usr/bin/chromium and
poppler-utils): every section present, contents numbered with the pages the sections are on, vector charts,
A4 and Letter, a failed run's reason, the comparison report, and the 400/404/409 answers."""

import re
import subprocess

import httpx
import pytest
from sqlalchemy import update

from perflab.models import Run
from perflab.services.exports.pdf import Section, section_pages

from export_data import make_run
from test_export_csv import wait_for_summary

RUN_SECTIONS = ["RTT statistics", "RTT per call", "RTT histogram", "Timeline", "Steps", "Round trip path", "Statistics",
                "RTT vs size", "Throughput vs threads", "Model", "Step statistics", "Per-point aggregates",
                "Step statistics per point", "Round trip path: calculated vs measured",
                "Round trip path: segments", "Model vs measured", "Anomaly notes"]


def pdf_text(pdf: bytes, *args: str) -> str:
    return subprocess.run(["pdftotext", *args, "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def pdf_pages(pdf: bytes) -> list[str]:
    return pdf_text(pdf).split("\f")[:-1]


def pdfinfo(pdf: bytes) -> str:
    return subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def get_pdf(base: str, path: str) -> bytes:
    r = httpx.get(f"{base}{path}", timeout=120)
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


def test_a_run_report_has_every_section_numbered_in_its_contents(live_server, db):
    data = make_run(db, calls=3000, warmup=10, errors=(1500,))
    wait_for_summary(db, data["run_id"])  # the analyses' tables are printed once the reaper stored them
    pdf = get_pdf(live_server, f"/api/runs/{data['run_id']}/report.pdf")
    pages = pdf_pages(pdf)
    text = squash(" ".join(pages))
    assert "Pages: " in pdfinfo(pdf) and "(A4)" in pdfinfo(pdf)
    for must in ("PERFLAB REPORT", "Parameters", "Agents and machines", "Measurement quality", "CONTENTS",
                 "exp-client", "exp-server", "host-a", "kernel: 6.1.0-test", "0.1.0",
                 "37 ns per timestamp pair", "same host, one clock", "1 call (0.03 %) timed out or read short; it is left out",
                 "Clock alignment (analysis) one clock (same host), not applied", "no clock exchange reported",
                 "No link profile recorded", "calculated_rtt_ns", "model_rtt_ns", "64 B", "mean_on_path_ns"):
        assert contains(text, must), must
    n = len(pages)
    for i, page in enumerate(pages, 1):
        assert f"page {i} of {n}" in page  # the footer numbers every page
    # the contents page lists each section with the page its heading is printed on
    contents = squash(pages[1])
    for k, title in enumerate(RUN_SECTIONS, 1):
        heading = f"{k}. {title}"
        m = re.search(re.escape(heading) + r" (\d+)", contents, re.IGNORECASE)
        assert m, f"{heading!r} not in the contents: {contents}"
        page = int(m.group(1))
        assert page >= 3 and contains(pages[page - 1], heading), (heading, page)
    # where a title is not in the PDF's outline, the pages' text tells where it is
    found = section_pages(pdf, [Section("s", "1. RTT statistics"), Section("w", "Warm-up calls:")], after_page=2)
    assert found["s"] == found["w"] >= 3
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


def test_letter_paper_and_a_failed_run_that_says_why(live_server, db):
    reason = "client agent exp-client: peer unreachable: connect 127.0.0.1:40123: Connection refused"
    data = make_run(db, calls=200, status="failed", reason=reason)
    pdf = get_pdf(live_server, f"/api/runs/{data['run_id']}/report.pdf?paper=letter")
    assert "(letter)" in pdfinfo(pdf)
    text = squash(pdf_text(pdf))
    assert f"This run failed: {reason}" in text
    assert "200 of 200 calls" in text and contains(text, "1. RTT STATISTICS")


def test_the_comparison_report_puts_two_runs_side_by_side(live_server, db):
    a = make_run(db, calls=500, seed=1)
    b = make_run(db, calls=500, seed=2, status="cancelled", reason="cancelled by user")
    pdf = get_pdf(live_server, f"/api/compare/report.pdf?a={a['run_id']}&b={b['run_id']}")
    text = squash(pdf_text(pdf))
    assert f"Run #{a['run_id']} vs run #{b['run_id']}" in text
    for title in ("RTT statistics compared", "RTT histograms", "RTT per call", "Step means compared",
                  "Per-point aggregates", "Round trip path: calculated vs measured", "Model vs measured",
                  "RTT vs size, both runs", "Throughput vs threads, both runs", "Anomaly notes"):
        assert contains(text, title), title
    assert "cancelled: cancelled by user" in text
    # the per-point aggregates of both runs side by side; curves neither run has say why in one line
    assert re.search(r"Mean A\s+Mean B", text, re.IGNORECASE), text
    assert "Not drawn for this run: both runs need a size sweep" in text
    assert "Not drawn for this run: both runs need a thread sweep" in text


def test_reports_refuse_what_cannot_be_printed(client, db):
    data = make_run(db, calls=20)
    run_id = data["run_id"]
    r = client.get(f"/api/runs/{run_id}/report.pdf?paper=a3")
    assert r.status_code == 400 and r.json()["detail"] == "paper must be one of a4, letter (got 'a3')"
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
