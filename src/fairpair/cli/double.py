"""What `round`, `result`, `bye`, `player`, `event`, `log` and `export` do for a FIDE
Double-Swiss event: each board a match of two games, the colours reversed in game 2."""

from __future__ import annotations

from collections.abc import Sequence

import typer

from fairpair.cli.director import Session, fail
from fairpair.core.double_swiss import DoubleSwissTournament, match_entries
from fairpair.formats import standings_render
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service.errors import CommandError


def is_double(s: Session) -> bool:
    """Whether the session's event is a Double-Swiss event."""
    return de.is_double_event(s.desk.store.event(s.event_id()))


def round_text(t: DoubleSwissTournament, number: int | None = None) -> str:
    """A match-round: each board with both games and the match, then the byes."""
    if not t.rounds:
        raise CommandError("no round is paired yet")
    if number is not None and not 1 <= number <= len(t.rounds):
        raise CommandError(f"round {number} is not paired (rounds 1-{len(t.rounds)} are)")
    rnd = t.rounds[(number or len(t.rounds)) - 1]
    names = {q.id: q.name for q in t.players}
    lines = [f"Round {rnd.number} (game 2: colours reversed)"]
    lines.extend(de.match_line(t, board, m) for board, m in enumerate(rnd.matches, start=1))
    for bye in rnd.byes:
        value = de.half_points(t.byes.of(bye.kind))
        lines.append(f"Bye: {bye.player} {names[bye.player]} ({de.bye_words(bye.kind)}, {value})")
    missing = sum(1 for m in rnd.matches if not m.finished)
    if missing:
        lines.append(f"{missing} match(es) to finish")
    return "\n".join(lines) + "\n"


def pair(s: Session) -> None:
    changed, pairing = de.pair_double_round(s.desk, s.event_id())
    typer.echo(round_text(changed.tournament, pairing.round), nl=False)


def result(s: Session, items: Sequence[str], round_number: int | None) -> None:
    """``BOARD GAME1 GAME2`` triples, each game White first as on its scoresheet."""
    if not items or len(items) % 3:
        raise fail(
            "give BOARD GAME1 GAME2, e.g. 3 1-0 ½-½ (each game White first: game 2 has the "
            "second-named player as White; a game forfeited by both: fairpair result -- 3 1-0 --)"
        )
    entries: list[tuple[int, str, str]] = []
    for board, game1, game2 in zip(items[::3], items[1::3], items[2::3], strict=True):
        if not board.isdecimal():
            raise fail(f"{board!r} is not a board number (give BOARD GAME1 GAME2)")
        entries.append((int(board), game1, game2))
    before = de.load_double(s.desk, s.event_id())
    changed = de.record_double_results(s.desk, s.event_id(), round_number, entries)
    t = changed.tournament
    number = round_number or len(t.rounds)
    rnd = t.rounds[number - 1]
    for number_of_board, _, _ in entries:
        typer.echo(de.match_line(t, number_of_board, rnd.matches[number_of_board - 1]))
    missing = sum(1 for m in rnd.matches if not m.finished)
    state = "complete" if missing == 0 else f"{missing} match(es) to finish"
    typer.echo(f"round {number}: {len(entries)} match result(s) saved; {state}")
    for warning in de.later_rounds_warnings(before, changed, number):
        typer.echo(f"warning: {warning}", err=True)


def bye(s: Session, ref: str, round_number: int | None, kind: str) -> None:
    de.grant_double_bye(s.desk, s.event_id(), ref, round_number, kind)
    said(s)


def said(s: Session) -> None:
    """The change just made, in the log's words."""
    record = ev.history(s.desk, s.event_id())[-1]
    typer.echo(de.describe_double(record))


def players_text(t: DoubleSwissTournament) -> str:
    """The players by start number with their game points and status."""
    rows = match_entries(t)
    lines = [f"{'No':>3}  {'name':<30} {'rating':>6} {'GP':>5}  status"]
    for player in sorted(t.players, key=lambda q: q.id):
        gp = sum(e.points for e in rows[player.id])
        since = t.withdrawn.get(player.id)
        status = "" if since is None else f"withdrawn from round {since}"
        rating = "" if player.rating is None else str(player.rating)
        lines.append(
            f"{player.id:>3}  {player.name:<30} {rating:>6} {de.half_points(gp):>5}  {status}"
        )
    return "\n".join(lines).rstrip() + "\n"


def standings_text(event: de.DoubleEvent) -> str:
    """The standings as a table (rank, start number, name, rating, the primary score and the
    tie-breaks, with what each means), then who has withdrawn."""
    table = de.double_standings(event)
    t = event.tournament
    title = f"{t.name}: standings after round {table.rounds}"
    text = standings_render.render_text(table, title)
    names = {q.id: q.name for q in t.players}
    gone = [
        f"{pid} {names[pid]}: withdrawn from round {since}"
        for pid, since in sorted(t.withdrawn.items())
    ]
    return text + "".join(line + "\n" for line in gone)
