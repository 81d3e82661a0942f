"""pg_copy.read_columns against a plain SELECT of the same rows: values, order across chunks, NULLs refused."""

import numpy as np
import pytest
from sqlalchemy import text

from perflab.services.pg_copy import read_columns, read_int64_columns

COLUMNS = [("call_no", "int4"), ("code", "int2"), ("span_ns", "int8", "b - a")]


def _table(s, rows: list[tuple]) -> None:
    s.execute(text("CREATE TEMP TABLE t (call_no int, code smallint, a bigint, b bigint) ON COMMIT DROP"))
    if rows:
        s.execute(text("INSERT INTO t VALUES (:c, :k, :a, :b)"), [dict(zip("ckab", r)) for r in rows])


def test_read_columns_returns_what_a_plain_select_does_in_order_across_chunks(db):
    rng = np.random.default_rng(7)
    call_nos = rng.permutation(3000) * 97  # spread over several chunks of chunk_by, inserted out of order
    rows = [(int(c), int(c % 7), int(c) * 1000 - 2**40, int(c) * 1000 + int(c % 13) * 3**30) for c in call_nos]
    with db.session() as s:
        _table(s, rows)
        cur = s.connection().connection.driver_connection.cursor()
        got = read_columns(cur, "t WHERE code <> %s", COLUMNS, (3,), order_by="call_no", chunk_by="call_no / 5000")
        want = s.execute(text("SELECT call_no, code, b - a FROM t WHERE code <> 3 ORDER BY call_no")).all()
    assert len(got) == len(want) > 2000
    assert got["call_no"].tolist() == [r[0] for r in want]
    assert got["code"].tolist() == [r[1] for r in want]
    assert got["span_ns"].tolist() == [r[2] for r in want]  # 64-bit values past 2**32 kept exactly


def test_read_columns_refuses_a_null_instead_of_dropping_the_row(db):
    with db.session() as s:
        _table(s, [(1, 1, 0, 5), (2, 1, None, 5)])
        cur = s.connection().connection.driver_connection.cursor()
        with pytest.raises(ValueError, match="NULL value in call_no, code, span_ns of t"):
            read_columns(cur, "t", COLUMNS)


def test_read_columns_of_no_rows_is_an_empty_array_with_the_columns(db):
    with db.session() as s:
        _table(s, [])
        got = read_columns(s.connection().connection.driver_connection.cursor(), "t", COLUMNS)
    assert len(got) == 0 and got.dtype.names == ("call_no", "code", "span_ns")


def test_read_int64_columns_returns_the_same_values_as_int64(db):
    rows = [(c, c % 5 - 2, -(2**40) + c, 3**30 * c) for c in range(0, 4000, 3)]  # negative and past 2**32
    with db.session() as s:
        _table(s, rows)
        cur = s.connection().connection.driver_connection.cursor()
        want = read_columns(cur, "t", COLUMNS, order_by="call_no", chunk_by="call_no / 1000")
        got = read_int64_columns(cur, "t", COLUMNS, order_by="call_no", chunk_by="call_no / 1000")
    assert list(got) == ["call_no", "code", "span_ns"]
    for name in got:
        assert got[name].dtype == np.int64 and got[name].tolist() == want[name].tolist()
    assert got["code"].min() == -2 and got["span_ns"].max() > 2**32
