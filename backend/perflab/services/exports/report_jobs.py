"""Progress of the PDF reports being printed, so the UI can show where a print is instead of nothing for seconds.

The browser names its print with a token of its own (`?job=` on report.pdf) and polls GET /api/report-jobs/{job}
while the PDF request is under way. The registry lives in the backend's process (one uvicorn process serves the
API); a finished job is kept a few minutes for a last poll, then forgotten."""

import re
import threading
import time
from dataclasses import dataclass, field

# the stages of a print, in order (pdf.render reports each); the UI shows the label and step / steps
STAGES: dict[str, str] = {
    "waiting": "waiting for a free printer (two reports print at a time)",
    "loading": "loading the run's data into the report view",
    "layout": "laying out the pages",
    "printing": "printing with the contents' page numbers",
    "outline": "adding the bookmarks",
    "done": "done",
}
JOB_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
KEEP_S = 300  # a finished job answers polls this long
MAX_JOBS = 256  # the oldest are dropped beyond this: tokens come from browsers


@dataclass
class ReportJob:
    id: str
    started: float = field(default_factory=time.monotonic)
    stage: str = "waiting"
    pages: int | None = None
    error: str | None = None
    finished: float | None = None

    def as_dict(self) -> dict:
        names = list(STAGES)
        end = self.finished if self.finished is not None else time.monotonic()
        return {"id": self.id, "stage": self.stage, "label": self.error or STAGES[self.stage],
                "step": names.index(self.stage) + 1, "steps": len(names), "pages": self.pages,
                "elapsed_s": round(end - self.started, 2), "error": self.error, "finished": self.finished is not None}


class ReportJobs:
    def __init__(self) -> None:
        self._jobs: dict[str, ReportJob] = {}
        self._lock = threading.Lock()

    def start(self, job_id: str | None) -> "Progress":
        if job_id is None:
            return Progress(None, None)
        with self._lock:
            self._prune()
            job = self._jobs[job_id] = ReportJob(job_id)
        return Progress(self, job)

    def get(self, job_id: str) -> dict | None:
        with self._lock:
            job = self._jobs.get(job_id)
            return job.as_dict() if job else None

    def _prune(self) -> None:
        now = time.monotonic()
        for key in [k for k, j in self._jobs.items() if j.finished is not None and now - j.finished > KEEP_S]:
            del self._jobs[key]
        while len(self._jobs) >= MAX_JOBS:
            del self._jobs[next(iter(self._jobs))]

    def _update(self, job: ReportJob, **changes) -> None:
        with self._lock:
            for k, v in changes.items():
                setattr(job, k, v)


class Progress:
    """What pdf.render reports a print's stages to; a no-op without a job id (API users, tests)."""

    def __init__(self, jobs: ReportJobs | None, job: ReportJob | None) -> None:
        self._jobs, self._job = jobs, job

    def stage(self, stage: str, pages: int | None = None) -> None:
        if stage not in STAGES:
            raise ValueError(f"unknown report stage {stage!r}")
        if self._jobs and self._job:
            self._jobs._update(self._job, stage=stage, **({"pages": pages} if pages is not None else {}))

    def finish(self, error: str | None = None) -> None:
        if self._jobs and self._job:
            changes = {"finished": time.monotonic(), "error": error}
            if error is None:
                changes["stage"] = "done"
            self._jobs._update(self._job, **changes)


jobs = ReportJobs()
