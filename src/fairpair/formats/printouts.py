"""Printouts for the tournament hall: one table per sheet, as text or as a printable HTML page.

A :class:`Sheet` is what the service puts on paper (pairings by board, pairings by name,
standings, the crosstable); this module only lays it out. The HTML carries its paper size
(``@page``) so that WeasyPrint (:mod:`fairpair.formats.pdf`) or a browser prints it on A4 or
Letter, with the column headings repeated on every page.
"""

from __future__ import annotations

import enum
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.formats.csv_cells import CsvWriter

__all__ = ["PAPER_SIZES", "Layout", "Sheet", "render_csv", "render_html", "render_text"]

PAPER_SIZES = {"a4": "A4", "letter": "letter"}
"""Paper names a director types, and their CSS ``@page`` size."""


class Layout(enum.Enum):
    """How a sheet is laid out on paper."""

    TABLE = "table"
    """One table, headings repeated on every page."""
    LARGE = "large"
    """One table in large type, to read on the wall from a few steps away."""
    SLIPS = "slips"
    """One slip per row to cut out and hand to the players (pairing card / result slip).
    Rows are ``(round, board, no, first player, rating, no, second player, rating, result
    choices)``; the headings name the two sides (White/Black or Player/Player); the result
    choices are separated by ``|`` (empty: the players write the score)."""


SLIP_HEADER = ("Round", "Board", "No", "White", "Rtg", "No", "Black", "Rtg", "Result")


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
    layout: Layout = Layout.TABLE
    boxes: frozenset[int] = frozenset()
    """Columns that are a box to tick by hand (check-in); their cells are empty."""
    centred: frozenset[int] = frozenset()
    """Columns centred (the result cells of a crosstable grid)."""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.header):
                raise ValueError(f"a row has {len(row)} cells for {len(self.header)} columns")


def _slip_text(sheet: Sheet, row: Sequence[str]) -> list[str]:
    rnd, board, n1, p1, r1, n2, p2, r2, choices = row
    first, second = sheet.header[3], sheet.header[6]
    width = max(len(first), len(second))
    result = "   ".join(f"[ ] {c}" for c in choices.split("|")) if choices else "____ - ____"
    return [
        f"{sheet.title}    Round {rnd}    Board {board}",
        f"{first.ljust(width)}  {n1.rjust(4)}  {p1}  {r1}".rstrip(),
        f"{second.ljust(width)}  {n2.rjust(4)}  {p2}  {r2}".rstrip(),
        f"Result: {result}",
        f"{first}'s signature: ______________   {second}'s signature: ______________",
    ]


def render_text(sheet: Sheet) -> str:
    """The sheet as a plain-text table (for the terminal); slips one under the other
    with a cut line between them."""
    if sheet.layout is Layout.SLIPS:
        cut = "- " * 36 + "8<"
        blocks = ["\n".join(_slip_text(sheet, row)) for row in sheet.rows]
        return (f"\n{cut}\n".join(blocks) + "\n") if blocks else sheet.title + "\n"
    sheet = _boxes_as_text(sheet)
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


def _boxes_as_text(sheet: Sheet) -> Sheet:
    if not sheet.boxes:
        return sheet
    rows = tuple(
        tuple("[ ]" if i in sheet.boxes else c for i, c in enumerate(row)) for row in sheet.rows
    )
    return Sheet(sheet.title, sheet.subtitle, sheet.header, rows, sheet.numeric, sheet.notes)


def render_csv(sheet: Sheet) -> str:
    """The table as CSV with its heading line (boxes to tick are left empty)."""
    stream = io.StringIO()
    writer = CsvWriter(stream)
    writer.writerow(list(sheet.header))
    writer.writerows([list(row) for row in sheet.rows])
    return stream.getvalue()


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
td.x {{ background: #444 !important; }}
td.c, th.c {{ text-align: center; }}
span.box {{ display: inline-block; width: 9pt; height: 9pt; border: 1pt solid #000; }}
table.large {{ font-size: 17pt; }}
h1.large {{ font-size: 24pt; }}
table.large td, table.large th {{ padding: 4pt 6pt; }}
div.slip {{ height: 58mm; box-sizing: border-box; padding: 4mm 3mm; font-size: 11pt;
           border-bottom: 1pt dashed #000; page-break-inside: avoid; position: relative; }}
div.slip p {{ margin: 0 0 3mm 0; }}
div.slip p.head {{ font-size: 12pt; font-weight: bold; }}
div.slip table {{ width: 140mm; table-layout: fixed; margin-bottom: 3mm; }}
div.slip td.n {{ width: 12mm; }}
div.slip td.name {{ width: 96mm; }}
div.slip td {{ border: none; padding: 1pt 3pt; background: none !important; }}
div.slip td.side {{ width: 18mm; font-weight: bold; }}
div.slip span.box {{ width: 11pt; height: 11pt; margin: 0 3pt 0 12pt; vertical-align: -2pt; }}
div.slip span.line {{ display: inline-block; width: 62mm; border-bottom: 0.7pt solid #000; }}
div.slip p.sign {{ margin-top: 8mm; font-size: 9pt; }}
div.slip span.cut {{ position: absolute; bottom: -6pt; left: 0; font-size: 9pt; }}
"""


def render_html(sheet: Sheet, paper: str = "a4") -> str:
    """A self-contained HTML page for the sheet, sized for ``paper`` (``a4`` or ``letter``)."""
    try:
        size = PAPER_SIZES[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}: choose a4 or letter") from None
    e = html.escape

    def cell(tag: str, i: int, c: str) -> str:
        if tag == "td" and i in sheet.boxes:
            return '<td><span class="box"></span></td>'
        if tag == "td" and c == "×":  # the diagonal of a crosstable: blocked
            return '<td class="x"></td>'
        if i in sheet.centred:
            return f'<{tag} class="c">{e(c)}</{tag}>'
        return (
            f'<{tag} class="n">{e(c)}</{tag}>' if i in sheet.numeric else f"<{tag}>{e(c)}</{tag}>"
        )

    def cells(tag: str, row: Sequence[str]) -> str:
        return "".join(cell(tag, i, c) for i, c in enumerate(row))

    large = ' class="large"' if sheet.layout is Layout.LARGE else ""
    if sheet.layout is Layout.SLIPS:
        content = "\n".join(_slip_html(sheet, row) for row in sheet.rows)
    else:
        body = "\n".join(f"<tr>{cells('td', row)}</tr>" for row in sheet.rows)
        content = (
            f"<table{large}><thead><tr>{cells('th', sheet.header)}</tr></thead>\n"
            f"<tbody>\n{body}\n</tbody></table>"
        )
    notes = "\n".join(f'<p class="note">{e(n)}</p>' for n in sheet.notes)
    subtitle = f'<p class="subtitle">{e(sheet.subtitle)}</p>' if sheet.subtitle else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f"<title>{e(sheet.title)}</title>"
        f"<style>{_STYLE.format(size=size)}</style></head>\n"
        f"<body><h1{large}>{e(sheet.title)}</h1>{subtitle}\n"
        f"{content}\n{notes}\n</body></html>\n"
    )


def _slip_html(sheet: Sheet, row: Sequence[str]) -> str:
    e = html.escape
    rnd, board, n1, p1, r1, n2, p2, r2, choices = (e(c) for c in row)
    first, second = e(sheet.header[3]), e(sheet.header[6])
    if choices:
        result = "".join(f'<span class="box"></span>{c}' for c in choices.split("|"))
    else:
        result = ' <span class="line" style="width:20mm"></span> &ndash; '
        result += '<span class="line" style="width:20mm"></span>'
    return (
        '<div class="slip">'
        f'<p class="head">{e(sheet.title)} &middot; Round {rnd} &middot; Board {board}</p>'
        f'<table><tr><td class="side">{first}</td><td class="n">{n1}</td><td class="name">{p1}</td>'
        f'<td class="n">{r1}</td></tr>'
        f'<tr><td class="side">{second}</td><td class="n">{n2}</td><td class="name">{p2}</td>'
        f'<td class="n">{r2}</td></tr></table>'
        f"<p>Result:{result}</p>"
        f'<p class="sign">{first}: <span class="line"></span> &nbsp; '
        f'{second}: <span class="line"></span></p>'
        '<span class="cut">&#9986;</span></div>'
    )
