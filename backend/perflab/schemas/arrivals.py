"""Open-loop arrivals at launch (issue 32, item 1; docs/protocol.md "Open-loop arrivals"): `arrival` closed (each
caller sends its next call when the last returned, today's load), constant or poisson (each caller sends at
intended times from a target rate, whatever the replies do: no coordinated omission), and `rate_calls_s`, the
point's whole rate. Every message names the field and its allowed range."""

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field
from pydantic_core import PydanticCustomError

from perflab.services.errors import FieldError

RATE_MIN, RATE_MAX = 1, 1_000_000  # calls/s over a whole point (the agent's PL_ARRIVAL_RATE_MIN/MAX)
ARRIVALS = ("closed", "constant", "poisson")
Arrival = Literal["closed", "constant", "poisson"]
RATE_SCHEMA = {"minimum": RATE_MIN, "maximum": RATE_MAX, "x-unit": "calls/s"}


def _rate_error(field: str, value: Any) -> PydanticCustomError:
    return PydanticCustomError("out_of_range", "{field} must be between {lo} and {hi} calls/s (got {value})",
                               {"field": field, "lo": RATE_MIN, "hi": RATE_MAX, "value": value})


def _check_rate(value: float) -> float:
    if not RATE_MIN <= value <= RATE_MAX:  # NaN fails too
        raise _rate_error("rate_calls_s", f"{value:g}")
    return value


# ping-pong: the one connection's rate
Rate = Annotated[float, Field(json_schema_extra=RATE_SCHEMA), AfterValidator(_check_rate)]


def _as_list(value: Any) -> Any:
    return value if isinstance(value, list) else [value]


def _check_rates(values: list[float]) -> list[float]:
    if not 1 <= len(values) <= 64:
        raise PydanticCustomError("sweep_length", "rate_calls_s must have between 1 and 64 values (got {n})",
                                  {"n": len(values)})
    for i, v in enumerate(values):
        if not RATE_MIN <= v <= RATE_MAX:
            raise _rate_error(f"rate_calls_s[{i}]", f"{v:g}")
    return values


# RPC: a sweep dimension like think_time_us (one point per rate), each the point's rate over all its caller threads
RateSweep = Annotated[list[float], Field(json_schema_extra={"items": {"type": "number"} | RATE_SCHEMA,
                                                            "minItems": 1, "maxItems": 64}),
                      BeforeValidator(_as_list), AfterValidator(_check_rates)]


def check_arrival(arrival: str, rate: Any, think_us: list[int] | int = 0) -> None:
    """The fields together (a 422 on the field at fault): an open loop needs a rate, and no think time (its schedule
    paces each caller; a think time would stretch every gap)."""
    if arrival == "closed":
        return
    if rate is None:
        raise FieldError("rate_calls_s", f"rate_calls_s must be between {RATE_MIN} and {RATE_MAX} calls/s for "
                                         f"arrival {arrival} (got none)")
    thinks = think_us if isinstance(think_us, list) else [think_us]
    if any(thinks):
        raise FieldError("think_time_us", f"think_time_us must be 0 with arrival {arrival}: an open-loop caller is "
                                          f"paced by rate_calls_s, not by think time (got {thinks})")
