"""Printouts for the tournament hall: one table per sheet, as text or as a printable HTML page.

A :class:`Sheet` is what the service puts on paper (pairings by board, pairings by name,
standings, the crosstable); this module only lays it out. The HTML carries its paper size
(``@page``) so that WeasyPrint (:mod:`fairpair.formats.pdf`) or a browser prints it on A4 or
Letter, with the column headings repeated on every page.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["PAPER_SIZES", "Sheet", "render_html", "render_text"]

PAPER_SIZES = {"a4": "A4", "letter": "letter"}
"""Paper names a director types, and their CSS ``@page`` size."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """A titled table: headings, rows of text, which columns are numbers, and notes."""

    title: str
    subtitle: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset[int] = frozenset()
    """Columns aligned to the right."""
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.header):
                raise ValueError(f"a row has {len(row)} cells for {len(self.header)} columns")


def render_text(sheet: Sheet) -> str:
    """The sheet as a plain-text table (for the terminal)."""
    widths = [len(h) for h in sheet.header]
    for row in sheet.rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(w) if i in sheet.numeric else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    out = [sheet.title]
    if sheet.subtitle:
        out.append(sheet.subtitle)
    out.append("")
    out.append(line(sheet.header))
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(row) for row in sheet.rows)
    if sheet.notes:
        out.append("")
        out.extend(sheet.notes)
    return "\n".join(out) + "\n"


_STYLE = """
@page {{ size: {size}; margin: 12mm 10mm 14mm 10mm;
        @bottom-right {{ content: "page " counter(page) " of " counter(pages); font-size: 8pt; }} }}
body {{ font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9.5pt; margin: 0; }}
h1 {{ font-size: 15pt; margin: 0 0 2pt 0; }}
p.subtitle {{ margin: 0 0 8pt 0; color: #333; }}
table {{ border-collapse: collapse; width: 100%; }}
thead {{ display: table-header-group; }}
tr {{ page-break-inside: avoid; }}
th, td {{ border-bottom: 0.5pt solid #999; padding: 2pt 4pt; text-align: left; }}
th {{ border-bottom: 1pt solid #000; background: #eee; }}
td.n, th.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
tbody tr:nth-child(even) td {{ background: #f6f6f6; }}
p.note {{ font-size: 8pt; color: #444; margin: 2pt 0; }}
"""


def render_html(sheet: Sheet, paper: str = "a4") -> str:
    """A self-contained HTML page for the sheet, sized for ``paper`` (``a4`` or ``letter``)."""
    try:
        size = PAPER_SIZES[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}: choose a4 or letter") from None
    e = html.escape

    def cells(tag: str, row: Sequence[str]) -> str:
        return "".join(
            f'<{tag} class="n">{e(c)}</{tag}>' if i in sheet.numeric else f"<{tag}>{e(c)}</{tag}>"
            for i, c in enumerate(row)
        )

    body = "\n".join(f"<tr>{cells('td', row)}</tr>" for row in sheet.rows)
    notes = "\n".join(f'<p class="note">{e(n)}</p>' for n in sheet.notes)
    subtitle = f'<p class="subtitle">{e(sheet.subtitle)}</p>' if sheet.subtitle else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f"<title>{e(sheet.title)}</title>"
        f"<style>{_STYLE.format(size=size)}</style></head>\n"
        f"<body><h1>{e(sheet.title)}</h1>{subtitle}\n"
        f"<table><thead><tr>{cells('th', sheet.header)}</tr></thead>\n"
        f"<tbody>\n{body}\n</tbody></table>\n{notes}\n</body></html>\n"
    )
