"""How the server agent's clock lines up with the client's, for the trace and the report: the run's `clock`
analysis (analysis/clock_align.py through services/analyses.py), the one answer the round-trip path and the
Agents page read too. Server times go onto the client's clock by the fitted line, offset and drift
(clock_align.server_to_client); with one clock (same host) offset and drift are 0."""

from dataclasses import asdict, dataclass

from sqlalchemy.orm import Session

from perflab.analysis.clock_align import ONE_CLOCK, server_to_client
from perflab.models import Run
from perflab.services.analyses import clock_of


@dataclass(frozen=True)
class ClockAlignment:
    method: str  # same-host | fitted | unknown
    offset_ns: float  # server clock minus client clock at ref_ns
    drift_ppm: float  # the server clock's gain over the client's, parts per million
    ref_ns: float  # client time the offset refers to
    uncertainty_ns: float | None  # the analysis's error bound (None when unknown)
    calls_used: int
    note: str

    def as_dict(self) -> dict:
        return asdict(self)

    def to_client(self, server_ns: int) -> float:
        return server_to_client(server_ns, self.offset_ns, self.drift_ppm, self.ref_ns)


def from_analysis(clock: dict) -> ClockAlignment:
    """The alignment a `clock` analysis result describes."""
    if not clock.get("available"):
        why = clock.get("reason") or clock.get("error") or "no clock analysis"
        return ClockAlignment("unknown", 0.0, 0.0, 0.0, None, 0, f"{why}: server times unshifted")
    calls, bound = int(clock.get("calls", 0)), clock.get("error_bound_ns")
    if clock.get("same_clock"):
        return ClockAlignment("same-host", 0.0, 0.0, 0.0, 0.0, calls, ONE_CLOCK)
    offset, drift = float(clock["offset_ns"]), float(clock["drift_ppm"])
    return ClockAlignment("fitted", offset, drift, float(clock["ref_ns"]), bound, calls,
                          f"server clock fitted from {calls} calls (the clock analysis): offset "
                          f"{offset / 1000:.3f} µs, drift {drift:.3f} ppm, ± {(bound or 0) / 1000:.3f} µs")


def align(s: Session, run: Run) -> ClockAlignment:
    return from_analysis(clock_of(s, run))
