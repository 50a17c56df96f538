"""HTML printouts to PDF with WeasyPrint (imported only when a PDF is asked for)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Pdf", "html_to_pdf"]


@dataclass(frozen=True, slots=True)
class Pdf:
    """A rendered PDF, its number of pages and the size of its first page in millimetres."""

    data: bytes
    pages: int
    page_size_mm: tuple[float, float]


def html_to_pdf(html: str) -> Pdf:
    """Render a self-contained HTML page (its ``@page`` rule gives the paper) to PDF."""
    import weasyprint

    document = weasyprint.HTML(string=html).render()
    data: bytes = document.write_pdf()
    first = document.pages[0]
    mm_per_css_px = 25.4 / 96
    size = (round(first.width * mm_per_css_px, 1), round(first.height * mm_per_css_px, 1))
    return Pdf(data, len(document.pages), size)
