"""The PDF's outline (bookmarks) from the named destinations Chromium writes for the report's internal links."""

import io
from dataclasses import dataclass

from pypdf import PdfReader, PdfWriter
from pypdf.generic import Fit


@dataclass(frozen=True)
class Bookmark:
    title: str
    page: int  # 0-based
    top: float | None = None  # PDF points from the page's bottom; None: the page's top
    level: int = 1


def destinations(reader: PdfReader) -> dict[str, tuple[int, float | None]]:
    """Named destination (an element's id) → (0-based page, top in PDF points)."""
    out: dict[str, tuple[int, float | None]] = {}
    for name, dest in reader.named_destinations.items():
        page = reader.get_destination_page_number(dest)
        if page is None or page < 0:
            continue
        top = dest.get("/Top")
        out[str(name).lstrip("/")] = (page, float(top) if top is not None else None)
    return out


def add_outline(pdf: bytes, marks: list[Bookmark], title: str | None = None) -> bytes:
    """`pdf` with `marks` as its outline (level 2 under the level 1 before it), opened with the outline shown."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    parent = None
    for m in marks:
        fit = Fit.xyz(left=0, top=m.top) if m.top is not None else Fit.fit()
        item = writer.add_outline_item(title=m.title, page_number=m.page, parent=parent if m.level > 1 else None,
                                       fit=fit)
        if m.level == 1:
            parent = item
    writer.page_mode = "/UseOutlines"
    if title:
        writer.add_metadata({"/Title": title})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
