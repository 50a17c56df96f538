"""FIDE Tournament Report Files (TRF-16, TRF-2026 and the JaVaFo/bbpPairings extensions).

Reading keeps every line exactly as it was (with its own line ending), so a document that is
not changed is written back byte for byte; the records that fairpair understands are parsed
into :class:`PlayerRecord` rows and turned into a :class:`fairpair.core.Tournament`. Writing a
tournament lays the columns out as in spec/trf.md; writing it over the document it was read
from (``write_trf(..., like=document)``) rewrites only the records that changed. Column
numbers in this module and in its error messages are 1-based, as in the TRF description.

Reading is liberal where no pairing or score depends on a field, since every program writes
its own dialect: report fields (022-132) are kept as text, whatever their date style;
``162`` takes ``A`` or ``Z`` in any spacing, ``BB*`` values in any column; records fairpair
does not read, blank lines and ``###`` comments are kept. It is strict where a pairing or a
score would become a guess: contradicting results or colours, a missing pairing number, a
points column that no reading of the results gives.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass, field
from os import PathLike

from fairpair.core import (
    CHESS,
    Acceleration,
    Bye,
    ByeKind,
    Colour,
    Entry,
    EventDetails,
    ForbiddenPairs,
    Game,
    GameResult,
    Outcome,
    Player,
    PlayerId,
    PointSystem,
    RequestedBye,
    Round,
    Tournament,
    bye_outcome,
    entries,
    infer_initial_colour,
    outcome_points,
    scores,
)
from fairpair.formats.errors import FormatError

# typing, pathlib and datetime stay unloaded at run time: fairpair-engine pays each import.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import datetime
    from typing import Literal

__all__ = [
    "Cell",
    "Flavour",
    "PlayerRecord",
    "TiebreakCode",
    "TrfDocument",
    "TrfError",
    "TrfLine",
    "encode_trf",
    "parse_trf",
    "read_trf",
    "trf_date",
    "write_trf",
]


class TrfError(FormatError):
    """A TRF file that cannot be read: names the file, line, column and what was expected."""


@dataclass(frozen=True, slots=True)
class TrfLine:
    """One physical line: its text without the line ending, and the ending it had."""

    number: int
    text: str
    ending: str
    """``"\\n"``, ``"\\r\\n"``, ``"\\r"``, or ``""`` for a last line without one."""

    @property
    def code(self) -> str:
        """The record type (columns 1-3)."""
        return self.text[:3]


@dataclass(frozen=True, slots=True)
class Cell:
    """One round of a 001 record: ``OOOO C R`` at columns 92 + 10(round - 1)."""

    round: int
    opponent: PlayerId | None
    colour: str
    """``w``, ``b`` or ``-`` (a blank colour is read as ``-``)."""
    result: str
    """The result code, letters upper-cased; ``" "`` for a blank result."""
    column: int
    """Column of the first character of the cell."""

    @property
    def blank(self) -> bool:
        return self.opponent is None and self.colour == "-" and self.result == " "

    @property
    def colour_column(self) -> int:
        return self.column + 5

    @property
    def result_column(self) -> int:
        return self.column + 7


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A parsed 001 line."""

    line: int
    player: Player
    points: int | None
    """The points column in tenths (None when blank); may include virtual points."""
    rank: int | None
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class TiebreakCode:
    """One code of a 202/212 record, where it stands (for a warning that names the place)."""

    code: str
    line: int
    column: int


# --- dates --------------------------------------------------------------------------------

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_YEAR_FIRST = re.compile(r"(\d{4})([/.-])(\d{1,2})\2(\d{1,2})")
_YEAR_LAST = re.compile(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4})")
_SHORT_YEAR = re.compile(r"(\d{2})([/.-])(\d{1,2})\2(\d{1,2})")
_MONTH_FIRST = re.compile(r"([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})")
_DAY_FIRST = re.compile(r"(\d{1,2})[\s-]+([A-Za-z]+)\.?,?[\s-]+(\d{4})")


def _day(year: int, month: int, day: int) -> datetime.date | None:
    import datetime

    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def trf_date(text: str) -> datetime.date | None:
    """The date a TRF date field means, when it can be read without guessing; else None.

    Read: ``2025/07/21``, ``2025-07-21``, ``2025.07.21``, ``May 10, 2020``, ``10 May 2020``,
    ``10-May-2020``, and day-month-year or month-day-year with a four-digit year when only one
    reading is a date (``21/07/2025``: there is no month 21). ``25/08/08`` (2025 or 2008?),
    ``03/04/2025`` (March or April?) and anything else are None: the caller keeps the text.
    Never raises.
    """
    text = text.strip()
    if match := _YEAR_FIRST.fullmatch(text):
        return _day(int(match[1]), int(match[3]), int(match[4]))
    if match := _YEAR_LAST.fullmatch(text):
        first, second, year = int(match[1]), int(match[3]), int(match[4])
        if first == second or (first > 12) != (second > 12):
            day, month = (first, second) if second <= 12 else (second, first)
            return _day(year, month, day)
        return None
    if match := _SHORT_YEAR.fullmatch(text):
        # YY/MM/DD is the TRF round-date layout, but DD/MM/YY looks the same; only a first
        # field that cannot be a day tells them apart.
        if int(match[1]) > 31:
            return _day(1900 + int(match[1]), int(match[3]), int(match[4]))
        return None
    if match := _MONTH_FIRST.fullmatch(text):
        named = _MONTHS.get(match[1].lower())
        return None if named is None else _day(int(match[3]), named, int(match[2]))
    if match := _DAY_FIRST.fullmatch(text):
        named = _MONTHS.get(match[2].lower())
        return None if named is None else _day(int(match[3]), named, int(match[1]))
    return None


# --- reading ------------------------------------------------------------------------------

_LINE = re.compile(r"([^\r\n]*)(\r\n|\r|\n)")
_POINTS = re.compile(r"-?\d+(\.\d)?")
_RESULTS = frozenset("1=0WDL+-UFHZ ")
_PLAYED = {
    # (white's code, black's code) -> (result, rated)
    ("1", "0"): (GameResult.WHITE_WINS, True),
    ("0", "1"): (GameResult.BLACK_WINS, True),
    ("=", "="): (GameResult.DRAW, True),
    ("W", "L"): (GameResult.WHITE_WINS, False),
    ("L", "W"): (GameResult.BLACK_WINS, False),
    ("D", "D"): (GameResult.DRAW, False),
    ("+", "-"): (GameResult.WHITE_WINS_BY_FORFEIT, True),
    ("-", "+"): (GameResult.BLACK_WINS_BY_FORFEIT, True),
    ("-", "-"): (GameResult.DOUBLE_FORFEIT, True),
    (" ", " "): (None, True),
}
_LONE_RESULTS = {
    "U": ByeKind.PAIRING_ALLOCATED,
    "F": ByeKind.FULL_POINT,
    "H": ByeKind.HALF_POINT,
    "Z": ByeKind.ZERO_POINT,
    " ": ByeKind.ABSENT,
    "-": ByeKind.ABSENT,
    "+": ByeKind.FORFEIT_WIN,
}
_POINT_GROUP = re.compile(r"([A-Za-z])\s*=?\s*(-?[\d.,]+)")
_POINT_VALUE = re.compile(r"(-?)(\d+)(?:[.,](\d))?")
_TIEBREAK_CODE = re.compile(r"[^,;\s]+")
_SHORTEST_PLAYER_LINE = 84
_FIRST_CELL = 92
_CELL_WIDTH = 10


def split_lines(text: str) -> list[tuple[str, str]]:
    """Split text into ``(line, ending)`` pairs, accepting CR, LF and CRLF; nothing is lost."""
    pairs: list[tuple[str, str]] = []
    end = 0
    for match in _LINE.finditer(text):
        pairs.append((match.group(1), match.group(2)))
        end = match.end()
    if end < len(text):
        pairs.append((text[end:], ""))
    return pairs


class _Reader:
    """Parses one document; knows the source name so that every error can name it."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.warnings: list[str] = []

    def error(self, line: int, column: int, what: str, message: str) -> TrfError:
        return TrfError(message, path=self.source, line=line, column=column, field=what)

    def warn(self, line: int, column: int, message: str) -> None:
        self.warnings.append(f"{self.source}:{line}:{column}: {message}")

    # -- fields --

    def integer(
        self, line: TrfLine, first: int, last: int, what: str, *, blank_ok: bool
    ) -> int | None:
        raw = line.text[first - 1 : last]
        text = raw.strip()
        if not text:
            if blank_ok:
                return None
            raise self.error(line.number, first, what, f"expected a number, found {raw!r}")
        if not text.isdecimal():
            raise self.error(line.number, first, what, f"expected a whole number, found {text!r}")
        return int(text)

    def points(
        self, line: TrfLine, first: int, last: int, what: str, *, blank_ok: bool
    ) -> int | None:
        raw = line.text[first - 1 : last]
        text = raw.strip()
        if not text:
            if blank_ok:
                return None
            raise self.error(
                line.number, first, what, f"expected points such as 1.5, found {raw!r}"
            )
        if not _POINTS.fullmatch(text):
            raise self.error(
                line.number, first, what, f"expected points such as 1.5, found {text!r}"
            )
        whole, _, tenth = text.partition(".")
        value = abs(int(whole)) * 10 + int(tenth or 0)
        return -value if text.startswith("-") else value

    # -- 001 --

    def player(self, line: TrfLine) -> PlayerRecord:
        text = line.text
        if len(text) < _SHORTEST_PLAYER_LINE:
            raise self.error(
                line.number,
                len(text) + 1,
                "player record",
                f"a 001 line needs at least {_SHORTEST_PLAYER_LINE} characters, "
                f"this one has {len(text)}",
            )
        pid = self.integer(line, 5, 8, "player id", blank_ok=True)
        if pid is None:
            # Opponents name players by this number: without it the history cannot be read.
            raise self.error(
                line.number, 5, "player id", "the pairing number (columns 5-8) is missing"
            )
        if pid < 1:
            raise self.error(line.number, 5, "player id", "player ids start at 1")
        rating = self.integer(line, 49, 52, "rating", blank_ok=True)
        player = Player(
            id=pid,
            name=text[14:47].strip(),
            rating=rating,
            title=text[10:13].strip(),
            federation=text[53:56].strip(),
            fide_id=text[57:68].strip(),
            birth_date=text[69:79].strip(),
            sex=text[9:10].strip(),
        )
        points = self.points(line, 81, 84, "points", blank_ok=True)
        # The rank column is the writing program's standings, which no pairing reads (nor
        # bbpPairings): a value that is not a number is kept in the line and read as none.
        rank_text = text[85:89].strip()
        rank = int(rank_text) if rank_text.isascii() and rank_text.isdecimal() else None
        cells: list[Cell] = []
        start = _FIRST_CELL
        number = 1
        while start <= len(text):
            cells.append(self.cell(line, number, start))
            start += _CELL_WIDTH
            number += 1
        while cells and cells[-1].blank:  # trailing blank cells are no entry at all
            cells.pop()
        return PlayerRecord(line.number, player, points, rank, tuple(cells))

    def cell(self, line: TrfLine, number: int, start: int) -> Cell:
        raw = line.text[start - 1 : start + 7].ljust(8)
        what = f"round {number}"
        opponent_text = raw[:4].strip()
        opponent: int | None = None
        if opponent_text:
            if not opponent_text.isdecimal():
                raise self.error(
                    line.number,
                    start,
                    f"{what} opponent",
                    f"expected a player number or 0000, found {opponent_text!r}",
                )
            opponent = int(opponent_text) or None
        colour = raw[5].lower()
        if colour == " ":
            colour = "-"
        if colour not in ("w", "b", "-"):
            raise self.error(line.number, start + 5, f"{what} colour", f"unknown colour {raw[5]!r}")
        result = raw[7].upper()
        if result not in _RESULTS:
            raise self.error(
                line.number, start + 7, f"{what} result", f"unknown result code {raw[7]!r}"
            )
        return Cell(number, opponent, colour, result, start)


@dataclass(frozen=True, slots=True)
class TrfDocument:
    """A TRF file as read: every line verbatim, the player records and the tournament."""

    source: str
    lines: tuple[TrfLine, ...]
    players: tuple[PlayerRecord, ...]
    headers: dict[str, tuple[TrfLine, ...]]
    """Every line that is not a 001 record, by record code, in file order."""
    _tournament: Tournament = field(repr=False, compare=False)
    bom: bool = False
    encoding: str = "utf-8"
    """How the file was encoded (``read_trf`` falls back to Latin-1 for older files)."""
    tiebreaks: tuple[TiebreakCode, ...] = ()
    """The codes of the tie-break record (202, else 212), as written; see :meth:`tiebreak_codes`."""
    warnings: tuple[str, ...] = ()
    """What was read but is not used, each ``file:line:column: message``."""

    @property
    def flavour(self) -> Flavour:
        """``trf2026`` when the file states its settings with 142 or 152, else ``trf16``."""
        codes = {line.code for line in self.lines}
        return "trf2026" if codes & {"142", "152"} else "trf16"

    def tiebreak_codes(self, known: Container[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The file's tie-break codes that are ``known``, and a warning for each other one.

        The format does not know which tie-breaks exist; the caller passes them (the
        standings registry), so that a code such as ``BH/C1`` is skipped, not fatal.
        """
        codes: list[str] = []
        warnings: list[str] = []
        for tiebreak in self.tiebreaks:
            if tiebreak.code in known:
                codes.append(tiebreak.code)
            else:
                warnings.append(
                    f"{self.source}:{tiebreak.line}:{tiebreak.column}: tie-break "
                    f"{tiebreak.code!r} is not known, skipped"
                )
        return tuple(codes), tuple(warnings)

    def to_text(self) -> str:
        """The document as text: identical to what was read if nothing was changed."""
        body = "".join(line.text + line.ending for line in self.lines)
        return ("\ufeff" if self.bom else "") + body

    def to_bytes(self) -> bytes:
        """The document encoded as it was read: the same bytes if nothing was changed."""
        return self.to_text().encode(self.encoding)

    def tournament(self) -> Tournament:
        """The event the file describes (players, rounds, settings, requests)."""
        return self._tournament

    def check_pairing_numbers(self) -> None:
        """Refuse pairing numbers with a gap (1, 2, 4...), as bbpPairings does.

        fairpair itself ranks players by ascending number and counts positions, so a gap
        changes nothing for it; an engine that takes the number as the rank would give the
        players after the gap other colours (rule 6.6). ``fairpair-engine`` calls this to
        refuse what the reference refuses. ``XXC rank`` (initial ranking in the order of the
        lines) makes the numbers mere names: any are accepted then.
        """
        if self.tournament().initial_ranking is not None:
            return
        ids = sorted(record.player.id for record in self.players)
        by_id = {record.player.id: record for record in self.players}
        for expected, pid in enumerate(ids, start=1):
            if pid != expected:
                missing = f"{expected}" if pid == expected + 1 else f"{expected}-{pid - 1}"
                raise TrfError(
                    f"pairing number {missing} is missing: the players must be numbered 1 "
                    f"to {len(ids)} (or an XXC rank record ranks them in the order of the lines)",
                    path=self.source,
                    line=by_id[pid].line,
                    column=5,
                    field="player id",
                )

    def header(self, code: str) -> str | None:
        """The text after column 4 of the last record with this code, if any."""
        found = self.headers.get(code)
        return found[-1].text[4:] if found else None


@dataclass(frozen=True, slots=True)
class ScannedTrf:
    """A TRF text cut into lines: its player records read, the other records by code."""

    reader: _Reader
    lines: tuple[TrfLine, ...]
    records: tuple[PlayerRecord, ...]
    headers: dict[str, tuple[TrfLine, ...]]
    bom: bool


def scan_trf(text: str, source: str) -> ScannedTrf:
    """Split a TRF text into lines and read its ``001`` records (individual and team files
    alike); raises :class:`TrfError` naming line and column, a player id defined twice too."""
    reader = _Reader(source)
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    lines = tuple(
        TrfLine(number, line, ending)
        for number, (line, ending) in enumerate(split_lines(text), start=1)
    )
    records: list[PlayerRecord] = []
    headers: dict[str, list[TrfLine]] = {}
    seen: dict[PlayerId, int] = {}
    for line in lines:
        if line.code == "001":
            record = reader.player(line)
            if record.player.id in seen:
                raise reader.error(
                    line.number,
                    5,
                    "player id",
                    f"player {record.player.id} is already defined on line "
                    f"{seen[record.player.id]}",
                )
            seen[record.player.id] = line.number
            records.append(record)
        elif not line.text.startswith("###"):
            headers.setdefault(line.code, []).append(line)
    frozen = {code: tuple(found) for code, found in headers.items()}
    return ScannedTrf(reader, lines, tuple(records), frozen, bom)


def parse_trf(text: str, source: str = "<string>") -> TrfDocument:
    """Parse the text of a TRF file; raises :class:`TrfError` naming line and column."""
    scan = scan_trf(text, source)
    tournament = _Builder(scan.reader, scan.records, scan.lines).build()
    return TrfDocument(
        source,
        scan.lines,
        scan.records,
        scan.headers,
        tournament,
        scan.bom,
        tiebreaks=_tiebreaks(scan.headers),
        warnings=tuple(scan.reader.warnings),
    )


def _tiebreaks(headers: dict[str, tuple[TrfLine, ...]]) -> tuple[TiebreakCode, ...]:
    """The codes of the last 202 record, else of the last 212, with their columns."""
    for code in ("202", "212"):
        for line in reversed(headers.get(code, ())):
            found = tuple(
                TiebreakCode(match.group(), line.number, match.start() + 1)
                for match in _TIEBREAK_CODE.finditer(line.text, 4)
            )
            if found:
                return found
    return ()


def decode_trf(path: str | PathLike[str]) -> tuple[str, str]:
    """The text of a TRF file and its encoding (UTF-8, or Latin-1 when it is not valid UTF-8);
    an empty or binary file is refused."""
    with open(path, "rb") as handle:
        data = handle.read()
    source = str(path)
    # Whatever else a file is, one without a record would be read as an empty event.
    if not data.strip():
        raise TrfError("the file is empty: a TRF file has a line per player (001)", path=source)
    if b"\0" in data:
        raise TrfError("not a TRF file: it holds NUL bytes (a binary file?)", path=source)
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def read_trf(path: str | PathLike[str]) -> TrfDocument:
    """Read a TRF file (UTF-8, or Latin-1 when it is not valid UTF-8), keeping its bytes."""
    source = str(path)
    text, encoding = decode_trf(path)
    document = parse_trf(text, source)
    if not any(line.code in _GROUP for line in document.lines):
        raise TrfError(
            "not a TRF file: no line starts with a TRF record code (001, 012...)", path=source
        )
    return dataclasses.replace(document, encoding=encoding)


class _Builder:
    """Turns the parsed lines of one document into a Tournament, checking cross-references."""

    competitor = "player"
    """What the records 240, 260 and XXP name: players here, teams in a team file."""

    def __init__(
        self, reader: _Reader, records: tuple[PlayerRecord, ...], lines: tuple[TrfLine, ...]
    ) -> None:
        self.reader = reader
        self.records = records
        self.lines = lines
        self.by_id = {r.player.id: r for r in records}

    def build(self) -> Tournament:
        point_values: dict[str, int] = {}
        points_line: TrfLine | None = None
        total_rounds: int | None = None
        colour: Colour | None = None
        ranked_by_lines = False
        name = ""
        system = ""
        accelerations: dict[tuple[PlayerId, int], int] = {}
        forbidden: list[ForbiddenPairs] = []
        requests: list[RequestedBye] = []
        rounds_line: TrfLine | None = None
        details: dict[str, str] = {}
        deputies: list[str] = []
        round_dates: tuple[str, ...] = ()
        reader = self.reader
        for line in self.lines:
            code = line.code
            if line.text.startswith("###"):
                continue
            if code == "012":
                name = line.text[4:].strip()
            elif code in _DETAIL_FIELDS:
                # Report fields: no pairing or score depends on them, so any text is kept
                # as it is (a date such as 21/07/2025 or May 10, 2020 included).
                details[_DETAIL_FIELDS[code]] = line.text[4:].strip()
            elif code == "112":
                deputies.append(line.text[4:].strip())
            elif code == "132":
                round_dates = _round_dates(line.text)
            elif code in ("XXR", "142"):
                total_rounds = self.total_rounds(line)
                rounds_line = line
            elif code == "XXC":
                for word in line.text[3:].split():
                    lowered = word.lower()
                    if lowered == "white1":
                        colour = Colour.WHITE
                    elif lowered == "black1":
                        colour = Colour.BLACK
                    elif lowered == "rank":
                        ranked_by_lines = True
            elif code == "152":
                colour = self.initial_colour(line)
            elif code == "162":
                point_values.update(self.point_values_162(line))
                points_line = line
            elif code in _BB_FIELDS:
                point_values.update(self.point_values_bb(line))
                points_line = line
            elif code == "192":
                system = line.text[4:].strip()
            elif code == "240":
                requests.extend(self.requested_byes(line))
            elif code == "250":
                for acc in self.accelerations_250(line):
                    key = (acc.player, acc.round)
                    accelerations[key] = accelerations.get(key, 0) + acc.points
            elif code == "XXA":
                for acc in self.accelerations_xxa(line):
                    key = (acc.player, acc.round)
                    accelerations[key] = accelerations.get(key, 0) + acc.points
            elif code == "260":
                forbidden.append(self.forbidden_260(line))
            elif code == "XXP":
                forbidden.append(self.forbidden_xxp(line))
        points = self.point_system(points_line, point_values)
        rounds = _without_announced_round(self.rounds(), requests)
        if total_rounds is not None and rounds_line is not None and total_rounds < len(rounds):
            raise reader.error(
                rounds_line.number,
                5 if rounds_line.code == "142" else 4,
                "total rounds",
                f"the event has {total_rounds} rounds but the players have {len(rounds)}",
            )
        tournament = Tournament(
            players=tuple(r.player for r in self.records),
            rounds=rounds,
            total_rounds=total_rounds,
            points=points,
            name=name,
            initial_colour=colour,
            initial_ranking=tuple(r.player.id for r in self.records) if ranked_by_lines else None,
            requested_byes=tuple(requests),
            # Zero values are kept: any acceleration record switches off the engines' own
            # acceleration (the Baku code, Burstein's default), so its presence is information.
            accelerations=tuple(
                Acceleration(pid, rnd, value) for (pid, rnd), value in sorted(accelerations.items())
            ),
            # "To the last round" and "to the end" are one rule (writers state the round).
            forbidden=tuple(
                dataclasses.replace(rule, last_round=None)
                if rule.last_round is not None
                and rule.last_round >= (total_rounds if total_rounds is not None else 999)
                else rule
                for rule in forbidden
            ),
            system=system,
            details=EventDetails(
                **details, deputy_arbiters=tuple(deputies), round_dates=round_dates
            ),
        )
        if colour is None:
            tournament = tournament.replace(initial_colour=infer_initial_colour(tournament))
        self.check_points(tournament)
        return tournament

    def check_points(self, tournament: Tournament) -> None:
        """Refuse a points column that no reading of the results gives (as bbpPairings does).

        The column may hold the score of the rounds in the file, or of the rounds before the
        one to be paired when the last round holds only byes announced in advance (then the
        column may or may not count that bye), either plus the acceleration of the round to
        be paired. A blank column is not checked. bbpPairings requires the column and makes
        the same four comparisons; fairpair also lets the column count a bye that a 240
        record announces for the round to be paired.
        """
        rounds = len(tournament.rounds)
        full = scores(tournament)
        options = [(full, rounds + 1)]
        last_round_announced_only = rounds > 0 and not any(
            cell.opponent is not None or cell.result in ("U", "+")
            for record in self.records
            if len(record.cells) == rounds
            for cell in record.cells[-1:]
        )
        if last_round_announced_only:
            options = [(full, rounds), (scores(tournament, rounds - 1), rounds), *options]
        for record in self.records:
            pid = record.player.id
            if record.points is None:
                continue
            accepted = {
                total[pid] + virtual + announced
                for total, next_round in options
                for virtual in (0, tournament.acceleration(pid, next_round))
                for announced in (0, self.requested_points(tournament, pid, next_round))
            }
            if record.points not in accepted:
                raise self.reader.error(
                    record.line,
                    81,
                    "points",
                    f"{_points_text(record.points)} contradicts the results, which "
                    f"give {_points_text(full[pid])} under the file's point system"
                    + ("" if len(accepted) == 1 else f" (accepted: {_listed(accepted)})"),
                )

    @staticmethod
    def requested_points(tournament: Tournament, pid: PlayerId, round_number: int) -> int:
        """The points of a bye announced by a 240 record for that round (0 if none): the
        column may count it, as it may count a bye written in the round's cell."""
        bye = tournament.requested_bye(pid, round_number)
        return 0 if bye is None else outcome_points(bye_outcome(bye.kind), tournament.points)

    # -- header records --

    def total_rounds(self, line: TrfLine) -> int:
        first = 5 if line.code == "142" else 4
        text = line.text[first - 1 :].strip()
        if not text.isdecimal() or int(text) < 1:
            raise self.reader.error(
                line.number, first, "total rounds", f"expected a number of rounds, found {text!r}"
            )
        return int(text)

    def initial_colour(self, line: TrfLine) -> Colour:
        text = line.text.rstrip()
        if text == "152 W":
            return Colour.WHITE
        if text == "152 B":
            return Colour.BLACK
        raise self.reader.error(
            line.number, 5, "initial colour", f"expected '152 W' or '152 B', found {text!r}"
        )

    def point_values_162(self, line: TrfLine) -> dict[str, int]:
        """The point-system fields a 162 record sets.

        The spec puts the symbols at columns 6, 15, 24...; programs also write them closer
        together or further apart, so any ``symbol value`` pairs are read, in any spacing.
        ``Z`` is read as ``A`` (zero-point bye and forfeit loss): both spellings are in use.
        ``X`` (an unknown result) scores nothing fairpair stores, and is warned about.
        """
        text = line.text
        values: dict[str, int] = {}
        position = 4
        for match in _POINT_GROUP.finditer(text, 4):
            if text[position : match.start()].strip():
                break
            position = match.end()
            symbol = match[1].upper()
            column = match.start(1) + 1
            if symbol not in "WDLAZPX":
                raise self.reader.error(
                    line.number,
                    column,
                    "point system",
                    f"unknown symbol {match[1]!r} (expected W, D, L, A or Z, P or X)",
                )
            values["A" if symbol == "Z" else symbol] = self.point_value(
                line, match.start(2) + 1, match[2], f"point system {symbol}"
            )
        rest = text[position:]
        if rest.strip():
            column = position + len(rest) - len(rest.lstrip()) + 1
            found = rest.strip().split()[0]
            if found[0].isalpha():
                raise self.reader.error(
                    line.number,
                    column,
                    "point system",
                    f"unknown symbol {found[0]!r} (expected W, D, L, A or Z, P or X)",
                )
            raise self.reader.error(
                line.number,
                column,
                "point system",
                f"expected a symbol and points, found {found!r}",
            )
        if not values:
            raise self.reader.error(line.number, 6, "point system", "no values given")
        if "X" in values:
            self.reader.warn(
                line.number,
                text.upper().index("X", 4) + 1,
                "point system: the value of X (unknown result) is not used",
            )
        fields = {
            "W": ("win",),
            "D": ("draw",),
            "L": ("loss",),
            "A": ("zero_bye", "forfeit_loss"),
            "P": ("pairing_bye",),
        }
        return {name: value for symbol, value in values.items() for name in fields.get(symbol, ())}

    def point_value(self, line: TrfLine, column: int, text: str, what: str) -> int:
        """Points such as ``1``, ``1.0``, ``0.5`` or ``0,5`` (a decimal comma is common too)."""
        value = _POINT_VALUE.fullmatch(text)
        if value is None:
            raise self.reader.error(
                line.number, column, what, f"expected points such as 1.5, found {text!r}"
            )
        whole, tenth = value[2], value[3] or "0"
        tenths = int(whole) * 10 + int(tenth)
        return -tenths if value[1] else tenths

    def point_values_bb(self, line: TrfLine) -> dict[str, int]:
        # The value's column varies between programs (col 5, 6 or further): take the one word.
        rest = line.text[3:]
        word = rest.strip()
        column = 4 + len(rest) - len(rest.lstrip())
        if not word or len(word.split()) != 1:
            raise self.reader.error(
                line.number, max(column, 5), "point value", f"expected points, found {word!r}"
            )
        return {_BB_FIELDS[line.code]: self.point_value(line, column, word, "point value")}

    def point_system(self, line: TrfLine | None, changes: dict[str, int]) -> PointSystem:
        """CHESS changed by the values of every 162 and BB* record (the later wins)."""
        if line is None:
            return CHESS
        try:
            return dataclasses.replace(CHESS, **changes)
        except ValueError as exc:
            raise self.reader.error(line.number, 5, "point system", str(exc)) from None

    def known_player(self, line: TrfLine, column: int, text: str, what: str) -> PlayerId:
        stripped = text.strip()
        if not stripped.isdecimal():
            raise self.reader.error(
                line.number,
                column,
                what,
                f"expected a {self.competitor} number, found {stripped!r}",
            )
        pid = int(stripped)
        if not self.known(pid):
            raise self.reader.error(
                line.number, column, what, f"there is no {self.competitor} {pid}"
            )
        return pid

    def known(self, number: int) -> bool:
        """Whether a competitor with this number is registered."""
        return number in self.by_id

    def requested_byes(self, line: TrfLine) -> Iterator[RequestedBye]:
        text = line.text
        kind = {"F": ByeKind.FULL_POINT, "H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT}.get(
            text[4:5].upper()
        )
        if kind is None:
            raise self.reader.error(
                line.number, 5, "bye type", f"expected F, H or Z, found {text[4:5]!r}"
            )
        rnd = self.reader.integer(line, 7, 9, "bye round", blank_ok=False)
        assert rnd is not None
        if rnd < 1:
            raise self.reader.error(line.number, 7, "bye round", "rounds start at 1")
        start = 11
        found = False
        while start <= len(text):
            chunk = text[start - 1 : start + 3]
            if chunk.strip():
                found = True
                yield RequestedBye(
                    rnd, self.known_player(line, start, chunk, f"bye {self.competitor}"), kind
                )
            start += 5
        if not found:
            raise self.reader.error(
                line.number, 11, f"bye {self.competitor}", f"no {self.competitor} given"
            )

    def accelerations_250(self, line: TrfLine) -> Iterator[Acceleration]:
        reader = self.reader
        reader.points(line, 5, 8, "acceleration match points", blank_ok=True)
        value = reader.points(line, 10, 13, "acceleration points", blank_ok=False)
        assert value is not None
        rounds, players = self.ranges_250(line)
        for pid in players:
            if pid in self.by_id:
                for rnd in rounds:
                    yield Acceleration(pid, rnd, value)

    def ranges_250(self, line: TrfLine) -> tuple[range, range]:
        """The rounds (columns 15-17 to 19-21) and the competitors' numbers (23-26 to 28-31)
        a ``250`` record gives virtual points to, each a range from 1 on, first to last; an
        error naming the field otherwise."""
        reader, who = self.reader, self.competitor
        first_round = reader.integer(line, 15, 17, "acceleration first round", blank_ok=False)
        last_round = reader.integer(line, 19, 21, "acceleration last round", blank_ok=False)
        first = reader.integer(line, 23, 26, f"acceleration first {who}", blank_ok=False)
        last = reader.integer(line, 28, 31, f"acceleration last {who}", blank_ok=False)
        assert first_round is not None and last_round is not None
        assert first is not None and last is not None
        if not 1 <= first_round <= last_round:
            raise reader.error(
                line.number,
                15,
                "acceleration rounds",
                f"bad round range {first_round}-{last_round}",
            )
        if not 1 <= first <= last:
            raise reader.error(
                line.number, 23, f"acceleration {who}s", f"bad {who} range {first}-{last}"
            )
        return range(first_round, last_round + 1), range(first, last + 1)

    def accelerations_xxa(self, line: TrfLine) -> Iterator[Acceleration]:
        pid = self.known_player(line, 5, line.text[4:8], "accelerated player")
        start = 10
        rnd = 1
        found = False
        while start <= len(line.text):
            value = self.reader.points(
                line, start, start + 3, f"acceleration of round {rnd}", blank_ok=True
            )
            if value is not None:  # an explicit 0.0 is a record too; a blank field is not
                found = True
                yield Acceleration(pid, rnd, value)
            start += 5
            rnd += 1
        if not found:  # a line without values still says "accelerated: by nothing"
            yield Acceleration(pid, 1, 0)

    def forbidden_260(self, line: TrfLine) -> ForbiddenPairs:
        reader = self.reader
        first = reader.integer(line, 5, 7, "forbidden first round", blank_ok=False)
        last = reader.integer(line, 9, 11, "forbidden last round", blank_ok=True)
        assert first is not None
        if first < 1 or (last is not None and last < first):
            raise reader.error(
                line.number, 5, "forbidden rounds", f"bad round range {first}-{last}"
            )
        players: list[PlayerId] = []
        start = 13
        while start <= len(line.text):
            chunk = line.text[start - 1 : start + 3]
            if chunk.strip():
                players.append(
                    self.known_player(line, start, chunk, f"forbidden {self.competitor}")
                )
            start += 5
        if len(players) < 2:
            raise reader.error(
                line.number,
                13,
                f"forbidden {self.competitor}",
                f"at least two {self.competitor}s needed",
            )
        return ForbiddenPairs(tuple(players), first, last)

    def forbidden_xxp(self, line: TrfLine) -> ForbiddenPairs:
        players: list[PlayerId] = []
        for match in re.finditer(r"\S+", line.text[3:]):
            players.append(
                self.known_player(
                    line, match.start() + 4, match.group(), f"forbidden {self.competitor}"
                )
            )
        if len(players) < 2:
            raise self.reader.error(
                line.number,
                5,
                f"forbidden {self.competitor}",
                f"at least two {self.competitor}s needed",
            )
        return ForbiddenPairs(tuple(players))

    # -- rounds --

    def rounds(self) -> tuple[Round, ...]:
        count = max((len(r.cells) for r in self.records), default=0)
        return tuple(self.round(number) for number in range(1, count + 1))

    def round(self, number: int) -> Round:
        reader = self.reader
        games: list[Game] = []
        byes: list[Bye] = []
        done: set[PlayerId] = set()
        pab: PlayerRecord | None = None
        for record in self.records:
            if number > len(record.cells):
                continue
            pid = record.player.id
            cell = record.cells[number - 1]
            what = f"round {number}"
            if cell.opponent is None:
                kind = _LONE_RESULTS.get(cell.result)
                if kind is None:
                    raise reader.error(
                        record.line,
                        cell.result_column,
                        f"{what} result",
                        f"result {cell.result!r} needs an opponent",
                    )
                if cell.colour != "-":
                    raise reader.error(
                        record.line,
                        cell.colour_column,
                        f"{what} colour",
                        f"a round without an opponent has no colour, found {cell.colour!r}",
                    )
                if kind is ByeKind.PAIRING_ALLOCATED:
                    if pab is not None:
                        raise reader.error(
                            record.line,
                            cell.result_column,
                            f"{what} result",
                            f"player {pab.player.id} already has the pairing-allocated bye "
                            f"of this round (line {pab.line})",
                        )
                    pab = record
                byes.append(Bye(pid, kind))
                continue
            if pid in done:
                continue
            games.append(self.game(record, cell))
            done.add(cell.opponent)
        return Round(number, tuple(games), tuple(byes))

    def game(self, record: PlayerRecord, cell: Cell) -> Game:
        reader = self.reader
        pid = record.player.id
        what = f"round {cell.round}"
        opponent_id = cell.opponent
        assert opponent_id is not None
        if cell.result in ("U", "F", "H", "Z"):
            raise reader.error(
                record.line,
                cell.result_column,
                f"{what} result",
                f"a {cell.result} bye cannot have an opponent",
            )
        if opponent_id == pid:
            raise reader.error(
                record.line, cell.column, f"{what} opponent", "a player cannot play himself"
            )
        opponent = self.by_id.get(opponent_id)
        if opponent is None:
            raise reader.error(
                record.line, cell.column, f"{what} opponent", f"there is no player {opponent_id}"
            )
        back = opponent.cells[cell.round - 1] if cell.round <= len(opponent.cells) else None
        if back is None or back.opponent != pid:
            found = (
                "nothing" if back is None or back.opponent is None else f"player {back.opponent}"
            )
            raise reader.error(
                record.line,
                cell.column,
                f"{what} opponent",
                f"player {opponent_id} (line {opponent.line}) has {found} as opponent "
                f"in round {cell.round}, not player {pid}",
            )
        if (cell.colour, back.colour) not in (("w", "b"), ("b", "w"), ("-", "-")):
            raise reader.error(
                record.line,
                cell.colour_column,
                f"{what} colour",
                f"colour {cell.colour!r} contradicts colour {back.colour!r} of player "
                f"{opponent_id} (line {opponent.line})",
            )
        coloured = cell.colour != "-"
        mine_is_white = cell.colour != "b"
        white_code, black_code = (
            (cell.result, back.result) if mine_is_white else (back.result, cell.result)
        )
        outcome = _PLAYED.get((white_code, black_code))
        if outcome is None:
            raise reader.error(
                record.line,
                cell.result_column,
                f"{what} result",
                f"result {cell.result!r} contradicts result {back.result!r} of player "
                f"{opponent_id} (line {opponent.line})",
            )
        result, rated = outcome
        white, black = (pid, opponent_id) if mine_is_white else (opponent_id, pid)
        return Game(white, black, result, coloured=coloured, rated=rated)


def _without_announced_round(
    rounds: tuple[Round, ...], requests: list[RequestedBye]
) -> tuple[Round, ...]:
    """The rounds played, without a last round that only announces who is not to be paired.

    A writer that wants bbpPairings (which does not read 240) to leave a player out of the
    round it pairs writes his ``0000 - H``/``F``/``Z`` in that round's column; when each entry
    of the last round is such a bye, also stated by a 240 record of that round, the column
    is that announcement (spec trf.md §4), not a round in which only byes were taken.
    """
    if not rounds or rounds[-1].games or not rounds[-1].byes:
        return rounds
    last = rounds[-1]
    announced = {(b.player, b.kind) for b in requests if b.round == last.number}
    if all((bye.player, bye.kind) in announced for bye in last.byes):
        return rounds[:-1]
    return rounds


_DETAIL_FIELDS = {
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "event_type",
    "102": "chief_arbiter",
    "122": "time_control",
}


def _round_dates(text: str) -> tuple[str, ...]:
    """The dates of a 132 record: round k at columns 92 + 10(k - 1), trailing blanks dropped.

    Some programs start the dates right after the code instead: then they are read as
    words, one per round.
    """
    if text[4 : _FIRST_CELL - 1].strip():
        return tuple(text[4:].split())
    dates = [
        text[start - 1 : start + 9].strip()
        for start in range(_FIRST_CELL, len(text) + 1, _CELL_WIDTH)
    ]
    while dates and not dates[-1]:
        dates.pop()
    return tuple(dates)


_BB_FIELDS = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_bye",
    "BBF": "forfeit_loss",
    "BBU": "pairing_bye",
}

if TYPE_CHECKING:
    Flavour = Literal["trf16", "trf2026"]
else:
    Flavour = str


# --- writing ------------------------------------------------------------------------------

_CELL_CODES = {
    Outcome.WIN: "1",
    Outcome.DRAW: "=",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.PAIRING_BYE: "U",
    Outcome.FULL_BYE: "F",
    Outcome.HALF_BYE: "H",
    Outcome.ZERO_BYE: "Z",
    Outcome.ABSENT: "-",
    Outcome.UNPAIRED_FORFEIT_WIN: "+",
    Outcome.PENDING: " ",
}
_UNRATED_CODES = {Outcome.WIN: "W", Outcome.DRAW: "D", Outcome.LOSS: "L"}
_REQUEST_CODES = {
    ByeKind.FULL_POINT: "F",
    ByeKind.HALF_POINT: "H",
    ByeKind.ZERO_POINT: "Z",
    ByeKind.ABSENT: "Z",  # 240 has no plain absence; it scores and pairs as a zero-point bye
}


def write_trf(
    tournament: Tournament, flavour: Flavour | None = None, like: TrfDocument | None = None
) -> str:
    """A TRF file for the tournament.

    Without ``like``, a fresh file with LF line endings. ``trf16`` (the default) states the
    settings with the engine extensions (``XXR``, ``XXC``, ``BB*``, ``XXA``); ``trf2026`` with
    the new records (``142``, ``152``, ``162``, ``250``). Both write the event's details as
    022-132 with 062/072 (player counts), requested byes as ``240`` and forbidden pairs as
    ``XXP`` (whole event) or ``260``. The points column is the real score; the rank column
    orders by score, then player id.

    With ``like``, the document the tournament was read from: when the tournament is the
    document's own and ``flavour`` is None or the document's :attr:`TrfDocument.flavour`, the
    document's text, unchanged. Otherwise the document with only what changed rewritten:
    each kind of record (the players' lines one by one) whose content differs, or that the
    flavour asked for spells otherwise, is written anew where it stood; everything else,
    comments, blank lines and records fairpair does not read included, stays verbatim and in
    its place, with the document's line endings.

    Who is not to be paired in the next round (a requested bye of that round, a withdrawal in
    force) also has that round's cell, ``0000 - H``/``F``/``Z``, since bbpPairings reads no 240
    record; a withdrawn player's ``Z`` is stated by a 240 record too, so that the file reads
    back as the same next round to pair.

    Raises ``ValueError`` for what a TRF cannot hold (a field wider than its columns, a
    point value for a forfeit win, full or half bye other than the win or draw value).
    """
    if flavour not in (None, "trf16", "trf2026"):
        raise ValueError(f"unknown TRF flavour {flavour!r}")
    if like is None:
        records = _records(tournament, flavour or "trf16")
        return "".join(line + "\n" for lines in records.values() for line in lines)
    target = flavour or like.flavour
    if target == like.flavour and tournament == like.tournament():
        return like.to_text()
    return _merged(tournament, target, like)


def encode_trf(text: str, like: TrfDocument | None = None) -> bytes:
    """The bytes of a TRF text: in the encoding of the document it came from (Latin-1 for a
    Latin-1 file), else UTF-8, or UTF-8 when a new name does not fit the old encoding."""
    encoding = "utf-8" if like is None else like.encoding
    try:
        return text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode("utf-8")


_HEADER_GROUPS = (
    "012", "022", "032", "042", "052", "062", "072", "092", "102", "112", "122", "132", "192",
)  # fmt: skip
_TRAILER_GROUPS = ("rounds", "colour", "points", "acceleration", "240", "forbidden")
_GROUP = {code: code for code in (*_HEADER_GROUPS, "001", "240")} | {
    "XXR": "rounds",
    "142": "rounds",
    "XXC": "colour",
    "152": "colour",
    "162": "points",
    **{code: "points" for code in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")},
    "XXA": "acceleration",
    "250": "acceleration",
    "XXP": "forbidden",
    "260": "forbidden",
}
"""The records the writer writes, by the part of the tournament they state."""
_FLAVOURED = frozenset(("rounds", "colour", "points", "acceleration"))
"""The parts that trf16 and trf2026 state with different records."""


def _records(tournament: Tournament, flavour: Flavour) -> dict[str, list[str]]:
    """The lines of a fresh file, by group (see ``_GROUP``), in the order they are written."""
    records: dict[str, list[str]] = {group: [] for group in _HEADER_GROUPS}
    records["001"] = list(_player_lines(tournament))
    records.update({group: [] for group in _TRAILER_GROUPS})
    records.update(
        header_records(tournament.name, tournament.details, tournament.system, tournament.players)
    )
    colour = tournament.initial_colour
    if flavour == "trf16":
        if tournament.total_rounds is not None:
            records["rounds"].append(f"XXR {tournament.total_rounds}")
        words = [] if colour is None else ["white1" if colour is Colour.WHITE else "black1"]
        if tournament.initial_ranking is not None:
            words.append("rank")
        if words:
            records["colour"].append("XXC " + " ".join(words))
        records["points"].extend(_bb_lines(tournament.points, CHESS))
        records["acceleration"].extend(_xxa_lines(tournament))
    else:
        if tournament.total_rounds is not None:
            records["rounds"].append(f"142 {tournament.total_rounds}")
        if colour is not None:
            records["colour"].append("152 W" if colour is Colour.WHITE else "152 B")
        if tournament.initial_ranking is not None:
            records["colour"].append("XXC rank")
        records["points"].extend(_points_2026(tournament.points))
        records["acceleration"].extend(lines_250(tournament.accelerations))
    records["240"].extend(_requested_bye_lines(tournament))
    for rule in tournament.forbidden:
        if rule.first_round == 1 and rule.last_round is None:
            records["forbidden"].append("XXP " + " ".join(str(p) for p in rule.players))
        else:
            # bbpPairings refuses a 260 without its last round: "to the end" is the last one.
            last_round = rule.last_round or max(rule.first_round, tournament.total_rounds or 999)
            last = f"{last_round:03d}"
            ids = " ".join(f"{p:04d}" for p in rule.players)
            records["forbidden"].append(f"260 {rule.first_round:03d} {last} {ids}")
    return records


def header_records(
    name: str, details: EventDetails, system: str, players: tuple[Player, ...]
) -> dict[str, list[str]]:
    """The report records 012-132 and 192 of an event, by code (empty lists for what is not
    stated); 062/072 count the players and the rated ones."""
    records: dict[str, list[str]] = {group: [] for group in _HEADER_GROUPS}
    texts = {
        "012": name,
        "022": details.city,
        "032": details.federation,
        "042": _trf_day(details.start_date),
        "052": _trf_day(details.end_date),
        "092": details.event_type,
        "102": details.chief_arbiter,
        "122": details.time_control,
        "192": system,
    }
    for code, text in texts.items():
        if text:
            records[code].append(f"{code} {_one_line(text)}")
    records["112"] = [f"112 {_one_line(deputy)}" for deputy in details.deputy_arbiters]
    if details.round_dates:
        cells = "".join(
            _fit(_short_day(day), _CELL_WIDTH, "round date") for day in details.round_dates
        )
        records["132"].append("132" + " " * (_FIRST_CELL - 4) + cells.rstrip())
    if players:
        rated = sum(1 for player in players if player.rating)
        records["062"].append(f"062 {len(players)}")
        records["072"].append(f"072 {rated}")
    return records


_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def _trf_day(text: str) -> str:
    """042/052: an ISO date (as the store keeps it) in the TRF layout YYYY/MM/DD."""
    return text.replace("-", "/") if _ISO_DAY.fullmatch(text) else text


def _short_day(text: str) -> str:
    """132: an ISO date as YY/MM/DD; any other text as it is."""
    match = _ISO_DAY.fullmatch(text)
    return f"{match[1][2:]}/{match[2]}/{match[3]}" if match else text


_BREAKING = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""Control characters (CR and LF among them) and Unicode's line and paragraph separators:
what a reader might take for the end of a record."""


def _one_line(text: str) -> str:
    """The text with whatever could end a record written as a space: a name or a city can
    never start a record of its own (the service refuses such texts; this is the second
    guard, for a snapshot built otherwise)."""
    return _BREAKING.sub(" ", text)


def _merged(tournament: Tournament, flavour: Flavour, like: TrfDocument) -> str:
    """``like`` with the records that differ for ``tournament`` rewritten (see write_trf)."""
    before = like.tournament()
    new = _records(tournament, flavour)
    old = _records(before, flavour)
    respell = flavour != like.flavour
    changed = {
        group
        for group in new
        if group != "001" and (new[group] != old[group] or (respell and group in _FLAVOURED))
    }
    endings = Counter(line.ending for line in like.lines if line.ending)
    usual = endings.most_common(1)[0][0] if endings else "\n"
    players = _merged_player_lines(tournament, before, like)
    present = {_group(line) for line in like.lines}
    missing = [group for group in new if group in changed and group not in present]
    header = [line for group in missing if group in _HEADER_GROUPS for line in new[group]]
    trailer = [line for group in missing if group not in _HEADER_GROUPS for line in new[group]]
    slots = [index for index, line in enumerate(like.lines) if line.code == "001"]
    out: list[list[str]] = []
    written: set[str] = set()
    for index, line in enumerate(like.lines):
        group = _group(line)
        if slots and index == slots[0]:
            out.extend([text, usual] for text in header)
        if group is None or (group != "001" and group not in changed):
            out.append([line.text, line.ending])
        elif group == "001":
            slot = slots.index(index)
            if slot < len(players):
                out.append([players[slot], line.ending])
            if index == slots[-1]:
                out.extend([text, usual] for text in players[len(slots) :])
                out.extend([text, usual] for text in trailer)
        elif group not in written:
            written.add(group)
            out.extend([text, line.ending or usual] for text in new[group])
    if not slots:
        out.extend([text, usual] for text in (*header, *players, *trailer))
    for pair in out[:-1]:
        pair[1] = pair[1] or usual
    return ("\ufeff" if like.bom else "") + "".join(text + ending for text, ending in out)


def _group(line: TrfLine) -> str | None:
    """The part of the tournament a line states; None for what the writer keeps verbatim."""
    return None if line.text.startswith("###") else _GROUP.get(line.code)


def _merged_player_lines(
    tournament: Tournament, before: Tournament, like: TrfDocument
) -> list[str]:
    """The 001 lines: a player whose line would be written the same keeps the file's own.

    The file's order of players is kept (new players after them), unless the order is the
    initial ranking (``XXC rank``): then the ranking's.
    """
    new = dict(zip(tournament.ranking_order, _player_lines(tournament), strict=True))
    old = dict(zip(before.ranking_order, _player_lines(before), strict=True))
    own = {record.player.id: like.lines[record.line - 1].text for record in like.players}
    if tournament.initial_ranking is not None:
        order = list(tournament.initial_ranking)
    else:
        order = [pid for pid in own if pid in new]
        order.extend(pid for pid in tournament.ranking_order if pid not in own)
    return [own[pid] if pid in own and old.get(pid) == new[pid] else new[pid] for pid in order]


def _listed(values: set[int]) -> str:
    return ", ".join(_points_text(value) for value in sorted(values))


def _name_field(name: str) -> str:
    """The name as its 33 columns hold it: a longer one is cut, as other programs cut it (no
    engine reads the name; the store and the JSON event keep it whole)."""
    return name[:33].rstrip()


def _fit(text: str, width: int, what: str, *, right: bool = False) -> str:
    text = _one_line(text)
    if len(text) > width:
        raise ValueError(f"{what} {text!r} does not fit in {width} TRF columns")
    return text.rjust(width) if right else text.ljust(width)


def _points_text(tenths: int) -> str:
    """Points as TRF writes them (``2.5``, ``3.0``), of any size: for messages too."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"


def _points_field(tenths: int, width: int = 4) -> str:
    return _fit(_points_text(tenths), width, "points", right=True)


def player_head(player: Player, points: int, rank: int) -> str:
    """Columns 1-89 of a 001 record: the player, his points (tenths) and his rank."""
    rating = "" if player.rating is None else str(player.rating)
    return (
        f"001 {_fit(str(player.id), 4, 'player id', right=True)} "
        f"{_fit(player.sex, 1, 'sex')}{_fit(player.title, 3, 'title')} "
        f"{_fit(_name_field(player.name), 33, 'name')} "
        f"{_fit(rating, 4, 'rating', right=True)} "
        f"{_fit(player.federation, 3, 'federation')} "
        f"{_fit(player.fide_id, 11, 'FIDE id', right=True)} "
        f"{_fit(player.birth_date, 10, 'birth date')} "
        f"{_points_field(points)} {rank:4d}"
    )


def _player_lines(tournament: Tournament) -> Iterator[str]:
    table = entries(tournament)
    totals = scores(tournament)
    by_score = sorted(totals, key=lambda pid: (-totals[pid], pid))
    rank = {pid: position for position, pid in enumerate(by_score, start=1)}
    announced = _next_round_codes(tournament)
    for pid in tournament.ranking_order:
        head = player_head(tournament.player(pid), totals[pid], rank[pid])
        row = table[pid]
        while row and row[-1] is None:
            row = row[:-1]
        cells = "".join("  " + _cell(entry) for entry in row)
        code = announced.get(pid)
        # Only right after a full history: a gap would have to be written as absences.
        if code is not None and len(row) == len(tournament.rounds):
            cells += f"  0000 - {code}"
        yield head + cells


def _next_round_codes(tournament: Tournament) -> dict[PlayerId, str]:
    """The players not to be paired in the next round, with the code of their cell there:
    their requested bye, or ``Z`` for a withdrawal in force."""
    number = tournament.next_round
    if tournament.total_rounds is not None and number > tournament.total_rounds:
        return {}
    codes = {
        bye.player: _REQUEST_CODES[bye.kind]
        for bye in tournament.requested_byes
        if bye.round == number
    }
    for pid in tournament.ranking_order:
        if pid not in codes and tournament.withdrawn_before(pid, number):
            codes[pid] = _REQUEST_CODES[ByeKind.ZERO_POINT]
    return codes


def _cell(entry: Entry | None) -> str:
    if entry is None:  # no entry in a round before one he has: read back as an absence
        return "0000 - -"
    code = _CELL_CODES[entry.outcome]
    if not entry.rated:
        code = _UNRATED_CODES.get(entry.outcome, code)
    if entry.opponent is None:
        return f"0000 - {code}"
    colour = "-" if entry.colour is None else entry.colour.value
    return f"{entry.opponent:4d} {colour} {code}"


def _derived_values_only(points: PointSystem) -> None:
    for name, value, derived in (
        ("forfeit win", points.forfeit_win, points.win),
        ("full-point bye", points.full_bye, points.win),
        ("half-point bye", points.half_bye, points.draw),
    ):
        if value is not None and value != derived:
            raise ValueError(f"a TRF cannot give a {name} a value of its own ({value} tenths)")


def _bb_lines(points: PointSystem, base: PointSystem) -> Iterator[str]:
    _derived_values_only(points)
    for code, name in _BB_FIELDS.items():
        value = getattr(points, name)
        if value is not None and value != getattr(base, name):
            yield f"{code} {_points_field(value)}"


def _points_2026(points: PointSystem) -> Iterator[str]:
    if points == CHESS:
        return
    _derived_values_only(points)
    groups = [("W", points.win), ("D", points.draw), ("L", points.loss)]
    if points.zero_bye == points.forfeit_loss:
        groups.append(("A", points.zero_bye))
    if points.pairing_bye is not None:
        groups.append(("P", points.pairing_bye))
    # symbols at columns 6, 15, 24...: each group is 9 columns wide
    yield "162  " + "    ".join(f"{symbol}{_points_field(value)}" for symbol, value in groups)
    if points.zero_bye != points.forfeit_loss:
        yield f"BBZ {_points_field(points.zero_bye)}"
        yield f"BBF {_points_field(points.forfeit_loss)}"


def _acceleration_table(accelerations: Iterable[Acceleration]) -> dict[PlayerId, dict[int, int]]:
    table: dict[PlayerId, dict[int, int]] = {}
    for acc in accelerations:
        rounds = table.setdefault(acc.player, {})
        rounds[acc.round] = rounds.get(acc.round, 0) + acc.points
    return table


def _xxa_lines(tournament: Tournament) -> Iterator[str]:
    for pid, rounds in sorted(_acceleration_table(tournament.accelerations).items()):
        fields = " ".join(
            _points_field(rounds[r]) if r in rounds else "    " for r in range(1, max(rounds) + 1)
        )
        yield f"XXA {pid:4d} {fields}"


def lines_250(accelerations: Iterable[Acceleration]) -> Iterator[str]:
    """One 250 record per run of rounds with the same value (tenths), merging consecutive
    players."""
    runs: list[tuple[int, int, int, PlayerId]] = []  # (value, first round, last round, player)
    for pid, rounds in sorted(_acceleration_table(accelerations).items()):
        for rnd in sorted(rounds):
            value = rounds[rnd]
            if runs and runs[-1][3] == pid and runs[-1][0] == value and runs[-1][2] == rnd - 1:
                runs[-1] = (value, runs[-1][1], rnd, pid)
            else:
                runs.append((value, rnd, rnd, pid))
    merged: list[tuple[int, int, int, PlayerId, PlayerId]] = []
    for value, first, last, pid in sorted(runs, key=lambda run: (run[1], run[2], run[0], run[3])):
        if merged:
            m_value, m_first, m_last, m_from, m_to = merged[-1]
            if (m_value, m_first, m_last) == (value, first, last) and m_to == pid - 1:
                merged[-1] = (value, first, last, m_from, pid)
                continue
        merged.append((value, first, last, pid, pid))
    for value, first, last, low, high in merged:
        yield f"250      {_points_field(value)} {first:03d} {last:03d} {low:04d} {high:04d}"


def _requested_bye_lines(tournament: Tournament) -> Iterator[str]:
    groups: dict[tuple[int, str], list[PlayerId]] = {}
    for bye in tournament.requested_byes:
        groups.setdefault((bye.round, _REQUEST_CODES[bye.kind]), []).append(bye.player)
    number = tournament.next_round
    for pid, code in _next_round_codes(tournament).items():
        if tournament.requested_bye(pid, number) is None:  # withdrawn: absent from now on
            groups.setdefault((number, code), []).append(pid)
    for (rnd, code), players in groups.items():
        yield f"240 {code} {rnd:03d} " + " ".join(f"{p:04d}" for p in players)
