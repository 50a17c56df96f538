"""Every file of the team reference corpus (tests/data/reference/team) reads, and the scores
that core.team_scores recomputes from its rounds are the ones the reference tooling wrote in
the 310 records: an independent check of the team reader (§12.11) and of team scoring (§1.5-1.7)
together. Written back, every file is the same bytes, with its document or without it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from fairpair.core import GameResult
from fairpair.core.teams import team_scores
from fairpair.formats.trf_team import parse_team_trf, read_team_trf, write_team_trf
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


ALL = INPUTS + FINALS + EXAMPLES


def test_every_file_is_written_back_byte_for_byte() -> None:
    for path in ALL:
        document = read_team_trf(path)
        text = write_team_trf(document.tournament(), like=document)
        assert text.encode(document.encoding) == path.read_bytes(), path


def test_a_fresh_file_has_the_layout_of_the_reference_tooling() -> None:
    # The corpus was written by the reference tooling (reference/team/README.md); written
    # from the event alone, without the document, every file comes out the same.
    for path in ALL:
        document = read_team_trf(path)
        assert write_team_trf(document.tournament()) == document.to_text(), path


def test_a_change_rewrites_only_the_records_it_touches() -> None:
    path = TEAM / "team-0001" / "final.trf"
    document = read_team_trf(path)
    event = document.tournament()
    last = event.rounds[-1]
    match = last.matches[0]
    board = match.boards[0]
    assert board.first is not None and board.second is not None and board.played
    other = GameResult.WHITE_WINS if board.result is GameResult.DRAW else GameResult.DRAW
    flipped = dataclasses.replace(board, result=other)
    changed_match = dataclasses.replace(match, boards=(flipped, *match.boards[1:]))
    changed_round = dataclasses.replace(last, matches=(changed_match, *last.matches[1:]))
    team = event.team(match.first)
    renamed = dataclasses.replace(team, name="Renamed")
    changed = dataclasses.replace(
        event,
        rounds=(*event.rounds[:-1], changed_round),
        teams=tuple(renamed if t.id == team.id else t for t in event.teams),
    )
    before = document.to_text().splitlines()
    after = write_team_trf(changed, like=document).splitlines()
    assert len(after) == len(before)
    differ = {tuple(old.split()[:2]) for old, new in zip(before, after, strict=True) if old != new}
    # The two players of the board (their cell and points) and the two teams (scores; name).
    assert differ == {
        ("001", str(board.first)),
        ("001", str(board.second)),
        ("310", str(match.first)),
        ("310", str(match.second)),
    }
    reread = parse_team_trf(write_team_trf(changed, like=document)).tournament()
    assert reread == changed
