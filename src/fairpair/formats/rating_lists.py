"""Rating lists as federations publish them: FIDE's XML and fixed-width TXT downloads, and a
national list in CSV with a column mapping. Every reader is a generator: a list of two million
players is read one player at a time, never held whole.

**FIDE XML** (``players_list_xml.zip`` and the per-type ``*_xml.zip`` files of
ratings.fide.com): the root ``<playerslist>`` (no XML declaration) holds one ``<player>``
per player, whose children are, in this order::

    fideid name country sex title w_title o_title foa_title
    rating games k rapid_rating rapid_games rapid_k blitz_rating blitz_games blitz_k
    birthday flag

``country`` is the three-letter federation, ``sex`` ``M`` or ``F``, ``birthday`` the year of
birth only, ``flag`` ``i`` (inactive), ``w`` (woman) or ``wi``; an empty value is an empty
element (``<title></title>``); an unrated player has rating ``0``. A per-type list (standard
only) has just ``rating games k``.

**FIDE TXT**: one header line, then one fixed-width line per player (ASCII, CRLF). The
combined list ``players_list_foa.txt`` (162 characters a line) has these columns, as
0-based ``[start, end)`` character ranges::

    ID Number   0-15    FIDE ID, left-aligned
    Name       15-76    "Surname, First names"
    Fed        76-80    federation
    Sex        80-84    M or F
    Tit        84-89    GM IM FM CM WGM WIM WFM WCM
    WTit       89-94    WGM WIM WFM WCM
    OTit       94-109   other titles, a comma list (IA, FA, FT...)
    FOA       109-113   FIDE Online Arena title (AGM...)
    SRtng SGm SK       113-119 119-123 123-126   standard rating, games, K
    RRtng RGm Rk       126-132 132-136 136-139   rapid
    BRtng BGm BK       139-145 145-149 149-152   blitz
    B-day     152-158   year of birth (0 when unknown)
    Flag      158-162   i, w, wi

The single-type lists (``standard_rating_list.txt``, ``rapid_...``, ``blitz_...``, 136
characters) are the same up to FOA, then the rating under a month code (``NOV26``)
113-119, ``Gms`` 119-123, ``K`` 123-126, ``B-day`` 126-132, ``Flag`` 132-136. The older
combined list without FOA (``players_list.txt``) starts ``SRtng`` at 109. Because the
month code and the layout have changed over the years, the reader takes each column's
start from the header line (a column runs to the next one's start), not from fixed numbers.
A few lines of the combined list are one character longer because their other titles
overflow into FOA (``SI,FI,LSI,SLI,NAAFM``): on such a line the columns from FOA on are
shifted by the excess.

**National lists** are CSV files with a header; ``--map id=ID,name=Name,rating=Elo`` says
which of their columns holds which field (:data:`CSV_FIELDS`).

Every reader raises :class:`~fairpair.formats.errors.FormatError` naming the file, the line
and the field at the first line it cannot read.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO

from fairpair.formats.errors import FormatError

__all__ = [
    "CSV_FIELDS",
    "RatedPlayer",
    "name_keys",
    "parse_mapping",
    "read_csv_list",
    "read_fide_txt",
    "read_fide_xml",
    "search_key",
]


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """One player of a rating list, as the list gives him. Ratings are ``None`` when the
    player has none of that kind (FIDE writes ``0``)."""

    ident: str
    """The player's number in the list: the FIDE ID in a FIDE list, the national ID in a
    national one."""
    name: str
    federation: str = ""
    sex: str = ""
    """``m`` or ``w``, as fairpair writes it (FIDE's ``M`` and ``F``)."""
    title: str = ""
    """The player's title (``GM``... ``WCM``), the women's title if he has no other."""
    other_titles: str = ""
    rating: int | None = None
    games: int | None = None
    k: int | None = None
    rapid_rating: int | None = None
    blitz_rating: int | None = None
    birth_year: int | None = None
    flag: str = ""
    fide_id: str = ""
    """The FIDE ID (the same as ``ident`` in a FIDE list; a national list may carry one)."""


# --- names as search compares them ------------------------------------------------------------

_FOLDED = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae"})
_FOLDED |= str.maketrans({"œ": "oe", "ı": "i", "ß": "ss", ",": " ", ".": " ", "-": " "})


def search_key(text: str) -> str:
    """A name as search compares it: lower case, accents and punctuation dropped, single
    spaces (``"Ørsted-Müller, José"`` -> ``"orsted muller jose"``)."""
    lowered = text.casefold()
    if not lowered.isascii():
        decomposed = unicodedata.normalize("NFKD", lowered)
        lowered = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(lowered.translate(_FOLDED).split())


def name_keys(name: str) -> tuple[str, str]:
    """The two keys a name is found by: surname first (``"carlsen magnus"``) and first
    names first (``"magnus carlsen"``); typing the start of either finds the player. A
    name without a comma has one key (the second is empty)."""
    surname, comma, given = name.partition(",")
    if not comma:
        return search_key(name), ""
    first = search_key(surname)
    second = search_key(given)
    if not second:
        return first, ""
    return f"{first} {second}".strip(), f"{second} {first}".strip()


# --- FIDE XML ---------------------------------------------------------------------------------


def _number(text: str, path: str, line: int | None, field: str) -> int | None:
    """A count or rating; empty and FIDE's ``0`` are none."""
    value = text.strip()
    if not value:
        return None
    if not (value.isascii() and value.isdecimal()):
        raise FormatError(f"{value!r} is not a number", path=path, line=line, field=field)
    number = int(value)
    return number or None


def _sex(text: str, path: str, line: int | None) -> str:
    value = text.strip().upper()
    if value in ("", "M"):
        return value.lower()
    if value in ("F", "W"):
        return "w"
    raise FormatError(f"{value!r}: FIDE writes M or F", path=path, line=line, field="sex")


def _ident(text: str, path: str, line: int | None, field: str) -> str:
    value = text.strip()
    if not (value.isascii() and value.isdecimal()):
        raise FormatError(f"{value!r} is not a FIDE ID (digits)", path=path, line=line, field=field)
    return str(int(value))


class _PlayersTarget:
    """What the XML parser hands each element to (no tree is built): the fields of the
    ``<player>`` being read, kept until its end tag, then queued in :attr:`players`."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.players: list[dict[str, str]] = []
        self._player: dict[str, str] | None = None
        self._text: list[str] = []
        self._depth = 0

    def start(self, tag: str, attrib: Mapping[str, str]) -> None:
        self._depth += 1
        if self._depth == 1 and tag != "playerslist":
            raise FormatError("not a FIDE player list (no <playerslist>)", path=self.path)
        if self._depth == 2 and tag == "player":
            self._player = {}
        self._text = []

    def data(self, text: str) -> None:
        self._text.append(text)

    def end(self, tag: str) -> None:
        depth = self._depth
        self._depth -= 1
        if self._player is None:
            return
        if depth == 2:
            self.players.append(self._player)
            self._player = None
        elif depth == 3:
            self._player[tag] = "".join(self._text)

    def close(self) -> None:
        return None


def read_fide_xml(stream: IO[bytes], path: str) -> Iterator[RatedPlayer]:
    """The players of a FIDE XML list, one at a time. The file is fed to the parser a
    megabyte at a time and the players of each megabyte are handed on before the next is
    read; no tree of the document is built (a target receives the elements), so memory
    stays flat whatever the list's size, and reading is twice as fast as an
    ``iterparse`` whose elements are cleared as they are read."""
    # Here, not at the top: the store imports this module for its rated-player type, and
    # every command on the store would load the XML parser for nothing.
    import xml.etree.ElementTree as ET

    target = _PlayersTarget(path)
    parser = ET.XMLParser(target=target)
    try:
        while chunk := stream.read(1 << 20):
            parser.feed(chunk)
            for values in target.players:
                yield _xml_player(values, path)
            target.players.clear()
        parser.close()
    except ET.ParseError as error:
        line, column = error.position[0], error.position[1]
        raise FormatError(
            f"not well-formed XML ({error})", path=path, line=line, column=column
        ) from None
    for values in target.players:
        yield _xml_player(values, path)


def _xml_player(values: Mapping[str, str], path: str) -> RatedPlayer:
    # ElementTree keeps no line numbers: the player is named by his FIDE ID instead.
    where = f"{path} (player {values.get('fideid', '?').strip() or '?'})"
    ident = _ident(values.get("fideid", ""), where, None, "fideid")
    name = values.get("name", "").strip()
    if not name:
        raise FormatError("the player has no name", path=where, field="name")
    return RatedPlayer(
        ident=ident,
        name=name,
        federation=values.get("country", "").strip(),
        sex=_sex(values.get("sex", ""), where, None),
        title=values.get("title", "").strip() or values.get("w_title", "").strip(),
        other_titles=values.get("o_title", "").strip(),
        rating=_number(values.get("rating", ""), where, None, "rating"),
        games=_number(values.get("games", ""), where, None, "games"),
        k=_number(values.get("k", ""), where, None, "k"),
        rapid_rating=_number(values.get("rapid_rating", ""), where, None, "rapid_rating"),
        blitz_rating=_number(values.get("blitz_rating", ""), where, None, "blitz_rating"),
        birth_year=_number(values.get("birthday", ""), where, None, "birthday"),
        flag=values.get("flag", "").strip(),
        fide_id=ident,
    )


# --- FIDE TXT ---------------------------------------------------------------------------------

_TXT_HEADS = {
    "ID Number": "ident",
    "Name": "name",
    "Fed": "federation",
    "Sex": "sex",
    "Tit": "title",
    "WTit": "w_title",
    "OTit": "other_titles",
    "FOA": "foa",
    "SRtng": "rating",
    "SGm": "games",
    "Gms": "games",
    "SK": "k",
    "K": "k",
    "RRtng": "rapid_rating",
    "RGm": "rapid_games",
    "Rk": "rapid_k",
    "BRtng": "blitz_rating",
    "BGm": "blitz_games",
    "BK": "blitz_k",
    "B-day": "birth_year",
    "Flag": "flag",
}
"""Header words and the fields they start (a month code such as ``NOV26`` starts
``rating`` in a single-type list)."""

_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


def _columns(header: str, path: str) -> list[tuple[str, int, int]]:
    """Each field of a TXT list with its ``[start, end)`` range, read off the header."""
    starts: list[tuple[str, int]] = []
    position = 0
    text = header.rstrip()
    while position < len(text):
        if text[position] == " ":
            position += 1
            continue
        end = text.find(" ", position)
        end = len(text) if end < 0 else end
        word = text[position:end]
        if word == "ID" and text[end : end + 7] == " Number":
            word, end = "ID Number", end + 7
        if word in _TXT_HEADS:
            starts.append((_TXT_HEADS[word], position))
        elif len(word) == 5 and word[:3].upper() in _MONTHS and word[3:].isdecimal():
            starts.append(("rating", position))
        else:
            raise FormatError(
                f"unknown column {word!r} in the header of a FIDE TXT list",
                path=path,
                line=1,
                column=position + 1,
            )
        position = end
    found = {name for name, _ in starts}
    missing = [f for f in ("ident", "name") if f not in found]
    if missing:
        raise FormatError(
            "not a FIDE TXT list: the header has no 'ID Number' and 'Name' columns",
            path=path,
            line=1,
        )
    width = max(len(header.rstrip("\r\n")), starts[-1][1] + 4)
    return [
        (name, start, starts[i + 1][1] if i + 1 < len(starts) else width)
        for i, (name, start) in enumerate(starts)
    ]


_TXT_FIELDS = (
    "ident",
    "name",
    "federation",
    "sex",
    "title",
    "w_title",
    "other_titles",
    "rating",
    "games",
    "k",
    "rapid_rating",
    "blitz_rating",
    "birth_year",
    "flag",
)
"""The TXT columns a :class:`RatedPlayer` is made of, in the order they are cut out."""

_TXT_NAMES = {"k": "K", "rapid_rating": "RRtng", "blitz_rating": "BRtng", "birth_year": "B-day"}
_TXT_NAMES |= {"ident": "ID Number", "name": "Name", "sex": "Sex", "rating": "rating"}


def read_fide_txt(stream: IO[bytes], path: str) -> Iterator[RatedPlayer]:
    """The players of a FIDE fixed-width TXT list, line by line (blank lines skipped)."""
    lines = _decoded(stream)
    try:
        _, header = next(lines)
    except StopIteration:
        raise FormatError("the file is empty", path=path) from None
    columns = _columns(header, path)
    width = columns[-1][2]
    ranges = {name: (start, end) for name, start, end in columns}
    spans = [ranges.get(field, (0, 0)) for field in _TXT_FIELDS]
    overflow = ranges.get("foa", (None, None))[0]
    for number, line in lines:
        cut = spans
        if len(line) > width and overflow is not None and line[overflow - 1] != " ":
            # Other titles overflowing into FOA (a known quirk of the combined list): the
            # columns from FOA on move right by the excess.
            shift = len(line) - width
            cut = [
                (a + shift, b + shift) if a >= overflow else (a, b + shift if b == overflow else b)
                for a, b in spans
            ]
        cells = [line[a:b].strip() for a, b in cut]
        if not cells[0] and not cells[1] and not line.strip():
            continue
        try:
            yield _txt_player(cells)
        except ValueError as error:
            field, message = error.args
            raise FormatError(
                message, path=path, line=number, field=_TXT_NAMES.get(field, field)
            ) from None


def _decoded(stream: IO[bytes]) -> Iterator[tuple[int, str]]:
    """Numbered lines without their end, read as UTF-8 (Latin-1 for a line that is not)."""
    for number, raw in enumerate(stream, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        if number == 1:
            text = text.removeprefix("\ufeff")
        yield number, text.rstrip("\r\n")


_TXT_NUMBERS = ("rating", "games", "k", "rapid_rating", "blitz_rating", "birth_year")


def _txt_player(cells: list[str]) -> RatedPlayer:
    """A player from the cells of :data:`_TXT_FIELDS`; ``ValueError`` (field, message)."""
    ident, name, fed, sex, title, w_title, other, *numbers, flag = cells
    if not (ident.isdigit() and ident.isascii()):
        raise ValueError("ident", f"{ident!r} is not a FIDE ID (digits)")
    if not name:
        raise ValueError("name", "the player has no name")
    if sex not in ("M", "F", ""):
        raise ValueError("sex", f"{sex!r}: FIDE writes M or F")
    # One pass for the common case (every number plain digits); the field at fault is
    # looked for only when one is not.
    joined = "".join(numbers)
    if not (joined.isdigit() and joined.isascii()) and joined:
        for field, text in zip(_TXT_NUMBERS, numbers, strict=True):
            if text and not (text.isdigit() and text.isascii()):
                raise ValueError(field, f"{text!r} is not a number")
    std, games, k, rapid, blitz, born = [int(n) or None if n else None for n in numbers]
    ident = str(int(ident))
    return RatedPlayer(
        ident,
        name,
        fed,
        "w" if sex == "F" else sex.lower(),
        title or w_title,
        other,
        std,
        games,
        k,
        rapid,
        blitz,
        born,
        flag,
        ident,
    )


# --- national lists in CSV --------------------------------------------------------------------

CSV_FIELDS = (
    "id",
    "name",
    "surname",
    "first_name",
    "rating",
    "rapid_rating",
    "blitz_rating",
    "title",
    "federation",
    "sex",
    "birth_year",
    "fide_id",
)
"""The fields a national list's columns may be mapped to: ``id`` and ``name`` (or
``surname`` and ``first_name``) are needed; ``birth_year`` also reads a full date."""


def parse_mapping(text: str) -> dict[str, str]:
    """``id=ID,name=Name,rating=Elo`` as {field: column}; :class:`ValueError` if a field is
    not one of :data:`CSV_FIELDS` or an item has no ``=``."""
    mapping: dict[str, str] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        field, equals, column = item.partition("=")
        field = field.strip().lower()
        if not equals or not column.strip():
            raise ValueError(f"{item.strip()!r}: write field=Column, e.g. rating=Elo")
        if field not in CSV_FIELDS:
            raise ValueError(f"{field!r} is not a field; the fields: {', '.join(CSV_FIELDS)}")
        mapping[field] = column.strip()
    if "id" not in mapping or not ("name" in mapping or "surname" in mapping):
        raise ValueError("map at least id= and name= (or surname= and first_name=)")
    return mapping


def read_csv_list(
    stream: IO[bytes], path: str, mapping: Mapping[str, str]
) -> Iterator[RatedPlayer]:
    """The players of a national list in CSV (comma or semicolon, UTF-8), its columns named
    by ``mapping`` (see :func:`parse_mapping`)."""
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")
    try:
        first = text.readline()
    except UnicodeDecodeError:
        raise FormatError("not UTF-8 text", path=path, line=1) from None
    dialect = ";" if first.count(";") > first.count(",") else ","
    header = next(csv.reader([first], delimiter=dialect), [])
    columns = {name.strip(): index for index, name in enumerate(header)}
    for field, column in mapping.items():
        if column not in columns:
            raise FormatError(
                f"no column {column!r} (mapped to {field}); the columns: {', '.join(header)}",
                path=path,
                line=1,
                field=field,
            )
    where = {field: columns[column] for field, column in mapping.items()}
    reader = csv.reader(text, delimiter=dialect)
    try:
        for row in reader:
            line = reader.line_num + 1
            if not any(cell.strip() for cell in row):
                continue
            yield _csv_player(row, where, mapping, path, line)
    except UnicodeDecodeError:
        raise FormatError("not UTF-8 text", path=path, line=reader.line_num + 1) from None
    except csv.Error as error:
        raise FormatError(str(error), path=path, line=reader.line_num + 1) from None


def _csv_player(
    row: list[str],
    where: Mapping[str, int],
    mapping: Mapping[str, str],
    path: str,
    line: int,
) -> RatedPlayer:
    def cell(field: str) -> str:
        index = where.get(field)
        return row[index].strip() if index is not None and index < len(row) else ""

    def number(field: str, read: Callable[[str], str] = str.strip) -> int | None:
        return _number(read(cell(field)), path, line, mapping.get(field, field))

    ident = cell("id")
    if not ident:
        raise FormatError("no ID", path=path, line=line, field=mapping["id"])
    name = cell("name")
    if not name:
        surname, given = cell("surname"), cell("first_name")
        name = f"{surname}, {given}" if surname and given else surname or given
    if not name:
        raise FormatError("no name", path=path, line=line, field=mapping.get("name", "name"))
    fide_id = cell("fide_id")
    if fide_id and not fide_id.isdecimal():
        raise FormatError(
            f"{fide_id!r} is not a FIDE ID (digits)",
            path=path,
            line=line,
            field=mapping["fide_id"],
        )
    return RatedPlayer(
        ident=ident,
        name=name,
        federation=cell("federation").upper(),
        sex=_sex(cell("sex"), path, line),
        title=cell("title").upper(),
        rating=number("rating"),
        rapid_rating=number("rapid_rating"),
        blitz_rating=number("blitz_rating"),
        birth_year=number("birth_year", _year),
        fide_id=fide_id.lstrip("0") or ("0" if fide_id else ""),
    )


def _year(text: str) -> str:
    """The year of a birth date as a national list may write it (``1990``, ``1990-05-01``,
    ``01.05.1990``)."""
    digits = [part for part in text.replace("/", "-").replace(".", "-").split("-") if part]
    years = [part for part in digits if len(part) == 4 and part.isdecimal()]
    return years[0] if years else text
