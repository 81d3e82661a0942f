"""Series of comparable runs: each run's environment and series key stamped at launch, tags and notes edited,
the series listed with their baselines, and the data a check or a trend reads (analysis/regression.py).

A series key is the SHA-256 (first 32 hex digits) of: the run's kind, the digest of its launch body without the
agents, name, tags and planted fault (defaults filled in, so a value left out and the same value given are one
series), the environment class (analysis/environment.py) and the sorted set of tags."""

import hashlib
import json

from sqlalchemy import func, select, tuple_
from sqlalchemy.orm import Session

from perflab.analysis.environment import agent_fingerprint, environment_class, run_environment
from perflab.core.text_limits import NOTES_MAX, TAG_MAX, TAGS_MAX
from perflab.models import Agent, Analysis, Job, Run, RunStatus, SeriesBaseline
from perflab.models.base import utcnow
from perflab.services.errors import Conflict, FieldError, NotFound

# `inject` too: a planted fault stands for a change in the code under test, which keeps its series (the planted
# regressions of bench/regress_detect.py and the Trends page's e2e are checked against the unchanged runs)
LAUNCH_FIELDS_LEFT_OUT = {"client_agent_id", "server_agent_id", "name", "tags", "notes", "inject"}


def _sha(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def launch_digest(body) -> str:
    return _sha(body.model_dump(mode="json", exclude=LAUNCH_FIELDS_LEFT_OUT))


def series_key(kind: str, digest: str, environment: dict, tags: list[str]) -> str:
    return _sha({"kind": kind, "launch": digest, "class": environment_class(environment),
                 "tags": sorted(set(tags))})[:32]


def stamp_launch(s: Session, run: Run, body) -> None:
    """At launch: both agents' fingerprints as they stand now, and the run's series."""
    client, server = s.get(Agent, run.client_agent_id), s.get(Agent, run.server_agent_id)
    profile = (run.link or {}).get("profile") or getattr(body, "link_profile", None)
    run.environment = run_environment(agent_fingerprint(client.host, client.version, client.capabilities),
                                      agent_fingerprint(server.host, server.version, server.capabilities),
                                      profile, client.id == server.id or client.host == server.host)
    run.launch_digest = launch_digest(body)
    run.series_key = series_key(run.kind, run.launch_digest, run.environment, run.tags)


def environment_of(s: Session, run: Run) -> dict:
    """The stored environment with each agent's load at start, which its job result brought (ping-pong and RPC jobs)."""
    env = dict(run.environment or {})
    if not env:
        return env
    for job in s.scalars(select(Job).where(Job.run_id == run.id)):
        load = (job.result or {}).get("load_at_start")
        if load and isinstance(env.get(job.role), dict):
            env[job.role] = {**env[job.role], "load_at_start": load}
    return env


def _check_text(field: str, text: str, max_chars: int, *, newlines: bool) -> None:
    if len(text) > max_chars:
        raise FieldError(field, f"{field} must be at most {max_chars} characters (got {len(text)})")
    # other control characters never get here (api/text_inputs.py refuses them for every field)
    for ch in text:
        if ch in "\t\n\r" and not newlines:
            raise FieldError(field, f"{field} must not hold a tab or a line break (got U+{ord(ch):04X})")


def clean_tags(tags: list[str]) -> list[str]:
    if len(tags) > TAGS_MAX:
        raise FieldError("tags", f"tags must be at most {TAGS_MAX} (got {len(tags)})")
    out = []
    for t in tags:
        t = t.strip()
        if not t:
            raise FieldError("tags", "tags must not be empty")
        _check_text("tags", t, TAG_MAX, newlines=False)
        if t not in out:
            out.append(t)
    return out


def edit(s: Session, run: Run, tags: list[str] | None, notes: str | None) -> Run:
    """New tags move the run to the series of its new tags (same launch and environment)."""
    if notes is not None:
        _check_text("notes", notes, NOTES_MAX, newlines=True)
        run.notes = notes
    if tags is not None:
        run.tags = clean_tags(tags)
        if run.launch_digest is not None:
            run.series_key = series_key(run.kind, run.launch_digest, run.environment, run.tags)
    s.flush()
    return run


def _sizes(p: dict) -> str:
    """A ping-pong's "64/64 B"; an RPC run's request sizes over its points ("0, 4016 B"; its params have no top-level
    sizes, which made "?/? B"); "" when the kind has none."""
    if "request_bytes" in p:
        return f"{p['request_bytes']}/{p.get('response_bytes', '?')} B"
    sizes = sorted({q["request_bytes"] for q in p.get("points") or [] if isinstance(q, dict) and "request_bytes" in q})
    return f"{', '.join(map(str, sizes))} B" if sizes else ""


def label_of(run: Run) -> str:
    """A readable name: kind, transport, procedure and sizes, tags, the agents' hosts."""
    p, env = run.params or {}, run.environment or {}
    what = f"{run.kind} {p.get('transport', '')} {p.get('procedure', '')} {_sizes(p)}"
    hosts = f"{(env.get('client') or {}).get('host', '?')}→{(env.get('server') or {}).get('host', '?')}"
    tags = f" [{', '.join(sorted(run.tags))}]" if run.tags else ""
    link = f" over {env['link_profile']}" if env.get("link_profile") else ""
    return f"{' '.join(what.split())}{tags} {hosts}{link}"


def list_series(s: Session, limit: int, offset: int) -> tuple[list[dict], int]:
    grouped = (select(Run.series_key, func.count().label("runs"), func.max(Run.created_at).label("last_at"),
                      func.max(Run.id).label("last_id"))
               .where(Run.series_key.is_not(None)).group_by(Run.series_key))
    total = s.scalar(select(func.count()).select_from(grouped.subquery()))
    rows = s.execute(grouped.order_by(func.max(Run.created_at).desc()).limit(limit).offset(offset)).all()
    return [series_row(s, r.series_key, r.runs, s.get(Run, r.last_id)) for r in rows], int(total or 0)


def series_row(s: Session, key: str, runs: int, last: Run) -> dict:
    baseline = s.get(SeriesBaseline, key)
    return {"key": key, "label": label_of(last), "kind": last.kind, "tags": sorted(last.tags), "runs": runs,
            "last_run_id": last.id, "last_run_at": last.created_at,
            "baseline_run_id": baseline.run_id if baseline else None,
            "baseline_through_run_id": baseline.through_run_id if baseline else None,
            "baseline_runs": baseline_range_size(s, baseline) if baseline else 0,
            "baseline_set_at": baseline.set_at if baseline else None}


def _baseline_range_filter(s: Session, row: SeriesBaseline):
    """The WHERE of a baseline range's runs: the series' done runs from its run through its last (None: one run)."""
    first = s.get(Run, row.run_id)
    last = s.get(Run, row.through_run_id) if row.through_run_id else None
    if last is None:
        return None
    return (Run.series_key == row.series_key, Run.status == RunStatus.done.value,
            tuple_(Run.created_at, Run.id) >= tuple_(first.created_at, first.id),
            tuple_(Run.created_at, Run.id) <= tuple_(last.created_at, last.id))


def baseline_range(s: Session, row: SeriesBaseline) -> list[Run]:
    """The series' done runs from the baseline run through its range's last run (the one run without a range)."""
    where = _baseline_range_filter(s, row)
    if where is None:
        return [s.get(Run, row.run_id)]
    return list(s.scalars(select(Run).where(*where).order_by(Run.created_at, Run.id)))


def baseline_range_size(s: Session, row: SeriesBaseline) -> int:
    """How many runs baseline_range holds, counted in the database (the Series list asks it of every series)."""
    where = _baseline_range_filter(s, row)
    return 1 if where is None else int(s.scalar(select(func.count()).select_from(Run).where(*where)))


def get_series(s: Session, key: str) -> dict:
    n = s.scalar(select(func.count()).where(Run.series_key == key))
    if not n:
        raise NotFound(f"series {key} not found")
    last = s.scalars(select(Run).where(Run.series_key == key).order_by(Run.id.desc()).limit(1)).one()
    return series_row(s, key, n, last)


def series_runs(s: Session, key: str, limit: int = 500, offset: int = 0) -> list[Run]:
    get_series(s, key)
    return list(s.scalars(select(Run).where(Run.series_key == key).order_by(Run.created_at, Run.id)
                          .limit(limit).offset(offset)))


def set_baseline(s: Session, key: str, run_id: int, user_id: int | None, through_run_id: int | None = None) -> dict:
    get_series(s, key)
    runs = []
    for field, rid in (("run_id", run_id), ("through_run_id", through_run_id)):
        if rid is None:
            continue
        run = s.get(Run, rid)
        if run is None:
            raise NotFound(f"run {rid} not found")
        if run.series_key != key:
            raise Conflict(f"run {rid} is not a run of series {key}")
        if run.status != RunStatus.done.value:
            raise Conflict(f"run {rid} is {run.status}: a baseline must be a done run")
        runs.append(run)
    if len(runs) == 2 and (runs[1].created_at, runs[1].id) < (runs[0].created_at, runs[0].id):
        raise FieldError("through_run_id", f"through_run_id must be run {run_id} or a later run of the series "
                                           f"(run {through_run_id} ran before it)")
    row = s.get(SeriesBaseline, key) or SeriesBaseline(series_key=key)
    row.run_id, row.set_at, row.set_by_id = run_id, utcnow(), user_id
    row.through_run_id = through_run_id if through_run_id != run_id else None
    s.add(row)
    s.flush()
    return get_series(s, key)


def step_points(s: Session, run_id: int) -> list[dict] | None:
    """The run's stored step statistics' points (analysis kind step_stats), None before its analysis."""
    a = s.get(Analysis, (run_id, "step_stats"))
    return (a.result or {}).get("points") if a else None


def done_runs_before(s: Session, run: Run, limit: int = 20) -> list[Run]:
    """The series' done runs launched before `run`, oldest first: the noise of a check."""
    if run.series_key is None:
        return []
    rows = s.scalars(select(Run).where(Run.series_key == run.series_key, Run.status == RunStatus.done.value,
                                       Run.id != run.id, Run.created_at <= run.created_at)
                     .order_by(Run.created_at.desc(), Run.id.desc()).limit(limit)).all()
    return list(reversed(rows))
