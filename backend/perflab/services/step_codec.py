"""A block of steps as a few bytes a step (docs/scale.md, "Compact step storage"). Pure: numpy arrays in, bytes
out and back, bit for bit and in the same order.

A step is a call number, a code and two timestamps a few µs apart; stored as four columns of small integers:
the call number's and the start's change from the step before (zigzag: a small negative change stays small), the
code, and the duration (end - start, never negative). Each column takes the narrowest of 1, 2, 4 or 8 bytes that
holds its largest value, its bytes laid out plane by plane (every value's low byte, then every value's next
byte...: the high planes are nearly all zeros and the low ones repeat), and the whole block goes through zstd.

The same scheme stores any set of integer columns (encode_columns, format 2: the calls' blocks,
services/call_store.py): each column either as it is or as its change from the value before, zigzagged, the
first value in the header."""

import struct

import numpy as np
import pyarrow as pa

FORMAT = 1
COLUMNS_FORMAT = 2
COLUMNS_HEADER = struct.Struct("<BBxxI")  # format, columns, n; then per column COLUMN_HEADER
COLUMN_HEADER = struct.Struct("<BBq")  # delta (1) or as is (0), width, first value
# format, the four column widths, n, first call_no, first start_ns
HEADER = struct.Struct("<BBBBBxxxIiq")
assert HEADER.size == 24
ZSTD_LEVEL = 1  # level 3 saves ~3% more and costs twice the time (docs/scale.md)
_CODEC = pa.Codec("zstd", compression_level=ZSTD_LEVEL)
_WIDTHS = (1, 2, 4, 8)


class BlockError(ValueError):
    pass


def _zigzag(d: np.ndarray) -> np.ndarray:
    return ((d << 1) ^ (d >> 63)).view(np.uint64)


def _unzigzag(z: np.ndarray) -> np.ndarray:
    """In place (z is the caller's own): one array besides it, not four."""
    sign = (z & np.uint64(1)).view(np.int64)
    np.negative(sign, out=sign)
    z >>= np.uint64(1)
    v = z.view(np.int64)
    v ^= sign
    return v


def _width(values: np.ndarray) -> int:
    top = int(values.max()) if values.size else 0
    return next(w for w in _WIDTHS if w == 8 or top < 1 << (8 * w))


def _planes(columns: list[tuple[np.ndarray, int]]) -> np.ndarray:
    """The columns' (uint64 values, width) low `width` bytes, plane by plane, column after column: one buffer,
    each plane copied into it straight from its byte of the values (no transposing copy of each column)."""
    n = len(columns[0][0])
    body = np.empty(n * sum(w for _, w in columns), np.uint8)
    at = 0
    for values, width in columns:
        as_bytes = values.astype("<u8", copy=False).view(np.uint8).reshape(n, 8)
        for j in range(width):
            body[at:at + n] = as_bytes[:, j]
            at += n
    return body


def _into_planes(out: np.ndarray, at: int, raw: np.ndarray, n: int, width: int) -> None:
    """Writes a block's column, stored as `width` byte planes of n values, into out[at:at + n] (uint64 zeros):
    the planes land straight in the low bytes of the whole read's column, no array of their own, a plane at a time
    (a contiguous read each: 4x quicker than numpy's transposing copy of all at once)."""
    into = out.view(np.uint8).reshape(-1, 8)[at:at + n]
    for j in range(width):
        into[:, j] = raw[j * n:(j + 1) * n]


def _offsets(column: np.ndarray, starts: np.ndarray, sizes: np.ndarray, firsts: list[int]) -> np.ndarray:
    """A column of changes (each block's first 0) summed into values across all blocks at once: one cumulative
    sum, then each block shifted to start at its own first value (int64 wraps alike both ways: exact)."""
    np.cumsum(column, out=column)
    if len(starts):
        column += np.repeat(np.asarray(firsts, np.int64) - column[starts], sizes)
    return column


def encode(call_no: np.ndarray, code: np.ndarray, start_ns: np.ndarray, end_ns: np.ndarray) -> bytes:
    """One block of steps (any order, at most 2**32-1); end_ns >= start_ns is the caller's check (ingest's)."""
    n = len(call_no)
    if n == 0:
        raise BlockError("a block holds at least one step")
    if not len(code) == len(start_ns) == len(end_ns) == n:
        raise BlockError("call_no, code, start_ns and end_ns must be of one length")
    call = call_no.astype(np.int64)
    start = start_ns.astype(np.int64)
    columns = [_zigzag(np.diff(call, prepend=call[0])), code.astype(np.uint16).astype(np.uint64),
               _zigzag(np.diff(start, prepend=start[0])), (end_ns.astype(np.int64) - start).view(np.uint64)]
    widths = [_width(c) for c in columns]
    body = _planes(list(zip(columns, widths)))
    return HEADER.pack(FORMAT, *widths, n, int(call[0]), int(start[0])) + _CODEC.compress(body, asbytes=True)


def decode(block: bytes) -> dict[str, np.ndarray]:
    """The block's steps as int64 columns call_no, code, start_ns, end_ns."""
    return decode_many([block])


def decode_many(blocks: list[bytes]) -> dict[str, np.ndarray]:
    """Several blocks' steps as one set of int64 columns, the blocks' in turn: each block decompressed into the
    columns' place, then the changes summed and the zigzag undone over all of them at once (not block by block)."""
    heads = [HEADER.unpack_from(b) for b in blocks]
    if any(h[0] != FORMAT for h in heads):
        raise BlockError(f"step block format must be {FORMAT} (got {sorted({h[0] for h in heads})})")
    sizes = np.array([h[5] for h in heads], np.int64)
    starts = np.cumsum(sizes) - sizes
    total = int(sizes.sum())
    columns = [np.zeros(total, "<u8") for _ in range(4)]
    for block, (_, *widths, n, _, _), at in zip(blocks, heads, starts.tolist()):
        raw = np.frombuffer(_CODEC.decompress(memoryview(block)[HEADER.size:], decompressed_size=n * sum(widths),
                                              asbytes=True), np.uint8)
        offset = 0
        for column, width in zip(columns, widths):
            _into_planes(column, at, raw[offset:offset + n * width], n, width)
            offset += n * width
    call_no = _offsets(_unzigzag(columns[0]), starts, sizes, [h[6] for h in heads])
    start_ns = _offsets(_unzigzag(columns[2]), starts, sizes, [h[7] for h in heads])
    end_ns = columns[3].view(np.int64)
    end_ns += start_ns
    return {"call_no": call_no, "code": columns[1].view(np.int64), "start_ns": start_ns, "end_ns": end_ns}


def encode_columns(columns: list[tuple[np.ndarray, bool]]) -> bytes:
    """One block of integer columns of one length (at least one value, at most 255 columns): (values, delta),
    delta for a column that changes little from one value to the next (a call number, a start time)."""
    n = len(columns[0][0]) if columns else 0
    if n == 0:
        raise BlockError("a block holds at least one row")
    if any(len(v) != n for v, _ in columns):
        raise BlockError("a block's columns must be of one length")
    head, encoded = [COLUMNS_HEADER.pack(COLUMNS_FORMAT, len(columns), n)], []
    for values, delta in columns:
        v = values.astype(np.int64)
        first = int(v[0]) if delta else 0
        z = _zigzag(np.diff(v, prepend=v[0]) if delta else v)
        width = _width(z)
        head.append(COLUMN_HEADER.pack(int(delta), width, first))
        encoded.append((z, width))
    return b"".join(head) + _CODEC.compress(_planes(encoded), asbytes=True)


def decode_columns(blocks: list[bytes], wanted: set[int] | None = None) -> list[np.ndarray | None]:
    """encode_columns' columns back as int64 arrays, bit for bit, the blocks' rows in turn (blocks of one set of
    columns); only those numbered in `wanted` when given (None for the others: less memory held). As decode_many:
    each block decompressed into place, the sums and zigzag undone over all blocks at once."""
    heads = []
    for block in blocks:
        fmt, k, n = COLUMNS_HEADER.unpack_from(block)
        if fmt != COLUMNS_FORMAT:
            raise BlockError(f"column block format must be {COLUMNS_FORMAT} (got {fmt})")
        heads.append((n, [COLUMN_HEADER.unpack_from(block, COLUMNS_HEADER.size + i * COLUMN_HEADER.size)
                          for i in range(k)]))
    k = len(heads[0][1]) if heads else 0
    if any(len(cols) != k or [d for d, _, _ in cols] != [d for d, _, _ in heads[0][1]] for _, cols in heads):
        raise BlockError("column blocks read together must hold the same columns")
    sizes = np.array([n for n, _ in heads], np.int64)
    starts = np.cumsum(sizes) - sizes
    total = int(sizes.sum())
    keep = [wanted is None or i in wanted for i in range(k)]
    out = [np.zeros(total, "<u8") if kept else None for kept in keep]
    header = COLUMNS_HEADER.size + k * COLUMN_HEADER.size
    for block, (n, cols), at in zip(blocks, heads, starts.tolist()):
        size = n * sum(w for _, w, _ in cols)
        raw = np.frombuffer(_CODEC.decompress(memoryview(block)[header:], decompressed_size=size, asbytes=True),
                            np.uint8)
        offset = 0
        for column, (_, width, _) in zip(out, cols):
            if column is not None:
                _into_planes(column, at, raw[offset:offset + n * width], n, width)
            offset += n * width
    for i, column in enumerate(out):
        if column is not None:
            out[i] = _unzigzag(column)
            if heads and heads[0][1][i][0]:
                out[i] = _offsets(out[i], starts, sizes, [cols[i][2] for _, cols in heads])
    return out
