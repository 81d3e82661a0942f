"""One rule for every string that enters the API: no NUL and no other control character (C0, DEL, C1) but tab,
line feed and carriage return, in the path, the query string and a JSON body (its keys too). PostgreSQL's text cannot hold a NUL
(`GET /api/runs?q=%00` was a 500), and a bell or an escape in a run's name is never what a user meant; notes keep
their line breaks. Checked at the boundary, before any route, so no route can forget it: a 422 that names the field
the way FastAPI's own validation does (`loc` ["query", "q"], ["body", "tags", 2]). Binary bodies (agents' batches)
are not text and pass untouched."""

import json
import re
from urllib.parse import parse_qsl

from fastapi.responses import JSONResponse

FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # C0 but tab, LF, CR; DEL; C1
ALLOWED_WORDS = "tab, line feed and carriage return are the only control characters a text may hold"


def _refusal(loc: list, value: str) -> JSONResponse:
    bad = FORBIDDEN.search(value)
    where = ".".join(str(p) for p in loc[1:]) or loc[0]
    msg = (f"{where} holds the control character U+{ord(bad.group()):04X} at position {bad.start()}: "
           f"{ALLOWED_WORDS}")
    return JSONResponse(status_code=422, content={"detail": [
        {"type": "control_character", "loc": loc, "msg": msg, "input": value[:200]}]})


def _first_bad(value, loc: list) -> tuple[list, str] | None:
    """The location and text of the first string (key or value) holding a forbidden character, depth first."""
    if isinstance(value, str):
        return (loc, value) if FORBIDDEN.search(value) else None
    if isinstance(value, dict):
        for k, v in value.items():
            if FORBIDDEN.search(k):
                return [*loc, k], k
            found = _first_bad(v, [*loc, k])
            if found:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = _first_bad(v, [*loc, i])
            if found:
                return found
    return None


def _is_json(scope) -> bool:
    ctype = dict(scope["headers"]).get(b"content-type", b"").split(b";")[0].strip().lower()
    return ctype == b"application/json" or ctype.endswith(b"+json")


class RefuseControlCharacters:
    """Plain ASGI (long-polls and streams pass untouched): the path and query first, then a JSON body read whole
    (BodyLimit, outside this one, bounds it) and handed on to the route as it came."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if FORBIDDEN.search(scope.get("path", "")):
            return await _refusal(["path"], scope["path"])(scope, receive, send)
        query = scope.get("query_string", b"").decode("latin-1")
        for key, value in parse_qsl(query, keep_blank_values=True, encoding="utf-8", errors="replace"):
            for text in (key, value):
                if FORBIDDEN.search(text):
                    return await _refusal(["query", key], text)(scope, receive, send)
        if scope.get("method") not in ("POST", "PUT", "PATCH") or not _is_json(scope):
            return await self.app(scope, receive, send)
        messages, body = [], b""
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        try:
            found = _first_bad(json.loads(body), ["body"]) if body else None
        except (ValueError, UnicodeDecodeError):
            found = None  # not JSON after all: the route's own validation says why
        if found:
            return await _refusal(*found)(scope, receive, send)

        async def replay():
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)
