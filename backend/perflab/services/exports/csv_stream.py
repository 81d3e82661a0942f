"""CSV bodies streamed in chunks of bounded size, written by a generated source (the calls, the steps: a window of
lines at a time) or from rows in memory (the small tables), never the whole table at once."""

import csv
import io
from collections.abc import Iterator

from perflab.core.db import Database
from perflab.services.exports.registry import ExportTable, RowsSource, Source


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
    yield from source.csv(db)
