"""``fairpair pair``: pair the next round of a TRF or JSON file and show it (table, JSON or TRF)."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fairpair.cli.common import is_team_file, one_line, pairing_table, read_json_event
from fairpair.cli.engine import next_round_state
from fairpair.cli.pair_double import is_double_swiss_file, pair_double_file
from fairpair.core import ForbiddenPairs, Pairing, PlayerId, Tournament, format_points, scores
from fairpair.formats.errors import FormatError
from fairpair.formats.trf import TrfDocument, read_trf, write_trf
from fairpair.pairing.alternatives import Alternative, alternative_pairings
from fairpair.pairing.casual import NoValidPairing as NoCasualPairing
from fairpair.pairing.controls import (
    forbid_shared_attribute,
    with_fixed_boards,
    without_fixed_players,
)
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.registry import (
    DOUBLE_SWISS_SYSTEMS,
    SYSTEMS,
    TEAM_SYSTEMS,
    pairing_system,
    round_criteria,
)


class OutputFormat(StrEnum):
    text = "text"
    json = "json"
    trf = "trf"


class _BadOption(Exception):
    """A director's option that names nobody or cannot be read."""


def _fail(message: str, code: int) -> typer.Exit:
    # soft_wrap: one line however long, on a terminal or into a log file; escape: a message
    # that quotes "[...]" (a file name, a TRF field) is printed as it is, not read as markup.
    Console(stderr=True).print(
        f"[red]error:[/red] {escape(one_line(message))}", highlight=False, soft_wrap=True
    )
    return typer.Exit(code=code)


def pair(
    file: Annotated[Path, typer.Argument(help="The event so far: a TRF or a .json file.")],
    system: Annotated[
        str,
        typer.Option(
            "--system",
            help=f"One of: {', '.join([*SYSTEMS, *TEAM_SYSTEMS, *DOUBLE_SWISS_SYSTEMS])}.",
        ),
    ] = "dutch",
    output: Annotated[
        OutputFormat, typer.Option("--format", help="Output format.")
    ] = OutputFormat.text,
    explain: Annotated[
        bool, typer.Option("--explain", help="Say why each board is as it is.")
    ] = False,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the casual Swiss's random tie order.")
    ] = 0,
    fixed: Annotated[
        list[str] | None,
        typer.Option(
            "--fixed",
            help="A board fixed by the director, W-B (start numbers; a team file: a match, "
            "White team-Black team by pairing numbers).",
        ),
    ] = None,
    forbid: Annotated[
        list[str] | None,
        typer.Option(
            "--forbid",
            help="Players A,B,... who may not meet in this round (a team file: teams).",
        ),
    ] = None,
    separate_by: Annotated[
        str | None,
        typer.Option(
            "--separate-by",
            help="club or federation: keep its players apart (TRF files carry no clubs).",
        ),
    ] = None,
    alternatives: Annotated[
        int,
        typer.Option(
            "--alternatives",
            min=0,
            help="Also list the K next-best pairings and the first criterion each loses on.",
        ),
    ] = 0,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            min=1,
            help="The event's number of rounds, raised by the director (the file's XXR/142 "
            "stops the pairing after its last round otherwise).",
        ),
    ] = None,
) -> None:
    """Pair the next round of an event stored as a TRF or JSON file (a TRF-2026 team file
    with a team system: team-swiss, team-berger; a Double-Swiss file, TRF or JSON, with
    double-swiss)."""
    if system in DOUBLE_SWISS_SYSTEMS or (
        system not in TEAM_SYSTEMS and is_double_swiss_file(file)
    ):
        if fixed or separate_by or alternatives:
            raise _fail(
                "--fixed, --separate-by and --alternatives are not offered for Double-Swiss "
                "events yet",
                3,
            )
        pair_double_file(file, output.value, forbid=forbid or [], rounds=rounds, explain=explain)
        return
    if system in TEAM_SYSTEMS or (file.suffix.lower() != ".json" and is_team_file(file)):
        from fairpair.cli.pair_team import pair_team_file

        if separate_by or alternatives or rounds:
            raise _fail(
                "--separate-by, --alternatives and --rounds are not offered for team files yet",
                3,
            )
        pair_team_file(
            file,
            system if system in TEAM_SYSTEMS else None,
            output.value,
            fixed=fixed or [],
            forbid=forbid or [],
            explain=explain,
        )
        return
    try:
        pair_round = pairing_system(system, seed=seed)
        criteria_of = round_criteria(system, seed=seed)
    except KeyError as error:
        raise _fail(str(error.args[0]), 3) from None
    if alternatives and output is OutputFormat.trf:
        raise _fail("--alternatives needs --format text or json", 3)
    document: TrfDocument | None = None
    try:
        # A JSON event keeps what a TRF cannot say (late entries, clubs); anything else is TRF.
        if file.suffix.lower() == ".json":
            tournament, document = read_json_event(file)
        else:
            document = read_trf(file)
            tournament = document.tournament()
    except FormatError as error:
        raise _fail(str(error), 3) from None
    except OSError as error:
        raise _fail(f"{file}: {error.strerror or error}", 5) from None
    if rounds is not None:
        tournament = tournament.replace(total_rounds=rounds)
    state = next_round_state(tournament)
    last = tournament.total_rounds
    if last is not None and state.next_round > last:
        where = "--rounds" if rounds is not None else f"{file} (XXR/142)"
        raise _fail(
            f"round {state.next_round} is past the last round, {last}, set by {where}; "
            "to add rounds, give their new number with --rounds N",
            3,
        )
    try:
        state = with_director_rules(state, forbid or [], separate_by)
        fixed_boards = [_fixed_board(state, text) for text in fixed or []]
    except _BadOption as error:
        raise _fail(str(error), 3) from None
    if fixed_boards:
        pair_round = with_fixed_boards(pair_round, fixed_boards)
    try:
        pairing = pair_round(state)
    except (NoValidPairing, NoCasualPairing) as error:
        raise _fail(f"no valid pairing: {error}", 1) from None
    except PairingInputError as error:
        raise _fail(str(error), 3) from None
    found: tuple[Alternative, ...] = ()
    if alternatives:
        # With fixed boards the engine paired the others: so do the alternatives.
        field = without_fixed_players(state, fixed_boards)
        engine_part = Pairing(pairing.round, pairing.boards[len(fixed_boards) :], pairing.bye)
        found = alternative_pairings(engine_part, criteria_of(field), alternatives)
    fixed_pairs = tuple((g.white, g.black) for g in pairing.boards[: len(fixed_boards)])
    if output is OutputFormat.json:
        data = as_json(pairing, explain)
        if alternatives:
            data["alternatives"] = [alternative_json(a, fixed_pairs) for a in found]
        typer.echo(json.dumps(data, indent=2))
    elif output is OutputFormat.trf:
        # Written over the file read: its own records, order and line endings stay.
        paired = state.with_round(pairing.to_round(state))
        try:
            written = write_trf(paired, like=document)
        except ValueError as error:  # a value the format has no room for
            raise _fail(f"{file}: cannot write the TRF: {error}", 3) from None
        typer.echo(written, nl=False)
    else:
        console = Console()
        console.print(as_table(state, pairing))
        if explain:
            for note in pairing.notes:
                typer.echo(f"{note.board:>3}  {note.text}")
        if alternatives:
            if not found:
                typer.echo("No other pairing keeps the absolute criteria.")
            for alternative in found:
                console.print(alternative_table(state, pairing, alternative, len(fixed_pairs)))


def with_director_rules(
    state: Tournament, forbid: list[str], separate_by: str | None
) -> Tournament:
    """The snapshot with ``--separate-by`` (every round) and ``--forbid`` (this round)."""
    if separate_by is not None:
        if separate_by not in ("club", "federation"):
            raise _BadOption(f"--separate-by {separate_by!r}: expected club or federation")
        state = forbid_shared_attribute(state, "club" if separate_by == "club" else "federation")
    rnd = state.next_round
    groups = tuple(
        ForbiddenPairs(_player_list(state, "--forbid", text), rnd, rnd) for text in forbid
    )
    return state.replace(forbidden=(*state.forbidden, *groups))


def _player_list(state: Tournament, option: str, text: str) -> tuple[PlayerId, ...]:
    parts = [part.strip() for part in text.split(",")]
    if len(parts) < 2 or not all(part.isascii() and part.isdecimal() for part in parts):
        raise _BadOption(f"{option} {text!r}: expected start numbers A,B,...")
    players = tuple(int(part) for part in parts)
    if len(set(players)) != len(players):
        raise _BadOption(f"{option} {text!r}: a player is named twice")
    for pid in players:
        if not state.has_player(pid):
            raise _BadOption(f"{option} {text!r}: no player with start number {pid}")
    return players


def _fixed_board(state: Tournament, text: str) -> tuple[PlayerId, PlayerId]:
    white, sep, black = text.partition("-")
    if not sep or not all(n.strip().isascii() and n.strip().isdecimal() for n in (white, black)):
        raise _BadOption(f"--fixed {text!r}: expected W-B, two start numbers")
    board = (int(white), int(black))
    for pid in board:
        if not state.has_player(pid):
            raise _BadOption(f"--fixed {text!r}: no player with start number {pid}")
    if board[0] == board[1]:
        raise _BadOption(f"--fixed {text!r}: a player cannot play himself")
    return board


def as_json(pairing: Pairing, explain: bool = False) -> dict[str, object]:
    """The pairing as ``{"round", "boards": [{"board", "white", "black"}], "bye"}``."""
    data: dict[str, object] = {
        "round": pairing.round,
        "boards": [
            {"board": number, "white": game.white, "black": game.black}
            for number, game in enumerate(pairing.boards, start=1)
        ],
        "bye": pairing.bye,
    }
    if explain:
        data["notes"] = [{"board": n.board, "text": n.text} for n in pairing.notes]
    return data


def as_table(tournament: Tournament, pairing: Pairing) -> Table:
    """An aligned table: board, white and black with their scores, then the bye."""
    points = scores(tournament)
    return pairing_table(
        pairing,
        ("Board", "White", "Black"),
        lambda pid: f"{tournament.player(pid).name} ({pid})",
        lambda pid: format_points(points[pid]),
    )


def alternative_reason(alternative: Alternative) -> str:
    """Why the system did not choose it: the first criterion on which it differs."""
    if alternative.difference is None:
        return (
            "ties on every criterion: the system's own order of candidates "
            "(transpositions, exchanges, tie order) chose the other"
        )
    return alternative.difference.describe()


def alternative_json(
    alternative: Alternative, fixed: tuple[tuple[PlayerId, PlayerId], ...] = ()
) -> dict[str, object]:
    """An alternative as ``{"rank", "pairs", "bye", "changed_boards", "new_pairs",
    "loses_on", "criteria"}``: ``loses_on`` is the first criterion it differs on (null for a
    tie on every criterion), ``criteria`` every one, with the chosen and its own values.
    ``fixed`` boards (the first boards of the round) are in ``pairs`` but never change."""
    difference = alternative.difference
    loses_on: dict[str, object] | None = None
    if difference is not None:
        criterion = difference.criterion
        loses_on = {
            "criterion": criterion.code,
            "bracket": None if criterion.bracket is None else format_points(criterion.bracket),
            "worse": difference.worse,
            "text": difference.describe(),
        }
        if criterion.kind == "count":
            loses_on["by"] = abs(difference.alternative - difference.chosen)
    return {
        "rank": alternative.rank,
        "pairs": [list(pair) for pair in (*fixed, *alternative.pairs)],
        "bye": alternative.bye,
        "changed_boards": [n + len(fixed) for n in alternative.changed_boards],
        "new_pairs": [list(pair) for pair in alternative.new_pairs],
        "loses_on": loses_on,
        "criteria": [
            {
                "criterion": d.criterion.code,
                "bracket": None
                if d.criterion.bracket is None
                else format_points(d.criterion.bracket),
                "kind": d.criterion.kind,
                "chosen": d.chosen,
                "alternative": d.alternative,
                "worse": d.worse,
            }
            for d in alternative.differences
        ],
    }


def alternative_table(
    tournament: Tournament, chosen: Pairing, alternative: Alternative, fixed: int = 0
) -> Table:
    """The boards of the chosen pairing that an alternative breaks up, and its new pairs
    (``fixed``: how many fixed boards come first; the alternatives never change them)."""
    points = scores(tournament)
    table = Table(
        title=f"Alternative {alternative.rank}: {alternative_reason(alternative)}",
        title_justify="left",
    )
    table.add_column("Replaces boards", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("Opponent")
    table.add_column("Score", justify="right")

    def name(pid: int) -> str:
        return f"{tournament.player(pid).name} ({pid})"

    boards = ", ".join(str(b + fixed) for b in alternative.changed_boards)
    rows: list[tuple[str, str, str, str]] = [
        (name(a), format_points(points[a]), name(b), format_points(points[b]))
        for a, b in alternative.new_pairs
    ]
    if alternative.bye is not None and alternative.bye != chosen.bye:
        rows.append((name(alternative.bye), format_points(points[alternative.bye]), "bye", ""))
    for number, row in enumerate(rows):
        table.add_row(boards if number == 0 else "", *row)
    return table
