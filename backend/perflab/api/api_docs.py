"""The API's own description, /api/openapi.json and its Swagger page /api/docs: for logged-in users (any role), or
for anyone when PERFLAB_PUBLIC_API_DOCS is set (docs/security.md: the document maps every route an attacker could
try). `make api-types` reads the document from the app object (`python -m perflab openapi`), not over HTTP."""

import secrets

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse

from perflab.api.access import VIEWER
from perflab.core.config import Settings

SWAGGER_CDN = "https://cdn.jsdelivr.net"  # FastAPI's Swagger UI files


def mount_api_docs(app: FastAPI, settings: Settings) -> None:
    who = [] if settings.public_api_docs else VIEWER

    @app.get("/api/openapi.json", include_in_schema=False, dependencies=who)
    async def openapi_document() -> JSONResponse:
        return JSONResponse(app.openapi())

    @app.get("/api/docs", include_in_schema=False, dependencies=who)
    async def swagger_page() -> HTMLResponse:
        # the page's one inline script runs by a nonce; the app-wide CSP (api/security_headers.py) allows none
        nonce = secrets.token_urlsafe(16)
        page = get_swagger_ui_html(openapi_url="/api/openapi.json", title="perflab API")
        html = page.body.decode().replace("<script>", f'<script nonce="{nonce}">')
        csp = (f"default-src 'self'; script-src 'nonce-{nonce}' {SWAGGER_CDN}; style-src {SWAGGER_CDN}; "
               f"img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
               f"frame-ancestors 'none'")
        return HTMLResponse(html, headers={"Content-Security-Policy": csp})
