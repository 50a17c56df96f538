"""Every format gives back exactly the tournament it was given."""

from __future__ import annotations

from hypothesis import given, settings

from fairpair.core import Tournament
from fairpair.formats.trf import parse_trf, write_trf
from tests.strategies import event_tournaments


@settings(max_examples=300, deadline=None)
@given(event_tournaments())
def test_trf16_round_trip(tournament: Tournament) -> None:
    text = write_trf(tournament, "trf16")
    document = parse_trf(text)
    assert document.tournament() == tournament
    assert document.to_text() == text


@settings(max_examples=300, deadline=None)
@given(event_tournaments())
def test_trf2026_round_trip(tournament: Tournament) -> None:
    assert parse_trf(write_trf(tournament, "trf2026")).tournament() == tournament
