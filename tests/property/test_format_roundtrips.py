"""Every format gives back exactly the tournament it was given."""

from __future__ import annotations

from hypothesis import given, settings

from fairpair.core import Tournament
from fairpair.formats.event_json import dump_event, load_event
from fairpair.formats.trf import parse_trf, write_trf
from tests.strategies import event_tournaments


@settings(max_examples=200, deadline=None)
@given(event_tournaments())
def test_trf16_round_trip(tournament: Tournament) -> None:
    text = write_trf(tournament, "trf16")
    document = parse_trf(text)
    assert document.tournament() == tournament
    assert document.to_text() == text


@settings(max_examples=200, deadline=None)
@given(event_tournaments())
def test_trf2026_round_trip(tournament: Tournament) -> None:
    assert parse_trf(write_trf(tournament, "trf2026")).tournament() == tournament


@settings(max_examples=200, deadline=None)
@given(event_tournaments(trf=False))
def test_event_json_round_trip(tournament: Tournament) -> None:
    text = dump_event(tournament)
    assert load_event(text, "event.json") == tournament
    assert dump_event(load_event(text)) == text


@settings(max_examples=50, deadline=None)
@given(event_tournaments())
def test_trf_and_json_describe_the_same_event(tournament: Tournament) -> None:
    through_json = load_event(dump_event(tournament))
    assert parse_trf(write_trf(through_json, "trf2026")).tournament() == tournament
