"""The agent's step codes (agents/STEPS.md) with their names and sides."""

from dataclasses import dataclass


@dataclass(frozen=True)
class StepCode:
    code: int
    name: str
    side: str  # client | server | kernel


STEP_CODES: dict[int, StepCode] = {
    s.code: s
    for s in (
        StepCode(1, "c.send", "client"),
        StepCode(2, "c.wait", "client"),
        StepCode(3, "c.recv", "client"),
        StepCode(101, "s.wait", "server"),
        StepCode(102, "s.recv", "server"),
        StepCode(103, "s.send", "server"),
    )
}


def side_of(code: int) -> str:
    """Sides by range, so codes added by a newer agent still land on the right side."""
    if code < 100:
        return "client"
    if code < 200:
        return "server"
    return "kernel"


def describe_code(code: int) -> StepCode:
    return STEP_CODES.get(code) or StepCode(code, f"step.{code}", side_of(code))
