"""The steps table as CSV, made from the decoded blocks (services/step_store.py): a window of calls at a time,
sorted by call, code, start and written as text in numpy (no Python per line). The lines
are those COPY … (FORMAT CSV) wrote from the old table, byte for byte."""

from collections.abc import Iterator

import numpy as np

from perflab.analysis.step_codes import STEP_CODES
from perflab.core.db import Database
from perflab.services import step_codec
from perflab.services.exports.csv_stream import pg_csv_field

# steps per window, sorted and written as text at once: ~140 KB of CSV, ~0.6 MB of matrices while it is made
WINDOW_STEPS = 2048
ORDER = ("call_no", "code", "start_ns")


def _identity(code: int) -> str:
    """`code,name,side,paper_step` of a code, quoted as COPY … (FORMAT CSV) quotes a field; an unknown code named
    and sided by its range."""
    known = STEP_CODES.get(code)
    if known is not None:
        return ",".join([str(code), *(pg_csv_field(v) for v in (known.name, known.side, known.paper))])
    side = "client" if code < 100 else "server" if code < 200 else "kernel"
    return f'{code},step.{code},{side},""'


_POW10 = 10 ** np.arange(1, 19, dtype=np.int64)
# "0000" ... "9999" as four ASCII bytes in a uint32 (little-endian: the first digit in the lowest byte)
_DIGITS4 = np.array([int.from_bytes(f"{i:04d}".encode(), "little") for i in range(10_000)], dtype=np.uint64)


# a cell's kept bytes as a uint64 of 0/1 bytes: its first k bytes (left-aligned text), or its last k (numbers)
_KEEP_FIRST = np.array([int.from_bytes(b"\1" * k + b"\0" * (8 - k), "little") for k in range(9)], dtype=np.uint64)
_KEEP_LAST = np.array([int.from_bytes(b"\0" * (8 - k) + b"\1" * k, "little") for k in range(9)], dtype=np.uint64)


def _number_cells(values: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """Decimal text of non-negative int64 values, right-aligned in 8-byte cells (uint64, the most significant
    cell first: 8 digits each, from a table of every 4 digits), and each value's length."""
    rest = values.astype(np.int64, copy=True)
    length = np.searchsorted(_POW10, rest, side="right") + 1
    cells = []
    for _ in range((int(length.max()) + 7) // 8):
        high = rest // 100_000_000
        eight = rest - high * 100_000_000
        upper = eight // 10_000
        cells.append(_DIGITS4[upper] | (_DIGITS4[eight - upper * 10_000] << np.uint64(32)))
        rest = high
    return cells[::-1], length


def _text_cells(texts: list[bytes], index: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """Each line's text (texts[index]), left-aligned in 8-byte cells, and its length."""
    width = -(-max(len(t) for t in texts) // 8) * 8
    table = np.frombuffer(b"".join(t.ljust(width, b"\0") for t in texts), dtype="<u8").reshape(len(texts), -1)
    return [table[:, k][index] for k in range(width // 8)], np.array([len(t) for t in texts])[index]


def csv_lines(steps: dict[str, np.ndarray]) -> bytes:
    """Lines `call_no,code,name,side,paper_step,start_ns,end_ns,duration_ns` of the steps, in their order
    (joined_lines)."""
    n = len(steps["call_no"])
    if not n:
        return b""
    starts, ends = steps["start_ns"], steps["end_ns"]
    if min(int(starts.min()), int(steps["call_no"].min())) < 0:
        return _lines_slowly(steps)
    codes, index = np.unique(steps["code"], return_inverse=True)
    return joined_lines([steps["call_no"], ([b"," + _identity(int(c)).encode() + b"," for c in codes], index),
                         starts, b",", ends, b",", ends - starts, b"\n"])


def joined_lines(fields: list) -> bytes:
    """Lines of text made of `fields`, each a column of non-negative numbers (an int64 array, decimal), a
    constant (bytes), or a text per line ((texts, index), texts[index] on each line); every field written into
    8-byte cells of a row-major byte matrix, a row per line (numbers right-aligned, texts left-aligned), then the
    padding dropped by one boolean mask. Numpy throughout: no Python per line."""
    n = next(len(f) for f in fields if isinstance(f, np.ndarray))
    cells = [("right", _number_cells(f)) if isinstance(f, np.ndarray) else
             ("left", _text_cells([f], np.zeros(n, np.int64)) if isinstance(f, bytes) else _text_cells(*f))
             for f in fields]
    return _matrix(cells, n)


def _matrix(fields: list, n: int) -> bytes:
    width = sum(len(cells) for _, (cells, _) in fields)
    chars = np.empty((n, width), dtype="<u8")
    keep = np.empty((n, width), dtype="<u8")  # per cell, a byte 1 for each character kept: a bool matrix's bytes
    at = 0
    for align, (cells, length) in fields:
        for k, cell in enumerate(cells):
            chars[:, at + k] = cell
            if align == "right":  # the cell's kept bytes: those of the number's last `length`
                keep[:, at + k] = _KEEP_LAST[np.clip(length - 8 * (len(cells) - 1 - k), 0, 8)]
            else:
                keep[:, at + k] = _KEEP_FIRST[np.clip(length - 8 * k, 0, 8)]
        at += len(cells)
    return chars.view(np.uint8)[keep.view(bool)].tobytes()


def _lines_slowly(steps: dict[str, np.ndarray]) -> bytes:
    """A negative number (a clock that reads below zero): formatted by Python, line by line."""
    out = []
    for call_no, code, start, end in zip(*(steps[k].tolist() for k in ("call_no", "code", "start_ns", "end_ns"))):
        out.append(f"{call_no},{_identity(code)},{start},{end},{end - start}\n")
    return "".join(out).encode()


def step_windows(cur, run_id: int, window_steps: int | None = None) -> Iterator[dict[str, np.ndarray]]:
    """The run's steps a window of calls at a time (about `window_steps` steps), each window sorted by call, code,
    start. Each block is fetched and decoded once, when the windows reach its first call, and let go once they
    pass its last: memory holds the blocks open at one call range and one window, whatever the run's size."""
    window_steps = window_steps or WINDOW_STEPS
    cur.execute("SELECT id, call_lo, call_hi, n_steps FROM step_blocks WHERE run_id = %s ORDER BY call_lo, id",
                (run_id,))
    pending = cur.fetchall()
    if not pending:
        return
    low, high = pending[0][1], max(b[2] for b in pending)
    calls = max(1, round(window_steps * (high - low + 1) / sum(b[3] for b in pending)))
    open_blocks: list[tuple[int, dict]] = []  # (call_hi, steps sorted by call_no)
    at = 0
    for first in range(low, high + 1, calls):
        end = first + calls
        while at < len(pending) and pending[at][1] < end:
            open_blocks.append((pending[at][2], _sorted_block(cur, pending[at][0])))
            at += 1
        parts = []
        for _, steps in open_blocks:
            a, b = np.searchsorted(steps["call_no"], [first, end])
            if b > a:
                parts.append({k: v[a:b] for k, v in steps.items()})
        open_blocks = [(hi, steps) for hi, steps in open_blocks if hi >= end]
        if parts:
            window = {k: np.concatenate([p[k] for p in parts]) for k in ORDER + ("end_ns",)}
            yield {k: v[np.lexsort(tuple(window[f] for f in reversed(ORDER)))] for k, v in window.items()}


def _sorted_block(cur, block_id: int) -> dict[str, np.ndarray]:
    cur.execute("SELECT data FROM step_blocks WHERE id = %s", (block_id,), binary=True)
    steps = step_codec.decode(bytes(cur.fetchone()[0]))
    if (np.diff(steps["call_no"]) >= 0).all():  # an agent's batch: its calls in order already
        return steps
    by_call = np.argsort(steps["call_no"], kind="stable")
    return {k: v[by_call] for k, v in steps.items()}


def windowed_csv(db: Database, run_id: int, windows, lines) -> Iterator[bytes]:
    """A run's CSV body, `lines` of each of `windows(cur, run_id)` (the steps' or the calls'), on a connection held
    while the body is sent."""
    with db.engine.connect() as conn:
        with conn.connection.driver_connection.cursor() as cur:
            for window in windows(cur, run_id):
                yield lines(window)
        conn.rollback()


def step_csv(db: Database, run_id: int) -> Iterator[bytes]:
    """The CSV lines, a block per window."""
    return windowed_csv(db, run_id, step_windows, csv_lines)


def step_rows(cur, run_id: int, limit: int) -> list[list]:
    """The first `limit` rows (table.json), as values."""
    rows: list[list] = []
    for steps in step_windows(cur, run_id):
        for i in range(len(steps["call_no"])):
            code = int(steps["code"][i])
            known = STEP_CODES.get(code)
            side = known.side if known else "client" if code < 100 else "server" if code < 200 else "kernel"
            start, end = int(steps["start_ns"][i]), int(steps["end_ns"][i])
            rows.append([int(steps["call_no"][i]), code, known.name if known else f"step.{code}", side,
                         known.paper if known else "", start, end, end - start])
            if len(rows) >= limit:
                return rows
    return rows
