"""Event staff on the fake, SQLite and PostgreSQL: who helps run which event, in which
role, written with its log record; the rights each role gives; the migration that adds it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher

from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service.directors import Right, Role
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import EventSettings, System
from fairpair.storage import ConcurrencyError, EventStore, NewRecord
from tests.integration.stores import SQL_BACKENDS, database_url, migrate_to, ticking_clock

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(directors, "_hasher", CHEAP)
    yield


def desk(store: EventStore, actor: str = "anna") -> ev.Desk:
    return ev.Desk(store, ticking_clock(), actor)


def anna_event(store: EventStore) -> int:
    """An event run by anna; bruno, carla and dora have accounts."""
    for name in ("anna", "bruno", "carla", "dora"):
        directors.add_director(desk(store), name, "correct horse")
    return ev.create_event(
        desk(store), EventSettings("Open", System.DUTCH, rounds=5), owner="anna"
    ).id


def test_staff_are_stored_with_their_log_record(store: EventStore) -> None:
    event_id = anna_event(store)
    d = desk(store)
    directors.set_staff(d, event_id, "Bruno ", "co-director")
    directors.set_staff(d, event_id, "carla", Role.ASSISTANT)
    assert [(m.username, m.role) for m in directors.staff_of(d, event_id)] == [
        ("bruno", Role.CO_DIRECTOR),
        ("carla", Role.ASSISTANT),
    ]
    directors.set_staff(d, event_id, "carla", "co-director")
    directors.set_staff(d, event_id, "bruno", None)
    assert [(m.username, m.role) for m in directors.staff_of(d, event_id)] == [
        ("carla", Role.CO_DIRECTOR)
    ]
    log = store.log(event_id)
    assert [(r.seq, r.actor, r.action) for r in log[1:]] == [
        (seq, "anna", "event.staff") for seq in (2, 3, 4, 5)
    ]
    assert store.event(event_id).version == 5
    snapshot = ev.load(d, event_id).tournament
    assert [ev.describe(r, snapshot) for r in log[1:]] == [
        "bruno is now co-director of the event",
        "carla is now assistant of the event",
        "carla is now co-director of the event (was assistant)",
        "bruno is no longer co-director of the event",
    ]
    # Staff changes are kept beside the snapshot: undo passes over them.
    with pytest.raises(CommandError):
        ev.undo(d, event_id)
    assert store.staff_role(event_id, "carla") == "co-director"


@pytest.mark.parametrize(
    ("typed", "role", "field", "words"),
    [
        ("", "assistant", "username", "the username of a director is needed"),
        ("anna", "assistant", "username", "anna owns the event"),
        ("nobody", "assistant", "username", "no director 'nobody'"),
        ("demo", "assistant", "username", "the demo account's password is public"),
        ("bruno", "owner", "role", "co-director or assistant"),
        ("bruno", "referee", "role", "co-director or assistant"),
        ("carla", None, "username", "carla is not on the event's staff"),
        ("bruno", "co-director", "username", "bruno is already co-director of the event"),
    ],
)
def test_a_staff_change_that_cannot_be_made_names_its_field_and_writes_nothing(
    store: EventStore, typed: str, role: str | None, field: str, words: str
) -> None:
    event_id = anna_event(store)
    directors.set_staff(desk(store), event_id, "bruno", "co-director")
    before = store.event(event_id).version
    with pytest.raises(FieldErrors) as refused:
        directors.set_staff(desk(store), event_id, typed, role)
    assert list(refused.value.errors) == [field]
    assert words in refused.value.errors[field]
    assert store.event(event_id).version == before
    assert len(store.log(event_id)) == before


def test_an_event_without_an_owner_has_no_staff(store: EventStore) -> None:
    directors.add_director(desk(store), "bruno", "correct horse")
    loose = ev.create_event(desk(store, "cli"), EventSettings("Loose", System.BERGER))
    with pytest.raises(CommandError, match="has no owner yet"):
        directors.set_staff(desk(store, "cli"), loose.id, "bruno", "assistant")
    assert store.staff(loose.id) == []


def test_a_stale_version_writes_neither_the_member_nor_the_record(store: EventStore) -> None:
    event_id = anna_event(store)
    info = store.event(event_id)
    record = NewRecord(info.created_at, "anna", "event.staff", {"username": "bruno"})
    with pytest.raises(ConcurrencyError):
        store.set_staff(event_id, info.version - 1, "bruno", "assistant", record)
    assert store.staff(event_id) == []
    assert len(store.log(event_id)) == info.version


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_a_failure_before_commit_leaves_no_member_and_no_record(
    backend: str, tmp_path: Path
) -> None:
    from fairpair.storage.sql import SqlStore

    def fail(action: str) -> None:
        if action == "event.staff":
            raise RuntimeError("the power went out")

    with database_url(backend, tmp_path) as url:
        store = SqlStore(url, before_commit=fail)
        try:
            event_id = anna_event(store)
            with pytest.raises(RuntimeError):
                directors.set_staff(desk(store), event_id, "bruno", "assistant")
            assert store.staff(event_id) == []
            assert len(store.log(event_id)) == store.event(event_id).version == 1
        finally:
            store.close()


ALLOWED = {
    Role.OWNER: {Right.MANAGE, Right.DIRECT, Right.RESULTS, Right.CHECK_IN},
    Role.CO_DIRECTOR: {Right.DIRECT, Right.RESULTS, Right.CHECK_IN},
    Role.ASSISTANT: {Right.RESULTS, Right.CHECK_IN},
    None: set(),
}


def test_each_role_has_exactly_its_rights_and_only_on_its_event(store: EventStore) -> None:
    event_id = anna_event(store)
    other = ev.create_event(desk(store), EventSettings("Other", System.BERGER), owner="dora").id
    d = desk(store)
    directors.set_staff(d, event_id, "bruno", "co-director")
    directors.set_staff(d, event_id, "carla", "assistant")
    people = {"anna": Role.OWNER, "bruno": Role.CO_DIRECTOR, "carla": Role.ASSISTANT, "eve": None}
    for username, role in people.items():
        for right in Right:
            if right in ALLOWED[role]:
                access = directors.access_of(d, event_id, username, right)
                assert access.role is role and access.may(right)
            else:
                with pytest.raises(
                    directors.NotYourEventError, match=f"no event with id {event_id}"
                ):
                    directors.access_of(d, event_id, username, right)
        # Staff of one event are strangers to another.
        if username != "dora":
            with pytest.raises(directors.NotYourEventError):
                directors.event_of(d, other, username, Right.RESULTS)
    listed = {u: [(e.name, r) for e, r in directors.events_of(d, u)] for u in people}
    assert listed == {
        "anna": [("Open", Role.OWNER)],
        "bruno": [("Open", Role.CO_DIRECTOR)],
        "carla": [("Open", Role.ASSISTANT)],
        "eve": [],
    }


def test_an_assistant_enters_only_the_current_rounds_results(store: EventStore) -> None:
    event_id = anna_event(store)
    d = desk(store)
    directors.set_staff(d, event_id, "carla", "assistant")
    carla = directors.access_of(d, event_id, "carla", Right.RESULTS)
    directors.check_results_round(carla, 3, 3)
    with pytest.raises(CommandError, match=r"current round only \(round 3\).*round 2"):
        directors.check_results_round(carla, 2, 3)
    anna = directors.access_of(d, event_id, "anna", Right.RESULTS)
    directors.check_results_round(anna, 1, 3)  # directors correct any round


def test_the_new_owner_of_an_event_leaves_its_staff(store: EventStore) -> None:
    event_id = anna_event(store)
    directors.set_staff(desk(store), event_id, "bruno", "co-director")
    directors.give_event(desk(store, "organiser"), event_id, "bruno")
    assert store.staff(event_id) == []
    assert directors.access_of(desk(store), event_id, "bruno", Right.MANAGE).role is Role.OWNER
    with pytest.raises(directors.NotYourEventError):
        directors.event_of(desk(store), event_id, "anna")


# --- the migration --------------------------------------------------------------------------


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_a_store_from_revision_0003_keeps_its_events_and_takes_staff(
    backend: str, tmp_path: Path
) -> None:
    from fairpair.storage.sql import HEAD_REVISION, SqlStore

    with database_url(backend, tmp_path) as url:
        migrate_to(url, "0003")
        engine = sa.create_engine(url)
        # Filled through revision 0003's tables, as the previous fairpair would have.
        with engine.begin() as connection:
            assert not sa.inspect(connection).has_table("event_staff")
            connection.exec_driver_sql(
                "INSERT INTO events (id, name, system, version, created_at, updated_at, "
                "settings, snapshot, owner) VALUES (1, 'Old', 'berger', 1, "
                "'2026-05-01 09:00:00', '2026-05-01 09:00:00', '{}', '', 'anna')"
            )
            connection.exec_driver_sql(
                "INSERT INTO event_log VALUES (1, 1, '2026-05-01 09:00:00', 'anna', "
                "'event.created', '{}')"
            )
            connection.exec_driver_sql(
                "INSERT INTO directors (username, password_hash, created_at) "
                "VALUES ('bruno', 'hash', '2026-05-01 09:00:00')"
            )
        engine.dispose()
        store = SqlStore(url)
        try:
            (info,) = store.events()
            assert (info.name, info.owner, info.version) == ("Old", "anna", 1)
            assert store.staff(1) == []
            record = NewRecord(info.created_at, "anna", "event.staff", {"username": "bruno"})
            store.set_staff(1, 1, "bruno", "assistant", record)
            assert [(s.username, s.role) for s in store.staff_events("bruno")] == [
                ("bruno", "assistant")
            ]
            with store.engine.connect() as connection:
                revision = connection.exec_driver_sql(
                    "SELECT version_num FROM alembic_version"
                ).scalar()
            assert revision == HEAD_REVISION
        finally:
            store.close()
