"""A streaming response whose body generator is closed the moment the response ends, a client that left
halfway included. Starlette leaves a sync generator to the garbage collector then, and an export's generator
holds a database connection in the middle of a COPY (whose locks block TRUNCATE, migrations …) until it runs."""

import threading
from collections.abc import AsyncIterator, Generator

import anyio
from fastapi.responses import StreamingResponse

_END = object()


async def _in_threadpool(gen: Generator[bytes, None, None]) -> AsyncIterator[bytes]:
    lock = threading.Lock()  # next() and close() never run at once

    def step():
        with lock:
            return next(gen, _END)

    def close():
        with lock:
            gen.close()  # runs the generator's finally blocks: the connection goes back, or is dropped

    try:
        while (chunk := await anyio.to_thread.run_sync(step)) is not _END:
            yield chunk
    finally:
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(close)


class ClosingStreamingResponse(StreamingResponse):
    def __init__(self, body: Generator[bytes, None, None], **kwargs):
        super().__init__(_in_threadpool(body), **kwargs)

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            with anyio.CancelScope(shield=True):
                await self.body_iterator.aclose()
