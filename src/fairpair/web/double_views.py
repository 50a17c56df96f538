"""What the public pages and the JSON API show of a FIDE Double-Swiss event (C.04.5).

The Double-Swiss counterpart of :mod:`fairpair.web.views`: frozen Pydantic models that the API
returns as they are (so ``/api/openapi.json`` describes them) and the templates render, so the
pages and the API cannot drift apart. Points are decimal strings (``"1.5"``) as everywhere in
the API; a match's result is written from its first-named player's side as arbiters write it
(``"1½-½"``).

A board is a match of two games: the first-named player has White in game 1 and Black in game
2. Each game's result is given as on that game's scoresheet, **White first** (game 2's White is
the second-named player). Everything is read through :mod:`fairpair.service.double_events` (the
game texts, the match scores, the standings): nothing is scored twice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field

from fairpair.core import Colour, Player, PlayerId, format_points
from fairpair.core.double_swiss import (
    DoubleSwissTournament,
    Match,
    MatchByeKind,
    MatchEntry,
    match_entries,
    match_points,
    scores,
)
from fairpair.formats.standings_render import format_value
from fairpair.service import double_events as de
from fairpair.service.double_printouts import match_cell
from fairpair.standings.double import DoubleStandings
from fairpair.web.team_views import SettingLine
from fairpair.web.views import POINTS, PlayerDetail, PlayerRef, View, matches

__all__ = [
    "DoubleByeLine",
    "DoubleCrossCell",
    "DoubleCrossRow",
    "DoubleCrosstableView",
    "DoubleEventDetail",
    "DoubleGame",
    "DoubleMatchView",
    "DoublePlayerRound",
    "DoublePlayerView",
    "DoubleRoundSummary",
    "DoubleRoundView",
    "DoubleSide",
    "DoubleStandingsLine",
    "DoubleStandingsView",
    "DoubleTiebreakColumn",
    "double_crosstable_view",
    "double_event_detail",
    "double_player_view",
    "double_round_view",
    "double_standings_view",
    "match_hit",
]

ColourName = Literal["white", "black"]
ByeName = Literal["pairing", "half-point", "full-point", "zero-point"]
Primary = Literal["GP", "MP"]

_COLOUR_NAME: dict[Colour, ColourName] = {Colour.WHITE: "white", Colour.BLACK: "black"}
_BYE_NAME: dict[MatchByeKind, ByeName] = {
    MatchByeKind.PAIRING_ALLOCATED: "pairing",
    MatchByeKind.HALF_POINT: "half-point",
    MatchByeKind.FULL_POINT: "full-point",
    MatchByeKind.ZERO_POINT: "zero-point",
}
_SCORE_NAME: dict[str, str] = {"GP": "game points", "MP": "match points"}


# --- the models -------------------------------------------------------------------------------


class DoubleRoundSummary(View):
    """A paired match-round as the overview lists it."""

    number: int
    matches: int
    complete: bool = Field(description="Every match has both its games' results.")


class DoubleTiebreakColumn(View):
    """A tie-break of the standings: its code, its name and its rule in words."""

    code: str = Field(description='As the event names it, e.g. "BH:GP/C1", "EDE".')
    name: str = Field(description='In words, e.g. "Buchholz".')
    rule: str = Field(description="The rule in words, and whether lower is better.")
    lower_is_better: bool = False


class DoubleEventDetail(View):
    """A Double-Swiss event's overview: settings in words, players, paired match-rounds."""

    id: int
    name: str
    kind: Literal["double-swiss"] = Field(
        default="double-swiss",
        description="Always double-swiss: every pairing is a match of two games.",
    )
    system: str = Field(description="double-swiss.")
    system_name: str = Field(description='For people: "FIDE Double-Swiss (two-game matches)".')
    rounds_planned: int | None = Field(description="Match-rounds the event will have.")
    current_round: int | None = Field(description="The last match-round paired, if any.")
    primary: Primary = Field(description="The score that ranks the standings.")
    primary_name: str = Field(description='"game points" or "match points".')
    initial_colour: ColourName | None = Field(
        description="The top seed's colour in game 1 of round 1 (C.04.5 4.1)."
    )
    byes: dict[ByeName, str] = Field(
        description="What each bye is worth, once per match. " + POINTS
    )
    start_date: str
    end_date: str
    settings: list[SettingLine] = Field(description="The settings in words, as shown.")
    tiebreaks: list[DoubleTiebreakColumn]
    players: list[PlayerDetail]
    rounds: list[DoubleRoundSummary]


class DoubleSide(PlayerRef):
    """A player of a match, with his game points before the round."""

    rating: int | None = None
    points_before: str = Field(description="Game points before the round. " + POINTS)


class DoubleGame(View):
    """One game of a match, as on its scoresheet."""

    game: Literal[1, 2]
    white: PlayerRef
    black: PlayerRef
    result: str | None = Field(
        description='White first, as on the scoresheet: "1-0", "0-1", "½-½", "+-", "-+", '
        '"--" (forfeited by both), "½-0", "0-½", "0-0"; null until the match\'s result is in.'
    )


class DoubleMatchView(View):
    """A board of a match-round: the two players, the two games and the match's result."""

    board: int
    first: DoubleSide = Field(description="The first-named player: White in game 1.")
    second: DoubleSide = Field(description="The second-named player: White in game 2.")
    games: list[DoubleGame] = Field(description="Game 1, then game 2 (colours reversed).")
    result: str | None = Field(
        description='The match result from the first-named player\'s side, e.g. "1½-½", '
        "computed from the two games; null until they are in."
    )
    first_points: str | None = Field(description="The first player's game points. " + POINTS)
    second_points: str | None
    forfeit: Literal["+-", "-+", "--"] | None = Field(
        description='A match forfeited as a whole (a player forfeited both games): "+-" the '
        'second player did not come, "-+" the first did not, "--" neither; null otherwise '
        "(a single forfeited game leaves the match played)."
    )


class DoubleByeLine(View):
    """A player without a match in the round."""

    player: DoubleSide
    kind: ByeName
    label: str = Field(description='As shown, e.g. "pairing-allocated bye".')
    points: str = Field(description="What the bye gives. " + POINTS)


class DoubleRoundView(View):
    """A match-round: its boards in order, then the byes."""

    event_id: int
    number: int
    complete: bool
    matches: list[DoubleMatchView]
    byes: list[DoubleByeLine]


class DoubleStandingsLine(View):
    """One player's line of the standings."""

    rank: int = Field(description="Shared by players equal on the score and every tie-break.")
    player: PlayerRef
    rating: int | None
    points: str = Field(description="The primary score (game or match points). " + POINTS)
    game_points: str = Field(description=POINTS)
    match_points: str = Field(description="A match won 2, drawn 1, lost 0. " + POINTS)
    tiebreaks: dict[str, str | None] = Field(
        description="Each tie-break's value by code (null: no value)."
    )
    withdrawn: bool = False


class DoubleStandingsView(View):
    """The standings after the last complete match-round."""

    event_id: int
    after_round: int
    primary: Primary
    primary_name: str
    columns: list[DoubleTiebreakColumn]
    rows: list[DoubleStandingsLine]
    notes: list[str] = Field(description="What is said under the table, in words.")


class DoubleCrossCell(View):
    """One match-round of one player in the crosstable."""

    round: int
    opponent: PlayerRef | None
    opponent_rank: int | None = Field(description="The opponent's rank in the standings.")
    colour: ColourName | None = Field(
        description="The player's colour in game 1 (null for a bye, or a match in which no "
        "game was played over the board)."
    )
    games: list[str] = Field(
        description='The player\'s own result of game 1 and of game 2: "1", "½", "0", "+", '
        '"-"; empty for a bye or while the match is on.'
    )
    score: str = Field(
        description='The match from the player\'s side, e.g. "1½-½"; "" for a bye or while '
        "the match is on."
    )
    result: str = Field(
        description='"won", "drawn", "lost", "won by forfeit", "lost by forfeit", a bye in '
        'words, "absent", or "" while the match is on.'
    )
    bye: ByeName | None = Field(default=None, description="The kind of bye, for a bye.")
    points: str = Field(description="Game points the round gave. " + POINTS)


class DoubleCrossRow(View):
    """A player's line of the crosstable, in standings order."""

    rank: int
    player: PlayerRef
    game_points: str
    match_points: str
    rounds: list[DoubleCrossCell]


class DoubleCrosstableView(View):
    """Players × match-rounds: each round's opponent, game-1 colour and the two games."""

    event_id: int
    rounds: int
    rows: list[DoubleCrossRow]


class DoublePlayerRound(DoubleCrossCell):
    """One match-round on a player's page."""

    board: int | None = Field(description="The board, for a match.")
    game_results: list[str] = Field(
        description="Each game as on its scoresheet, White first (as the round page shows "
        "them); empty for a bye or while the match is on."
    )
    match_points: str = Field(description="Match points the round gave. " + POINTS)
    running: str = Field(description="Game points after the round. " + POINTS)


class DoublePlayerView(View):
    """A player's page: details, place in the standings and every match-round."""

    event_id: int
    player: PlayerDetail
    rank: int
    points: str = Field(description="The primary score. " + POINTS)
    game_points: str
    match_points: str
    tiebreaks: dict[str, str | None]
    rounds: list[DoublePlayerRound]


# --- building them ----------------------------------------------------------------------------


def _halves(value: int) -> str:
    """Half points as the API writes points: ``3`` -> ``"1.5"``."""
    return format_points(value * 5)


def _people(t: DoubleSwissTournament) -> dict[PlayerId, Player]:
    return {p.id: p for p in t.players}


def _ref(people: dict[PlayerId, Player], pid: PlayerId) -> PlayerRef:
    return PlayerRef(id=pid, name=people[pid].name)


def _detail(t: DoubleSwissTournament, player: Player) -> PlayerDetail:
    return PlayerDetail(
        id=player.id,
        name=player.name,
        rating=player.rating,
        title=player.title,
        federation=player.federation,
        club=player.club,
        withdrawn_from_round=t.withdrawn.get(player.id),
    )


def _primary(event: de.DoubleEvent) -> Primary:
    ds = event.settings.double_swiss
    return "GP" if ds is None else ds.primary.value


def double_event_detail(
    event: de.DoubleEvent, table: DoubleStandingsView | None = None
) -> DoubleEventDetail:
    """The overview of a Double-Swiss event (``table``: its standings, when worked out
    already)."""
    t, s = event.tournament, event.settings
    primary = _primary(event)
    colour = s.initial_colour if t.initial_colour is None else t.initial_colour
    return DoubleEventDetail(
        id=event.id,
        name=event.info.name,
        system=s.system.value,
        system_name=s.system.label,
        rounds_planned=t.total_rounds,
        current_round=len(t.rounds) or None,
        primary=primary,
        primary_name=_SCORE_NAME[primary],
        initial_colour=None if colour is None else _COLOUR_NAME[colour],
        byes={name: _halves(t.byes.of(kind)) for kind, name in _BYE_NAME.items()},
        start_date=s.start_date,
        end_date=s.end_date,
        settings=[
            SettingLine(label=label, value=value)
            for label, value in de.double_settings_lines(event)
            if label not in ("event", "players")
        ],
        tiebreaks=(table or double_standings_view(event)).columns,
        players=[_detail(t, p) for p in t.players],
        rounds=[
            DoubleRoundSummary(
                number=r.number,
                matches=len(r.matches),
                complete=all(m.finished for m in r.matches),
            )
            for r in t.rounds
        ],
    )


def _forfeit(match: Match) -> Literal["+-", "-+", "--"] | None:
    first, second = match.forfeited_by(match.white), match.forfeited_by(match.black)
    if first and second:
        return "--"
    if second:
        return "+-"
    if first:
        return "-+"
    return None


def _games(people: dict[PlayerId, Player], match: Match) -> list[DoubleGame]:
    first, second = _ref(people, match.white), _ref(people, match.black)
    return [
        DoubleGame(game=1, white=first, black=second, result=de.game_text(match, 1) or None),
        DoubleGame(game=2, white=second, black=first, result=de.game_text(match, 2) or None),
    ]


def double_round_view(event: de.DoubleEvent, number: int) -> DoubleRoundView:
    """Match-round ``number``; ``IndexError`` when it is not paired."""
    t = event.tournament
    if not 1 <= number <= len(t.rounds):
        raise IndexError(f"round {number} is not paired")
    rnd = t.rounds[number - 1]
    people = _people(t)
    before = scores(t, number)

    def side(pid: PlayerId) -> DoubleSide:
        p = people[pid]
        return DoubleSide(id=pid, name=p.name, rating=p.rating, points_before=_halves(before[pid]))

    boards = []
    for index, match in enumerate(rnd.matches, start=1):
        done = match.finished
        boards.append(
            DoubleMatchView(
                board=index,
                first=side(match.white),
                second=side(match.black),
                games=_games(people, match),
                result=de.match_score(match) or None,
                first_points=_halves(match.points(match.white)) if done else None,
                second_points=_halves(match.points(match.black)) if done else None,
                forfeit=_forfeit(match),
            )
        )
    byes = [
        DoubleByeLine(
            player=side(bye.player),
            kind=_BYE_NAME[bye.kind],
            label=de.bye_words(bye.kind),
            points=_halves(t.byes.of(bye.kind)),
        )
        for bye in rnd.byes
    ]
    return DoubleRoundView(
        event_id=event.id,
        number=number,
        complete=all(m.finished for m in rnd.matches),
        matches=boards,
        byes=byes,
    )


def match_hit(query: str, match: DoubleMatchView) -> bool:
    """Whether a board answers the name filter: one of its two players' names (accents and
    case ignored, as :func:`fairpair.web.views.matches`)."""
    return matches(query, (match.first.name, match.second.name))


# --- standings ---------------------------------------------------------------------------------


def _value(value: Fraction | None, decimals: int | None = None) -> str | None:
    return None if value is None else format_value(value, decimals)


def _columns(table: DoubleStandings) -> list[DoubleTiebreakColumn]:
    return [
        DoubleTiebreakColumn(
            code=c.code, name=c.name, rule=rule, lower_is_better=not c.higher_is_better
        )
        for c, rule in zip(table.columns, table.rules(), strict=True)
    ]


def double_standings_view(event: de.DoubleEvent) -> DoubleStandingsView:
    """The standings of :func:`fairpair.service.double_events.double_standings`."""
    table = de.double_standings(event)
    primary = _primary(event)
    gone = set(event.tournament.withdrawn)
    rows = [
        DoubleStandingsLine(
            rank=row.rank,
            player=PlayerRef(id=row.player, name=row.name),
            rating=row.rating,
            points=format_value(row.points),
            game_points=format_value(row.game_points),
            match_points=format_value(row.match_points),
            tiebreaks={
                c.code: _value(v, c.decimals)
                for c, v in zip(table.columns, row.values, strict=True)
            },
            withdrawn=row.player in gone,
        )
        for row in table.rows
    ]
    return DoubleStandingsView(
        event_id=event.id,
        after_round=table.rounds,
        primary=primary,
        primary_name=_SCORE_NAME[primary],
        columns=_columns(table),
        rows=rows,
        notes=list(table.notes()),
    )


# --- crosstable and a player's rounds -------------------------------------------------------------


def _cell(
    people: dict[PlayerId, Player], rank: dict[PlayerId, int], pid: PlayerId, entry: MatchEntry
) -> DoubleCrossCell:
    match = entry.match
    words = match_cell(pid, entry)
    opponent = None if match is None else match.opponent(pid)
    colour = None
    # A match with a game over the board gives its game-1 colour; one still on, the colour
    # it is played with; one forfeited as a whole none (spec double-swiss.md §2.3).
    if match is not None and (entry.colour is not None or not match.finished):
        colour = _COLOUR_NAME[match.colour(pid)]
    return DoubleCrossCell(
        round=entry.round,
        opponent=None if opponent is None else _ref(people, opponent),
        opponent_rank=None if opponent is None else rank.get(opponent),
        colour=colour,
        games=list(words.games),
        score=words.score,
        result=words.result,
        bye=None if entry.bye is None else _BYE_NAME[entry.bye],
        points=_halves(entry.points),
    )


def double_crosstable_view(
    event: de.DoubleEvent, table: DoubleStandingsView | None = None
) -> DoubleCrosstableView:
    """Every player in standings order with each match-round's opponent (and his rank),
    game-1 colour, the two games from the player's side and the match score."""
    t = event.tournament
    people = _people(t)
    standings = table or double_standings_view(event)
    rank = {row.player.id: row.rank for row in standings.rows}
    entries = match_entries(t)
    rows = [
        DoubleCrossRow(
            rank=line.rank,
            player=line.player,
            game_points=line.game_points,
            match_points=line.match_points,
            rounds=[_cell(people, rank, line.player.id, e) for e in entries[line.player.id]],
        )
        for line in standings.rows
    ]
    return DoubleCrosstableView(event_id=event.id, rounds=len(t.rounds), rows=rows)


def double_player_view(
    event: de.DoubleEvent, player_id: PlayerId, table: DoubleStandingsView | None = None
) -> DoublePlayerView:
    """Player ``player_id``'s page; ``KeyError`` for a player not in the event."""
    t = event.tournament
    people = _people(t)
    player = people[player_id]
    standings = table or double_standings_view(event)
    line = next(row for row in standings.rows if row.player.id == player_id)
    rank = {row.player.id: row.rank for row in standings.rows}
    rounds = []
    running = 0
    for entry in match_entries(t)[player_id]:
        running += entry.points
        cell = _cell(people, rank, player_id, entry)
        rnd = t.rounds[entry.round - 1]
        match = entry.match
        board = None if match is None else rnd.matches.index(match) + 1
        sheets = []
        if match is not None and match.finished:
            sheets = [de.game_text(match, 1), de.game_text(match, 2)]
        rounds.append(
            DoublePlayerRound(
                **cell.model_dump(),
                board=board,
                game_results=sheets,
                match_points=format_points(match_points(entry) * 10) if cell.result else "0",
                running=_halves(running),
            )
        )
    return DoublePlayerView(
        event_id=event.id,
        player=_detail(t, player),
        rank=line.rank,
        points=line.points,
        game_points=line.game_points,
        match_points=line.match_points,
        tiebreaks=dict(line.tiebreaks),
        rounds=rounds,
    )
