"""Frames as the far end's kernel saw them arrive: a packet socket on the device the link delivers to (the
wire's TUN device while the link process runs, else the veth end) with kernel RX timestamps."""

import socket
import struct
import time

from perflab.links.frames import ETH_HEADER, udp_frames
from perflab.links.netns import inside
from perflab.links.wire import tun_name

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
ETH_P_ALL = 0x0003
ARPHRD_NONE = 0xFFFE  # a TUN device: bare IP packets, no Ethernet header
PACKET_OUTGOING = 4


def _rx_device(b: dict) -> str:
    """Call inside b's namespace: the wire's TUN device when it exists there, else the veth end."""
    try:
        socket.if_nametoindex(tun_name(b["dev"]))
        return tun_name(b["dev"])
    except OSError:
        return b["dev"]


def frame_arrivals(a: dict, b: dict, payload: int, mtu: int = 1500) -> list[tuple[int, int]]:
    """(RX time ns, frame bytes with a 14-byte Ethernet header) of every IPv4 frame of one UDP datagram a -> b,
    stamped by b's kernel."""
    with inside(b["ns"]):
        cap = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
        sink = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        dev = _rx_device(b)
    with inside(a["ns"]):
        src = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    cap.bind((dev, 0))
    cap.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
    cap.settimeout(2)
    sink.bind((b["address"], 0))
    time.sleep(0.2)  # stamping is switched on asynchronously (DESIGN.md): let it settle before the call
    src.sendto(b"x" * payload, sink.getsockname())
    arrivals, expected = [], len(udp_frames(payload, mtu))
    try:
        while len(arrivals) < expected:
            data, anc, _, addr = cap.recvmsg(65536, socket.CMSG_SPACE(16))
            if addr[2] == PACKET_OUTGOING:
                continue  # b's own
            if addr[3] == ARPHRD_NONE:  # a bare IP packet: count the Ethernet header its frame would carry
                ipv4, size = data[:1] and data[0] >> 4 == 4, len(data) + ETH_HEADER
            else:
                ipv4, size = len(data) >= 14 and data[12:14] == b"\x08\x00", len(data)
            if not ipv4:
                continue  # e.g. IPv6 router solicitations
            for level, kind, raw in anc:
                if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                    sec, nsec = struct.unpack("qq", raw[:16])
                    arrivals.append((sec * 1_000_000_000 + nsec, size))
    finally:
        for s in (cap, sink, src):
            s.close()
    return arrivals


def spacing_us(arrivals: list[tuple[int, int]]) -> list[float]:
    return [(t2 - t1) / 1000 for (t1, _), (t2, _) in zip(arrivals, arrivals[1:])]
