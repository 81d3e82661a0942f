"""The agent's step codes from the step registry (agents/steps.toml, by way of steps_generated.py): every fact
the backend reads about a step, its name, side and paper step as the API gives them, and a description for a
code the registry does not know."""

from dataclasses import dataclass

from perflab.analysis.steps_generated import STEP_ROWS


@dataclass(frozen=True)
class Step:
    code: int
    name: str
    side: str  # client | server | kernel
    group: str  # pingpong | kernel | rpc
    segment: str  # what the step times (markdown)
    paper: str  # nearest step(s) of the 1995 DCE RPC paper's Figures 1-2, "" when none
    # round trip path (analysis/rtp_table.py): steps without an order are not placed
    order: int | None = None  # position among its side's steps within one call
    lane: str | None = None  # the Figure 5 lane it runs in; None: its side
    sends: str | None = None  # message whose transit starts at this step's end
    awaits: str | None = None  # message whose arrival ends this step (a receive that blocks)
    receives: str | None = None  # message it takes in without waiting for it (the trace's arrow ends here)
    optional: bool = False  # a call may lack it: zero time when absent
    after_rtt: bool = False  # the caller's work after its measured RTT ended: never on the path
    # kernel points: the message whose SND / SCHED stamp ends this step, whose RX stamp starts it
    snd_end: str | None = None
    sched_end: str | None = None
    rx_start: str | None = None


STEPS: tuple[Step, ...] = tuple(Step(**row) for row in STEP_ROWS)


@dataclass(frozen=True)
class StepCode:
    code: int
    name: str
    side: str  # client | server | kernel
    paper: str = ""  # nearest step(s) of the 1995 DCE RPC paper's Figures 1-2 (agents/STEPS.md)


STEP_CODES: dict[int, StepCode] = {s.code: StepCode(s.code, s.name, s.side, s.paper) for s in STEPS}


def side_of(code: int) -> str:
    """Sides by range, so codes added by a newer agent still land on the right side."""
    if code < 100:
        return "client"
    if code < 200:
        return "server"
    return "kernel"


def describe_code(code: int) -> StepCode:
    return STEP_CODES.get(code) or StepCode(code, f"step.{code}", side_of(code))


def _of(group: str, side: str) -> list[Step]:
    return [s for s in STEPS if s.group == group and s.side == side and s.order is not None]


def message_step(group: str, side: str, role: str, message: str) -> int:
    """The code of `group`'s step on `side` that `role`s (sends | awaits | receives) `message`."""
    return next(s.code for s in _of(group, side) if getattr(s, role) == message)


def first_and_last(group: str, side: str) -> tuple[int, int]:
    """The codes of a side's first step in a call and its last one within the caller's RTT (by order)."""
    steps = _of(group, side)
    return (min(steps, key=lambda s: s.order).code,
            max((s for s in steps if not s.after_rtt), key=lambda s: s.order).code)
