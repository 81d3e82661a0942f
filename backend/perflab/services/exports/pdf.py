"""PDF reports: headless Chromium prints the UI's own report view, so the figures are the UI's (SVG → vectors).

Two passes: the first print tells on which page each section landed (the PDF's outline, which Chromium builds
from the headings of a tagged PDF; the pages' text as a fallback), the report view then writes those numbers
into its table of contents and the second print is the report."""

import asyncio
import io
import os
import re
from dataclasses import dataclass

from pypdf import PdfReader

CHROMIUM = os.environ.get("PERFLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
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


FOOTER = """<div style="font-size:8px;font-family:sans-serif;color:#555;width:100%;padding:0 12mm;
display:flex;justify-content:space-between"><span>{label}</span>
<span>page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>"""


def _squash(s: str) -> str:
    return re.sub(r"\s+", "", s).lower()


def _outline_pages(reader: PdfReader) -> dict[str, int]:
    """Squashed title → 1-based page of every entry of the PDF's outline (bookmarks)."""
    out: dict[str, int] = {}

    def walk(items) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                page = reader.get_destination_page_number(item)
                if page is not None and page >= 0:
                    out.setdefault(_squash(item.title), page + 1)

    walk(reader.outline)
    return out


def section_pages(pdf: bytes, sections: list[Section], after_page: int) -> dict[str, int]:
    """1-based page of each section, from the outline; a section missing there is looked for in the text: the
    first page after `after_page` (the contents page) that holds its title."""
    reader = PdfReader(io.BytesIO(pdf))
    outline = _outline_pages(reader)
    found = {sec.id: outline[_squash(sec.title)] for sec in sections if _squash(sec.title) in outline}
    missing = [sec for sec in sections if sec.id not in found]
    if not missing:
        return found
    pages = [_squash(p.extract_text() or "") for p in reader.pages]
    start = outline.get("contents", after_page)  # a long cover pushes the contents page on
    for sec in missing:  # sections are in document order: search on from the previous one's page
        key = _squash(sec.title)
        for i in range(start, len(pages)):
            if key in pages[i]:
                found[sec.id] = i + 1
                start = i
                break
    return found


async def render(url: str, paper: str, label: str) -> bytes:
    """Print the report view at `url` (absolute) to PDF on `paper` (a4 | letter)."""
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import async_playwright

    options = {"format": PAPERS[paper], "print_background": True, "display_header_footer": True,
               "header_template": "<div></div>", "footer_template": FOOTER.format(label=label),
               "margin": {"top": "14mm", "bottom": "16mm", "left": "12mm", "right": "12mm"}, "outline": True,
               "tagged": True}
    loop = asyncio.get_running_loop()
    async with _limits.setdefault(loop, asyncio.Semaphore(MAX_PRINTS)):
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    page = await browser.new_page(viewport={"width": 1000, "height": 1400})
                    await page.goto(url, wait_until="domcontentloaded")
                    state = page.locator("[data-report-state='ready'], [data-report-state='error']")
                    await state.first.wait_for(timeout=READY_TIMEOUT_MS)
                    if await page.locator("[data-report-state='error']").count():
                        message = await page.locator("[data-report-error]").first.inner_text()
                        raise ReportError(f"the report view could not load its data: {message}")
                    # the UI ships its fonts: print once they are loaded, never with a machine's fallback
                    await page.evaluate("() => document.fonts.ready.then(() => true)")
                    sections = [Section(**x) for x in await page.evaluate(
                        "() => [...document.querySelectorAll('[data-toc-id]')]"
                        ".map(e => ({id: e.dataset.tocId, title: e.dataset.tocTitle}))")]
                    first = await page.pdf(**options)
                    toc_page = await page.evaluate("() => Number(document.querySelector('[data-toc-page]')"
                                                   "?.dataset.tocPage ?? 2)")
                    pages = section_pages(first, sections, toc_page)
                    await page.evaluate("pages => window.dispatchEvent(new CustomEvent('perflab:toc-pages', "
                                        "{detail: pages}))", pages)
                    await page.locator("[data-toc-filled='true']").wait_for(timeout=5_000)
                    return await page.pdf(**options)
                finally:
                    await browser.close()
        except PlaywrightError as e:
            raise ReportError(f"headless Chromium ({CHROMIUM}) failed: {str(e).splitlines()[0]}") from e
