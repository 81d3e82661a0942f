"""The runs history: filters (status, kind, agents, creation date range, free text over name, tags and notes,
exact tags, series, the link profile the run was measured on),
sorting and pagination, all as one SQL query."""

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import String, cast, func, or_, select
from sqlalchemy.orm import Session

from perflab.models import Run, User

# sort key → column; ties are broken by id in the same direction so pages never overlap
SORT_COLUMNS = {
    "created_at": Run.created_at,
    "id": Run.id,
    "name": Run.name,
    "status": Run.status,
    "kind": Run.kind,
    "calls": Run.calls_total,
    "finished_at": Run.finished_at,
}


@dataclass
class HistoryQuery:
    status: list[str] = field(default_factory=list)
    kind: list[str] = field(default_factory=list)
    agent: list[int] = field(default_factory=list)  # runs where any of these agents is client or server
    created_from: datetime | None = None
    created_to: datetime | None = None  # exclusive
    q: str = ""
    sort: str = "created_at"
    order: str = "desc"
    limit: int = 50
    offset: int = 0
    launched_by: list[str] = field(default_factory=list)  # user names
    tag: list[str] = field(default_factory=list)  # runs that carry every one of these tags exactly
    series: str | None = None  # runs of this series key
    link: list[str] = field(default_factory=list)  # runs whose recorded link profile is one of these


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def list_history(s: Session, h: HistoryQuery) -> tuple[list[Run], int]:
    query = select(Run)
    if h.status:
        query = query.where(Run.status.in_(h.status))
    if h.kind:
        query = query.where(Run.kind.in_(h.kind))
    if h.agent:
        query = query.where(or_(Run.client_agent_id.in_(h.agent), Run.server_agent_id.in_(h.agent)))
    if h.launched_by:
        query = query.where(Run.launched_by_id.in_(select(User.id).where(User.name.in_(h.launched_by))))
    if h.tag:
        query = query.where(Run.tags.contains(h.tag))
    if h.series:
        query = query.where(Run.series_key == h.series)
    if h.link:
        query = query.where(Run.link["profile"].astext.in_(h.link))
    if h.created_from is not None:
        query = query.where(Run.created_at >= h.created_from)
    if h.created_to is not None:
        query = query.where(Run.created_at < h.created_to)
    for word in h.q.split():
        pattern = f"%{_like_escape(word)}%"
        tags = func.array_to_string(Run.tags, " ")
        query = query.where(or_(Run.name.ilike(pattern, escape="\\"), tags.ilike(pattern, escape="\\"),
                                Run.notes.ilike(pattern, escape="\\"),
                                cast(Run.id, String) == word.lstrip("#")))
    total = s.scalar(select(func.count()).select_from(query.subquery()))
    column = SORT_COLUMNS[h.sort]
    if h.order == "asc":
        ordering = [column.asc().nulls_last(), Run.id.asc()]
    else:
        ordering = [column.desc().nulls_last(), Run.id.desc()]
    rows = s.scalars(query.order_by(*ordering).limit(h.limit).offset(h.offset)).all()
    return list(rows), int(total or 0)
