"""The round-trip-path graph of a call, as a table of step codes: which side and lane a step runs in, its order
on that side, and which message it sends or waits for. The rows come from the step registry (agents/steps.toml,
by way of steps_generated.py): a new step code plugs in with an order there; codes without one are reported as
unplaced, never guessed.

Lanes follow the DCE RPC paper's Figure 5: client, client kernel, network, server kernel, server."""

from dataclasses import dataclass

from perflab.analysis.step_codes import STEPS

LANES = ("client", "client kernel", "network", "server kernel", "server")


@dataclass(frozen=True)
class StepDef:
    code: int
    name: str
    side: str  # client | server: whose clock timed it
    lane: str  # one of LANES
    order: int  # position among the steps of its side within one call
    sends: str | None = None  # message whose transit starts at this step's end
    awaits: str | None = None  # message whose arrival ends this step (a receive that blocks)
    optional: bool = False  # a call may lack it (first-call binding, acks of large data): zero time when absent
    after_rtt: bool = False  # the caller's work after its measured RTT ended (handle release): never on the path


@dataclass(frozen=True)
class Message:
    name: str
    sender_side: str
    lanes: tuple[str, ...]  # lanes the transit crosses, in order
    departure_code: int | None = None  # kernel point whose end is the packet leaving (sender's clock): SND
    arrival_code: int | None = None  # kernel point whose start is the packet reaching the receiver's kernel
    sched_code: int | None = None  # kernel point whose end is the packet entering the queueing layer: SCHED


def _kernel_point(field: str, message: str) -> int | None:
    """The kernel point whose SND or SCHED stamp ends it (snd_end, sched_end), or whose RX stamp starts it
    (rx_start), for this message; None when the registry has none."""
    return next((s.code for s in STEPS if getattr(s, field) == message), None)


def _message(name: str, sender_side: str, lanes: tuple[str, ...]) -> Message:
    return Message(name, sender_side, lanes, _kernel_point("snd_end", name), _kernel_point("rx_start", name),
                   _kernel_point("sched_end", name))


MESSAGES = {
    "request": _message("request", "client", ("client kernel", "network", "server kernel")),
    "reply": _message("reply", "server", ("server kernel", "network", "client kernel")),
}

# kernel points from SO_TIMESTAMPING software stamps (agents/STEPS.md "Kernel points"), code → name: they overlap
# the user steps, so they split message transits instead of joining the step sequence
KERNEL_POINTS: dict[int, str] = {s.code: s.name for s in STEPS if s.side == "kernel"}

# the ping-pong's and the RPC runtime's steps that have an order in the registry. A repeated RPC step (one sendmsg
# per packet) is one row per call: its first start to its last end, its summed time. Steps that happen only in
# some calls are optional: absent, they take no time and the chain skips them.
STEP_TABLE: dict[int, StepDef] = {
    s.code: StepDef(s.code, s.name, s.side, s.lane or s.side, s.order, s.sends, s.awaits, s.optional, s.after_rtt)
    for s in STEPS if s.order is not None
}
KERNEL_CODES = range(200, 300)
