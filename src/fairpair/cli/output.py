"""`fairpair log`, `export` and `print`: the audit log, files and printouts of an event."""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from fairpair.cli.common import write_atomically
from fairpair.cli.director import DbOption, EventOption, fail, session
from fairpair.service import events as ev

if TYPE_CHECKING:
    from fairpair.formats import printouts as sheets

# `log`, `export` and `print` live here: each imports what it uses, and the modules of team
# and Double-Swiss events only for such an event.


def log(
    full: Annotated[bool, typer.Option("--full", help="Also show each record's data.")] = False,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """The audit log: every change with its time (UTC), who made it and what it was; a
    change taken back says by which record."""
    with session(db, event) as s:
        event_id = s.event_id()
        system = s.system()
        teams, doubles = system.team, system.double
        if teams:
            from fairpair.service import team_events as te
        if doubles:
            from fairpair.service import double_events as de
        tournament = None if teams or doubles else ev.load(s.desk, event_id).tournament
        records = ev.history(s.desk, event_id)
        undone_by = ev.undo_history(records).undone_by
        for record in records:
            when = record.at.strftime("%Y-%m-%d %H:%M:%S")
            line = f"{record.seq:5d}  {when}  {record.actor:<12}  {record.action:<17}  "
            undone = f"  (undone by #{undone_by[record.seq]})" if record.seq in undone_by else ""
            if doubles:
                what = de.describe_double(record, records)
            elif tournament is None:
                what = te.describe_team(record, records)
            else:
                what = ev.describe(record, tournament, records)
            typer.echo(line + what + undone)
            if full:
                typer.echo("       " + json.dumps(dict(record.payload), ensure_ascii=False))


_EXPORTS = {".trf": "trf", ".json": "json", ".csv": "csv"}


def export(
    file: Annotated[
        Path, typer.Argument(help="File to write: .trf, .json (event) or .csv (players).")
    ],
    flavour: Annotated[
        str, typer.Option("--flavour", help="TRF dialect: trf16 or trf2026.")
    ] = "trf16",
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Export the event (TRF, JSON) or its players (CSV)."""
    kind = _EXPORTS.get(file.suffix.lower())
    if kind is None:
        raise fail(f"{file}: export to .trf, .json or .csv")
    if kind == "trf" and flavour not in ("trf16", "trf2026"):
        raise fail(f"unknown TRF flavour {flavour!r} (trf16 or trf2026)")
    with session(db, event) as s:
        system = s.system()
        if system.team:
            from fairpair.service import team_events as te

            if kind == "csv":
                raise fail(f"{file}: a team event is exported as .trf or .json")
            text = te.export_team_event(te.load_team(s.desk, s.event_id()), kind)
        elif system.double:
            from fairpair.service import double_events as de

            if kind == "csv":
                raise fail(f"{file}: a Double-Swiss event is exported as .trf or .json")
            text = de.export_double_event(de.load_double(s.desk, s.event_id()), kind)
        else:
            text = ev.export(
                s.event(), "trf2026" if kind == "trf" and flavour == "trf2026" else kind
            )
        write_atomically(file, text)
        typer.echo(f"wrote {file}")


class Sheet(enum.Enum):
    PAIRINGS = "pairings"
    ALPHABETICAL = "alphabetical"
    STANDINGS = "standings"
    CROSSTABLE = "crosstable"
    SLIPS = "slips"
    CHECK_IN = "check-in"
    WALL_CHART = "wall-chart"
    PLAYERS = "players"
    PLAYER_CODES = "player-codes"
    RATING_REPORT = "rating-report"
    NORMS = "norms"
    PRIZES = "prizes"
    # A team event's own sheets (it prints pairings and standings as well).
    BOARD_PAIRINGS = "board-pairings"
    MATCH_CARDS = "match-cards"
    BOARD_PRIZES = "board-prizes"
    # A knockout stage's own sheets (its standings are the final standings).
    BRACKET = "bracket"
    MATCH_SLIPS = "match-slips"


class PrintFormat(enum.Enum):
    HTML = "html"
    PDF = "pdf"
    TEXT = "text"


class Paper(enum.Enum):
    A4 = "a4"
    LETTER = "letter"


def print_sheet(
    sheet: Annotated[
        Sheet,
        typer.Argument(
            help="What to print: pairings by board or by name, standings, crosstable, "
            "slips (pairing cards / result slips to cut), check-in (list to tick at the "
            "door), wall-chart (pairings by name in large type), players, rating-report (FIDE "
            "rating change), norms (title norms), prizes (the prize list's winners). A team "
            "event: "
            "pairings, board-pairings (each board under its match), match-cards (one page "
            "a match, to sign), standings, board-prizes. A Double-Swiss event: pairings "
            "(both games of each board), alphabetical, slips (one per match, both games), "
            "standings, crosstable. A knockout stage: bracket (its picture and matches), "
            "match-slips (one per match to play, a line per game), standings (the final "
            "standings)."
        ),
    ],
    output: Annotated[Path, typer.Option("--output", "-o", help="File to write.")],
    output_format: Annotated[
        PrintFormat | None,
        typer.Option(
            "--format", "-f", help="html, pdf or text (default: by the file's extension)."
        ),
    ] = None,
    paper: Annotated[Paper, typer.Option("--paper", help="Paper size.")] = Paper.A4,
    round_number: Annotated[
        int | None,
        typer.Option(
            "--round",
            "-r",
            help="Round of the pairings, slips, wall chart, match cards (default: the last).",
        ),
    ] = None,
    site: Annotated[
        str,
        typer.Option(
            "--site",
            help="The address players reach the site at, for player-codes "
            "(e.g. https://chess.example.org).",
        ),
    ] = "",
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Print pairings (by board, by name, in large type for the wall), result slips, the
    check-in list, standings or the crosstable as HTML, PDF or text; a team event's team
    pairings, match cards, team standings or board prizes; a Double-Swiss event's pairings
    and match slips with both games, standings and crosstable; a knockout's bracket, match
    slips and final standings."""
    chosen = output_format or {".pdf": PrintFormat.PDF, ".txt": PrintFormat.TEXT}.get(
        output.suffix.lower(), PrintFormat.HTML
    )
    from fairpair.service import chess_reports, knockout_printouts, players, printouts

    with session(db, event) as s:
        system = s.system()
        if system.team:
            from fairpair.service import team_events as te
            from fairpair.service import team_printouts

            made = team_printouts.team_sheet(
                te.load_team(s.desk, s.event_id()), sheet.value, round_number
            )
            _write_sheet(made, output, chosen, paper)
            return
        if system.double:
            from fairpair.service import double_events as de
            from fairpair.service import double_printouts

            made = double_printouts.double_sheet(
                de.load_double(s.desk, s.event_id()), sheet.value, round_number
            )
            _write_sheet(made, output, chosen, paper)
            return
        current = s.event()
        knockout = knockout_printouts.knockout_sheet(current, sheet.value)
        if knockout is not None:
            _write_sheet(knockout, output, chosen, paper)
            return
        match sheet:
            case Sheet.PAIRINGS:
                made = printouts.pairings_sheet(current, round_number)
            case Sheet.ALPHABETICAL:
                made = printouts.alphabetical_sheet(current, round_number)
            case Sheet.STANDINGS:
                made = printouts.standings_sheet(current)
            case Sheet.CROSSTABLE:
                made = printouts.crosstable(current)
            case Sheet.SLIPS:
                made = printouts.result_slips_sheet(current, round_number)
            case Sheet.CHECK_IN:
                made = printouts.check_in_sheet(current)
            case Sheet.WALL_CHART:
                made = printouts.wall_chart_sheet(current, round_number)
            case Sheet.PLAYERS:
                made = printouts.players_sheet(current)
            case Sheet.RATING_REPORT:
                made = chess_reports.rating_sheet(current, chess_reports.rating_lines(current))
            case Sheet.NORMS:
                made = chess_reports.norms_sheet(current, chess_reports.norm_checks(current))
            case Sheet.PRIZES:
                made = printouts.prizes_sheet(current)
            case Sheet.PLAYER_CODES:
                if not site.startswith(("http://", "https://")):
                    raise fail("--site: give the address players open, e.g. https://example.org")
                codes = players.door(s.desk, current).codes
                made = printouts.player_codes_sheet(current, codes, site)
            case _:
                raise fail(
                    f"{sheet.value} is a sheet of team events; {current.tournament.name!r} "
                    "is not one"
                )
        _write_sheet(made, output, chosen, paper)


def _write_sheet(made: sheets.Sheet, output: Path, chosen: PrintFormat, paper: Paper) -> None:
    """The sheet to ``output`` as text, HTML or PDF."""
    from fairpair.formats import printouts as sheets

    if chosen is PrintFormat.TEXT:
        write_atomically(output, sheets.render_text(made))
        typer.echo(f"wrote {output}")
        return
    page = sheets.render_html(made, paper.value)
    if chosen is PrintFormat.HTML:
        write_atomically(output, page)
        typer.echo(f"wrote {output}")
        return
    from fairpair.formats.pdf import html_to_pdf

    pdf = html_to_pdf(page)
    write_atomically(output, pdf.data)
    typer.echo(f"wrote {output} ({pdf.pages} page{'s' if pdf.pages != 1 else ''})")
