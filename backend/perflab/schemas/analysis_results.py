"""The stored analyses as the API serves them, one model per kind (GET /api/runs/{id}/analyses/{kind}).

Every kind is either its result or `Unavailable` (what the run lacked, or the error of that analysis alone).
Models allow extra keys so a result is never cut short; test_api_contract.py checks that real results of every
kind validate and carry no key a model leaves out. Quantities are ns unless the name says otherwise."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from perflab.analysis.ecs_stats import Anova, Regression  # as analysis/ecs_stats.py computes them: one definition
from perflab.analysis.stats import Stats


class Part(BaseModel):
    model_config = ConfigDict(extra="allow")


class Unavailable(Part):
    available: Literal[False]
    reason: str | None = None  # what the run lacks for this kind
    error: str | None = None  # the analysis failed on this run's data (the other kinds are unaffected)


# step_stats: per point the RTT and every step's statistics, probe cost subtracted (analysis/step_stats.py)

class StepRow(Part):
    code: int
    name: str
    side: str
    paper: str  # the nearest step(s) of the 1995 DCE RPC paper
    runs_per_call: float
    stats: Stats  # a row is a step that ran in at least one of the calls described


class FirstCall(Part):
    call_no: int
    rtt_ns: int
    steps_ns: dict[str, int]  # step code -> its time in that call


class FirstCalls(Part):
    count: int
    rtt: Stats | None
    steps: list[StepRow]


class SlowStart(Part):
    count: int
    share: float
    rtt: Stats | None
    other_rtt: Stats | None


class StepStatsPoint(Part):
    point_no: int
    calls: int
    rtt: Stats | None
    first_call: FirstCall | None
    steps: list[StepRow]
    first_calls: FirstCalls | None = None
    slow_start: SlowStart | None = None


class StepStatsResult(Part):
    probe_cost_ns: dict[str, float | None]
    probe_cost_note: str
    points: list[StepStatsPoint]


# clock: the server's clock as a line of the client's (analysis/clock_align.py)

class ClockResult(Part):
    available: Literal[True]
    same_clock: bool
    source: Literal["calls", "steps"]
    offset_ns: float  # 0 with one clock
    drift_ppm: float
    ref_ns: float
    error_bound_ns: float
    residual_rms_ns: float
    min_delay_ns: float
    buckets: int
    dropped_buckets: int
    calls: int
    note: str
    fit_offset_ns: float  # what the fit found (with one clock: the method's own error)
    fit_drift_ppm: float


# rtp: the round-trip path (critical path) decomposition (analysis/rtp.py)

class RtpPart(Part):
    lane: str
    calls: int
    mean_ns: float
    between: str | None = None  # the stamps a transit's part runs between


class RtpSegment(Part):
    code: int | None
    kind: Literal["step", "transit", "gap"]
    name: str
    lanes: list[str]
    parts: list[RtpPart]
    mean_ns: float
    mean_start_ns: float
    mean_end_ns: float
    on_path_share: float
    mean_on_path_ns: float


class RtpMessage(Part):
    message: str
    from_lane: str
    to_lane: str
    from_ns: float
    to_ns: float
    queued_share: float
    mean_queued_ns: float


class RtpPoint(Part):
    point_no: int
    calls: int
    measured_rtt_ns: float
    calculated_rtt_ns: float
    untimed_on_path_ns: float
    percent_error: float | None
    incomplete_calls: int = 0
    untraced_calls: int = 0  # calls whose retransmissions follow no single path: left out of it (analysis/rtp.py)
    untraced_excess_ns: float = 0.0  # their mean RTT beyond the traced calls', over all complete calls
    segments: list[RtpSegment]
    messages: list[RtpMessage]


class RtpResult(Part):
    lanes: list[str]
    clock: str
    notes: list[str]
    unplaced_codes: list[int]
    points: list[RtpPoint]


# demands: each device's service demand per point, for the queueing model (analysis/demands.py)

class DemandSource(Part):
    segment: str
    part: str | None
    between: str | None
    mean_ns: float


class Demand(Part):
    device: str
    kind: Literal["queue", "delay"]
    total_ns: float
    phase2_ns: float
    note: str
    servers: int
    cv2: float | None
    sources: list[DemandSource]


class PointDemands(Part):
    point_no: int
    demands: list[Demand]
    notes: list[str]


class DemandsResult(Part):
    unit: Literal["ns"]
    points: list[PointDemands]


# unit_cost: each step's fixed cost plus cost per byte, and the RTT they predict (analysis/unit_cost.py)

class UnitCost(Part):
    name: str
    a_ns: float
    b_ns_per_byte: float
    r2: float | None
    sizes: int
    per_execution: bool


class UnitCostRow(Part):
    request_bytes: int
    predicted_ns: float
    measured_ns: float
    percent_error: float | None


class UnitCostResult(Part):
    available: Literal[True]
    unit: Literal["ns"]
    costs: list[UnitCost]
    rows: list[UnitCostRow]
    note: str


# ecs: throughput per point and the ECS paper's statistics (analysis/ecs_stats.py)

class Throughput(Part):
    point_no: int
    threads: int
    threads_seen: int
    think_ns: float
    label: str
    request_bytes: int
    calls: int
    elapsed_s: float
    calls_per_s: float
    mbit_per_s: float
    calls_per_s_per_thread: float


class RegressionGroup(Part):
    """One fit of RTT on size over the points sharing every other swept setting (analysis/ecs_stats.py)."""

    params: dict[str, Any]  # the swept settings the group holds fixed
    point_nos: list[int]
    sizes: int
    n: int
    fit: Regression | None
    reason: str | None  # why the group has no fit (one size only)


class EcsResult(Part):
    throughput: list[Throughput]
    anova: Anova | None
    regression: Regression | None  # only when the points differ in size alone, else per group below
    regression_groups: list[RegressionGroup] = []
    ratios: dict[str, Any] | None
    ratio_table: dict[str, Any] | None = None
    reason: str | None = None  # why the statistics are missing (e.g. one point: no ANOVA)


# model_vs_measured: MVA with two-phase service against the measured RTT, with anomaly flags
# (analysis/model_vs_measured.py)

class Growth(Part):
    """What grew most against the point's base point: the device, and the step (or a transit's part) within it."""

    device: str
    device_ms: float
    step: str | None
    part: str | None
    step_ms: float
    also: list[dict[str, Any]] = []  # the next steps that grew most, any device: device, step, part, step_ms


class ResponseBounds(Part):
    """What no closed system of the base point's demands can cross (analysis/bounds.py), in ms."""

    lower: float  # max(sum of on-path demands, N x the bottleneck's demand per server - Z)
    upper: float
    throughput_max: float  # calls per ms
    bottleneck: str
    balanced_lower: float | None  # balanced job bounds: product-form networks only (exact MVA's)
    balanced_upper: float | None


class SimulationBudget(Part):
    budget_s: float
    seconds: float
    calls_per_point: int
    calls_over_budget: int
    reduced_predictions: int  # predictions simulated with calls_over_budget calls: wider intervals
    widest_ci95_pct: float  # the widest simulation's 95% half width, % of its mean


class ModelRow(Part):
    point_no: int
    label: str
    threads: int
    think: float
    model: float  # ms, like every time of this kind
    measured: float
    measured_std: float | None  # None with one call
    percent_error: float
    cv: float | None
    anomaly: bool
    reasons: list[str]
    explanation: str
    measured_ci95: tuple[float, float] | None
    model_band: tuple[float, float] | None
    input_band: tuple[float, float] | None
    grew: Growth | None
    slow_start: dict[str, float] | None
    base_point_no: int  # the call kind's 1-thread point at this think time (else no-think) the model is built on
    base_loaded: bool
    model_exact: float
    model_mva: float
    model_sim: float | None = None  # the simulation of the base's measured service times (None: one caller)
    sim_ci95: float | None = None  # its 95% half width
    solver: Literal["exact", "residual", "simulation"] = "residual"  # the solver `model` is (runs before: residual)
    solver_reason: str = ""
    clamped: bool = False  # the solver's answer lay outside the bounds and was clamped into them
    bounds: ResponseBounds | None = None
    applies: bool = True  # False: never flagged, and not_applies_reason says why
    not_applies_reason: str | None = None
    cv2: dict[str, float | None]
    detectable_pct: float


class BasePoint(Part):
    label: str
    think_ms: float = 0.0  # the think time it is the base of (issue 30: one base per call kind and think time)
    point_no: int
    loaded: bool
    note: str


class ServerPool(Part):
    servers: int
    server_threads: int | None
    server_cpus: int | None
    why: str


class TableOfRows(Part):
    columns: list[str]
    rows: list[list[Any]]


class ModelVerdict(Part):
    """Whether the model applies to the run, from its own numbers (analysis/model_applies.run_verdict)."""
    level: Literal["applies", "doubtful", "not_judged"]
    text: str
    judged: int  # points that judge the model: where it applies, other than its own base points
    flagged: int
    within_tolerance: int
    mean_abs_error_pct: float | None
    base_cv: float | None  # the base points' widest spread without their slowest 5 %
    noise_floor_cv: float | None


class ModelResult(Part):
    available: Literal[True]
    unit: str
    applies: bool
    method: str
    simulated: bool
    rows: list[ModelRow]
    table: TableOfRows
    threshold_percent: float
    spread_factor: float
    spread_floor: float
    tolerance_pct: float
    flag_rule: str
    base_points: list[BasePoint]
    notes: list[str]
    solvers: dict[str, int] = {}  # points per solver
    points_not_applicable: int = 0
    verdict: ModelVerdict | None = None  # results stored before issue 37 have none
    # a calibration run's planted fault: kind, step, delay_us, every, points, flagged, named_step, missed_points,
    # smallest_detectable_delay_us (its power), false_flags (points without it flagged)
    injection: dict[str, Any] | None = None
    simulation: SimulationBudget | None = None
    think_distribution: Literal["exponential", "constant"] = "exponential"
    server_cpu_servers: ServerPool
    smallest_detectable_pct: float
    mean_percent_error: float
    max_abs_percent_error: float
    mean_abs_percent_error: float
    mva_mean_abs_percent_error: float
    exact_mean_abs_percent_error: float
    single_server_mean_abs_percent_error: float


# packets: the packet-count model at the run's sizes, and RTT against size (analysis/packet_model.py)

class PacketCount(Part):
    request_bytes: int
    rpc_packets: int
    network_packets: int
    data_per_network_packet: list[int]


class PacketJump(Part):
    request_bytes: int
    kind: str
    network_packets: int


class CallsMean(Part):
    count: int
    mean_ns: float | None
    median_ns: float | None


class RttAtSize(Part):
    point_no: int
    request_bytes: int
    label: str
    threads: int
    think_ns: float
    rpc_packets: int
    network_packets: int
    first_calls: CallsMean | None
    later_calls: CallsMean | None


class PacketsResult(Part):
    available: Literal[True]
    params: dict[str, int]
    source: dict[str, str]
    counts: list[PacketCount]
    jumps: list[PacketJump]
    rtt_vs_size: list[RttAtSize] = []


# tails: per point, percentiles with their intervals, the HDR histogram and its spectrum, and which segment of the
# round trip path makes the tail (analysis/tails.py)

class TailPercentile(Part):
    name: str  # p50 | p90 | p99 | p99.9 | p99.99 | max
    p: float
    value_ns: int | None  # the nearest-rank call's latency
    ci_low_ns: int | None  # 95 % distribution-free interval (order statistics); None with a reason
    ci_high_ns: int | None
    rests_on: int  # calls at or above value_ns
    reason: str | None


class SpectrumRow(Part):
    percentile: float
    value_ns: int
    total_count: int
    inverse_tail: float | None  # 1 / (1 - percentile); None on the last row (the maximum)


class TailSegment(Part):
    segment: str
    delta_ns: float  # mean over the tail calls less the mean over the median band
    share: float | None  # of the excess
    share_low: float | None  # 95 % bootstrap interval of the share
    share_high: float | None


class TailAttribution(Part):
    level: str
    p: float
    threshold_ns: float
    tail_calls: int
    band_calls: int
    median_ns: float
    tail_mean_ns: float
    excess_ns: float
    excess_low_ns: float
    excess_high_ns: float
    segments: list[TailSegment]
    call_nos: list[int]  # the slowest tail calls (at most 200), in call order
    call_nos_cut: bool
    sentence: str


class TailPoint(Part):
    point_no: int
    loop: Literal["closed", "open"]
    calls: int
    percentiles: list[TailPercentile]
    hdr: str  # HdrHistogram's compressed V2 encoding, base64
    hdr_clipped: int
    spectrum: list[SpectrumRow]
    attribution: list[TailAttribution]
    attribution_reason: str | None


class TailsResult(Part):
    available: Literal[True]
    unit: str
    loop: Literal["closed", "open"]
    points: list[TailPoint]


# load: an open-loop sweep's hockey stick, knee and open-network model (analysis/load_sweep.py)

class LoadPoint(Part):
    point_no: int
    offered_per_s: float
    achieved_per_s: float
    mean_ns: float  # of latency from the intended send
    p50_ns: float
    p99_ns: float
    p999_ns: float | None  # None when too few calls bound it


class LoadKnee(Part):
    found: bool
    below_per_s: float | None = None  # the last rate before the knee
    above_per_s: float | None = None  # the first beyond it
    reason: str | None = None
    sentence: str


class LoadCurvePoint(Part):
    offered_per_s: float
    mean_ns: float


class LoadAtPoint(Part):
    point_no: int
    offered_per_s: float
    model_mean_ns: float | None  # None: the model saturates before this rate
    error_pct: float | None


class LoadModel(Part):
    from_point: int  # whose demands built it (the least loaded)
    saturation_per_s: float | None
    callers: int
    rtt_cv2: float
    stations: list[dict[str, Any]]
    curve: list[LoadCurvePoint]
    at_points: list[LoadAtPoint]


class LoadSchedule(Part):
    point_no: int
    arrival: str
    offered_calls_s: float | None
    achieved_calls_s: float | None  # (calls - 1) / (last send - first send)
    calls: int
    threads: int
    thread_gap_ns: float | None  # each thread's mean gap between intended sends
    late_sends: int  # calls sent more than one gap after their intended time
    late_share: float
    max_lag_ns: int
    p99_lag_ns: int
    kept: bool | None
    why: str | None


class LoadResult(Part):
    available: Literal[True]
    loop: Literal["open"]
    points: list[LoadPoint]
    knee: LoadKnee
    model: LoadModel | None
    schedules: list[LoadSchedule]


RESULTS: dict[str, type[Part]] = {
    "step_stats": StepStatsResult, "clock": ClockResult, "rtp": RtpResult, "demands": DemandsResult,
    "unit_cost": UnitCostResult, "ecs": EcsResult, "model_vs_measured": ModelResult, "packets": PacketsResult,
    "tails": TailsResult, "load": LoadResult,
}
