"""What goes on the wall: pairings by board and by name, standings and the crosstable.

Each function turns an event into a :class:`~fairpair.formats.printouts.Sheet`; the formats
layer lays it out as text, HTML or PDF.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from fairpair.core import ByeKind, Colour, Game, Outcome, format_points, scores
from fairpair.formats.printouts import SLIP_HEADER, Layout, Sheet
from fairpair.formats.standings_render import format_value, points_heading, rated, shown_columns
from fairpair.service.errors import CommandError
from fairpair.service.events import Event, entries_of, standings
from fairpair.service.results import format_result
from fairpair.service.settings import EventSettings, System
from fairpair.standings import Standings, StandingsRow

__all__ = [
    "BYE_NAMES",
    "RESULT_SYMBOLS",
    "alphabetical_sheet",
    "check_in_sheet",
    "crosstable",
    "crosstable_grid_sheet",
    "crosstable_sheet",
    "event_dates",
    "pairings_sheet",
    "players_sheet",
    "result_slips_sheet",
    "round_to_print",
    "standings_notes",
    "standings_sheet",
    "wall_chart_sheet",
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


def _name_key(name: str) -> str:
    """Alphabetical order as people read it: "Ávila" among the A's, whatever the case."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _title(event: Event, what: str) -> str:
    return f"{event.tournament.name}: {what}"


def _dates(event: Event) -> str:
    return event_dates(event.settings)


def event_dates(s: EventSettings) -> str:
    """The event's dates as a sheet's subtitle gives them (``2026-05-01 to 2026-05-03``)."""
    if s.start_date and s.end_date and s.end_date != s.start_date:
        return f"{s.start_date} to {s.end_date}"
    return s.start_date


def round_to_print(paired: int, number: int | None) -> int:
    """The round a sheet shows: ``number``, or the last of the ``paired`` rounds when none is
    named; :class:`CommandError` saying which rounds are paired otherwise."""
    if not paired:
        raise CommandError("no round is paired yet")
    chosen = paired if number is None else number
    if not 1 <= chosen <= paired:
        raise CommandError(f"round {chosen} is not paired (rounds 1-{paired} are)")
    return chosen


def _round_number(event: Event, number: int | None) -> int:
    return round_to_print(len(event.tournament.rounds), number)


def players_sheet(event: Event) -> Sheet:
    """The players by start number, with their points and what is announced for them."""
    t = event.tournament
    points = scores(t, table=entries_of(event))
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
    before = scores(t, number - 1, entries_of(event))
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
    rows.sort(key=lambda r: (_name_key(r[0]), int(r[1])))
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
    return (f"Withdrawals: {policy.describe()}.{marked}",)


_IN_BRACKETS = " Results in brackets are annulled: shown, not counted."
_MARKED = " A player marked (annulled) has his results deleted from the ranking."


def standings_notes(event: Event, table: Standings) -> tuple[str, ...]:
    """The lines under the event's standings after each column's rule: for a round robin
    with a withdrawal, the policy it is scored under, and what "(annulled)" means when a
    player is marked so; nothing otherwise."""
    return _withdrawal_notes(event, _MARKED if table.settings.annulled_players else "")


def _name(row: StandingsRow) -> str:
    return f"{row.name} (annulled)" if row.annulled else row.name


def _rating(table: Standings, row: StandingsRow) -> tuple[str, ...]:
    """The rating cell of a line, or no cell when nobody in the event has a rating."""
    if not rated(table):
        return ()
    return ("" if row.rating is None else str(row.rating),)


def _numeric(header: Sequence[str], *names: str) -> frozenset[int]:
    """The columns of ``header`` with these names (or a tie-break code, or a round number):
    numbers, aligned to the right."""
    return frozenset(i for i, h in enumerate(header) if h in names)


def standings_sheet(event: Event) -> Sheet:
    """Standings with the event's tie-breaks (a player whose results a round-robin withdrawal
    annulled is listed last, marked; a footer line names the withdrawal policy). No rating
    column in an event without ratings, no tie-break column repeating the points."""
    table = standings(event)
    shown = shown_columns(table)
    rows = []
    for row in table.rows:
        values = tuple(format_value(row.values[i], table.columns[i].decimals) for i in shown)
        rows.append(
            (
                str(row.rank),
                str(row.start_rank),
                _name(row),
                *_rating(table, row),
                format_value(row.points),
                *values,
            )
        )
    codes = tuple(table.columns[i].code for i in shown)
    rating = ("Rtg",) if rated(table) else ()
    header = ("Rank", "No", "Name", *rating, points_heading(table), *codes)
    return Sheet(
        title=_title(event, f"standings after round {table.rounds}"),
        subtitle=_dates(event),
        header=header,
        rows=tuple(rows),
        numeric=frozenset(i for i in range(len(header)) if i != 2),
        notes=(*table.notes(), *standings_notes(event, table)),
    )


def crosstable_sheet(event: Event) -> Sheet:
    """The crosstable in standings order: each round as opponent's rank, colour and result.

    Games annulled by a round-robin withdrawal are shown in brackets and not counted."""
    t = event.tournament
    table = standings(event)
    annulled = table.settings.annulled_players
    rank = {row.player_id: row.rank for row in table.rows}
    history = entries_of(event)
    matches = _match_results(event)
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
                result = matches.get((entry.round, row.player_id), RESULT_SYMBOLS[entry.outcome])
                cell = f"{rank[entry.opponent]}{colour}{result}"
                void = row.player_id in annulled or entry.opponent in annulled
                cells.append(f"({cell})" if void else cell)
            else:
                cells.append(_BYE_CELL.get(entry.outcome, ""))
        rows.append(
            (
                str(row.rank),
                str(row.start_rank),
                _name(row),
                *_rating(table, row),
                *cells,
                format_value(row.points),
            )
        )
    rating = ("Rtg",) if rated(table) else ()
    score = points_heading(table)
    header = ("Rank", "No", "Name", *rating, *(str(n) for n in range(1, rounds + 1)), score)
    return Sheet(
        title=_title(event, f"crosstable after round {rounds}"),
        subtitle=_dates(event),
        header=header,
        rows=tuple(rows),
        numeric=_numeric(header, "Rank", "No", *rating, score),
        notes=(
            "Each round: the opponent's rank, the colour (w/b) and the result"
            + (" (games won-lost-drawn in a match)." if matches else "."),
            *_withdrawal_notes(event, _IN_BRACKETS if annulled else ""),
        ),
    )


def _match_score(game: Game, pid: int) -> str | None:
    """A match's score from one player's side, as entered (``2-1``, ``1-2``, ``1-1-1``)."""
    score = game.match_score
    if score is None or game.result is None:
        return None
    mine, theirs = (
        (score.first_wins, score.second_wins)
        if pid == game.white
        else (score.second_wins, score.first_wins)
    )
    return f"{mine}-{theirs}" + (f"-{score.draws}" if score.draws else "")


def _match_results(event: Event) -> dict[tuple[int, int], str]:
    """Each match score by (round, player): a card game's crosstable shows the games won
    and lost, never a chess symbol such as "½" that was never entered."""
    found = {}
    for rnd in event.tournament.rounds:
        for game in rnd.games:
            for pid in (game.white, game.black):
                score = _match_score(game, pid)
                if score is not None:
                    found[(rnd.number, pid)] = score
    return found


def crosstable(event: Event) -> Sheet:
    """The crosstable an arbiter posts: a round robin's is the grid by start number, a
    Swiss one lists each round's opponent, colour and result."""
    if event.settings.system.round_robin:
        return crosstable_grid_sheet(event)
    return crosstable_sheet(event)


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
    history = entries_of(event)
    matches = _match_results(event)
    ids = sorted(t.player_ids)
    shown = shown_columns(table)
    rows = []
    for pid in ids:
        met: dict[int, list[str]] = {}
        for entry in history[pid]:
            if entry is not None and entry.opponent is not None:
                symbol = matches.get((entry.round, pid), RESULT_SYMBOLS[entry.outcome])
                met.setdefault(entry.opponent, []).append(symbol)
        annulled = table.settings.annulled_players
        cells = [
            "×" if other == pid else _grid_cell(met.get(other, []), {pid, other} & annulled)
            for other in ids
        ]
        row = line[pid]
        values = tuple(format_value(row.values[i], table.columns[i].decimals) for i in shown)
        rows.append(
            (
                str(pid),
                _name(row),
                *_rating(table, row),
                *cells,
                format_value(row.points),
                *values,
                str(row.rank),
            )
        )
    rating = ("Rtg",) if rated(table) else ()
    codes = tuple(table.columns[i].code for i in shown)
    score = points_heading(table)
    first = 2 + len(rating)  # the first opponent's column
    header = ("No", "Name", *rating, *(str(pid) for pid in ids), score, *codes, "Rank")
    return Sheet(
        title=_title(event, f"crosstable after round {len(t.rounds)}"),
        subtitle=_dates(event),
        header=header,
        rows=tuple(rows),
        numeric=frozenset({0, *range(first + len(ids), len(header))}) | _numeric(header, *rating),
        centred=frozenset(range(first, first + len(ids))),
        notes=(
            "Each cell: the results against the player of that start number"
            + (" (games won-lost-drawn in a match)" if matches else "")
            + (", round by round (both cycles)." if event.settings.double else "."),
            *_withdrawal_notes(event, _IN_BRACKETS if table.settings.annulled_players else ""),
        ),
    )


def _chess_results(event: Event) -> bool:
    """Whether results are chess results (1-0, ½-½, 0-1) rather than match scores."""
    return event.settings.system is not System.CASUAL


def result_slips_sheet(event: Event, round_number: int | None = None) -> Sheet:
    """Pairing cards / result slips: one per board to cut out and hand to the players,
    with round, board, both players (start number, rating), boxes to tick the result (a
    card game's players write the score) and a line for each signature."""
    t = event.tournament
    number = _round_number(event, round_number)
    rnd = t.rounds[number - 1]
    choices = "1-0|½-½|0-1" if _chess_results(event) else ""

    def side(pid: int) -> tuple[str, str, str]:
        p = t.player(pid)
        return str(pid), p.name, "" if p.rating is None else str(p.rating)

    rows = tuple(
        (str(number), str(board), *side(game.white), *side(game.black), choices)
        for board, game in enumerate(rnd.games, start=1)
    )
    header = SLIP_HEADER
    if not _coloured(event, number):
        # The score is written the first-listed player's games first ("2-1").
        header = (*SLIP_HEADER[:3], "First", *SLIP_HEADER[4:6], "Second", *SLIP_HEADER[7:])
    return Sheet(
        title=t.name,
        subtitle=f"round {number} result slips",
        header=header,
        rows=rows,
        numeric=frozenset({0, 1, 2, 4, 5, 7}),
        layout=Layout.SLIPS,
    )


def player_codes_sheet(event: Event, codes: Mapping[int, str], site: str) -> Sheet:
    """The players' code slips, by name: each player's personal code and the address of
    their own page on ``site`` (the code in it, read once), to print as a QR code."""
    t = event.tournament
    base = site.rstrip("/")
    missing = [p.name for p in t.players if p.id not in codes]
    if missing:
        raise CommandError(
            f"{len(missing)} player(s) have no code yet ({', '.join(missing[:3])}"
            f"{'...' if len(missing) > 3 else ''}): give them codes first"
        )
    rows = tuple(
        (str(p.id), p.name, codes[p.id], f"{base}/events/{event.id}/me?code={codes[p.id]}")
        for p in sorted(t.players, key=lambda p: (_name_key(p.name), p.id))
    )
    return Sheet(
        title=t.name,
        subtitle="player codes",
        header=("No", "Name", "Code", "Address"),
        rows=rows,
        layout=Layout.CODE_SLIPS,
    )


def check_in_sheet(event: Event) -> Sheet:
    """The check-in list at the door: players by name, a box to tick for each, start
    number, rating, title, federation and club."""
    t = event.tournament
    withdrawn = {p for p, _ in t.withdrawals}
    # No empty rating column in an event without ratings (a card game, a club night).
    rated = any(p.rating is not None for p in t.players)
    rows = []
    for player in sorted(t.players, key=lambda p: (_name_key(p.name), p.id)):
        name = f"{player.name} (withdrawn)" if player.id in withdrawn else player.name
        rating = ("" if player.rating is None else str(player.rating),) if rated else ()
        rows.append(
            ("", name, str(player.id), *rating, player.title, player.federation, player.club)
        )
    return Sheet(
        title=_title(event, "check-in"),
        subtitle=_dates(event),
        header=("Here", "Name", "No", *(("Rtg",) if rated else ()), "Title", "Fed", "Club"),
        rows=tuple(rows),
        numeric=frozenset({2, 3} if rated else {2}),
        boxes=frozenset({0}),
    )


def wall_chart_sheet(event: Event, round_number: int | None = None) -> Sheet:
    """Pairings by name in large type for the wall: each player's board, colour and
    opponent, alphabetically."""
    by_name = alphabetical_sheet(event, round_number)
    rows = tuple(
        (name, board, colour, opponent) for name, _, board, colour, opponent in by_name.rows
    )
    coloured = any(row[2] for row in rows)
    return Sheet(
        title=by_name.title,
        subtitle=by_name.subtitle,
        header=("Name", "Board", "Colour", "Opponent")
        if coloured
        else ("Name", "Board", "", "Opponent"),
        rows=rows,
        numeric=frozenset({1}),
        layout=Layout.LARGE,
    )


def prizes_sheet(event: Event) -> Sheet:
    """The prizes given on the current standings (final after the last round): category,
    place, winner and sum, with how they were given in the notes."""
    from fairpair.service.prizes import amounts_text, awards, money

    rules = event.settings.prizes
    if not rules.categories:
        raise CommandError("the event has no prize list yet")
    table = standings(event)
    rows = tuple(
        (a.category, a.place, a.recipient, money(a.amount, rules.currency)) for a in awards(event)
    )
    several = "One prize per player" if rules.one_per_player else "A player may take several"
    how = f"{several}; {rules.sharing.label}."
    listed = tuple(
        f"{c.name} ({c.describe()}): {amounts_text(c, rules.currency)}" for c in rules.categories
    )
    return Sheet(
        title=_title(event, f"prizes after round {table.rounds}"),
        subtitle=_dates(event),
        header=("Category", "Place", "Winner", "Prize"),
        rows=rows,
        numeric=frozenset({1, 3}),
        notes=(how, *listed),
    )
