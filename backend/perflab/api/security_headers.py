"""Headers every answer carries (docs/security.md, ASVS 14.4): a CSP without 'unsafe-inline' (the UI's scripts and
styles are files of its own origin; React and D3 set styles through the CSSOM, which a CSP does not block), no
framing (clickjacking), no referrer beyond the origin, no MIME sniffing; the API's answers are not cached (ASVS
8.2.1) and a lab reached over https says so for a year (HSTS). Plain ASGI: streams pass untouched."""

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",  # the favicon is a data: URL; chart PNG downloads are blobs
    "connect-src 'self'",
    "font-src 'self' data:",  # the UI's own fonts, small ones inlined by the build
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"referrer-policy", b"same-origin"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        api, https = scope.get("path", "").startswith("/api/"), scope.get("scheme") == "https"

        async def with_headers(message):
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                # a route with a policy of its own (the API docs page) keeps it
                extra = [(k, v) for k, v in HEADERS if k not in present]
                if api and b"cache-control" not in present:  # answers hold users' data and tokens: no cache keeps them
                    extra.append((b"cache-control", b"no-store"))
                if https:  # browsers that came over TLS keep to it (a lab on plain http must not send this)
                    extra.append((b"strict-transport-security", b"max-age=31536000"))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)
