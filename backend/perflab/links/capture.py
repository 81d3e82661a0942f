"""Frames as the far end's kernel saw them arrive: a packet socket on the veth end with kernel RX timestamps."""

import socket
import struct
import time

from perflab.links.frames import udp_frames
from perflab.links.netns import inside

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
ETH_P_ALL = 0x0003


def frame_arrivals(a: dict, b: dict, payload: int, mtu: int = 1500) -> list[tuple[int, int]]:
    """(RX time ns, frame bytes) of every IPv4 frame of one UDP datagram a -> b, stamped by b's kernel."""
    with inside(b["ns"]):
        cap = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
        sink = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    with inside(a["ns"]):
        src = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    cap.bind((b["dev"], 0))
    cap.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
    cap.settimeout(2)
    sink.bind((b["address"], 0))
    time.sleep(0.2)  # stamping is switched on asynchronously (DESIGN.md): let it settle before the call
    src.sendto(b"x" * payload, sink.getsockname())
    arrivals, expected = [], len(udp_frames(payload, mtu))
    try:
        while len(arrivals) < expected:
            data, anc, _, _ = cap.recvmsg(65536, socket.CMSG_SPACE(16))
            if len(data) < 14 or data[12:14] != b"\x08\x00":
                continue  # not IPv4 (e.g. IPv6 router solicitations)
            for level, kind, raw in anc:
                if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                    sec, nsec = struct.unpack("qq", raw[:16])
                    arrivals.append((sec * 1_000_000_000 + nsec, len(data)))
    finally:
        for s in (cap, sink, src):
            s.close()
    return arrivals


def spacing_us(arrivals: list[tuple[int, int]]) -> list[float]:
    return [(t2 - t1) / 1000 for (t1, _), (t2, _) in zip(arrivals, arrivals[1:])]
