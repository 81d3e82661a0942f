"""The registry of exportable tables: name → columns (with units) → a row source.

A table computed by another part of perflab plugs in with one `register(...)` call; the CSV endpoint, the UI's
Export menu and docs/exports.md all read this registry. A row source is prepared before the response starts,
so a table that does not exist for a run is refused with a message instead of an empty file pretending."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from perflab.models import Run


@dataclass(frozen=True)
class Column:
    name: str  # carries its unit as a suffix (_ns, _bytes, _pct …) when it has one
    description: str
    unit: str = ""


POINT_NO = Column("point_no", "index of the run's point (parameter combination)")

# What a point can vary in, one column each, the same names and units in every per-point table: a table whose
# rows are per point carries `per_point(...)` and gets them filled from the run and its points (point_params.py).
POINT_COLUMNS = (
    Column("transport", "tcp | udp (RPC: the run's transport)"),
    Column("request_bytes", "request payload per call (RPC: the procedure's arguments)", "bytes"),
    Column("response_bytes", "response payload per call (RPC: echo the request size, null/sink/work 0)", "bytes"),
    Column("threads", "concurrent callers: RPC client threads, a flows run's flows, 1 otherwise"),
    Column("think_time_us", "think time between a caller's calls (0 outside RPC runs)", "µs"),
    Column("protection", "RPC protection level (none for socket runs: bytes in the clear)"),
    Column("cache", "RPC binding cache policy; empty for socket runs (no binding)"),
)
POINT_COLUMN_NAMES = tuple(c.name for c in POINT_COLUMNS)


def per_point(*columns: Column) -> tuple[Column, ...]:
    """A per-point table's columns: the point, what it is, then the table's own columns."""
    return (POINT_NO, *POINT_COLUMNS, *columns)


@dataclass(frozen=True)
class RowsSource:
    """Rows already in memory (small tables: statistics, analysis results)."""
    rows: Sequence[Sequence[Any]]


@dataclass(frozen=True)
class GeneratedSource:
    """Rows made in Python from data PostgreSQL cannot read itself (the steps' compressed blocks): `csv(db)`
    yields blocks of whole CSV lines, `rows(cursor, limit)` the first `limit` rows as values (table.json)."""
    csv: Callable[[Any], Iterator[bytes]]
    rows: Callable[[Any, int], list[list]]


Source = RowsSource | GeneratedSource


class TableUnavailable(LookupError):
    """The table does not exist for this run (an analysis not computed, not applicable): answered with 409."""


@dataclass(frozen=True)
class ExportTable:
    name: str
    description: str
    columns: tuple[Column, ...]
    # prepare(session, run) → Source; raises TableUnavailable when the run has no such table
    prepare: Callable[[Session, Run], Source]
    # every run has it: listing it needs no prepare (the points table's SQL takes a second on a 1M-step run)
    always_available: bool = False

    @property
    def header(self) -> list[str]:
        return [c.name for c in self.columns]


_TABLES: dict[str, ExportTable] = {}


def register(table: ExportTable) -> ExportTable:
    if table.name in _TABLES:
        raise ValueError(f"export table {table.name!r} is registered twice")
    _TABLES[table.name] = table
    return table


def get_table(name: str) -> ExportTable | None:
    return _TABLES.get(name)


def table_names() -> list[str]:
    return list(_TABLES)


def all_tables() -> Iterable[ExportTable]:
    return _TABLES.values()
