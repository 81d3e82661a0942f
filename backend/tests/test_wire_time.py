"""A message's own time on the lab's wire (analysis/wire_time.py), against the ethernet-10m profile's own figures
(profiles.toml: 0.8 µs per byte, 1230 µs for a full frame) and frames counted by hand."""

import pytest

from perflab.analysis.packet_model import PacketParams
from perflab.analysis.wire_time import frame_bytes, message_wire_ns

WIRE = {"rate_mbit": 10, "emulation": "wire", "overhead_bytes": 38, "min_frame_bytes": 84}


def test_udp_frames_are_the_packet_models_fragments_with_the_wires_framing():
    p = PacketParams()
    # 1392 data bytes + 80 RPC + 8 UDP + 20 IP = 1500: one full frame, 1538 bytes on the wire, 1230.4 µs
    assert frame_bytes(1392, "udp", p, 38, 84) == ([1538], 0)
    req, rep = message_wire_ns(1392, 0, "udp", p, WIRE)
    assert req == pytest.approx(1230.4e3) and rep == pytest.approx((0 + 80 + 8 + 20 + 38) * 0.8e3)
    # 4016 B: one RPC packet of 4104 UDP bytes in fragments of 1480: 1480 + 1480 + 1144 payload, each + 20 + 38
    assert frame_bytes(4016, "udp", p, 38, 84)[0] == [1538, 1538, 1202]


def test_tcp_streams_the_rpc_packets_in_segments_and_acks_every_second_one():
    p = PacketParams()
    # 4294 B: two RPC packets (4016 + 278) of 80 + 4 framing each on one stream = 4462 bytes: 1448 x 3 + 118
    frames, acks = frame_bytes(4294, "tcp", p, 38, 84)
    assert frames == [1538, 1538, 1538, 118 + 52 + 38] and acks == 2
    req, rep = message_wire_ns(4294, 0, "tcp", p, WIRE)
    ack = 52 + 38  # an ack frame, the reply direction's for the request's segments
    reply = 80 + 4 + 52 + 38  # an empty reply: one segment, its ack riding on the next request
    assert req == pytest.approx(sum(frames) * 0.8e3) and rep == pytest.approx((reply + 2 * ack) * 0.8e3)
    assert frame_bytes(0, "tcp", p, 38, 84) == ([174], 0)


def test_a_token_bucket_link_counts_the_ethernet_header_and_its_own_rate():
    req, _ = message_wire_ns(1392, 0, "udp", PacketParams(), {"rate_mbit": 1000})
    assert req == pytest.approx((1500 + 14) * 8)  # ns at 1 Gbit/s
