"""Query-string validation whose 422 names the parameter, the allowed range or values and the bad value, in the
same shape as the body errors (docs/protocol.md: `{"detail": [{"loc": ["query", field], "msg": ...}]}`)."""

from datetime import datetime, timezone

from fastapi import HTTPException


def query_error(field: str, message: str) -> HTTPException:
    return HTTPException(422, [{"loc": ["query", field], "msg": message, "type": "value_error"}])


def check_range(field: str, value: int | None, lo: int, hi: int) -> None:
    if value is not None and not lo <= value <= hi:
        raise query_error(field, f"{field} must be between {lo} and {hi} (got {value})")


def check_choices(field: str, values: list[str], allowed: tuple[str, ...]) -> None:
    bad = [v for v in values if v not in allowed]
    if bad:
        raise query_error(field, f"{field} must be one of {', '.join(allowed)} (got {bad[0]!r})")


def parse_time(field: str, value: str | None) -> datetime | None:
    """ISO-8601 date or date-time; a naive value is taken as UTC."""
    if value is None or value == "":
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise query_error(field, f"{field} must be an ISO-8601 date or date-time, e.g. 2026-11-21 or "
                                 f"2026-11-21T20:15:00Z (got {value!r})") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed
