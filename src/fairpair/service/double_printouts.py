"""What goes on paper in a FIDE Double-Swiss event: pairings with both games of each board,
pairings by name, match slips, standings and the crosstable.

Each function turns a Double-Swiss event into a :class:`~fairpair.formats.printouts.Sheet`, laid
out as text, HTML or PDF by the formats layer like the other events' sheets;
:func:`double_sheet` finds one by the name the ``print`` command and the desk's print address
use. A board is a match of two games: the first-named player has White in game 1 and Black in
game 2; each game's result is printed as on its scoresheet, White first, and the match result
from the first-named player's side (``1½-½``).
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.core import Colour, PlayerId, format_points
from fairpair.core.double_swiss import (
    DoubleSwissTournament,
    Mark,
    MatchEntry,
    MatchOutcome,
    match_entries,
    match_points,
    scores,
)
from fairpair.formats.printouts import MATCH_SLIP_HEADER, Layout, Sheet
from fairpair.formats.standings_render import format_value
from fairpair.service.double_events import (
    DoubleEvent,
    bye_words,
    double_standings,
    game_text,
    half_points,
    match_score,
)
from fairpair.service.errors import CommandError
from fairpair.service.events import name_key
from fairpair.service.printouts import event_dates, round_to_print

__all__ = [
    "DOUBLE_SHEETS",
    "MatchCell",
    "alphabetical_sheet",
    "crosstable_sheet",
    "double_sheet",
    "match_cell",
    "match_slips_sheet",
    "pairings_sheet",
    "standings_sheet",
]

DOUBLE_SHEETS = {
    # A Double-Swiss event's sheets by the name the print command and the desk's address
    # use, and their name on the desk's links.
    "pairings": "pairings (both games)",
    "alphabetical": "pairings by name",
    "slips": "match slips (both games)",
    "standings": "standings",
    "crosstable": "crosstable",
}

_MARK_SYMBOL = {
    # One player's result of one game, from his side, as crosstables show it.
    Mark.WIN: "1",
    Mark.DRAW: "½",
    Mark.LOSS: "0",
    Mark.FORFEIT_WIN: "+",
    Mark.FORFEIT_LOSS: "-",
}
_OUTCOME_WORDS = {
    MatchOutcome.FORFEIT_WIN: "won by forfeit",
    MatchOutcome.FORFEIT_LOSS: "lost by forfeit",
    MatchOutcome.ABSENT: "absent",
}
_MATCH_WORDS = {2: "won", 1: "drawn", 0: "lost"}
_BYE_CELL = {"U": "bye", "H": "H", "F": "F", "Z": "Z"}


def double_sheet(event: DoubleEvent, name: str, round_number: int | None = None) -> Sheet:
    """The Double-Swiss sheet called ``name`` (a key of :data:`DOUBLE_SHEETS`), of
    ``round_number`` (default: the last paired round) where it shows a round;
    :class:`CommandError` naming the sheet and those the event has otherwise."""
    match name:
        case "pairings":
            return pairings_sheet(event, round_number)
        case "alphabetical":
            return alphabetical_sheet(event, round_number)
        case "slips":
            return match_slips_sheet(event, round_number)
        case "standings":
            return standings_sheet(event)
        case "crosstable":
            return crosstable_sheet(event)
    raise CommandError(
        f"a Double-Swiss event has no {name!r} sheet: choose {', '.join(DOUBLE_SHEETS)}"
    )


def _title(event: DoubleEvent, what: str) -> str:
    return f"{event.tournament.name}: {what}"


def _round_number(t: DoubleSwissTournament, number: int | None) -> int:
    return round_to_print(len(t.rounds), number)


def _points(halves: int) -> str:
    """Half points as every sheet prints points: ``3`` -> ``"1.5"``."""
    return format_points(halves * 5)


def _rating(rating: int | None) -> str:
    return "" if rating is None else str(rating)


def pairings_sheet(event: DoubleEvent, round_number: int | None = None) -> Sheet:
    """A match-round's boards (default: the last): both players with start number, rating
    and game points before the round, the first-named one White in game 1; a box for each
    game's result (printed instead once entered) and the match result; then the byes."""
    t = event.tournament
    number = _round_number(t, round_number)
    rnd = t.rounds[number - 1]
    before = scores(t, number)
    people = {p.id: p for p in t.players}

    def side(pid: PlayerId) -> tuple[str, str, str, str]:
        p = people[pid]
        return str(pid), p.name, _rating(p.rating), _points(before[pid])

    rows: list[tuple[str, ...]] = []
    for board, match in enumerate(rnd.matches, start=1):
        n1, name1, r1, pts1 = side(match.white)
        n2, name2, r2, pts2 = side(match.black)
        games = (game_text(match, 1), game_text(match, 2))
        rows.append(
            (str(board), n1, name1, r1, pts1, *games, match_score(match), pts2, name2, r2, n2)
        )
    for bye in rnd.byes:
        n, name, rating, pts = side(bye.player)
        value = _points(t.byes.of(bye.kind))
        rows.append(
            ("", n, name, rating, pts, "–", "–", f"{bye_words(bye.kind)} ({value})", "", "", "", "")
        )
    return Sheet(
        title=_title(event, f"round {number} pairings"),
        subtitle=event_dates(event.settings),
        header=(
            "Bd",
            "No",
            "White in game 1",
            "Rtg",
            "Pts",
            "Game 1",
            "Game 2",
            "Match",
            "Pts",
            "Black in game 1",
            "Rtg",
            "No",
        ),
        rows=tuple(rows),
        numeric=frozenset({0, 1, 3, 4, 8, 10, 11}),
        centred=frozenset({5, 6, 7}),
        boxes=frozenset({5, 6}),
        notes=(
            "Each board is a match of two games: the left-hand player has White in game 1, "
            "the right-hand player White in game 2.",
            "Game 1, Game 2: each game's result as on its scoresheet, White's score first. "
            "Match: game points of the match, the left-hand player's first. Pts: game points "
            "before the round.",
        ),
    )


def alphabetical_sheet(event: DoubleEvent, round_number: int | None = None) -> Sheet:
    """A match-round's pairings by name: each player's board, his colour in game 1 and his
    opponent (what players look for), then those with a bye."""
    t = event.tournament
    number = _round_number(t, round_number)
    rnd = t.rounds[number - 1]
    people = {p.id: p for p in t.players}
    rows = []
    for board, match in enumerate(rnd.matches, start=1):
        for pid in match.players:
            colour = "white" if match.colour(pid) is Colour.WHITE else "black"
            opponent = people[match.opponent(pid)].name
            rows.append((people[pid].name, str(pid), str(board), colour, opponent))
    for bye in rnd.byes:
        rows.append((people[bye.player].name, str(bye.player), "", "", bye_words(bye.kind)))
    rows.sort(key=lambda r: (name_key(r[0]), int(r[1])))
    return Sheet(
        title=_title(event, f"round {number} pairings by name"),
        subtitle=event_dates(event.settings),
        header=("Name", "No", "Board", "Game 1", "Opponent"),
        rows=tuple(rows),
        numeric=frozenset({1, 2}),
        notes=("Game 1: the player's colour in game 1; game 2 is played with the other colour.",),
    )


def match_slips_sheet(event: DoubleEvent, round_number: int | None = None) -> Sheet:
    """Match slips of a match-round (default: the last): one per board to cut out, with both
    players, each game's White and Black, boxes for each game's result and lines for the
    match result (the results already entered are printed instead), lines for the
    signatures."""
    t = event.tournament
    number = _round_number(t, round_number)
    rnd = t.rounds[number - 1]
    if not rnd.matches:
        raise CommandError(f"round {number} has no match, only byes")
    people = {p.id: p for p in t.players}
    rows = []
    for board, match in enumerate(rnd.matches, start=1):
        first, second = people[match.white], people[match.black]
        rows.append(
            (
                str(number),
                str(board),
                str(first.id),
                first.name,
                _rating(first.rating),
                str(second.id),
                second.name,
                _rating(second.rating),
                game_text(match, 1),
                game_text(match, 2),
                match_score(match),
            )
        )
    return Sheet(
        title=t.name,
        subtitle=f"round {number} match slips",
        header=MATCH_SLIP_HEADER,
        rows=tuple(rows),
        numeric=frozenset({0, 1, 2, 4, 5, 7}),
        layout=Layout.MATCH_SLIPS,
    )


def standings_sheet(event: DoubleEvent) -> Sheet:
    """The standings: rank, player, the primary score first (game or match points), the
    other, then the event's tie-breaks; what each column is said in words under the table; a
    withdrawn player is marked."""
    table = double_standings(event)
    gone = set(event.tournament.withdrawn)
    gp_first = table.primary.value == "GP"
    rated = any(row.rating is not None for row in table.rows)
    rows = []
    for row in table.rows:
        name = f"{row.name} (withdrawn)" if row.player in gone else row.name
        scores_ = (
            (row.game_points, row.match_points) if gp_first else (row.match_points, row.game_points)
        )
        rows.append(
            (
                str(row.rank),
                str(row.player),
                name,
                *((_rating(row.rating),) if rated else ()),
                *(format_value(v) for v in scores_),
                *(
                    format_value(v, c.decimals)
                    for c, v in zip(table.columns, row.values, strict=True)
                ),
            )
        )
    score_heads = ("GP", "MP") if gp_first else ("MP", "GP")
    header = (
        "Rank",
        "No",
        "Name",
        *(("Rtg",) if rated else ()),
        *score_heads,
        *(c.code for c in table.columns),
    )
    return Sheet(
        title=_title(event, f"standings after round {table.rounds}"),
        subtitle=event_dates(event.settings),
        header=header,
        rows=tuple(rows),
        numeric=frozenset(i for i in range(len(header)) if i != 2),
        notes=(
            "GP: game points (a game won 1, drawn ½, lost 0); MP: match points (a match won 2, "
            "drawn 1, lost 0).",
            *table.notes(),
        ),
    )


@dataclass(frozen=True, slots=True)
class MatchCell:
    """A player's match-round as a crosstable shows it."""

    games: tuple[str, ...]
    """His own result of game 1 and game 2 ("1", "½", "0", "+", "-"); empty for a bye or
    while the match is on."""
    score: str
    """The match from his side in game points ("1½-½"); empty for a bye or while on."""
    result: str
    """"won", "drawn", "lost", "won by forfeit", "lost by forfeit", the bye in words,
    "absent"; empty while the match is on."""


def match_cell(pid: PlayerId, entry: MatchEntry) -> MatchCell:
    """Player ``pid``'s round ``entry`` in the crosstable's words."""
    match = entry.match
    if entry.outcome is MatchOutcome.BYE:
        assert entry.bye is not None
        return MatchCell((), "", bye_words(entry.bye))
    if match is None:
        return MatchCell((), "", _OUTCOME_WORDS.get(entry.outcome, ""))
    if not match.finished:
        return MatchCell((), "", "")
    other = match.opponent(pid)
    score = f"{half_points(match.points(pid))}-{half_points(match.points(other))}"
    result = _OUTCOME_WORDS.get(entry.outcome) or _MATCH_WORDS[match_points(entry)]
    return MatchCell(tuple(_MARK_SYMBOL[m] for m in match.marks(pid)), score, result)


def crosstable_sheet(event: DoubleEvent) -> Sheet:
    """The crosstable in standings order: each match-round as the opponent's rank, the
    player's colour in game 1 (w/b) and the match in game points from his side."""
    t = event.tournament
    table = double_standings(event)
    rank = {row.player: row.rank for row in table.rows}
    history = match_entries(t)
    gp_first = table.primary.value == "GP"
    rows = []
    for row in table.rows:
        cells = []
        for entry in history[row.player]:
            cell = match_cell(row.player, entry)
            if entry.match is not None:
                opponent = entry.match.opponent(row.player)
                colour = {Colour.WHITE: "w", Colour.BLACK: "b", None: ""}[entry.colour]
                if not entry.match.finished:
                    colour = "w" if entry.match.white == row.player else "b"
                forfeit = " ff" if "forfeit" in cell.result else ""
                cells.append(f"{rank[opponent]}{colour} {cell.score}{forfeit}".rstrip())
            elif entry.bye is not None:
                cells.append(_BYE_CELL[entry.bye.value])
            else:
                cells.append("-" if cell.result else "")
        scores_ = (
            (row.game_points, row.match_points) if gp_first else (row.match_points, row.game_points)
        )
        rows.append(
            (str(row.rank), str(row.player), row.name, *cells, *(format_value(v) for v in scores_))
        )
    rounds = len(t.rounds)
    score_heads = ("GP", "MP") if gp_first else ("MP", "GP")
    header = ("Rank", "No", "Name", *(str(n) for n in range(1, rounds + 1)), *score_heads)
    return Sheet(
        title=_title(event, f"crosstable after round {rounds}"),
        subtitle=event_dates(event.settings),
        header=header,
        rows=tuple(rows),
        numeric=frozenset({0, 1, len(header) - 2, len(header) - 1}),
        notes=(
            "Each round: the opponent's rank, the colour in game 1 (w/b) and the match in game "
            "points, the player's first (1½-½: he scored 1½ of the two games); ff: a match "
            "forfeited as a whole.",
            "bye: pairing-allocated bye; H, F, Z: half-point, full-point, zero-point bye; "
            "-: absent.",
        ),
    )
