"""The agent's step codes with their names and sides, from the step registry (agents/steps.toml, by way of
steps_generated.py), and a description for a code the registry does not know."""

from dataclasses import dataclass

from perflab.analysis.steps_generated import STEPS


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
