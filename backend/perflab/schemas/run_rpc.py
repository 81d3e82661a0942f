"""Launching an RPC run (kind "rpc"): the runtime's parameters and the sweep lists whose cartesian product
becomes the run's points. Every message names the field and the allowed range (docs/protocol.md "RPC runs")."""

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_serializer
from pydantic_core import PydanticCustomError

from perflab.schemas.arrivals import Arrival, RateSweep
from perflab.schemas.common import AgentIdIn, ProfileName, RangedInt, RunName, Tags

MAX_RPC_BYTES = 1 << 20
MAX_THREADS = 64
MAX_THINK_US = 10_000_000
MAX_POINTS = 256
MAX_RPC_CALLS_TOTAL = 1_000_000  # threads x (warmup_calls + calls x max_rounds), summed over the points (rpc_plan.h)
MAX_ROUNDS = 20
CI_TARGET_MIN, CI_TARGET_MAX = 0.5, 50.0  # % of the mean; 0 = no target
MAX_NOISE_FLOOR_CALLS = 10_000
PROTECTIONS = ("none", "connect", "pkt", "integrity", "privacy")
CACHES = ("per-thread", "single")
PROCEDURES = ("null", "sink", "echo", "work")


def _as_list(value: Any) -> Any:
    """A sweep field takes one value or a list of them."""
    return value if isinstance(value, list) else [value]


def _int_sweep(field: str, lo: int, hi: int, unit: str = ""):
    suffix = f" {unit}" if unit else ""

    def check(values: list[int]) -> list[int]:
        if not 1 <= len(values) <= 64:
            raise PydanticCustomError("sweep_length", "{field} must have between 1 and 64 values (got {n})",
                                      {"field": field, "n": len(values)})
        for i, v in enumerate(values):
            if not lo <= v <= hi:
                raise PydanticCustomError(
                    "out_of_range", "{field}[{i}] must be between {lo} and {hi}{suffix} (got {value})",
                    {"field": field, "i": i, "lo": lo, "hi": hi, "suffix": suffix, "value": v})
        return values

    items = {"type": "integer", "minimum": lo, "maximum": hi} | ({"x-unit": unit} if unit else {})
    schema = {"items": items, "minItems": 1, "maxItems": 64}
    return Annotated[list[int], Field(json_schema_extra=schema), BeforeValidator(_as_list), AfterValidator(check)]


def _check_ci_target(value: float) -> float:
    if value != 0 and not CI_TARGET_MIN <= value <= CI_TARGET_MAX:
        raise PydanticCustomError(
            "out_of_range", "ci_target_pct must be 0 (no target) or between {lo} and {hi} % (got {value})",
            {"lo": f"{CI_TARGET_MIN:g}", "hi": f"{CI_TARGET_MAX:g}", "value": f"{value:g}"})
    return value


CI_TARGET_SCHEMA = {"minimum": 0, "maximum": CI_TARGET_MAX, "x-unit": "%", "x-least-target": CI_TARGET_MIN,
                    "description": f"0 (no target) or {CI_TARGET_MIN:g}-{CI_TARGET_MAX:g} % of the mean"}


def _name_sweep(field: str, allowed: tuple[str, ...]):
    def check(values: list[str]) -> list[str]:
        if not 1 <= len(values) <= len(allowed):
            raise PydanticCustomError("sweep_length", "{field} must have between 1 and {n} values",
                                      {"field": field, "n": len(allowed)})
        for i, v in enumerate(values):
            if v not in allowed:
                raise PydanticCustomError("not_allowed", "{field}[{i}] must be one of {allowed} (got {value})",
                                          {"field": field, "i": i, "allowed": ", ".join(allowed), "value": repr(v)})
        return values

    schema = {"items": {"type": "string", "enum": list(allowed)}, "minItems": 1, "maxItems": len(allowed)}
    return Annotated[list[str], Field(json_schema_extra=schema), BeforeValidator(_as_list), AfterValidator(check)]


def _rpc_step_names(side: str) -> tuple[str, ...]:
    from perflab.analysis.steps_generated import STEP_ROWS  # the agent's registry (agents/steps.toml)
    return tuple(r["name"] for r in STEP_ROWS if r["group"] == "rpc" and r["side"] == side)


INJECT_CLIENT_STEPS, INJECT_SERVER_STEPS = _rpc_step_names("client"), _rpc_step_names("server")
INJECT_STEPS = INJECT_CLIENT_STEPS + INJECT_SERVER_STEPS
# serial: the steps a call runs while it holds the server (agents/src/rpc/rpc_inject.h)
INJECT_SERIAL_STEPS = INJECT_SERVER_STEPS[INJECT_SERVER_STEPS.index("s.dispatch"):
                                          INJECT_SERVER_STEPS.index("s.reply_wait") + 1]


class InjectIn(BaseModel):
    """A fault the agents plant on purpose (issue 30, item 5: calibration): at every point with more than one
    caller (the 1-thread points are the model's bases, measured healthy). delay: the named step spins delay_us
    more on every `every`-th call; lock: every caller (or executor) holds one lock across the named step, and
    spins delay_us inside it on every `every`-th call; serial: the server serves one call at a time (the named
    server step spins delay_us on every `every`-th call). `at` every puts it at every point, the bases too.
    docs/protocol.md "RPC runs"."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["delay", "lock", "serial"]
    step: Literal[INJECT_STEPS]  # type: ignore[valid-type]
    delay_us: RangedInt("inject.delay_us", 0, 1_000_000, "µs") = 200
    every: RangedInt("inject.every", 1, 1_000_000) = 1
    # loaded: the points with more than one caller (the model's 1-thread bases stay healthy); every: all points,
    # e.g. a stall met by one open-loop caller (bench/open_loop_tails.py), where no model is judged
    at: Literal["loaded", "every"] = "loaded"


class RpcRunCreate(BaseModel):
    # limits across fields, stated in the schema where clients read them (x-limits; kinds/rpc.py checks)
    model_config = ConfigDict(json_schema_extra={"x-limits": {"max_points": MAX_POINTS,
                                                              "max_calls_total": MAX_RPC_CALLS_TOTAL}})

    kind: Literal["rpc"]
    client_agent_id: AgentIdIn
    server_agent_id: AgentIdIn
    transport: Literal["udp", "tcp"] = "udp"  # tcp: the same packets framed on a stream, no windows
    procedure: Literal["null", "sink", "echo", "work"] = "null"
    work_us: RangedInt("work_us", 0, 1_000_000, "µs") = 0
    # sweeps: one value or a list; the run's points are their cartesian product
    request_bytes: _int_sweep("request_bytes", 0, MAX_RPC_BYTES, "bytes") = [0]
    threads: _int_sweep("threads", 1, MAX_THREADS) = [1]
    think_time_us: _int_sweep("think_time_us", 0, MAX_THINK_US, "µs") = [0]
    # each caller's think time between calls: exponential (the case study's, a Poisson caller) or always the mean
    think_distribution: Literal["exponential", "constant"] = "exponential"
    # open-loop arrivals (schemas/arrivals.py): each point's rate over its caller threads, a sweep (one point per
    # rate: a load sweep in one run); ignored when arrival is closed
    arrival: Arrival = "closed"
    rate_calls_s: RateSweep | None = None
    protection: _name_sweep("protection", PROTECTIONS) = ["none"]
    cache: _name_sweep("cache", CACHES) = ["per-thread"]
    calls: RangedInt("calls", 1, 1_000_000) = 1000  # per caller thread and point
    warmup_calls: RangedInt("warmup_calls", 0, 100_000) = 10  # per caller thread and point
    seed: RangedInt("seed", 0, 2**32 - 1) = 1
    server_threads: RangedInt("server_threads", 1, MAX_THREADS) = 4
    # repeat a point in rounds of `calls` per thread until its mean RTT's 95% interval is within ci_target_pct of
    # the mean, at most max_rounds rounds (agents/src/rpc/rpc_rounds.h); 1 round = as before rounds existed
    ci_target_pct: Annotated[float, Field(json_schema_extra=CI_TARGET_SCHEMA), AfterValidator(_check_ci_target)] = 5.0
    max_rounds: RangedInt("max_rounds", 1, MAX_ROUNDS) = 1
    # the idle null RPC the client makes before the first point: the lab's noise floor (agents/src/rpc/rpc_noise.h)
    noise_floor_calls: RangedInt("noise_floor_calls", 0, MAX_NOISE_FLOOR_CALLS) = 200
    noise_floor_warmup_calls: RangedInt("noise_floor_warmup_calls", 0, 1000) = 10
    # the model's own error its band allows for before a point is an anomaly (analysis/model_fit.py)
    model_tolerance_pct: RangedInt("model_tolerance_pct", 0, 50, "%") = 10
    # packetisation and flow control (DCE defaults: Khandker et al. 1995, section 3.2-3.3)
    packet_data: RangedInt("packet_data", 64, 65427, "bytes") = 4016
    small_packet_data: RangedInt("small_packet_data", 64, 65427, "bytes") = 944
    mtu: RangedInt("mtu", 576, 65535, "bytes") = 1500
    window_initial: RangedInt("window_initial", 1024, 1 << 20, "bytes") = 4096
    window_max: RangedInt("window_max", 1024, 1 << 24, "bytes") = 32768
    rto_ms: RangedInt("rto_ms", 1, 10_000, "ms") = 100
    link_mbps: RangedInt("link_mbps", 0, 100_000, "Mbit/s") = 0
    link_delay_us: RangedInt("link_delay_us", 0, 1_000_000, "µs") = 0
    # emulated 1995 host: each side one CPU spending this per packet sent or received (agents/src/rpc/rpc_host.h)
    host_packet_us: RangedInt("host_packet_us", 0, 100_000, "µs") = 0
    link_profile: ProfileName = "loopback"  # the lab's link, as for ping-pong runs
    inject: InjectIn | None = None  # a planted fault, to check the model flags it (None: none)
    name: RunName = ""
    tags: Tags = []


class RpcPoint(BaseModel):
    point_no: int
    request_bytes: int
    threads: int
    think_time_us: int
    protection: str
    cache: str
    inject: bool = False  # the run's planted fault runs at this point
    rate_calls_s: float | None = None  # open loop: the point's rate over its threads; None: closed loop

    @model_serializer(mode="wrap")
    def _closed_has_no_rate(self, handler):
        """A closed-loop point is served as before open-loop arrivals: without the key."""
        out = handler(self)
        if out.get("rate_calls_s") is None:
            out.pop("rate_calls_s", None)
        return out


class RpcRunParams(BaseModel):
    """What GET /api/runs shows of an RPC run's params (the protection key is left out)."""

    transport: Literal["udp", "tcp"]
    procedure: str
    work_us: int
    calls: int
    warmup_calls: int
    seed: int
    server_threads: int
    packetisation: dict[str, int]  # header_bytes, packet_data, mtu: what the packet model needs
    small_packet_data: int
    window_initial: int
    window_max: int
    rto_ms: int
    link_mbps: int
    link_delay_us: int
    host_packet_us: int = 0  # runs launched before the host emulation have none
    points: list[RpcPoint]
    timeout_s: int
    # runs launched before rounds and the noise floor: one round, no target, no probe
    ci_target_pct: float = 0.0
    max_rounds: int = 1
    noise_floor_calls: int = 0
    noise_floor_warmup_calls: int = 0
    model_tolerance_pct: int = 10  # runs launched before it was a field: the default
    call_no_limit: int | None = None  # call numbers are below it (room for max_rounds); calls_total may shrink
    base_points_added: list[int] = []  # points the lab appended: each call kind's 1-thread, no-think model base
    notes: list[str] = []  # what the lab changed at launch, in words the UI shows
    think_distribution: Literal["exponential", "constant"] = "exponential"  # runs before it was a field: exponential
    inject: InjectIn | None = None
    arrival: Literal["closed", "constant", "poisson"] = "closed"  # runs before open-loop arrivals: closed
