"""Every file of the team reference corpus (tests/data/reference/team) reads, and the scores
that core.team_scores recomputes from its rounds are the ones the reference tooling wrote in
the 310 records: an independent check of the team reader (§12.11) and of team scoring (§1.5-1.7)
together."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.core.teams import team_scores
from fairpair.formats.trf_team import read_team_trf
from tests.golden_data import TEAM, files, team_events

EVENTS = team_events()
FINALS = [event / "final.trf" for event in EVENTS]
INPUTS = [path for event in EVENTS for path in sorted(event.glob("r[0-9][0-9].trf"))]
EXAMPLES = files(TEAM / "disagreements", "*.trf", 12)


def ids(paths: list[Path]) -> list[str]:
    return [f"{p.parent.name}/{p.name}" for p in paths]


def test_the_corpus_is_complete() -> None:
    assert len(INPUTS) == 351  # one input per round of rounds.csv


@pytest.mark.parametrize("path", FINALS + EXAMPLES, ids=ids(FINALS + EXAMPLES))
def test_the_310_scores_are_the_recomputed_ones(path: Path) -> None:
    document = read_team_trf(path)
    event = document.tournament()
    scores = team_scores(event)
    written = {r.team.id: (r.match_points, r.game_points) for r in document.teams}
    assert scores == written
    assert not document.warnings


def test_every_round_input_reads_as_the_rounds_before_it() -> None:
    for path in INPUTS:
        document = read_team_trf(path)
        event = document.tournament()
        number = int(path.stem[1:])
        assert len(event.rounds) == number - 1, path
        assert all(bye.round == number for bye in event.requested_byes), path
        written = {r.team.id: (r.match_points, r.game_points) for r in document.teams}
        assert team_scores(event) == written, path
        # The rounds before are those of the whole event.
        final = read_team_trf(path.parent / "final.trf").tournament()
        assert event.rounds == final.rounds[: number - 1], path
