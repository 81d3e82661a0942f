"""How a UDP datagram travels as Ethernet frames, what an emulated wire does to them (every frame takes its
serialisation time, back to back, plus the propagation delay) and what a token bucket of one frame's depth does.

IPv4 fragments carry multiples of 8 bytes except the last: with MTU 1500 each carries at most 1480 bytes of the
UDP datagram (8-byte UDP header + payload); every frame adds 20 bytes of IP and 14 of Ethernet header (veth does
not pad to Ethernet's 60-byte minimum, and the token bucket counts neither preamble nor FCS)."""

IP_HEADER = 20
UDP_HEADER = 8
ETH_HEADER = 14


def udp_frames(payload: int, mtu: int) -> list[int]:
    """The Ethernet frame sizes (bytes, header included) of one UDP datagram of `payload` bytes."""
    per_fragment = (mtu - IP_HEADER) // 8 * 8
    left, frames = payload + UDP_HEADER, []
    while True:
        chunk = min(left, per_fragment) if left > mtu - IP_HEADER else left
        frames.append(ETH_HEADER + IP_HEADER + chunk)
        left -= chunk
        if left <= 0:
            return frames


def boundaries(mtu: int, up_to: int) -> list[int]:
    """The smallest UDP payloads that need one more frame than the size before them."""
    out, n = [], len(udp_frames(1, mtu))
    for size in range(1, up_to + 1):
        k = len(udp_frames(size, mtu))
        if k > n:
            out.append(size)
            n = k
    return out


def bucket_delay_us(frames: list[int], rate_mbit: float, burst: int) -> float:
    """When the last frame leaves a token bucket that was full when the first arrived (frames back to back)."""
    bytes_per_us = rate_mbit / 8
    tokens, t = float(burst), 0.0
    for f in frames:
        if tokens < f:
            t += (f - tokens) / bytes_per_us
            tokens = f
        tokens -= f
    return t


def wire_bytes(frame: int, overhead: int = 38, min_wire: int = 84) -> int:
    """Bytes a frame (Ethernet header included) occupies on the wire: its IP packet plus header, FCS, preamble
    and inter-frame gap (`overhead`), never fewer than `min_wire` (src/wire.c does the same)."""
    return max(frame - ETH_HEADER + overhead, min_wire)


def wire_delay_us(frames: list[int], rate_mbit: float, propagation_us: float = 0, overhead: int = 38,
                  min_wire: int = 84) -> float:
    """When the last frame arrives over an idle wire, frames offered back to back: all serialisations plus the
    propagation delay (a lone frame is never passed at once, unlike a token bucket)."""
    return sum(wire_bytes(f, overhead, min_wire) for f in frames) * 8 / rate_mbit + propagation_us
