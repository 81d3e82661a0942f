"""GET /api/runs/{id}/timeline: a range of calls and their steps as columns (times relative to origin_ns)."""

from typing import Literal

from pydantic import BaseModel


class TimelineCalls(BaseModel):
    call_no: list[int]
    flags: list[int]
    start_ns: list[int]
    rtt_ns: list[int]
    thread: list[int]  # each call's caller thread: the timeline's per-thread tracks
    retransmits: list[int]  # retransmissions during each call (0: none, or an agent that did not count them)


class TimelineSteps(BaseModel):
    call_no: list[int]
    code: list[int]
    start_ns: list[int]
    end_ns: list[int]


class StepCodeName(BaseModel):
    code: int
    name: str
    side: str
    paper: str


class TimelineOut(BaseModel):
    unit: Literal["ns"]
    origin_ns: int
    from_call: int
    to_call: int
    total_calls: int
    next_call: int | None  # where the next range starts; None at the run's end
    calls: TimelineCalls
    steps: TimelineSteps
    codes: list[StepCodeName]
