"""The marker of a round being paired, on the fake, SQLite and PostgreSQL: a second pairing
refused while one runs (from another connection too), a lease that runs out lets a new one
start, the marker taken down after a success and kept with the reason after a failure; a
pairing in the background with its progress, and a change made meanwhile."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from fairpair.service import events as ev
from fairpair.service.errors import CommandError, PairingInProgressError
from fairpair.service.settings import EventSettings, System
from fairpair.storage import (
    ConcurrencyError,
    EventStore,
    PairingBusyError,
    PairingRun,
    UnknownEventError,
)
from tests.integration.stores import ticking_clock
from tests.pairing_gate import WAIT, held_dutch, wait_for

NINE = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


def desk(store: EventStore, actor: str = "anna", clock: ev.Clock | None = None) -> ev.Desk:
    return ev.Desk(store, clock or ticking_clock(), actor)


def open_with(store: EventStore, players: int = 6) -> int:
    d = desk(store)
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for number in range(1, players + 1):
        ev.register_player(d, event.id, f"Player {number}", rating=2000 - 10 * number)
    return event.id


def marker(event_id: int, token: str, at: datetime, lease: float = 30) -> PairingRun:
    return PairingRun(event_id, 1, token, "anna", at, at + timedelta(seconds=lease))


# --- the store's contract -------------------------------------------------------------------


def test_a_second_marker_is_refused_until_the_first_is_taken_down(store: EventStore) -> None:
    event_id = open_with(store)
    store.begin_pairing(marker(event_id, "first", NINE))
    with pytest.raises(PairingBusyError, match="round 1 is being paired") as refused:
        store.begin_pairing(marker(event_id, "second", NINE + timedelta(seconds=5)))
    assert refused.value.run.token == "first"
    assert store.pairing_run(event_id) == marker(event_id, "first", NINE)
    store.end_pairing(event_id, "second")  # not the holder: nothing happens
    assert store.pairing_run(event_id) is not None
    store.end_pairing(event_id, "first")
    assert store.pairing_run(event_id) is None
    store.begin_pairing(marker(event_id, "second", NINE + timedelta(seconds=6)))
    assert store.pairing_run(event_id) == marker(event_id, "second", NINE + timedelta(seconds=6))


def test_the_heartbeat_renews_the_lease_and_tells_the_progress(store: EventStore) -> None:
    event_id = open_with(store)
    store.begin_pairing(marker(event_id, "first", NINE, lease=30))
    later = NINE + timedelta(seconds=50)
    assert store.beat_pairing(event_id, "first", 3, 9, "bracket", later)
    assert not store.beat_pairing(event_id, "other", 4, 9, "bracket", later)
    run = store.pairing_run(event_id)
    assert run is not None
    assert (run.done, run.total, run.what, run.lease_until) == (3, 9, "bracket", later)
    # Renewed: still running 40 s after the start, when the first lease had run out.
    with pytest.raises(PairingBusyError):
        store.begin_pairing(marker(event_id, "second", NINE + timedelta(seconds=40)))


def test_a_lease_that_ran_out_lets_another_pairing_start(store: EventStore) -> None:
    event_id = open_with(store)
    store.begin_pairing(marker(event_id, "dead server", NINE, lease=30))
    with pytest.raises(PairingBusyError):
        store.begin_pairing(marker(event_id, "second", NINE + timedelta(seconds=29)))
    store.begin_pairing(marker(event_id, "second", NINE + timedelta(seconds=30)))
    run = store.pairing_run(event_id)
    assert run is not None and run.token == "second"
    # The dead server, back, no longer holds anything: its beat and its end change nothing.
    assert not store.beat_pairing(event_id, "dead server", 1, 2, "bracket", NINE)
    store.end_pairing(event_id, "dead server", "too late")
    assert store.pairing_run(event_id) == run


def test_a_failed_marker_keeps_its_reason_and_blocks_nothing(store: EventStore) -> None:
    event_id = open_with(store)
    store.begin_pairing(marker(event_id, "first", NINE))
    store.end_pairing(event_id, "first", "round 1 cannot be paired: no way")
    run = store.pairing_run(event_id)
    assert run is not None and run.error == "round 1 cannot be paired: no way"
    assert not run.running(NINE)
    assert not store.beat_pairing(event_id, "first", 1, 2, "bracket", NINE)
    store.begin_pairing(marker(event_id, "second", NINE + timedelta(seconds=1)))
    again = store.pairing_run(event_id)
    assert again is not None and again.error is None and again.token == "second"


def test_a_marker_needs_an_event(store: EventStore) -> None:
    with pytest.raises(UnknownEventError):
        store.begin_pairing(marker(999, "first", NINE))


def test_of_servers_starting_at_once_exactly_one_gets_the_marker(
    open_store: Callable[[], EventStore],
) -> None:
    stores = [open_store() for _ in range(4)]
    event_id = open_with(stores[0])
    start = threading.Barrier(len(stores))
    outcomes: list[str] = []

    def server(index: int) -> None:
        start.wait(WAIT)
        try:
            stores[index].begin_pairing(marker(event_id, f"server {index}", NINE))
            outcomes.append("began")
        except PairingBusyError:
            outcomes.append("refused")

    threads = [threading.Thread(target=server, args=(i,)) for i in range(len(stores))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    assert sorted(outcomes) == ["began", "refused", "refused", "refused"]
    run = stores[1].pairing_run(event_id)
    assert run is not None and run.token.startswith("server ")


# --- pairing under the marker ---------------------------------------------------------------


def test_a_pairing_takes_its_marker_down_when_stored(store: EventStore) -> None:
    event_id = open_with(store)
    event, pairing = ev.pair_round(desk(store), event_id)
    assert len(event.tournament.rounds) == 1 and len(pairing.boards) == 3
    assert store.pairing_run(event_id) is None


def test_a_failed_pairing_leaves_its_reason_and_does_not_block(store: EventStore) -> None:
    event_id = open_with(store, players=2)
    ev.forbid_pairs(desk(store), event_id, ["1", "2"])
    with pytest.raises(CommandError, match="round 1 cannot be paired") as failed:
        ev.pair_round(desk(store), event_id)
    run = ev.pairing_status(desk(store), event_id)
    assert run is not None and run.error == str(failed.value)
    # Not "being paired": the same refusal again, from the engine.
    with pytest.raises(CommandError, match="round 1 cannot be paired"):
        ev.pair_round(desk(store), event_id)
    assert len(ev.load(desk(store), event_id).tournament.rounds) == 0


def test_a_refusal_that_needs_no_engine_puts_up_no_marker(store: EventStore) -> None:
    event_id = open_with(store)
    ev.pair_round(desk(store), event_id)
    with pytest.raises(CommandError, match="still lacks 3 result"):
        ev.pair_round(desk(store), event_id)
    assert store.pairing_run(event_id) is None


def test_a_pairing_of_a_server_that_died_blocks_until_its_lease_runs_out(
    store: EventStore,
) -> None:
    event_id = open_with(store)
    store.begin_pairing(marker(event_id, "dead server", NINE, lease=30))
    with pytest.raises(PairingInProgressError, match="round 1 is being paired"):
        ev.pair_round(desk(store, clock=ticking_clock(NINE + timedelta(seconds=10))), event_id)
    later = desk(store, clock=ticking_clock(NINE + timedelta(seconds=31)))
    event, _ = ev.pair_round(later, event_id)
    assert len(event.tournament.rounds) == 1
    assert store.pairing_run(event_id) is None


def test_a_background_pairing_shows_its_progress_and_refuses_a_second(
    open_store: Callable[[], EventStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = open_store(), open_store()  # two app servers on one database
    event_id = open_with(here)
    clock = lambda: datetime.now(UTC)  # noqa: E731 - the heartbeat runs in real time
    with held_dutch(monkeypatch) as (reached, go):
        job = ev.start_pair_round(desk(here, clock=clock), event_id)
        assert job.round == 1
        assert reached.wait(WAIT)
        with pytest.raises(PairingInProgressError, match="round 1 is being paired"):
            ev.pair_round(desk(there, "bruno", clock), event_id)
        with pytest.raises(PairingInProgressError):
            ev.start_pair_round(desk(here, clock=clock), event_id)

        def progress() -> tuple[int, int, str] | None:
            run = ev.pairing_status(desk(there), event_id)
            return None if run is None else (run.done, run.total, run.what)

        wait_for(lambda: progress() == (1, 3, "bracket"))
        assert not job.finished.is_set()
        go.set()
        assert job.finished.wait(WAIT)
    assert job.error is None and job.paired is not None
    event, pairing = job.paired
    assert pairing.round == 1 and len(pairing.boards) == 3 and event.version == 8
    assert ev.load(desk(there), event_id).tournament.rounds[0].games == pairing.boards
    assert ev.pairing_status(desk(there), event_id) is None


def test_a_player_added_during_a_pairing_fails_it_and_the_marker_says_so(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = open_with(store)
    clock = lambda: datetime.now(UTC)  # noqa: E731
    with held_dutch(monkeypatch) as (reached, go):
        job = ev.start_pair_round(desk(store, clock=clock), event_id)
        assert reached.wait(WAIT)
        ev.register_player(desk(store, clock=clock), event_id, "Late Comer", rating=1500)
        go.set()
        assert job.finished.wait(WAIT)
    assert isinstance(job.error, ConcurrencyError)
    run = ev.pairing_status(desk(store), event_id)
    assert run is not None and run.error is not None
    assert "changed while round 1 was being paired" in run.error
    assert "pair round 1 again" in run.error
    event = ev.load(desk(store), event_id)
    assert event.tournament.rounds == () and len(event.tournament.players) == 7
    # Paired again, the late comer is in.
    again, pairing = ev.pair_round(desk(store, clock=clock), event_id)
    assert len(pairing.boards) == 3 and pairing.bye is not None
    assert again.tournament.player(pairing.bye).name == "Late Comer"
    assert ev.pairing_status(desk(store), event_id) is None
