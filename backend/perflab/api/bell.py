"""Wakes the agents' long-polls when a command may have been queued for them, so they need not poll fast."""

import asyncio


class Bell:
    def __init__(self) -> None:
        self._waiters: set[asyncio.Future] = set()

    async def wait(self, timeout_s: float) -> None:
        """Return when rung or after timeout_s, whichever comes first."""
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.add(waiter)
        try:
            await asyncio.wait_for(waiter, timeout_s)
        except TimeoutError:
            pass
        finally:
            self._waiters.discard(waiter)

    async def ring(self) -> None:
        """Async on purpose: FastAPI runs it as a background task, after the request's commit."""
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
