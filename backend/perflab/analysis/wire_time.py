"""A message's own time on the lab's link, from its frames' bytes and the link's rate (issue 30: the model where no
kernel stamps split a transit, as over TCP): the part of a transit that is the wire's service and queues behind
other callers' frames, while the kernels' and the propagation's part does not.

UDP: each RPC packet (header + up to packet_data bytes of data) is one datagram, IP-fragmented to the MTU
(packet_model.py). TCP: the RPC packets are framed on one byte stream (4 bytes of length each), cut into segments
of the MTU less 52 bytes (IP, TCP and its timestamp option); the receiver acknowledges every second segment with a
frame of its own the other way (a last odd segment's acknowledgement rides on the reply, as a one-segment
request's does: 8 TCP callers of 0-byte calls on ethernet-10m took 1.09 ms, 8 x 139 µs, one request frame each). Every frame carries the link's overhead_bytes beyond the IP packet (at least
min_frame_bytes): the wire profile's Ethernet framing, or 14 bytes of Ethernet header on a token bucket."""

import numpy as np

from perflab.analysis.packet_model import PacketParams, _frames_for_chunk, rpc_packets

TCP_HEADERS = 52  # IP 20 + TCP 20 + timestamps 12
TCP_FRAMING = 4  # the RPC packet's length prefix on the stream (agents/src/rpc/rpc_tcp.h)
ETHERNET_HEADER = 14


def _chunks(size: int, p: PacketParams) -> list[int]:
    n = int(rpc_packets(size, p))
    return [min(p.data_per_rpc_packet, max(0, size - i * p.data_per_rpc_packet)) for i in range(n)]


def frame_bytes(size: int, transport: str, p: PacketParams, overhead: int, min_frame: int) -> tuple[list[int], int]:
    """The frames a message of `size` data bytes puts on the wire one way, and (TCP) the acks it sends back."""
    chunks = _chunks(size, p)
    if transport == "tcp":
        stream = sum(c + p.rpc_header_bytes + TCP_FRAMING for c in chunks)
        mss = p.mtu_bytes - TCP_HEADERS
        segs = [min(mss, stream - i * mss) for i in range(-(-stream // mss))]
        frames = [s + TCP_HEADERS + overhead for s in segs]
        return [max(f, min_frame) for f in frames], len(segs) // 2
    frames = []
    for c in chunks:
        udp = c + p.rpc_header_bytes + p.udp_header_bytes
        n = int(_frames_for_chunk(c, p))
        for i in range(n):
            payload = min(p.fragment_payload, udp - i * p.fragment_payload)
            frames.append(max(payload + p.ip_header_bytes + overhead, min_frame))
    return frames, 0


def message_wire_ns(request: int, reply: int, transport: str, p: PacketParams, link: dict) -> tuple[float, float]:
    """(request direction, reply direction) ns on the wire for one call; link: the run's requested profile
    (rate_mbit, overhead_bytes, min_frame_bytes, emulation)."""
    rate = float(link["rate_mbit"]) * 1e6
    wire = link.get("emulation") == "wire"
    # the link process puts whole Ethernet frames on its wire; a token bucket on a veth counts the frame the kernel
    # hands it (the Ethernet header, no preamble, FCS or gap), whatever overhead the profile names for wires
    overhead = int(link.get("overhead_bytes") or 0) if wire else ETHERNET_HEADER
    min_frame = int(link.get("min_frame_bytes") or 0) if wire else 0
    req, req_acks = frame_bytes(request, transport, p, overhead, min_frame)
    rep, rep_acks = frame_bytes(reply, transport, p, overhead, min_frame)
    ack = max(TCP_HEADERS + overhead, min_frame)

    # a profile's own rate is client -> server; [reverse] may set the server -> client one (lte)
    back = float((link.get("reverse") or {}).get("rate_mbit") or link["rate_mbit"]) * 1e6

    def ns(nbytes: float, bps: float) -> float:
        return float(np.float64(nbytes) * 8 / bps * 1e9)

    return ns(sum(req) + rep_acks * ack, rate), ns(sum(rep) + req_acks * ack, back)
