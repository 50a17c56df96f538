"""`fairpair standings`: the standings of an event file (TRF or JSON) with chosen tie-breaks.

Tie-breaks, in order: ``--tiebreaks``, else the TRF file's ``202``/``212`` record, else
the FIDE recommendation for a Swiss (spec tiebreaks.md §2.15): BH-C1, BH, DE, WON.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli.common import OutputFormat, fail, is_team_file, json_text, read_event
from fairpair.cli.pair_double import is_double_swiss_file
from fairpair.core import Tournament
from fairpair.formats import standings_render
from fairpair.formats.standings_render import StandingsTable
from fairpair.standings import (
    REGISTRY,
    TiebreakSettings,
    UnknownTiebreakError,
    UnplayedRule,
    compute_standings,
)

DEFAULT_TIEBREAKS = ("BH-C1", "BH", "DE", "WON")
"""FIDE's recommended order for an individual Swiss (spec tiebreaks.md §2.15)."""


def _fail(message: str) -> typer.Exit:
    return fail("fairpair standings", message)


def _split(codes: str) -> list[str]:
    return [code for code in re.split(r"[,\s]+", codes.strip()) if code]


class _KnownCodes:
    """The codes the registry knows, in any case (as :func:`compute_standings` reads them)."""

    def __contains__(self, code: object) -> bool:
        return isinstance(code, str) and code.strip().upper() in REGISTRY


def _read(file: Path) -> tuple[Tournament, list[str] | None, tuple[str, ...], tuple[str, ...]]:
    """The event of a file, the known tie-breaks it names (TRF ``202``/``212``), if any, the
    warnings about the codes skipped, and the reader's other warnings. A code fairpair does
    not know is skipped, not an error: programs name tie-breaks in their own ways (BH/C1)."""
    tournament, document = read_event(file)
    if document is None:
        return tournament, None, (), ()
    codes, skipped = document.tiebreak_codes(_KnownCodes())
    return tournament, list(codes) or None, skipped, document.warnings


def _team_standings(file: Path, tiebreaks: str | None, output_format: OutputFormat) -> None:
    """The team standings of a TRF-2026 team file (spec team-swiss.md §10): the primary score,
    then ``--tiebreaks`` (team codes) or the secondary score; its 299 records count."""
    from fairpair.formats.trf_team import read_team_trf
    from fairpair.standings.team import compute_team_standings

    try:
        document = read_team_trf(file)
    except ValueError as error:  # FormatError included
        raise _fail(str(error)) from None
    except OSError as error:
        raise _fail(f"{file}: {error.strerror or error}") from None
    for warning in document.warnings:
        typer.echo(f"fairpair standings: warning: {warning}", err=True)
    codes = _split(tiebreaks) if tiebreaks is not None else list(TEAM_DEFAULT_TIEBREAKS)
    event = document.tournament()
    try:
        table = compute_team_standings(event, codes)
    except (UnknownTiebreakError, ValueError) as error:
        raise _fail(f"unknown team tie-break: {error}") from None
    title = f"{event.name or file.stem}: team standings after round {table.rounds}"
    typer.echo(_render(table, output_format, title), nl=False)


def _double_standings(
    file: Path,
    tiebreaks: str | None,
    output_format: OutputFormat,
    score: str,
    settings: TiebreakSettings,
) -> None:
    """The standings of a Double-Swiss TRF (``192 FIDE_DOUBLESWISS``, spec double-swiss.md
    §9) or JSON event: game points (``--score MP``: match points), then ``--tiebreaks``
    (team-style codes, computed on games) or the Double-Swiss defaults."""
    from fairpair.core import PrimaryScore
    from fairpair.formats.double_json import load_double_event
    from fairpair.formats.trf_double import read_double_trf
    from fairpair.standings.double import compute_double_standings

    primaries = {"PTS": PrimaryScore.GAME_POINTS, "GP": PrimaryScore.GAME_POINTS}
    primaries["MP"] = PrimaryScore.MATCH_POINTS
    primary = primaries.get(score.strip().upper())
    if primary is None:
        raise _fail(f"--score {score!r}: a Double-Swiss ranks by GP (game points) or MP")
    try:
        if file.suffix.lower() == ".json":
            event = load_double_event(json_text(file), str(file))
        else:
            event = read_double_trf(file).tournament()
    except ValueError as error:  # FormatError included
        raise _fail(str(error)) from None
    except OSError as error:
        raise _fail(f"{file}: {error.strerror or error}") from None
    codes = _split(tiebreaks) if tiebreaks is not None else None
    try:
        table = compute_double_standings(event, codes, settings, primary)
    except UnknownTiebreakError as error:
        raise _fail(str(error)) from None
    title = f"{event.name or file.stem}: standings after match-round {table.rounds}"
    typer.echo(_render(table, output_format, title), nl=False)


TEAM_DEFAULT_TIEBREAKS = ("MPvGP",)
"""A team file's tie-break when none is given: the secondary score (C.07 13.1)."""


def _render(table: StandingsTable, output_format: OutputFormat, title: str) -> str:
    match output_format:
        case OutputFormat.JSON:
            return standings_render.render_json(table)
        case OutputFormat.CSV:
            return standings_render.render_csv(table)
        case OutputFormat.HTML:
            return standings_render.render_html(table, title)
        case OutputFormat.TEXT:
            return standings_render.render_text(table, title)


def standings(
    file: Annotated[
        Path, typer.Argument(help="A TRF file (TRF-16 or TRF-2026) or a JSON event (.json).")
    ],
    tiebreaks: Annotated[
        str | None,
        typer.Option(
            "--tiebreaks",
            "-t",
            help="Comma-separated codes, e.g. 'BH-C1,BH,DE,WON' "
            "(default: the file's 202/212 record, else BH-C1,BH,DE,WON).",
        ),
    ] = None,
    output_format: Annotated[
        OutputFormat, typer.Option("--format", "-f", help="Output format.")
    ] = OutputFormat.TEXT,
    unplayed: Annotated[
        UnplayedRule,
        typer.Option("--unplayed", help="How unplayed rounds count (spec tiebreaks.md §1)."),
    ] = UnplayedRule.FIDE2023,
    fide2026: Annotated[
        bool,
        typer.Option("--fide2026", help="Apply the March 2026 amendment's dummy-score caps."),
    ] = False,
    score: Annotated[
        str,
        typer.Option("--score", help="Primary score: PTS, or MP (card games), MMS (McMahon)."),
    ] = "PTS",
    round_robin: Annotated[
        bool,
        typer.Option(
            "--round-robin",
            help="The event is a round robin: Koya's limit is taken of the games a player "
            "plays (an odd field's bye left out) and forfeits against the scheduled opponent "
            "count as games for SB (FIDE C.07 rule 4).",
        ),
    ] = False,
) -> None:
    """Print the standings: rank, start rank, name, rating, points and the tie-breaks."""
    if not file.is_file():
        raise _fail(f"{file}: no such file")
    if file.suffix.lower() != ".json" and is_team_file(file):
        _team_standings(file, tiebreaks, output_format)
        return
    settings = TiebreakSettings(
        unplayed_rule=unplayed,
        fide2026_caps=fide2026,
        round_robin=round_robin,
        unplayed_as_played=round_robin,
    )
    if is_double_swiss_file(file):  # a TRF with its 192 record, or a JSON event
        _double_standings(file, tiebreaks, output_format, score, settings)
        return
    try:
        tournament, named, skipped, warnings = _read(file)
    except ValueError as error:  # FormatError included
        raise _fail(str(error)) from None
    except OSError as error:
        raise _fail(f"{file}: {error.strerror or error}") from None
    for warning in (*warnings, *(skipped if tiebreaks is None else ())):
        typer.echo(f"fairpair standings: warning: {warning}", err=True)
    codes = _split(tiebreaks) if tiebreaks is not None else named or list(DEFAULT_TIEBREAKS)
    try:
        table = compute_standings(tournament, codes, settings, score=score)
    except UnknownTiebreakError as error:
        raise _fail(
            f"unknown tie-break {error.code!r}; valid codes: {', '.join(REGISTRY)}"
        ) from None
    name = tournament.name or file.stem
    title = f"{name}: standings after round {table.rounds}"
    typer.echo(_render(table, output_format, title), nl=False)
