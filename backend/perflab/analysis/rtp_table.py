"""The round-trip-path graph of a call, as a table of step codes: which side and lane a step runs in, its order
on that side, and which message it sends or waits for. New step codes (RPC steps, kernel/network points) plug in
by adding rows here; codes without a row are reported as unplaced, never guessed.

Lanes follow the DCE RPC paper's Figure 5: client, client kernel, network, server kernel, server."""

from dataclasses import dataclass

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


MESSAGES = {
    "request": Message("request", "client", ("client kernel", "network", "server kernel"), 201, 211, 204),
    "reply": Message("reply", "server", ("server kernel", "network", "client kernel"), 212, 203, 213),
}

# kernel points from SO_TIMESTAMPING software stamps (agents/STEPS.md "Kernel points", branch agentlib): they
# overlap the user steps, so they split message transits instead of joining the step sequence
KERNEL_POINTS = {
    201: "k.c.tx: client send() enter -> request's SND stamp",
    202: "k.c.net: request's SND stamp -> reply's RX stamp (client clock)",
    203: "k.c.rx: reply's RX stamp -> client recv() returns",
    204: "k.c.sched: client send() enter -> request's SCHED stamp",
    211: "k.s.rx: request's RX stamp -> server recv() returns",
    212: "k.s.tx: server send() enter -> reply's SND stamp",
    213: "k.s.sched: server send() enter -> reply's SCHED stamp",
}

# the socket ping-pong (agents/STEPS.md)
PINGPONG = (
    StepDef(1, "c.send", "client", "client", 10, sends="request"),
    StepDef(2, "c.wait", "client", "client", 20, awaits="reply"),
    StepDef(3, "c.recv", "client", "client", 30),
    StepDef(101, "s.wait", "server", "server", 10, awaits="request"),
    StepDef(102, "s.recv", "server", "server", 20),
    StepDef(103, "s.send", "server", "server", 30, sends="reply"),
)

# the RPC runtime (agents/STEPS.md, codes 10-23 and 110-119). A repeated step (one sendmsg per packet) is one row
# per call: its first start to its last end, its summed time. The request leaves with the last c.sendmsg and is
# complete when the listener's last recvfrom (s.idle) returns; the reply leaves with s.sendmsg and ends c.wait.
# Steps that happen only in some calls are optional: absent, they take no time and the chain skips them.
RPC = (
    StepDef(10, "c.start", "client", "client", 10),
    StepDef(11, "c.bind", "client", "client", 20, optional=True),
    StepDef(12, "c.marshal", "client", "client", 30),
    StepDef(13, "c.copy", "client", "client", 40, optional=True),
    StepDef(14, "c.queue", "client", "client", 50),
    StepDef(15, "c.sendmsg", "client", "client", 60, sends="request"),
    StepDef(16, "c.post_send", "client", "client", 70, optional=True),
    StepDef(19, "c.ack", "client", "client", 75, optional=True),
    StepDef(20, "c.retransmit", "client", "client", 76, optional=True),
    StepDef(17, "c.wait", "client", "client", 80, awaits="reply"),
    StepDef(18, "c.recv", "client", "client", 90),
    StepDef(21, "c.unmarshal", "client", "client", 100, optional=True),
    StepDef(22, "c.end", "client", "client", 110),
    StepDef(23, "c.free", "client", "client", 120, optional=True, after_rtt=True),
    StepDef(110, "s.idle", "server", "server", 10, awaits="request"),
    StepDef(111, "s.receive", "server", "server", 20),
    StepDef(112, "s.ack", "server", "server", 30, optional=True),
    StepDef(113, "s.dispatch", "server", "server", 40, optional=True),
    StepDef(114, "s.unmarshal", "server", "server", 50, optional=True),
    StepDef(115, "s.service", "server", "server", 60),
    StepDef(116, "s.marshal", "server", "server", 70, optional=True),
    StepDef(117, "s.sendmsg", "server", "server", 80, sends="reply"),
    StepDef(118, "s.reply_wait", "server", "server", 90, optional=True),
    StepDef(119, "s.end", "server", "server", 100, optional=True),
)

STEP_TABLE: dict[int, StepDef] = {d.code: d for d in PINGPONG + RPC}
KERNEL_CODES = range(200, 300)
