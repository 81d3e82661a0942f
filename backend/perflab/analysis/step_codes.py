"""The agent's step codes (agents/STEPS.md) with their names and sides."""

from dataclasses import dataclass


@dataclass(frozen=True)
class StepCode:
    code: int
    name: str
    side: str  # client | server | kernel
    paper: str = ""  # nearest step(s) of the 1995 DCE RPC paper's Figures 1-2 (agents/STEPS.md)


STEP_CODES: dict[int, StepCode] = {
    s.code: s
    for s in (
        StepCode(1, "c.send", "client", "C8"),
        StepCode(2, "c.wait", "client", "C13–C17"),
        StepCode(3, "c.recv", "client", "C18"),
        StepCode(101, "s.wait", "server", "S15, S1–S3"),
        StepCode(102, "s.recv", "server", "S4"),
        StepCode(103, "s.send", "server", "S8–S9"),
        # kernel points from SO_TIMESTAMPING software stamps (agents/STEPS.md "Kernel points")
        StepCode(201, "k.c.tx", "kernel", "C8 (Sendmsg″)"),
        StepCode(202, "k.c.net", "kernel", "C12, wire, S1–S13, C15"),
        StepCode(203, "k.c.rx", "kernel", "C15–C17"),
        StepCode(204, "k.c.sched", "kernel", "C8 (Sendmsg″)"),
        StepCode(211, "k.s.rx", "kernel", "S1–S3"),
        StepCode(212, "k.s.tx", "kernel", "S9 (Sendmsg″)"),
        StepCode(213, "k.s.sched", "kernel", "S9 (Sendmsg″)"),
        # the RPC runtime (agents/src/rpc; agents/STEPS.md): repeated steps are summed per call
        StepCode(10, "c.start", "client", "C1–C2"),
        StepCode(11, "c.bind", "client", "C2 (new call handle)"),
        StepCode(12, "c.marshal", "client", "C3"),
        StepCode(13, "c.copy", "client", "C4–C5"),
        StepCode(14, "c.queue", "client", "C6"),
        StepCode(15, "c.sendmsg", "client", "C7–C9"),
        StepCode(16, "c.post_send", "client", "C10"),
        StepCode(17, "c.wait", "client", "C11–C17"),
        StepCode(18, "c.recv", "client", "C18"),
        StepCode(19, "c.ack", "client", "C22"),
        StepCode(20, "c.retransmit", "client", ""),
        StepCode(21, "c.unmarshal", "client", "C19"),
        StepCode(22, "c.end", "client", "C20"),
        StepCode(23, "c.free", "client", "C21"),
        StepCode(110, "s.idle", "server", "S14–S15, S1–S3"),
        StepCode(111, "s.receive", "server", "S4"),
        StepCode(112, "s.ack", "server", "S15–S16 (ack)"),
        StepCode(113, "s.dispatch", "server", "S5"),
        StepCode(114, "s.unmarshal", "server", "S5"),
        StepCode(115, "s.service", "server", "S6"),
        StepCode(116, "s.marshal", "server", "S7"),
        StepCode(117, "s.sendmsg", "server", "S8–S9"),
        StepCode(118, "s.reply_wait", "server", ""),
        StepCode(119, "s.end", "server", "S10–S11"),
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
