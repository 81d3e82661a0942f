"""Progress of the PDF reports being printed, so the UI can show where a print is instead of nothing for seconds.

The browser names its print with a token of its own (`?job=` on report.pdf) and polls GET /api/report-jobs/{job}
while the PDF request is under way. The progress is a row of `report_jobs` (models/shared_state.py): the replica
printing writes it and whichever replica a poll lands on reads it. A finished job is kept a few minutes for a last
poll, then forgotten."""

import logging
import re

from sqlalchemy import text

from perflab.core.db import Database

# the stages of a print, in order (pdf.render reports each); the UI shows the label and step / steps
STAGES: dict[str, str] = {
    "waiting": "waiting for a free printer (each backend process prints two reports at a time)",
    "loading": "loading the run's data into the report view",
    "printing": "laying out and printing the pages",
    "outline": "adding the bookmarks",
    "done": "done",
}
JOB_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
KEEP_S = 300  # a finished job answers polls this long
MAX_JOBS = 256  # the oldest are dropped beyond this: tokens come from browsers
log = logging.getLogger(__name__)


class ReportJobs:
    def __init__(self, db: Database) -> None:
        self.db = db

    def start(self, job_id: str | None) -> "Progress":
        """A print's row, from "waiting" (again, if a browser reuses its token); old and surplus rows go."""
        if job_id is None:
            return Progress(None, None)
        with self.db.session() as s:
            s.execute(text("DELETE FROM report_jobs WHERE finished_at < now() - make_interval(secs => :keep)"),
                      {"keep": KEEP_S})
            s.execute(text("DELETE FROM report_jobs WHERE id IN (SELECT id FROM report_jobs "
                           "ORDER BY started_at DESC OFFSET :room)"), {"room": MAX_JOBS - 1})
            s.execute(text("""INSERT INTO report_jobs (id, stage) VALUES (:id, 'waiting') ON CONFLICT (id) DO UPDATE
                              SET started_at = now(), stage = 'waiting', pages = NULL, error = NULL,
                                  finished_at = NULL"""), {"id": job_id})
        return Progress(self, job_id)

    def get(self, job_id: str) -> dict | None:
        with self.db.session() as s:
            row = s.execute(text("""SELECT stage, pages, error, finished_at IS NOT NULL,
                                           extract(epoch FROM coalesce(finished_at, clock_timestamp()) - started_at)
                                    FROM report_jobs WHERE id = :id"""), {"id": job_id}).one_or_none()
        if row is None:
            return None
        stage, pages, error, finished, elapsed = row
        names = list(STAGES)
        return {"id": job_id, "stage": stage, "label": error or STAGES[stage], "step": names.index(stage) + 1,
                "steps": len(names), "pages": pages, "elapsed_s": round(float(elapsed), 2), "error": error,
                "finished": finished}

    def _update(self, job_id: str, sets: str, **values) -> None:
        try:
            with self.db.session() as s:
                s.execute(text(f"UPDATE report_jobs SET {sets} WHERE id = :id"), {"id": job_id, **values})
        except Exception:  # noqa: BLE001 - a print goes on without its progress bar
            log.exception("report job %s: progress not stored", job_id)


class Progress:
    """What pdf.render reports a print's stages to; a no-op without a job id (API users, tests). Each report is
    one short write (a handful per print), made where render runs."""

    def __init__(self, jobs: ReportJobs | None, job_id: str | None) -> None:
        self._jobs, self._job_id = jobs, job_id

    def stage(self, stage: str, pages: int | None = None) -> None:
        if stage not in STAGES:
            raise ValueError(f"unknown report stage {stage!r}")
        if self._jobs and self._job_id:
            self._jobs._update(self._job_id, "stage = :stage, pages = coalesce(CAST(:pages AS integer), pages)",
                               stage=stage, pages=pages)

    def finish(self, error: str | None = None) -> None:
        if self._jobs and self._job_id:
            self._jobs._update(self._job_id, "finished_at = clock_timestamp(), error = CAST(:error AS text), stage = "
                                             "CASE WHEN CAST(:error AS text) IS NULL THEN 'done' ELSE stage END",
                               error=error)
