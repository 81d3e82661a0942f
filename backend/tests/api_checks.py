"""What every refused request must look like: its status, and one error naming the field it refuses."""

from sqlalchemy import func, select

from perflab.models import Job, Point, Run


def field_error(r, field: str, status: int = 422) -> dict:
    """The one error of a refused request, checked to name `field` (the last part of its loc)."""
    assert r.status_code == status, r.text
    [err] = r.json()["detail"]
    assert err["loc"][-1] == field, err
    return err


def nothing_stored(db) -> bool:
    """A refused launch leaves no run, point or job behind."""
    with db.session() as s:
        return all(s.scalar(select(func.count()).select_from(m)) == 0 for m in (Run, Point, Job))
