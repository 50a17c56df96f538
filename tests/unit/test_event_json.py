"""The versioned JSON event format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairpair.core import Game, GameResult, MatchScore, Player, Round, Tournament
from fairpair.formats.event_json import EventJsonError, dump_event, load_event
from fairpair.formats.trf import parse_trf

EXAMPLE = (Path(__file__).parent / "data" / "example-b.trf").read_text()


def test_the_example_round_trips_and_is_versioned() -> None:
    t = parse_trf(EXAMPLE).tournament()
    text = dump_event(t)
    data = json.loads(text)
    assert (data["format"], data["version"]) == ("fairpair-event", 1)
    assert data["points"]["draw"] == "0.5"
    assert data["rounds"][0]["byes"] == [{"player": 7, "kind": "pairing_allocated"}]
    assert load_event(text) == t


def test_match_scores_round_trip() -> None:
    game = Game(1, 2, GameResult.WHITE_WINS, coloured=False, match_score=MatchScore(2, 1, 0))
    t = Tournament((Player(1, "A"), Player(2, "B")), (Round(1, (game,)),))
    assert load_event(dump_event(t)) == t


def test_a_k_factor_round_trips_and_is_written_only_when_set() -> None:
    t = Tournament((Player(1, "A", 2100, k_factor=40), Player(2, "B")))
    data = json.loads(dump_event(t))
    assert data["players"][0]["k_factor"] == 40
    assert "k_factor" not in data["players"][1]  # files without K read and write as before
    assert load_event(dump_event(t)) == t


def broken(change: str) -> str:
    data = json.loads(dump_event(parse_trf(EXAMPLE).tournament()))
    exec(change, {"data": data})
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ("data['version'] = 3", "$.version", "unsupported version 3"),
        ("data['format'] = 'x'", "$.format", "expected 'fairpair-event'"),
        ("data['players'][1]['id'] = '2'", "$.players[1].id", "expected an integer"),
        ("data['players'][0]['nick'] = 'x'", "$.players[0].nick", "unknown field"),
        ("data['players'][0]['k_factor'] = '40'", "$.players[0].k_factor", "expected an integer"),
        ("data['players'][0]['k_factor'] = 0", "$.players[0]", "a K-factor is between 1"),
        ("del data['rounds'][0]['byes']", "$.rounds[0].byes", "missing field"),
        ("data['rounds'][1]['games'][0]['result'] = '2-0'", "$.rounds[1].games[0].result", ""),
        ("data['rounds'][0]['byes'][0]['kind'] = 'x'", "$.rounds[0].byes[0].kind", "expected"),
        ("data['points']['win'] = '1.25'", "$.points.win", "expected points"),
        ("data['points']['loss'] = '2'", "$.points", "a point system needs"),
        (
            "data['rounds'][0]['games'][0]['black'] = 1",
            "$.rounds[0].games[0]",
            "player 1 cannot play",
        ),
        ("data['rounds'][0]['byes'][0]['player'] = 1", "$.rounds[0]", "player 1 appears twice"),
        ("data['rounds'][0]['number'] = 4", "$", "round 1 is numbered 4"),
    ],
)
def test_errors_name_the_json_path(change: str, field: str, message: str) -> None:
    with pytest.raises(EventJsonError) as caught:
        load_event(broken(change), "event.json")
    assert caught.value.field == field
    assert str(caught.value).startswith(f"event.json: {field}: {message}")


def test_syntax_errors_name_line_and_column() -> None:
    with pytest.raises(EventJsonError) as caught:
        load_event('{\n  "format": ,\n}', "event.json")
    assert (caught.value.line, caught.value.column) == (2, 13)
