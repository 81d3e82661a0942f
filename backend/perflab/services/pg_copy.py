"""PostgreSQL binary COPY built with numpy: one vectorised pass instead of a Python loop per row."""

import numpy as np

SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + b"\x00\x00\x00\x00" + b"\x00\x00\x00\x00"
TRAILER = b"\xff\xff"
_PG_TYPES = {"int2": ">i2", "int4": ">i4", "int8": ">i8"}


def binary_copy_payload(columns: list[tuple[str, str, np.ndarray]]) -> bytes:
    """columns: (name, pg type int2|int4|int8, values). Returns a complete COPY ... (FORMAT BINARY) stream."""
    n = len(columns[0][2])
    fields = [("nfields", ">i2")]
    for name, pg_type, _ in columns:
        fields += [(f"{name}_len", ">i4"), (name, _PG_TYPES[pg_type])]
    rows = np.empty(n, dtype=np.dtype(fields))
    rows["nfields"] = len(columns)
    for name, pg_type, values in columns:
        rows[f"{name}_len"] = np.dtype(_PG_TYPES[pg_type]).itemsize
        rows[name] = values
    return SIGNATURE + rows.tobytes() + TRAILER
