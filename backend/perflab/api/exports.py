"""Exports of finished runs: CSV tables, Chrome trace JSON, PDF reports (one run, or two compared)."""

from typing import Annotated, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, HTTPException, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from sqlalchemy.orm import Session

from perflab.api.access import VIEWER, ViewerDep
from perflab.api.closing_stream import ClosingStreamingResponse
from perflab.api.deps import PG_INT_MAX, DbDep, RunId, SessionDep
from perflab.api.file_responses import file_response
from perflab.core.db import Database
from perflab.core.text_limits import JOB_TOKEN_MAX
from perflab.models import Run, RunStatus
from perflab.services import credentials, runs as run_service
from perflab.services.credentials import Caller
from perflab.services.errors import NotFound
from perflab.services.exports import pdf, tail_tables, trace
from perflab.services.exports.csv_stream import stream_csv
from perflab.services.exports.registry import TableUnavailable, all_tables, get_table, table_names
from perflab.services.exports.report_data import available_tables, report_data
from perflab.services.exports.report_jobs import JOB_ID
from perflab.services.exports.table_rows import JSON_MAX_ROWS, TooManyRows, table_rows
from perflab.schemas.common import Choice
from perflab.schemas.lab_info import ExportTableInfo, ReportData, ReportJob, RunExport, TableJson, TraceSize

router = APIRouter(tags=["exports"], dependencies=VIEWER)
PAPER = Choice("paper", tuple(pdf.PAPERS))
TABLE = Choice("table", tuple(table_names()))
JOB_TEXT = dict(min_length=8, max_length=JOB_TOKEN_MAX, pattern=JOB_ID.pattern)
JOB = Annotated[str | None, Query(description="a token of the caller's: GET /api/report-jobs/{job} tells the print's "
                                            "stage while this request runs", **JOB_TEXT)]
RunIdQuery = Annotated[int, Query(ge=1, le=PG_INT_MAX, description=f"a run's id, 1-{PG_INT_MAX}")]
PRINT_TOKEN_MINUTES = 10  # longer than any print (pdf.READY_TIMEOUT_MS and the layout passes)


def finished_run(s: Session, run_id: int) -> Run:
    """The run, or 404 when there is none and 409 while it is still measuring."""
    try:
        run = run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    if not RunStatus(run.status).finished:
        raise HTTPException(409, f"run {run_id} is {run.status}: exports and reports are available once it has "
                                 "finished (done, failed or cancelled)")
    return run


def _attachment(filename: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store",
            "X-Accel-Buffering": "no"}




@router.get("/exports/tables", response_model=list[ExportTableInfo])
def read_export_tables() -> list[dict]:
    """The exportable tables, their columns in order, with units."""
    return [{"name": t.name, "description": t.description,
             "columns": [{"name": c.name, "unit": c.unit, "description": c.description} for c in t.columns]}
            for t in all_tables()]


@router.get("/runs/{run_id}/export.csv", response_class=ClosingStreamingResponse, status_code=200,
            responses=file_response("text/csv", "the table as CSV, one header line (docs/exports.md)"))
def export_csv(run_id: RunId, s: SessionDep, db: DbDep, table: TABLE) -> ClosingStreamingResponse:
    spec = get_table(table)
    run = finished_run(s, run_id)
    try:
        source = spec.prepare(s, run)
    except TableUnavailable as e:
        raise HTTPException(409, str(e)) from e
    return ClosingStreamingResponse(stream_csv(db, spec, source), media_type="text/csv; charset=utf-8",
                             headers=_attachment(f"perflab-run-{run_id}-{spec.name}.csv"))


@router.get("/runs/{run_id}/exports", response_model=list[RunExport])
def read_run_exports(run_id: RunId, s: SessionDep) -> list[dict]:
    """Which tables this run can export, and why not where it cannot."""
    return available_tables(s, finished_run(s, run_id))


@router.get("/runs/{run_id}/table.json", response_model=TableJson)
def read_table_json(run_id: RunId, s: SessionDep, table: TABLE) -> dict:
    """A small table as JSON (the report view's tables); large ones are refused: use export.csv."""
    spec = get_table(table)
    run = finished_run(s, run_id)
    try:
        rows = table_rows(s, spec.prepare(s, run), JSON_MAX_ROWS)
    except TableUnavailable as e:
        raise HTTPException(409, str(e)) from e
    except TooManyRows as e:
        raise HTTPException(400, f"table {spec.name} has more than {JSON_MAX_ROWS} rows for run {run_id}: "
                                 f"download it with export.csv?table={spec.name}") from e
    return {"name": spec.name, "columns": [{"name": c.name, "unit": c.unit, "description": c.description}
                                           for c in spec.columns], "rows": rows}


@router.get("/runs/{run_id}/trace.json", response_class=ClosingStreamingResponse, status_code=200,
            responses=file_response("application/json", "Chrome Trace Event Format (Perfetto, chrome://tracing)"))
def export_trace(run_id: RunId, s: SessionDep, db: DbDep,
                 compress: Literal["none", "gzip"] = Query("none", description="gzip: a .json.gz, about 8x smaller; "
                                                                              "Perfetto UI opens it as it is")
                 ) -> ClosingStreamingResponse:
    plan = trace.plan(s, finished_run(s, run_id))
    if compress == "gzip":
        return ClosingStreamingResponse(trace.gzipped(trace.stream_trace(db, plan)), media_type="application/gzip",
                                        headers=_attachment(f"perflab-run-{run_id}-trace.json.gz"))
    return ClosingStreamingResponse(trace.stream_trace(db, plan), media_type="application/json",
                             headers=_attachment(f"perflab-run-{run_id}-trace.json"))


@router.get("/runs/{run_id}/trace-size", response_model=TraceSize)
def read_trace_size(run_id: RunId, s: SessionDep) -> dict:
    """What trace.json will weigh, said before the download: its events and about how many bytes, plain and gzip."""
    return trace.size_estimate(s, finished_run(s, run_id))


@router.get("/runs/{run_id}/latency.hlog", response_class=Response, status_code=200,
            responses=file_response("text/plain", "each point's HDR histogram of its measured calls' latency (ns) as "
                                                  "an HdrHistogram log, tagged point=N (docs/exports.md)"))
def export_hlog(run_id: RunId, s: SessionDep) -> Response:
    try:
        text = tail_tables.hlog(s, finished_run(s, run_id))
    except TableUnavailable as e:
        raise HTTPException(409, str(e)) from e
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers=_attachment(f"perflab-run-{run_id}-latency.hlog"))


@router.get("/runs/{run_id}/report-data", response_model=ReportData)
def read_report_data(run_id: RunId, s: SessionDep) -> dict:
    """Agents in full, clock alignment, probe cost, anomaly notes and the tables that exist for the run."""
    return report_data(s, finished_run(s, run_id))


def _check_finished(db: Database, *run_ids: int) -> None:
    with db.session() as s:
        for run_id in run_ids:
            finished_run(s, run_id)


def _base_url(request: Request) -> str:
    """Where Chromium finds the UI: PERFLAB_REPORT_BASE_URL, else the socket this request came in on. Never the
    Host header: the caller writes it, and Chromium would carry the print's token to any address named there."""
    configured = request.app.state.settings.report_base_url
    if configured:
        return configured.rstrip("/")
    host, port = request.scope.get("server") or ("127.0.0.1", 8000)
    host = f"[{host}]" if ":" in host else host
    return f"{request.scope.get('scheme', 'http')}://{host}:{port}"


def _print_token(db: Database, user) -> tuple[int, str]:
    """Chromium reads the report view as the user who asked for it, with a token that lives for the print."""
    with db.session() as s:
        row, token = credentials.create_short_lived_token(s, user, "report print", minutes=PRINT_TOKEN_MINUTES)
        return row.id, token


def _drop_token(db: Database, token_id: int) -> None:
    with db.session() as s:
        credentials.delete_api_token(s, token_id)


async def _pdf(request: Request, caller: Caller, path: str, query: dict, paper: str, label: str, filename: str,
               job: str | None) -> Response:
    url = f"{_base_url(request)}{path}?{urlencode({**query, 'paper': paper})}"
    db = request.app.state.db
    token_id, token = await run_in_threadpool(_print_token, db, caller.user)
    try:
        progress = await run_in_threadpool(request.app.state.report_jobs.start, job)
        body = await pdf.render(url, paper, label, progress, {"Authorization": f"Bearer {token}"})
    except pdf.ReportError as e:
        raise HTTPException(502, str(e)) from e
    finally:
        await run_in_threadpool(_drop_token, db, token_id)
    return Response(body, media_type="application/pdf", headers=_attachment(filename))


@router.get("/runs/{run_id}/report.pdf", response_class=Response, status_code=200,
            responses=file_response("application/pdf", "the run's report"))
async def export_report(run_id: RunId, request: Request, db: DbDep, caller: ViewerDep, paper: PAPER = "a4",
                        job: JOB = None) -> Response:
    await run_in_threadpool(_check_finished, db, run_id)
    return await _pdf(request, caller, f"/runs/{run_id}/report", {}, paper, f"perflab · run #{run_id}",
                      f"perflab-run-{run_id}-report-{paper}.pdf", job)


@router.get("/compare/report.pdf", response_class=Response, status_code=200,
            responses=file_response("application/pdf", "the two runs' report"))
async def export_compare_report(request: Request, db: DbDep, caller: ViewerDep, a: RunIdQuery, b: RunIdQuery,
                                paper: PAPER = "a4", job: JOB = None) -> Response:
    await run_in_threadpool(_check_finished, db, a, b)
    return await _pdf(request, caller, "/compare/report", {"a": a, "b": b}, paper, f"perflab · run #{a} vs run #{b}",
                      f"perflab-compare-{a}-{b}-{paper}.pdf", job)


@router.get("/report-jobs/{job}", response_model=ReportJob)
def read_report_job(job: Annotated[str, Path(**JOB_TEXT)], request: Request) -> dict:
    """Where a PDF print named `job` (report.pdf?job=) is: stage, step of steps, seconds so far, pages once laid out."""
    found = request.app.state.report_jobs.get(job)
    if found is None:
        raise HTTPException(404, f"no report print {job!r} (not started yet, or finished over five minutes ago)")
    return found
