"""What the public pages and the JSON API show of a team event, built from service calls.

The team counterpart of :mod:`fairpair.web.views`: frozen Pydantic models that the API returns
as they are (so ``/api/openapi.json`` describes them) and the team templates render, so pages
and API cannot drift apart. Points are decimal strings (``"2.5"``) as everywhere in the API;
match points (MP) and game points (GP) are given separately, and the standings say which of
them ranks the teams.

Everything here reads the event through :mod:`fairpair.service.team_events` (the match
results, the team and board standings, the board colours): nothing is scored twice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from fairpair.core import ByeKind, Player, PlayerId, format_points
from fairpair.core.teams import (
    PrimaryScore,
    TeamEntry,
    TeamId,
    TeamMatch,
    TeamOutcome,
    TeamTournament,
    bye_entry,
    team_entries,
)
from fairpair.formats.standings_render import format_value
from fairpair.service import printouts
from fairpair.service import team_events as te
from fairpair.service.results import format_result
from fairpair.web.views import POINTS, ByeKindName, PlayerRef, View, matches

if TYPE_CHECKING:
    from fairpair.standings.team import TeamStandings

__all__ = [
    "BoardPrizeLine",
    "BoardPrizeTable",
    "BoardPrizesView",
    "BoardSide",
    "SettingLine",
    "TeamBoard",
    "TeamByeLine",
    "TeamCrossCell",
    "TeamCrossRow",
    "TeamCrosstableView",
    "TeamDetail",
    "TeamEventDetail",
    "TeamMatchView",
    "TeamPlayer",
    "TeamRef",
    "TeamRoundBoard",
    "TeamRoundLine",
    "TeamRoundSummary",
    "TeamRoundView",
    "TeamStandingsLine",
    "TeamStandingsView",
    "TeamTiebreakColumn",
    "TeamView",
    "board_prizes_view",
    "match_hits",
    "team_crosstable_view",
    "team_event_detail",
    "team_round_view",
    "team_standings_view",
    "team_view",
]

ColourName = Literal["white", "black"]
_COLOUR_NAME: dict[str, ColourName] = {"w": "white", "b": "black"}
_SCORE_NAME = {PrimaryScore.MATCH_POINTS: "match points", PrimaryScore.GAME_POINTS: "game points"}


# --- the models -------------------------------------------------------------------------------


class TeamRef(View):
    """A team named on a page: its pairing number (TPN) and its name."""

    id: TeamId = Field(description="Team pairing number (TPN), unique in the event.")
    name: str


class TeamPlayer(PlayerRef):
    """A player of a team's roster."""

    position: int = Field(description="Place on the roster (board order), 1 first.")
    rating: int | None = None
    title: str = ""
    federation: str = ""


class TeamDetail(TeamRef):
    """A registered team and its roster in board order."""

    captain: str = ""
    players: list[TeamPlayer]
    withdrawn_from_round: int | None = Field(
        default=None, description="The first round the team no longer plays, if withdrawn."
    )


class TeamRoundSummary(View):
    """A paired round as the overview lists it."""

    number: int
    matches: int
    complete: bool = Field(description="Every match has its result.")


class SettingLine(View):
    """One of the event's settings in words."""

    label: str
    value: str


class TeamTiebreakColumn(View):
    """A team tie-break: its code, its name in words and how it reads."""

    code: str = Field(description='As TRF-2026 writes it, e.g. "EDE", "BH:GP/C1".')
    name: str = Field(description='In words, e.g. "Extended direct encounter".')
    rule: str = Field(description="The rule, and whether lower is better.")
    lower_is_better: bool = False


class TeamEventDetail(View):
    """A team event's overview: settings in words, teams with their rosters, paired rounds."""

    id: int
    name: str
    kind: Literal["team"] = Field(
        default="team", description="Always team: the event's competitors are teams."
    )
    system: str = Field(description="team-swiss or team-berger.")
    system_name: str = Field(description='For people, e.g. "Team Swiss (FIDE C.04.6)".')
    boards: int = Field(description="Boards of each match.")
    primary: Literal["MP", "GP"] = Field(description="The score that ranks the teams.")
    primary_name: str = Field(description='"match points" or "game points".')
    match_points: dict[str, str] = Field(
        description="Match points for a won, drawn and lost match. " + POINTS
    )
    game_points: dict[str, str] = Field(description="Points of one board game. " + POINTS)
    board_colours: list[ColourName] = Field(
        description="The first (White) team's colour on each board, board 1 first."
    )
    min_board_games: int = Field(description="Games on a board needed for a board prize.")
    rounds_planned: int | None
    current_round: int | None = Field(description="The last round paired, if any.")
    start_date: str
    end_date: str
    settings: list[SettingLine] = Field(description="The settings in words, as shown.")
    tiebreaks: list[TeamTiebreakColumn]
    teams: list[TeamDetail]
    rounds: list[TeamRoundSummary]


class BoardSide(View):
    """One side of a board: the player (null for an empty board) and his colour."""

    player: PlayerRef | None = Field(description="Null: the team left the board empty.")
    rating: int | None = None
    colour: ColourName


class TeamBoard(View):
    """One board of a match, the first team's player first."""

    board: int
    first: BoardSide
    second: BoardSide
    result: str | None = Field(
        description='First team\'s player first: "1-0", "½-½", "0-1", "+--", "--+", "---"; '
        "null until known."
    )


class TeamMatchView(View):
    """A match of a round: the teams, the score and each board."""

    table: int = Field(description="The match's number in the round (its table).")
    first: TeamRef = Field(description="The first team: White on board 1 when colours apply.")
    second: TeamRef
    first_match_points: str = Field(description="0 until the match is finished. " + POINTS)
    second_match_points: str
    first_game_points: str = Field(description="Game points so far. " + POINTS)
    second_game_points: str
    finished: bool
    forfeit: str | None = Field(
        description='A match not played as a whole: "+-" (the second team did not come), '
        '"-+" or "--"; null otherwise.'
    )
    boards: list[TeamBoard] = Field(description="Empty until the line-ups are known.")


class TeamByeLine(View):
    """A team without an opponent in the round."""

    team: TeamRef
    kind: ByeKindName
    label: str = Field(description='As shown, e.g. "bye", "half-point bye".')
    match_points: str = Field(description=POINTS)
    game_points: str = Field(description=POINTS)


class TeamRoundView(View):
    """A team round: its matches in table order, then the teams' byes."""

    event_id: int
    number: int
    complete: bool
    matches: list[TeamMatchView]
    byes: list[TeamByeLine]


class TeamStandingsLine(View):
    """One team's line of the standings."""

    rank: int = Field(description="Shared by teams equal on the score and every tie-break.")
    team: TeamRef
    points: str = Field(description="The primary score (MP or GP). " + POINTS)
    match_points: str = Field(description=POINTS)
    game_points: str = Field(description=POINTS)
    tiebreaks: dict[str, str | None] = Field(
        description="Each tie-break's value by code (null: no value)."
    )


class TeamStandingsView(View):
    """The team standings after the last complete round."""

    event_id: int
    after_round: int
    primary: Literal["MP", "GP"]
    primary_name: str
    columns: list[TeamTiebreakColumn]
    rows: list[TeamStandingsLine]
    notes: list[str] = Field(description="What is said under the table.")


class TeamCrossCell(View):
    """One round of one team in the crosstable."""

    round: int
    opponent: TeamRef | None
    colour: ColourName | None = Field(
        description="The team's colour on board 1, in a match (null for a bye or a match "
        "forfeited as a whole)."
    )
    result: str = Field(
        description='"won", "drawn", "lost", "won by forfeit", "lost by forfeit", a bye in '
        'words ("bye", "half-point bye"...), "absent", or "" while the match is on.'
    )
    score: str = Field(
        description='Game points of the team and of its opponent, e.g. "2.5-1.5"; "" '
        "for a bye or while the match is on."
    )
    match_points: str = Field(description=POINTS)


class TeamCrossRow(View):
    """A team's line of the crosstable, in standings order."""

    rank: int
    team: TeamRef
    match_points: str
    game_points: str
    rounds: list[TeamCrossCell]


class TeamCrosstableView(View):
    """Teams × rounds: each round's opponent, board-1 colour and match score."""

    event_id: int
    rounds: int
    rows: list[TeamCrossRow]


class BoardPrizeLine(View):
    """A player's games on one board."""

    rank: int | None = Field(description="Null: fewer games than the board prize needs.")
    player: PlayerRef
    team: TeamRef
    rating: int | None
    games: int
    points: str = Field(description=POINTS)
    percentage: str = Field(description='Points per game × 100, one decimal, e.g. "62.5".')
    performance: int | None = Field(description="Performance rating, where defined.")


class BoardPrizeTable(View):
    """The players of one board number."""

    board: int
    lines: list[BoardPrizeLine]


class BoardPrizesView(View):
    """Board prizes: per board, its players ranked by percentage."""

    event_id: int
    min_games: int = Field(description="Games on a board the director requires for a prize.")
    boards: list[BoardPrizeTable]


class TeamRoundBoard(View):
    """One board of a team's match, from the team's side."""

    board: int
    player: PlayerRef | None
    colour: ColourName
    opponent: PlayerRef | None
    result: str = Field(
        description='"1", "½", "0", "+", "-" from the team\'s side; "" until known.'
    )


class TeamRoundLine(View):
    """One round of one team."""

    round: int
    table: int | None = Field(description="The match's table, for a match.")
    opponent: TeamRef | None
    colour: ColourName | None = Field(description="The team's colour on board 1.")
    result: str = Field(description="As in the crosstable.")
    match_points: str = Field(description=POINTS)
    game_points: str = Field(description=POINTS)
    opponent_game_points: str | None
    boards: list[TeamRoundBoard]


class TeamView(View):
    """A team's page: roster, place in the standings and every round."""

    event_id: int
    team: TeamDetail
    rank: int
    match_points: str
    game_points: str
    tiebreaks: dict[str, str | None]
    rounds: list[TeamRoundLine]


# --- building them ----------------------------------------------------------------------------


def _ref(t: TeamTournament, tpn: TeamId) -> TeamRef:
    return TeamRef(id=tpn, name=t.team(tpn).name)


People = dict[PlayerId, Player]


def _people(t: TeamTournament) -> People:
    """The event's players by id (a team snapshot keeps them as a tuple)."""
    return {p.id: p for p in t.players}


def _player_ref(people: People, pid: PlayerId | None) -> PlayerRef | None:
    if pid is None:
        return None
    return PlayerRef(id=pid, name=people[pid].name)


def _team_detail(t: TeamTournament, tpn: TeamId, people: People) -> TeamDetail:
    team = t.team(tpn)
    withdrawn = [r for x, r in t.withdrawals if x == tpn]
    players = []
    for position, pid in enumerate(team.roster, start=1):
        p = people[pid]
        players.append(
            TeamPlayer(
                id=pid,
                name=p.name,
                position=position,
                rating=p.rating or None,
                title=p.title,
                federation=p.federation,
            )
        )
    return TeamDetail(
        id=tpn,
        name=team.name,
        captain=team.captain,
        players=players,
        withdrawn_from_round=min(withdrawn, default=None),
    )


def _tiebreak_columns(standings: TeamStandings) -> list[TeamTiebreakColumn]:
    return [
        TeamTiebreakColumn(
            code=c.code, name=c.name, rule=c.describe(), lower_is_better=not c.higher_is_better
        )
        for c in standings.columns
    ]


def team_event_detail(event: te.TeamEvent) -> TeamEventDetail:
    """The overview of a team event."""
    t, s = event.tournament, event.settings
    people = _people(t)
    team = s.team
    assert team is not None  # a TeamEvent's settings are a team event's
    win, draw, loss = team.match_points
    return TeamEventDetail(
        id=event.id,
        name=event.info.name,
        system=s.system.value,
        system_name=s.system.label,
        boards=t.boards,
        primary=team.primary.value,
        primary_name=_SCORE_NAME[team.primary],
        match_points={
            "won": format_points(win),
            "drawn": format_points(draw),
            "lost": format_points(loss),
        },
        game_points={
            "win": format_points(s.points.win),
            "draw": format_points(s.points.draw),
            "loss": format_points(s.points.loss),
        },
        board_colours=[
            _COLOUR_NAME[te.board_colour_letter(t, b, True)] for b in range(1, t.boards + 1)
        ],
        min_board_games=team.min_board_games,
        rounds_planned=t.total_rounds,
        current_round=len(t.rounds) or None,
        start_date=s.start_date,
        end_date=s.end_date,
        settings=[
            SettingLine(label="system", value=s.system.label + (" (double)" if s.double else "")),
            *(SettingLine(label=label, value=value) for label, value in team.describe()),
        ],
        tiebreaks=_tiebreak_columns(te.team_standings(event)),
        teams=[_team_detail(t, tpn, people) for tpn in t.team_ids],
        rounds=[
            TeamRoundSummary(
                number=r.number,
                matches=len(r.matches),
                complete=all(m.finished for m in r.matches),
            )
            for r in t.rounds
        ],
    )


_BYE_KINDS: dict[ByeKind, ByeKindName] = {
    ByeKind.PAIRING_ALLOCATED: "pairing",
    ByeKind.FULL_POINT: "full-point",
    ByeKind.HALF_POINT: "half-point",
    ByeKind.ZERO_POINT: "zero-point",
    ByeKind.ABSENT: "absent",
    ByeKind.FORFEIT_WIN: "forfeit-win",
}


def _match_view(
    t: TeamTournament, people: People, round_number: int, table: int, match: TeamMatch
) -> TeamMatchView:
    scored = te.match_result(t, round_number, table)
    boards = []
    for index, board in enumerate(match.boards, start=1):
        sides = []
        for first, pid in ((True, board.first), (False, board.second)):
            colour = _COLOUR_NAME[te.board_colour_letter(t, index, first)]
            rating = None if pid is None else (people[pid].rating or None)
            sides.append(BoardSide(player=_player_ref(people, pid), rating=rating, colour=colour))
        boards.append(
            TeamBoard(
                board=index,
                first=sides[0],
                second=sides[1],
                result=format_result(board.result) or None,
            )
        )
    return TeamMatchView(
        table=table,
        first=_ref(t, match.first),
        second=_ref(t, match.second),
        first_match_points=format_points(scored.first_points[0]),
        second_match_points=format_points(scored.second_points[0]),
        first_game_points=format_points(scored.first_points[1]),
        second_game_points=format_points(scored.second_points[1]),
        finished=scored.finished,
        forfeit=None if match.forfeit is None else match.forfeit.value,
        boards=boards,
    )


def team_round_view(event: te.TeamEvent, number: int) -> TeamRoundView:
    """Round ``number`` of a team event; ``IndexError`` when it is not paired."""
    t = event.tournament
    if not 1 <= number <= len(t.rounds):
        raise IndexError(f"round {number} is not paired")
    rnd = t.rounds[number - 1]
    people = _people(t)
    byes = []
    for bye in rnd.byes:
        entry = bye_entry(t, number, bye)
        byes.append(
            TeamByeLine(
                team=_ref(t, bye.team),
                kind=_BYE_KINDS[bye.kind],
                label=printouts.BYE_NAMES[bye.kind],
                match_points=format_points(entry.match_points),
                game_points=format_points(entry.game_points),
            )
        )
    return TeamRoundView(
        event_id=event.id,
        number=number,
        complete=all(m.finished for m in rnd.matches),
        matches=[_match_view(t, people, number, i, m) for i, m in enumerate(rnd.matches, start=1)],
        byes=byes,
    )


def match_hits(query: str, match: TeamMatchView) -> tuple[bool, list[bool]]:
    """Whether a match answers the name filter, and which of its boards do: a team's name
    keeps every board of its match, a player's name his own board (accent-insensitive, as
    :func:`fairpair.web.views.matches`)."""
    teams = matches(query, (match.first.name, match.second.name))
    boards = [
        teams or matches(query, [s.player.name for s in (b.first, b.second) if s.player])
        for b in match.boards
    ]
    return teams or any(boards), boards


def _value(value: Fraction | None) -> str | None:
    return None if value is None else format_value(value)


def team_standings_view(event: te.TeamEvent) -> TeamStandingsView:
    """The team standings by :func:`fairpair.service.team_events.team_standings`."""
    table = te.team_standings(event)
    mp_first = table.primary is PrimaryScore.MATCH_POINTS
    rows = [
        TeamStandingsLine(
            rank=row.rank,
            team=TeamRef(id=row.team_id, name=row.name),
            points=format_value(row.points),
            match_points=format_value(row.points if mp_first else row.secondary),
            game_points=format_value(row.secondary if mp_first else row.points),
            tiebreaks={c.code: _value(v) for c, v in zip(table.columns, row.values, strict=True)},
        )
        for row in table.rows
    ]
    return TeamStandingsView(
        event_id=event.id,
        after_round=table.rounds,
        primary=table.primary.value,
        primary_name=_SCORE_NAME[table.primary],
        columns=_tiebreak_columns(table),
        rows=rows,
        notes=[table.notes()[0]],
    )


_OUTCOME_WORDS = {
    TeamOutcome.WON: "won",
    TeamOutcome.DRAWN: "drawn",
    TeamOutcome.LOST: "lost",
    TeamOutcome.FORFEIT_WIN: "won by forfeit",
    TeamOutcome.FORFEIT_LOSS: "lost by forfeit",
    TeamOutcome.PAIRING_BYE: printouts.BYE_NAMES[ByeKind.PAIRING_ALLOCATED],
    TeamOutcome.FULL_BYE: printouts.BYE_NAMES[ByeKind.FULL_POINT],
    TeamOutcome.HALF_BYE: printouts.BYE_NAMES[ByeKind.HALF_POINT],
    TeamOutcome.ZERO_BYE: printouts.BYE_NAMES[ByeKind.ZERO_POINT],
    TeamOutcome.ABSENT: printouts.BYE_NAMES[ByeKind.ABSENT],
    TeamOutcome.PENDING: "",
}


def _team_colour(t: TeamTournament, match: TeamMatch | None, tpn: TeamId) -> ColourName | None:
    """The team's colour on board 1 of its match; none for a match forfeited as a whole,
    in which no game was played."""
    if match is None or match.forfeit is not None:
        return None
    return _COLOUR_NAME[te.board_colour_letter(t, 1, match.first == tpn)]


def _cell(
    t: TeamTournament, entry: TeamEntry, tpn: TeamId, opponent_gp: int | None
) -> TeamCrossCell:
    match = t.rounds[entry.round - 1].match_of(tpn)
    score = ""
    if opponent_gp is not None and entry.outcome is not TeamOutcome.PENDING:
        score = f"{format_points(entry.game_points)}-{format_points(opponent_gp)}"
    return TeamCrossCell(
        round=entry.round,
        opponent=None if entry.opponent is None else _ref(t, entry.opponent),
        colour=_team_colour(t, match, tpn),
        result=_OUTCOME_WORDS[entry.outcome],
        score=score,
        match_points=format_points(entry.match_points),
    )


def _rounds_of(
    t: TeamTournament, tpn: TeamId, table: dict[TeamId, list[TeamEntry]] | None = None
) -> list[tuple[TeamEntry, int | None]]:
    """The team's entries with, for a match, the opponent's game points."""
    table = team_entries(t) if table is None else table
    rows = []
    for entry in table[tpn]:
        other = None
        if entry.opponent is not None:
            other = table[entry.opponent][entry.round - 1].game_points
        rows.append((entry, other))
    return rows


def team_crosstable_view(event: te.TeamEvent) -> TeamCrosstableView:
    """Every team in standings order with each round's opponent, colour and score."""
    t = event.tournament
    table = team_entries(t)
    standings = team_standings_view(event)
    rows = []
    for line in standings.rows:
        tpn = line.team.id
        cells = [_cell(t, entry, tpn, other) for entry, other in _rounds_of(t, tpn, table)]
        rows.append(
            TeamCrossRow(
                rank=line.rank,
                team=line.team,
                match_points=line.match_points,
                game_points=line.game_points,
                rounds=cells,
            )
        )
    return TeamCrosstableView(event_id=event.id, rounds=len(t.rounds), rows=rows)


def _percentage(points: Fraction, games: int) -> str:
    return format_value(points * 100 / games if games else Fraction(0), 1)


def board_prizes_view(event: te.TeamEvent) -> BoardPrizesView:
    """The board standings of :func:`fairpair.service.team_events.board_standings`."""
    t = event.tournament
    people = _people(t)
    team = event.settings.team
    boards = [
        BoardPrizeTable(
            board=standing.board,
            lines=[
                BoardPrizeLine(
                    rank=line.rank,
                    player=PlayerRef(id=line.player_id, name=line.name),
                    team=_ref(t, line.team_id),
                    rating=people[line.player_id].rating or None,
                    games=line.games,
                    points=format_value(line.points),
                    percentage=_percentage(line.points, line.games),
                    performance=line.performance,
                )
                for line in standing.lines
            ],
        )
        for standing in te.board_standings(event)
    ]
    return BoardPrizesView(
        event_id=event.id,
        min_games=0 if team is None else team.min_board_games,
        boards=boards,
    )


def team_view(event: te.TeamEvent, tpn: TeamId) -> TeamView:
    """Team ``tpn``'s page; ``KeyError`` for a team not in the event."""
    t = event.tournament
    people = _people(t)
    detail = _team_detail(t, tpn, people)  # KeyError first
    standings = team_standings_view(event)
    line = next(row for row in standings.rows if row.team.id == tpn)
    rounds = []
    for entry, other in _rounds_of(t, tpn):
        rnd = t.rounds[entry.round - 1]
        match = rnd.match_of(tpn)
        table = None if match is None else rnd.matches.index(match) + 1
        boards: list[TeamRoundBoard] = []
        if match is not None:
            first = match.first == tpn
            for index, board in enumerate(match.boards, start=1):
                mine, theirs = (board.first, board.second) if first else (board.second, board.first)
                result = "" if board.result is None else _SIDE[board.outcome(first)]
                boards.append(
                    TeamRoundBoard(
                        board=index,
                        player=_player_ref(people, mine),
                        colour=_COLOUR_NAME[te.board_colour_letter(t, index, first)],
                        opponent=_player_ref(people, theirs),
                        result=result,
                    )
                )
        cell = _cell(t, entry, tpn, other)
        rounds.append(
            TeamRoundLine(
                round=entry.round,
                table=table,
                opponent=cell.opponent,
                colour=cell.colour,
                result=cell.result,
                match_points=cell.match_points,
                game_points=format_points(entry.game_points),
                opponent_game_points=None if other is None else format_points(other),
                boards=boards,
            )
        )
    return TeamView(
        event_id=event.id,
        team=detail,
        rank=line.rank,
        match_points=line.match_points,
        game_points=line.game_points,
        tiebreaks=dict(line.tiebreaks),
        rounds=rounds,
    )


_SIDE = printouts.RESULT_SYMBOLS
"""A board's result from one side: "1", "½", "0", "+", "-"."""
