"""A table's rows as JSON values, for the small tables the report view shows (points, statistics, analyses)."""

from decimal import Decimal

from sqlalchemy.orm import Session

from perflab.services.exports.registry import GeneratedSource, Source

JSON_MAX_ROWS = 1000


class TooManyRows(ValueError):
    pass


def _value(v):
    if isinstance(v, Decimal):
        return float(v)
    if v in ("true", "false"):
        return v == "true"
    return v


def table_rows(s: Session, source: Source, limit: int) -> list[list]:
    if isinstance(source, GeneratedSource):
        with s.connection().connection.driver_connection.cursor() as cur:
            rows = source.rows(cur, limit + 1)
    else:
        rows = source.rows[:limit + 1]
    if len(rows) > limit:
        raise TooManyRows(limit)
    return [[_value(v) for v in row] for row in rows]
