"""What goes on paper in a team event: match cards, team pairings, team standings, board prizes.

Each function turns a team event into a :class:`~fairpair.formats.printouts.Sheet`, laid out
as text, HTML or PDF by the formats layer like an individual event's sheets; :func:`team_sheet`
finds one by the name the ``print`` command and the desk's print address use.

Line-ups on a match card are the ones the event holds for that round. A team whose captain
has not given one fields the first players of its roster in roster order (spec team-swiss.md
§1.2; :func:`fairpair.service.team_actions.default_lineup`), and that is the line-up its board
results are entered against, so the card prints those names: a card with blank boards would
say something else than the desk, and the usual line-up is the roster's. A captain who fields
other players has the line-up entered before the round starts and the card printed again.
"""

from __future__ import annotations

import dataclasses

from fairpair.core import GameResult, PlayerId, format_points
from fairpair.core.teams import TeamMatch, TeamTournament, team_scores
from fairpair.formats.printouts import CARD_HEADER, Layout, Sheet
from fairpair.formats.standings_render import format_value, points_heading, shown_columns
from fairpair.service.errors import CommandError
from fairpair.service.printouts import BYE_NAMES, event_dates, round_to_print
from fairpair.service.results import format_result
from fairpair.service.team_events import (
    TeamEvent,
    board_colour_letter,
    board_standings,
    match_result,
    team_standings,
)

__all__ = [
    "TEAM_SHEETS",
    "board_prizes_sheet",
    "match_cards_sheet",
    "team_pairings_sheet",
    "team_sheet",
    "team_standings_sheet",
]

TEAM_SHEETS = {
    # A team event's sheets by the name the print command and the desk's address use, and
    # their name on the desk's links.
    "pairings": "team pairings",
    "board-pairings": "team pairings with each board",
    "match-cards": "match cards",
    "standings": "team standings",
    "board-prizes": "board prizes",
}

_COLOUR_WORDS = {"w": "White", "b": "Black"}
_EMPTY = "(empty board)"
_FORFEIT_TEXT = {
    # A board lost without play, first team's side first, as results are typed.
    GameResult.WHITE_WINS_BY_FORFEIT: "+-",
    GameResult.BLACK_WINS_BY_FORFEIT: "-+",
    GameResult.DOUBLE_FORFEIT: "--",
}


def team_sheet(event: TeamEvent, name: str, round_number: int | None = None) -> Sheet:
    """The team sheet called ``name`` (a key of :data:`TEAM_SHEETS`), of ``round_number``
    (default: the last paired round) where it shows a round; :class:`CommandError` naming
    the sheet and those a team event has otherwise."""
    match name:
        case "pairings":
            return team_pairings_sheet(event, round_number)
        case "board-pairings":
            return team_pairings_sheet(event, round_number, boards=True)
        case "match-cards":
            return match_cards_sheet(event, round_number)
        case "standings":
            return team_standings_sheet(event)
        case "board-prizes":
            return board_prizes_sheet(event)
    raise CommandError(f"a team event has no {name!r} sheet: choose {', '.join(TEAM_SHEETS)}")


def _title(event: TeamEvent, what: str) -> str:
    return f"{event.tournament.name}: {what}"


def _round_number(t: TeamTournament, number: int | None) -> int:
    return round_to_print(len(t.rounds), number)


def _player(t: TeamTournament, pid: PlayerId | None) -> tuple[str, str]:
    """A board's player: name and rating (empty when unrated), or the empty board."""
    if pid is None:
        return _EMPTY, ""
    player = next(p for p in t.players if p.id == pid)
    return player.name, "" if player.rating is None else str(player.rating)


def _board_result(result: GameResult | None) -> str:
    """A board's result, first team's player first; empty while it is to be played."""
    if result is None:
        return ""
    return _FORFEIT_TEXT.get(result) or format_result(result)


def match_cards_sheet(event: TeamEvent, round_number: int | None = None) -> Sheet:
    """Match cards of a round (default: the last): one card per match with both teams, each
    board's players with their colour (the event's board colours, spec §1.4) and rating, a
    box per board for its result and one for the match, and lines for the captains' and the
    arbiter's signatures. A board already decided (an empty board, a result entered before
    the cards were printed) shows its result instead of the boxes."""
    t = event.tournament
    number = _round_number(t, round_number)
    rnd = t.rounds[number - 1]
    if not rnd.matches:
        raise CommandError(f"round {number} has no match, only byes")
    rows: list[tuple[str, ...]] = []
    for index, match in enumerate(rnd.matches, start=1):
        first, second = t.team(match.first), t.team(match.second)
        head = (str(number), str(index), first.name, first.captain, second.name, second.captain)
        if match.forfeit is not None:
            rows.append((*head, "", "", "", "", match.forfeit.value, "", "", ""))
            continue
        for board, game in enumerate(match.boards, start=1):
            p1, r1 = _player(t, game.first)
            p2, r2 = _player(t, game.second)
            c1 = _COLOUR_WORDS[board_colour_letter(t, board, True)]
            c2 = _COLOUR_WORDS[board_colour_letter(t, board, False)]
            rows.append((*head, str(board), c1, p1, r1, _board_result(game.result), r2, p2, c2))
    return Sheet(
        title=t.name,
        subtitle=f"round {number} match cards",
        header=CARD_HEADER,
        rows=tuple(rows),
        numeric=frozenset({0, 1, 6, 9, 11}),
        layout=Layout.MATCH_CARDS,
    )


def _match_score(t: TeamTournament, number: int, index: int, match: TeamMatch) -> str:
    """The match's game points, first team first, once every board has its result."""
    if match.forfeit is not None:
        return "forfeit " + match.forfeit.value
    found = match_result(t, number, index)
    if not found.finished:
        return ""
    return f"{format_points(found.first_points[1])}-{format_points(found.second_points[1])}"


def team_pairings_sheet(
    event: TeamEvent, round_number: int | None = None, boards: bool = False
) -> Sheet:
    """A round's matches (default: the last): match number, both teams with their pairing
    number and score before the round (the primary score), the match score in game points;
    then the teams with a bye. With ``boards`` each board follows its match: number, both
    players with their colour, the result."""
    t = event.tournament
    number = _round_number(t, round_number)
    rnd = t.rounds[number - 1]
    before = team_scores(dataclasses.replace(t, rounds=t.rounds[: number - 1]))
    primary = 0 if t.scoring.primary.value == "MP" else 1
    rows: list[tuple[str, ...]] = []

    def points(tpn: int) -> str:
        return format_points(before[tpn][primary])

    for index, match in enumerate(rnd.matches, start=1):
        first, second = t.team(match.first), t.team(match.second)
        rows.append(
            (
                str(index),
                str(first.id),
                first.name,
                points(first.id),
                _match_score(t, number, index, match),
                points(second.id),
                second.name,
                str(second.id),
            )
        )
        if not boards:
            continue
        for board, game in enumerate(match.boards, start=1):
            c1 = board_colour_letter(t, board, True)
            c2 = board_colour_letter(t, board, False)
            p1, _ = _player(t, game.first)
            p2, _ = _player(t, game.second)
            result = _board_result(game.result)
            rows.append((f"{index}.{board}", "", f"{c1} {p1}", "", result, "", f"{c2} {p2}", ""))
    for bye in rnd.byes:
        team = t.team(bye.team)
        rows.append(("", str(team.id), team.name, points(team.id), BYE_NAMES[bye.kind], "", "", ""))
    score = t.scoring.primary.value
    notes = ["Result: game points of the match, the first-named team's first."]
    if boards:
        notes.append(
            "Boards: w / b the player's colour; the result is the first-named team's "
            "player's first."
        )
    return Sheet(
        title=_title(event, f"round {number} team pairings"),
        subtitle=event_dates(event.settings),
        header=("Match", "No", "Team", score, "Result", score, "Team", "No"),
        rows=tuple(rows),
        numeric=frozenset({1, 3, 5, 7}),
        centred=frozenset({4}),
        notes=tuple(notes),
    )


def team_standings_sheet(event: TeamEvent) -> Sheet:
    """Team standings by the primary score, then the event's team tie-breaks (spec §10),
    each named in words in the notes under the table; a withdrawn team is marked."""
    table = team_standings(event)
    shown = shown_columns(table)
    gone = {tpn for tpn, _ in event.tournament.withdrawals}
    rows = []
    for row in table.rows:
        name = f"{row.name} (withdrawn)" if row.team_id in gone else row.name
        values = tuple(format_value(row.values[i], table.columns[i].decimals) for i in shown)
        rows.append((str(row.rank), str(row.team_id), name, format_value(row.points), *values))
    header = ("Rank", "No", "Team", points_heading(table), *(table.columns[i].code for i in shown))
    return Sheet(
        title=_title(event, f"team standings after round {table.rounds}"),
        subtitle=event_dates(event.settings),
        header=header,
        rows=tuple(rows),
        numeric=frozenset(i for i in range(len(header)) if i != 2),
        notes=table.notes(),
    )


def board_prizes_sheet(event: TeamEvent) -> Sheet:
    """The board prizes (spec §11.2): for each board, its players ranked by percentage, then
    games, then performance on that board; those with fewer games than the event asks are
    listed after them without a rank."""
    t = event.tournament
    standings = board_standings(event)
    performance = any(line.performance is not None for s in standings for line in s.lines)
    rows = []
    for standing in standings:
        for line in standing.lines:
            team = t.team(line.team_id).name if t.has_team(line.team_id) else ""
            rows.append(
                (
                    str(standing.board),
                    "" if line.rank is None else str(line.rank),
                    line.name,
                    team,
                    str(line.games),
                    format_value(line.points),
                    format_value(line.percentage, 1),
                    *(
                        ("" if line.performance is None else str(line.performance),)
                        if performance
                        else ()
                    ),
                )
            )
    team_settings = event.settings.team
    minimum = 0 if team_settings is None else team_settings.min_board_games
    header = (
        "Board",
        "Rank",
        "Player",
        "Team",
        "Games",
        "Pts",
        "%",
        *(("Perf",) if performance else ()),
    )
    return Sheet(
        title=_title(event, "board prizes"),
        subtitle=event_dates(event.settings),
        header=header,
        rows=tuple(rows),
        numeric=frozenset({0, 1, 4, 5, 6, 7}),
        notes=(
            "Each board's players by percentage, then games, then performance rating on "
            "that board; games played over the board only.",
            f"A prize needs at least {minimum} game{'s' if minimum != 1 else ''} on the "
            "board; players with fewer are listed without a rank."
            if minimum
            else "Every player with a game on the board is ranked (no minimum set).",
        ),
    )
