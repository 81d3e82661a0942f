"""Tags and notes of a run, series of comparable runs, checks against a baseline and trends (services/series.py,
services/series_checks.py, docs/protocol.md "Series, baselines and checks")."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from perflab.schemas.common import Notes, Tags


class RunEdit(BaseModel):
    """PATCH /api/runs/{id}: what is left out stays; tags replace the run's tags (and may move it to another
    series). Each tag 1-64 characters, at most 20; notes at most 10,000; no control characters (notes may hold
    newlines and tabs)."""

    tags: Tags | None = None
    notes: Notes | None = None
    pinned: bool | None = None  # a pinned run is kept by retention whatever its age (services/run_storage.py)


class RunEdited(BaseModel):
    id: int
    tags: list[str]
    notes: str
    series_key: str | None


class SeriesOut(BaseModel):
    key: str
    label: str
    kind: str
    tags: list[str]
    runs: int
    last_run_id: int
    last_run_at: datetime
    baseline_run_id: int | None
    baseline_through_run_id: int | None  # the baseline range's last run (None: the one run)
    baseline_runs: int  # done runs in the baseline (0: none set)
    baseline_set_at: datetime | None


class SeriesPage(BaseModel):
    items: list[SeriesOut]
    total: int
    limit: int
    offset: int


class SeriesRun(BaseModel):
    id: int
    name: str
    status: str
    tags: list[str]
    notes: str
    created_at: datetime
    finished_at: datetime | None
    baseline: bool


class BaselineIn(BaseModel):
    """One run, or the series' done runs from run_id through through_run_id: their spread is then the noise every
    check is judged by (a range of 20 unchanged runs is what a nightly job wants)."""
    run_id: int = Field(ge=1, le=2**31 - 1)
    through_run_id: int | None = Field(None, ge=1, le=2**31 - 1)


class StepChange(BaseModel):
    point_no: int
    step: str  # "rtt" for the whole call, else the step's name
    baseline_ns: float
    value_ns: float
    change_pct: float
    ci_low_pct: float
    ci_high_pct: float
    noise_pct: float  # the decision threshold: the series' (or the two runs') noise
    significant: bool
    direction: Literal["slower", "faster", "same"]
    minor: bool  # under 1 % of its point's RTT in the baseline: significant only when it moves the call beyond the call's noise


class EnvironmentDifference(BaseModel):
    field: str  # e.g. "client.kernel"
    a: object | None  # the baseline's
    b: object | None  # the checked run's
    class_field: bool  # the runs are of different environment classes


class EnvironmentDiffOut(BaseModel):
    """GET /api/runs/{id}/environment-diff?against=OTHER: a is the other run's (the reference), b this run's."""
    run_id: int
    against_run_id: int
    recorded: bool  # both runs have an environment (runs launched before fingerprints have none)
    same_class: bool | None  # no difference in a field of the environment class (None: not recorded)
    differences: list[EnvironmentDifference]


class CheckOut(BaseModel):
    run_id: int
    run_ids: list[int]  # the group judged: the run and its repeats
    verdict: Literal["regression", "improvement", "no_change", "inconclusive"]
    baseline_run_ids: list[int]
    noise_source: Literal["series", "runs"]  # between-run spread of >= 3 runs, or the runs' own intervals
    noise_runs: int  # the runs whose spread is the noise (the baseline range, else the series' earlier runs)
    changes: list[StepChange]
    environment_diff: list[EnvironmentDifference]
    same_series: bool
    sentence: str


class MeanCi(BaseModel):
    mean_ns: float
    ci95_low_ns: float
    ci95_high_ns: float


class TrendRtt(MeanCi):
    median_ns: float
    p99_ns: float


class TrendStep(MeanCi):
    step: str


class TrendPoint(BaseModel):
    point_no: int
    rtt: TrendRtt | None
    steps: list[TrendStep]


class TrendRun(BaseModel):
    run_id: int
    created_at: datetime
    tags: list[str]
    points: list[TrendPoint]


class MovedStep(BaseModel):
    point_no: int
    step: str
    before_ns: float
    after_ns: float
    change_pct: float


class ChangePoint(BaseModel):
    index: int  # in runs: the first run of the new level
    run_id: int
    previous_run_id: int  # the two runs to compare
    steps: list[MovedStep]  # largest change first


class TrendOut(BaseModel):
    key: str
    runs: list[TrendRun]
    change_points: list[ChangePoint]
