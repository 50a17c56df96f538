"""A team event written as a TRF-2026 team file reads back as the same event (formats/
trf_team.py), up to what the format does not state: the order of the matches in a round, and
a 192 code derived from the colour model and the scores when the event has none."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings

from fairpair.core.teams import TeamTournament, alternating_colours
from fairpair.formats.trf_team import (
    event_system,
    parse_team_trf,
    team_code,
    team_system,
    write_team_trf,
)
from tests.strategies import team_trf_events


def canonical(t: TeamTournament) -> TeamTournament:
    """The event in the form the reader gives: matches by their smaller TPN, byes by TPN,
    requests by round, kind and TPN, the default board colours as none, a 192 that states
    the event."""
    rounds = tuple(
        dataclasses.replace(
            rnd,
            matches=tuple(sorted(rnd.matches, key=lambda m: min(m.first, m.second))),
            byes=tuple(sorted(rnd.byes, key=lambda b: b.team)),
        )
        for rnd in t.rounds
    )
    requests = tuple(sorted(t.requested_byes, key=lambda r: (r.round, r.kind.value, r.player)))
    colours = () if t.board_colours == alternating_colours(t.boards) else t.board_colours
    system = t.system
    if team_system(system) != event_system(t):
        system = team_code(event_system(t))
    return dataclasses.replace(
        t, rounds=rounds, requested_byes=requests, board_colours=colours, system=system
    )


@settings(max_examples=300, deadline=None)
@given(team_trf_events())
def test_a_team_event_written_and_read_back_is_the_same(event: object) -> None:
    assert isinstance(event, TeamTournament)
    text = write_team_trf(event)
    document = parse_team_trf(text, "written.trf")
    assert document.tournament() == canonical(event)
    assert not document.warnings
    # Written over its own document, the file is the same text.
    assert write_team_trf(document.tournament(), like=document) == text
