"""``fairpair pair`` for a TRF-2026 team file: the next round of a team event (TPNs in the
output where an individual event has start numbers), as a table, JSON or the team file with
the round added (line-ups in roster order, results to come)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from fairpair.cli.common import pairing_table
from fairpair.core import ForbiddenPairs, Pairing, format_points
from fairpair.core.teams import (
    FixedMatch,
    TeamTournament,
    team_scores,
)
from fairpair.formats.errors import FormatError
from fairpair.formats.trf_team import read_team_trf, write_team_trf
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.registry import team_pairing_system, team_system_of
from fairpair.pairing.team_controls import blocking_controls, with_fixed_matches
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


def _team_numbers(event: TeamTournament, option: str, text: str, sep: str) -> tuple[int, ...]:
    parts = [part.strip() for part in text.split(sep)]
    if len(parts) < 2 or not all(part.isdecimal() for part in parts):
        shape = "W-B, two team pairing numbers" if sep == "-" else "team pairing numbers A,B,..."
        raise ValueError(f"{option} {text!r}: expected {shape}")
    teams = tuple(int(part) for part in parts)
    for tpn in teams:
        if not event.has_team(tpn):
            raise ValueError(f"{option} {text!r}: no team with pairing number {tpn}")
    return teams


def with_director_rules(
    event: TeamTournament, fixed: list[str], forbid: list[str]
) -> TeamTournament:
    """The event with ``--forbid`` teams kept apart and the ``--fixed`` matches (White team,
    Black team) in the round to pair; :class:`ValueError` naming the option that is wrong."""
    rnd = event.next_round
    rules = tuple(
        ForbiddenPairs(_team_numbers(event, "--forbid", text, ","), rnd, rnd) for text in forbid
    )
    matches: list[FixedMatch] = []
    for text in fixed:
        teams = _team_numbers(event, "--fixed", text, "-")
        if len(teams) != 2 or teams[0] == teams[1]:
            raise ValueError(f"--fixed {text!r}: expected W-B, two different teams")
        matches.append(FixedMatch(rnd, teams[0], teams[1]))
    return dataclasses.replace(
        event, forbidden=(*event.forbidden, *rules), fixed=(*event.fixed, *matches)
    )


def pair_team_file(
    file: Path,
    system: str | None,
    output: str,
    *,
    fixed: list[str] | None = None,
    forbid: list[str] | None = None,
    explain: bool = False,
) -> None:
    """Pair the next round of a team file with the team system ``system`` (None: the one its
    ``192`` record names) and print it in
    ``output`` (text, json or trf); ``fixed`` matches (``W-B``, team pairing numbers) and
    ``forbid`` groups (``A,B``) for that round. Exits 1 without a legal pairing, 3 for bad
    input, 5 for a file that cannot be read."""
    from fairpair.cli.pair import _fail

    try:
        document = read_team_trf(file)
    except FormatError as error:
        raise _fail(str(error), 3) from None
    except OSError as error:
        raise _fail(f"{file}: {error.strerror or error}", 5) from None
    event = document.tournament()
    try:
        system = system or team_system_of(event.system)
        pair_round = team_pairing_system(system)
    except KeyError as error:
        raise _fail(str(error.args[0]), 3) from None
    except PairingInputError as error:
        raise _fail(f"{file}: {error}", 3) from None
    if event.total_rounds is not None and event.next_round > event.total_rounds:
        raise _fail(
            f"round {event.next_round} is past the last round, {event.total_rounds}, set by "
            f"{file} (142)",
            3,
        )
    try:
        state = with_director_rules(event, fixed or [], forbid or [])
    except ValueError as error:
        raise _fail(str(error), 3) from None
    matches = [(m.first, m.second) for m in state.fixed_matches()]
    if matches and system == "team-berger":
        raise _fail("--fixed: a round robin follows its schedule; a match cannot be fixed", 3)
    pairer = with_fixed_matches(pair_round, matches) if matches else pair_round
    try:
        pairing = pairer(state)
    except NoValidPairing as error:
        blocking = blocking_controls(pair_round, state)
        why = "" if blocking is None else f" ({blocking})"
        raise _fail(f"no valid pairing: {error}{why}", 1) from None
    except PairingInputError as error:
        raise _fail(str(error), 3) from None
    if output == "json":
        from fairpair.cli.pair import as_json

        typer.echo(json.dumps(as_json(pairing, explain), indent=2))
    elif output == "trf":
        typer.echo(write_team_trf(with_paired_round(event, pairing), like=document), nl=False)
    else:
        Console().print(_table(event, pairing))
        if explain:
            for note in pairing.notes:
                typer.echo(f"{note.board:>3}  {note.text}")
