"""Decoding of the agents' binary trace batches (docs/protocol.md, "Trace batch"). Pure: bytes in, arrays out."""

import struct
import zlib
from dataclasses import dataclass

import numpy as np

from perflab.analysis.call_flags_generated import KNOWN_CALL_FLAGS

MAGIC = b"PLTB"
VERSION = 3  # versions 1 (32-byte call records, no thread or server times) and 2 (56 bytes, no send lag) accepted
HEADER = struct.Struct("<4sHHQIIIIIIQ")  # 48 bytes
MAX_CALLS = 65536
MAX_STEPS = 262144
FLAG_LAST_BATCH = 1

CALL_DTYPE_V1 = np.dtype([("call_no", "<u4"), ("flags", "<u2"), ("point_no", "<u2"), ("start_ns", "<i8"),
                          ("end_ns", "<i8"), ("request_bytes", "<u4"), ("response_bytes", "<u4")])
# version 2 adds the caller thread and the server's receive and send times (server clock; 0 = unknown); the u16 at
# 34, reserved at first, is the call's retransmissions (older version-2 agents wrote 0 there)
CALL_DTYPE_V2 = np.dtype([("call_no", "<u4"), ("flags", "<u2"), ("point_no", "<u2"), ("start_ns", "<i8"),
                          ("end_ns", "<i8"), ("request_bytes", "<u4"), ("response_bytes", "<u4"),
                          ("thread", "<u2"), ("retransmits", "<u2"), ("reserved2", "<u4"),
                          ("server_recv_ns", "<i8"), ("server_send_ns", "<i8")])
# version 3 adds the send lag: an open-loop call's send start minus its intended send time (0 closed-loop)
CALL_DTYPE = np.dtype(CALL_DTYPE_V2.descr + [("send_lag_ns", "<i8")])
CALL_DTYPES = {1: CALL_DTYPE_V1, 2: CALL_DTYPE_V2, VERSION: CALL_DTYPE}
STEP_DTYPE = np.dtype([("call_no", "<u4"), ("code", "<u2"), ("reserved", "<u2"), ("start_ns", "<i8"),
                       ("end_ns", "<i8")])
assert HEADER.size == 48 and CALL_DTYPE_V1.itemsize == 32 and CALL_DTYPE_V2.itemsize == 56
assert CALL_DTYPE.itemsize == 64
assert STEP_DTYPE.itemsize == 24
# the largest batch an agent may send: a full one of the widest version
MAX_BYTES = HEADER.size + CALL_DTYPE.itemsize * MAX_CALLS + STEP_DTYPE.itemsize * MAX_STEPS


class BatchError(ValueError):
    """A malformed batch; the message says which field and what was expected."""


@dataclass(frozen=True)
class Batch:
    job_id: int
    seq: int
    clock_id: int
    last: bool
    calls: np.ndarray  # CALL_DTYPE (older versions are widened with zeros)
    steps: np.ndarray  # STEP_DTYPE


def decode(body: bytes) -> Batch:
    if len(body) < HEADER.size:
        raise BatchError(f"batch is {len(body)} bytes, shorter than the {HEADER.size}-byte header")
    magic, version, header_bytes, job_id, seq, n_calls, n_steps, clock_id, crc, flags, _ = HEADER.unpack_from(body)
    if magic != MAGIC:
        raise BatchError(f"magic must be {MAGIC!r} (got {magic!r})")
    if version not in CALL_DTYPES:
        raise BatchError(f"version must be between 1 and {VERSION} (got {version})")
    call_dtype = CALL_DTYPES[version]
    if header_bytes != HEADER.size:
        raise BatchError(f"header_bytes must be {HEADER.size} (got {header_bytes})")
    if n_calls > MAX_CALLS:
        raise BatchError(f"n_calls must be between 0 and {MAX_CALLS} (got {n_calls})")
    if n_steps > MAX_STEPS:
        raise BatchError(f"n_steps must be between 0 and {MAX_STEPS} (got {n_steps})")
    expected = HEADER.size + call_dtype.itemsize * n_calls + STEP_DTYPE.itemsize * n_steps
    if len(body) != expected:
        raise BatchError(f"batch must be {expected} bytes for {n_calls} calls and {n_steps} steps "
                         f"(got {len(body)}: truncated or padded)")
    payload = memoryview(body)[HEADER.size:]
    if zlib.crc32(payload) != crc:
        raise BatchError(f"payload_crc32 mismatch: header says {crc:#010x}, payload has {zlib.crc32(payload):#010x}")
    calls = np.frombuffer(payload, dtype=call_dtype, count=n_calls)
    if version != VERSION:
        wide = np.zeros(n_calls, dtype=CALL_DTYPE)
        for name in call_dtype.names:
            wide[name] = calls[name]
        calls = wide
    steps = np.frombuffer(payload, dtype=STEP_DTYPE, count=n_steps, offset=call_dtype.itemsize * n_calls)
    return Batch(job_id=job_id, seq=seq, clock_id=clock_id, last=bool(flags & FLAG_LAST_BATCH), calls=calls,
                 steps=steps)


def check_against_run(batch: Batch, calls_total: int, is_client: bool) -> None:
    """Range checks that need the run: call numbers inside the run, times ordered, calls only from clients."""
    calls, steps = batch.calls, batch.steps
    if calls.size and not is_client:
        raise BatchError(f"n_calls must be 0 for a server job's batch (got {calls.size})")
    for name, arr in (("call", calls), ("step", steps)):
        if not arr.size:
            continue
        bad = np.flatnonzero(arr["call_no"] >= calls_total)
        if bad.size:
            raise BatchError(f"{name}[{bad[0]}].call_no must be between 0 and {calls_total - 1} "
                             f"(got {arr['call_no'][bad[0]]})")
        bad = np.flatnonzero(arr["end_ns"] < arr["start_ns"])
        if bad.size:
            raise BatchError(f"{name}[{bad[0]}].end_ns must be >= start_ns")
    if calls.size:
        bad = np.flatnonzero(calls["flags"] > KNOWN_CALL_FLAGS)  # the known bits are the low ones
        if bad.size:
            raise BatchError(f"call[{bad[0]}].flags has unknown bits (got {calls['flags'][bad[0]]:#x}, "
                             f"allowed {KNOWN_CALL_FLAGS:#x})")
        call_no = calls["call_no"]
        ascending = bool((call_no[1:] > call_no[:-1]).all())  # as agents number them: unique without a sort
        if not ascending and np.unique(call_no).size != calls.size:
            raise BatchError("call_no must be unique within a batch")


def encode(job_id: int, seq: int, calls: np.ndarray, steps: np.ndarray, *, last: bool = False,
           clock_id: int = 1, version: int = VERSION) -> bytes:
    """The inverse of decode, for tests and benchmarks (agents encode in C). `calls` may be of either dtype."""
    call_dtype = CALL_DTYPES[version]
    if calls.dtype != call_dtype:
        conv = np.zeros(len(calls), dtype=call_dtype)
        for name in call_dtype.names:
            if name in calls.dtype.names:
                conv[name] = calls[name]
        calls = conv
    payload = np.ascontiguousarray(calls, dtype=call_dtype).tobytes() + \
        np.ascontiguousarray(steps, dtype=STEP_DTYPE).tobytes()
    header = HEADER.pack(MAGIC, version, HEADER.size, job_id, seq, len(calls), len(steps), clock_id,
                         zlib.crc32(payload), FLAG_LAST_BATCH if last else 0, 0)
    return header + payload
