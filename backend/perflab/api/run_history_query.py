"""Validation of the runs history's query string; every 422 names the parameter and what it accepts."""

from typing import Annotated

from fastapi import Query

from perflab.api.query_checks import check_range, parse_time, query_error
from perflab.core.text_limits import TIME_TEXT_MAX
from perflab.schemas.common import Choice
from perflab.kinds import KINDS
from perflab.schemas.run import RUN_STATUSES
from perflab.services.run_history import SORT_COLUMNS, HistoryQuery

# the closed sets are enums in the schema (the UI, the CLI and fuzzers read them); a bad one is a 422 naming them
StatusChoice = Choice("status", RUN_STATUSES)
KindChoice = Choice("kind", tuple(KINDS))
SortChoice = Choice("sort", tuple(SORT_COLUMNS))
OrderChoice = Choice("order", ("asc", "desc"))
TimeText = Annotated[str | None, Query(max_length=TIME_TEXT_MAX, description="an ISO-8601 date or date-time")]
SERIES_KEY_PATTERN = r"^[0-9a-f]{32}$"

MAX_LIMIT = 500


def history_query(status: list[str], kind: list[str], agent: list[int], created_from: str | None,
                  created_to: str | None, q: str, sort: str, order: str, limit: int, offset: int,
                  launched_by: list[str] = (), tag: list[str] = (), series: str | None = None,
                  link: list[str] = ()) -> HistoryQuery:
    check_range("limit", limit, 1, MAX_LIMIT)
    check_range("offset", offset, 0, 2**31 - 1)
    for a in agent:
        check_range("agent", a, 1, 2**31 - 1)
    start, end = parse_time("created_from", created_from), parse_time("created_to", created_to)
    if start and end and end <= start:
        raise query_error("created_to", f"created_to must be after created_from ({created_from}) (got {created_to})")
    return HistoryQuery(status=status, kind=kind, agent=agent, created_from=start,
                        created_to=end, q=q.strip(), sort=sort, order=order, limit=limit, offset=offset,
                        launched_by=list(launched_by), tag=list(tag), series=series, link=list(link))
