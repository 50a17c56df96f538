"""``fairpair pair`` for a TRF-2026 team file: the next round of a team event (TPNs in the
output where an individual event has start numbers), as a table, JSON or the team file with
the round added (line-ups in roster order, results to come)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from fairpair.cli.common import pairing_table
from fairpair.core import Pairing, format_points
from fairpair.core.teams import (
    TeamTournament,
    team_scores,
)
from fairpair.formats.errors import FormatError
from fairpair.formats.trf_team import read_team_trf, write_team_trf
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.registry import team_pairing_system
from fairpair.pairing.team_replay import with_paired_round


def _table(t: TeamTournament, pairing: Pairing) -> Table:
    primary = 0 if t.scoring.primary.value == "MP" else 1
    points = {tpn: values[primary] for tpn, values in team_scores(t).items()}
    return pairing_table(
        pairing,
        ("Match", "White team", "Black team"),
        lambda tpn: f"{t.team(tpn).name} ({tpn})",
        lambda tpn: format_points(points[tpn]),
    )


def pair_team_file(
    file: Path, system: str, output: str, fail: type[Exception] | None = None
) -> None:
    """Pair the next round of a team file with the team system ``system`` and print it in
    ``output`` (text, json or trf). Exits 1 without a legal pairing, 3 for bad input, 5 for
    a file that cannot be read."""
    from fairpair.cli.pair import _fail

    try:
        pair_round = team_pairing_system(system)
    except KeyError as error:
        raise _fail(str(error.args[0]), 3) from None
    try:
        document = read_team_trf(file)
    except FormatError as error:
        raise _fail(str(error), 3) from None
    except OSError as error:
        raise _fail(f"{file}: {error.strerror or error}", 5) from None
    event = document.tournament()
    if event.total_rounds is not None and event.next_round > event.total_rounds:
        raise _fail(
            f"round {event.next_round} is past the last round, {event.total_rounds}, set by "
            f"{file} (142)",
            3,
        )
    try:
        pairing = pair_round(event)
    except NoValidPairing as error:
        raise _fail(f"no valid pairing: {error}", 1) from None
    except PairingInputError as error:
        raise _fail(str(error), 3) from None
    if output == "json":
        from fairpair.cli.pair import as_json

        typer.echo(json.dumps(as_json(pairing), indent=2))
    elif output == "trf":
        typer.echo(write_team_trf(with_paired_round(event, pairing), like=document), nl=False)
    else:
        Console().print(_table(event, pairing))
