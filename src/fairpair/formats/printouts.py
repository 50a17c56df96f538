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

__all__ = [
    "CARD_HEADER",
    "KNOCKOUT_SLIP_HEADER",
    "MATCH_SLIP_HEADER",
    "PAPER_SIZES",
    "Layout",
    "Sheet",
    "render_csv",
    "render_html",
    "render_text",
]

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
    MATCH_CARDS = "match-cards"
    """One page per team match (the match card): its boards with the line-ups, a result box
    per board and for the match, and lines for the captains' and the arbiter's signatures.
    Rows are boards, in the columns of :data:`CARD_HEADER`; consecutive rows of the same
    match make one card. A board's result is empty while it is to be played (boxes to tick);
    a match forfeited as a whole is one row without a board, its result the forfeit. The
    rating columns are left out when no player on the sheet has a rating."""
    MATCH_SLIPS = "match-slips"
    """One slip per two-game match (Double-Swiss) to cut out and hand to the players: both
    players, each game with its White and Black (game 2 reversed), boxes to tick each game's
    result, a line for the match result and the two signatures. Rows are in the columns of
    :data:`MATCH_SLIP_HEADER`; a game's result already known is printed instead of its
    boxes."""
    CODE_SLIPS = "code-slips"
    """One slip per player to cut out and hand over: the player's name and start number,
    their personal code and a QR code of the address of their own page. Rows are ``(no,
    name, code, address)``."""
    KNOCKOUT_SLIPS = "knockout-slips"
    """One slip per knockout match to cut out and hand to the players: the match and its
    round, both players with their seeds, one line per game the match may still need (its
    phase, White and Black, or for card and board games who chooses to play or draw first),
    boxes to tick each game's result, a line for the winner and the signatures. Rows are
    games in the columns of :data:`KNOCKOUT_SLIP_HEADER`; consecutive rows of the same match
    make one slip. A sheet whose twelfth heading is empty is of card or board games: its
    eleventh column names who chooses. A game's result already known is printed instead of
    its boxes."""


SLIP_HEADER = ("Round", "Board", "No", "White", "Rtg", "No", "Black", "Rtg", "Result")

MATCH_SLIP_HEADER = (
    "Round",
    "Board",
    "No",
    "White in game 1",
    "Rtg",
    "No",
    "White in game 2",
    "Rtg",
    "Game 1",
    "Game 2",
    "Match",
)
"""The columns of a match-slip sheet: round and board, the first-named player (White in game
1) and the second (White in game 2) with start number and rating, then each game's result as
on its scoresheet, White first, and the match's game points, the first-named player's first
(``1½-½``) (each empty while it is to be played)."""

KNOCKOUT_SLIP_HEADER = (
    "Match",
    "Round",
    "Seed",
    "No",
    "Player",
    "Seed",
    "No",
    "Player",
    "Game",
    "Phase",
    "White",
    "Black",
    "Result",
)
"""The columns of a knockout match-slip sheet: the match (number, round in words), its
first-named and second-named players (seed, start number, name), then one game (number in
the match, phase, White and Black; a card game's sheet heads the two ``Chooses`` and ``""``
and names in the first who chooses to play or draw first, where known) and its result, the
first-named (chess: White) first, empty while it is to be played."""

CARD_HEADER = (
    "Round",
    "Match",
    "Team",
    "Captain",
    "Team",
    "Captain",
    "Board",
    "Colour",
    "Player",
    "Rtg",
    "Result",
    "Rtg",
    "Player",
    "Colour",
)
"""The columns of a match-card sheet: the match (round, number, first team and its captain,
second team and its captain), then one board (number, the first team's colour, player and
rating, the result with the first team's player first, the second team's rating, player and
colour)."""


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
    """Columns whose empty cells are a box to fill in by hand (the check-in's tick, a result
    to write); a cell with text shows its text."""
    centred: frozenset[int] = frozenset()
    """Columns centred (the result cells of a crosstable grid)."""
    picture: str = ""
    """An SVG picture drawn by our own renderers (names escaped, no scripts), printed above
    the table in HTML and PDF; text and CSV have the table only."""

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
    if sheet.layout is Layout.MATCH_CARDS:
        # A form feed between the cards: each starts a page of its own on a printer.
        cards = ["\n".join(_card_text(sheet, rows)) for rows in _cards(sheet)]
        return ("\n\f\n".join(cards) + "\n") if cards else sheet.title + "\n"
    if sheet.layout is Layout.KNOCKOUT_SLIPS:
        cut = "- " * 36 + "8<"
        blocks = ["\n".join(_ko_slip_text(sheet, rows)) for rows in _ko_slips(sheet)]
        return (f"\n{cut}\n".join(blocks) + "\n") if blocks else sheet.title + "\n"
    if sheet.layout is Layout.CODE_SLIPS:
        cut = "- " * 36 + "8<"
        blocks = [
            f"{sheet.title}\n{no} {name}\nYour code: {code}\nYour page: {address}"
            for no, name, code, address in sheet.rows
        ]
        return (f"\n{cut}\n".join(blocks) + "\n") if blocks else sheet.title + "\n"
    if sheet.layout in (Layout.SLIPS, Layout.MATCH_SLIPS):
        cut = "- " * 36 + "8<"
        slip = _slip_text if sheet.layout is Layout.SLIPS else _match_slip_text
        blocks = ["\n".join(slip(sheet, row)) for row in sheet.rows]
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
        tuple("[ ]" if i in sheet.boxes and not c else c for i, c in enumerate(row))
        for row in sheet.rows
    )
    return Sheet(
        sheet.title,
        sheet.subtitle,
        sheet.header,
        rows,
        sheet.numeric,
        sheet.notes,
        centred=sheet.centred,
    )


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
td.c span.box {{ width: 12mm; height: 11pt; }}
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
div.slip.code div.qr {{ float: right; }}
div.slip.code strong.code {{ font: bold 16pt monospace; letter-spacing: 1pt; }}
div.slip.code p.address {{ font-size: 8pt; word-break: break-all; }}
div.slip p.sign {{ margin-top: 8mm; font-size: 9pt; }}
div.slip span.cut {{ position: absolute; bottom: -6pt; left: 0; font-size: 9pt; }}
div.slip.match-slip {{ height: 92mm; }}
div.slip.match-slip table {{ margin-bottom: 2mm; }}
div.slip.match-slip td.name {{ width: 80mm; }}
div.picture {{ margin: 0 0 8pt 0; page-break-inside: avoid; }}
div.picture svg {{ max-width: 100%; height: auto; }}
div.slip.ko-slip {{ height: auto; min-height: 58mm; }}
div.slip.ko-slip table.games {{ width: 100%; table-layout: auto; }}
div.slip.ko-slip table.games th {{ background: none; border-bottom: 0.7pt solid #000;
                                   padding: 1pt 3pt; font-size: 9pt; }}
div.slip.ko-slip table.games td {{ border-bottom: 0.5pt solid #bbb; padding: 3pt; }}
div.card {{ page-break-after: always; font-size: 11pt; }}
div.card:last-child {{ page-break-after: auto; }}
div.card h1 {{ font-size: 16pt; }}
div.card p.head {{ font-size: 13pt; font-weight: bold; margin: 0 0 5mm 0; }}
div.card table.teams {{ margin-bottom: 5mm; font-size: 14pt; font-weight: bold; }}
div.card table.teams td {{ border: none; background: none !important; width: 50%; }}
div.card table.teams td.second {{ text-align: right; }}
div.card table.boards td {{ padding: 5pt 4pt; background: none !important; }}
div.card td.result {{ text-align: center; white-space: nowrap; }}
div.card span.box {{ width: 10pt; height: 10pt; margin: 0 2pt 0 8pt; vertical-align: -1pt; }}
div.card span.line {{ display: inline-block; width: 55mm; border-bottom: 0.7pt solid #000; }}
div.card span.score {{ display: inline-block; width: 14mm; border-bottom: 0.7pt solid #000; }}
div.card tr.match td {{ font-weight: bold; border-top: 1pt solid #000; }}
div.card p.sign {{ margin: 14mm 0 0 0; }}
div.card p.sign span.who {{ display: inline-block; width: 80mm; }}
"""


def render_html(sheet: Sheet, paper: str = "a4") -> str:
    """A self-contained HTML page for the sheet, sized for ``paper`` (``a4`` or ``letter``)."""
    try:
        size = PAPER_SIZES[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}: choose a4 or letter") from None
    e = html.escape

    def cell(tag: str, i: int, c: str) -> str:
        if tag == "td" and i in sheet.boxes and not c:
            where = ' class="c"' if i in sheet.centred else ""
            return f'<td{where}><span class="box"></span></td>'
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
    if sheet.layout is Layout.MATCH_CARDS:
        # Each card is a page of its own: the event's name heads every card, not the sheet.
        cards = "\n".join(_card_html(sheet, rows) for rows in _cards(sheet))
        return (
            "<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            f"<title>{e(sheet.title)}: {e(sheet.subtitle)}</title>"
            f"<style>{_STYLE.format(size=size)}</style></head>\n"
            f"<body>\n{cards}\n</body></html>\n"
        )
    if sheet.layout is Layout.SLIPS:
        content = "\n".join(_slip_html(sheet, row) for row in sheet.rows)
    elif sheet.layout is Layout.MATCH_SLIPS:
        content = "\n".join(_match_slip_html(sheet, row) for row in sheet.rows)
    elif sheet.layout is Layout.KNOCKOUT_SLIPS:
        content = "\n".join(_ko_slip_html(sheet, rows) for rows in _ko_slips(sheet))
    elif sheet.layout is Layout.CODE_SLIPS:
        content = "\n".join(_code_slip_html(sheet, row) for row in sheet.rows)
    else:
        body = "\n".join(f"<tr>{cells('td', row)}</tr>" for row in sheet.rows)
        content = (
            f"<table{large}><thead><tr>{cells('th', sheet.header)}</tr></thead>\n"
            f"<tbody>\n{body}\n</tbody></table>"
        )
    if sheet.picture:
        content = f'<div class="picture">{sheet.picture}</div>\n{content}'
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


def _code_slip_html(sheet: Sheet, row: Sequence[str]) -> str:
    """A player's code slip: name, code, and a QR code of the address of their page (SVG
    drawn by segno, so the slip prints sharp at any size)."""
    import segno

    e = html.escape
    no, name, code, address = row
    qr = segno.make(address, error="m").svg_inline(scale=3, border=2)
    return (
        '<div class="slip code">'
        f'<p class="head">{e(sheet.title)}</p>'
        f'<div class="qr">{qr}</div>'
        f'<p class="name">{e(no)} {e(name)}</p>'
        f'<p>Your code: <strong class="code">{e(code)}</strong></p>'
        f'<p class="address">{e(address)}</p>'
        '<span class="cut">&#9986;</span></div>'
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


_SLIP_CHOICES = ("1-0", "½-½", "0-1")


def _match_slip_text(sheet: Sheet, row: Sequence[str]) -> list[str]:
    rnd, board, n1, p1, r1, n2, p2, r2, game1, game2, match = row
    first = f"{n1.rjust(4)}  {p1}" + (f" ({r1})" if r1 else "")
    mine, theirs = _match_sides(match, "____")
    second = f"{n2.rjust(4)}  {p2}" + (f" ({r2})" if r2 else "")
    width = max(len(first), len(second))
    boxes = "   ".join(f"[ ] {c}" for c in _SLIP_CHOICES)
    return [
        f"{sheet.title}    Round {rnd}    Board {board}",
        f"Game 1  White {first.ljust(width)}  Black {second.strip()}",
        f"        Result (White first): {game1 or boxes}",
        f"Game 2  White {second.ljust(width)}  Black {first.strip()}",
        f"        Result (White first): {game2 or boxes}",
        f"Match (game points): {p1} {mine} - {theirs} {p2}",
        f"Signatures: {p1} ______________   {p2} ______________",
    ]


def _match_sides(match: str, blank: str) -> tuple[str, str]:
    """Each player's game points of a match slip's ``Match`` column (``1½-½``), or ``blank``
    for each while the match is to be played."""
    if not match:
        return blank, blank
    mine, _, theirs = match.partition("-")
    return mine, theirs


def _match_slip_html(sheet: Sheet, row: Sequence[str]) -> str:
    e = html.escape
    rnd, board, n1, p1, r1, n2, p2, r2, game1, game2, match = (e(c) for c in row)
    boxes = "".join(f'<span class="box"></span>{c}' for c in _SLIP_CHOICES)

    def game(
        number: int, white: tuple[str, str, str], black: tuple[str, str, str], result: str
    ) -> str:
        return (
            f'<tr><td class="side">Game {number}</td><td>White</td><td class="n">{white[0]}</td>'
            f'<td class="name">{white[1]}</td><td class="n">{white[2]}</td></tr>'
            f'<tr><td></td><td>Black</td><td class="n">{black[0]}</td>'
            f'<td class="name">{black[1]}</td><td class="n">{black[2]}</td></tr>'
            f'<tr><td></td><td colspan="4">Result, White first: {result or boxes}</td></tr>'
        )

    first, second = (n1, p1, r1), (n2, p2, r2)
    mine, theirs = _match_sides(match, '<span class="line" style="width:14mm"></span>')
    return (
        '<div class="slip match-slip">'
        f'<p class="head">{e(sheet.title)} &middot; Round {rnd} &middot; Board {board}</p>'
        f"<table>{game(1, first, second, game1)}{game(2, second, first, game2)}</table>"
        f"<p>Match (game points): {p1} {mine} &ndash; {theirs} {p2}</p>"
        f'<p class="sign">{p1}: <span class="line"></span> &nbsp; '
        f'{p2}: <span class="line"></span></p>'
        '<span class="cut">&#9986;</span></div>'
    )


def _cards(sheet: Sheet) -> list[list[tuple[str, ...]]]:
    """The rows of a match-card sheet grouped by match (round and match number)."""
    cards: list[list[tuple[str, ...]]] = []
    for row in sheet.rows:
        if cards and cards[-1][0][:2] == row[:2]:
            cards[-1].append(row)
        else:
            cards.append([row])
    return cards


def _card_rated(sheet: Sheet) -> bool:
    return any(row[9] or row[11] for row in sheet.rows)


_CARD_CHOICES = ("1-0", "½-½", "0-1")


def _captain(team: str, captain: str) -> str:
    return f"Captain of {team}" + (f" ({captain})" if captain else "")


def _card_text(sheet: Sheet, rows: list[tuple[str, ...]]) -> list[str]:
    rnd, number, first, cap1, second, cap2 = rows[0][:6]
    rated = _card_rated(sheet)
    out = [sheet.title, f"Round {rnd}    Match {number}", f"{first}  -  {second}", ""]
    for row in rows:
        board, c1, p1, r1, result, r2, p2, c2 = row[6:]
        if not board:
            out.append(f"Match not played: forfeit {result}")
            continue
        left = f"{board:>2}  {c1:<5}  {p1}" + (f" ({r1})" if rated and r1 else "")
        right = f"{p2}" + (f" ({r2})" if rated and r2 else "") + f"  {c2}"
        shown = result or "   ".join(f"[ ] {c}" for c in _CARD_CHOICES)
        out.append(f"{left}  |  {shown}  |  {right}")
    out += [
        "",
        f"Match result (game points): {first} ____ - ____ {second}",
        "Results: the left-hand player's score first (1-0: the left-hand player won).",
        "",
        f"{_captain(first, cap1)}: ______________",
        f"{_captain(second, cap2)}: ______________",
        "Arbiter: ______________",
    ]
    return out


def _card_html(sheet: Sheet, rows: list[tuple[str, ...]]) -> str:
    e = html.escape
    rnd, number, first, cap1, second, cap2 = (e(c) for c in rows[0][:6])
    rated = _card_rated(sheet)
    boxes = "".join(f'<span class="box"></span>{c}' for c in _CARD_CHOICES)
    lines = []
    for row in rows:
        board, c1, p1, r1, result, r2, p2, c2 = (e(c) for c in row[6:])
        if not board:
            lines.append(
                f'<tr><td colspan="{8 if rated else 6}">Match not played: forfeit {result}'
                "</td></tr>"
            )
            continue
        r1_cell = f'<td class="n">{r1}</td>' if rated else ""
        r2_cell = f'<td class="n">{r2}</td>' if rated else ""
        lines.append(
            f'<tr><td class="n">{board}</td><td>{c1}</td><td>{p1}</td>{r1_cell}'
            f'<td class="result">{result or boxes}</td>{r2_cell}<td>{p2}</td><td>{c2}</td></tr>'
        )
    rating = '<th class="n">Rtg</th>' if rated else ""
    score = '<span class="score"></span> &ndash; <span class="score"></span>'
    before = 4 if rated else 3
    lines.append(
        f'<tr class="match"><td colspan="{before}">Match (game points)</td>'
        f'<td class="result">{score}</td><td colspan="{before - 1}"></td></tr>'
    )
    body = "\n".join(lines)
    return (
        '<div class="card">'
        f"<h1>{e(sheet.title)}</h1>"
        f'<p class="head">Round {rnd} &middot; Match {number}</p>'
        f'<table class="teams"><tr><td>{first}</td><td class="second">{second}</td></tr></table>'
        '<table class="boards"><thead><tr><th class="n">Board</th><th>Colour</th>'
        f'<th>{first}</th>{rating}<th class="c">Result</th>{rating}<th>{second}</th>'
        f"<th>Colour</th></tr></thead>\n<tbody>\n{body}\n</tbody></table>"
        '<p class="note">Results: the left-hand player\'s score first (1-0: the left-hand '
        "player won).</p>"
        '<p class="sign">'
        f'<span class="who">{_captain(first, cap1)}</span><span class="line"></span><br><br>'
        f'<span class="who">{_captain(second, cap2)}</span><span class="line"></span><br><br>'
        '<span class="who">Arbiter</span><span class="line"></span></p>'
        "</div>"
    )


_KO_CHESS_CHOICES = ("1-0", "½-½", "0-1")
_KO_CARD_CHOICES = ("1-0", "drawn", "0-1")


def _ko_slips(sheet: Sheet) -> list[list[tuple[str, ...]]]:
    """The rows of a knockout match-slip sheet grouped by match."""
    slips: list[list[tuple[str, ...]]] = []
    for row in sheet.rows:
        if slips and slips[-1][0][0] == row[0]:
            slips[-1].append(row)
        else:
            slips.append([row])
    return slips


def _ko_cards(sheet: Sheet) -> bool:
    """A slip of card or board games: no colours, a player who chooses."""
    return not sheet.header[11]


def _ko_result_words(sheet: Sheet) -> str:
    if _ko_cards(sheet):
        return "Results, the first-named player first"
    return "Results, White first"


def _ko_slip_text(sheet: Sheet, rows: list[tuple[str, ...]]) -> list[str]:
    number, round_name, s1, n1, p1, s2, n2, p2 = rows[0][:8]
    cards = _ko_cards(sheet)
    choices = _KO_CARD_CHOICES if cards else _KO_CHESS_CHOICES
    boxes = "   ".join(f"[ ] {c}" for c in choices)
    out = [
        f"{sheet.title}    Match {number}    {round_name}",
        f"Seed {s1:>3}  {n1:>4}  {p1}",
        f"Seed {s2:>3}  {n2:>4}  {p2}",
        f"{_ko_result_words(sheet)}:",
    ]
    for row in rows:
        game, phase, white, black, result = row[8:]
        where = f"Game {game}" + (f" ({phase})" if phase else "")
        if cards:
            who = f"{white} chooses to play or draw first" if white else ""
        else:
            who = f"White {white or 'by lot'}, Black {black or 'by lot'}"
        out.append(f"  {where:<20} {who}".rstrip())
        out.append(f"  {'':<20} {result or boxes}")
    out += [
        "Winner: ______________",
        f"Signatures: {p1} ______________   {p2} ______________   Arbiter ______________",
    ]
    return out


def _ko_slip_html(sheet: Sheet, rows: list[tuple[str, ...]]) -> str:
    e = html.escape
    number, round_name, s1, n1, p1, s2, n2, p2 = (e(c) for c in rows[0][:8])
    cards = _ko_cards(sheet)
    choices = _KO_CARD_CHOICES if cards else _KO_CHESS_CHOICES
    boxes = "".join(f'<span class="box"></span>{c}' for c in choices)
    lines = []
    for row in rows:
        game, phase, white, black, result = (e(c) for c in row[8:])
        if cards:
            who = f"<td>{white}</td>"
        else:
            who = f"<td>{white or 'by lot'}</td><td>{black or 'by lot'}</td>"
        lines.append(f"<tr><td>{game}</td><td>{phase}</td>{who}<td>{result or boxes}</td></tr>")
    heads = "<th>Chooses to play or draw first</th>" if cards else "<th>White</th><th>Black</th>"
    return (
        '<div class="slip ko-slip">'
        f'<p class="head">{e(sheet.title)} &middot; Match {number} &middot; {round_name}</p>'
        f'<table><tr><td class="side">Seed {s1}</td><td class="n">{n1}</td>'
        f'<td class="name">{p1}</td></tr>'
        f'<tr><td class="side">Seed {s2}</td><td class="n">{n2}</td>'
        f'<td class="name">{p2}</td></tr></table>'
        f'<table class="games"><tr><th>Game</th><th>Phase</th>{heads}'
        f"<th>{e(_ko_result_words(sheet))}</th></tr>{''.join(lines)}</table>"
        '<p>Winner: <span class="line"></span></p>'
        f'<p class="sign">{p1}: <span class="line" style="width:40mm"></span> &nbsp; '
        f'{p2}: <span class="line" style="width:40mm"></span> &nbsp; '
        'Arbiter: <span class="line" style="width:40mm"></span></p>'
        '<span class="cut">&#9986;</span></div>'
    )
