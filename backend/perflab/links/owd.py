"""One-way delays across the lab's link, both ends stamped by the kernel on the one host clock: the sender's TX
software stamp (SND: the packet handed to the device, on the wire's TUN device the moment it joins the wire's
queue) and the receiver's RX software stamp (on the wire, when the link process writes the packet out)."""

import socket
import statistics
import struct
import time

from perflab.links.netns import inside

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
SO_TIMESTAMPING = getattr(socket, "SO_TIMESTAMPING", 37)
TX_SOFTWARE, SOFTWARE, OPT_ID, OPT_TSONLY = 1 << 1, 1 << 4, 1 << 7, 1 << 11
FULL_UDP_PAYLOAD = 1472  # one full 1500-byte IP packet at MTU 1500


def _tx_stamps(sock: socket.socket, n: int) -> list[int]:
    """The SND stamps (ns) of the last n datagrams sent, in order, from the socket's error queue."""
    stamps: dict[int, int] = {}
    deadline = time.monotonic() + 1
    while len(stamps) < n:
        try:
            _, anc, _, _ = sock.recvmsg(0, 512, socket.MSG_ERRQUEUE | socket.MSG_DONTWAIT)
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise TimeoutError("no TX timestamp from the kernel") from None
            time.sleep(0.0005)
            continue
        ts = key = None
        for level, kind, raw in anc:
            if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPING:
                sec, nsec = struct.unpack("qq", raw[:16])
                ts = sec * 1_000_000_000 + nsec
            elif len(raw) >= 16:  # IP_RECVERR: struct sock_extended_err, ee_data is the OPT_ID counter
                key = struct.unpack("IBBBBII", raw[:16])[6]
        if ts is not None and key is not None:
            stamps[key] = ts
    return [stamps[k] for k in sorted(stamps)]


def _rx_stamp(sock: socket.socket) -> int:
    _, anc, _, _ = sock.recvmsg(65536, socket.CMSG_SPACE(16))
    for level, kind, raw in anc:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
            sec, nsec = struct.unpack("qq", raw[:16])
            return sec * 1_000_000_000 + nsec
    raise TimeoutError("a datagram came without an RX timestamp")


def bursts(a: dict, b: dict, frames: int, rounds: int, idle_s: float = 0.06,
           payload: int = FULL_UDP_PAYLOAD) -> list[float]:
    """For each of `rounds` bursts of `frames` datagrams sent back to back from a to b after `idle_s` of silence:
    the last one's RX stamp minus the first one's TX stamp, in us (one datagram = one frame at payload <= 1472)."""
    with inside(b["ns"]):
        sink = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    with inside(a["ns"]):
        src = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sink.bind((b["address"], 0))
        sink.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        sink.settimeout(2)
        src.bind((a["address"], 0))
        src.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPING, TX_SOFTWARE | SOFTWARE | OPT_ID | OPT_TSONLY)
        time.sleep(0.2)  # RX stamping is switched on asynchronously (DESIGN.md)
        message, out = b"w" * payload, []
        for _ in range(rounds):
            time.sleep(idle_s)  # the wire is idle: nothing queued ahead of the first frame
            for _ in range(frames):
                src.sendto(message, sink.getsockname())
            tx = _tx_stamps(src, frames)
            rx = [_rx_stamp(sink) for _ in range(frames)]
            out.append((rx[-1] - tx[0]) / 1000)
        return out
    finally:
        sink.close()
        src.close()


def wire_ratios(a: dict, b: dict, rate_mbit: float, propagation_us: float, overhead: int = 38,
                rounds: int = 15) -> dict:
    """The two figures of the wire's fidelity, medians over `rounds` bursts each after >= 50 ms idle:
    lone_frame = one full frame's one-way delay / (its serialisation + propagation);
    queue = three full frames sent back to back, the last one's arrival after the first was sent /
            (three serialisations + propagation), i.e. FIFO behind the two ahead of it."""
    serialise_us = (FULL_UDP_PAYLOAD + 28 + overhead) * 8 / rate_mbit
    lone = bursts(a, b, 1, rounds)
    queue = bursts(a, b, 3, rounds)
    return {"lone_frame": statistics.median(lone) / (serialise_us + propagation_us),
            "queue": statistics.median(queue) / (3 * serialise_us + propagation_us),
            "lone_us": lone, "queue_us": queue, "serialise_us": serialise_us}
