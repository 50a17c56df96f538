"""Directors and who runs which event, on the fake, SQLite and PostgreSQL (contract tests)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher

from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import EventSettings, System
from fairpair.storage import (
    ClaimError,
    ConcurrencyError,
    DirectorExistsError,
    DirectorRecord,
    EventStore,
    NewRecord,
    UnknownEventError,
)
from tests.integration.stores import migrate_to, ticking_clock

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""Argon2 with the smallest parameters: the same code path, a fraction of the CPU."""


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(directors, "_hasher", CHEAP)
    directors._decoy_hash.cache_clear()
    yield
    directors._decoy_hash.cache_clear()


def desk(store: EventStore, actor: str = "anna") -> ev.Desk:
    return ev.Desk(store, ticking_clock(), actor)


# --- the store ------------------------------------------------------------------------------


def test_a_director_is_stored_once_per_username(store: EventStore) -> None:
    record = DirectorRecord("anna", "$argon2id$hash", ticking_clock()())
    store.add_director(record)
    assert store.director("anna") == record
    assert store.director("bruno") is None
    with pytest.raises(DirectorExistsError, match="'anna' is taken"):
        store.add_director(DirectorRecord("anna", "other", ticking_clock()()))
    store.set_password_hash("anna", "$argon2id$new")
    found = store.director("anna")
    assert found is not None and found.password_hash == "$argon2id$new"


def test_an_event_keeps_its_director(store: EventStore) -> None:
    d = desk(store)
    mine = ev.create_event(d, EventSettings("Mine", System.DUTCH, rounds=5), owner="anna")
    loose = ev.create_event(d, EventSettings("Loose", System.BERGER))
    assert store.event(mine.id).owner == "anna"
    assert store.event(loose.id).owner is None
    assert {e.name: e.owner for e in store.events()} == {"Mine": "anna", "Loose": None}
    # Changing the event does not change who runs it.
    ev.register_player(d, mine.id, "Carla")
    assert store.load(mine.id).info.owner == "anna"


def test_giving_an_event_to_a_director_is_logged(store: EventStore) -> None:
    d = desk(store, actor="organiser")
    for name in ("bruno", "carl"):
        store.add_director(DirectorRecord(name, "$argon2id$unused", d.clock()))
    event = ev.create_event(d, EventSettings("Club", System.BERGER))
    ev.register_player(d, event.id, "Carla")
    before = ev.load(d, event.id)
    info = directors.give_event(d, event.id, "Bruno")
    assert (info.owner, info.version) == ("bruno", before.version + 1)
    last = ev.history(d, event.id)[-1]
    assert (last.action, last.actor, dict(last.payload)) == (
        "event.claimed",
        "organiser",
        {"owner": "bruno", "previous": None},
    )
    assert ev.load(d, event.id).tournament == before.tournament
    assert ev.rebuild(d, event.id).matched
    assert directors.give_event(d, event.id, "bruno") == info  # already theirs: nothing to do
    # The organiser may hand it on; a director who does not exist or the demo cannot get it.
    assert directors.give_event(d, event.id, "carl").owner == "carl"
    for nobody in ("zoe", "demo"):
        with pytest.raises(CommandError):
            directors.give_event(d, event.id, nobody)
    assert store.event(event.id).owner == "carl"


def test_a_claim_of_an_owned_or_changed_event_writes_nothing(store: EventStore) -> None:
    d = desk(store)
    owned = ev.create_event(d, EventSettings("Owned", System.BERGER), owner="anna")
    claim = NewRecord(ticking_clock()(), "bruno", "event.claimed", {"owner": "bruno"})
    with pytest.raises(ClaimError, match="run by anna"):
        store.claim_event(owned.id, owned.version, "bruno", claim)
    loose = ev.create_event(d, EventSettings("Loose", System.BERGER))
    ev.register_player(d, loose.id, "Carla")
    with pytest.raises(ConcurrencyError):
        store.claim_event(loose.id, loose.version, "bruno", claim)
    assert store.event(owned.id).owner == "anna"
    assert store.event(loose.id).owner is None
    assert [r.action for r in store.log(owned.id)] == ["event.created"]
    assert [r.action for r in store.log(loose.id)] == ["event.created", "player.registered"]


# --- the service ----------------------------------------------------------------------------


def test_passwords_are_stored_as_argon2_hashes(store: EventStore) -> None:
    directors.add_director(desk(store), "Anna", "correct horse")
    record = store.director("anna")
    assert record is not None
    assert "correct horse" not in record.password_hash
    assert record.password_hash.startswith("$argon2id$")
    assert PasswordHasher().verify(record.password_hash, "correct horse")
    assert directors.check_password(desk(store), "ANNA", "correct horse") == "anna"
    assert directors.check_password(desk(store), "anna", "correct horsE") is None
    assert directors.check_password(desk(store), "nobody", "correct horse") is None
    assert directors.check_password(desk(store), "", "") is None


def test_a_hash_with_old_parameters_is_replaced_at_sign_in(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    directors.add_director(desk(store), "anna", "correct horse")
    old = store.director("anna")
    assert old is not None
    monkeypatch.setattr(directors, "_hasher", PasswordHasher())  # the real parameters
    assert directors.check_password(desk(store), "anna", "wrong password") is None
    assert store.director("anna") == old  # a failed sign-in changes nothing
    assert directors.check_password(desk(store), "anna", "correct horse") == "anna"
    new = store.director("anna")
    assert new is not None and new.password_hash != old.password_hash
    assert not PasswordHasher().check_needs_rehash(new.password_hash)
    assert directors.check_password(desk(store), "anna", "correct horse") == "anna"


@pytest.mark.parametrize(
    ("username", "password", "fields"),
    [
        ("a", "long enough", {"username"}),
        ("anna smith", "long enough", {"username"}),
        ("-anna", "long enough", {"username"}),
        ("anna", "short", {"password"}),
        ("", "", {"username", "password"}),
    ],
)
def test_bad_accounts_name_the_field(
    store: EventStore, username: str, password: str, fields: set[str]
) -> None:
    with pytest.raises(FieldErrors) as caught:
        directors.add_director(desk(store), username, password)
    assert set(caught.value.errors) == fields
    assert store.director(username.strip().lower()) is None


def test_a_taken_username_is_refused_whatever_its_case(store: EventStore) -> None:
    directors.add_director(desk(store), "anna", "correct horse")
    with pytest.raises(FieldErrors, match="username: this username cannot be used"):
        directors.add_director(desk(store), "Anna", "another password")


def test_a_director_sees_and_reaches_only_their_events(store: EventStore) -> None:
    d = desk(store)
    a = ev.create_event(d, EventSettings("A", System.BERGER), owner="anna")
    b = ev.create_event(d, EventSettings("B", System.BERGER), owner="bruno")
    loose = ev.create_event(d, EventSettings("Loose", System.BERGER))
    assert [(e.name, role.value) for e, role in directors.events_of(d, "anna")] == [("A", "owner")]
    assert directors.event_of(d, a.id, "anna").name == "A"
    for event_id in (b.id, loose.id):
        with pytest.raises(directors.NotYourEventError, match=f"no event with id {event_id}"):
            directors.event_of(d, event_id, "anna")
    # Another's event reads exactly as one that does not exist.
    with pytest.raises(UnknownEventError, match="no event with id 999"):
        directors.event_of(d, 999, "anna")


def test_forbidden_pairs_keep_players_apart(store: EventStore) -> None:
    d = desk(store)
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=3), owner="anna")
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)):
        ev.register_player(d, event.id, name, rating=rating)
    # Unforbidden, the top half meets the bottom half: 1-3 and 2-4 (or colours swapped).
    _, usual = ev.pair_round(d, event.id)
    assert {frozenset((g.white, g.black)) for g in usual.boards} == {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }
    ev.undo_last_pairing(d, event.id)
    with pytest.raises(CommandError, match="two different players"):
        ev.forbid_pairs(d, event.id, ["A", "1"])
    ev.forbid_pairs(d, event.id, ["A", "C"])
    _, pairing = ev.pair_round(d, event.id)
    assert frozenset((1, 3)) not in {frozenset((g.white, g.black)) for g in pairing.boards}
    assert ev.rebuild(d, event.id).matched
    log = ev.history(d, event.id)
    assert "kept apart from round 1 on: 1 A, 3 C" in [
        ev.describe(r, ev.load(d, event.id).tournament) for r in log
    ]


def test_a_round_robin_refuses_forbidden_pairs(store: EventStore) -> None:
    d = desk(store)
    event = ev.create_event(d, EventSettings("Club", System.BERGER))
    ev.register_player(d, event.id, "A")
    ev.register_player(d, event.id, "B")
    with pytest.raises(CommandError, match="round robin follows its schedule"):
        ev.forbid_pairs(d, event.id, ["A", "B"])


# --- the migration --------------------------------------------------------------------------


def test_a_store_from_revision_0001_keeps_its_events(tmp_path: Path) -> None:
    from fairpair.storage.sql import SqlStore

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    migrate_to(url, "0001")
    # Fill it through revision 0001's tables as an older fairpair would have.
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO events (id, name, system, version, created_at, updated_at, settings, "
            "snapshot) VALUES (1, 'Old', 'berger', 1, '2026-05-01 09:00:00', "
            "'2026-05-01 09:00:00', '{}', '')"
        )
        connection.exec_driver_sql(
            "INSERT INTO event_log VALUES (1, 1, '2026-05-01 09:00:00', 'arbiter', "
            "'event.created', '{}')"
        )
    engine.dispose()
    store = SqlStore(url)
    try:
        (info,) = store.events()
        assert (info.name, info.owner, info.version) == ("Old", None, 1)
        assert [r.actor for r in store.log(1)] == ["arbiter"]
        store.add_director(DirectorRecord("anna", "hash", info.created_at))
        assert store.director("anna") is not None
    finally:
        store.close()
