"""What goes on the wall: pairings by board and by name, standings and the crosstable.

Each function turns an event into a :class:`~fairpair.formats.printouts.Sheet`; the formats
layer lays it out as text, HTML or PDF.
"""

from __future__ import annotations

from fairpair.core import ByeKind, Colour, Outcome, entries, format_points, scores
from fairpair.formats.printouts import Sheet
from fairpair.formats.standings_render import format_value
from fairpair.service.errors import CommandError
from fairpair.service.events import Event, standings
from fairpair.service.results import format_result
from fairpair.standings import Standings, StandingsRow

__all__ = [
    "BYE_NAMES",
    "RESULT_SYMBOLS",
    "alphabetical_sheet",
    "crosstable_grid_sheet",
    "crosstable_sheet",
    "pairings_sheet",
    "players_sheet",
    "standings_notes",
    "standings_sheet",
]

BYE_NAMES = {
    # A bye in words, as every sheet and page names it.
    ByeKind.PAIRING_ALLOCATED: "bye",
    ByeKind.FULL_POINT: "full-point bye",
    ByeKind.HALF_POINT: "half-point bye",
    ByeKind.ZERO_POINT: "zero-point bye",
    ByeKind.ABSENT: "absent",
    ByeKind.FORFEIT_WIN: "forfeit win",
}
RESULT_SYMBOLS = {
    # A game's result from one player's side, as crosstables show it.
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.PENDING: "",
}
_BYE_CELL = {
    Outcome.PAIRING_BYE: "bye",
    Outcome.FULL_BYE: "F",
    Outcome.HALF_BYE: "H",
    Outcome.ZERO_BYE: "Z",
    Outcome.ABSENT: "-",
    Outcome.UNPAIRED_FORFEIT_WIN: "+",
}


def _title(event: Event, what: str) -> str:
    return f"{event.tournament.name}: {what}"


def _dates(event: Event) -> str:
    s = event.settings
    if s.start_date and s.end_date and s.end_date != s.start_date:
        return f"{s.start_date} to {s.end_date}"
    return s.start_date


def _round_number(event: Event, number: int | None) -> int:
    t = event.tournament
    if not t.rounds:
        raise CommandError("no round is paired yet")
    chosen = len(t.rounds) if number is None else number
    if not 1 <= chosen <= len(t.rounds):
        raise CommandError(f"round {chosen} is not paired (rounds 1-{len(t.rounds)} are)")
    return chosen


def players_sheet(event: Event) -> Sheet:
    """The players by start number, with their points and what is announced for them."""
    t = event.tournament
    points = scores(t)
    rows = []
    for player in t.players:
        status = [
            f"late entry from round {e.first_round}"
            for e in t.late_entries
            if e.player == player.id
        ]
        status += [f"withdrawn from round {r}" for p, r in t.withdrawals if p == player.id]
        status += [
            f"{BYE_NAMES[b.kind]} in round {b.round}"
            for b in t.requested_byes
            if b.player == player.id and b.round >= t.next_round
        ]
        rows.append(
            (
                str(player.id),
                player.name,
                "" if player.rating is None else str(player.rating),
                player.title,
                player.federation,
                player.club,
                format_points(points[player.id]),
                "; ".join(status),
            )
        )
    return Sheet(
        title=_title(event, f"{len(t.players)} players"),
        subtitle=_dates(event),
        header=("No", "Name", "Rtg", "Title", "Fed", "Club", "Pts", "Status"),
        rows=tuple(rows),
        numeric=frozenset({0, 2, 6}),
    )


def pairings_sheet(event: Event, round_number: int | None = None) -> Sheet:
    """Pairings by board: number, players with start number, rating, points before, result."""
    t = event.tournament
    number = _round_number(event, round_number)
    rnd = t.rounds[number - 1]
    before = scores(t, number - 1)
    rows: list[tuple[str, ...]] = []

    def side(pid: int) -> tuple[str, str, str, str]:
        p = t.player(pid)
        rating = "" if p.rating is None else str(p.rating)
        return str(pid), p.name, rating, format_points(before[pid])

    for board, game in enumerate(rnd.games, start=1):
        wn, wname, wr, wp = side(game.white)
        bn, bname, br, bp = side(game.black)
        result = format_result(game.result, game.match_score)
        rows.append((str(board), wn, wname, wr, wp, result, bp, bname, br, bn))
    for bye in rnd.byes:
        n, name, rating, pts = side(bye.player)
        rows.append(("", n, name, rating, pts, BYE_NAMES[bye.kind], "", "", "", ""))
    first, second = ("White", "Black") if _coloured(event, number) else ("Player", "Player")
    return Sheet(
        title=_title(event, f"round {number} pairings"),
        subtitle=_dates(event),
        header=("Bd", "No", first, "Rtg", "Pts", "Result", "Pts", second, "Rtg", "No"),
        rows=tuple(rows),
        numeric=frozenset({0, 1, 3, 4, 6, 8, 9}),
    )


def _coloured(event: Event, number: int) -> bool:
    games = event.tournament.rounds[number - 1].games
    return all(g.coloured for g in games)


def alphabetical_sheet(event: Event, round_number: int | None = None) -> Sheet:
    """Pairings by name: where each player sits and against whom (what players look for)."""
    t = event.tournament
    number = _round_number(event, round_number)
    rnd = t.rounds[number - 1]
    coloured = _coloured(event, number)
    rows = []
    for board, game in enumerate(rnd.games, start=1):
        for pid in (game.white, game.black):
            colour = game.colour_of(pid) if coloured else None
            shown = "" if colour is None else ("white" if colour is Colour.WHITE else "black")
            opponent = game.opponent_of(pid)
            rows.append((t.player(pid).name, str(pid), str(board), shown, t.player(opponent).name))
    for bye in rnd.byes:
        rows.append((t.player(bye.player).name, str(bye.player), "", "", BYE_NAMES[bye.kind]))
    rows.sort(key=lambda r: (r[0].casefold(), int(r[1])))
    return Sheet(
        title=_title(event, f"round {number} pairings by name"),
        subtitle=_dates(event),
        header=("Name", "No", "Board", "Colour", "Opponent"),
        rows=tuple(rows),
        numeric=frozenset({1, 2}),
    )


def _withdrawal_notes(event: Event, marked: str = "") -> tuple[str, ...]:
    """The footer line of a round robin with a withdrawal: the policy it is scored under,
    then ``marked`` (how annulled results are shown, when there are any)."""
    if not event.settings.system.round_robin or not event.tournament.withdrawals:
        return ()
    policy = event.settings.withdrawal_policy
    return (f"Withdrawals ({policy.value}): {policy.describe()}.{marked}",)


_IN_BRACKETS = " Results in brackets are annulled: shown, not counted."
_MARKED = " A player marked (annulled) has his results deleted from the ranking."


def standings_notes(event: Event, table: Standings) -> tuple[str, ...]:
    """The lines under the event's standings after each column's rule: for a round robin
    with a withdrawal, the policy it is scored under, and what "(annulled)" means when a
    player is marked so; nothing otherwise."""
    return _withdrawal_notes(event, _MARKED if table.settings.annulled_players else "")


def _name(row: StandingsRow) -> str:
    return f"{row.name} (annulled)" if row.annulled else row.name


def standings_sheet(event: Event) -> Sheet:
    """Standings with the event's tie-breaks (a player whose results a round-robin withdrawal
    annulled is listed last, marked; a footer line names the withdrawal policy)."""
    table = standings(event)
    rows = []
    for row in table.rows:
        rating = "" if row.rating is None else str(row.rating)
        values = tuple(
            format_value(v, c.decimals) for v, c in zip(row.values, table.columns, strict=True)
        )
        rows.append(
            (
                str(row.rank),
                str(row.start_rank),
                _name(row),
                rating,
                format_value(row.points),
                *values,
            )
        )
    codes = table.codes
    return Sheet(
        title=_title(event, f"standings after round {table.rounds}"),
        subtitle=_dates(event),
        header=("Rank", "No", "Name", "Rtg", "Pts", *codes),
        rows=tuple(rows),
        numeric=frozenset({0, 1, 3, 4, *range(5, 5 + len(codes))}),
        notes=(*table.notes(), *standings_notes(event, table)),
    )


def crosstable_sheet(event: Event) -> Sheet:
    """The crosstable in standings order: each round as opponent's rank, colour and result.

    Games annulled by a round-robin withdrawal are shown in brackets and not counted."""
    t = event.tournament
    table = standings(event)
    annulled = table.settings.annulled_players
    rank = {row.player_id: row.rank for row in table.rows}
    history = entries(t)
    rounds = len(t.rounds)
    rows = []
    for row in table.rows:
        cells = []
        for entry in history[row.player_id]:
            if entry is None:
                cells.append("")
            elif entry.opponent is not None:
                # Without colours a space keeps rank and result apart ("12 1", not "121").
                colour = {Colour.WHITE: "w", Colour.BLACK: "b", None: " "}[entry.colour]
                cell = f"{rank[entry.opponent]}{colour}{RESULT_SYMBOLS[entry.outcome]}"
                void = row.player_id in annulled or entry.opponent in annulled
                cells.append(f"({cell})" if void else cell)
            else:
                cells.append(_BYE_CELL.get(entry.outcome, ""))
        rating = "" if row.rating is None else str(row.rating)
        rows.append(
            (
                str(row.rank),
                str(row.start_rank),
                _name(row),
                rating,
                *cells,
                format_value(row.points),
            )
        )
    return Sheet(
        title=_title(event, f"crosstable after round {rounds}"),
        subtitle=_dates(event),
        header=("Rank", "No", "Name", "Rtg", *(str(n) for n in range(1, rounds + 1)), "Pts"),
        rows=tuple(rows),
        numeric=frozenset({0, 1, 3, 4 + rounds}),
        notes=(
            "Each round: the opponent's rank, the colour (w/b) and the result.",
            *_withdrawal_notes(event, _IN_BRACKETS if annulled else ""),
        ),
    )


def _grid_cell(symbols: list[str], annulled: set[int]) -> str:
    text = " ".join(s for s in symbols if s)
    return f"({text})" if text and annulled else text


def crosstable_grid_sheet(event: Event) -> Sheet:
    """The classic round-robin crosstable: players by start number, one column per opponent
    (by start number), each cell the results against that opponent (two in a double round
    robin), then points, tie-breaks and rank. Results annulled by a withdrawal are shown in
    brackets and not counted; the annulled player is marked."""
    t = event.tournament
    table = standings(event)
    line = {row.player_id: row for row in table.rows}
    history = entries(t)
    ids = sorted(t.player_ids)
    rows = []
    for pid in ids:
        met: dict[int, list[str]] = {}
        for entry in history[pid]:
            if entry is not None and entry.opponent is not None:
                met.setdefault(entry.opponent, []).append(RESULT_SYMBOLS[entry.outcome])
        annulled = table.settings.annulled_players
        cells = [
            "×" if other == pid else _grid_cell(met.get(other, []), {pid, other} & annulled)
            for other in ids
        ]
        row = line[pid]
        values = tuple(
            format_value(v, c.decimals) for v, c in zip(row.values, table.columns, strict=True)
        )
        rating = "" if row.rating is None else str(row.rating)
        rows.append(
            (str(pid), _name(row), rating, *cells, format_value(row.points), *values, str(row.rank))
        )
    size = len(ids)
    codes = table.codes
    return Sheet(
        title=_title(event, f"crosstable after round {len(t.rounds)}"),
        subtitle=_dates(event),
        header=("No", "Name", "Rtg", *(str(pid) for pid in ids), "Pts", *codes, "Rank"),
        rows=tuple(rows),
        numeric=frozenset({0, 2, *range(3 + size, 3 + size + 2 + len(codes))}),
        notes=(
            "Each cell: the results against the player of that start number.",
            *_withdrawal_notes(event, _IN_BRACKETS if table.settings.annulled_players else ""),
        ),
    )
