"""CSV bodies streamed in chunks of bounded size: COPY TO STDOUT straight through, never the whole table."""

import csv
import io
from collections.abc import Iterator

from perflab.core.db import Database
from perflab.services.exports.registry import CopySource, ExportTable, RowsSource, Source

CHUNK_BYTES = 256 * 1024  # COPY hands out one row at a time; send the network fewer, larger pieces


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
    yield from copy_out(db, source)


def copy_out(db: Database, source: CopySource) -> Iterator[bytes]:
    """Rows of `COPY (query) TO STDOUT (FORMAT CSV)` in ~CHUNK_BYTES pieces, on a connection of its own held
    only while the body is sent. Memory stays at one chunk whatever the size of the run."""
    with db.engine.connect() as conn:
        raw = conn.connection.driver_connection
        with raw.cursor() as cur:
            with cur.copy(f"COPY ({source.query}) TO STDOUT (FORMAT CSV)", source.params) as cp:
                pending: list[bytes] = []
                size = 0
                for block in cp:
                    pending.append(bytes(block))
                    size += len(block)
                    if size >= CHUNK_BYTES:
                        yield b"".join(pending)
                        pending, size = [], 0
                if pending:
                    yield b"".join(pending)
        conn.rollback()  # read-only: end the transaction before the connection goes back to the pool
