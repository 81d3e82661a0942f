"""Packet model against the DCE RPC paper (Khandker, Honeyman, Teorey 1995, section 3.3 and Figure 3), via
tests/reference/dce_rpc_1995.json."""

import numpy as np
import pytest

from perflab.analysis.packet_model import DCE_1995, PacketParams, count, jumps, network_packets, rpc_packets
from refdata import load

REF = load("dce_rpc_1995")
PK = REF["packetisation"]


def dce_params() -> PacketParams:
    return PacketParams(rpc_header_bytes=PK["rpc_header_bytes"], data_per_rpc_packet=PK["max_call_data_per_rpc_packet"],
                        udp_header_bytes=PK["udp_header_bytes"], ip_header_bytes=PK["ip_header_bytes"],
                        mtu_bytes=PK["mtu_bytes"])


def test_packet_counts_match_the_paper():
    p = dce_params()
    for size, packets in PK["request_packets_by_size"].items():
        assert count(int(size), p).network_packets == packets, size
        assert int(network_packets(int(size), p)) == packets, size


def test_table2_packet_column_and_64256_bytes():
    p = dce_params()
    t2 = REF["table2_round_trip_path"]
    assert network_packets(np.array(t2["request_bytes"]), p).tolist() == t2["request_packets"]
    assert count(64256, p).network_packets == REF["latency"]["ethernet_packets_for_64256_bytes"]


def test_a_full_rpc_packet_travels_as_1392_1480_1144():
    c = count(4016, dce_params())
    assert c.data_per_network_packet == [PK["max_call_data_in_first_fragment"], 1480, 1144]
    assert c.rpc_packets == 1
    # the paper's 6000-byte example: 4016 in three frames, then 1392 + 592
    assert count(6000).data_per_network_packet == [1392, 1480, 1144, 1392, 592]


def test_figure3_jumps_are_predicted_with_their_reason():
    predicted = {j.request_bytes: j.kind for j in jumps(64257, dce_params())}
    for size in PK["rtt_jump_sizes"]:
        assert size in predicted, size
    # 1393: the last byte spills out of the first frame; the others start a new RPC packet (one more
    # send-receive cycle), the paper's "4016 bytes is the maximum RPC data ... with the first sendmsg call"
    assert predicted[1393] == "fragment"
    assert all(predicted[s] == "rpc_packet" for s in PK["rtt_jump_sizes"][1:])
    # every RPC-packet boundary up to 24097 is in the paper's list (it then shows only 32129, 48193, 64257)
    dense = [s for s, k in predicted.items() if k == "rpc_packet" and s <= 24097]
    assert dense == [s for s in PK["rtt_jump_sizes"] if s > 1393 and s <= 24097]


def test_vectorised_and_scalar_counts_agree():
    p = PacketParams(rpc_header_bytes=16, data_per_rpc_packet=9000, mtu_bytes=1500)
    sizes = np.arange(0, 40000, 37)
    assert network_packets(sizes, p).tolist() == [count(int(s), p).network_packets for s in sizes]
    assert rpc_packets(sizes, p).tolist() == [count(int(s), p).rpc_packets for s in sizes]


def test_bad_parameters_are_refused():
    with pytest.raises(ValueError, match="mtu_bytes"):
        PacketParams(mtu_bytes=20)
    with pytest.raises(ValueError, match="request_bytes"):
        count(-1, DCE_1995)
