"""TRF-2026 team files: a team Swiss (C.04.6) or team round robin as the team records state it.

A team file is an ordinary TRF file (its lines, its ``001`` player records, its headers are read
by :mod:`fairpair.formats.trf`, whose line model, error type and record readers this module
reuses) plus the team records of spec team-swiss.md §12: ``310`` (or legacy ``013``) rosters,
``352`` board colours, ``362`` match points, ``320`` pairing-allocated byes, ``330`` whole-match
forfeits, ``300`` line-ups, ``299`` abnormal points (applied to the scores); ``240``, ``250``
and ``260`` name teams (by their pairing number, TPN) instead of players. The rounds are rebuilt
as §12.11 says: each team's line-up from its players' cells in roster order (or the ``300``
order), its opponent from theirs, then ``330``, ``240``, ``320`` and ``U`` in that order of
authority, and ``299`` last.

A ``240`` record of a round that is not in the file yet announces a bye or an absence of the
round to be paired: it becomes a :class:`~fairpair.core.RequestedBye` holding the TPN. A
``240`` of a round in the file is that round's :class:`~fairpair.core.TeamBye`.

Writing (:func:`write_team_trf`) follows the individual writer: over the document read
(``like=``) an unchanged event is written back byte for byte, and only the records that differ
are rewritten.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from os import PathLike

from fairpair.core import (
    CHESS,
    ByeKind,
    Colour,
    EventDetails,
    ForbiddenPairs,
    GameResult,
    PlayerId,
    PointSystem,
    RequestedBye,
    bye_outcome,
    outcome_points,
)
from fairpair.core.teams import (
    MAX_ROSTER,
    Board,
    ColourModel,
    MatchForfeit,
    PointOverride,
    PrimaryScore,
    Team,
    TeamAcceleration,
    TeamBye,
    TeamId,
    TeamMatch,
    TeamOutcome,
    TeamRound,
    TeamScoring,
    TeamTournament,
    alternating_colours,
    team_scores,
)
from fairpair.formats.trf import (
    _CELL_CODES,
    _DETAIL_FIELDS,
    _UNRATED_CODES,
    Cell,
    PlayerRecord,
    TrfError,
    TrfLine,
    _Builder,
    _fit,
    _points_2026,
    _points_field,
    _Reader,
    _round_dates,
    decode_trf,
    header_records,
    player_head,
    scan_trf,
    split_lines,
)

__all__ = [
    "TeamRecord",
    "TeamTrfDocument",
    "event_system",
    "is_team_trf",
    "parse_team_trf",
    "read_team_trf",
    "team_code",
    "team_system",
    "write_team_trf",
]


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A parsed ``310`` (or ``013``) line: the team and the columns no pairing reads."""

    line: int
    team: Team
    match_points: int | None
    """Columns 55-60 in tenths, as written (the writing program's score)."""
    game_points: int | None
    """Columns 62-67 in tenths, as written."""
    rank: int | None


@dataclass(frozen=True, slots=True)
class TeamTrfDocument:
    """A team TRF file as read: every line verbatim, the player and team records, the event."""

    source: str
    lines: tuple[TrfLine, ...]
    players: tuple[PlayerRecord, ...]
    teams: tuple[TeamRecord, ...]
    headers: dict[str, tuple[TrfLine, ...]]
    _tournament: TeamTournament = field(repr=False, compare=False)
    bom: bool = False
    encoding: str = "utf-8"
    warnings: tuple[str, ...] = ()
    """What was read but is not used, each ``file:line:column: message``."""

    def tournament(self) -> TeamTournament:
        """The team event the file describes."""
        return self._tournament

    def to_text(self) -> str:
        """The document as text: identical to what was read if nothing was changed."""
        body = "".join(line.text + line.ending for line in self.lines)
        return ("\ufeff" if self.bom else "") + body

    def to_bytes(self) -> bytes:
        """The document encoded as it was read: the same bytes if nothing was changed."""
        return self.to_text().encode(self.encoding)


# --- 192 -------------------------------------------------------------------------------------

_TEAM_SWISS = re.compile(r"FIDE_TEAM(?:_(TYPEA|TYPEB))?(?:_(MP_GP|GP_MP|MP|GP))?(_BAKU)?")
_CUSTOM_SWISS = re.compile(r"CUSTOM_TEAM_SWISS(?:_(MP|GP))?")


@dataclass(frozen=True, slots=True)
class TeamSystem:
    """What a ``192`` team code says (spec §12.10)."""

    colour_model: ColourModel = ColourModel.TYPE_A
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    secondary_used: bool = True
    baku: bool = False


def team_system(code: str) -> TeamSystem | None:
    """The colour model, primary score, use of the secondary score and Baku acceleration that a
    ``192`` team-Swiss code states (``FIDE_TEAM`` = ``FIDE_TEAM_TYPEA_MP_GP``); None for a code
    that is not a team Swiss (a team round robin, an individual system, an unknown code)."""
    code = code.strip().upper()
    if match := _CUSTOM_SWISS.fullmatch(code):
        primary = PrimaryScore.GAME_POINTS if match[1] == "GP" else PrimaryScore.MATCH_POINTS
        return TeamSystem(primary=primary, secondary_used=match[1] is None)
    match = _TEAM_SWISS.fullmatch(code)
    if match is None:
        return None
    kind, score, baku = match[1], match[2], match[3] is not None
    if kind is None and score is None:  # FIDE_TEAM, FIDE_TEAM_BAKU
        return TeamSystem(baku=baku)
    model = {"TYPEA": ColourModel.TYPE_A, "TYPEB": ColourModel.TYPE_B, None: ColourModel.NONE}[kind]
    score = score or "MP_GP"
    primary = PrimaryScore.GAME_POINTS if score.startswith("GP") else PrimaryScore.MATCH_POINTS
    return TeamSystem(model, primary, "_" in score, baku)


def team_code(system: TeamSystem) -> str:
    """The ``192`` code of a team Swiss (the inverse of :func:`team_system`)."""
    kind = {ColourModel.TYPE_A: "_TYPEA", ColourModel.TYPE_B: "_TYPEB", ColourModel.NONE: ""}
    primary, other = ("MP", "GP") if system.primary is PrimaryScore.MATCH_POINTS else ("GP", "MP")
    score = f"{primary}_{other}" if system.secondary_used else primary
    return f"FIDE_TEAM{kind[system.colour_model]}_{score}" + ("_BAKU" if system.baku else "")


def event_system(t: TeamTournament) -> TeamSystem:
    """What the event's colour model and scoring say, as a ``192`` code states it (Baku when
    its ``system`` says so)."""
    stated = team_system(t.system)
    return TeamSystem(
        t.colour_model,
        t.scoring.primary,
        t.scoring.secondary_used,
        stated is not None and stated.baku,
    )


def is_team_trf(text: str) -> bool:
    """Whether a TRF text is a team file: it has team records (``310``/``013``)."""
    return any(line[:4] in ("310 ", "013 ") for line, _ in split_lines(text.lstrip("\ufeff")))


# --- reading ---------------------------------------------------------------------------------

_MATCH_POINTS = re.compile(r"(T[WDL])\s*(-?[\d.,]+)", re.IGNORECASE)
_FORFEITS = {kind.value: kind for kind in MatchForfeit}
_OVERRIDE_KINDS = {
    "W": TeamOutcome.WON,
    "D": TeamOutcome.DRAWN,
    "L": TeamOutcome.LOST,
    "F": TeamOutcome.FULL_BYE,
    "H": TeamOutcome.HALF_BYE,
    "Z": TeamOutcome.ZERO_BYE,
    "+": TeamOutcome.FORFEIT_WIN,
    "-": TeamOutcome.FORFEIT_LOSS,
}
"""The kinds of result a ``299`` record gives other points (spec §12.9)."""
_OVERRIDE_LETTERS = {outcome: letter for letter, outcome in _OVERRIDE_KINDS.items()}
_BYE_CODES = {
    "U": ByeKind.PAIRING_ALLOCATED,
    "F": ByeKind.FULL_POINT,
    "H": ByeKind.HALF_POINT,
    "Z": ByeKind.ZERO_POINT,
    "+": ByeKind.FORFEIT_WIN,
}
_FLIPPED = {
    GameResult.WHITE_WINS: GameResult.BLACK_WINS,
    GameResult.BLACK_WINS: GameResult.WHITE_WINS,
    GameResult.WHITE_WINS_BY_FORFEIT: GameResult.BLACK_WINS_BY_FORFEIT,
    GameResult.BLACK_WINS_BY_FORFEIT: GameResult.WHITE_WINS_BY_FORFEIT,
}


_Lineups = dict[tuple[int, TeamId], tuple[tuple[PlayerId | None, ...], TrfLine, TeamId]]
"""The 300 records by (round, team): the line-up, the line, the opponent named."""


@dataclass(slots=True)
class _Lineup:
    """A team's players in one round: by board position (0-based), with their cells."""

    team: TeamId
    players: dict[int, PlayerId]
    explicit: bool
    """Positions from a ``300`` record (else roster order)."""


class _TeamBuilder(_Builder):
    """Reads the headers and rebuilds the rounds of a team file (spec §12)."""

    competitor = "team"

    def __init__(
        self, reader: _Reader, records: tuple[PlayerRecord, ...], lines: tuple[TrfLine, ...]
    ) -> None:
        super().__init__(reader, records, lines)
        self.team_records: list[TeamRecord] = []
        self.team_ids: dict[TeamId, TeamRecord] = {}
        self.owner: dict[PlayerId, TeamId] = {}
        self.sequence: tuple[Colour, ...] = ()
        """The White team's colour board by board (352, or the default)."""

    def known(self, number: int) -> bool:
        return number in self.team_ids

    # -- the whole file --

    def build(self) -> TeamTournament:  # type: ignore[override]
        reader = self.reader
        lines = [line for line in self.lines if not line.text.startswith("###")]
        self.read_teams(lines)
        if not self.team_records:
            raise reader.error(1, 1, "teams", "a team file needs 310 (or 013) team records")
        name = ""
        details: dict[str, str] = {}
        deputies: list[str] = []
        round_dates: tuple[str, ...] = ()
        total_rounds: int | None = None
        rounds_line: TrfLine | None = None
        colour: Colour | None = None
        point_values: dict[str, int] = {}
        points_line: TrfLine | None = None
        system = ""
        system_line: TrfLine | None = None
        board_colours: tuple[Colour, ...] = ()
        match_points = {"TW": 20, "TD": 10, "TL": 0}
        match_points_line: TrfLine | None = None
        pab_values: tuple[int | None, int | None] = (None, None)
        pab_teams: dict[int, tuple[TeamId, TrfLine, int]] = {}
        forfeits: list[tuple[int, TeamId, TeamId, MatchForfeit, TrfLine]] = []
        byes: list[tuple[RequestedBye, TrfLine]] = []
        accelerations: dict[tuple[TeamId, int], tuple[int, int]] = {}
        forbidden: list[ForbiddenPairs] = []
        overrides: list[PointOverride] = []
        lineups: _Lineups = {}
        for line in lines:
            code = line.code
            if code == "012":
                name = line.text[4:].strip()
            elif code in _DETAIL_FIELDS:
                details[_DETAIL_FIELDS[code]] = line.text[4:].strip()
            elif code == "112":
                deputies.append(line.text[4:].strip())
            elif code == "132":
                round_dates = _round_dates(line.text)
            elif code == "142":
                total_rounds = self.total_rounds(line)
                rounds_line = line
            elif code == "152":
                colour = self.initial_colour(line)
            elif code == "162":
                point_values.update(self.point_values_162(line))
                points_line = line
            elif code == "192":
                system = line.text[4:].strip()
                system_line = line
            elif code == "352":
                board_colours = self.board_colours(line)
            elif code == "362":
                match_points.update(self.match_points(line))
                match_points_line = line
            elif code == "320":
                pab_values, found = self.pab_record(line)
                pab_teams.update({rnd: (tpn, line, col) for rnd, (tpn, col) in found.items()})
            elif code == "330":
                forfeits.append(self.forfeit(line))
            elif code == "240":
                byes.extend((bye, line) for bye in self.requested_byes(line))
            elif code == "250":
                for acc in self.team_accelerations(line):
                    accelerations[(acc.team, acc.round)] = (acc.match_points, acc.game_points)
            elif code == "260":
                forbidden.append(self.forbidden_260(line))
            elif code == "XXP":
                forbidden.append(self.forbidden_xxp(line))
            elif code == "300":
                rnd, team, opponent, lineup = self.lineup_record(line)
                if (rnd, team) in lineups:
                    raise reader.error(
                        line.number,
                        9,
                        "line-up team",
                        f"team {team} has another line-up for round {rnd} "
                        f"(line {lineups[(rnd, team)][1].number})",
                    )
                lineups[(rnd, team)] = (lineup, line, opponent)
            elif code == "299":
                overrides.append(self.point_override(line))
        games = self.point_system(points_line, point_values)
        stated = team_system(system)
        if system and stated is None and system_line is not None:
            reader.warn(system_line.number, 5, f"192 {system!r} is not a team Swiss code")
        stated = stated or TeamSystem()
        try:
            scoring = TeamScoring(
                win=match_points["TW"],
                draw=match_points["TD"],
                loss=match_points["TL"],
                games=games,
                primary=stated.primary,
                secondary_used=stated.secondary_used,
                pab_match_points=pab_values[0],
                pab_game_points=pab_values[1],
            )
        except ValueError as exc:
            assert match_points_line is not None
            raise reader.error(match_points_line.number, 5, "match points", str(exc)) from None
        played = max(
            [len(r.cells) for r in self.records]
            + [rnd for rnd in pab_teams]
            + [entry[0] for entry in forfeits]
            + [rnd for rnd, _ in lineups],
            default=0,
        )
        if total_rounds is not None and rounds_line is not None and total_rounds < played:
            raise reader.error(
                rounds_line.number,
                5,
                "total rounds",
                f"the event has {total_rounds} rounds but the file has {played}",
            )
        boards = len(board_colours) or self.widest_lineup(played, lineups)
        self.sequence = board_colours or alternating_colours(boards)
        if board_colours == alternating_colours(boards):
            board_colours = ()  # the default sequence, as the event states it when not given
        rounds = tuple(
            self.team_round(number, boards, forfeits, byes, pab_teams, lineups)
            for number in range(1, played + 1)
        )
        try:
            return TeamTournament(
                teams=tuple(record.team for record in self.team_records),
                players=tuple(r.player for r in self.records),
                boards=boards,
                rounds=rounds,
                total_rounds=total_rounds,
                scoring=scoring,
                colour_model=stated.colour_model,
                board_colours=board_colours,
                initial_colour=colour,
                requested_byes=tuple(bye for bye, _ in byes if bye.round > played),
                # "To the last round" and "to the end" are one rule (writers state the round).
                forbidden=tuple(
                    dataclasses.replace(rule, last_round=None)
                    if rule.last_round is not None
                    and rule.last_round >= (total_rounds if total_rounds is not None else 999)
                    else rule
                    for rule in forbidden
                ),
                accelerations=tuple(
                    TeamAcceleration(team, rnd, mp, gp)
                    for (team, rnd), (mp, gp) in sorted(accelerations.items())
                ),
                point_overrides=tuple(overrides),
                system=system,
                name=name,
                details=EventDetails(
                    **details, deputy_arbiters=tuple(deputies), round_dates=round_dates
                ),
            )
        except ValueError as exc:
            raise TrfError(str(exc), path=reader.source) from None

    # -- 310 / 013 --

    def read_teams(self, lines: list[TrfLine]) -> None:
        current = [line for line in lines if line.code == "310"]
        legacy = [line for line in lines if line.code == "013"]
        if current and legacy:
            self.reader.warn(legacy[0].number, 1, "013 records are ignored beside 310 records")
        if current:
            for line in current:
                self.add_team(self.team_310(line))
        else:
            for tpn, line in enumerate(legacy, start=1):
                self.add_team(self.team_013(line, tpn))

    def add_team(self, record: TeamRecord) -> None:
        team = record.team
        if team.id in self.team_ids:
            raise self.reader.error(
                record.line,
                5,
                "team pairing number",
                f"team {team.id} is already defined on line {self.team_ids[team.id].line}",
            )
        self.team_ids[team.id] = record
        self.team_records.append(record)

    def roster(self, line: TrfLine, tpn: TeamId, first: int) -> tuple[PlayerId, ...]:
        players: list[PlayerId] = []
        start = first
        while start <= len(line.text):
            chunk = line.text[start - 1 : start + 3]
            if chunk.strip():
                if len(players) == MAX_ROSTER:
                    raise self.reader.error(
                        line.number,
                        start,
                        "roster",
                        f"a roster lists at most {MAX_ROSTER} players",
                    )
                stripped = chunk.strip()
                if not stripped.isdecimal():
                    raise self.reader.error(
                        line.number,
                        start,
                        "roster player",
                        f"expected a player number, found {stripped!r}",
                    )
                pid = int(stripped)
                if pid not in self.by_id:
                    raise self.reader.error(
                        line.number, start, "roster player", f"there is no player {pid}"
                    )
                if pid in self.owner:
                    other = self.team_ids[self.owner[pid]]
                    raise self.reader.error(
                        line.number,
                        start,
                        "roster player",
                        f"player {pid} is already on the roster of team {other.team.id} "
                        f"(line {other.line})",
                    )
                if pid in players:
                    raise self.reader.error(
                        line.number, start, "roster player", f"player {pid} is listed twice"
                    )
                players.append(pid)
            start += 5
        for pid in players:
            self.owner[pid] = tpn
        return tuple(players)

    def team_310(self, line: TrfLine) -> TeamRecord:
        reader = self.reader
        tpn = reader.integer(line, 5, 7, "team pairing number", blank_ok=False)
        assert tpn is not None
        if tpn < 1:
            raise reader.error(line.number, 5, "team pairing number", "TPNs start at 1")
        if tpn in self.team_ids:
            raise reader.error(
                line.number,
                5,
                "team pairing number",
                f"team {tpn} is already defined on line {self.team_ids[tpn].line}",
            )
        text = line.text
        mp = reader.points(line, 55, 60, "match points", blank_ok=True)
        gp = reader.points(line, 62, 67, "game points", blank_ok=True)
        rank_text = text[68:71].strip()
        rank = int(rank_text) if rank_text.isdecimal() else None
        roster = self.roster(line, tpn, 74)
        team = Team(
            id=tpn,
            name=text[8:40].strip(),
            roster=roster,
            nickname=text[41:46].strip(),
            strength=text[47:53].strip(),
        )
        return TeamRecord(line.number, team, mp, gp, rank)

    def team_013(self, line: TrfLine, tpn: TeamId) -> TeamRecord:
        roster = self.roster(line, tpn, 37)
        return TeamRecord(line.number, Team(tpn, line.text[4:36].strip(), roster), None, None, None)

    # -- headers --

    def known_team(self, line: TrfLine, first: int, last: int, what: str) -> TeamId:
        tpn = self.reader.integer(line, first, last, what, blank_ok=False)
        assert tpn is not None
        if tpn not in self.team_ids:
            raise self.reader.error(line.number, first, what, f"there is no team {tpn}")
        return tpn

    def board_colours(self, line: TrfLine) -> tuple[Colour, ...]:
        text = line.text[4:].rstrip()
        if not text:
            raise self.reader.error(line.number, 5, "board colours", "no board colour given")
        colours: list[Colour] = []
        for offset, letter in enumerate(text):
            if letter.upper() not in "WB":
                raise self.reader.error(
                    line.number,
                    5 + offset,
                    "board colours",
                    f"expected W or B for board {offset + 1}, found {letter!r}",
                )
            colours.append(Colour.WHITE if letter.upper() == "W" else Colour.BLACK)
        return tuple(colours)

    def match_points(self, line: TrfLine) -> dict[str, int]:
        text = line.text
        values: dict[str, int] = {}
        position = 4
        for match in _MATCH_POINTS.finditer(text, 4):
            if text[position : match.start()].strip():
                break
            position = match.end()
            values[match[1].upper()] = self.point_value(
                line, match.start(2) + 1, match[2], f"match points {match[1].upper()}"
            )
        rest = text[position:]
        if rest.strip() or not values:
            column = position + len(rest) - len(rest.lstrip()) + 1
            found = rest.strip().split()[0] if rest.strip() else ""
            raise self.reader.error(
                line.number,
                column,
                "match points",
                f"expected TW, TD or TL and points, found {found!r}",
            )
        return values

    def pab_record(
        self, line: TrfLine
    ) -> tuple[tuple[int | None, int | None], dict[int, tuple[TeamId, int]]]:
        reader = self.reader
        mp = reader.points(line, 5, 8, "PAB match points", blank_ok=True)
        gp = reader.points(line, 10, 13, "PAB game points", blank_ok=True)
        teams: dict[int, tuple[TeamId, int]] = {}
        start, rnd = 15, 1
        while start <= len(line.text):
            what = f"PAB team of round {rnd}"
            tpn = reader.integer(line, start, start + 2, what, blank_ok=True)
            if tpn:
                if tpn not in self.team_ids:
                    raise reader.error(line.number, start, what, f"there is no team {tpn}")
                teams[rnd] = (tpn, start)
            start += 4
            rnd += 1
        return (mp, gp), teams

    def forfeit(self, line: TrfLine) -> tuple[int, TeamId, TeamId, MatchForfeit, TrfLine]:
        reader = self.reader
        kind = _FORFEITS.get(line.text[4:6])
        if kind is None:
            raise reader.error(
                line.number, 5, "forfeit type", f"expected +-, -+ or --, found {line.text[4:6]!r}"
            )
        rnd = reader.integer(line, 8, 10, "forfeit round", blank_ok=False)
        assert rnd is not None
        if rnd < 1:
            raise reader.error(line.number, 8, "forfeit round", "rounds start at 1")
        first = self.known_team(line, 12, 14, "forfeit first team")
        second = self.known_team(line, 16, 18, "forfeit second team")
        if first == second:
            raise reader.error(line.number, 16, "forfeit second team", "a team cannot meet itself")
        return rnd, first, second, kind, line

    def team_accelerations(self, line: TrfLine) -> Iterator[TeamAcceleration]:
        reader = self.reader
        mp = reader.points(line, 5, 8, "acceleration match points", blank_ok=True) or 0
        gp = reader.points(line, 10, 13, "acceleration game points", blank_ok=True) or 0
        rounds, teams = self.ranges_250(line)
        for tpn in teams:
            if tpn in self.team_ids:
                for rnd in rounds:
                    yield TeamAcceleration(tpn, rnd, mp, gp)

    def point_override(self, line: TrfLine) -> PointOverride:
        """A ``299`` record (spec §12.9): col 5 the kind of result (blank: a bonus or penalty),
        8-11 match points and 14-17 game points (a sign may stand one column before), 20-22
        the round (``000`` or blank: every round), team numbers from 24 every 5 columns."""
        reader = self.reader
        letter = line.text[4:5].strip()
        if letter and letter not in _OVERRIDE_KINDS:
            raise reader.error(
                line.number,
                5,
                "abnormal points kind",
                f"expected W, D, L, F, H, Z, +, - or blank, found {letter!r}",
            )
        mp = reader.points(line, 7, 11, "abnormal match points", blank_ok=True)
        gp = reader.points(line, 13, 17, "abnormal game points", blank_ok=True)
        if mp is None and gp is None:
            raise reader.error(
                line.number,
                8,
                "abnormal points",
                "give the match points (columns 8-11) or the game points (14-17)",
            )
        rnd = reader.integer(line, 19, 22, "abnormal points round", blank_ok=True)
        teams: list[TeamId] = []
        start = 24
        while start <= len(line.text):
            if line.text[start - 1 : start + 3].strip():
                tpn = self.known_team(line, start, start + 3, "abnormal points team")
                if tpn in teams:
                    raise reader.error(
                        line.number, start, "abnormal points team", f"team {tpn} is named twice"
                    )
                teams.append(tpn)
            start += 5
        return PointOverride(
            _OVERRIDE_KINDS[letter] if letter else None,
            mp,
            gp,
            rnd or None,
            tuple(teams),
        )

    def lineup_record(
        self, line: TrfLine
    ) -> tuple[int, TeamId, TeamId, tuple[PlayerId | None, ...]]:
        reader = self.reader
        rnd = reader.integer(line, 5, 7, "line-up round", blank_ok=False)
        assert rnd is not None
        if rnd < 1:
            raise reader.error(line.number, 5, "line-up round", "rounds start at 1")
        team = self.known_team(line, 9, 11, "line-up team")
        opponent = self.known_team(line, 13, 15, "line-up opponent")
        roster = self.team_ids[team].team.roster
        players: list[PlayerId | None] = []
        start = 17
        while start <= len(line.text):
            pid = reader.integer(line, start, start + 3, "line-up player", blank_ok=True)
            if pid is not None:
                if pid and pid not in roster:
                    raise reader.error(
                        line.number,
                        start,
                        "line-up player",
                        f"player {pid} is not on the roster of team {team}",
                    )
                players.append(pid or None)
            start += 5
        while players and players[-1] is None:
            players.pop()
        return rnd, team, opponent, tuple(players)

    # -- rounds (§12.11) --

    def widest_lineup(
        self,
        played: int,
        lineups: _Lineups,
    ) -> int:
        """The number of boards when no 352 states it: the most players a team fielded."""
        widest = max((len(lineup) for lineup, _, _ in lineups.values()), default=0)
        for record in self.team_records:
            for number in range(1, played + 1):
                fielded = sum(
                    1 for pid in record.team.roster if self.board_cell(pid, number) is not None
                )
                widest = max(widest, fielded)
        if not widest:
            widest = max((len(r.team.roster) for r in self.team_records), default=1)
        return max(widest, 1)

    def cell(self, pid: PlayerId, number: int) -> Cell | None:
        cells = self.by_id[pid].cells
        return cells[number - 1] if number <= len(cells) else None

    def board_cell(self, pid: PlayerId, number: int) -> Cell | None:
        """The player's cell of that round if it is a board of a match: an opponent named, or a
        forfeit win over an empty board (``0000 - +`` is read as such beside team-mates who
        meet an opponent)."""
        cell = self.cell(pid, number)
        if cell is None or cell.opponent is None:
            return None
        return cell

    def team_round(
        self,
        number: int,
        boards: int,
        forfeits: list[tuple[int, TeamId, TeamId, MatchForfeit, TrfLine]],
        byes: list[tuple[RequestedBye, TrfLine]],
        pab_teams: dict[int, tuple[TeamId, TrfLine, int]],
        lineups: _Lineups,
    ) -> TeamRound:
        reader = self.reader
        placed: dict[TeamId, str] = {}
        matches: dict[TeamId, TeamMatch] = {}
        team_byes: dict[TeamId, TeamBye] = {}

        def place(team: TeamId, line: TrfLine, column: int, what: str, how: str) -> None:
            if team in placed:
                raise reader.error(
                    line.number,
                    column,
                    what,
                    f"team {team} {how} in round {number}, but it {placed[team]}",
                )
            placed[team] = how

        # Authority 1: 330, whole-match forfeits.
        for rnd, first, second, forfeit, source in forfeits:
            if rnd != number:
                continue
            how = f"forfeits a match (line {source.number})"
            place(first, source, 12, "forfeit first team", how)
            place(second, source, 16, "forfeit second team", how)
            boards_found = self.boards_of(number, first, second, lineups, required=False)
            matches[first] = TeamMatch(first, second, boards_found, forfeit)
        # Authority 2: 240, team byes of the round.
        for bye, source in byes:
            if bye.round == number:
                place(bye.player, source, 11, "bye team", f"has a {bye.kind.value} bye (240)")
                team_byes[bye.player] = TeamBye(bye.player, bye.kind)
        # Authority 3: 320, the pairing-allocated bye.
        if number in pab_teams:
            tpn, source, column = pab_teams[number]
            place(tpn, source, column, f"PAB team of round {number}", "has the PAB (320)")
            team_byes[tpn] = TeamBye(tpn, ByeKind.PAIRING_ALLOCATED)
        # 300 line-ups name the opponent, even of a team that fielded nobody.
        for (rnd, tpn), (_, source, opponent) in sorted(lineups.items()):
            if rnd != number or (tpn in placed and opponent in placed):
                continue
            how = f"meets team {opponent} (300, line {source.number})"
            place(tpn, source, 9, "line-up team", how)
            place(opponent, source, 13, "line-up opponent", how)
            first = self.first_team(number, tpn, opponent, lineups)
            second = opponent if first == tpn else tpn
            matches[first] = TeamMatch(
                first, second, self.boards_of(number, first, second, lineups, required=True)
            )
        # The players' cells for every other team.
        for record in self.team_records:
            team = record.team
            if team.id in placed:
                continue
            opponents = self.opponent_team(team, number)
            if opponents is not None:
                other, at_line, column = opponents
                if other in placed and other not in matches:
                    raise reader.error(
                        at_line,
                        column,
                        f"round {number} opponent",
                        f"team {other} {placed[other]} in round {number}, "
                        f"but team {team.id} meets it",
                    )
                if other in placed:
                    continue
                first = self.first_team(number, team.id, other, lineups)
                second = other if first == team.id else team.id
                placed[team.id] = placed[other] = f"meets a team ({first}-{second})"
                matches[first] = TeamMatch(
                    first, second, self.boards_of(number, first, second, lineups, required=True)
                )
                continue
            lone = self.lone_kind(team, number)
            if lone is not None:
                team_byes[team.id] = TeamBye(team.id, lone)
        by_team = {r.team.id: index for index, r in enumerate(self.team_records)}
        ordered = sorted(matches.values(), key=lambda m: min(by_team[m.first], by_team[m.second]))
        for match in ordered:
            if len(match.boards) > boards:
                raise reader.error(
                    self.team_ids[match.first].line,
                    1,
                    "line-up",
                    f"round {number}: match {match.first}-{match.second} has "
                    f"{len(match.boards)} boards, the event has {boards} (352)",
                )
        return TeamRound(
            number,
            tuple(ordered),
            tuple(team_byes[t] for t in sorted(team_byes, key=lambda t: by_team[t])),
        )

    def opponent_team(self, team: Team, number: int) -> tuple[TeamId, int, int] | None:
        """The team that the team's players meet in that round (with the line and column of
        the first cell that says so), or None; every player must meet the same team."""
        found: tuple[TeamId, int, int] | None = None
        for pid in team.roster:
            cell = self.board_cell(pid, number)
            if cell is None or cell.opponent is None:
                continue
            record = self.by_id[pid]
            if cell.opponent not in self.by_id:
                raise self.reader.error(
                    record.line,
                    cell.column,
                    f"round {number} opponent",
                    f"there is no player {cell.opponent}",
                )
            other = self.owner.get(cell.opponent)
            if other is None or other == team.id:
                raise self.reader.error(
                    record.line,
                    cell.column,
                    f"round {number} opponent",
                    f"player {cell.opponent} is on no other team's roster"
                    if other is None
                    else f"player {cell.opponent} is a team-mate (team {team.id})",
                )
            if found is None:
                found = (other, record.line, cell.column)
            elif found[0] != other:
                raise self.reader.error(
                    record.line,
                    cell.column,
                    f"round {number} opponent",
                    f"player {pid} meets team {other}, his team-mate on line {found[1]} "
                    f"meets team {found[0]}",
                )
        return found

    def lone_kind(self, team: Team, number: int) -> ByeKind | None:
        """The bye that the team's cells state when none of its players meets anyone."""
        kind: ByeKind | None = None
        first_line = 0
        for pid in team.roster:
            cell = self.cell(pid, number)
            if cell is None or cell.result not in _BYE_CODES:
                continue
            found = _BYE_CODES[cell.result]
            record = self.by_id[pid]
            if kind is not None and found is not kind:
                raise self.reader.error(
                    record.line,
                    cell.result_column,
                    f"round {number} result",
                    f"team {team.id}: {cell.result!r} contradicts {kind.value!r} of its player "
                    f"on line {first_line}",
                )
            kind, first_line = found, first_line or record.line
        return kind

    def lineup(
        self,
        number: int,
        team: TeamId,
        lineups: _Lineups,
    ) -> _Lineup:
        if (number, team) in lineups:
            players, _, _ = lineups[(number, team)]
            return _Lineup(team, {i: pid for i, pid in enumerate(players) if pid is not None}, True)
        roster = self.team_ids[team].team.roster
        # A forfeit win over an empty board (0000 +) is a board of the match too.
        fielded = [
            pid
            for pid in roster
            if (cell := self.cell(pid, number)) is not None
            and (cell.opponent is not None or cell.result == "+")
        ]
        return _Lineup(team, dict(enumerate(fielded)), False)

    def first_team(
        self,
        number: int,
        one: TeamId,
        other: TeamId,
        lineups: _Lineups,
    ) -> TeamId:
        """The White team: the one whose board-1 player has White (spec §1.4; the first
        player fielded has his board's colour of the 352 sequence); without colours, the team
        of the smaller pairing number."""
        low, high = sorted((one, other))
        for team, rest in ((low, high), (high, low)):
            lineup = self.lineup(number, team, lineups)
            if not lineup.players:
                continue  # a team that fielded nobody: the other one tells
            position = min(lineup.players)
            cell = self.cell(lineup.players[position], number)
            sequence = self.sequence
            first_colour = sequence[position].value if position < len(sequence) else "w"
            if cell is not None and cell.colour in ("w", "b") and cell.colour != first_colour:
                return rest
            return team
        return low

    def boards_of(
        self,
        number: int,
        first: TeamId,
        second: TeamId,
        lineups: _Lineups,
        *,
        required: bool,
    ) -> tuple[Board, ...]:
        """The boards of a match: the first team's line-up sets the positions, its players'
        opponents sit facing them; the second team's players facing an empty board take the
        free positions in their own order."""
        reader = self.reader
        mine = self.lineup(number, first, lineups)
        theirs = self.lineup(number, second, lineups)
        seats: dict[int, list[PlayerId | None]] = {
            i: [pid, None] for i, pid in mine.players.items()
        }
        facing: dict[PlayerId, int] = {}
        for position, pid in mine.players.items():
            cell = self.cell(pid, number)
            if cell is None or cell.opponent is None:
                continue
            if self.owner.get(cell.opponent) != second:
                if not required:
                    continue
                record = self.by_id[pid]
                raise reader.error(
                    record.line,
                    cell.column,
                    f"round {number} opponent",
                    f"player {cell.opponent} is not on the roster of team {second}",
                )
            seats[position][1] = cell.opponent
            facing[cell.opponent] = position
        for position, pid in sorted(theirs.players.items()):
            if pid in facing:
                if theirs.explicit and facing[pid] != position:
                    _, line, _ = lineups[(number, second)]
                    raise reader.error(
                        line.number,
                        17 + 5 * position,
                        "line-up player",
                        f"player {pid} is on board {position + 1} here, but his opponent sits "
                        f"on board {facing[pid] + 1}",
                    )
                continue
            cell = self.cell(pid, number)
            if cell is None or (cell.opponent is None and cell.result != "+"):
                continue
            if cell.opponent is not None:
                if not required:
                    continue
                record = self.by_id[pid]
                raise reader.error(
                    record.line,
                    cell.column,
                    f"round {number} opponent",
                    f"player {cell.opponent} (team {first}) does not name player {pid} "
                    f"as his opponent",
                )
            free = position if theirs.explicit else 0
            while free in seats:
                free += 1
            seats[free] = [None, pid]
        result: list[Board] = []
        for position in range(max(seats, default=-1) + 1):
            first_player, second_player = seats.get(position, [None, None])
            result.append(self.board(number, first_player, second_player))
        return tuple(result)

    def board(self, number: int, first: PlayerId | None, second: PlayerId | None) -> Board:
        if first is not None and second is not None:
            record = self.by_id[first]
            cell = record.cells[number - 1]
            game = self.game(record, cell)
            result = game.result
            if game.white != first and result is not None:
                result = _FLIPPED.get(result, result)
            return Board(first, second, result, game.rated)
        present = first if first is not None else second
        if present is None:
            return Board(None, None, GameResult.DOUBLE_FORFEIT)
        cell = self.by_id[present].cells[number - 1]
        if cell.result != "+":
            raise self.reader.error(
                self.by_id[present].line,
                cell.result_column,
                f"round {number} result",
                f"player {present} faces an empty board, which is a forfeit win (+), "
                f"found {cell.result!r}",
            )
        won = (
            GameResult.WHITE_WINS_BY_FORFEIT
            if first is not None
            else GameResult.BLACK_WINS_BY_FORFEIT
        )
        return Board(first, second, won)


def parse_team_trf(text: str, source: str = "<string>") -> TeamTrfDocument:
    """Parse the text of a team TRF file; raises :class:`TrfError` naming line and column."""
    scan = scan_trf(text, source)
    builder = _TeamBuilder(scan.reader, scan.records, scan.lines)
    tournament = builder.build()
    return TeamTrfDocument(
        source,
        scan.lines,
        scan.records,
        tuple(builder.team_records),
        scan.headers,
        tournament,
        scan.bom,
        warnings=tuple(scan.reader.warnings),
    )


def read_team_trf(path: str | PathLike[str]) -> TeamTrfDocument:
    """Read a team TRF file (UTF-8, or Latin-1 when it is not valid UTF-8), keeping its bytes."""
    text, encoding = decode_trf(path)
    return dataclasses.replace(parse_team_trf(text, str(path)), encoding=encoding)


# --- writing ---------------------------------------------------------------------------------

_TEAM_HEADERS = (
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
    "142", "152", "162", "192", "352", "362", "320", "240", "330", "250", "260", "299",
    "300",
)  # fmt: skip
"""The records the team writer writes before the 001 lines, in this order; 310 comes last."""
_GROUPS = {code: code for code in (*_TEAM_HEADERS, "001", "310")} | {"XXP": "260"}
_BYE_CELL = {kind: code for code, kind in _BYE_CODES.items()}


def write_team_trf(t: TeamTournament, like: TeamTrfDocument | None = None) -> str:
    """A TRF-2026 team file for the event (spec team-swiss.md §12), LF line endings.

    Headers 012-132, 142, 152, 162, 192, 352, 362; 320 when the event has a PAB or states its
    value, 240 for team byes of the rounds played and for the requests of the rounds to come,
    330 for whole-match forfeits, 250, 260, 300 for a line-up not in roster order; then one 001
    per player (board cells: opponent, board colour, result; a team bye's code on every roster
    player) and one 310 per team with its match and game points.

    With ``like``, the document the event was read from: its text when the event is the
    document's own; otherwise the document with only the records that changed rewritten in
    their place (a player's or a team's line one by one), everything else verbatim.
    """
    if like is not None and t == like.tournament():
        return like.to_text()
    records = _team_records(t)
    if like is None:
        return "".join(line + "\n" for lines in records.values() for line in lines)
    return _merged(t, records, like)


def _team_records(t: TeamTournament) -> dict[str, list[str]]:
    header = header_records(t.name, t.details, t.system, t.players)
    records: dict[str, list[str]] = {code: header.get(code, []) for code in _TEAM_HEADERS}
    # 192 states the colour model and the scores: a code that says otherwise (or none) is
    # replaced by the one that says what the event is; another system's code is kept.
    stated = team_system(t.system)
    if (t.system and stated is None) or stated == event_system(t):
        records["192"] = [f"192 {t.system}"] if t.system else []
    else:
        records["192"] = [f"192 {team_code(event_system(t))}"]
    records["082"] = [f"082 {len(t.teams)}"]
    if t.total_rounds is not None:
        records["142"] = [f"142 {t.total_rounds}"]
    if t.initial_colour is not None:
        records["152"] = ["152 W" if t.initial_colour is Colour.WHITE else "152 B"]
    records["162"] = _line_162(t.scoring.games)
    records["352"] = ["352 " + "".join("W" if c is Colour.WHITE else "B" for c in t.colours)]
    s = t.scoring
    records["362"] = [
        f"362 TW{_points_field(s.win)}   TD{_points_field(s.draw)}   TL{_points_field(s.loss)}"
    ]
    records["320"] = _pab_lines(t)
    records["240"] = _bye_lines(t)
    records["330"] = [
        f"330 {m.forfeit.value} {r.number:3d} {m.first:3d} {m.second:3d}"
        for r in t.rounds
        for m in sorted(r.matches, key=lambda m: m.first)
        if m.forfeit is not None
    ]
    records["250"] = _acceleration_lines(t)
    records["260"] = [
        f"260 {rule.first_round:03d} {_last_round(t, rule.last_round):03d} "
        + " ".join(f"{tpn:04d}" for tpn in rule.players)
        for rule in t.forbidden
    ]
    records["299"] = [_override_line(rule) for rule in t.point_overrides]
    records["300"] = _lineup_lines(t)
    records["001"] = [line for _, line in _team_player_lines(t)]
    records["310"] = [line for _, line in _team_lines(t)]
    return records


def _override_line(rule: PointOverride) -> str:
    """A ``299`` record (spec §12.9); a sign may take the column before a points field."""
    kind = " " if rule.outcome is None else _OVERRIDE_LETTERS[rule.outcome]

    def field(value: int | None) -> str:
        return " " * 5 if value is None else _points_field(value, 5)

    line = f"299 {kind} {field(rule.match_points)} {field(rule.game_points)}"
    line += f"  {rule.round or 0:03d}"
    if rule.teams:
        line += " " + " ".join(f"{tpn:4d}" for tpn in rule.teams)
    return line


def _line_162(games: PointSystem) -> list[str]:
    """The board points, always stated (W, D, L; the others only when they are not zero)."""
    if games == CHESS:
        return ["162  W 1.0    D 0.5    L 0.0"]
    lines = list(_points_2026(games))
    if games.zero_bye == games.forfeit_loss == 0:
        lines[0] = lines[0].replace("    A 0.0", "")
    return lines


def _last_round(t: TeamTournament, last: int | None) -> int:
    return last if last is not None else (t.total_rounds or 999)


def _pab_lines(t: TeamTournament) -> list[str]:
    pabs = [
        next((b.team for b in r.byes if b.kind is ByeKind.PAIRING_ALLOCATED), 0) for r in t.rounds
    ]
    s = t.scoring
    # Without stated values the U cells name the PAB teams (the default value, §1.7).
    if s.pab_match_points is None and s.pab_game_points is None:
        return []
    mp = "    " if s.pab_match_points is None else _points_field(s.pab_match_points)
    gp = "    " if s.pab_game_points is None else _points_field(s.pab_game_points)
    return [f"320 {mp} {gp}" + "".join(f" {tpn:3d}" for tpn in pabs)]


def _bye_lines(t: TeamTournament) -> list[str]:
    groups: dict[tuple[int, str], list[TeamId]] = {}
    for rnd in t.rounds:
        for bye in rnd.byes:
            if bye.kind in (ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT):
                groups.setdefault((rnd.number, bye.kind.value), []).append(bye.team)
    for request in t.requested_byes:
        code = "Z" if request.kind is ByeKind.ABSENT else request.kind.value
        teams = groups.setdefault((request.round, code), [])
        if request.player not in teams:  # a request of a round paired is its bye already
            teams.append(request.player)
    return [
        f"240 {code} {number:3d} " + " ".join(f"{tpn:4d}" for tpn in teams)
        for (number, code), teams in sorted(groups.items())
    ]


def _acceleration_lines(t: TeamTournament) -> list[str]:
    """One 250 record per team and run of rounds with the same virtual points."""
    lines: list[str] = []
    runs: list[tuple[TeamId, int, int, int, int]] = []  # team, mp, gp, first, last
    for acc in sorted(t.accelerations, key=lambda a: (a.team, a.round)):
        if runs:
            team, mp, gp, first, last = runs[-1]
            if (team, mp, gp, last + 1) == (acc.team, acc.match_points, acc.game_points, acc.round):
                runs[-1] = (team, mp, gp, first, acc.round)
                continue
        runs.append((acc.team, acc.match_points, acc.game_points, acc.round, acc.round))
    for team, mp, gp, first, last in runs:
        lines.append(
            f"250 {_points_field(mp)} {_points_field(gp)} {first:03d} {last:03d} "
            f"{team:4d} {team:4d}"
        )
    return lines


def _default_lineup(t: TeamTournament, match: TeamMatch, team: TeamId) -> bool:
    """Whether the reader finds the team's line-up without a 300 record: its players in roster
    order from board 1, its empty boards after them (spec §1.2-1.3)."""
    lineup = match.lineup(team)
    roster = t.team(team).roster
    fielded = [pid for pid in lineup if pid is not None]
    return (
        bool(fielded)  # a team that fielded nobody: only a 300 names its opponent
        and fielded == sorted(fielded, key=roster.index)
        and list(lineup[: len(fielded)]) == fielded
    )


def _lineup_lines(t: TeamTournament) -> list[str]:
    lines: list[str] = []
    for rnd in t.rounds:
        for match in rnd.matches:
            if not match.boards:
                continue
            for team in (match.first, match.second):
                if not _default_lineup(t, match, team):
                    players = " ".join(f"{pid:4d}" if pid else "0000" for pid in match.lineup(team))
                    opponent = match.opponent_of(team)
                    lines.append(f"300 {rnd.number:3d} {team:3d} {opponent:3d} {players}")
    return lines


def _team_player_lines(t: TeamTournament) -> list[tuple[PlayerId, str]]:
    """The 001 lines: each player's cells and his own game points (a PAB counted with the 162
    P value, as the reference tooling writes it), ranked by starting rank (his number)."""
    games = t.scoring.games
    cells: dict[PlayerId, list[str]] = {p.id: [] for p in t.players}
    points = dict.fromkeys(cells, 0)
    for rnd in t.rounds:
        for match in rnd.matches:
            for index, board in enumerate(match.boards, start=1):
                for first_side, pid, other in (
                    (True, board.first, board.second),
                    (False, board.second, board.first),
                ):
                    if pid is None:
                        continue
                    outcome = board.outcome(first_side)
                    code = _CELL_CODES[outcome]
                    if not board.rated:
                        code = _UNRATED_CODES.get(outcome, code)
                    colour = t.board_colour(index, first_side).value
                    opponent = "0000" if other is None else f"{other:4d}"
                    # The board's colour even facing an empty board (§12.1): it tells
                    # which team was the White team when the other fielded nobody.
                    cells[pid].append(f"{opponent} {colour} {code}")
                    points[pid] += outcome_points(outcome, games)
        for bye in rnd.byes:
            bye_code = _BYE_CELL.get(bye.kind)
            for pid in t.team(bye.team).roster:
                if bye_code is not None:
                    cells[pid].append(f"0000 - {bye_code}")
                    points[pid] += outcome_points(bye_outcome(bye.kind), games)
        for row in cells.values():  # not fielded: a blank cell
            if len(row) < rnd.number:
                row.append("        ")
    lines: list[tuple[PlayerId, str]] = []
    for player in sorted(t.players, key=lambda p: p.id):
        row = cells[player.id]
        while row and not row[-1].strip():
            row.pop()
        text = player_head(player, points[player.id], player.id) + "".join("  " + c for c in row)
        lines.append((player.id, text))
    return lines


def _team_lines(t: TeamTournament) -> list[tuple[TeamId, str]]:
    totals = team_scores(t)
    lines: list[tuple[TeamId, str]] = []
    for team in sorted(t.teams, key=lambda team: team.id):
        mp, gp = totals[team.id]
        head = (
            f"310 {team.id:3d} {_fit(team.name[:32].rstrip(), 32, 'team name')} "
            f"{_fit(team.nickname, 5, 'nickname')} "
            f"{_fit(team.strength, 6, 'strength', right=True)} "
            f"{_points_field(mp, 6)} {_points_field(gp, 6)} {'':3}"
        )
        players = "".join(f" {pid:4d}" for pid in team.roster)
        lines.append((team.id, head + " " + players if players else head.rstrip()))
    return lines


def _merged(t: TeamTournament, records: dict[str, list[str]], like: TeamTrfDocument) -> str:
    """``like`` with the records that differ for ``t`` rewritten (see write_team_trf)."""
    before = like.tournament()
    old = _team_records(before)
    changed = {g for g in records if g not in ("001", "310") and records[g] != old[g]}
    endings = Counter(line.ending for line in like.lines if line.ending)
    usual = endings.most_common(1)[0][0] if endings else "\n"
    own_players = {r.player.id: like.lines[r.line - 1].text for r in like.players}
    own_teams = {r.team.id: like.lines[r.line - 1].text for r in like.teams}
    per_record = {
        "001": _kept(dict(_team_player_lines(t)), dict(_team_player_lines(before)), own_players),
        "310": _kept(dict(_team_lines(t)), dict(_team_lines(before)), own_teams),
    }
    present = {_GROUPS.get(line.code) for line in like.lines if not line.text.startswith("###")}
    missing = [
        line for g in _TEAM_HEADERS if g in changed and g not in present for line in records[g]
    ]
    slots = {
        group: [
            i
            for i, line in enumerate(like.lines)
            if line.code == group and not line.text.startswith("###")
        ]
        for group in ("001", "310")
    }
    out: list[list[str]] = []
    written: set[str] = set()
    first_record = min((s[0] for s in slots.values() if s), default=len(like.lines))
    for index, line in enumerate(like.lines):
        if index == first_record:
            out.extend([text, usual] for text in missing)
        group = None if line.text.startswith("###") else _GROUPS.get(line.code)
        if group in per_record:
            assert group is not None
            lines, where = per_record[group], slots[group]
            slot = where.index(index)
            if slot < len(lines):
                out.append([lines[slot], line.ending])
            if index == where[-1]:
                out.extend([text, usual] for text in lines[len(where) :])
        elif group is None or group not in changed:
            out.append([line.text, line.ending])
        elif group not in written:
            written.add(group)
            out.extend([text, line.ending or usual] for text in records[group])
    if first_record == len(like.lines):
        out.extend([text, usual] for text in missing)
    for group in ("001", "310"):
        if not slots[group]:
            out.extend([text, usual] for text in per_record[group])
    for pair in out[:-1]:
        pair[1] = pair[1] or usual
    return ("\ufeff" if like.bom else "") + "".join(text + ending for text, ending in out)


def _kept(new: dict[int, str], old: dict[int, str], own: dict[int, str]) -> list[str]:
    """The lines of one kind of record in the file's order (new ones after): a record that
    would be written the same as before keeps the file's own line."""
    order = [key for key in own if key in new] + [key for key in new if key not in own]
    return [own[key] if key in own and old.get(key) == new[key] else new[key] for key in order]
