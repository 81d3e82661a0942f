"""PDF reports: headless Chromium prints the UI's own report view, so the figures are the UI's (SVG → vectors).

One print: the contents lists the numbered sections as links, without page numbers (writing them in took a second
print, half the time of a report); the PDF's outline, added here from the named destinations Chromium writes for
those links (outline.py), gives every section's page. The print is untagged: a tagged PDF carries one uncompressed
structure element per table cell and SVG shape, two thirds of the file and a third of the print time. The browser
is kept running between prints (pdf_browser.py); each print has a browser context of its own."""

import asyncio
import io
from dataclasses import dataclass
from urllib.parse import urlsplit

from pypdf import PdfReader

from perflab.services.exports.outline import Bookmark, add_outline, destinations
from perflab.services.exports.pdf_browser import CHROMIUM, warm_chromium
from perflab.services.exports.report_jobs import Progress

PAPERS = {"a4": "A4", "letter": "Letter"}
READY_TIMEOUT_MS = 30_000
MAX_PRINTS = 2  # Chromium is heavy on a small machine: at most two prints at once (per event loop)
_limits: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}


class ReportError(RuntimeError):
    """The report view could not be rendered (its data failed to load, Chromium missing …)."""


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    level: int = 1  # 2: a part of the appendix


FOOTER = """<div style="font-size:8px;font-family:sans-serif;color:#555;width:100%;padding:0 12mm;
display:flex;justify-content:space-between"><span>{label}</span>
<span>page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>"""


def bookmarks(pdf: bytes, sections: list[Section], toc_page: int) -> list[Bookmark]:
    """The PDF's outline: the summary, the contents, then every section at its destination."""
    reader = PdfReader(io.BytesIO(pdf))
    dests = destinations(reader)
    marks = [Bookmark("Summary", 0), Bookmark("Contents", toc_page - 1)]
    for sec in sections:
        if sec.id in dests:
            page, top = dests[sec.id]
            marks.append(Bookmark(sec.title, page, top, sec.level))
    return marks


async def render(url: str, paper: str, label: str, progress: Progress | None = None,
                 headers: dict[str, str] | None = None) -> bytes:
    """Print the report view at `url` (absolute) to PDF on `paper` (a4 | letter), reporting its stages; `headers`
    go with every request of the page (the caller's credentials)."""
    from playwright.async_api import Error as PlaywrightError

    progress = progress or Progress(None, None)
    options = {"format": PAPERS[paper], "print_background": True, "display_header_footer": True,
               "header_template": "<div></div>", "footer_template": FOOTER.format(label=label),
               "margin": {"top": "14mm", "bottom": "16mm", "left": "12mm", "right": "12mm"}}
    loop = asyncio.get_running_loop()
    progress.stage("waiting")
    try:
        async with _limits.setdefault(loop, asyncio.Semaphore(MAX_PRINTS)):
            progress.stage("loading")
            pdf = await _print(url, options, progress, headers or {})
        progress.finish()
        return pdf
    except PlaywrightError as e:
        error = ReportError(f"headless Chromium ({CHROMIUM}) failed: {str(e).splitlines()[0]}")
        progress.finish(str(error))
        raise error from e
    except Exception as e:
        progress.finish(str(e) or type(e).__name__)
        raise


async def _lab_only(context, url: str, headers: dict[str, str]) -> None:
    """The print reads the lab and nothing else: requests to any other origin are refused, and the print's token
    goes only to the lab's own origin."""
    lab = urlsplit(url)

    async def route(r):
        target = urlsplit(r.request.url)
        if (target.scheme, target.netloc) != (lab.scheme, lab.netloc):
            return await r.abort("blockedbyclient")
        await r.continue_(headers={**r.request.headers, **headers})

    await context.route("**/*", route)  # the context's every page, popups included


async def _print(url: str, options: dict, progress: Progress, headers: dict[str, str]) -> bytes:
    # a fresh context on the shared, already running browser (pdf_browser.py): nothing of another print is seen
    async with warm_chromium().context(viewport={"width": 1000, "height": 1400}) as context:
        await _lab_only(context, url, headers)
        page = await context.new_page()
        await page.goto(url, wait_until="domcontentloaded")
        state = page.locator("[data-report-state='ready'], [data-report-state='error']")
        await state.first.wait_for(timeout=READY_TIMEOUT_MS)
        if await page.locator("[data-report-state='error']").count():
            message = await page.locator("[data-report-error]").first.inner_text()
            raise ReportError(f"the report view could not load its data: {message}")
        # the UI ships its fonts: print once they are loaded, never with a machine's fallback
        await page.evaluate("() => document.fonts.ready.then(() => true)")
        sections = [Section(**x) for x in await page.evaluate(
            "() => [...document.querySelectorAll('[data-toc-id]')].map(e => ({id: e.dataset.tocId, "
            "title: e.dataset.tocTitle, level: Number(e.dataset.tocLevel ?? 1)}))")]
        title = await page.title()
        progress.stage("printing")
        pdf = await page.pdf(**options)
        toc_page = await page.evaluate("() => Number(document.querySelector('[data-toc-page]')"
                                       "?.dataset.tocPage ?? 2)")
    progress.stage("outline", pages=len(PdfReader(io.BytesIO(pdf)).pages))
    return await asyncio.to_thread(add_outline, pdf, bookmarks(pdf, sections, toc_page), title)
