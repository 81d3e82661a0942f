"""The PDF prints' warm Chromium (services/exports/pdf_browser.py): started on first use, one process for
successive prints, a fresh context each (no cookie of one print seen by the next), closed when idle, on close()
and when the app shuts down (needs /usr/bin/chromium, as test_export_pdf.py)."""

import asyncio

import httpx
import pytest

from perflab.main import create_app
from perflab.services.exports import pdf_browser
from perflab.services.exports.pdf_browser import WarmChromium

from conftest import serving


@pytest.mark.slow
def test_one_browser_serves_successive_prints_each_in_a_fresh_context():
    async def prints():
        warm = WarmChromium(idle_s=60)
        assert not warm.running  # nothing started before a print asks
        async with warm.context() as first:
            browser = warm._browser
            await first.add_cookies([{"name": "seen", "value": "1", "url": "http://127.0.0.1:9/"}])
            assert await first.cookies() != []
        async with warm.context() as second:
            assert warm._browser is browser  # the same process, not a new launch
            assert second is not first and await second.cookies() == []
        assert warm.running
        await warm.close()
        assert not warm.running and not browser.is_connected()
        async with warm.context():  # a print after close() starts a new browser
            assert warm._browser is not browser
        await warm.close()

    asyncio.run(prints())


@pytest.mark.slow
def test_an_idle_browser_is_closed_and_a_dead_one_replaced():
    async def idle():
        warm = WarmChromium(idle_s=0.05)
        async with warm.context():
            browser = warm._browser
        for _ in range(200):  # the idle close runs as a task of this loop; the browser's close completes after
            if not warm.running and not browser.is_connected():
                break
            await asyncio.sleep(0.05)
        assert not warm.running and not browser.is_connected()
        warm.idle_s = 60
        async with warm.context():
            crashed = warm._browser
        await crashed.close()  # as if Chromium died between prints
        async with warm.context() as ctx:
            assert warm._browser is not crashed and warm._browser.is_connected()
            assert await ctx.new_page()
        await warm.close()

    asyncio.run(idle())


@pytest.mark.slow
@pytest.mark.live_server
def test_the_app_closes_its_browser_on_shutdown(settings, db):
    app = create_app(settings, db)
    started: dict = {}

    async def start_one() -> dict:  # a print's first step, in the server's own event loop
        warm = pdf_browser.warm_chromium()
        async with warm.context():
            started["browser"] = warm._browser
        return {"running": warm.running}

    app.add_api_route("/test-warm-chromium", start_one)
    app.router.routes.insert(0, app.router.routes.pop())  # before the UI's catch-all

    with serving(app) as port:
        assert httpx.get(f"http://127.0.0.1:{port}/test-warm-chromium", timeout=60).json() == {"running": True}
        assert started["browser"].is_connected()
    assert not started["browser"].is_connected()  # the lifespan's shutdown closed it
