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


@dataclass(frozen=True)
class Message:
    name: str
    sender_side: str
    lanes: tuple[str, ...]  # lanes the transit crosses, in order
    departure_code: int | None = None  # kernel point whose end is the packet leaving (sender's clock)
    arrival_code: int | None = None  # kernel point whose start is the packet reaching the receiver's kernel


MESSAGES = {
    "request": Message("request", "client", ("client kernel", "network", "server kernel"), 201, 211),
    "reply": Message("reply", "server", ("server kernel", "network", "client kernel"), 212, 203),
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

# the RPC runtime's steps that every completed call records (agents/STEPS.md "RPC steps"); a step repeated per
# packet or window is one row per call (first start, summed time), so a multi-packet call's path is approximate.
# Steps only some calls take (c.bind on a new handle, acks, retransmissions, s.reply_wait) have no row: a call
# lacking a row's step is left out of the path, so they are reported as unplaced instead.
RPC = (
    StepDef(10, "c.start", "client", "client", 10),
    StepDef(12, "c.marshal", "client", "client", 20),
    StepDef(13, "c.copy", "client", "client", 30),
    StepDef(14, "c.queue", "client", "client", 40),
    StepDef(15, "c.sendmsg", "client", "client", 50, sends="request"),
    StepDef(16, "c.post_send", "client", "client", 60),
    StepDef(17, "c.wait", "client", "client", 70, awaits="reply"),
    StepDef(18, "c.recv", "client", "client", 80),
    StepDef(21, "c.unmarshal", "client", "client", 90),
    StepDef(22, "c.end", "client", "client", 100),
    StepDef(23, "c.free", "client", "client", 110),
    StepDef(110, "s.idle", "server", "server", 10, awaits="request"),
    StepDef(111, "s.receive", "server", "server", 20),
    StepDef(113, "s.dispatch", "server", "server", 30),
    StepDef(114, "s.unmarshal", "server", "server", 40),
    StepDef(115, "s.service", "server", "server", 50),
    StepDef(116, "s.marshal", "server", "server", 60),
    StepDef(117, "s.sendmsg", "server", "server", 70, sends="reply"),
    StepDef(119, "s.end", "server", "server", 80),
)

STEP_TABLE: dict[int, StepDef] = {d.code: d for d in PINGPONG + RPC}
KERNEL_CODES = range(200, 300)
