"""CSV bodies streamed in chunks of bounded size, written by PostgreSQL (COPY TO STDOUT, or blocks of lines a
query wrote) or by a generated source (the steps), never the whole table."""

import csv
import io
import select
from collections.abc import Iterator
from contextlib import contextmanager

from psycopg import ClientCursor, pq

from perflab.core.db import Database
from perflab.services.exports.registry import CopySource, ExportTable, GeneratedSource, RowsSource, Source

CHUNK_BYTES = 256 * 1024  # COPY hands out one row at a time; send the network fewer, larger pieces


class CopyFailed(RuntimeError):
    pass


def pg_csv_field(value: str) -> str:
    """A text field as PostgreSQL's COPY … (FORMAT CSV) writes it: quoted when it holds a comma, a quote or a line
    break, or is empty (an unquoted empty field is NULL there), quotes doubled inside. (Python's csv module
    leaves an empty field bare, so it is not used for lines that must equal COPY's.)"""
    if value == "" or any(ch in value for ch in ',"\r\n'):
        return '"' + value.replace('"', '""') + '"'
    return value


def header_line(table: ExportTable) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(table.header)
    return out.getvalue().encode()


def stream_csv(db: Database, table: ExportTable, source: Source) -> Iterator[bytes]:
    yield header_line(table)
    if isinstance(source, RowsSource):
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(source.rows)
        yield out.getvalue().encode()
        return
    if isinstance(source, GeneratedSource):
        yield from source.csv(db)
        return
    yield from copy_out(db, source)


def _wait_readable(pg) -> None:
    select.select([pg.socket], [], [])  # releases the GIL: the event loop goes on while PostgreSQL works
    pg.consume_input()


def _result(pg):
    while pg.is_busy():
        _wait_readable(pg)
    return pg.get_result()


@contextmanager
def _statement_connection(db: Database, sql: str, params) -> Iterator[tuple]:
    """(libpq connection, the statement with its parameters bound) on a connection of its own, held only while
    the body is sent. A statement cut short (client gone, error) leaves the connection mid-protocol: it is then
    thrown away, never reused."""
    with db.engine.connect() as conn:
        raw = conn.connection.driver_connection
        try:
            yield raw.pgconn, ClientCursor(raw).mogrify(sql, params).encode()
        except BaseException:
            conn.invalidate()
            raise


def copy_out(db: Database, source: CopySource) -> Iterator[bytes]:
    """Rows of `COPY (query) TO STDOUT (FORMAT CSV)` in ~CHUNK_BYTES pieces. Memory stays at one chunk whatever
    the size of the run.

    Read with libpq's own calls (psycopg.pq) rather than psycopg's Copy iterator: a row costs a third of the
    time, which is most of the export's time on a large run (bench/export_bench.py)."""
    with _statement_connection(db, f"COPY ({source.query}) TO STDOUT (FORMAT CSV)", source.params) as (pg, query):
        pg.send_query(query)
        started = _result(pg)
        if started.status != pq.ExecStatus.COPY_OUT:
            raise CopyFailed((started.error_message or b"COPY did not start").decode(errors="replace"))
        pending: list[bytes] = []
        size = 0
        while True:
            n, data = pg.get_copy_data(1)  # non-blocking: 0 means wait for more
            if n == 0:
                _wait_readable(pg)
                continue
            if n < 0:  # -1 done, -2 failed: the result says which
                break
            pending.append(bytes(data))
            size += n
            if size >= CHUNK_BYTES:
                yield b"".join(pending)
                pending, size = [], 0
        if pending:
            yield b"".join(pending)
        end = _result(pg)
        while _result(pg) is not None:
            pass
        if end is None or end.status != pq.ExecStatus.COMMAND_OK:
            message = end.error_message if end is not None else b"COPY ended without a result"
            raise CopyFailed(message.decode(errors="replace"))
