"""Model vs measured (case study, Table 2 and section 4.3): predicted against measured RTT per point with
% error = (measured - model) * 100 / measured, and anomaly flags where the error passes a threshold (15% by
default) or the measured spread balloons, each with a plain-language explanation naming what deviates."""

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Row:
    label: str  # e.g. "3 packet"
    threads: int
    think: float
    model: float
    measured: float
    measured_std: float | None = None
    step_means: dict[str, float] = field(default_factory=dict)  # optional: step name -> measured mean


@dataclass(frozen=True)
class Verdict:
    label: str
    threads: int
    think: float
    model: float
    measured: float
    measured_std: float | None
    percent_error: float
    cv: float | None  # coefficient of variation of the measurement
    anomaly: bool
    reasons: list[str]
    explanation: str


@dataclass(frozen=True)
class Comparison:
    threshold_percent: float
    spread_factor: float
    spread_floor: float
    rows: list[Verdict]
    mean_percent_error: float
    max_abs_percent_error: float

    def as_dict(self) -> dict:
        return asdict(self)


def _baseline(rows: list[Row], r: Row) -> Row | None:
    """The same label and thread count without think time: the load think time should only lighten."""
    cands = [x for x in rows if x.label == r.label and x is not r and x.threads == r.threads and x.think == 0]
    return cands[0] if cands else None


def compare(rows: list[Row], threshold_percent: float = 15.0, spread_factor: float = 2.0,
            spread_floor: float = 0.25, unit: str = "ms") -> Comparison:
    """Spread balloons when std/mean exceeds spread_factor times that of the same threads without think time
    and is at least spread_floor (a quarter of the mean by default: random think times alone widen it)."""
    if threshold_percent <= 0 or spread_factor <= 1:
        raise ValueError("threshold_percent must be positive and spread_factor above 1")
    out = []
    for r in rows:
        if r.measured <= 0:
            raise ValueError(f"measured RTT must be positive ({r.label}, {r.threads} threads)")
        err = (r.measured - r.model) * 100.0 / r.measured
        cv = r.measured_std / r.measured if r.measured_std is not None else None
        reasons = []
        if abs(err) > threshold_percent:
            reasons.append("error")
        base = _baseline(rows, r)
        base_cv = (base.measured_std / base.measured if base and base.measured_std is not None else None)
        if cv is not None and base_cv and cv > spread_factor * base_cv and cv >= spread_floor:
            reasons.append("spread")
        out.append(Verdict(r.label, r.threads, r.think, r.model, r.measured, r.measured_std, err, cv,
                           bool(reasons), reasons, _explain(r, err, cv, base_cv, base, reasons, unit)))
    errs = [v.percent_error for v in out]
    return Comparison(threshold_percent, spread_factor, spread_floor, out, sum(errs) / len(errs) if errs else 0.0,
                      max((abs(e) for e in errs), default=0.0))


def _explain(r: Row, err, cv, base_cv, base: Row | None, reasons, unit) -> str:
    where = f"{r.label} calls, {r.threads} thread{'s' if r.threads != 1 else ''}, think time {r.think:g} {unit}"
    if not reasons:
        return f"{where}: measured within {abs(err):.1f}% of the model."
    side = "above" if err > 0 else "below"
    text = f"{where}: measured {abs(err):.0f}% {side} the model"
    if "spread" in reasons:
        text += f", and its spread ballooned (std/mean {cv:.2f} against {base_cv:.2f} without think time)"
    text += "."
    if r.step_means and base and base.step_means:
        growth = {k: v - base.step_means.get(k, 0.0) for k, v in r.step_means.items()}
        worst = max(growth, key=growth.get)
        if growth[worst] > 0:
            text += (f" The step that grew most is {worst} (+{growth[worst]:.3g} {unit} against "
                     f"{base.threads} thread(s), think {base.think:g}).")
    if err > 0 and r.think > 0 and r.threads > 1:
        text += (" Load fell but the time rose: look for per-call set-up that think time triggers, such as "
                 "call handles re-created and restarting slow-start (extra small packets at the start of calls).")
    elif err < 0:
        text += " The model over-predicts: a demand may be overstated or work overlaps more than modelled."
    return text
