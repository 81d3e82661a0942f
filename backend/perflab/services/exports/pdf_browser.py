"""One headless Chromium kept warm between PDF prints: started on the first print, closed when idle or at shutdown.

Starting Playwright's driver and Chromium costs 0.75-1 s per print on a small machine, more than the print itself.
Each print still gets a browser context of its own (no cookies, cache or routes shared between prints); only the
process is shared. The browser belongs to the event loop that started it (Playwright's objects are bound to
their loop), so there is one per loop; the app's lifespan closes its loop's one on shutdown (main.py)."""

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator

CHROMIUM = os.environ.get("PERFLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
# a browser nobody printed with for this long is closed: it holds ~150 MB the machine's runs may want
IDLE_S = float(os.environ.get("PERFLAB_CHROMIUM_IDLE_S", "60"))


class WarmChromium:
    """A Chromium process shared by the prints of one event loop; `context()` hands each print a fresh context."""

    def __init__(self, idle_s: float = IDLE_S) -> None:
        self.idle_s = idle_s
        self._lock = asyncio.Lock()
        self._pw = None
        self._browser = None
        self._users = 0
        self._idle: asyncio.Task | None = None

    @property
    def running(self) -> bool:
        return self._browser is not None

    async def _ensure(self):
        """The browser, started now if there is none or the old one died (a crash must not fail every later print)."""
        from playwright.async_api import async_playwright

        if self._browser is not None and not self._browser.is_connected():
            await self._stop()
        if self._browser is None:
            pw = await async_playwright().start()
            try:
                self._browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            except BaseException:
                await pw.stop()
                raise
            self._pw = pw
        return self._browser

    @contextlib.asynccontextmanager
    async def context(self, **options) -> AsyncIterator:
        """A new browser context on the warm browser, closed after the print whatever happens."""
        async with self._lock:
            self._cancel_idle()
            browser = await self._ensure()
            self._users += 1
        try:
            ctx = await browser.new_context(**options)
            try:
                yield ctx
            finally:
                with contextlib.suppress(Exception):  # a crashed browser has no context left to close
                    await ctx.close()
        finally:
            async with self._lock:
                self._users -= 1
                if self._users == 0 and self._browser is not None:
                    self._idle = asyncio.create_task(self._close_when_idle())

    async def _close_when_idle(self) -> None:
        await asyncio.sleep(self.idle_s)
        async with self._lock:
            if self._users == 0:
                self._idle = None
                await self._stop()

    async def _stop(self) -> None:
        browser, pw, self._browser, self._pw = self._browser, self._pw, None, None
        with contextlib.suppress(Exception):
            if browser is not None:
                await browser.close()
        with contextlib.suppress(Exception):
            if pw is not None:
                await pw.stop()

    async def close(self) -> None:
        """Closes the browser now (shutdown); a print after this starts a new one."""
        async with self._lock:
            self._cancel_idle()
            await self._stop()

    def _cancel_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None


_warm: dict[asyncio.AbstractEventLoop, WarmChromium] = {}


def warm_chromium() -> WarmChromium:
    """This event loop's shared browser (not started until a print asks for a context)."""
    loop = asyncio.get_running_loop()
    for other in [lp for lp in _warm if lp.is_closed()]:  # a finished loop's browser died with its driver
        del _warm[other]
    return _warm.setdefault(loop, WarmChromium())


async def close_chromium() -> None:
    """Closes this event loop's browser, if one was started (the app's shutdown)."""
    warm = _warm.pop(asyncio.get_running_loop(), None)
    if warm is not None:
        await warm.close()
