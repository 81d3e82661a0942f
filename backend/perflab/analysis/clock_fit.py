"""Offset and drift between the two agents' clocks from the clock exchange rounds of a run
(agents/src/experiments/clockx.h): NTP's on-wire calculation per round, the round with the smallest delay of
each phase (its offset error is bounded by half its delay), and the drift as the change of offset
between the start and end phases over the time between them."""

from dataclasses import dataclass

from perflab.analysis.plain import as_plain


@dataclass(frozen=True)
class ClockFit:
    rounds: int  # answered rounds, both phases
    offset_start_ns: float  # server clock - client clock at the start
    delay_start_ns: int  # round-trip delay of the round used: the offset is good to half of it
    offset_end_ns: float | None
    delay_end_ns: int | None
    drift_ppm: float | None  # (offset_end - offset_start) / elapsed, parts per million

    def as_dict(self) -> dict:
        return as_plain(self)


def _best(rounds: list[list[int]]) -> tuple[float, int, float] | None:
    """(offset, delay, client time of the round's midpoint) of the round with the smallest delay."""
    best = None
    for t1, t2, t3, t4 in rounds:
        delay = (t4 - t1) - (t3 - t2)
        if t4 < t1 or t3 < t2 or delay < 0:
            continue  # a corrupt round
        offset = ((t2 - t1) + (t3 - t4)) / 2
        if best is None or delay < best[1]:
            best = (offset, delay, (t1 + t4) / 2)
    return best


def fit(start: list[list[int]], end: list[list[int]]) -> ClockFit | None:
    first, last = _best(start), _best(end)
    if first is None:
        return None
    drift = None
    if last is not None and last[2] > first[2]:
        drift = (last[0] - first[0]) / (last[2] - first[2]) * 1e6
    return ClockFit(rounds=len(start) + len(end), offset_start_ns=first[0], delay_start_ns=first[1],
                    offset_end_ns=last[0] if last else None, delay_end_ns=last[1] if last else None,
                    drift_ppm=drift)
