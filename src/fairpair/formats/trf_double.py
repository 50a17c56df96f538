"""The TRF representation of a Double-Swiss event (spec double-swiss.md §9).

TRF-2026 has one cell per player per round; a Double-Swiss match is written as two columns:
match k is TRF rounds 2k-1 (game 1) and 2k (game 2), the same opponent in both with the
colours reversed, each column the player's own result of that game. A bye fills both columns
with the same code (``U`` PAB, ``H``, ``F``, ``Z``) and is valued once per match by ``162``
(``P``, ``H``, ``F``). ``142`` counts columns (twice the matches), ``192`` says
``FIDE_DOUBLESWISS``.

The lines are cut and the ``001`` records read by :func:`fairpair.formats.trf.scan_trf`, as
every TRF file of fairpair; this module reads the matches from the cells. Columns after the
last match-round with a match or a PAB hold the absences announced for the rounds to come
(spec §9.3): they become requested byes, as do the ``240`` records (whose round numbers are
columns, spec §9.1); a withdrawal is written as the zero-point byes of the rounds it covers, and
so read back. ``250`` and ``XXA`` give virtual points per match, their round numbers columns
(spec §10).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from os import PathLike

from fairpair.core import Acceleration, Colour, PlayerId
from fairpair.core.double_swiss import (
    ByeValues,
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
    RequestedMatchBye,
    scores,
)
from fairpair.core.tournament import ForbiddenPairs, RequestedBye
from fairpair.formats.trf import (
    Cell,
    PlayerRecord,
    TrfError,
    TrfLine,
    _Builder,
    _Reader,
    decode_trf,
    lines_250,
    player_head,
    scan_trf,
)

__all__ = [
    "DOUBLE_SWISS_CODES",
    "DoubleTrfDocument",
    "is_double_swiss_trf",
    "parse_double_trf",
    "read_double_trf",
    "write_double_trf",
]

DOUBLE_SWISS_CODES = ("FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_BAKU", "CUSTOM_DOUBLESWISS")
"""The ``192`` codes of a Double-Swiss event (spec §9.1)."""

COMMENT = (
    "### Double-Swiss (FIDE C.04.5): match k is written as TRF rounds 2k-1 (game 1) and 2k "
    "(game 2); byes fill both columns and are valued once per match (162)."
)
"""The comment a fresh file carries, so that a reader of the file knows the encoding."""

_MARKS = {mark.value: mark for mark in Mark}
_BYES = {kind.value: kind for kind in MatchByeKind}
_GAME_VALUES = {"W": 10, "D": 5, "L": 0, "A": 0}
"""The game values a Double-Swiss file must state in 162 (tenths): 1, ½, 0, forfeit 0."""
_VALUE = re.compile(r"([A-Za-z])\s+(\d+)(?:[.,](\d))?")


@dataclass(frozen=True, slots=True)
class DoubleTrfDocument:
    """A Double-Swiss TRF file as read: its lines verbatim and the event."""

    source: str
    lines: tuple[TrfLine, ...]
    players: tuple[PlayerRecord, ...]
    headers: dict[str, tuple[TrfLine, ...]]
    _tournament: DoubleSwissTournament = field(repr=False, compare=False)
    bom: bool = False
    encoding: str = "utf-8"

    def tournament(self) -> DoubleSwissTournament:
        return self._tournament

    def to_text(self) -> str:
        """The document as read."""
        return ("\ufeff" if self.bom else "") + "".join(
            line.text + line.ending for line in self.lines
        )


def is_double_swiss_trf(text: str) -> bool:
    """Whether a TRF text says it is a Double-Swiss event (its ``192`` record)."""
    return any(
        line[4:].strip().upper() in DOUBLE_SWISS_CODES
        for line in text.splitlines()
        if line.startswith("192")
    )


class _DoubleBuilder:
    """Reads the settings and the matches of one document; every error names the place."""

    def __init__(
        self, reader: _Reader, records: tuple[PlayerRecord, ...], lines: tuple[TrfLine, ...]
    ):
        self.reader = reader
        self.records = records
        self.lines = lines
        # The record readers of the individual format (142, 152, 260, XXP) are the same here.
        self.common = _Builder(reader, records, lines)
        self.by_id = {r.player.id: r for r in records}

    def error(self, line: int, column: int, what: str, message: str) -> TrfError:
        return self.reader.error(line, column, what, message)

    def build(self) -> DoubleSwissTournament:
        name = ""
        system: TrfLine | None = None
        columns: int | None = None
        colour: Colour | None = None
        byes = ByeValues()
        forbidden: list[ForbiddenPairs] = []
        announced: list[tuple[TrfLine, RequestedBye]] = []
        virtual: list[tuple[TrfLine, Acceleration]] = []
        for line in self.lines:
            code = line.code
            if code == "012":
                name = line.text[4:].strip()
            elif code == "142":
                columns = self.common.total_rounds(line)
                if columns % 2:
                    raise self.error(
                        line.number,
                        5,
                        "total rounds",
                        f"{columns} columns: a Double-Swiss file has two columns per match, "
                        "an even number",
                    )
            elif code == "152":
                colour = self.common.initial_colour(line)
            elif code == "162":
                byes = self.bye_values(line)
            elif code == "192":
                system = line
            elif code == "260":
                found = self.common.forbidden_260(line)
                forbidden.append(
                    ForbiddenPairs(
                        found.players,
                        (found.first_round + 1) // 2,
                        None if found.last_round is None else (found.last_round + 1) // 2,
                    )
                )
            elif code == "XXP":
                forbidden.append(self.common.forbidden_xxp(line))
            elif code == "240":
                announced.extend((line, bye) for bye in self.common.requested_byes(line))
            elif code == "250":
                virtual.extend((line, acc) for acc in self.common.accelerations_250(line))
            elif code == "XXA":
                virtual.extend((line, acc) for acc in self.common.accelerations_xxa(line))
        if system is None or system.text[4:].strip().upper() not in DOUBLE_SWISS_CODES:
            raise self.error(
                1 if system is None else system.number,
                5,
                "tournament type",
                "not a Double-Swiss file: a 192 record FIDE_DOUBLESWISS is needed (without it "
                "the file reads as twice as many one-game rounds)",
            )
        rounds, requested = self.with_announced(*self.rounds(), announced)
        accelerations = self.accelerations(virtual)
        players = tuple(sorted((r.player for r in self.records), key=lambda p: p.id))
        try:
            return DoubleSwissTournament(
                players=players,
                rounds=rounds,
                total_rounds=None if columns is None else columns // 2,
                initial_colour=colour,
                byes=byes,
                requested_byes=requested,
                forbidden=tuple(forbidden),
                name=name,
                system=system.text[4:].strip(),
                accelerations=accelerations,
            )
        except ValueError as error:
            raise TrfError(str(error), path=self.reader.source) from None

    def accelerations(self, found: list[tuple[TrfLine, Acceleration]]) -> tuple[Acceleration, ...]:
        """Virtual points of the ``250`` and ``XXA`` records (spec §10): their round numbers
        are columns, their values per match; the two columns of a match, when both are given,
        say the same. Zero values are kept (a record replaces the Baku table)."""
        columns: dict[tuple[PlayerId, int], tuple[int, TrfLine]] = {}
        for line, acc in found:
            earlier = columns.get((acc.player, acc.round), (0, line))[0]
            columns[acc.player, acc.round] = (earlier + acc.points, line)
        matches: dict[tuple[PlayerId, int], int] = {}
        for (pid, column), (tenths, line) in sorted(columns.items()):
            k = (column + 1) // 2
            where = 10 if line.code == "250" else 5
            if tenths % 5:
                raise self.error(
                    line.number,
                    where,
                    "acceleration points",
                    "virtual points are a whole or half number of points",
                )
            if matches.get((pid, k), tenths // 5) != tenths // 5:
                raise self.error(
                    line.number,
                    where,
                    "acceleration points",
                    f"player {pid}: columns {2 * k - 1} and {2 * k} are the two games of "
                    f"match {k}, which has one value of virtual points; they differ",
                )
            matches[pid, k] = tenths // 5
        return tuple(Acceleration(pid, k, halves) for (pid, k), halves in matches.items())

    def with_announced(
        self,
        rounds: tuple[DoubleRound, ...],
        requested: tuple[RequestedMatchBye, ...],
        announced: list[tuple[TrfLine, RequestedBye]],
    ) -> tuple[tuple[DoubleRound, ...], tuple[RequestedMatchBye, ...]]:
        """The absences of the ``240`` records (spec §9.1: their rounds are columns, match k
        being columns 2k-1 and 2k) added to the rounds and the requests read from the cells:
        in a match-round paired, a player without a match or bye there gets the bye; one
        with a match or another bye there is an error, as is a request that the cells or
        another 240 record give otherwise."""
        byes: dict[tuple[PlayerId, int], tuple[MatchByeKind, TrfLine]] = {}
        for line, bye in announced:
            k = (bye.round + 1) // 2
            kind = _BYES[bye.kind.value]
            earlier = byes.setdefault((bye.player, k), (kind, line))[0]
            if earlier is not kind:
                raise self.error(
                    line.number,
                    5,
                    "bye type",
                    f"player {bye.player}: match {k} (columns {2 * k - 1}-{2 * k}) is "
                    f"announced as {earlier.value} and as {kind.value}; a bye is for the "
                    "whole match",
                )
        if not byes:
            return rounds, requested
        added: dict[int, list[MatchBye]] = {}
        asked = {(b.player, b.round): b.kind for b in requested}
        new_requests = list(requested)
        for (pid, k), (kind, line) in sorted(byes.items(), key=lambda item: item[0][::-1]):
            what = f"player {pid}'s match {k} (columns {2 * k - 1}-{2 * k})"
            if k <= len(rounds):
                rnd = rounds[k - 1]
                had = rnd.bye_of(pid)
                if rnd.match_of(pid) is not None or (had is not None and had.kind is not kind):
                    raise self.error(
                        line.number,
                        5,
                        "bye type",
                        f"{what} is {'a match' if had is None else 'a ' + had.kind.value} "
                        f"in the cells; the 240 record says {kind.value}",
                    )
                if had is None:
                    added.setdefault(k, []).append(MatchBye(pid, kind))
                continue
            cells = asked.get((pid, k))
            if cells is not None and cells is not kind:
                raise self.error(
                    line.number,
                    5,
                    "bye type",
                    f"{what} is {cells.value} in the cells; the 240 record says {kind.value}",
                )
            if cells is None:
                new_requests.append(RequestedMatchBye(k, pid, kind))
        rounds = tuple(
            dataclasses.replace(rnd, byes=(*rnd.byes, *added[rnd.number]))
            if rnd.number in added
            else rnd
            for rnd in rounds
        )
        new_requests.sort(key=lambda b: (b.round, b.player))
        return rounds, tuple(new_requests)

    def bye_values(self, line: TrfLine) -> ByeValues:
        """162: the game values must be 1, ½, 0 (a game is a game); P, H and F are the byes'
        values, once per match (spec §9.1, §11 R9)."""
        values: dict[str, int] = {}
        # Every field must read as a value: a typo ("P abc", "P -1") is no default silently.
        for stray in re.finditer(r"\S+", _VALUE.sub(lambda m: " " * len(m[0]), line.text[4:])):
            raise self.error(
                line.number,
                stray.start() + 5,
                "point system",
                f"{stray[0]!r} is not a value such as P 1.5 (W, D, L, A, P, H or F and points)",
            )
        for found in _VALUE.finditer(line.text, 4):
            symbol = found[1].upper()
            tenths = int(found[2]) * 10 + int(found[3] or 0)
            column = found.start(1) + 1
            if symbol in _GAME_VALUES:
                if tenths != _GAME_VALUES[symbol]:
                    raise self.error(
                        line.number,
                        column,
                        f"point system {symbol}",
                        "the Double-Swiss scores every game 1, ½ or 0 (W 1.0, D 0.5, L 0.0, A 0.0)",
                    )
            elif symbol in "PHF":
                if tenths % 5:
                    raise self.error(
                        line.number,
                        column,
                        f"point system {symbol}",
                        "a bye is worth a whole or half number of points",
                    )
                values[symbol] = tenths // 5
            else:
                raise self.error(
                    line.number,
                    column,
                    "point system",
                    f"unknown symbol {found[1]!r} (expected W, D, L, A, P, H or F)",
                )
        default = ByeValues()
        try:
            return ByeValues(
                pairing_allocated=values.get("P", default.pairing_allocated),
                half_point=values.get("H", default.half_point),
                full_point=values.get("F", default.full_point),
            )
        except ValueError as error:
            raise self.error(line.number, 5, "point system", str(error)) from None

    # -- the matches --

    def pair_of_cells(self, record: PlayerRecord, k: int) -> tuple[Cell | None, Cell | None]:
        cells = {cell.round: cell for cell in record.cells if not cell.blank}
        return cells.get(2 * k - 1), cells.get(2 * k)

    def read_entry(
        self, record: PlayerRecord, k: int
    ) -> tuple[str, PlayerId | None, Colour | None, tuple[str, str]] | None:
        """The player's match k: ("match", opponent, game-1 colour, results) or
        ("bye", None, None, (code, code)); None when both columns are blank."""
        first, second = self.pair_of_cells(record, k)
        if first is None and second is None:
            return None
        line = record.line
        what = f"match {k} (rounds {2 * k - 1}-{2 * k})"
        if first is None or second is None:
            there = first or second
            assert there is not None
            raise self.error(
                line,
                there.column,
                what,
                "a match fills both of its columns (game 1 and game 2); one is blank",
            )
        if first.opponent is None or second.opponent is None:
            if (
                first.opponent is None
                and second.opponent is None
                and first.result == second.result
                and first.result in _BYES
            ):
                return ("bye", None, None, (first.result, second.result))
            raise self.error(
                line,
                first.column,
                what,
                "a bye fills both columns with the same code (0000 - U, H, F or Z)",
            )
        if first.opponent != second.opponent:
            raise self.error(
                line,
                second.column,
                what,
                f"game 2 is against {second.opponent}, game 1 against {first.opponent}: a "
                "match is two games against the same opponent",
            )
        colours = (first.colour, second.colour)
        if colours not in (("w", "b"), ("b", "w")):
            raise self.error(
                line,
                second.colour_column,
                what,
                "game 2 has the colours of game 1 reversed (w then b, or b then w)",
            )
        results = (first.result, second.result)
        for cell in (first, second):
            if cell.result not in _MARKS and cell.result != " ":
                raise self.error(
                    line,
                    cell.result_column,
                    f"round {cell.round} result",
                    f"{cell.result!r} is not a game result here (1, =, 0, +, -)",
                )
        if (results[0] == " ") != (results[1] == " "):
            raise self.error(
                line, second.result_column, what, "one game of the match has no result"
            )
        colour = Colour.WHITE if first.colour == "w" else Colour.BLACK
        return ("match", first.opponent, colour, results)

    def rounds(self) -> tuple[tuple[DoubleRound, ...], tuple[RequestedMatchBye, ...]]:
        width = max((cell.round for r in self.records for cell in r.cells), default=0)
        if width % 2:
            width += 1
        matches = width // 2
        table = {
            (record.player.id, k): self.read_entry(record, k)
            for record in self.records
            for k in range(1, matches + 1)
        }
        paired = 0
        for (_, k), entry in table.items():
            if entry is not None and (entry[0] == "match" or entry[3][0] == "U"):
                paired = max(paired, k)
        rounds: list[DoubleRound] = []
        requested: list[RequestedMatchBye] = []
        for k in range(1, matches + 1):
            games: list[Match] = []
            byes: list[MatchBye] = []
            for record in self.records:
                pid = record.player.id
                entry = table[pid, k]
                if entry is None:
                    continue
                kind, opponent, colour, results = entry
                if kind == "bye":
                    bye = _BYES[results[0]]
                    if k <= paired:
                        byes.append(MatchBye(pid, bye))
                    elif bye.requested:
                        requested.append(RequestedMatchBye(k, pid, bye))
                    continue
                assert opponent is not None
                games.extend(self.match(record, k, opponent, colour, results, table))
            if k <= paired:
                games.sort(key=lambda m: m.white)
                try:
                    rounds.append(DoubleRound(k, tuple(games), tuple(byes)))
                except ValueError as error:
                    raise TrfError(str(error), path=self.reader.source) from None
        return tuple(rounds), tuple(requested)

    def match(
        self,
        record: PlayerRecord,
        k: int,
        opponent: PlayerId,
        colour: Colour | None,
        results: tuple[str, str],
        table: dict[
            tuple[PlayerId, int], tuple[str, PlayerId | None, Colour | None, tuple[str, str]] | None
        ],
    ) -> Iterator[Match]:
        """The match once, from its game-1 White's record, checked against the opponent's."""
        pid = record.player.id
        first, _ = self.pair_of_cells(record, k)
        assert first is not None
        what = f"match {k} opponent"
        if opponent not in self.by_id:
            raise self.error(record.line, first.column, what, f"there is no player {opponent}")
        other = table[opponent, k]
        if other is None or other[0] != "match" or other[1] != pid or other[2] == colour:
            raise self.error(
                record.line,
                first.column,
                what,
                f"player {opponent}'s match {k} is not against {pid} with the other colours",
            )
        if colour is not Colour.WHITE:
            return
        theirs = other[3]
        if " " in results or " " in theirs:
            if results != (" ", " ") or theirs != (" ", " "):
                raise self.error(record.line, first.result_column, what, "a half-recorded match")
            yield Match(pid, opponent)
            return
        try:
            yield Match(
                pid,
                opponent,
                (
                    (_MARKS[results[0]], _MARKS[theirs[0]]),
                    (_MARKS[results[1]], _MARKS[theirs[1]]),
                ),
            )
        except ValueError as error:
            raise self.error(
                record.line, first.result_column, f"match {k} result", str(error)
            ) from None


def parse_double_trf(text: str, source: str = "<string>") -> DoubleTrfDocument:
    """Parse a Double-Swiss TRF text; raises :class:`TrfError` naming file, line, column and
    field."""
    scan = scan_trf(text, source)
    tournament = _DoubleBuilder(scan.reader, scan.records, scan.lines).build()
    return DoubleTrfDocument(source, scan.lines, scan.records, scan.headers, tournament, scan.bom)


def read_double_trf(path: str | PathLike[str]) -> DoubleTrfDocument:
    """Read a Double-Swiss TRF file (UTF-8, or Latin-1 when it is not valid UTF-8)."""
    text, encoding = decode_trf(path)
    return dataclasses.replace(parse_double_trf(text, str(path)), encoding=encoding)


# --- writing ---------------------------------------------------------------------------------


def _tenths(halves: int) -> int:
    return halves * 5


def _value(halves: int) -> str:
    whole, tenth = divmod(_tenths(halves), 10)
    return f"{whole}.{tenth}"


def _line_162(byes: ByeValues) -> str:
    groups = ["W 1.0", "D 0.5", "L 0.0", "A 0.0"]
    groups += [
        f"P {_value(byes.pairing_allocated)}",
        f"H {_value(byes.half_point)}",
        f"F {_value(byes.full_point)}",
    ]
    return "162  " + "    ".join(groups)


def _announced_rounds(t: DoubleSwissTournament) -> range:
    """The match-rounds not yet paired that can hold an announced absence: to the declared
    last round (to the last requested one without it)."""
    last = t.total_rounds
    if last is None:
        last = max((b.round for b in t.requested_byes), default=0)
        if t.withdrawn:
            last = max(last, t.next_round)
    return range(t.next_round, last + 1)


def _cells(t: DoubleSwissTournament, pid: PlayerId) -> str:
    """The player's columns: two per match, then the absences announced for later rounds (a
    withdrawal's zero-point byes included), blank columns between them."""
    out: list[str] = []
    withdrawn = t.withdrawn.get(pid)
    for rnd in t.rounds:
        match = rnd.match_of(pid)
        if match is not None:
            colour = match.colour(pid)
            marks = match.marks(pid) if match.games is not None else None
            for game, game_colour in enumerate((colour, colour.opposite)):
                code = " " if marks is None else marks[game].value
                out.append(f"{match.opponent(pid):4d} {game_colour.value} {code}")
            continue
        bye = rnd.bye_of(pid)
        if bye is not None:
            out += [f"0000 - {bye.kind.value}"] * 2
        elif withdrawn is not None and withdrawn <= rnd.number:
            out += [f"0000 - {MatchByeKind.ZERO_POINT.value}"] * 2  # the rounds he missed
        else:
            out += ["        "] * 2
    for number in _announced_rounds(t):
        kind = t.absence(pid, number)
        out += [f"0000 - {kind.value}" if kind is not None else "        "] * 2
    return "".join("  " + cell for cell in out).rstrip()


def _column_accelerations(t: DoubleSwissTournament) -> list[Acceleration]:
    """The virtual points as TRF records count them: per column (both of a match), tenths."""
    return [
        Acceleration(a.player, column, a.points * 5)
        for a in t.accelerations
        for column in (2 * a.round - 1, 2 * a.round)
    ]


def _lines_240(t: DoubleSwissTournament) -> list[str]:
    """The absences announced for the match-rounds not yet paired, one 240 record per column
    and kind (spec §9.1: 240 rounds are columns)."""
    groups: dict[tuple[int, str], list[PlayerId]] = {}
    for number in _announced_rounds(t):
        for pid in t.player_ids:
            kind = t.absence(pid, number)
            if kind is not None:
                for column in (2 * number - 1, 2 * number):
                    groups.setdefault((column, kind.value), []).append(pid)
    return [
        f"240 {code} {column:03d} " + " ".join(f"{pid:04d}" for pid in players)
        for (column, code), players in sorted(groups.items())
    ]


def _player_lines(t: DoubleSwissTournament) -> dict[PlayerId, str]:
    totals = scores(t)
    by_score = sorted(totals, key=lambda pid: (-totals[pid], pid))
    rank = {pid: position for position, pid in enumerate(by_score, start=1)}
    return {
        p.id: player_head(p, _tenths(totals[p.id]), rank[p.id]) + _cells(t, p.id)
        for p in sorted(t.players, key=lambda p: p.id)
    }


def _forbidden_lines(t: DoubleSwissTournament) -> list[str]:
    lines: list[str] = []
    for group in t.forbidden:
        players = "".join(f" {pid:4d}" for pid in group.players)
        if group.first_round == 1 and group.last_round is None:
            lines.append("XXP" + players)
        else:
            last = "" if group.last_round is None else f"{2 * group.last_round:3d}"
            lines.append(f"260 {2 * group.first_round - 1:3d} {last:>3}{players}")
    return lines


def _records(t: DoubleSwissTournament) -> dict[str, list[str]]:
    """The lines fairpair writes, by record code."""
    records: dict[str, list[str]] = {"012": [f"012 {t.name}".rstrip()]}
    records["062"] = [f"062 {len(t.players)}"]
    if t.total_rounds is not None:
        records["142"] = [f"142 {2 * t.total_rounds}"]
    if t.initial_colour is not None:
        records["152"] = [f"152 {t.initial_colour.value.upper()}"]
    records["162"] = [_line_162(t.byes)]
    records["192"] = [f"192 {t.system}"]
    records["001"] = list(_player_lines(t).values())
    forbidden = _forbidden_lines(t)
    if forbidden:
        records["260"] = forbidden
    if t.accelerations:
        records["250"] = list(lines_250(_column_accelerations(t)))
    return records


def write_double_trf(
    t: DoubleSwissTournament, like: DoubleTrfDocument | None = None, *, newline: str = "\n"
) -> str:
    """The event as a Double-Swiss TRF file (spec §9).

    Every record fairpair reads is written from the event itself (the ``001`` lines with their
    points and ranks, ``012``, ``062``, ``142``, ``152``, ``162``, ``192``, forbidden pairs,
    virtual points as ``250``). The absences announced for the rounds to come are in the cells
    (both columns of their match). Without ``like``: a fresh file with the encoding's comment,
    ``newline`` line endings. With ``like``, the document read: the records are rewritten where
    they stood and every other line (comments, records fairpair does not read) stays verbatim,
    with the document's line endings - a file read and written back unchanged is the same
    bytes. Its ``250``/``XXA`` records stay as they were while the event's virtual points are
    those read; its ``240`` records are rewritten from the event's announced absences.
    """
    records = _records(t)
    if like is None:
        order = ["012", "###", "062", "142", "152", "162", "192", "250", "260", "001"]
        records["###"] = [COMMENT]
        return "".join(line + newline for code in order for line in records.get(code, ()))
    records["260"] = records.get("260", [])
    if t.accelerations == like.tournament().accelerations:
        records.pop("250", None)  # the document's own records say it: keep them verbatim
    else:
        records["250"] = records.get("250", [])
    if any(line.code == "240" for line in like.lines):
        records["240"] = _lines_240(t)
    group = {"XXP": "260", "XXA": "250" if "250" in records else "XXA"}
    owned = {code: iter(lines) for code, lines in records.items() if code != "001"}
    players = _player_lines(t)
    out: list[str] = []
    for line in like.lines:
        code = group.get(line.code, line.code)
        if code == "001":
            pid = int(line.text[4:8])
            text = players.pop(pid, None)
        elif code == "240":  # the announced absences stay together where the first stood
            text = line.ending.join(owned.pop("240", ())) or None
        elif code in owned:
            text = next(owned[code], None)
        else:
            text = line.text
        if text is not None:
            out.append(text + line.ending)
    ending = like.lines[0].ending if like.lines and like.lines[0].ending else newline
    rest = [line for lines in owned.values() for line in lines]
    out.extend(line + ending for line in rest)
    out.extend(line + ending for line in players.values())
    return ("\ufeff" if like.bom else "") + "".join(out)
