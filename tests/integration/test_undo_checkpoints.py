"""Undo and redo from checkpoints (issue #20) give exactly what a replay of the whole log
gives, on every store: the fake, SQLite and PostgreSQL when configured.

Stores keep a checkpoint every 2 or 3 records here, so that seeded random sequences of a
director's changes, undos and redos cross many of them; after every step the snapshot and
settings the store holds (those of the undo or redo from a checkpoint) are compared with a
full replay of the log. The desk's Undo and Redo targets, read from the end of the log, are
compared with those of the whole log's history.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from fairpair.service import actions, double_actions, team_actions, venue
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import EventSettings, System
from fairpair.storage import EventStore, LogRecord, MemoryStore, Snapshot
from fairpair.storage import base as storage_base
from tests.integration.stores import BACKENDS, SQL_BACKENDS, database_url, ticking_clock
from tests.property.test_undo_properties import run
from tests.web.double_event import double_event
from tests.web.team_event import team_event

Replay = Callable[[list[tuple[str, Any]]], tuple[EventSettings, Snapshot]]


@contextmanager
def opened(backend: str, tmp_path: Path, every: int) -> Iterator[EventStore]:
    """A fresh store of that kind keeping a checkpoint every ``every`` records."""
    if backend == "memory":
        yield MemoryStore(checkpoint_every=every)
        return
    from fairpair.storage.sql import SqlStore

    with database_url(backend, tmp_path) as url:
        store = SqlStore(url, checkpoint_every=every)
        try:
            yield store
        finally:
            store.close()


class Counted:
    """Counts how often the store gave a checkpoint (the fast path was taken)."""

    def __init__(self, store: EventStore) -> None:
        self.given = 0
        found = store.checkpoint

        def counting(event_id: int, at_most: int) -> storage_base.Checkpoint | None:
            checkpoint = found(event_id, at_most)
            self.given += checkpoint is not None
            return checkpoint

        store.checkpoint = counting  # type: ignore[method-assign]


def assert_replayed(store: EventStore, event_id: int, replay: Replay) -> None:
    """The stored snapshot and settings are the whole log's replay, and the undo and redo
    targets read from the end of the log are those of the whole log's history."""
    log = store.log(event_id)
    settings, snapshot = replay([(r.action, r.payload) for r in log])
    stored = store.load(event_id)
    assert stored.tournament == snapshot
    assert EventSettings.from_data(stored.info.settings) == settings
    history = ev.undo_history(log)
    expected = (
        log[history.undoable[-1] - 1] if history.undoable else None,
        log[history.redoable[-1] - 1] if history.redoable else None,
    )
    d = ev.Desk(store, ticking_clock())
    assert ev.undo_targets(d, event_id, stored.info.version) == expected


def director_step(rng: random.Random) -> tuple[str, int, str]:
    """One of a Swiss director's commands (as the property tests type them), undo and redo
    often, and now and then a change undo passes over (the venue screen's clock and
    announcement) or one of the event's settings."""
    kind = rng.choice(
        [
            *("undo", "undo", "redo", "redo", "pair", "finish", "result", "correct", "bye"),
            *("withdraw", "edit", "unpair", "register", "clock", "announce", "rename"),
        ]
    )
    number = rng.choice([1, 1, 1, 2, 3]) if kind in ("undo", "redo") else rng.randint(1, 7)
    text = {
        "finish": rng.choice(["1-0", "0-1", "="]),
        "result": rng.choice(["1-0", "0-1", "=", "+-"]),
        "correct": rng.choice(["1-0", "0-1", "="]),
        "bye": rng.choice(["half", "full", "zero"]),
        "edit": rng.choice(["North", "South"]),
        "register": rng.choice(["Late, Lucy", "Nils"]),
        "announce": rng.choice(["Round soon", "Lunch", ""]),
        "rename": rng.choice(["Open A", "Open B"]),
    }.get(kind, "")
    return kind, number, text


def director_runs(d: ev.Desk, event_id: int, step: tuple[str, int, str]) -> None:
    kind, _, text = step
    match kind:
        case "clock":
            ev.set_clock(d, event_id, venue.ClockStep.START, 60)
        case "announce":
            ev.announce(d, event_id, text)
        case "rename":
            ev.edit_event(d, event_id, {"name": text})
        case _:
            run(d, event_id, step)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_day_of_undos_gives_what_the_whole_log_gives(
    backend: str, seed: int, tmp_path: Path
) -> None:
    rng = random.Random(seed)
    with opened(backend, tmp_path, every=3) as store:
        counted = Counted(store)
        d = ev.Desk(store, ticking_clock(), "arbiter")
        event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=4))
        for name in ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo"):
            ev.register_player(d, event.id, name)
        walked = 0
        for _ in range(120):
            step = director_step(rng)
            try:
                director_runs(d, event.id, step)
            except (CommandError, FieldErrors):
                continue
            walked += step[0] in ("undo", "redo")
            assert_replayed(store, event.id, actions.replay_event)
        assert walked > 10
        assert counted.given > 5  # the checkpoints were used, not only the whole log


@pytest.mark.parametrize("backend", BACKENDS)
def test_team_and_double_swiss_undos_from_checkpoints_give_the_whole_logs_replay(
    backend: str, tmp_path: Path
) -> None:
    rng = random.Random(7)
    with opened(backend, tmp_path, every=2) as store:
        counted = Counted(store)
        d = ev.Desk(store, ticking_clock(), "arbiter")
        team_id = team_event(d)
        double_id = double_event(d).event_id

        def team_change() -> object:
            entry = (f"{rng.randint(1, 2)}.{rng.randint(1, 4)}", rng.choice(["1-0", "0-1"]))
            return te.record_team_results(d, team_id, None, [entry])

        def double_change() -> object:
            results = (1, rng.choice(["1-0", "0-1"]), rng.choice(["1-0", "½-½"]))
            return de.record_double_results(d, double_id, None, [results])

        kinds: list[tuple[int, Callable[..., Any], Callable[..., Any], Any, Replay]] = [
            (team_id, te.undo_team, te.redo_team, team_change, team_actions.replay_team_event),
            (
                double_id,
                de.undo_double,
                de.redo_double,
                double_change,
                double_actions.replay_double_event,
            ),
        ]
        for _ in range(40):
            event_id, undo, redo, change, replay = rng.choice(kinds)
            what = rng.choice([undo, undo, redo, change])
            try:
                if what is change:
                    change()
                else:
                    what(d, event_id, rng.choice([1, 1, 2, 4]))
            except (CommandError, FieldErrors):
                continue
            assert_replayed(store, event_id, replay)
        assert counted.given > 5


def built(store: EventStore) -> tuple[ev.Desk, int]:
    """A Swiss of 8 players with two rounds played, result by result (19 records)."""
    d = ev.Desk(store, ticking_clock(), "arbiter")
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for name in ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"):
        ev.register_player(d, event.id, name)
    for _ in range(2):
        ev.pair_round(d, event.id)
        for board in (1, 2, 3, 4):
            ev.enter_results(d, event.id, [(board, "1-0")])
    return d, event.id


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_a_checkpoint_of_another_snapshot_format_is_passed_over(
    backend: str, tmp_path: Path
) -> None:
    import sqlalchemy as sa

    from fairpair.formats.snapshots import dump_snapshot, load_snapshot
    from fairpair.storage.sql import SqlStore
    from fairpair.storage.tables import event_checkpoints as table

    with opened(backend, tmp_path, every=4) as store:
        assert isinstance(store, SqlStore)
        d, event_id = built(store)
        # Every checkpoint made to hold another name than the log gives: a snapshot of an
        # older form that no longer says what the log says.
        with store.engine.begin() as connection:
            for row in connection.execute(sa.select(table.c.seq, table.c.snapshot)).all():
                stale = load_snapshot(row.snapshot).replace(name="Stale form")
                connection.execute(
                    sa.update(table)
                    .where(table.c.seq == row.seq)
                    .values(snapshot=dump_snapshot(stale, compact=True), format=0)
                )
        ev.undo(d, event_id, 2)
        assert store.load(event_id).tournament.name == "Open"
        assert_replayed(store, event_id, actions.replay_event)
        # The same rows in the current format are taken at their word: the test can tell.
        with store.engine.begin() as connection:
            connection.execute(
                sa.update(table)
                .where(table.c.format == 0)
                .values(format=storage_base.SNAPSHOT_FORMAT)
            )
        ev.undo(d, event_id, 1)
        assert store.load(event_id).tournament.name == "Stale form"


def test_a_new_snapshot_format_passes_over_the_memory_stores_checkpoints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = MemoryStore(checkpoint_every=4)
    _, event_id = built(store)
    assert store.checkpoint(event_id, 100) is not None
    monkeypatch.setattr("fairpair.storage.memory.SNAPSHOT_FORMAT", 2)
    assert store.checkpoint(event_id, 100) is None


@pytest.mark.parametrize("backend", BACKENDS)
def test_checkpoints_are_kept_every_n_records_and_dropped_by_a_rebuild(
    backend: str, tmp_path: Path
) -> None:
    with opened(backend, tmp_path, every=4) as store:
        _, event_id = built(store)
        version = store.event(event_id).version
        seqs = []
        at = version
        while (found := store.checkpoint(event_id, at)) is not None:
            seqs.append(found.seq)
            log = store.log(event_id)[: found.seq]
            settings, snapshot = actions.replay_event([(r.action, r.payload) for r in log])
            assert found.snapshot == snapshot
            assert EventSettings.from_data(found.settings) == settings
            at = found.seq - 1
        assert seqs == [n for n in range(version, 0, -1) if n % 4 == 0]
        stored = store.load(event_id)
        store.replace_snapshot(event_id, version, stored.tournament)
        assert store.checkpoint(event_id, version) is None
        assert store.records(event_id, 3, 5) == store.log(event_id)[2:5]


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_an_undo_that_fails_at_commit_leaves_no_record_and_no_checkpoint(
    backend: str, tmp_path: Path
) -> None:
    from fairpair.storage.sql import SqlStore

    with database_url(backend, tmp_path) as url:

        def refuse(action: str) -> None:
            if action == actions.UNDONE:
                raise RuntimeError("killed before the commit")

        store = SqlStore(url, checkpoint_every=1, before_commit=refuse)
        try:
            d, event_id = built(store)
            before = store.load(event_id)
            with pytest.raises(RuntimeError):
                ev.undo(d, event_id, 1)
            assert store.load(event_id) == before
            assert len(store.log(event_id)) == before.info.version
            assert store.checkpoint(event_id, 10**6).seq == before.info.version  # type: ignore[union-attr]
        finally:
            store.close()


class Reading(MemoryStore):
    """The fake, counting the log records read."""

    def __init__(self, every: int) -> None:
        super().__init__(checkpoint_every=every)
        self.read = 0

    def log(self, event_id: int) -> list[LogRecord]:
        found = list(super().log(event_id))
        self.read += len(found)
        return found

    def records(self, event_id: int, first: int, last: int) -> list[LogRecord]:
        found = list(super().records(event_id, first, last))
        self.read += len(found)
        return found


def test_undo_and_the_desk_buttons_read_the_end_of_the_log_only() -> None:
    store = Reading(every=5)
    d, event_id = built(store)
    for number in (3, 4, 5):  # entered and corrected board by board: 27 records
        ev.pair_round(d, event_id)
        for board in (1, 2, 3, 4):
            ev.enter_results(d, event_id, [(board, "1-0")])
            ev.correct_results(d, event_id, number, [(board, "0-1")])
    version = store.event(event_id).version
    assert version > 45
    store.read = 0
    undo_next, redo_next = ev.undo_targets(d, event_id, version)
    assert (undo_next and undo_next.seq, redo_next) == (version, None)
    assert store.read <= ev.LOG_PAGE
    store.read = 0
    ev.undo(d, event_id, 3)
    assert store.read <= 5 + 3 + ev.LOG_PAGE  # back to a checkpoint before the changes taken
    store.read = 0
    ev.redo(d, event_id, 3)
    assert store.read <= 5 + 6 + ev.LOG_PAGE
    assert_replayed(store, event_id, actions.replay_event)


def checkpoint_seqs(store: EventStore, event_id: int) -> list[int]:
    """The records the event's checkpoints are at, the latest first (through the store's own
    look-up, checking each against a replay of the log up to it)."""
    seqs: list[int] = []
    at = store.event(event_id).version
    while (found := store.checkpoint(event_id, at)) is not None:
        log = store.log(event_id)[: found.seq]
        settings, snapshot = actions.replay_event([(r.action, r.payload) for r in log])
        assert found.snapshot == snapshot and EventSettings.from_data(found.settings) == settings
        seqs.append(found.seq)
        at = found.seq - 1
    return seqs


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_long_session_keeps_few_checkpoints_dense_near_the_end(
    backend: str, tmp_path: Path
) -> None:
    with opened(backend, tmp_path, every=2) as store:
        d, event_id = built(store)
        counts = []
        for number in (3, 4, 5):  # corrections, then undos and redos back and forth
            ev.pair_round(d, event_id)
            for board in (1, 2, 3, 4):
                ev.enter_results(d, event_id, [(board, "1-0")])
                for _ in range(8):
                    ev.correct_results(d, event_id, number, [(board, "0-1")])
                    ev.correct_results(d, event_id, number, [(board, "1-0")])
                ev.undo(d, event_id, 3)
                ev.redo(d, event_id, 3)
            counts.append(len(checkpoint_seqs(store, event_id)))
        version = store.event(event_id).version
        assert version > 200  # over a hundred multiples of 2 crossed
        seqs = checkpoint_seqs(store, event_id)
        assert len(seqs) <= 16 and counts[-1] - counts[0] <= 3  # log-like, not linear
        # The newest ones are dense (in the last few multiples of 2), older ones sparse.
        assert seqs[0] == version and seqs[3] >= version - 12
        gaps = [a - b for a, b in itertools.pairwise(seqs)]
        assert max(gaps[:3]) <= 4 and gaps[-1] >= 32
        # An undo reaching far back still gives what the whole log gives.
        ev.undo(d, event_id, 40)
        assert_replayed(store, event_id, actions.replay_event)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_change_after_undos_deletes_the_checkpoints_it_made_useless(
    backend: str, tmp_path: Path
) -> None:
    with opened(backend, tmp_path, every=1) as store:
        d, event_id = built(store)  # 19 records
        ev.undo(d, event_id, 3)  # records 20, 21, 22 undo 19, 18, 17
        ev.redo(d, event_id, 1)  # record 23 brings 17 back: 18 and 19 may still come back
        before = set(checkpoint_seqs(store, event_id))
        assert {18, 22, 23} <= before  # (19 thinned out already)
        # A new change drops 18 and 19 for good: they were in effect at the checkpoints from
        # their records to their undos (18-20 and 19), which can never start a replay again.
        assert sorted(ev.voided_checkpoints(store, event_id, 23)) == [(18, 21), (19, 20)]
        ev.enter_results(d, event_id, [(4, "0-1")])
        after = set(checkpoint_seqs(store, event_id))
        assert not after & {18, 19, 20}
        assert {22, 23, 24} <= after  # 17 may be undone again: the checkpoint at 22 may serve
        assert ev.voided_checkpoints(store, event_id, 24) == []
        ev.undo(d, event_id, 2)
        assert_replayed(store, event_id, actions.replay_event)
