"""Packet model of an RPC over UDP/IP (DCE RPC paper, section 3.3): how many network packets a request of S
bytes generates, and the sizes where one more byte costs one more packet (the jumps of the paper's Figure 3).

The RPC runtime cuts the call data into RPC packets of at most `data_per_rpc_packet` bytes, adds its header and
hands each to UDP (one sendmsg per RPC packet); UDP adds its header and IP fragments the datagram into frames of
at most `mtu_bytes`, each carrying an IP header."""

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PacketParams:
    rpc_header_bytes: int = 80
    data_per_rpc_packet: int = 4016
    udp_header_bytes: int = 8
    ip_header_bytes: int = 20
    mtu_bytes: int = 1500

    def __post_init__(self):
        if self.data_per_rpc_packet < 1:
            raise ValueError(f"data_per_rpc_packet must be at least 1 (got {self.data_per_rpc_packet})")
        if self.fragment_payload < 8:
            raise ValueError(f"mtu_bytes must leave at least 8 bytes after the IP header (got {self.mtu_bytes})")
        first = self.fragment_payload - self.udp_header_bytes - self.rpc_header_bytes
        if first < 0:
            raise ValueError("mtu_bytes too small for the UDP and RPC headers in the first fragment")

    @property
    def fragment_payload(self) -> int:
        """IP payload per fragment; every fragment but the last carries a multiple of 8 bytes (RFC 791)."""
        return (self.mtu_bytes - self.ip_header_bytes) // 8 * 8

    @property
    def data_in_first_fragment(self) -> int:
        return self.fragment_payload - self.udp_header_bytes - self.rpc_header_bytes


DCE_1995 = PacketParams()


@dataclass(frozen=True)
class PacketCount:
    request_bytes: int
    rpc_packets: int  # sendmsg calls, one per RPC packet
    network_packets: int  # IP fragments (Ethernet frames)
    data_per_network_packet: list[int]  # call data carried by each frame, in order


def rpc_packets(size, p: PacketParams = DCE_1995):
    """RPC packets for request sizes (array-friendly); a null call still sends one."""
    s = np.asarray(size, dtype=np.int64)
    return np.maximum(1, -(-s // p.data_per_rpc_packet))


def _frames_for_chunk(data, p: PacketParams):
    udp_len = np.asarray(data, dtype=np.int64) + p.rpc_header_bytes + p.udp_header_bytes
    return np.maximum(1, -(-udp_len // p.fragment_payload))


def network_packets(size, p: PacketParams = DCE_1995):
    """IP fragments for request sizes (array-friendly): full RPC packets plus the remainder's."""
    s = np.asarray(size, dtype=np.int64)
    if np.any(s < 0):
        raise ValueError("request sizes must be non-negative")
    full = s // p.data_per_rpc_packet
    rest = s - full * p.data_per_rpc_packet
    per_full = int(_frames_for_chunk(p.data_per_rpc_packet, p))
    rest_frames = np.where((rest > 0) | (full == 0), _frames_for_chunk(rest, p), 0)
    return full * per_full + rest_frames


def count(size: int, p: PacketParams = DCE_1995) -> PacketCount:
    if size < 0:
        raise ValueError(f"request_bytes must be non-negative (got {size})")
    chunks = [p.data_per_rpc_packet] * (size // p.data_per_rpc_packet)
    if size % p.data_per_rpc_packet or size == 0:
        chunks.append(size % p.data_per_rpc_packet)
    frames = []
    for chunk in chunks:
        first = min(chunk, p.data_in_first_fragment)
        frames.append(first)
        left = chunk - first
        while left > 0:
            frames.append(min(left, p.fragment_payload))
            left -= frames[-1]
    return PacketCount(size, len(chunks), len(frames), frames)


@dataclass(frozen=True)
class Jump:
    request_bytes: int  # the first size that needs the extra packet
    kind: str  # "rpc_packet": one more sendmsg / send-receive cycle; "fragment": one more frame of the same RPC packet
    network_packets: int  # frames at this size


def jumps(max_bytes: int, p: PacketParams = DCE_1995) -> list[Jump]:
    """Every size in 1..max_bytes where the frame count rises, with the reason."""
    if max_bytes < 1:
        return []
    sizes = np.arange(0, max_bytes + 1)
    frames = network_packets(sizes, p)
    up = np.nonzero(np.diff(frames) > 0)[0] + 1
    out = []
    for s in up:
        kind = "rpc_packet" if (s - 1) % p.data_per_rpc_packet == 0 and s > 1 else "fragment"
        out.append(Jump(int(s), kind, int(frames[s])))
    return out
