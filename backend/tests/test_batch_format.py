import struct
import zlib

import numpy as np
import pytest

from perflab.services.batch_format import BatchError, check_against_run, decode, encode

from agent_sim import make_calls, make_steps


def sample(job_id=5, seq=3, n=4, last=True) -> bytes:
    calls = make_calls(range(n), [1000 + i for i in range(n)])
    return encode(job_id, seq, calls, make_steps(calls, 1, 0.5), last=last)


def test_round_trip_and_layout():
    body = sample()
    assert len(body) == 48 + 64 * 4 + 24 * 4
    assert body[:4] == b"PLTB" and struct.unpack_from("<Q", body, 8)[0] == 5
    b = decode(body)
    assert (b.job_id, b.seq, b.last, b.clock_id) == (5, 3, True, 1)
    assert list(b.calls["call_no"]) == [0, 1, 2, 3]
    assert list(b.calls["end_ns"] - b.calls["start_ns"]) == [1000, 1001, 1002, 1003]
    assert list(b.steps["code"]) == [1, 1, 1, 1]
    # first call record sits right after the header: call_no, flags (first call), point_no, start_ns
    assert struct.unpack_from("<IHHq", body, 48) == (0, 2, 0, 0)


def test_version_2_fields_and_version_1_still_accepted():
    calls = make_calls(range(3), [500, 600, 700])
    calls["thread"] = [0, 1, 2]
    calls["server_recv_ns"] = [11, 22, 33]
    calls["server_send_ns"] = [12, 23, 34]
    body = encode(9, 0, calls, make_steps(calls, 1, 0.5), version=2)
    # version 2 call record: ... response_bytes, thread u16, reserved u16, reserved u32, server recv, server send
    assert struct.unpack_from("<HHIqq", body, 48 + 32) == (0, 0, 0, 11, 12)
    b = decode(body)
    assert list(b.calls["thread"]) == [0, 1, 2] and list(b.calls["server_send_ns"]) == [12, 23, 34]
    old = encode(9, 1, calls, make_steps(calls, 1, 0.5), version=1)
    assert struct.unpack_from("<H", old, 4)[0] == 1 and len(old) == 48 + 32 * 3 + 24 * 3
    v1 = decode(old)
    assert list(v1.calls["end_ns"] - v1.calls["start_ns"]) == [500, 600, 700]
    assert list(v1.calls["thread"]) == [0, 0, 0] and list(v1.calls["server_recv_ns"]) == [0, 0, 0]


def test_version_3_carries_the_send_lag_and_older_versions_read_as_lag_0():
    calls = make_calls(range(3), [500, 600, 700])
    calls["send_lag_ns"] = [0, 7, 2**40]  # seconds late stay exact: an i64, not a saturated counter
    body = encode(9, 0, calls, make_steps(calls, 1, 0.5))
    assert struct.unpack_from("<H", body, 4)[0] == 3 and len(body) == 48 + 64 * 3 + 24 * 3
    assert struct.unpack_from("<q", body, 48 + 64 + 56)[0] == 7  # offset 56 of the second record
    assert list(decode(body).calls["send_lag_ns"]) == [0, 7, 2**40]
    for version in (1, 2):
        old = decode(encode(9, 1, calls, make_steps(calls, 1, 0.5), version=version))
        assert list(old.calls["send_lag_ns"]) == [0, 0, 0]
        assert list(old.calls["end_ns"] - old.calls["start_ns"]) == [500, 600, 700]


@pytest.mark.parametrize("mutate, message", [
    (lambda b: b[:47], "shorter than the 48-byte header"),
    (lambda b: b[:-1], "truncated or padded"),
    (lambda b: b + b"\0", "truncated or padded"),
    (lambda b: b"XXXX" + b[4:], "magic must be"),
    (lambda b: b[:4] + struct.pack("<H", 9) + b[6:], "version must be between 1 and 3"),
    (lambda b: b[:-1] + bytes([b[-1] ^ 1]), "payload_crc32 mismatch"),
    (lambda b: b[:20] + struct.pack("<I", 70000) + b[24:], "n_calls must be between 0 and 65536"),
])
def test_malformed_batches_are_rejected_with_the_field_named(mutate, message):
    with pytest.raises(BatchError, match=message):
        decode(mutate(sample()))


def test_checks_against_the_run():
    b = decode(sample(n=4))
    check_against_run(b, calls_total=4, is_client=True)
    with pytest.raises(BatchError, match=r"call\[3\].call_no must be between 0 and 2"):
        check_against_run(b, calls_total=3, is_client=True)
    with pytest.raises(BatchError, match="n_calls must be 0 for a server"):
        check_against_run(b, calls_total=4, is_client=False)
    calls = make_calls([0, 1], [5, 5])
    calls["end_ns"][1] = calls["start_ns"][1] - 1
    with pytest.raises(BatchError, match=r"call\[1\].end_ns must be >= start_ns"):
        check_against_run(decode(encode(1, 0, calls, np.zeros(0, make_steps(calls, 1, 1).dtype))), 2, True)


def test_the_slow_start_flag_is_known_and_a_higher_bit_is_not():
    calls = make_calls([0, 1], [5, 5])
    calls["flags"][1] = 0x8  # RPC slow start (agents/src/core/trace.h)
    b = decode(encode(1, 0, calls, np.zeros(0, make_steps(calls, 1, 1).dtype)))
    check_against_run(b, calls_total=2, is_client=True)
    calls["flags"][1] = 0x10
    with pytest.raises(BatchError, match=r"call\[1\].flags has unknown bits"):
        check_against_run(decode(encode(1, 0, calls, np.zeros(0, make_steps(calls, 1, 1).dtype))), 2, True)


def test_crc_is_zlibs():
    body = sample()
    assert struct.unpack_from("<I", body, 32)[0] == zlib.crc32(body[48:])
    assert zlib.crc32(b"123456789") == 0xCBF43926  # the check value the C agent's tests use too
