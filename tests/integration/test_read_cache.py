"""What a process keeps of an event (its latest version, the standings and pages computed
from it) is always what a fresh read of the store gives, whoever changed the event.

Two store objects over one SQLite file stand for two server processes, each with its own
cache; a director's commands (results, corrections, byes, withdrawals, undo and redo...) go
through one or the other. After each, both processes' events, standings, crosstables and
public views must equal those computed from a store opened afresh.
"""

from __future__ import annotations

import contextlib
import tempfile
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from fairpair.core import Player
from fairpair.service import events as ev
from fairpair.service import printouts
from fairpair.service.cache import LatestVersions
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore
from fairpair.web import views
from tests.property.test_undo_properties import run
from tests.strategies import DirectorCommand, director_commands


def _desk(store: SqlStore) -> ev.Desk:
    return ev.Desk(store, lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def _same_as_fresh(url: str, kept: ev.Event) -> None:
    """``kept`` (as a process holds it) against the event read by a store opened now."""
    store = SqlStore(url)
    try:
        fresh = ev.load(_desk(store), kept.id)  # a new store object: nothing kept yet
    finally:
        store.close()
    assert (kept.version, kept.info, kept.settings) == (fresh.version, fresh.info, fresh.settings)
    assert kept.tournament == fresh.tournament
    assert ev.standings(kept) == ev.standings(fresh)
    assert views.standings_view(kept) == views.standings_view(fresh)
    assert views.event_detail(kept) == views.event_detail(fresh)
    assert printouts.crosstable_sheet(kept) == printouts.crosstable_sheet(fresh)
    for number in range(1, len(fresh.tournament.rounds) + 1):
        assert views.round_view(kept, number) == views.round_view(fresh, number)
    for pid in fresh.tournament.player_ids[:3]:
        table = views.standings_view(kept)
        assert views.player_view(kept, pid, table) == views.player_view(
            fresh, pid, views.standings_view(fresh)
        )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(director_commands(max_size=24))
def test_what_each_process_keeps_is_the_store_after_every_change(
    commands: list[DirectorCommand],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'events.sqlite3'}"
        first, second = SqlStore(url), SqlStore(url)
        desks = (_desk(first), _desk(second))
        try:
            event = ev.create_event(desks[0], EventSettings("Open", System.DUTCH, rounds=4))
            for name in ("Ann", "Bob", "Cy", "Dee", "Eve"):
                ev.register_player(desks[0], event.id, name)
            for index, command in enumerate(commands):
                # Read through both first, so that each keeps the version before the change.
                for desk in desks:
                    ev.standings(ev.load(desk, event.id))
                with contextlib.suppress(CommandError):  # refused: nothing changes
                    run(desks[index % 2], event.id, command)
                for desk in desks:
                    _same_as_fresh(url, ev.load(desk, event.id))
        finally:
            first.close()
            second.close()


def test_a_result_entered_elsewhere_is_never_shown_with_the_old_standings(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    server, other = SqlStore(url), SqlStore(url)
    try:
        here, there = _desk(server), _desk(other)
        event = ev.create_event(here, EventSettings("Open", System.DUTCH, rounds=3))
        field = [Player(i, f"P{i}", rating=2000 - i) for i in range(1, 7)]
        ev.import_players(here, event.id, field)
        ev.pair_round(here, event.id)
        ev.enter_results(here, event.id, [(1, "1-0"), (2, "1-0"), (3, "1-0")])
        before = views.standings_view(ev.load(here, event.id))
        assert ev.load(here, event.id) is ev.load(here, event.id)  # kept, not read again
        ev.correct_results(there, event.id, 1, [(1, "0-1"), (2, "0-1"), (3, "0-1")])
        after = ev.load(here, event.id)
        assert after.version == other.event(event.id).version
        assert views.standings_view(after) != before
        _same_as_fresh(url, after)
        ev.undo(there, event.id)
        assert views.standings_view(ev.load(here, event.id)) == before
        _same_as_fresh(url, ev.load(here, event.id))
    finally:
        server.close()
        other.close()


def test_the_standings_are_computed_again_only_when_what_they_read_changes(
    tmp_path: Path,
) -> None:
    # The tie-breaks read the complete rounds: a result of the round being played leaves
    # the standings as they were (the earlier version's are reused, not computed again);
    # its last result, a correction of an earlier round or a player's new name does not.
    store = SqlStore(f"sqlite:///{tmp_path / 'events.sqlite3'}")
    try:
        desk = _desk(store)
        event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=3))
        ev.import_players(
            desk, event.id, [Player(i, f"P{i}", rating=2000 - i) for i in range(1, 7)]
        )
        ev.pair_round(desk, event.id)
        ev.enter_results(desk, event.id, [(1, "1-0"), (2, "1/2"), (3, "0-1")])
        ev.pair_round(desk, event.id)
        first = ev.standings(ev.load(desk, event.id))
        ev.enter_results(desk, event.id, [(1, "1-0")])
        assert ev.standings(ev.load(desk, event.id)) is first
        ev.enter_results(desk, event.id, [(2, "0-1")])
        assert ev.standings(ev.load(desk, event.id)) is first
        ev.enter_results(desk, event.id, [(3, "1-0")])  # round 2 complete
        second = ev.standings(ev.load(desk, event.id))
        assert second != first
        ev.correct_results(desk, event.id, 1, [(2, "1-0")])
        third = ev.standings(ev.load(desk, event.id))
        assert third != second
        ev.edit_player(desk, event.id, "1", {"name": "Pia"})
        renamed = ev.standings(ev.load(desk, event.id))
        assert renamed is not third
        assert "Pia" in {row.name for row in renamed.rows}
        # What each version shows is what a store opened afresh computes.
        _same_as_fresh(f"sqlite:///{tmp_path / 'events.sqlite3'}", ev.load(desk, event.id))
    finally:
        store.close()


class _Kept:
    def __init__(self, id: int, version: int) -> None:
        self.id, self.version = id, version


def test_the_cache_keeps_the_latest_version_of_a_bounded_number_of_events() -> None:
    kept: LatestVersions[_Kept] = LatestVersions(size=2)
    one, two, three = _Kept(1, 5), _Kept(2, 1), _Kept(3, 1)
    kept.put(one)
    assert kept.get(1, 5) is one and kept.get(1, 4) is None and kept.get(1, 6) is None
    kept.put(_Kept(1, 4))  # a slower reader's older version does not replace the newer
    assert kept.get(1, 5) is one
    kept.put(two)
    kept.get(1, 5)  # event 1 used last: event 2 goes first
    kept.put(three)
    assert len(kept) == 2 and kept.get(2, 1) is None and kept.get(1, 5) is one
    kept.forget(1)
    assert kept.get(1, 5) is None
    with pytest.raises(ValueError):
        LatestVersions(size=0)


def test_requests_asking_at_once_compute_the_standings_once(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'events.sqlite3'}")
    try:
        desk = _desk(store)
        event = ev.create_event(desk, EventSettings("Open", System.DUTCH, rounds=3))
        event = ev.import_players(desk, event.id, [Player(i, f"P{i}") for i in range(1, 5)])
        started = threading.Barrier(4)
        release = threading.Event()
        calls: list[int] = []

        def compute() -> int:
            calls.append(1)
            release.wait(60)  # the others ask while the first computes
            return 42

        def ask() -> None:
            kept = ev.load(desk, event.id)
            started.wait(60)
            answers.append(kept.memo("slow", compute))

        answers: list[int] = []
        threads = [threading.Thread(target=ask) for _ in range(4)]
        for thread in threads:
            thread.start()
        while not calls:
            release.wait(0.01)
        release.set()
        for thread in threads:
            thread.join(60)
        assert answers == [42] * 4 and calls == [1]
    finally:
        store.close()
