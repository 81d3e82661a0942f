"""`Server-Timing: app;dur=<ms>` on every HTTP answer: the time from the request reaching the app to its answer
starting, which a browser's developer tools show beside the request's total, and bench/load_api.py reads to tell
the server's part of a slow read from the wait before it (a busy event loop, the client's own queue)."""

import time


class ServerTiming:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        began = time.perf_counter()

        async def timed_send(message):
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - began) * 1000
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"server-timing", f"app;dur={ms:.2f}".encode())]}
            await send(message)

        await self.app(scope, receive, timed_send)
