"""The event store's contract, run against the in-memory fake, SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from fairpair.core import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    LateEntry,
    MatchScore,
    Player,
    RequestedBye,
    Round,
    Tournament,
)
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import ByeLimit, EventSettings, System
from fairpair.storage import (
    ConcurrencyError,
    EventExistsError,
    EventStore,
    NewRecord,
    UnknownEventError,
)
from tests.integration.stores import ticking_clock

AT = datetime(2026, 5, 1, 9, 30, 15, 123000, tzinfo=UTC)


def record(action: str = "test.action", **payload: object) -> NewRecord:
    return NewRecord(AT, "arbiter", action, payload)


def played_event() -> Tournament:
    players = tuple(Player(i, f"Player {i}", rating=2000 - i) for i in range(1, 6))
    first = Round(
        1,
        (Game(1, 2, GameResult.WHITE_WINS), Game(3, 4, GameResult.DRAW)),
        (Bye(5, ByeKind.PAIRING_ALLOCATED),),
    )
    second = Round(2, (Game(4, 1, GameResult.BLACK_WINS_BY_FORFEIT), Game(2, 5, None)))
    return Tournament(
        players=players,
        rounds=(first, second),
        total_rounds=5,
        name="Spring open",
        requested_byes=(RequestedBye(3, 3, ByeKind.HALF_POINT),),
        withdrawals=((3, 4),),
    )


# --- the store itself -------------------------------------------------------------------------


def test_a_new_event_is_at_version_1_with_one_record(store: EventStore) -> None:
    info = store.create_event(
        "Open", "dutch", {"rounds": 7}, record("event.created"), played_event()
    )
    assert (info.name, info.system, info.version, dict(info.settings)) == (
        "Open",
        "dutch",
        1,
        {"rounds": 7},
    )
    assert info.created_at == AT
    assert [e.name for e in store.events()] == ["Open"]
    (only,) = store.log(info.id)
    assert (only.seq, only.at, only.actor, only.action) == (1, AT, "arbiter", "event.created")


def test_the_snapshot_comes_back_exactly(store: EventStore) -> None:
    snapshot = played_event()
    info = store.create_event("Open", "dutch", {}, record(), snapshot)
    assert store.load(info.id).tournament == snapshot
    later = snapshot.replace(
        rounds=(
            *snapshot.rounds[:1],
            Round(
                2, (Game(4, 1, GameResult.DRAW, coloured=False, match_score=MatchScore(1, 1, 1)),)
            ),
        )
    )
    store.append(info.id, 1, record(), later)
    assert store.load(info.id).tournament == later


def test_appending_moves_the_version_and_keeps_the_log_in_order(store: EventStore) -> None:
    info = store.create_event("Open", "dutch", {}, record("event.created"), played_event())
    for version in range(1, 4):
        info = store.append(
            info.id,
            version,
            record(f"step.{version}", n=version, nested={"a": [1, None]}),
            played_event(),
        )
    assert info.version == 4
    log = store.log(info.id)
    assert [r.seq for r in log] == [1, 2, 3, 4]
    assert [r.action for r in log] == ["event.created", "step.1", "step.2", "step.3"]
    assert dict(log[2].payload) == {"n": 2, "nested": {"a": [1, None]}}


def test_a_stale_version_is_refused_and_writes_nothing(store: EventStore) -> None:
    info = store.create_event("Open", "dutch", {}, record(), played_event())
    store.append(info.id, 1, record("first"), played_event())
    with pytest.raises(ConcurrencyError, match="reload the event and run the command again"):
        store.append(info.id, 1, record("second"), Tournament(players=()))
    assert [r.action for r in store.log(info.id)] == ["test.action", "first"]
    assert store.load(info.id).tournament == played_event()
    assert store.event(info.id).version == 2


def test_names_are_unique_and_unknown_events_are_reported(store: EventStore) -> None:
    store.create_event("Open", "dutch", {}, record(), played_event())
    with pytest.raises(EventExistsError, match="already exists"):
        store.create_event("Open", "berger", {}, record(), played_event())
    with pytest.raises(UnknownEventError):
        store.load(999)
    with pytest.raises(UnknownEventError):
        store.append(999, 1, record(), played_event())
    assert len(store.events()) == 1


def test_events_are_kept_apart(store: EventStore) -> None:
    a = store.create_event("A", "dutch", {}, record("a"), played_event())
    b = store.create_event("B", "dutch", {}, record("b"), Tournament(players=()))
    store.append(b.id, 1, record("b2"), Tournament(players=()))
    assert [r.action for r in store.log(a.id)] == ["a"]
    assert [r.action for r in store.log(b.id)] == ["b", "b2"]
    assert store.load(a.id).tournament == played_event()


# --- the use cases over each store ------------------------------------------------------------


def desk(store: EventStore, actor: str = "arbiter") -> ev.Desk:
    return ev.Desk(store, ticking_clock(), actor)


def round_robin(d: ev.Desk, players: int = 5) -> ev.Event:
    event = ev.create_event(d, EventSettings("Club", System.BERGER))
    names = ["Anna", "Boris", "Carla", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines"]
    for name in names[:players]:
        ev.register_player(d, event.id, name, rating=1800)
    return ev.load(d, event.id)


def test_a_round_robin_runs_and_the_log_rebuilds_it(store: EventStore) -> None:
    d = desk(store)
    event = round_robin(d)
    while (
        event.tournament.next_round <= (event.tournament.total_rounds or 0)
        or not event.tournament.rounds
    ):
        event, pairing = ev.pair_round(d, event.id)
        event = ev.enter_results(
            d, event.id, [(b, "1-0") for b in range(1, len(pairing.boards) + 1)]
        )
    assert len(event.tournament.rounds) == 5
    assert all(r.complete for r in event.tournament.rounds)
    report = ev.rebuild(d, event.id)
    assert report.matched and report.records == event.version
    table = ev.standings(ev.load(d, event.id))
    assert sum(row.points for row in table.rows) == 10


def test_the_log_records_time_actor_and_action(store: EventStore) -> None:
    d = desk(store, actor="chief")
    event = round_robin(d, players=3)
    log = ev.history(d, event.id)
    assert [r.action for r in log] == ["event.created"] + ["player.registered"] * 3
    assert {r.actor for r in log} == {"chief"}
    assert [r.at for r in log] == sorted(r.at for r in log)
    assert log[1].payload["players"][0]["name"] == "Anna"


def test_two_directors_entering_at_once_lose_no_result(
    open_store: Callable[[], EventStore],
) -> None:
    first, second = desk(open_store(), "first"), desk(open_store(), "second")
    event = round_robin(first, players=4)
    event, _ = ev.pair_round(first, event.id)
    seen_by_first = ev.load(first, event.id)
    seen_by_second = ev.load(second, event.id)
    assert seen_by_first.version == seen_by_second.version
    ev.enter_results(first, event.id, [(1, "1-0")], expected_version=seen_by_first.version)
    with pytest.raises(ConcurrencyError, match="reload"):
        ev.enter_results(second, event.id, [(2, "0-1")], expected_version=seen_by_second.version)
    ev.enter_results(second, event.id, [(2, "0-1")])  # the retry, from the new version
    games = ev.load(first, event.id).tournament.rounds[0].games
    assert [g.result for g in games] == [GameResult.WHITE_WINS, GameResult.BLACK_WINS]
    assert [r.actor for r in ev.history(first, event.id)][-2:] == ["first", "second"]


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ([(9, "1-0")], "has no board 9"),
        ([(1, "2-0-0-1")], "is not a result"),
        ([(1, "won")], "is not a result"),
        ([(1, "1-0"), (1, "0-1")], "given twice"),
    ],
)
def test_bad_results_change_nothing(
    store: EventStore, entries: list[tuple[int, str]], message: str
) -> None:
    d = desk(store)
    event = round_robin(d, players=4)
    event, _ = ev.pair_round(d, event.id)
    with pytest.raises(CommandError, match=message):
        ev.enter_results(d, event.id, entries)
    after = ev.load(d, event.id)
    assert after.version == event.version
    assert after.tournament == event.tournament


def test_a_finished_round_needs_its_number_to_be_corrected(store: EventStore) -> None:
    d = desk(store)
    event = round_robin(d, players=4)
    event, _ = ev.pair_round(d, event.id)
    event = ev.enter_results(d, event.id, [(1, "1-0"), (2, "=")])
    with pytest.raises(CommandError, match="round 1 is complete"):
        ev.enter_results(d, event.id, [(1, "0-1")])
    assert ev.load(d, event.id).version == event.version
    event = ev.correct_results(d, event.id, 1, [(1, "0-1")])
    assert event.tournament.rounds[0].games[0].result is GameResult.BLACK_WINS
    assert ev.rebuild(d, event.id).matched


def test_undo_takes_back_a_pairing_without_results_only(store: EventStore) -> None:
    d = desk(store)
    event = round_robin(d, players=4)
    before = event.tournament
    event, _ = ev.pair_round(d, event.id)
    event = ev.undo_last_pairing(d, event.id)
    assert event.tournament.rounds == before.rounds
    event, _ = ev.pair_round(d, event.id)
    event = ev.enter_results(d, event.id, [(1, "1-0")])
    with pytest.raises(CommandError, match="already has 1 result"):
        ev.undo_last_pairing(d, event.id)
    actions = [r.action for r in ev.history(d, event.id)]
    assert actions[-4:] == ["round.paired", "round.unpaired", "round.paired", "results.entered"]
    assert ev.rebuild(d, event.id).matched


def test_unknown_and_ambiguous_players_are_clear_errors(store: EventStore) -> None:
    d = desk(store)
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for name in ("Smith, John", "Smithers, Ann", "Jones, Mary"):
        ev.register_player(d, event.id, name)
    event = ev.load(d, event.id)
    with pytest.raises(CommandError, match=r"'smi' matches 2 players: 1 Smith, John; 2 Smithers"):
        ev.withdraw(d, event.id, "smi")
    with pytest.raises(CommandError, match="no player matches 'Brown'"):
        ev.withdraw(d, event.id, "Brown")
    with pytest.raises(CommandError, match="no player has start number 7"):
        ev.grant_bye(d, event.id, "7", 2, "half")
    assert ev.load(d, event.id).version == event.version
    event = ev.grant_bye(d, event.id, "jones", 2, "half")
    assert event.tournament.requested_byes == (RequestedBye(2, 3, ByeKind.HALF_POINT),)
    event = ev.withdraw(d, event.id, "smith, john")
    assert event.tournament.withdrawals == ((1, 1),)


def test_directors_racing_on_one_round_keep_every_result(
    open_store: Callable[[], EventStore],
) -> None:
    """Four directors (threads, each with a connection of its own) enter one board each at
    the same moment; losers of a race are told to retry, and after retrying all are in."""
    setup = desk(open_store())
    event = round_robin(setup, players=8)
    event, pairing = ev.pair_round(setup, event.id)
    start = threading.Barrier(len(pairing.boards))
    retries: list[int] = []

    def enter(board: int) -> None:
        d = desk(open_store(), f"director {board}")
        start.wait()
        for attempt in range(50):
            try:
                ev.enter_results(d, event.id, [(board, "1-0")])
                retries.append(attempt)
                return
            except ConcurrencyError:
                continue
        raise AssertionError("never got through")

    threads = [threading.Thread(target=enter, args=(b,)) for b in range(1, 5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(retries) == 4
    final = ev.load(setup, event.id)
    assert final.tournament.rounds[0].complete
    assert [r.action for r in ev.history(setup, event.id)][-4:] == ["results.entered"] * 4
    assert final.version == event.version + 4


def test_a_late_entry_and_the_bye_limit_survive_the_store(
    open_store: Callable[[], EventStore],
) -> None:
    """Settings with a bye limit and a late entrant with awarded points, written through one
    connection and read through another; a refused bye leaves the stored event unchanged."""
    d = desk(open_store())
    limit = ByeLimit(half=1, closed_last_rounds=1)
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=4, bye_limit=limit))
    for i in range(1, 6):
        ev.register_player(d, event.id, f"Player {i}", rating=2000 - 10 * i)
    for _ in range(2):
        event, pairing = ev.pair_round(d, event.id)
        event = ev.enter_results(d, event.id, [(b, "1-0") for b in range(1, 3)])
    event, late = ev.register_player(d, event.id, "Late, Lucy", missed_points=[5, 5])
    event = ev.grant_bye(d, event.id, "Player 2", 3, "half")
    with pytest.raises(CommandError, match="Player 2 cannot have a half-point bye in round 4"):
        ev.grant_bye(d, event.id, "Player 2", 4, "half")
    with pytest.raises(CommandError, match="Late, Lucy cannot have a half-point bye in round 4"):
        ev.grant_bye(d, event.id, "Lucy", 4, "half")  # the last round is closed
    other = desk(open_store())
    stored = ev.load(other, event.id)
    assert stored.version == event.version
    assert stored.settings.bye_limit == limit
    assert stored.tournament == event.tournament
    assert stored.tournament.late_entry(late.id) == LateEntry(late.id, 3)
    assert [b.kind for r in stored.tournament.rounds for b in r.byes if b.player == late.id] == [
        ByeKind.HALF_POINT,
        ByeKind.HALF_POINT,
    ]
    stored, pairing = ev.pair_round(other, event.id)
    assert late.id in {p for g in pairing.boards for p in (g.white, g.black)} | {pairing.bye}
    assert ev.rebuild(other, event.id).matched
