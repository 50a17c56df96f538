"""``fairpair pair`` for a Double-Swiss event (FIDE C.04.5): the next match-round of a TRF in the
two-columns-per-match encoding (spec double-swiss.md §9) or of a Double-Swiss JSON event, as a
table (each board names the White of game 1 first; game 2 reverses the colours), JSON, or the
file with the round added (the matches to be played)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from fairpair.cli.common import json_text, pairing_table
from fairpair.core import ForbiddenPairs, Pairing, format_points
from fairpair.core.double_swiss import DoubleSwissTournament, scores
from fairpair.formats.double_json import load_double_event
from fairpair.formats.errors import FormatError
from fairpair.formats.trf_double import DoubleTrfDocument, read_double_trf, write_double_trf
from fairpair.pairing.double_swiss import with_paired_round
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.registry import double_swiss_pairing_system


def is_double_swiss_file(path: Path) -> bool:
    """A Double-Swiss TRF (its ``192`` record) or JSON event (``"kind": "double-swiss"``); a
    file that cannot be opened or read is not, and is left to the other readers' errors."""
    from fairpair.formats.double_json import KIND
    from fairpair.formats.trf_double import is_double_swiss_trf

    try:
        text = path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return False
    if path.suffix.lower() != ".json":
        return is_double_swiss_trf(text)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep: the reader says so
        return False
    return isinstance(data, dict) and data.get("kind") == KIND


def _table(t: DoubleSwissTournament, pairing: Pairing) -> Table:
    points = scores(t)
    names = {p.id: p.name for p in t.players}
    return pairing_table(
        pairing,
        ("Board", "White in game 1", "Black in game 1"),
        lambda pid: f"{names[pid]} ({pid})",
        lambda pid: format_points(points[pid] * 5),
    )


def _forbidden(t: DoubleSwissTournament, forbid: list[str]) -> DoubleSwissTournament:
    """The event with each ``--forbid A,B,...`` group kept apart in the round to pair;
    :class:`ValueError` naming the option that is wrong."""
    known = set(t.player_ids)
    rnd = t.next_round
    groups: list[ForbiddenPairs] = []
    for text in forbid:
        parts = [part.strip() for part in text.split(",")]
        if len(parts) < 2 or not all(part.isdecimal() for part in parts):
            raise ValueError(f"--forbid {text!r}: expected start numbers A,B,...")
        players = tuple(int(part) for part in parts)
        for pid in players:
            if pid not in known:
                raise ValueError(f"--forbid {text!r}: no player with start number {pid}")
        groups.append(ForbiddenPairs(players, rnd, rnd))
    return dataclasses.replace(t, forbidden=(*t.forbidden, *groups))


def pair_double_file(
    file: Path,
    output: str,
    *,
    forbid: list[str] | None = None,
    rounds: int | None = None,
    explain: bool = False,
) -> None:
    """Pair the next match-round of a Double-Swiss file by C.04.5 and print it in ``output``
    (text, json or trf); ``forbid`` groups (``A,B``) kept apart in that round, ``rounds`` the
    number of match-rounds raised by the director. Exits 1 without a legal pairing, 3 for bad
    input, 5 for a file that cannot be read."""
    from fairpair.cli.pair import _fail

    document: DoubleTrfDocument | None = None
    try:
        if file.suffix.lower() == ".json":
            event = load_double_event(json_text(file), str(file))
        else:
            document = read_double_trf(file)
            event = document.tournament()
    except (FormatError, UnicodeDecodeError) as error:
        raise _fail(str(error), 3) from None
    except OSError as error:
        raise _fail(f"{file}: {error.strerror or error}", 5) from None
    if rounds is not None:
        event = dataclasses.replace(event, total_rounds=rounds)
    last = event.total_rounds
    if last is None:
        raise _fail(
            f"{file}: the number of match-rounds is missing (a 142 record, twice the "
            "match-rounds); give it with --rounds N",
            3,
        )
    if event.next_round > last:
        where = "--rounds" if rounds is not None else f"{file} (142)"
        raise _fail(
            f"match-round {event.next_round} is past the last match-round, {last}, set by "
            f"{where}; to add rounds, give their new number with --rounds N",
            3,
        )
    try:
        state = _forbidden(event, forbid or [])
    except ValueError as error:
        raise _fail(str(error), 3) from None
    try:
        pairing = double_swiss_pairing_system()(state)
    except NoValidPairing as error:
        raise _fail(f"no valid pairing: {error}", 1) from None
    except PairingInputError as error:
        raise _fail(f"{file}: {error}", 3) from None
    if output == "json":
        from fairpair.cli.pair import as_json

        typer.echo(json.dumps(as_json(pairing, explain), indent=2))
    elif output == "trf":
        # The round is added to the event as read (a --forbid of this round is no record).
        paired = with_paired_round(event, pairing)
        if document is None:
            typer.echo(write_double_trf(paired), nl=False)
        else:
            typer.echo(write_double_trf(paired, like=document), nl=False)
    else:
        Console().print(_table(event, pairing))
        if explain:
            for note in pairing.notes:
                typer.echo(f"{note.board:>3}  {note.text}")
