"""How precisely an RPC run measured (docs/protocol.md "RPC runs", docs/analysis.md "Repeating a point until its
interval is tight, and the idle noise floor"): the rounds each point ran and the interval its mean reached, and
the idle null RPC the client made before the first point."""

from pydantic import BaseModel


class NoiseFloor(BaseModel):
    """The idle null RPC (procedure null, 0 bytes, one thread, no think time) between the run's two agents. The
    statistics are over its measured calls (not warm-up, not the first, no error); null with `error` when the probe
    could not measure."""

    procedure: str = "null"
    request_bytes: int = 0
    threads: int = 1
    protection: str = "none"  # the cheapest level the run's server accepted
    calls: int
    warmup_calls: int
    count: int  # measured calls
    errors: int = 0
    mean_ns: float | None = None
    median_ns: float | None = None
    p99_ns: float | None = None
    min_ns: float | None = None
    max_ns: float | None = None
    stddev_ns: float | None = None
    ci95_half_ns: float | None = None  # half-width of the mean's 95% interval (Student t / normal)
    cv: float | None = None  # stddev / mean
    error: str | None = None  # why there are no statistics; the run went on without them


class PointRounds(BaseModel):
    point_no: int
    rounds: int  # rounds the point ran (1..max_rounds)
    calls: int  # calls it made, warm-up and errors included
    measured: int  # calls its interval is over: not warm-up, not a thread's first call, no error
    mean_ns: float
    ci95_half_ns: float
    ci95_pct: float | None  # half-width in % of the mean; null under 2 measured calls
    met: bool | None  # the half-width within ci_target_pct; null when the run had no target


class RunPrecision(BaseModel):
    ci_target_pct: float  # 0 = no target
    max_rounds: int
    interval: str = "student-t"  # the agent's interval: Student t for up to 31 calls, normal 1.96 beyond
    noise_floor_calls: int  # asked for; 0 = no probe
    noise_floor: NoiseFloor | None  # null until the client reported it, or when off
    points: list[PointRounds]  # empty until the client is done
    points_meeting_target: int | None  # null without a target
    median_ci95_pct: float | None  # median over the points of ci95_pct: smaller effects are not seen
