"""Registering many players in one copy (``Tournament.with_players``) gives exactly the event
that registering them one at a time gives, and an import's log record and stored snapshot are
what they were: only the work is linear now (figures: ``benchmarks/bench_register.py``)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import AWARDABLE_BYES, ByeKind, Player, Tournament
from fairpair.formats.event_json import dump_event, load_event
from fairpair.service import actions
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, System
from fairpair.storage import MemoryStore
from tests.strategies import event_tournaments


def _newcomers(t: Tournament, count: int) -> list[Player]:
    first = max(t.player_ids, default=0) + 1
    return [Player(first + i, f"New {i}", rating=1500 + i) for i in range(count)]


@settings(max_examples=60, deadline=None)
@given(
    event_tournaments(trf=False),
    st.integers(0, 6),
    st.data(),
)
def test_with_players_is_with_player_for_each(
    t: Tournament, count: int, data: st.DataObject
) -> None:
    new = _newcomers(t, count)
    missed = data.draw(
        st.lists(st.sampled_from(AWARDABLE_BYES), min_size=len(t.rounds), max_size=len(t.rounds))
    )
    one_by_one = t
    for player in new:
        one_by_one = one_by_one.with_player(player, missed)
    assert t.with_players(new, missed) == one_by_one


def test_with_players_refuses_a_start_number_taken_or_given_twice() -> None:
    t = Tournament(players=(Player(1, "A"),))
    with pytest.raises(ValueError, match="two players have the id 1"):
        t.with_players([Player(2, "B"), Player(1, "C")])
    with pytest.raises(ValueError, match="two players have the id 3"):
        t.with_players([Player(3, "B"), Player(3, "C")])


def test_an_import_repeating_a_start_number_is_refused_by_the_log() -> None:
    t = Tournament(players=(Player(1, "A"),))
    payload = {
        "players": [actions.player_data(Player(2, "B")), actions.player_data(Player(2, "C"))]
    }
    with pytest.raises(CommandError, match="start number 2 is taken"):
        actions.apply(t, "players.imported", payload)


def _desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "test")


def test_an_import_is_logged_as_before_and_replays_to_its_snapshot() -> None:
    desk = _desk()
    event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=5))
    field = [Player(i, f"Player {i}", rating=2000 - i, federation="FRA") for i in range(1, 2001)]
    event = ev.import_players(desk, event.id, field)
    log = ev.history(desk, event.id)
    assert log[-1].action == "players.imported"
    assert log[-1].payload["players"][0] == {
        "id": 1,
        "name": "Player 1",
        "rating": 1999,
        "title": "",
        "federation": "FRA",
        "club": "",
        "fide_id": "",
        "birth_date": "",
        "sex": "",
    }
    assert [p["id"] for p in log[-1].payload["players"]] == list(range(1, 2001))
    assert actions.replay((r.action, r.payload) for r in log) == event.tournament


def test_a_late_import_after_rounds_replays_to_the_same_event_as_single_registrations() -> None:
    desk = _desk()
    event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=5))
    event = ev.import_players(
        desk, event.id, [Player(i, f"P{i}", rating=2000 - i) for i in range(1, 9)]
    )
    event, _ = ev.pair_round(desk, event.id)
    late = [Player(100 + i, f"Late {i}", rating=1500) for i in range(5)]
    imported = ev.import_players(desk, event.id, late, missed_points=[5])
    one_by_one = event.tournament
    for number, player in enumerate(late, start=9):
        one_by_one = one_by_one.with_player(
            Player(number, player.name, rating=1500), [ByeKind.HALF_POINT]
        )
    assert imported.tournament == one_by_one


def test_the_compact_snapshot_reads_back_as_the_indented_one() -> None:
    t = Tournament(players=tuple(Player(i, f"Joueur {i} é", rating=1500) for i in range(1, 50)))
    compact = dump_event(t, compact=True)
    assert "\n" not in compact.rstrip("\n")
    assert load_event(compact) == load_event(dump_event(t)) == t
    assert json.loads(compact) == json.loads(dump_event(t))
