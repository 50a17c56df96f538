"""HTML printouts to PDF with WeasyPrint (imported only when a PDF is asked for)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Pdf", "html_to_pdf"]


@dataclass(frozen=True, slots=True)
class Pdf:
    """A rendered PDF and its number of pages."""

    data: bytes
    pages: int


def html_to_pdf(html: str) -> Pdf:
    """Render a self-contained HTML page (its ``@page`` rule gives the paper) to PDF."""
    import weasyprint

    document = weasyprint.HTML(string=html).render()
    data: bytes = document.write_pdf()
    return Pdf(data, len(document.pages))
