"""One-way delays across the lab's link, both ends stamped by the kernel on the one host clock: the sender's TX
software stamp (SND: the packet handed to the device, on the wire's TUN device the moment it joins the wire's
queue) and the receiver's RX software stamp (on the wire, when the link process writes the packet out)."""

import socket
import statistics
import struct
import threading
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


def paced(a: dict, b: dict, count: int, interval_s: float, payload: int = 64) -> list[tuple[int, int | None]]:
    """`count` datagrams from a to b, one every `interval_s` (paced by the sender's clock): for each, in the
    order sent, (TX stamp, RX stamp or None when the link lost it), ns on the one host clock. A lost datagram and
    one the link duplicated are told apart by the sequence number each carries (a copy's stamp is dropped)."""
    with inside(b["ns"]):
        sink = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    with inside(a["ns"]):
        src = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    rx: dict[int, int] = {}
    done = threading.Event()

    def receive():
        while not done.is_set():
            try:
                data, anc, _, _ = sink.recvmsg(65536, socket.CMSG_SPACE(16))
            except (TimeoutError, BlockingIOError):
                continue
            except OSError:
                return
            stamp = next((struct.unpack("qq", raw[:16]) for lvl, kind, raw in anc
                          if lvl == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS), None)
            if stamp and len(data) >= 4:
                rx.setdefault(int.from_bytes(data[:4], "little"), stamp[0] * 1_000_000_000 + stamp[1])

    try:
        sink.bind((b["address"], 0))
        sink.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        sink.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
        sink.settimeout(0.05)
        src.bind((a["address"], 0))
        src.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPING, TX_SOFTWARE | SOFTWARE | OPT_ID | OPT_TSONLY)
        time.sleep(0.2)  # RX stamping is switched on asynchronously (DESIGN.md)
        t = threading.Thread(target=receive, daemon=True)
        t.start()
        tx: list[int] = []
        pad, start = b"p" * max(0, payload - 4), time.perf_counter()
        for i in range(count):
            wait = start + i * interval_s - time.perf_counter()
            if wait > 0:
                time.sleep(wait)  # absolute targets: a late wake-up does not push the rest back
            src.sendto(i.to_bytes(4, "little") + pad, sink.getsockname())
            if i % 64 == 63:  # keep the error queue short
                tx += _tx_stamps(src, 64)
        tx += _tx_stamps(src, count - len(tx))
        deadline = time.monotonic() + 3
        while len(rx) < count and time.monotonic() < deadline:
            time.sleep(0.05)  # the stragglers of a long delay; the rest were lost
        done.set()
        t.join(1)
        return [(tx[i], rx.get(i)) for i in range(count)]
    finally:
        done.set()
        sink.close()
        src.close()
