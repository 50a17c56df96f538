"""What the public pages and the read API show, built once from an event.

Each view is a frozen Pydantic model: the JSON API returns it as it is (so ``/api/openapi.json``
describes it) and the HTML templates render the same object, so the pages and the API cannot
drift apart. Points and tie-break values are **decimal strings** (``"2.5"``, ``"38"``): exact,
never a binary float, formatted as on the event's printouts.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from datetime import datetime
from fractions import Fraction
from typing import Literal

from markupsafe import Markup
from pydantic import BaseModel, ConfigDict, Field

from fairpair.core import (
    Bye,
    ByeKind,
    Colour,
    Game,
    Pairing,
    Player,
    PlayerId,
    bye_outcome,
    format_points,
    outcome_points,
    scores,
)
from fairpair.formats.printouts import Sheet
from fairpair.formats.standings_render import format_value
from fairpair.service import events as ev
from fairpair.service import printouts
from fairpair.service.explanations import round_explanations
from fairpair.service.pairing import scheduled_rounds
from fairpair.service.results import format_result
from fairpair.service.settings import System, WithdrawalPolicy
from fairpair.storage import EventInfo

__all__ = [
    "Board",
    "ByeLine",
    "ErrorDetail",
    "EventDetail",
    "EventSummary",
    "PlayerDetail",
    "PlayerRef",
    "PlayerRound",
    "PlayerView",
    "RoundSummary",
    "RoundView",
    "Side",
    "StandingsLine",
    "StandingsView",
    "TiebreakColumn",
    "View",
    "bye_label",
    "event_detail",
    "event_summary",
    "is_coloured",
    "matches",
    "player_view",
    "round_view",
    "search_key",
    "standings_view",
]

POINTS = 'Points as an exact decimal string, e.g. "2.5" or "3".'


class View(BaseModel):
    """Read-only: views are built once per request and never changed."""

    model_config = ConfigDict(frozen=True)


class ErrorDetail(View):
    """What every error of the API sends, with its HTTP status."""

    detail: str


class EventSummary(View):
    """One line of the event list."""

    id: int
    name: str
    system: str = Field(
        description="berger, rotation, dutch, burstein or casual; team-swiss or team-berger "
        "for a team event (its pages and reads have the team shapes); double-swiss for a FIDE "
        "Double-Swiss event of two-game matches (its reads have the Double-Swiss shapes)."
    )
    system_name: str = Field(description='For people, e.g. "Swiss (FIDE Dutch)".')
    updated_at: datetime = Field(description="When the event last changed (UTC).")


class PlayerRef(View):
    """A player named on a page: the start number (pairing number) and the name."""

    id: PlayerId = Field(description="Start number (pairing number), unique in the event.")
    name: str


class PlayerDetail(PlayerRef):
    """A registered player."""

    rating: int | None = None
    title: str = ""
    federation: str = ""
    club: str = ""
    withdrawn_from_round: int | None = Field(
        default=None, description="The first round the player no longer plays, if withdrawn."
    )


class RoundSummary(View):
    """A round as the event overview lists it: paired, or scheduled (round robin)."""

    number: int
    boards: int
    complete: bool = Field(description="Every board has its result.")
    scheduled: bool = Field(
        default=False, description="Not paired yet: a round robin's round as its schedule has it."
    )


class ClockView(View):
    """The venue screen's round clock as stored: the time left is the length less the time
    already run and, while it runs, the time since ``started_at``."""

    length_seconds: int = Field(description="The round's length.")
    running: bool
    started_at: datetime | None = Field(description="When it was last started, if running.")
    used_seconds: int = Field(description="Time run before the last pause.")


class VenueView(View):
    """What the venue screen shows beside the pairings."""

    clock: ClockView | None = Field(description="None until the director sets the clock.")
    announcement: str = Field(description="The line the director typed (empty: none).")


def venue_view(event: ev.Event) -> VenueView:
    """The event's round clock and announcement."""
    venue = event.settings.venue
    clock = venue.clock
    return VenueView(
        clock=None
        if clock is None
        else ClockView(
            length_seconds=clock.seconds,
            running=clock.running,
            started_at=clock.started_at,
            used_seconds=clock.used,
        ),
        announcement=venue.announcement,
    )


class EventDetail(View):
    """An event's overview: its settings, players and paired rounds."""

    id: int
    name: str
    system: str
    round_robin: bool
    coloured: bool = Field(
        description="False for card and board games without colours (match points): "
        "boards show Player 1 / Player 2 instead of White / Black."
    )
    rounds_planned: int | None = Field(description="Rounds the event will have, if known yet.")
    current_round: int | None = Field(description="The last round paired, if any.")
    system_name: str = Field(description='For people, e.g. "Swiss (FIDE Dutch)".')
    start_date: str
    end_date: str
    points: dict[str, str] = Field(description="Points for a win, a draw and a loss. " + POINTS)
    tiebreaks: list[str] = Field(description="Tie-break codes in the order they apply.")
    players: list[PlayerDetail]
    rounds: list[RoundSummary] = Field(
        description="The rounds paired, then a round robin's scheduled rounds."
    )
    venue: VenueView = Field(description="The venue screen's round clock and announcement.")


class Side(PlayerRef):
    """A player on a board, with the points scored before the round."""

    rating: int | None = None
    points_before: str | None = Field(
        description="Points before the round (null in a scheduled round). " + POINTS
    )


class MatchScoreView(View):
    """Games won inside a match (card games), from the board's point of view."""

    first_wins: int
    second_wins: int
    draws: int


class Board(View):
    """One board of a round. Without colours ``white`` is Player 1 and ``black`` Player 2."""

    board: int
    white: Side
    black: Side
    result: str | None = Field(
        description='The result as shown ("1-0", "½-½", "0-1", "+--", "--+", "---", or a '
        'match score such as "2-1"); null until it is known.'
    )
    match_score: MatchScoreView | None = None


ByeKindName = Literal["pairing", "full-point", "half-point", "zero-point", "absent", "forfeit-win"]


class ByeLine(View):
    """A player without an opponent in the round."""

    player: Side
    kind: ByeKindName
    label: str = Field(description='As shown on the pairings, e.g. "bye", "half-point bye".')
    points: str = Field(description="What the bye scores. " + POINTS)


class RoundView(View):
    """A round's pairings in board order, then its byes."""

    event_id: int
    number: int
    complete: bool
    scheduled: bool = Field(description="A round robin's round not paired yet.")
    coloured: bool
    boards: list[Board]
    byes: list[ByeLine]


class BoardReasons(View):
    """Why one board of a round is as it is: why the two met, why these colours, and which
    rule ruled out the board the rules would try first (each a sentence in words)."""

    board: int
    white: Side
    black: Side
    reasons: list[str]


class RoundReasonsView(View):
    """Why each board of a paired round is as it is, from the pairing system itself (the
    round paired again from the event as it stood before it). ``explained`` is false where
    the round is not explained (a knockout, a round robin not paired yet, a very large
    field); a board the director paired by hand says so."""

    event_id: int
    number: int
    explained: bool
    boards: list[BoardReasons]


def round_reasons_view(event: ev.Event, number: int) -> RoundReasonsView:
    """Why each board of round ``number`` is as it is; ``IndexError`` for a round not paired."""
    t = event.tournament
    if not 1 <= number <= len(t.rounds):
        raise IndexError(f"round {number} is not paired")
    side = _side_of(event, number)
    reasons = round_explanations(event, number)
    boards = [
        BoardReasons(
            board=why.board,
            white=side(game.white),
            black=side(game.black),
            reasons=list(why.lines),
        )
        for why, game in zip(reasons, t.rounds[number - 1].games, strict=False)
    ]
    return RoundReasonsView(
        event_id=event.id, number=number, explained=bool(reasons), boards=boards
    )


class TiebreakColumn(View):
    """A tie-break column of the standings."""

    code: str
    name: str
    rule: str = Field(description="The rule book and how unplayed rounds count.")


class StandingsLine(View):
    """One player's line of the standings."""

    rank: int = Field(description="Shared by players equal on points and every tie-break.")
    player: PlayerRef
    rating: int | None
    points: str = Field(description=POINTS)
    tiebreaks: dict[str, str | None] = Field(
        description="Value of each tie-break by code, as a decimal string (null: no value)."
    )
    annulled: bool = Field(
        default=False,
        description="The player withdrew from a round robin played under "
        "annul_if_under_half having played fewer than half of his games: all his results are "
        "deleted from the ranking (his points are 0 and he is ranked last).",
    )


class StandingsView(View):
    """The standings after the last complete round, with the event's tie-breaks."""

    event_id: int
    after_round: int = Field(description="Complete rounds counted (0 before any result).")
    columns: list[TiebreakColumn]
    rows: list[StandingsLine]
    withdrawal_policy: WithdrawalPolicy | None = Field(
        default=None,
        description="A round robin in which a player withdrew: the policy his games are "
        "scored under; null otherwise.",
    )
    notes: list[str] = Field(
        default_factory=list,
        description="What is said under the table beyond each column's rule: for a round "
        "robin with a withdrawal, its policy in words.",
    )


class PlayerRound(View):
    """One round of one player."""

    round: int
    board: int | None = Field(description="The board, for a paired game.")
    opponent: PlayerRef | None
    colour: Literal["white", "black"] | None = Field(description="Null without colours.")
    result: str = Field(
        description='From the player\'s side: "1", "½", "0", "+" (forfeit win), "-" (forfeit '
        'loss), "bye", "full-point bye", "half-point bye", "zero-point bye", "absent", "forfeit '
        'win" (without an opponent); '
        'a match score such as "2-1" for card games; "" while the game is on.'
    )
    points: str = Field(description="Points this round gave (0 if annulled). " + POINTS)
    running: str = Field(description="Score after this round. " + POINTS)
    annulled: bool = Field(
        default=False,
        description="The round's result is deleted from the ranking, because the player or "
        "his opponent is annulled (a round-robin withdrawal): shown, not counted.",
    )


class PlayerView(View):
    """A player's page: details, place in the standings and every round."""

    event_id: int
    player: PlayerDetail
    rank: int
    points: str = Field(description=POINTS)
    tiebreaks: dict[str, str | None]
    annulled: bool = Field(
        default=False, description="All the player's results are deleted from the ranking."
    )
    rounds: list[PlayerRound]


# --- building the views ---------------------------------------------------------------------


def event_summary(info: EventInfo) -> EventSummary:
    return EventSummary(
        id=info.id,
        name=info.name,
        system=info.system,
        system_name=System(info.system).label,
        updated_at=info.updated_at,
    )


def is_coloured(event: ev.Event, round_number: int | None = None) -> bool:
    """Whether boards have colours: never in a card-game event, else as the round was paired."""
    if event.settings.card_game:
        return False
    rounds = event.tournament.rounds
    if round_number is None:
        return all(g.coloured for r in rounds for g in r.games)
    return all(g.coloured for g in rounds[round_number - 1].games)


def _detail(event: ev.Event, player: Player) -> PlayerDetail:
    withdrawn = [r for p, r in event.tournament.withdrawals if p == player.id]
    return PlayerDetail(
        id=player.id,
        name=player.name,
        rating=player.rating,
        title=player.title,
        federation=player.federation,
        club=player.club,
        withdrawn_from_round=min(withdrawn, default=None),
    )


def event_detail(event: ev.Event) -> EventDetail:
    """The event's overview, built once per version of the event (:meth:`ev.Event.memo`)."""
    return event.memo("event_detail", lambda: _event_detail(event))


def _event_detail(event: ev.Event) -> EventDetail:
    t = event.tournament
    s = event.settings
    return EventDetail(
        id=event.id,
        name=event.info.name,
        system=s.system.value,
        round_robin=s.system.round_robin,
        coloured=is_coloured(event),
        rounds_planned=t.total_rounds,
        current_round=len(t.rounds) or None,
        system_name=s.system.label,
        start_date=s.start_date,
        end_date=s.end_date,
        points={
            "win": format_points(s.points.win),
            "draw": format_points(s.points.draw),
            "loss": format_points(s.points.loss),
        },
        tiebreaks=list(s.chosen_tiebreaks),
        players=[_detail(event, p) for p in t.players],
        rounds=[
            *(
                RoundSummary(number=r.number, boards=len(r.games), complete=r.complete)
                for r in t.rounds
            ),
            *(
                RoundSummary(number=p.round, boards=len(p.boards), complete=False, scheduled=True)
                for p in scheduled_rounds(t, s)
            ),
        ],
        venue=venue_view(event),
    )


_BYE_KIND_NAMES: dict[ByeKind, ByeKindName] = {
    ByeKind.PAIRING_ALLOCATED: "pairing",
    ByeKind.FULL_POINT: "full-point",
    ByeKind.HALF_POINT: "half-point",
    ByeKind.ZERO_POINT: "zero-point",
    ByeKind.ABSENT: "absent",
    ByeKind.FORFEIT_WIN: "forfeit-win",
}
"""The API's name of each kind of bye."""


def round_view(event: ev.Event, number: int) -> RoundView:
    """Round ``number``: paired, or in a round robin scheduled; ``IndexError`` otherwise.
    Built once per version of the event."""
    return event.memo(f"round_view {number}", lambda: _round_view(event, number))


def _round_view(event: ev.Event, number: int) -> RoundView:
    t = event.tournament
    if 1 <= number <= len(t.rounds):
        return _paired_round(event, number)
    for pairing in scheduled_rounds(t, event.settings):
        if pairing.round == number:
            return _scheduled_round(event, pairing)
    raise IndexError(f"round {number} is neither paired nor scheduled")


def _board(index: int, game: Game, side: Callable[[PlayerId], Side]) -> Board:
    score = game.match_score
    return Board(
        board=index,
        white=side(game.white),
        black=side(game.black),
        result=format_result(game.result, score) or None,
        match_score=None
        if score is None
        else MatchScoreView(
            first_wins=score.first_wins, second_wins=score.second_wins, draws=score.draws
        ),
    )


def bye_label(kind: ByeKind) -> str:
    """A bye as the pairings name it: "bye", "half-point bye", "absent"..."""
    return printouts.BYE_NAMES[kind]


def _bye(bye: Bye, side: Callable[[PlayerId], Side], event: ev.Event) -> ByeLine:
    kind, label = _BYE_KIND_NAMES[bye.kind], bye_label(bye.kind)
    points = outcome_points(bye_outcome(bye.kind), event.tournament.points)
    return ByeLine(player=side(bye.player), kind=kind, label=label, points=format_points(points))


def _side_of(event: ev.Event, number: int) -> Callable[[PlayerId], Side]:
    """A player of round ``number`` as its boards show them, with their points before it."""
    t = event.tournament
    before = scores(t, number - 1, ev.entries_of(event))

    def side(pid: PlayerId) -> Side:
        p = t.player(pid)
        return Side(id=pid, name=p.name, rating=p.rating, points_before=format_points(before[pid]))

    return side


def _paired_round(event: ev.Event, number: int) -> RoundView:
    t = event.tournament
    rnd = t.rounds[number - 1]
    side = _side_of(event, number)
    return RoundView(
        event_id=event.id,
        number=number,
        complete=rnd.complete,
        scheduled=False,
        coloured=is_coloured(event, number),
        boards=[_board(i, g, side) for i, g in enumerate(rnd.games, start=1)],
        byes=[_bye(b, side, event) for b in rnd.byes],
    )


def _scheduled_round(event: ev.Event, pairing: Pairing) -> RoundView:
    t = event.tournament

    def side(pid: PlayerId) -> Side:
        p = t.player(pid)
        return Side(id=pid, name=p.name, rating=p.rating, points_before=None)

    byes = [] if pairing.bye is None else [Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED)]
    return RoundView(
        event_id=event.id,
        number=pairing.round,
        complete=False,
        scheduled=True,
        coloured=not event.settings.card_game,
        boards=[_board(i, g, side) for i, g in enumerate(pairing.boards, start=1)],
        byes=[_bye(b, side, event) for b in byes],
    )


def _value(value: Fraction | None, decimals: int | None) -> str | None:
    return None if value is None else format_value(value, decimals)


def standings_view(event: ev.Event) -> StandingsView:
    """The standings by :func:`fairpair.service.events.standings`, in its order; built once
    per version of the event."""
    return event.memo("standings_view", lambda: _standings_view(event))


def _standings_view(event: ev.Event) -> StandingsView:
    table = ev.standings(event)
    columns = [
        TiebreakColumn(code=c.code, name=c.name, rule=note)
        for c, note in zip(table.columns, table.notes(), strict=True)
    ]
    rows = [
        StandingsLine(
            rank=row.rank,
            player=PlayerRef(id=row.player_id, name=row.name),
            rating=row.rating,
            points=format_value(row.points),
            tiebreaks={
                c.code: _value(v, c.decimals)
                for c, v in zip(table.columns, row.values, strict=True)
            },
            annulled=row.annulled,
        )
        for row in table.rows
    ]
    # The withdrawal lines go after the columns' rules, not among them: each of those belongs
    # to one column.
    notes = list(printouts.standings_notes(event, table))
    return StandingsView(
        event_id=event.id,
        after_round=table.rounds,
        columns=columns,
        rows=rows,
        withdrawal_policy=event.settings.withdrawal_policy if notes else None,
        notes=notes,
    )


_SYMBOL = {
    **printouts.RESULT_SYMBOLS,
    **{bye_outcome(kind): name for kind, name in printouts.BYE_NAMES.items()},
}
"""A round on a player's page: the result symbol of a game, a bye in words."""


def player_view(event: ev.Event, player_id: PlayerId, table: StandingsView) -> PlayerView:
    """Player ``player_id``'s rounds and standing; ``KeyError`` for an unknown player."""
    t = event.tournament
    player = t.player(player_id)
    if table is standings_view(event):  # the usual case: look-ups found once per version
        line = table.rows[_rows_by_player(event, table)[player_id]]
        annulled = event.memo(
            "annulled", lambda: frozenset(row.player.id for row in table.rows if row.annulled)
        )
    else:
        line = next(row for row in table.rows if row.player.id == player_id)
        annulled = frozenset(row.player.id for row in table.rows if row.annulled)
    coloured = not event.settings.card_game
    rounds: list[PlayerRound] = []
    running = 0
    for index, entry in enumerate(ev.entries_of(event)[player_id]):
        rnd = t.rounds[index]
        if entry is None:
            rounds.append(
                PlayerRound(
                    round=rnd.number,
                    board=None,
                    opponent=None,
                    colour=None,
                    result="",
                    points="0",
                    running=format_points(running),
                )
            )
            continue
        # A round of an annulled player, or against one, counts for nobody (as in the
        # standings): every round of his, and the game his opponent played against him.
        void = player_id in annulled or entry.opponent in annulled
        points = 0 if void else entry.points
        running += points
        board = None
        result = _SYMBOL[entry.outcome]
        for number, game in enumerate(rnd.games, start=1):
            if game.involves(player_id):
                board = number
                score = game.match_score
                if score is not None:
                    mine, theirs = (
                        (score.first_wins, score.second_wins)
                        if game.white == player_id
                        else (score.second_wins, score.first_wins)
                    )
                    result = f"{mine}-{theirs}" + (f"-{score.draws}" if score.draws else "")
        opponent = None
        if entry.opponent is not None:
            opponent = PlayerRef(id=entry.opponent, name=t.player(entry.opponent).name)
        colour: Literal["white", "black"] | None = None
        if coloured and entry.colour is not None:
            colour = "white" if entry.colour is Colour.WHITE else "black"
        rounds.append(
            PlayerRound(
                round=rnd.number,
                board=board,
                opponent=opponent,
                colour=colour,
                result=result,
                points=format_points(points),
                running=format_points(running),
                annulled=void,
            )
        )
    return PlayerView(
        event_id=event.id,
        player=_detail(event, player),
        rank=line.rank,
        points=line.points,
        tiebreaks=dict(line.tiebreaks),
        annulled=line.annulled,
        rounds=rounds,
    )


def _rows_by_player(event: ev.Event, table: StandingsView) -> dict[PlayerId, int]:
    """Each player's row in the standings (found once per version, not per player page)."""
    return event.memo(
        "standings_rows", lambda: {row.player.id: i for i, row in enumerate(table.rows)}
    )


# --- the name filter ------------------------------------------------------------------------


def search_key(text: str) -> str:
    """Text as the name filter compares it: lower case, accents dropped ("Chloé" -> "chloe").

    ``static/filter.js`` folds what is typed the same way (NFKD, marks removed, lower case).
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.category(c).startswith("M")).lower()


def matches(query: str, names: Sequence[str]) -> bool:
    """True when every word of ``query`` is in one of ``names`` (any order, any case, with
    or without accents); an empty query matches everything."""
    words = search_key(query).split()
    return not words or any(all(w in search_key(n) for w in words) for n in names)


_HTML_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"})
"""What Jinja's autoescape (MarkupSafe) replaces, with the same entities."""


def sheet_rows_html(sheet: Sheet, number_column: int, base: str) -> Markup:
    """The table rows of a crosstable page (``<tr>`` elements), each cell escaped as the
    template's autoescape would, the name linked to the player's page (``number_column``
    holds the player's number, the next column his name).

    Made here rather than by a loop in the template: a 2,000-player Swiss has 20,000 cells,
    and the template took 60 ms of CPU for them each time a result came in, on every
    server, where this takes a fraction of that (benchmarks/bench_web_load.py)."""
    numeric = sheet.numeric
    name_column = number_column + 1
    out: list[str] = []
    for row in sheet.rows:
        cells = ["<tr>"]
        for index, cell in enumerate(row):
            text = cell.translate(_HTML_ESCAPES)
            if index == name_column:
                player = row[number_column].translate(_HTML_ESCAPES)
                cells.append(f'<td><a href="{base}/players/{player}">{text}</a></td>')
            elif index in numeric:
                cells.append(f'<td class="num">{text}</td>')
            else:
                cells.append(f"<td>{text}</td>")
        cells.append("</tr>\n")
        out.append("".join(cells))
    return Markup("".join(out))
