"""Validation of the runs history's query string; every 422 names the parameter and what it accepts."""

from perflab.api.query_checks import check_choices, check_range, parse_time, query_error
from perflab.schemas.run import RUN_STATUSES
from perflab.services.run_history import SORT_COLUMNS, HistoryQuery

MAX_LIMIT = 500


def history_query(status: list[str], kind: list[str], agent: list[int], created_from: str | None,
                  created_to: str | None, q: str, sort: str, order: str, limit: int, offset: int,
                  launched_by: list[str] = (), tag: list[str] = (), series: str | None = None) -> HistoryQuery:
    check_choices("status", status, RUN_STATUSES)
    check_choices("sort", [sort], tuple(SORT_COLUMNS))
    check_choices("order", [order], ("asc", "desc"))
    check_range("limit", limit, 1, MAX_LIMIT)
    check_range("offset", offset, 0, 2**31 - 1)
    for a in agent:
        check_range("agent", a, 1, 2**31 - 1)
    for name in launched_by:
        if not 1 <= len(name) <= 64:
            raise query_error("launched_by", f"launched_by must be a user name of 1-64 characters (got {len(name)})")
    for t in tag:
        if not 1 <= len(t) <= 64:
            raise query_error("tag", f"tag must be 1-64 characters (got {len(t)})")
    if series is not None and not (len(series) == 32 and all(c in "0123456789abcdef" for c in series)):
        raise query_error("series", f"series must be a series key of 32 hex digits (got {series[:40]!r})")
    start, end = parse_time("created_from", created_from), parse_time("created_to", created_to)
    if start and end and end <= start:
        raise query_error("created_to", f"created_to must be after created_from ({created_from}) (got {created_to})")
    return HistoryQuery(status=status, kind=[k for k in kind if k], agent=agent, created_from=start,
                        created_to=end, q=q.strip(), sort=sort, order=order, limit=limit, offset=offset,
                        launched_by=list(launched_by), tag=list(tag), series=series)
